// The dashboards' GraphQL views against the real app: causes by cursor with filters and text search,
// counts per category, the daily picks by date and the suppression history (written by the suppression
// service); the page-size cap and cost rule for connections; the SQL queries each costs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { causeSlug } from '../../src/modules/causes/cause-import.service.js';
import { markCauseSuppressed, unsuppressCause } from '../../src/modules/causes/suppression.service.js';
import { suppressCause } from '../../src/modules/daily-action/suppress-cause.service.js';
import { defaultTextGenerator } from '../../src/modules/texts/default-generator.js';
import { addDays, dateToDb } from '../../src/time/berlin-calendar.js';
import { NOW, seedCatalogue, SOURCE, standardCatalogue, TODAY } from '../helpers/catalogue.js';
import { queriesOf } from '../helpers/query-count.js';
import { issueKey, resetDatabase, startTestApp, testPrisma, unlimited, type TestApp } from '../helpers/test-app.js';

const prisma = testPrisma();
const MINUTE_MS = 60_000;
const at = (minutesBefore: number) => new Date(NOW.getTime() - minutesBefore * MINUTE_MS);
let app: TestApp;
let key = '';
/** The slug of "Aktion nn" (the catalogue's cause cnn). */
const slug = (n: number) => causeSlug(SOURCE.name, `c${String(n).padStart(2, '0')}`, `Aktion ${String(n).padStart(2, '0')}`);

async function graphql(query: string, variables?: Record<string, unknown>, apiKey = key) {
  const response = await fetch(`${app.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'x-api-key': apiKey },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function data(query: string, variables?: Record<string, unknown>) {
  const { status, body } = await graphql(query, variables);
  expect(body.errors).toBeUndefined();
  expect(status).toBe(200);
  return body.data;
}

const slugsOf = (connection: { edges: { node: { slug: string } }[] }) => connection.edges.map((edge) => edge.node.slug);

beforeAll(async () => {
  await resetDatabase(prisma);
  // 23 causes "Aktion 01" … "Aktion 23"; categories cycle Spenden, Petition, Brief; deadlines today + 0…7 days
  // for 01–08, + 18…25 days for 09–16, none for 17–23; today's pick is aktion-01 (score 100)
  await seedCatalogue(prisma, standardCatalogue());
  // two ended causes
  await prisma.cause.updateMany({ where: { slug: { in: [slug(22), slug(23)] } }, data: { active: false, inactiveReason: 'left the feed' } });
  // Länder: 01–03 in Bayern, 10 and the ended 22 in Berlin, 11 and 12 nationwide ("DE"), the rest of
  // unknown place
  await prisma.cause.updateMany({ where: { slug: { in: [slug(1), slug(2), slug(3)] } }, data: { region: 'DE-BY' } });
  await prisma.cause.updateMany({ where: { slug: { in: [slug(10), slug(22)] } }, data: { region: 'DE-BE' } });
  await prisma.cause.updateMany({ where: { slug: { in: [slug(11), slug(12)] } }, data: { region: 'DE' } });
  // the history: 04 suppressed by the desk and let go again; 05, today's pick, suppressed (03 replaces it),
  // then again with another reason; 01 suppressed
  await suppressCause(prisma, slug(4), 'Dublette', at(50), defaultTextGenerator, { by: 'Redaktion' });
  await unsuppressCause(prisma, slug(4), at(40), { by: 'Redaktion' });
  expect(await suppressCause(prisma, slug(5), 'Prüfung', at(30), defaultTextGenerator)).toEqual({
    slug: slug(5),
    changed: true,
    replacement: { slug: slug(3), scoreTotal: 90 },
  });
  await markCauseSuppressed(prisma, slug(5), 'Prüfung: Spendenkonto unklar', at(20), { by: 'Lea' });
  await suppressCause(prisma, slug(1), 'Beschwerde', at(10), defaultTextGenerator);
  // an unsuppress of a cause that is not suppressed changes nothing and is not recorded
  await unsuppressCause(prisma, slug(6), at(5));
  // picks of the two days before today
  const causeId = async (n: number) => (await prisma.cause.findUniqueOrThrow({ where: { slug: slug(n) } })).id;
  await prisma.dailyPick.create({ data: { day: dateToDb(addDays(TODAY, -1)), causeId: await causeId(8), scoreTotal: 80, chosenAt: at(24 * 60) } });
  await prisma.dailyPick.create({ data: { day: dateToDb(addDays(TODAY, -3)), causeId: await causeId(7), scoreTotal: 70, chosenAt: at(3 * 24 * 60) } });
  app = await startTestApp({ prisma, now: NOW, limiter: unlimited });
  key = await issueKey(prisma, 'growth', NOW);
});

afterAll(async () => {
  await app.close();
  await prisma.$disconnect();
});

describe('causeSearch', () => {
  const page = `query($filter: CauseFilter, $first: Int, $after: String, $orderBy: CauseOrder! = SLUG) {
    causeSearch(filter: $filter, first: $first, after: $after, orderBy: $orderBy) { totalCount pageInfo { hasNextPage endCursor } edges { node { slug } } }
  }`;

  it('pages a category by cursor in slug order, with the total', async () => {
    const first = (await data(page, { filter: { category: 'Spenden' }, first: 3 })).causeSearch;
    expect([first.totalCount, slugsOf(first), first.pageInfo.hasNextPage]).toEqual([8, [slug(1), slug(4), slug(7)], true]);
    const second = (await data(page, { filter: { category: 'Spenden' }, first: 3, after: first.pageInfo.endCursor })).causeSearch;
    expect([slugsOf(second), second.pageInfo.hasNextPage]).toEqual([[slug(10), slug(13), slug(16)], true]);
    const last = (await data(page, { filter: { category: 'Spenden' }, first: 3, after: second.pageInfo.endCursor })).causeSearch;
    expect([slugsOf(last), last.pageInfo.hasNextPage]).toEqual([[slug(19), slug(22)], false]);
  });

  it('filters on active and suppressed', async () => {
    expect(slugsOf((await data(page, { filter: { suppressed: true } })).causeSearch)).toEqual([slug(1), slug(5)]);
    expect(slugsOf((await data(page, { filter: { active: false } })).causeSearch)).toEqual([slug(22), slug(23)]);
    const activeUnsuppressed = (await data(page, { filter: { active: true, suppressed: false } })).causeSearch;
    expect(activeUnsuppressed.totalCount).toBe(19);
  });

  it('filters on a deadline range (Berlin dates, both ends included); causes without a deadline are left out', async () => {
    const { causeSearch } = await data(page, { filter: { deadlineFrom: addDays(TODAY, 2), deadlineTo: addDays(TODAY, 5) } });
    expect(slugsOf(causeSearch)).toEqual([slug(3), slug(4), slug(5), slug(6)]);
    expect((await data(page, { filter: { deadlineFrom: addDays(TODAY, 25) } })).causeSearch.totalCount).toBe(1);
  });

  it('searches title and description in any case, the text taken literally (ILIKE with % and _ escaped)', async () => {
    expect(slugsOf((await data(page, { filter: { search: 'AKTION 1' } })).causeSearch)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19].map(slug));
    // only in the description
    expect((await data(page, { filter: { search: 'ehrenAMTLICHEN' } })).causeSearch.totalCount).toBe(23);
    expect((await data(page, { filter: { search: '%' } })).causeSearch.totalCount).toBe(0);
    expect((await data(page, { filter: { search: 'aktion _1' } })).causeSearch.totalCount).toBe(0);
    expect(slugsOf((await data(page, { filter: { search: 'aktion 2', category: 'Petition' } })).causeSearch)).toEqual([slug(20), slug(23)]);
  });

  it('pages NEWEST (newest import first, ties by id) without skipping or repeating a cause', async () => {
    const all = slugsOf((await data(page, { first: 50, orderBy: 'NEWEST' })).causeSearch);
    // 01–12 were imported 2 days ago, 13–23 30 days ago
    expect(all.slice(0, 12).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(slug));
    const paged: string[] = [];
    let after: string | null = null;
    for (;;) {
      const result: any = (await data(page, { first: 5, after, orderBy: 'NEWEST' })).causeSearch;
      paged.push(...slugsOf(result));
      if (!result.pageInfo.hasNextPage) break;
      after = result.pageInfo.endCursor;
    }
    expect(paged).toEqual(all);
    expect(all).toHaveLength(23);
  });

  it('refuses invalid filter values and a page over 50 with 400 and the reason', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ filter: { deadlineFrom: '2026-02-30' } }, 'Invalid value for "deadlineFrom": expected a date written YYYY-MM-DD.'],
      [{ filter: { deadlineFrom: '2026-12-02', deadlineTo: '2026-12-01' } }, 'Invalid value for "deadlineFrom": expected a day no later than "deadlineTo".'],
      [{ filter: { search: '   ' } }, 'Invalid value for "search": expected 1 to 100 characters besides spaces.'],
      [{ first: 51 }, 'Invalid value for "first": expected a whole number from 0 to 50.'],
    ];
    for (const [variables, message] of cases) {
      const { status, body } = await graphql(
        'query($filter: CauseFilter, $first: Int) { causeSearch(filter: $filter, first: $first) { totalCount edges { cursor } } }',
        variables,
      );
      expect([status, body.errors.map((e: any) => e.message)]).toEqual([400, [message]]);
    }
  });

  it('refuses a page over 50 (or below 0) whatever the connection selects: 400 with the same error as when its page is selected', async () => {
    const error = (name: 'first' | 'last') => ({
      errors: [{ message: `Invalid value for "${name}": expected a whole number from 0 to 50.`, extensions: { code: 'BAD_USER_INPUT' } }],
    });
    const cases: [string, Record<string, unknown> | undefined, 'first' | 'last'][] = [
      ['{ causeSearch(first: 51) { totalCount } }', undefined, 'first'],
      ['{ causeSearch(last: 51) { totalCount } }', undefined, 'last'],
      ['{ causeSearch(first: -1) { totalCount } }', undefined, 'first'],
      ['query($n: Int) { causeSearch(first: $n) { totalCount } }', { n: 51 }, 'first'],
      ['query($n: Int = 51) { causeSearch(last: $n) { totalCount } }', undefined, 'last'],
      ['{ causeSearch(first: 51) { pageInfo { hasNextPage } } }', undefined, 'first'],
      ['{ causeSearch(first: 51) { totalCount edges { cursor } } }', undefined, 'first'],
      ['{ dailyPicks(first: 51) { totalCount } }', undefined, 'first'],
      ['{ dailyPicks(last: 51) { totalCount } }', undefined, 'last'],
      ['{ suppressionEvents(first: 51) { totalCount } }', undefined, 'first'],
      ['{ suppressionEvents(last: 51) { pageInfo { hasPreviousPage } } }', undefined, 'last'],
      ['{ ok: causeCounts { total } tooLarge: causeSearch(first: 51) { totalCount } }', undefined, 'first'],
    ];
    for (const [query, variables, name] of cases) {
      expect([query, await graphql(query, variables)]).toEqual([query, { status: 400, body: error(name) }]);
    }
    // 50 is answered
    expect(await graphql('{ causeSearch(first: 50) { totalCount } }')).toEqual({ status: 200, body: { data: { causeSearch: { totalCount: 23 } } } });
  });

  it('counts a page size given as a variable or left to the default as the cost rule counts a written one', async () => {
    const fields =
      'slug title summary category organisationName imageUrl deadline source_name urgency_score { total breakdown { deadline_proximity funding_gap } }';
    const aliases = (size: string) => Array.from({ length: 4 }, (_, i) => `a${i}: causeSearch${size} { edges { node { ${fields} } } }`).join(' ');
    const written = await graphql(`{ ${aliases('(first: 50)')} }`);
    const asVariable = await graphql(`query($n: Int) { ${aliases('(first: $n)')} }`, { n: 50 });
    const byDefault = await graphql(`{ ${aliases('')} }`);
    const declaredDefault = await graphql(`query($n: Int = 50) { ${aliases('(first: $n)')} }`);
    const small = await graphql(`query($n: Int) { ${aliases('(first: $n)')} }`, { n: 2 });
    expect(written.status).toBe(400);
    expect(written.body.errors[0].message).toMatch(/^The query would cost too much: cost \d+, at most 5000 is allowed\.$/);
    expect([asVariable.status, asVariable.body.errors.map((e: any) => e.message)]).toEqual([400, written.body.errors.map((e: any) => e.message)]);
    expect([byDefault.status, byDefault.body.errors[0].message]).toEqual([400, expect.stringMatching(/^The query would cost too much/)]);
    expect([declaredDefault.status, declaredDefault.body.errors.map((e: any) => e.message)]).toEqual([400, written.body.errors.map((e: any) => e.message)]);
    expect([small.status, small.body.errors]).toEqual([200, undefined]);
  });
});

describe('causeCounts', () => {
  it('counts every category by state in one grouped query', async () => {
    const { causeCounts } = await data('{ causeCounts { category total active inactive suppressed activeUnsuppressed } }');
    expect(causeCounts).toEqual([
      { category: 'Spenden', total: 8, active: 7, inactive: 1, suppressed: 1, activeUnsuppressed: 6 },
      { category: 'Petition', total: 8, active: 7, inactive: 1, suppressed: 1, activeUnsuppressed: 6 },
      { category: 'Brief', total: 7, active: 7, inactive: 0, suppressed: 0, activeUnsuppressed: 7 },
    ]);
  });

  it('counts what the filter matches, only its category when it names one', async () => {
    const { causeCounts } = await data('{ causeCounts(filter: { category: Petition, search: "aktion 0" }) { category total suppressed } }');
    expect(causeCounts).toEqual([{ category: 'Petition', total: 3, suppressed: 1 }]);
  });
});

describe('by Land', () => {
  const zero = { total: 0, active: 0, inactive: 0, suppressed: 0, activeUnsuppressed: 0 };

  it('causeSearch takes a Land (its causes only), "DE" (the nationwide ones only) or "none" (those of unknown place)', async () => {
    const search = (region: string) => data(`{ causeSearch(filter: { region: "${region}" }, first: 50) { totalCount edges { node { slug region } } } }`);
    const bavaria = (await search('DE-BY')).causeSearch;
    expect([bavaria.totalCount, bavaria.edges.map((e: any) => [e.node.slug, e.node.region])]).toEqual([
      3,
      [
        [slug(1), 'DE-BY'],
        [slug(2), 'DE-BY'],
        [slug(3), 'DE-BY'],
      ],
    ]);
    const nationwide = (await search('DE')).causeSearch;
    expect([nationwide.totalCount, nationwide.edges.map((e: any) => [e.node.slug, e.node.region]).sort()]).toEqual([
      2,
      [
        [slug(11), 'DE'],
        [slug(12), 'DE'],
      ],
    ]);
    const none = (await search('none')).causeSearch;
    expect([none.totalCount, none.edges.every((e: any) => e.node.region === null)]).toEqual([16, true]);
  });

  it('regionCounts counts every Land in the order of the codes, then the nationwide causes, then those of unknown place, zeros included', async () => {
    const { regionCounts } = await data('{ regionCounts { region total active inactive suppressed activeUnsuppressed } }');
    const expected = Object.fromEntries(
      ['DE-BB', 'DE-BE', 'DE-BW', 'DE-BY', 'DE-HB', 'DE-HE', 'DE-HH', 'DE-MV', 'DE-NI', 'DE-NW', 'DE-RP', 'DE-SH', 'DE-SL', 'DE-SN', 'DE-ST', 'DE-TH'].map(
        (r) => [r, zero],
      ),
    );
    expected['DE-BE'] = { total: 2, active: 1, inactive: 1, suppressed: 0, activeUnsuppressed: 1 };
    expected['DE-BY'] = { total: 3, active: 3, inactive: 0, suppressed: 1, activeUnsuppressed: 2 };
    expect(regionCounts).toEqual([
      ...Object.entries(expected).map(([region, counts]) => ({ region, ...counts })),
      { region: 'DE', total: 2, active: 2, inactive: 0, suppressed: 0, activeUnsuppressed: 2 },
      { region: null, total: 16, active: 15, inactive: 1, suppressed: 1, activeUnsuppressed: 14 },
    ]);
  });

  it('with a filter naming a Land, only its row; with a category, only that category counted; one query', async () => {
    const { regionCounts } = await data('{ regionCounts(filter: { region: "DE-BY", category: Spenden }) { region total suppressed } }');
    expect(regionCounts).toEqual([{ region: 'DE-BY', total: 1, suppressed: 1 }]);
    expect(await queriesOf('{ regionCounts { region total active inactive suppressed activeUnsuppressed } }', NOW)).toBe(1);
  });

  it('any other region is a 400 naming the codes, "DE" and "none"', async () => {
    const { status, body } = await graphql('{ regionCounts(filter: { region: "BY" }) { total } }');
    expect([status, body.errors.map((e: any) => e.message)]).toEqual([
      400,
      [
        'Invalid value for "region": expected one of DE-BB, DE-BE, DE-BW, DE-BY, DE-HB, DE-HE, DE-HH, DE-MV, DE-NI, DE-NW, DE-RP, DE-SH, DE-SL, DE-SN, DE-ST, DE-TH (a Land as ISO 3166-2:DE) or DE (nationwide), or "none" (causes of unknown place).',
      ],
    ]);
  });
});

describe('dailyPicks', () => {
  const query = `query($from: String, $to: String, $first: Int, $after: String) {
    dailyPicks(from: $from, to: $to, first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { day scoreTotal chosenAt jobRunId cause { slug suppressed } } } }
  }`;

  it('lists the picks of the range newest first by cursor; a day without one is left out', async () => {
    const first = (await data(query, { from: addDays(TODAY, -3), first: 2 })).dailyPicks;
    expect(first.totalCount).toBe(3);
    // today's pick is the replacement chosen when 05 was suppressed (not by a run)
    expect(first.edges.map((e: any) => e.node)).toEqual([
      { day: TODAY, scoreTotal: 90, chosenAt: at(30).toISOString(), jobRunId: null, cause: { slug: slug(3), suppressed: false } },
      { day: addDays(TODAY, -1), scoreTotal: 80, chosenAt: at(24 * 60).toISOString(), jobRunId: null, cause: { slug: slug(8), suppressed: false } },
    ]);
    const rest = (await data(query, { from: addDays(TODAY, -3), first: 2, after: first.pageInfo.endCursor })).dailyPicks;
    expect([rest.edges.map((e: any) => [e.node.day, e.node.cause.slug]), rest.pageInfo.hasNextPage]).toEqual([[[addDays(TODAY, -3), slug(7)]], false]);
  });

  it('takes the archive range rules: to defaults to today, no day after it', async () => {
    expect((await data(query, { to: addDays(TODAY, -1) })).dailyPicks.totalCount).toBe(2);
    const { status, body } = await graphql(query, { to: addDays(TODAY, 1) });
    expect([status, body.errors.map((e: any) => e.message)]).toEqual([400, ['Invalid value for "to": expected a day no later than the current content day.']]);
  });
});

describe('suppression history', () => {
  const query = `query($slug: String, $first: Int, $after: String) {
    suppressionEvents(slug: $slug, first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { action reason at by cause { slug } } } }
  }`;

  it('the suppression service records every suppress and unsuppress, newest first', async () => {
    const { suppressionEvents } = await data(query, {});
    expect(suppressionEvents.totalCount).toBe(5);
    expect(suppressionEvents.edges.map((e: any) => e.node)).toEqual([
      { action: 'suppress', reason: 'Beschwerde', at: at(10).toISOString(), by: null, cause: { slug: slug(1) } },
      { action: 'suppress', reason: 'Prüfung: Spendenkonto unklar', at: at(20).toISOString(), by: 'Lea', cause: { slug: slug(5) } },
      { action: 'suppress', reason: 'Prüfung', at: at(30).toISOString(), by: null, cause: { slug: slug(5) } },
      { action: 'unsuppress', reason: null, at: at(40).toISOString(), by: 'Redaktion', cause: { slug: slug(4) } },
      { action: 'suppress', reason: 'Dublette', at: at(50).toISOString(), by: 'Redaktion', cause: { slug: slug(4) } },
    ]);
  });

  it("one cause's history by slug, by cursor; the cause's current state alongside", async () => {
    const first = (await data(query, { slug: slug(5), first: 1 })).suppressionEvents;
    expect([first.totalCount, first.edges.map((e: any) => e.node.reason), first.pageInfo.hasNextPage]).toEqual([2, ['Prüfung: Spendenkonto unklar'], true]);
    const rest = (await data(query, { slug: slug(5), first: 1, after: first.pageInfo.endCursor })).suppressionEvents;
    expect([rest.edges.map((e: any) => e.node.reason), rest.pageInfo.hasNextPage]).toEqual([['Prüfung'], false]);
    const { cause } = await data(`{ cause(slug: "${slug(5)}") { suppressed suppressedReason suppressedAt } }`);
    expect(cause).toEqual({ suppressed: true, suppressedReason: 'Prüfung: Spendenkonto unklar', suppressedAt: at(20).toISOString() });
    expect((await data(query, { slug: 'gibt-es-nicht' })).suppressionEvents.totalCount).toBe(0);
  });
});

describe('access', () => {
  it.each(['free', 'standard'] as const)('a %s key gets 403 for the dashboard views', async (tier) => {
    const { status, body } = await graphql('{ causeCounts { total } }', undefined, await issueKey(prisma, tier, NOW));
    expect([status, body]).toEqual([403, { errors: [{ message: 'This endpoint requires Growth or Enterprise tier.', extensions: { code: 'FORBIDDEN' } }] }]);
  });
});

describe('SQL queries', () => {
  const causeFields = 'slug title(lang: en) summary source_name original_platform sourceFetchedAt suppressed';

  it('a page of causes costs the same queries for 1 or 50 causes, with or without the total', async () => {
    const sizes = [1, 50].map(
      (n) => `{ causeSearch(first: ${n}, filter: { search: "aktion" }) { totalCount pageInfo { hasNextPage } edges { cursor node { ${causeFields} } } } }`,
    );
    // the page with its causes' English texts and sources (the Prisma plugin's select, one query per
    // relation), the count, and the summaries' texts (a second selection of the same relation) with the
    // causes once more, for the whole page at once
    expect([await queriesOf(sizes[0], NOW), await queriesOf(sizes[1], NOW)]).toEqual([6, 6]);
  });

  it('the counts are one query', async () => {
    expect(await queriesOf('{ causeCounts { category total active inactive suppressed activeUnsuppressed } }', NOW)).toBe(1);
  });

  it('picks and suppression events with their causes cost the same queries for 1 or many rows', async () => {
    const picks = (n: number) => `{ dailyPicks(first: ${n}, from: "${addDays(TODAY, -10)}") { edges { node { day cause { ${causeFields} } } } } }`;
    const events = (n: number) => `{ suppressionEvents(first: ${n}) { edges { node { action cause { ${causeFields} } } } } }`;
    // the rows, their causes, the causes' texts and sources, and the summaries' texts with the causes once more
    expect([await queriesOf(picks(1), NOW), await queriesOf(picks(50), NOW)]).toEqual([6, 6]);
    expect([await queriesOf(events(1), NOW), await queriesOf(events(50), NOW)]).toEqual([6, 6]);
  });
});
