// The feed renderers on their own: what the integration tests' catalogue does not contain (texts with
// markup characters, a day without an action, a day without anything served, a summer day).
import { describe, expect, it } from 'vitest';
import { parseJsonFeed, parseRssFeed } from 'feedsmith';
import ICAL from 'ical.js';
import { contentDayStart, renderDailyActionFeed, renderDeadlineCalendar, type FeedDay } from '../../src/rest/v1/feed-render.js';

const site = { origin: 'https://api.example', host: 'api.example' };
const cause = {
  slug: 'radweg-a-b',
  title: 'Radweg <A & B>',
  summary: 'Mehr "Platz" & <Sicherheit>.',
  organisationName: 'Verein & Co.',
  source_name: 'Quelle <1>',
  source_url: 'https://plattform.example/a?x=1&y=2',
  original_platform: 'plattform',
};

describe('daily-action feeds', () => {
  it('escapes the served texts in the HTML and leaves out the action part when none was served; a day with nothing served is no item', () => {
    const days: FeedDay[] = [
      { date: '2026-07-02', cause: null, action: null },
      { date: '2026-07-01', cause, action: null },
    ];
    const rss = parseRssFeed(renderDailyActionFeed('rss', days, 'en', site));
    expect(rss.items).toEqual([
      {
        title: 'Radweg <A & B>',
        link: 'https://plattform.example/a?x=1&y=2',
        description:
          '<p>Mehr &quot;Platz&quot; &amp; &lt;Sicherheit&gt;.</p><p>Source: Engagement-Signal API (api.example)<br>Original source: <a href="https://plattform.example/a?x=1&amp;y=2">Quelle &lt;1&gt;</a> (platform: plattform)</p>',
        guid: { value: 'urn:engagement-signal-api:daily-action:en:2026-07-01', isPermaLink: false },
        // 02:00 in Berlin in summer (CEST) is 00:00 UTC
        pubDate: 'Wed, 01 Jul 2026 00:00:00 GMT',
      },
    ]);
    expect(rss.lastBuildDate).toBe('Wed, 01 Jul 2026 00:00:00 GMT');
  });

  it('an empty archive is an empty, valid feed', () => {
    const feed = parseJsonFeed(JSON.parse(renderDailyActionFeed('json', [], 'de', site)));
    expect([feed.title, feed.items]).toEqual(['Engagement-Signal: Aktion des Tages', undefined]);
  });

  it('a content day starts at 02:00 Berlin time, in winter and summer', () => {
    expect([contentDayStart('2026-01-15').toISOString(), contentDayStart('2026-07-15').toISOString()]).toEqual([
      '2026-01-15T01:00:00.000Z',
      '2026-07-15T00:00:00.000Z',
    ]);
  });
});

describe('deadline calendar', () => {
  it('an all-day event on the deadline date whatever the process time zone, with the sequence and times given', () => {
    const text = renderDeadlineCalendar(
      [{ ...cause, id: 'c1', deadline: '2026-12-31', deadlineSequence: 3, deadlineChangedAt: '2026-11-20T08:30:00.000Z' }],
      'de',
      site,
    );
    const [vevent] = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
    const event = new ICAL.Event(vevent);
    expect([event.uid, event.summary, event.startDate.toString(), event.startDate.isDate, event.sequence]).toEqual([
      'deadline-c1-de@engagement-signal-api',
      'Frist: Radweg <A & B>',
      '2026-12-31',
      true,
      3,
    ]);
    expect([vevent.getFirstPropertyValue('dtstamp')!.toString(), vevent.getFirstPropertyValue('last-modified')!.toString()]).toEqual([
      '2026-11-20T08:30:00Z',
      '2026-11-20T08:30:00Z',
    ]);
    expect(event.description).toBe(
      'Mehr "Platz" & <Sicherheit>.\nOrganisation: Verein & Co.\nSource: Engagement-Signal API (api.example)\nUrsprüngliche Quelle: Quelle <1> (Plattform: plattform) https://plattform.example/a?x=1&y=2',
    );
  });
});
