// The OpenAPI document is valid OpenAPI 3.1, and every endpoint's real answers (success and each error
// status) conform to it; plus the caching and limit headers it documents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validate, compileErrors } from '@readme/openapi-parser';
import { createApiKeys } from '../../src/modules/api-keys/api-keys.service.js';
import { cacheMaxAge } from '../../src/rest/v1/http-headers.js';
import { contentDay } from '../../src/time/berlin-calendar.js';
import { NOW, seedCatalogue, standardCatalogue } from '../helpers/catalogue.js';
import { bumpContentVersion, getJson, resetDatabase, startTestApp, testPrisma, type TestApp } from '../helpers/test-app.js';
import { conformanceProblems } from '../helpers/openapi-conformance.js';

const prisma = testPrisma();
let app: TestApp;
let keys: string[] = [];
const key = () => keys.pop()!;
let dailySlug = '';
let otherSlug = '';

async function call(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.baseUrl}/api/v1${path}`, { headers });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: left as text */
  }
  return { status: response.status, headers: response.headers, body: body as any };
}

/** Calls with a fresh key and asserts conformance; returns the response. */
async function expectConforming(template: string, path: string, status: number, headers: Record<string, string> = { 'x-api-key': key() }) {
  const response = await call(path, headers);
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(conformanceProblems('GET', template, response)).toEqual([]);
  return response;
}

beforeAll(async () => {
  await resetDatabase(prisma);
  await seedCatalogue(prisma, standardCatalogue());
  keys = (await createApiKeys(prisma, { label: 'openapi tests', tier: 'standard' }, NOW, 60)).map((k) => k.key);
  // the 503's Retry-After follows the day's refresh at once, not after the second it is remembered for
  app = await startTestApp({ prisma, now: NOW, pickPendingMemoMs: 0 });
  const pick = await prisma.dailyPick.findFirstOrThrow({ include: { cause: true } });
  dailySlug = pick.cause.slug;
  otherSlug = (await prisma.cause.findFirstOrThrow({ where: { externalId: 'c20' } })).slug;
});

afterAll(async () => {
  await app.close();
  await prisma.$disconnect();
});

describe('the document', () => {
  it('is served without a key and is valid OpenAPI 3.1 by @readme/openapi-parser', async () => {
    const response = await call('/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    expect(conformanceProblems('GET', '/openapi.json', response)).toEqual([]);
    const result = await validate(structuredClone(response.body));
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it("names the operator's contact (SUPPORT_EMAIL, SUPPORT_URL) in info.contact and the getting-started text, and says so when there is none", async () => {
    const none = (await getJson(app.baseUrl, '/api/v1/openapi.json')).body;
    expect(none.info.contact).toEqual({ name: 'Operator (keys and support)' });
    expect(none.info.description).toContain(
      'there is no sign-up page. The operator of this service has not published a contact address here yet; ask whoever pointed you to it.',
    );
    const withContact = await startTestApp({ prisma, now: NOW, support: { email: 'keys@newsroom.example', url: 'https://newsroom.example/api' } });
    try {
      const doc = (await getJson(withContact.baseUrl, '/api/v1/openapi.json')).body;
      expect(doc.info.contact).toEqual({ name: 'Operator (keys and support)', email: 'keys@newsroom.example', url: 'https://newsroom.example/api' });
      expect(doc.info.description).toContain(
        'there is no sign-up page. To ask for a key or for support, write to [keys@newsroom.example](mailto:keys@newsroom.example), or see [https://newsroom.example/api](https://newsroom.example/api).',
      );
      // the rest of the document is the one the typed client and these tests are made from
      expect({ ...doc, info: undefined }).toEqual({ ...none, info: undefined });
      // the contact is in the documentation only: the spec's error bodies stay byte for byte
      const missing = await fetch(`${withContact.baseUrl}/api/v1/daily-action`);
      expect([missing.status, await missing.text()]).toEqual([401, '{"error":"Missing X-Api-Key header."}']);
      const invalid = await fetch(`${withContact.baseUrl}/api/v1/daily-action`, { headers: { 'x-api-key': 'esk_unknown' } });
      expect([invalid.status, await invalid.text()]).toEqual([401, '{"error":"Invalid or expired API key."}']);
    } finally {
      await withContact.close();
    }
  });

  it('GET / points to the documentation, without a key', async () => {
    const { status, body, headers } = await getJson(app.baseUrl, '/');
    expect({ status, body }).toEqual({ status: 200, body: { name: 'Engagement-Signal API', documentation: '/docs', openapi: '/api/v1/openapi.json' } });
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('HEAD / answers 200 with the headers of GET and no body; other methods on / are 405 with Allow', async () => {
    const head = await fetch(`${app.baseUrl}/`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), head.headers.get('cache-control'), await head.text()]).toEqual([
      200,
      'application/json; charset=utf-8',
      'public, max-age=300',
      '',
    ]);
    const post = await fetch(`${app.baseUrl}/`, { method: 'POST' });
    expect([post.status, post.headers.get('allow'), await post.text()]).toEqual([
      405,
      'GET, HEAD',
      '{"error":"Method not allowed. Every endpoint of this API answers GET only."}',
    ]);
  });

  it('documents every REST v1 route with the X-Api-Key scheme', async () => {
    const { body } = await call('/openapi.json');
    expect(Object.keys(body.paths)).toEqual([
      '/daily-action',
      '/causes',
      '/causes/{slug}',
      '/daily-actions',
      '/daily-actions/{date}',
      '/sources',
      '/feeds/daily-action.rss',
      '/feeds/daily-action.atom',
      '/feeds/daily-action.json',
      '/feeds/deadlines.ics',
      '/openapi.json',
    ]);
    expect(body.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
    expect(body.security).toEqual([{ apiKey: [] }]);
  });
});

describe('real responses conform to the document', () => {
  it('GET /daily-action: 200 in de and en, 400, 401 twice', async () => {
    const de = await expectConforming('/daily-action', '/daily-action', 200);
    expect(de.body.cause.slug).toBe(dailySlug);
    expect(de.body.action.language).toBe('de');
    const en = await expectConforming('/daily-action', '/daily-action?lang=en', 200);
    expect(en.body.action.language).toBe('en');
    expect(en.headers.get('content-language')).toBe('en');
    expect((await expectConforming('/daily-action', '/daily-action?lang=fr', 400)).body).toEqual({
      error: 'Invalid value for "lang": expected one of de, en.',
    });
    expect((await expectConforming('/daily-action', '/daily-action?sort=x', 400)).body.error).toBe(
      'Unknown query parameter "sort". This endpoint accepts: lang.',
    );
    expect((await expectConforming('/daily-action', '/daily-action', 401, {})).body).toEqual({ error: 'Missing X-Api-Key header.' });
    expect((await expectConforming('/daily-action', '/daily-action', 401, { 'x-api-key': 'esk_unknownunknownunknownunknown12' })).body).toEqual({
      error: 'Invalid or expired API key.',
    });
  });

  it('GET /causes: 200 (a page, a filtered page, a page past the end), 400', async () => {
    const page = await expectConforming('/causes', '/causes', 200);
    expect(page.body).toMatchObject({ total: 23, page: 1, pageSize: 20 });
    expect(page.body.items).toHaveLength(20);
    expect((await expectConforming('/causes', '/causes?category=Brief&pageSize=3&page=2&lang=en', 200)).body).toMatchObject({ total: 7, page: 2, pageSize: 3 });
    expect((await expectConforming('/causes', '/causes?page=9', 200)).body).toEqual({ total: 23, page: 9, pageSize: 20, items: [] });
    expect((await expectConforming('/causes', '/causes?pageSize=51', 400)).body).toEqual({
      error: 'Invalid value for "pageSize": expected a whole number from 1 to 50.',
    });
  });

  it('GET /causes/{slug}: 200 with an action and with action null, 404', async () => {
    const withAction = await expectConforming('/causes/{slug}', `/causes/${dailySlug}?lang=en`, 200);
    expect(withAction.body.action.language).toBe('en');
    const without = await expectConforming('/causes/{slug}', `/causes/${otherSlug}`, 200);
    expect(without.body.action).toBeNull();
    expect(without.body.deadline).toBeNull();
    expect((await expectConforming('/causes/{slug}', '/causes/no-such-cause', 404)).body).toEqual({ error: 'No cause with the slug "no-such-cause".' });
  });

  it('GET /daily-actions: 200 (a page, a page past the end, in en), 400 for a day after the current one, 304', async () => {
    const page = await expectConforming('/daily-actions', '/daily-actions', 200);
    // the service's first recorded day is NOW's content day, which it served
    expect(page.body).toMatchObject({ from: '2026-10-23', to: '2026-11-21', total: 1, page: 1, pageSize: 20 });
    expect(page.body.items[0]).toMatchObject({ date: '2026-11-21', cause: { slug: dailySlug }, reason: null });
    expect((await expectConforming('/daily-actions', '/daily-actions?page=2&lang=en', 200)).body.items).toEqual([]);
    expect((await expectConforming('/daily-actions', '/daily-actions?to=2026-11-22', 400)).body).toEqual({
      error: 'Invalid value for "to": expected a day no later than the current content day.',
    });
    const etag = page.headers.get('etag')!;
    expect((await expectConforming('/daily-actions', '/daily-actions', 304, { 'x-api-key': key(), 'if-none-match': etag })).body).toBe('');
  });

  it('GET /daily-actions/{date}: 200 served, 200 with a reason, 404, 400', async () => {
    const served = await expectConforming('/daily-actions/{date}', '/daily-actions/2026-11-21?lang=en', 200);
    expect(served.body).toMatchObject({ date: '2026-11-21', cause: { slug: dailySlug }, action: { language: 'en' }, reason: null });
    const saved = await prisma.dailyActionSnapshot.findMany();
    await prisma.dailyActionSnapshot.deleteMany();
    await bumpContentVersion(prisma);
    try {
      const notArchived = await expectConforming('/daily-actions/{date}', '/daily-actions/2026-11-21', 200);
      expect(notArchived.body).toEqual({
        date: '2026-11-21',
        cause: null,
        action: null,
        reason: 'Not archived: a daily action was chosen for this day, but what was served is not on record.',
      });
    } finally {
      await prisma.dailyActionSnapshot.createMany({ data: saved as any });
      await bumpContentVersion(prisma);
    }
    expect((await expectConforming('/daily-actions/{date}', '/daily-actions/2026-11-20', 404)).body).toEqual({
      error: 'No daily action recorded for the day "2026-11-20".',
    });
    expect((await expectConforming('/daily-actions/{date}', '/daily-actions/2026-13-01', 400)).body).toEqual({
      error: 'Invalid value for "date": expected a date written YYYY-MM-DD.',
    });
  });

  it('GET /sources: 200 (a source imported but not configured here, never fetched), 304, 400, 401', async () => {
    const sources = await expectConforming('/sources', '/sources', 200);
    expect(sources.body).toEqual([
      {
        name: 'Testquelle',
        platform: 'testplattform',
        type: 'json-feed',
        licence: null,
        configured: false,
        status: 'never_fetched',
        reason: null,
        lastAttemptAt: null,
        lastSuccessAt: null,
        activeCauses: 23,
        lastFetchCounts: null,
      },
    ]);
    await expectConforming('/sources', '/sources', 304, { 'x-api-key': key(), 'if-none-match': sources.headers.get('etag')! });
    expect((await expectConforming('/sources', '/sources?page=1', 400)).body).toEqual({ error: 'Unknown query parameter "page". This endpoint accepts none.' });
    expect((await expectConforming('/sources', '/sources', 401, {})).body).toEqual({ error: 'Missing X-Api-Key header.' });
  });

  it('429 with Retry-After and the limit headers', async () => {
    const k = key();
    await expectConforming('/causes', '/causes?pageSize=1', 200, { 'x-api-key': k });
    const limited = await expectConforming('/causes', '/causes?pageSize=1', 429, { 'x-api-key': k });
    expect(limited.body).toEqual({ error: 'Rate limit exceeded. Retry after 1 second.' });
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.headers.get('ratelimit')).toBe('"per-key";r=0;t=1');
  });

  it('304 to a matching If-None-Match, with the ETag and Cache-Control', async () => {
    const first = await expectConforming('/causes/{slug}', `/causes/${dailySlug}`, 200);
    const etag = first.headers.get('etag')!;
    const second = await expectConforming('/causes/{slug}', `/causes/${dailySlug}`, 304, { 'x-api-key': key(), 'if-none-match': etag });
    expect(second.body).toBe('');
    expect(second.headers.get('etag')).toBe(etag);
    // a different ETag gets the full answer
    expect((await call(`/causes/${dailySlug}`, { 'x-api-key': key(), 'if-none-match': 'W/"other"' })).status).toBe(200);
  });

  it('503 while the content day has no daily action, on REST and /graphql: with Retry-After while its refresh is to come or running, without once it ran', async () => {
    const saved = await prisma.dailyPick.findMany();
    const savedRuns = await prisma.jobRun.findMany();
    await prisma.dailyPick.deleteMany();
    await prisma.jobRun.deleteMany();
    await bumpContentVersion(prisma);
    const day = new Date(`${contentDay(NOW)}T00:00:00Z`);
    // /graphql's dailyAction says the same, with the same Retry-After
    const dashboards = (await createApiKeys(prisma, { label: 'openapi tests, dashboard', tier: 'growth' }, NOW, 2)).map((k) => k.key);
    const graphqlDailyAction = () =>
      fetch(`${app.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': dashboards.pop()! },
        body: JSON.stringify({ query: '{ dailyAction { day } }' }),
      }).then(async (r) => ({
        status: r.status,
        messages: ((await r.json()).errors ?? []).map((e: { message: string }) => e.message),
        retryAfter: r.headers.get('retry-after'),
      }));
    try {
      // no refresh for the day yet (a start, or the seconds after 02:00)
      const notYet = await expectConforming('/daily-action', '/daily-action', 503);
      expect(notYet.body).toEqual({ error: 'No action available today.' });
      expect(notYet.headers.get('retry-after')).toBe('5');
      expect(await graphqlDailyAction()).toEqual({ status: 503, messages: ['No action available today.'], retryAfter: '5' });
      const run = await prisma.jobRun.create({ data: { job: 'refresh', day, status: 'running', trigger: 'scheduler', startedAt: NOW } });
      expect((await expectConforming('/daily-action', '/daily-action', 503)).headers.get('retry-after')).toBe('5');
      await prisma.jobRun.update({ where: { id: run.id }, data: { status: 'succeeded', finishedAt: NOW } });
      // the refresh ran and chose nothing: none today
      const none = await expectConforming('/daily-action', '/daily-action', 503);
      expect(none.body).toEqual({ error: 'No action available today.' });
      expect(none.headers.get('retry-after')).toBeNull();
      expect(await graphqlDailyAction()).toEqual({ status: 503, messages: ['No action available today.'], retryAfter: null });
    } finally {
      await prisma.jobRun.deleteMany();
      await prisma.jobRun.createMany({ data: savedRuns as any });
      await prisma.dailyPick.createMany({ data: saved });
      await bumpContentVersion(prisma);
    }
  });
});

describe('headers integrators rely on', () => {
  it('a 200 carries the limit headers, Content-Language = lang, an ETag and Cache-Control up to the next change of day', async () => {
    const response = await call('/causes?pageSize=1', { 'x-api-key': key() });
    expect(response.status).toBe(200);
    expect(response.headers.get('ratelimit-policy')).toBe('"per-key";q=1;w=1');
    expect(response.headers.get('ratelimit')).toBe('"per-key";r=0;t=1');
    expect(response.headers.get('content-language')).toBe('de');
    // NOW is 11:00 in Berlin: the next change (midnight) is 13 hours away, so the 5-minute cap applies
    expect(response.headers.get('cache-control')).toBe('private, max-age=300, must-revalidate');
    expect(response.headers.get('etag')).toMatch(/^W\/".+"$/);
  });

  it('CORS: any origin without credentials; a browser may read the limit, caching and language headers; REST preflights allow GET only', async () => {
    const response = await call('/causes?pageSize=1', { 'x-api-key': key(), origin: 'https://newsroom.example' });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('access-control-expose-headers')).toBe(
      'Retry-After, ETag, RateLimit, RateLimit-Policy, Content-Language, X-Request-Id, X-Test-Mode',
    );
    const preflight = await fetch(`${app.baseUrl}/api/v1/causes`, {
      method: 'OPTIONS',
      headers: { origin: 'https://newsroom.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('X-Api-Key, Content-Type, If-None-Match');
  });

  it('the document is GET only: other methods answer 405 with Allow', async () => {
    const response = await fetch(`${app.baseUrl}/api/v1/openapi.json`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(await response.json()).toEqual({ error: 'Method not allowed. Every endpoint of this API answers GET only.' });
  });

  it('a 401 carries the policy but no key state', async () => {
    const response = await call('/causes');
    expect(response.status).toBe(401);
    expect(response.headers.get('ratelimit-policy')).toBe('"per-key";q=1;w=1');
    expect(response.headers.get('ratelimit')).toBeNull();
  });

  it('max-age never reaches past Berlin midnight or 02:00, on ordinary and DST nights', () => {
    // 23:58:20 CET: 100 s to midnight
    expect(cacheMaxAge(new Date('2026-11-21T22:58:20Z'))).toBe(100);
    // 01:59:00 CET: 60 s to the content day
    expect(cacheMaxAge(new Date('2026-11-22T00:59:00Z'))).toBe(60);
    // 01:58:00 CET on the night the clocks go forward: the content day starts 120 s later at 03:00 CEST
    expect(cacheMaxAge(new Date('2027-03-28T00:58:00Z'))).toBe(120);
    // 01:59:30 CEST on the night the clocks go back: 02:00 CEST comes 30 s later
    expect(cacheMaxAge(new Date('2027-10-30T23:59:30Z'))).toBe(30);
    // 12:00: the cap
    expect(cacheMaxAge(new Date('2026-11-21T11:00:00Z'))).toBe(300);
  });
});
