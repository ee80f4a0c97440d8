// The archive of daily actions (GET /api/v1/daily-actions, /daily-actions/{date}, and GraphQL's
// dailyActions / dailyActionOn) against the real database, over three content days with pinned clocks:
// 2026-11-21 served and later edited, 2026-11-22 suppressed and replaced, 2026-11-23 withdrawn, and
// older days with nothing served for each reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeys } from '../../src/modules/api-keys/api-keys.service.js';
import { markCauseSuppressed } from '../../src/modules/causes/suppression.service.js';
import { ARCHIVE_REASONS } from '../../src/modules/daily-action/daily-action-archive.service.js';
import { recordServedDailyAction } from '../../src/modules/daily-action/served-snapshot.service.js';
import { suppressCause } from '../../src/modules/daily-action/suppress-cause.service.js';
import { runRefresh } from '../../src/modules/refresh/refresh.service.js';
import { defaultTextGenerator } from '../../src/modules/texts/default-generator.js';
import { setText } from '../../src/modules/texts/editorial.service.js';
import { contentDay, dateToDb } from '../../src/time/berlin-calendar.js';
import { storeDailyAction } from '../../src/modules/daily-action/daily-pick.service.js';
import { runCommandInProcess } from '../helpers/cli.js';
import { clearOfContentDayChange } from '../helpers/processes.js';
import { testDatabaseUrl } from '../helpers/workers.js';
import { NOW, seedCatalogue, standardCatalogue } from '../helpers/catalogue.js';
import { getJson, issueKey, resetDatabase, startTestApp, testPrisma, unlimited, type TestApp } from '../helpers/test-app.js';

const prisma = testPrisma();
const DAY_MS = 86_400_000;
const METRICS_TOKEN = 'archive-metrics-token';
// 11:00 in Berlin on the next two content days
const NEXT = new Date(NOW.getTime() + DAY_MS);
const THIRD = new Date(NOW.getTime() + 2 * DAY_MS);

let app: TestApp;
let keys: string[] = [];
const key = () => keys.pop()!;
const get = (path: string) => getJson(app.baseUrl, `/api/v1${path}`, key());

/** GET /daily-action in both languages as an app at `now` serves it. */
async function servedAt(now: Date): Promise<{ de: any; en: any }> {
  const at = await startTestApp({ prisma, now, limiter: unlimited });
  try {
    const k = key();
    const [de, en] = await Promise.all([getJson(at.baseUrl, '/api/v1/daily-action', k), getJson(at.baseUrl, '/api/v1/daily-action?lang=en', k)]);
    expect([de.status, en.status]).toEqual([200, 200]);
    return { de: de.body, en: en.body };
  } finally {
    await at.close();
  }
}

const refreshAt = (now: Date) =>
  runRefresh({ prisma, sources: [], generator: defaultTextGenerator, now, clock: () => now, trigger: 'test', log: { info: () => {}, warn: () => {} } });

let firstDay: { de: any; en: any };
let secondDay: { de: any; en: any };
let suppressedSlug = '';
let editedSlug = '';
const EDITED_SUMMARY = 'Eine Redakteurin hat diese Zusammenfassung am nächsten Tag neu geschrieben.';

beforeAll(async () => {
  await resetDatabase(prisma);
  keys = (await createApiKeys(prisma, { label: 'archive tests', tier: 'standard' }, NOW, 80)).map((k) => k.key);
  // 2026-11-21: the refresh stores the pick (c05) and keeps what is served
  await seedCatalogue(prisma, standardCatalogue());
  firstDay = await servedAt(NOW);
  editedSlug = firstDay.de.cause.slug;

  // 2026-11-22: a new pick; an editor rewrites the summary of the day before's cause; the new pick is
  // suppressed and replaced at once
  await refreshAt(NEXT);
  await setText(prisma, editedSlug, 'de', 'summary', EDITED_SUMMARY, NEXT);
  suppressedSlug = (await prisma.dailyPick.findUniqueOrThrow({ where: { day: dateToDb('2026-11-22') }, include: { cause: true } })).cause.slug;
  const outcome = await suppressCause(prisma, suppressedSlug, 'test', NEXT, defaultTextGenerator);
  expect(outcome.replacement).not.toBeNull();
  secondDay = await servedAt(NEXT);

  // 2026-11-23: the pick is suppressed and no replacement is stored (none eligible): withdrawn
  await refreshAt(THIRD);
  const third = await prisma.dailyPick.findUniqueOrThrow({ where: { day: dateToDb('2026-11-23') }, include: { cause: true } });
  await markCauseSuppressed(prisma, third.cause.slug, 'test', THIRD);
  expect(await recordServedDailyAction(prisma, THIRD)).toBe('withdrawn');

  // older days, before the archive: a pick without a snapshot (11-18), a refresh that found no eligible
  // cause (11-19), no refresh at all (11-20); nothing before 11-18
  const c10 = await prisma.cause.findFirstOrThrow({ where: { externalId: 'c10' } });
  await prisma.dailyPick.create({ data: { day: dateToDb('2026-11-18'), causeId: c10.id, scoreTotal: 40, chosenAt: new Date('2026-11-18T01:00:05Z') } });
  await prisma.jobRun.create({
    data: {
      job: 'refresh',
      day: dateToDb('2026-11-19'),
      status: 'succeeded',
      trigger: 'test',
      startedAt: new Date('2026-11-19T01:00:00Z'),
      finishedAt: new Date('2026-11-19T01:00:09Z'),
    },
  });
  app = await startTestApp({ prisma, now: THIRD, metricsToken: METRICS_TOKEN });
});

afterAll(async () => {
  await app.close();
  await prisma.$disconnect();
});

describe('GET /api/v1/daily-actions/{date}', () => {
  it("a served day, after its cause's summary was rewritten the next day: the texts as they were served, in German and English", async () => {
    const current = await get(`/causes/${editedSlug}`);
    expect(current.body.summary).toBe(EDITED_SUMMARY);
    const de = await get('/daily-actions/2026-11-21');
    expect(de.status).toBe(200);
    expect(Object.keys(de.body)).toEqual(['date', 'cause', 'action', 'reason']);
    expect(de.body).toEqual({ date: '2026-11-21', ...firstDay.de, reason: null });
    expect(de.body.cause.summary).not.toBe(EDITED_SUMMARY);
    expect(de.headers.get('content-language')).toBe('de');
    const en = await get('/daily-actions/2026-11-21?lang=en');
    expect(en.body).toEqual({ date: '2026-11-21', ...firstDay.en, reason: null });
    expect(en.body.action.language).toBe('en');
    expect(en.headers.get('content-language')).toBe('en');
  });

  it('a day whose pick was suppressed: the replacement, as served after the suppression', async () => {
    const { status, body } = await get('/daily-actions/2026-11-22');
    expect(status).toBe(200);
    expect(body).toEqual({ date: '2026-11-22', ...secondDay.de, reason: null });
    expect(body.cause.slug).not.toBe(suppressedSlug);
  });

  it.each([
    ['2026-11-23', ARCHIVE_REASONS.withdrawn],
    ['2026-11-20', ARCHIVE_REASONS.noRefresh],
    ['2026-11-19', ARCHIVE_REASONS.noneEligible],
    ['2026-11-18', ARCHIVE_REASONS.notArchived],
  ])('%s without an action: the day with its reason', async (date, reason) => {
    const { status, body } = await get(`/daily-actions/${date}?lang=en`);
    expect({ status, body }).toEqual({ status: 200, body: { date, cause: null, action: null, reason } });
  });

  it('a day before the first recorded day is a 404', async () => {
    const { status, body } = await get('/daily-actions/2026-11-17');
    expect({ status, body }).toEqual({ status: 404, body: { error: 'No daily action recorded for the day "2026-11-17".' } });
  });

  it('a matching If-None-Match gets a 304 without a body', async () => {
    const first = await get('/daily-actions/2026-11-21');
    const response = await fetch(`${app.baseUrl}/api/v1/daily-actions/2026-11-21`, {
      headers: { 'x-api-key': key(), 'if-none-match': first.headers.get('etag')! },
    });
    expect([response.status, await response.text(), response.headers.get('etag')]).toEqual([304, '', first.headers.get('etag')]);
  });
});

describe('GET /api/v1/daily-actions', () => {
  it('by default the 30 days up to the current content day, from the first recorded day, newest first, each day with its action or reason', async () => {
    const { status, body } = await get('/daily-actions');
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['from', 'to', 'total', 'page', 'pageSize', 'items']);
    expect(body).toEqual({
      from: '2026-10-25',
      to: '2026-11-23',
      total: 6,
      page: 1,
      pageSize: 20,
      items: [
        { date: '2026-11-23', cause: null, action: null, reason: ARCHIVE_REASONS.withdrawn },
        { date: '2026-11-22', ...secondDay.de, reason: null },
        { date: '2026-11-21', ...firstDay.de, reason: null },
        { date: '2026-11-20', cause: null, action: null, reason: ARCHIVE_REASONS.noRefresh },
        { date: '2026-11-19', cause: null, action: null, reason: ARCHIVE_REASONS.noneEligible },
        { date: '2026-11-18', cause: null, action: null, reason: ARCHIVE_REASONS.notArchived },
      ],
    });
  });

  it('pages through a range without gaps or repeats; a page past the end is empty with the real total', async () => {
    const page = async (n: number) => (await get(`/daily-actions?from=2026-11-19&to=2026-11-22&pageSize=3&page=${n}&lang=en`)).body;
    const one = await page(1);
    expect([one.from, one.to, one.total, one.page, one.pageSize]).toEqual(['2026-11-19', '2026-11-22', 4, 1, 3]);
    expect(one.items.map((i: any) => i.date)).toEqual(['2026-11-22', '2026-11-21', '2026-11-20']);
    expect(one.items[1]).toEqual({ date: '2026-11-21', ...firstDay.en, reason: null });
    expect((await page(2)).items.map((i: any) => i.date)).toEqual(['2026-11-19']);
    expect(await page(3)).toEqual({ from: '2026-11-19', to: '2026-11-22', total: 4, page: 3, pageSize: 3, items: [] });
  });

  it('a range of exactly 366 days is accepted', async () => {
    const { status, body } = await get('/daily-actions?from=2025-11-23&to=2026-11-23&pageSize=1');
    expect([status, body.total, body.items[0].date]).toEqual([200, 6, '2026-11-23']);
  });
});

describe('bad input is a 400 that names the parameter', () => {
  it.each([
    ['/daily-actions?from=2026-11-31', 'Invalid value for "from": expected a date written YYYY-MM-DD.'],
    ['/daily-actions?to=23.11.2026', 'Invalid value for "to": expected a date written YYYY-MM-DD.'],
    ['/daily-actions?to=2026-11-24', 'Invalid value for "to": expected a day no later than the current content day.'],
    ['/daily-actions?from=2026-11-24', 'Invalid value for "from": expected a day no later than the current content day.'],
    ['/daily-actions?from=2026-11-23&to=2026-11-22', 'Invalid value for "from": expected a day no later than "to".'],
    ['/daily-actions?from=2025-11-22&to=2026-11-23', 'Invalid value for "from": expected a day at most 365 days before "to".'],
    ['/daily-actions?pageSize=51', 'Invalid value for "pageSize": expected a whole number from 1 to 50.'],
    ['/daily-actions?page=0', 'Invalid value for "page": expected a whole number of 1 or more.'],
    ['/daily-actions?lang=fr', 'Invalid value for "lang": expected one of de, en.'],
    ['/daily-actions?day=2026-11-21', 'Unknown query parameter "day". This endpoint accepts: from, to, page, pageSize, lang.'],
    ['/daily-actions?from=2026-11-20&from=2026-11-21', 'Query parameter "from" was given more than once.'],
    ['/daily-actions/2026-11-24', 'Invalid value for "date": expected a day no later than the current content day.'],
    ['/daily-actions/21.11.2026', 'Invalid value for "date": expected a date written YYYY-MM-DD.'],
    ['/daily-actions/2026-11-21?from=2026-11-20', 'Unknown query parameter "from". This endpoint accepts: lang.'],
  ])('%s', async (path, message) => {
    const { status, body } = await get(path);
    expect({ status, body }).toEqual({ status: 400, body: { error: message } });
  });
});

describe('metrics', () => {
  it('count each route under its pattern, also a 405 answered by Express', async () => {
    const count = async (series: string) => {
      const text = await (await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      const line = text.split('\n').find((l) => l.startsWith(`${series} `));
      return line ? Number(line.slice(series.length + 1)) : 0;
    };
    const list = 'es_http_requests_total{method="GET",route="/api/v1/daily-actions",status="200"}';
    const day = 'es_http_requests_total{method="GET",route="/api/v1/daily-actions/:date",status="404"}';
    const post = 'es_http_requests_total{method="POST",route="/api/v1/daily-actions/:date",status="405"}';
    const before = await Promise.all([list, day, post].map(count));
    expect((await get('/daily-actions?pageSize=1')).status).toBe(200);
    expect((await get('/daily-actions/2026-11-01')).status).toBe(404);
    const refused = await fetch(`${app.baseUrl}/api/v1/daily-actions/2026-11-21`, { method: 'POST', headers: { 'x-api-key': key() } });
    expect([refused.status, refused.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    const after = await Promise.all([list, day, post].map(count));
    expect(after.map((n, i) => n - before[i])).toEqual([1, 1, 1]);
  });
});

describe('GraphQL', () => {
  it('dailyActionOn and dailyActions answer as REST does (growth key)', async () => {
    const response = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'x-api-key': await issueKey(prisma, 'growth', THIRD) },
      body: JSON.stringify({
        query:
          '{ dailyActionOn(date: "2026-11-21") { date cause(lang: en) { slug summary } action(lang: en) { headline } reason } dailyActions(from: "2026-11-22", pageSize: 1) { total items { date reason } } }',
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: {
        dailyActionOn: {
          date: '2026-11-21',
          cause: { slug: editedSlug, summary: firstDay.en.cause.summary },
          action: { headline: firstDay.en.action.headline },
          reason: null,
        },
        dailyActions: { total: 2, items: [{ date: '2026-11-23', reason: ARCHIVE_REASONS.withdrawn }] },
      },
    });
  });
});

describe("an editor's correction during the day (npm run texts, on the real clock)", () => {
  it('is what the archive keeps for the day', async () => {
    // the command reads the process's clock, so this day is the real one: kept clear of 02:00
    await clearOfContentDayChange(60_000);
    const now = new Date();
    const day = contentDay(now);
    const pick = await storeDailyAction(prisma, defaultTextGenerator, day, now, null);
    const before = await prisma.dailyActionSnapshot.findUniqueOrThrow({ where: { day_language: { day: dateToDb(day), language: 'de' } } });
    expect((before.body as any).cause.slug).toBe(pick!.slug);
    const headline = 'Eine Redakteurin hat diese Überschrift korrigiert';
    const result = await runCommandInProcess('texts', ['set', pick!.slug, '--lang', 'de', '--field', 'headline', headline], {
      ...process.env,
      DATABASE_URL: testDatabaseUrl(),
      LOG_LEVEL: 'warn',
    });
    expect(result.code).toBe(0);
    const after = await prisma.dailyActionSnapshot.findUniqueOrThrow({ where: { day_language: { day: dateToDb(day), language: 'de' } } });
    expect((after.body as any).action).toEqual({ ...(before.body as any).action, headline, isAiGenerated: false });
  });
});
