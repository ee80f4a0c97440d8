// The feeds (GET /api/v1/feeds/daily-action.rss|.atom|.json, /feeds/deadlines.ics) against the real
// app and database, with pinned clocks: two content days served (2026-11-21 and -22), read back with
// the feed parsers (feedsmith, ical.js) and compared with the archive and the database; the feed token
// (create, rotate, feed-token, revoke, expiry), the shared limit, the headers and the logs.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAtomFeed, parseJsonFeed, parseRssFeed } from 'feedsmith';
import ICAL from 'ical.js';
import { createApiKeys, looksLikeFeedToken, revokeApiKey, rotateApiKey, type CreatedKey } from '../../src/modules/api-keys/api-keys.service.js';
import { importSourceItems } from '../../src/modules/causes/cause-import.service.js';
import { markCauseSuppressed } from '../../src/modules/causes/suppression.service.js';
import { runRefresh } from '../../src/modules/refresh/refresh.service.js';
import { defaultTextGenerator } from '../../src/modules/texts/default-generator.js';
import { setText } from '../../src/modules/texts/editorial.service.js';
import { MESSAGES } from '../../src/http/errors.js';
import { invalidValueMessages } from '../../src/modules/causes/list-params.js';
import { addDays, berlinDate } from '../../src/time/berlin-calendar.js';
import { runCommandInProcess } from '../helpers/cli.js';
import { conformanceProblems } from '../helpers/openapi-conformance.js';
import { testDatabaseUrl } from '../helpers/workers.js';
import { feedItemAsOf, NOW, seedCatalogue, SOURCE, standardCatalogue } from '../helpers/catalogue.js';
import { getJson, issueKey, resetDatabase, startTestApp, testPrisma, unlimited, type TestApp } from '../helpers/test-app.js';

const prisma = testPrisma();
const DAY_MS = 86_400_000;
// 11:00 in Berlin on 2026-11-22, the second content day
const NEXT = new Date(NOW.getTime() + DAY_MS);
const EDITED_SUMMARY = 'Eine Redakteurin hat diese Zusammenfassung am nächsten Tag neu geschrieben.';

let app: TestApp;
let keys: CreatedKey[] = [];
const nextKey = () => keys.pop()!;
let host = '';

/** A feed fetched with a fresh key's token (one request per key: the limit is one a second). */
async function feed(path: string, token = nextKey().feedToken, headers: Record<string, string> = {}, at: TestApp = app) {
  const response = await fetch(`${at.baseUrl}/api/v1/feeds/${path}${path.includes('?') ? '&' : '?'}token=${token}`, { headers });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

const refreshAt = (now: Date) =>
  runRefresh({ prisma, sources: [], generator: defaultTextGenerator, now, clock: () => now, trigger: 'test', log: { info: () => {}, warn: () => {} } });

let archive: { de: any[]; en: any[] };
let firstSlug = '';

beforeAll(async () => {
  await resetDatabase(prisma);
  keys = await createApiKeys(prisma, { label: 'feed tests', tier: 'standard' }, NOW, 110);
  await seedCatalogue(prisma, standardCatalogue());
  await refreshAt(NEXT);
  // the day before's cause gets a new summary today: the feed keeps what was served on its day
  firstSlug = (await prisma.dailyPick.findFirstOrThrow({ where: { day: new Date('2026-11-21T00:00:00Z') }, include: { cause: true } })).cause.slug;
  await setText(prisma, firstSlug, 'de', 'summary', EDITED_SUMMARY, NEXT);
  app = await startTestApp({ prisma, now: NEXT, limiter: unlimited });
  host = new URL(app.baseUrl).host;
  const de = await getJson(app.baseUrl, '/api/v1/daily-actions?pageSize=2', nextKey().key);
  const en = await getJson(app.baseUrl, '/api/v1/daily-actions?pageSize=2&lang=en', nextKey().key);
  archive = { de: de.body.items, en: en.body.items };
  expect(archive.de.map((day: any) => day.date)).toEqual(['2026-11-22', '2026-11-21']);
});

afterAll(async () => {
  await app?.close();
  await prisma.$disconnect();
});

/** The HTML of an item: the served texts and the attribution of spec 2.5. */
function expectedHtml(day: any, lang: 'de' | 'en') {
  const escape = (text: string) =>
    text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&apos;');
  const { cause, action } = day;
  const origin = lang === 'de' ? 'Ursprüngliche Quelle' : 'Original source';
  const platform = lang === 'de' ? 'Plattform' : 'platform';
  return (
    `<p>${escape(cause.summary)}</p><p><strong>${escape(action.headline)}</strong></p><p>${escape(action.whyNow)}</p><p>${escape(action.impactStatement)}</p>` +
    `<p>Source: Engagement-Signal API (${host})<br>${origin}: <a href="${cause.source_url}">${cause.source_name}</a> (${platform}: ${cause.original_platform})</p>`
  );
}

describe('the daily action as RSS 2.0, Atom and JSON Feed 1.1', () => {
  it('RSS in de: the served days, newest first, each with its served texts, link, date, guid and attribution', async () => {
    const response = await feed('daily-action.rss');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers.get('content-language')).toBe('de');
    const parsed = parseRssFeed(response.body);
    expect(parsed.title).toBe('Engagement-Signal: Aktion des Tages');
    expect(parsed.link).toBe(`http://${host}/docs`);
    expect(parsed.language).toBe('de');
    expect(parsed.lastBuildDate).toBe('Sun, 22 Nov 2026 01:00:00 GMT');
    expect(parsed.items).toEqual(
      archive.de.map((day) => ({
        title: day.cause.title,
        link: day.cause.source_url,
        description: expectedHtml(day, 'de'),
        guid: { value: `urn:engagement-signal-api:daily-action:de:${day.date}`, isPermaLink: false },
        pubDate: day.date === '2026-11-22' ? 'Sun, 22 Nov 2026 01:00:00 GMT' : 'Sat, 21 Nov 2026 01:00:00 GMT',
      })),
    );
  });

  it('the texts are those served on the day, not the current ones (an editor changed the summary since)', async () => {
    const parsed = parseRssFeed((await feed('daily-action.rss')).body);
    const current = await getJson(app.baseUrl, `/api/v1/causes/${firstSlug}`, nextKey().key);
    expect(current.body.summary).toBe(EDITED_SUMMARY);
    expect(archive.de[1].cause.slug).toBe(firstSlug);
    expect(parsed.items![1].description).toContain(`<p>${archive.de[1].cause.summary}</p>`);
    expect(parsed.items![1].description).not.toContain(EDITED_SUMMARY);
  });

  it('Atom in en: feed id, entries with id, title, link, summary, HTML content, dates and author', async () => {
    const response = await feed('daily-action.atom?lang=en');
    expect([response.status, response.headers.get('content-type'), response.headers.get('content-language')]).toEqual([
      200,
      'application/atom+xml; charset=utf-8',
      'en',
    ]);
    const parsed = parseAtomFeed(response.body);
    expect(parsed.id).toBe('urn:engagement-signal-api:daily-action:en');
    expect(parsed.title).toEqual({ value: 'Engagement-Signal: daily action' });
    expect(parsed.updated).toBe('2026-11-22T01:00:00.000Z');
    expect(parsed.entries).toEqual(
      archive.en.map((day) => ({
        id: `urn:engagement-signal-api:daily-action:en:${day.date}`,
        title: { value: day.cause.title },
        links: [{ href: day.cause.source_url, rel: 'alternate' }],
        authors: [{ name: day.cause.organisationName }],
        summary: { value: day.cause.summary },
        content: { value: expectedHtml(day, 'en'), type: 'html' },
        published: `${day.date}T01:00:00.000Z`,
        updated: `${day.date}T01:00:00.000Z`,
      })),
    );
  });

  it('JSON Feed 1.1 in de and en: items with id, url, title, summary, content_html and date', async () => {
    for (const lang of ['de', 'en'] as const) {
      const response = await feed(`daily-action.json?lang=${lang}`);
      expect([response.status, response.headers.get('content-type')]).toEqual([200, 'application/feed+json; charset=utf-8']);
      const parsed = parseJsonFeed(JSON.parse(response.body));
      expect(JSON.parse(response.body).version).toBe('https://jsonfeed.org/version/1.1');
      expect(parsed.language).toBe(lang);
      expect(parsed.title).toBe(lang === 'de' ? 'Engagement-Signal: Aktion des Tages' : 'Engagement-Signal: daily action');
      expect(parsed.items).toEqual(
        archive[lang].map((day) => ({
          id: `urn:engagement-signal-api:daily-action:${lang}:${day.date}`,
          url: day.cause.source_url,
          title: day.cause.title,
          summary: day.cause.summary,
          content_html: expectedHtml(day, lang),
          date_published: `${day.date}T01:00:00.000Z`,
          authors: [{ name: day.cause.organisationName }],
        })),
      );
    }
  });

  it('carries the caching, limit and security headers of the other routes, answers 304 to its ETag, and conforms to the document', async () => {
    const first = await feed('daily-action.rss?lang=en');
    expect(first.headers.get('cache-control')).toMatch(/^private, max-age=\d+, must-revalidate$/);
    expect(first.headers.get('etag')).toMatch(/^W\/".+"$/);
    expect(first.headers.get('ratelimit-policy')).toBe('"per-key";q=1;w=1');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(conformanceProblems('GET', '/feeds/daily-action.rss', first)).toEqual([]);
    const again = await feed('daily-action.rss?lang=en', nextKey().feedToken, { 'if-none-match': first.headers.get('etag')! });
    expect([again.status, again.body, again.headers.get('etag')]).toEqual([304, '', first.headers.get('etag')]);
    // the same bytes for every key holder
    expect((await feed('daily-action.rss?lang=en')).body).toBe(first.body);
    for (const path of ['/feeds/daily-action.atom', '/feeds/daily-action.json', '/feeds/deadlines.ics']) {
      expect(conformanceProblems('GET', path, await feed(path.slice('/feeds/'.length)))).toEqual([]);
    }
  });
});

describe('the deadlines as iCalendar', () => {
  const events = (body: string) =>
    new ICAL.Component(ICAL.parse(body)).getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        summary: event.summary,
        start: event.startDate.toString(),
        allDay: event.startDate.isDate,
        sequence: event.sequence,
        stamp: vevent.getFirstPropertyValue('dtstamp')!.toString(),
        lastModified: vevent.getFirstPropertyValue('last-modified')!.toString(),
        url: vevent.getFirstPropertyValue('url'),
      };
    });

  it('one all-day event per active, not suppressed cause with a deadline, in de and en', async () => {
    const causes = await prisma.cause.findMany({
      where: { active: true, suppressed: false, deadline: { not: null } },
      orderBy: [{ deadline: 'asc' }, { slug: 'asc' }],
    });
    // 16 of the 23 have a deadline (standardCatalogue); none is suppressed yet
    expect(causes.length).toBe(16);
    for (const lang of ['de', 'en'] as const) {
      const response = await feed(`deadlines.ics?lang=${lang}`);
      expect([response.status, response.headers.get('content-type'), response.headers.get('content-language')]).toEqual([
        200,
        'text/calendar; charset=utf-8',
        lang,
      ]);
      const listed = events(response.body);
      expect(listed).toEqual(
        causes.map((cause) => ({
          uid: `deadline-${cause.id}-${lang}@engagement-signal-api`,
          summary: `${lang === 'de' ? 'Frist' : 'Deadline'}: ${cause.title}`,
          start: cause.deadline!.toISOString().slice(0, 10),
          allDay: true,
          sequence: 0,
          stamp: cause.firstImportedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
          lastModified: cause.firstImportedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
          url: cause.sourceUrl,
        })),
      );
      const description = new ICAL.Component(ICAL.parse(response.body)).getFirstSubcomponent('vevent')!.getFirstPropertyValue('description');
      expect(description).toContain(`Source: Engagement-Signal API (${host})`);
      expect(description).toContain(`${SOURCE.name} (${lang === 'de' ? 'Plattform' : 'platform'}: ${SOURCE.platform}) ${causes[0].sourceUrl}`);
    }
  });

  it('a moved deadline keeps its UID with a higher SEQUENCE and newer DTSTAMP and LAST-MODIFIED; a suppressed or ended cause is gone', async () => {
    const later = new Date(NEXT.getTime() + 3_600_000);
    const catalogue = standardCatalogue();
    // c10 (deadline 2026-11-21 + 19) moves five days later; the rest of the feed stays as it is
    const items = catalogue.map((c) => feedItemAsOf(c, berlinDate(NOW)));
    const moved = items.find((item) => item.externalId === 'c10')!;
    moved.deadline = addDays(moved.deadline!, 5);
    await importSourceItems(prisma, SOURCE, items, later);
    const suppressed = await prisma.cause.findFirstOrThrow({ where: { externalId: 'c11' } });
    await markCauseSuppressed(prisma, suppressed.slug, 'test', later);
    const at = await startTestApp({ prisma, now: later, limiter: unlimited });
    try {
      const listed = events((await feed('deadlines.ics', nextKey().feedToken, {}, at)).body);
      const cause = await prisma.cause.findFirstOrThrow({ where: { externalId: 'c10' } });
      expect(listed.find((event) => event.uid === `deadline-${cause.id}-de@engagement-signal-api`)).toEqual({
        uid: `deadline-${cause.id}-de@engagement-signal-api`,
        summary: 'Frist: Aktion 10',
        start: moved.deadline,
        allDay: true,
        sequence: 1,
        stamp: '2026-11-22T11:00:00Z',
        lastModified: '2026-11-22T11:00:00Z',
        url: cause.sourceUrl,
      });
      expect(listed.some((event) => event.uid.includes(suppressed.id))).toBe(false);
      // c01's deadline (2026-11-21) passed: the import of 2026-11-22 ended it, and its event is gone too
      const ended = await prisma.cause.findFirstOrThrow({ where: { externalId: 'c01' } });
      expect([ended.active, ended.inactiveReason]).toEqual([false, 'deadline passed']);
      expect(listed.some((event) => event.uid.includes(ended.id))).toBe(false);
      expect(listed.length).toBe(14);
    } finally {
      await at.close();
    }
  });
});

describe('category and region, as GET /causes takes them', () => {
  // Half an hour after the deadline test's import: c05 (the pick of 2026-11-21) in Bayern, c02 in Bayern,
  // c04 in Berlin, c06 in Hamburg; c03 (the pick of 2026-11-22) and the others nationwide ("DE"). The
  // causes of unknown place (region null) are tested in regions.test.ts.
  const REGIONAL = new Date(NEXT.getTime() + 2 * 3_600_000);
  const REGION_OF: Record<string, string> = { c05: 'DE-BY', c02: 'DE-BY', c04: 'DE-BE', c06: 'DE-HH' };
  let at: TestApp;
  const externalIds = new Map<string, string>(); // cause id → external id

  beforeAll(async () => {
    const items = standardCatalogue().map((c) => ({
      ...feedItemAsOf(c, berlinDate(NOW)),
      region: REGION_OF[c.externalId] ?? 'DE',
    }));
    // c10's deadline as the deadline test moved it
    const moved = items.find((item) => item.externalId === 'c10')!;
    moved.deadline = addDays(moved.deadline!, 5);
    await importSourceItems(prisma, SOURCE, items, REGIONAL);
    for (const cause of await prisma.cause.findMany({ select: { id: true, externalId: true } })) externalIds.set(cause.id, cause.externalId);
    at = await startTestApp({ prisma, now: REGIONAL, limiter: unlimited });
  });
  afterAll(() => at.close());

  const days = (body: string) => (parseRssFeed(body).items ?? []).map((item) => /:(\d{4}-\d{2}-\d{2})$/.exec(item.guid!.value!)![1]);
  const calendar = (body: string) => {
    const component = new ICAL.Component(ICAL.parse(body));
    const ids = component
      .getAllSubcomponents('vevent')
      .map((vevent) => externalIds.get(/^deadline-(.+)-(de|en)@/.exec(String(vevent.getFirstPropertyValue('uid')))![1]));
    return { name: component.getFirstPropertyValue('x-wr-calname'), ids };
  };

  it('the daily-action feeds keep the days whose cause is of the category, or of the Land or nationwide', async () => {
    expect(archive.de.map((day) => [day.date, day.cause.category])).toEqual([
      ['2026-11-22', 'Brief'],
      ['2026-11-21', 'Petition'],
    ]);
    const cases: [string, string[]][] = [
      ['', ['2026-11-22', '2026-11-21']],
      ['region=DE-BY', ['2026-11-22', '2026-11-21']],
      ['region=DE-HH', ['2026-11-22']],
      ['category=Petition', ['2026-11-21']],
      ['category=Brief&region=DE-BY', ['2026-11-22']],
      ['category=Petition&region=DE-BE', []],
    ];
    for (const [query, expected] of cases) {
      const response = await feed(`daily-action.rss${query ? `?${query}` : ''}`, nextKey().feedToken, {}, at);
      expect([query, response.status, days(response.body)]).toEqual([query, 200, expected]);
      expect(conformanceProblems('GET', '/feeds/daily-action.rss', response)).toEqual([]);
    }
    // each item as the feed without a filter has it; the title names the filter
    const all = parseRssFeed((await feed('daily-action.rss', nextKey().feedToken, {}, at)).body);
    const bavarian = parseRssFeed((await feed('daily-action.rss?category=Petition&region=DE-BY', nextKey().feedToken, {}, at)).body);
    expect(bavarian.title).toBe('Engagement-Signal: Aktion des Tages (Bayern, Petition)');
    expect(bavarian.items).toEqual([all.items![1]]);
    const atom = parseAtomFeed((await feed('daily-action.atom?lang=en&region=DE-HH', nextKey().feedToken, {}, at)).body);
    expect([atom.id, atom.title, atom.entries!.map((entry) => entry.id)]).toEqual([
      'urn:engagement-signal-api:daily-action:en:DE-HH',
      { value: 'Engagement-Signal: daily action (Hamburg)' },
      ['urn:engagement-signal-api:daily-action:en:2026-11-22'],
    ]);
    const json = JSON.parse((await feed('daily-action.json?category=Brief', nextKey().feedToken, {}, at)).body);
    expect([json.title, json.items.map((item: { id: string }) => item.id)]).toEqual([
      'Engagement-Signal: Aktion des Tages (Brief)',
      ['urn:engagement-signal-api:daily-action:de:2026-11-22'],
    ]);
  });

  it("the calendar lists the deadlines of the category's causes, and of the Land's and the nationwide ones", async () => {
    const cases: [string, string, string[]][] = [
      ['', 'Engagement-Signal: Fristen der Aktionen', ['c02', 'c03', 'c04', 'c05', 'c06', 'c07', 'c08', 'c09', 'c12', 'c13', 'c14', 'c10', 'c15', 'c16']],
      [
        'region=DE-BY',
        'Engagement-Signal: Fristen der Aktionen (Bayern)',
        ['c02', 'c03', 'c05', 'c07', 'c08', 'c09', 'c12', 'c13', 'c14', 'c10', 'c15', 'c16'],
      ],
      ['region=DE-SL', 'Engagement-Signal: Fristen der Aktionen (Saarland)', ['c03', 'c07', 'c08', 'c09', 'c12', 'c13', 'c14', 'c10', 'c15', 'c16']],
      ['category=Petition', 'Engagement-Signal: Fristen der Aktionen (Petition)', ['c02', 'c05', 'c08', 'c14']],
      ['category=Spenden&region=DE-BE&lang=en', 'Engagement-Signal: deadlines of the actions (Berlin, Spenden)', ['c04', 'c07', 'c13', 'c10', 'c16']],
    ];
    for (const [query, name, expected] of cases) {
      const response = await feed(`deadlines.ics${query ? `?${query}` : ''}`, nextKey().feedToken, {}, at);
      expect([query, response.status, calendar(response.body)]).toEqual([query, 200, { name, ids: expected }]);
      expect(conformanceProblems('GET', '/feeds/deadlines.ics', response)).toEqual([]);
    }
  });

  it('the answers are cached per parameter: each asks once, and a second request gets the same bytes and ETag', async () => {
    const first = await feed('deadlines.ics?region=DE-HH', nextKey().feedToken, {}, at);
    const other = await feed('deadlines.ics?region=DE-BB', nextKey().feedToken, {}, at);
    const again = await feed('deadlines.ics?region=DE-HH', nextKey().feedToken, {}, at);
    expect(calendar(first.body).ids).toContain('c06');
    expect(calendar(other.body).ids).not.toContain('c06');
    expect([again.body, again.headers.get('etag')]).toEqual([first.body, first.headers.get('etag')]);
    expect(other.headers.get('etag')).not.toBe(first.headers.get('etag'));
  });

  it('a bad value is the 400 of GET /causes, on every feed', async () => {
    const apiKey = nextKey().key;
    for (const [query, message] of [
      ['region=BY', invalidValueMessages.region],
      ['region=de-by', invalidValueMessages.region],
      ['category=Spende', invalidValueMessages.category],
      ['region=DE-BY&region=DE-BE', 'Query parameter "region" was given more than once.'],
    ]) {
      const list = await getJson(at.baseUrl, `/api/v1/causes?${query}`, apiKey);
      expect([list.status, list.body]).toEqual([400, { error: message }]);
      for (const path of ['daily-action.rss', 'daily-action.atom', 'daily-action.json', 'deadlines.ics']) {
        const response = await feed(`${path}?${query}`, nextKey().feedToken, {}, at);
        expect([path, query, response.status, response.body]).toEqual([path, query, 400, JSON.stringify({ error: message })]);
        expect(conformanceProblems('GET', `/feeds/${path}`, { ...response, body: JSON.parse(response.body) })).toEqual([]);
      }
    }
  });

  it('GraphQL: causeDeadlines(category:, region:), with the message of causes(region:)', async () => {
    const query = async (text: string) => {
      const response = await fetch(`${at.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'x-api-key': await issueKey(prisma, 'growth', REGIONAL) },
        body: JSON.stringify({ query: text }),
      });
      return response.json();
    };
    const body = await query('{ causeDeadlines(category: Petition, region: "DE-BY") { id region } }');
    expect(body.data.causeDeadlines.map((c: { id: string; region: string | null }) => [externalIds.get(c.id), c.region])).toEqual([
      ['c02', 'DE-BY'],
      ['c05', 'DE-BY'],
      ['c08', 'DE'],
      ['c14', 'DE'],
    ]);
    expect((await query('{ causeDeadlines(region: "Bayern") { id } }')).errors.map((e: { message: string }) => e.message)).toEqual([
      invalidValueMessages.region,
    ]);
  });
});

describe('the feed token', () => {
  it('is issued with the key, has its own shape, and is never the key', async () => {
    const [created] = await createApiKeys(prisma, { label: 'token shape', tier: 'free' }, NOW);
    expect(looksLikeFeedToken(created.feedToken)).toBe(true);
    expect(created.feedToken.startsWith('esf_')).toBe(true);
    expect(created.feedToken).not.toBe(created.key);
    const row = await prisma.apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(JSON.stringify(row)).not.toContain(created.feedToken);
    // the token opens the feeds only, and the key does not open the feeds
    expect((await getJson(app.baseUrl, '/api/v1/daily-action', created.feedToken)).body).toEqual({ error: MESSAGES.invalidKey });
    expect((await feed('daily-action.rss', created.key)).body).toBe(JSON.stringify({ error: MESSAGES.invalidFeedToken }));
  });

  it('missing, unknown, repeated or with X-Api-Key only: 401 with a JSON error, and no content', async () => {
    const missing = await fetch(`${app.baseUrl}/api/v1/feeds/daily-action.rss`, { headers: { 'x-api-key': nextKey().key } });
    expect([missing.status, missing.headers.get('content-type'), await missing.text()]).toEqual([
      401,
      'application/json; charset=utf-8',
      JSON.stringify({ error: MESSAGES.missingFeedToken }),
    ]);
    expect(
      conformanceProblems('GET', '/feeds/daily-action.rss', { status: 401, headers: missing.headers, body: { error: MESSAGES.missingFeedToken } }),
    ).toEqual([]);
    const unknown = await feed('deadlines.ics', 'esf_' + 'A'.repeat(38));
    expect([unknown.status, unknown.body]).toEqual([401, JSON.stringify({ error: MESSAGES.invalidFeedToken })]);
    const token = nextKey().feedToken;
    const repeated = await feed(`daily-action.json?token=${token}`, token);
    expect([repeated.status, repeated.body]).toEqual([401, JSON.stringify({ error: MESSAGES.invalidFeedToken })]);
  });

  it('other query parameters are refused as on every route', async () => {
    const response = await feed('daily-action.atom?lang=fr');
    expect([response.status, response.body]).toEqual([400, JSON.stringify({ error: invalidValueMessages.lang })]);
    const unknown = await feed('daily-action.atom?sort=new');
    expect([unknown.status, unknown.body]).toEqual([
      400,
      JSON.stringify({ error: 'Unknown query parameter "sort". This endpoint accepts: lang, category, region, includeUnknownRegion, token.' }),
    ]);
  });

  it('a trailing slash is the same feed; another method is 405; a feed that does not exist is 404, token or not', async () => {
    const token = nextKey().feedToken;
    const plain = await feed('daily-action.rss', token);
    const slashed = await feed('daily-action.rss/', token);
    expect([slashed.status, slashed.body]).toEqual([200, plain.body]);
    const calendar = await feed('deadlines.ics/');
    expect([calendar.status, calendar.headers.get('content-type'), calendar.body.slice(0, 15)]).toEqual([
      200,
      'text/calendar; charset=utf-8',
      'BEGIN:VCALENDAR',
    ]);
    const post = await fetch(`${app.baseUrl}/api/v1/feeds/deadlines.ics?token=${nextKey().feedToken}`, { method: 'POST' });
    expect([post.status, post.headers.get('allow'), await post.text()]).toEqual([405, 'GET, HEAD', JSON.stringify({ error: MESSAGES.methodNotAllowed })]);
    for (const path of ['daily-action.xml', 'deadlines.ics/extra', 'nope']) {
      const missing = await feed(path);
      expect([path, missing.status, missing.body]).toEqual([path, 404, JSON.stringify({ error: MESSAGES.notFound })]);
    }
    const withoutToken = await fetch(`${app.baseUrl}/api/v1/feeds/nope`);
    expect(withoutToken.status).toBe(404);
  });

  it('is revoked with its key', async () => {
    const key = nextKey();
    expect((await feed('daily-action.rss', key.feedToken)).status).toBe(200);
    await revokeApiKey(prisma, key.id, NEXT);
    const after = await feed('daily-action.rss', key.feedToken);
    expect([after.status, after.body]).toEqual([401, JSON.stringify({ error: MESSAGES.invalidFeedToken })]);
  });

  it('follows its key through a rotation: the old token until the old key expires, the new key has a new one', async () => {
    const old = nextKey();
    const oldUntil = new Date(NEXT.getTime() + 3 * DAY_MS);
    const rotated = (await rotateApiKey(prisma, old.id, oldUntil, NEXT))!;
    expect(rotated.created.feedToken).not.toBe(old.feedToken);
    const before = await startTestApp({ prisma, now: new Date(oldUntil.getTime() - 1), limiter: unlimited });
    const after = await startTestApp({ prisma, now: oldUntil, limiter: unlimited });
    try {
      expect((await feed('daily-action.rss', old.feedToken, {}, before)).status).toBe(200);
      expect((await feed('daily-action.rss', old.feedToken, {}, after)).status).toBe(401);
      expect((await feed('daily-action.rss', rotated.created.feedToken, {}, after)).status).toBe(200);
    } finally {
      await Promise.all([before.close(), after.close()]);
    }
  });

  it('npm run keys -- feed-token ID issues a new token once; the previous one stops working', async () => {
    const key = nextKey();
    const env = { ...process.env, DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'warn' };
    const result = await runCommandInProcess('keys', ['feed-token', key.id, '--json'], env);
    expect(result.code).toBe(0);
    const record = JSON.parse(result.stdout);
    expect(Object.keys(record)).toEqual(['id', 'feedToken']);
    expect(record.id).toBe(key.id);
    expect(looksLikeFeedToken(record.feedToken)).toBe(true);
    expect((await feed('daily-action.rss', key.feedToken)).status).toBe(401);
    expect((await feed('daily-action.rss', record.feedToken)).status).toBe(200);
    const unknownKey = await runCommandInProcess('keys', ['feed-token', '00000000-0000-4000-8000-000000000000'], env);
    expect([unknownKey.code, unknownKey.stderr.trim()]).toEqual([1, 'No active key with id 00000000-0000-4000-8000-000000000000.']);
  });

  it("counts against the key's limit, shared with X-Api-Key: the second request within a second is 429 with the usual body", async () => {
    const limited = await startTestApp({ prisma, now: NEXT });
    try {
      const key = nextKey();
      expect((await feed('daily-action.rss', key.feedToken, {}, limited)).status).toBe(200);
      const second = await getJson(limited.baseUrl, '/api/v1/daily-action', key.key);
      expect([second.status, second.body, second.headers.get('retry-after')]).toEqual([429, { error: MESSAGES.rateLimited }, '1']);
      const other = nextKey();
      expect((await getJson(limited.baseUrl, '/api/v1/causes?pageSize=1', other.key)).status).toBe(200);
      const feedAfterKey = await feed('deadlines.ics', other.feedToken, {}, limited);
      expect([feedAfterKey.status, feedAfterKey.body, feedAfterKey.headers.get('ratelimit')?.startsWith('"per-key";r=0;')]).toEqual([
        429,
        JSON.stringify({ error: MESSAGES.rateLimited }),
        true,
      ]);
      expect(conformanceProblems('GET', '/feeds/deadlines.ics', { ...feedAfterKey, body: JSON.parse(feedAfterKey.body) })).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});

describe('logs and metrics', () => {
  it('the request log names the path and the route, never the token, also for refused tokens; the metrics count per route', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await startTestApp({ prisma, now: NEXT, limiter: unlimited, logger: pino({ level: 'info' }, sink), metricsToken: 'feeds-metrics' });
    try {
      const key = nextKey();
      expect((await feed('daily-action.atom?lang=en', key.feedToken, {}, logged)).status).toBe(200);
      // one character changed: a token may itself end in 'x'
      expect((await feed('deadlines.ics', key.feedToken.slice(0, -1) + (key.feedToken.endsWith('x') ? 'y' : 'x'), {}, logged)).status).toBe(401);
      // another method: the token checked as for GET, then 405
      const post = await fetch(`${logged.baseUrl}/api/v1/feeds/daily-action.rss?token=${key.feedToken}`, { method: 'POST' });
      expect(post.status).toBe(405);
      const requests = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request');
      expect(requests.map(({ method, route, path, status }) => ({ method, route, path, status }))).toEqual([
        { method: 'GET', route: '/api/v1/feeds/daily-action.atom', path: '/api/v1/feeds/daily-action.atom', status: 200 },
        { method: 'GET', route: '/api/v1/feeds/deadlines.ics', path: '/api/v1/feeds/deadlines.ics', status: 401 },
        { method: 'POST', route: '/api/v1/feeds/daily-action.rss', path: '/api/v1/feeds/daily-action.rss', status: 405 },
      ]);
      expect(lines.join('\n')).not.toContain(key.feedToken.slice(4, 20));
      const metrics = await (await fetch(`${logged.baseUrl}/metrics`, { headers: { authorization: 'Bearer feeds-metrics' } })).text();
      expect(metrics).toContain('es_http_requests_total{method="GET",route="/api/v1/feeds/daily-action.atom",status="200"} 1');
      expect(metrics).toContain('es_http_requests_total{method="GET",route="/api/v1/feeds/deadlines.ics",status="401"} 1');
    } finally {
      await logged.close();
    }
  });
});
