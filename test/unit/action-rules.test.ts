// What a status the source states means: closed ends the action, open lets the texts say it runs, a
// negated word says neither (action-rules.ts).
import { describe, expect, it } from 'vitest';
import { calendarDateOf, selectActions, statusMeaning } from '../../src/modules/sources/action-rules.js';
import type { SourceConfig } from '../../src/modules/sources/sources-config.js';
import { BUNDESTAG_ACTIONS } from '../helpers/real-data-sources.js';

describe('statusMeaning', () => {
  it.each([
    ['abgeschlossen', 'closed'],
    ['Petition beendet', 'closed'],
    ['Closed', 'closed'],
    ['Die Mitzeichnungsfrist ist abgelaufen', 'closed'],
    ['noch nicht abgeschlossen', 'unknown'],
    ['not yet closed', 'unknown'],
    ['nicht mehr offen', 'unknown'],
    ['offen', 'open'],
    ['läuft', 'open'],
    ['In der Mitzeichnung', 'open'],
    ['Active', 'open'],
    ['in Prüfung', 'unknown'],
    ['Offenbach', 'unknown'],
    ['reopened', 'unknown'],
  ] as const)('"%s" is %s', (status, meaning) => {
    expect(statusMeaning(status)).toBe(meaning);
  });
});

describe('selectActions with stated statuses', () => {
  it('skips a closed item with its reason, marks an open one statusOpen, keeps an unknown one as it is, and drops the status field', () => {
    const source = { name: 'feed', platform: 'x', type: 'json-feed', url: 'https://x.example/feed.json' } as SourceConfig;
    const items = [
      { externalId: '1', title: 'A', status: 'abgeschlossen' },
      { externalId: '2', title: 'B', status: 'offen' },
      { externalId: '3', title: 'C', status: 'noch nicht abgeschlossen' },
      { externalId: '4', title: 'D' },
      { externalId: '5', title: 'E', status: 'offen', statusOpen: false },
    ];
    const selected = selectActions(source, { items, skipped: [] }, '2026-11-21');
    expect(selected.items).toEqual([
      // a closed action stays, to be stored inactive with its status as the reason
      { externalId: '1', title: 'A', statusOpen: false, closedReason: 'closed (status "abgeschlossen")' },
      { externalId: '2', title: 'B', statusOpen: true },
      { externalId: '3', title: 'C' },
      { externalId: '4', title: 'D' },
      { externalId: '5', title: 'E', statusOpen: false },
    ]);
    expect(selected.skipped).toEqual([]);
  });
});

describe('calendarDateOf', () => {
  it.each([
    ['Datum Erstveröffentlichung: 30.03.2023', '2023-03-30'],
    ['1.7.2024', '2024-07-01'],
    ['2023-03-30', '2023-03-30'],
    ['31.02.2023', undefined],
    ['30.03.23', undefined],
    ['130.03.2023', undefined],
    ['Petition 146290', undefined],
  ] as const)('"%s" is %s', (text, date) => {
    expect(calendarDateOf(text)).toBe(date);
  });
});

describe('selectActions with openForDays', () => {
  const today = '2026-11-21';
  const source = {
    name: 'Bundestag',
    platform: 'epetitionen-bundestag',
    type: 'rss',
    url: 'https://epetitionen.bundestag.example/feed.xml',
    location: 'https://epetitionen.bundestag.example/feed.xml',
    everyItemIsAnAction: true,
    // the Bundestag's rules: a petition takes co-signatures for 42 days from its first publication
    ...BUNDESTAG_ACTIONS,
  } as SourceConfig;
  const item = (externalId: string, extra: Record<string, unknown> = {}) => ({
    externalId,
    title: `Petition ${externalId}`,
    description: 'Titel: Mehr Radwege',
    url: `https://epetitionen.bundestag.de/content/petitionen/${externalId.replace(/\s/g, '-')}`,
    ...extra,
  });
  const select = (items: unknown[], config: SourceConfig = source) => selectActions(config, { items, skipped: [] }, today).items;

  it('ends an action published more than openForDays days before the refresh day; one published within them, or dated after the refresh day, stays open', () => {
    expect(
      select([
        item('a', { description: 'Titel: A<br/>Datum Erstveröffentlichung: 30.03.2023' }),
        // 43 days before 2026-11-21, then 42
        item('b', { description: 'Datum Erstveröffentlichung: 09.10.2026' }),
        item('c', { description: 'Datum Erstveröffentlichung: 10.10.2026' }),
        // no date in the text: the feed's own date of the item
        item('d', { publishedOn: '2026-10-09' }),
        item('e', { publishedOn: '2026-11-20' }),
        // a day after today (a typo, a clock ahead): nothing is ended on it
        item('f', { description: 'Datum Erstveröffentlichung: 30.03.2203' }),
      ]),
    ).toEqual([
      {
        ...item('a', { description: 'Titel: A<br/>Datum Erstveröffentlichung: 30.03.2023' }),
        statusOpen: false,
        closedReason: 'closed (published 2023-03-30, open for 42 days)',
      },
      {
        ...item('b', { description: 'Datum Erstveröffentlichung: 09.10.2026' }),
        statusOpen: false,
        closedReason: 'closed (published 2026-10-09, open for 42 days)',
      },
      item('c', { description: 'Datum Erstveröffentlichung: 10.10.2026' }),
      { ...item('d', { publishedOn: '2026-10-09' }), statusOpen: false, closedReason: 'closed (published 2026-10-09, open for 42 days)' },
      item('e', { publishedOn: '2026-11-20' }),
      item('f', { description: 'Datum Erstveröffentlichung: 30.03.2203' }),
    ]);
  });

  it('the date the text states comes before the feed date; an impossible date in the text falls back to the feed date', () => {
    expect(
      select([
        item('a', { description: 'Datum Erstveröffentlichung: 20.11.2026', publishedOn: '2020-01-01' }),
        item('b', { description: 'Datum Erstveröffentlichung: 31.02.2023', publishedOn: '2026-11-01' }),
        item('c', { description: 'Datum Erstveröffentlichung: 31.02.2023', publishedOn: '2020-01-01' }),
      ]),
    ).toEqual([
      item('a', { description: 'Datum Erstveröffentlichung: 20.11.2026', publishedOn: '2020-01-01' }),
      item('b', { description: 'Datum Erstveröffentlichung: 31.02.2023', publishedOn: '2026-11-01' }),
      {
        ...item('c', { description: 'Datum Erstveröffentlichung: 31.02.2023', publishedOn: '2020-01-01' }),
        statusOpen: false,
        closedReason: 'closed (published 2020-01-01, open for 42 days)',
      },
    ]);
  });

  it('never overrides what the item states: an open status, a deadline, statusOpen or its own closing reason; without a date, or without openForDays, nothing ends', () => {
    const old = { publishedOn: '2020-01-01' };
    expect(
      select([
        item('open status', { ...old, status: 'In der Mitzeichnung' }),
        item('deadline', { ...old, deadline: '2027-01-31' }),
        item('statusOpen', { ...old, statusOpen: true }),
        item('closed', { ...old, closedReason: 'fully funded' }),
        item('closed status', { ...old, status: 'abgeschlossen' }),
        item('undated'),
      ]),
    ).toEqual([
      { ...item('open status', old), statusOpen: true },
      item('deadline', { ...old, deadline: '2027-01-31' }),
      item('statusOpen', { ...old, statusOpen: true }),
      item('closed', { ...old, closedReason: 'fully funded' }),
      { ...item('closed status', old), statusOpen: false, closedReason: 'closed (status "abgeschlossen")' },
      item('undated'),
    ]);
    const { openForDays: _days, ...unlimited } = source as SourceConfig & { openForDays?: number };
    expect(select([item('a', old)], unlimited as SourceConfig)).toEqual([item('a', old)]);
  });
});
