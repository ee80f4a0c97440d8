// Keys, tiers and the per-key limit: every row of the spec's error table, against the real database and,
// for the shared limit, the real Redis.
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiKeys, revokeApiKey } from '../../src/modules/api-keys/api-keys.service.js';
import { createRedisClient } from '../../src/infra/redis.js';
import { startTcpProxy } from '../helpers/tcp-proxy.js';
import { NOW, seedCatalogue, standardCatalogue } from '../helpers/catalogue.js';
import {
  bumpContentVersion,
  getJson,
  issueKey,
  limiterOnTestClock,
  resetDatabase,
  silentLogger,
  startTestApp,
  testPrisma,
  testRedis,
  type TestApp,
} from '../helpers/test-app.js';
import { testRedisUrl } from '../helpers/workers.js';

const prisma = testPrisma();
let app: TestApp;
const ready = (redis: { status: string; once(event: 'ready', fn: () => void): unknown }) =>
  new Promise<void>((resolve) => (redis.status === 'ready' ? resolve() : redis.once('ready', () => resolve())));

beforeAll(async () => {
  await resetDatabase(prisma);
  await seedCatalogue(prisma, standardCatalogue());
  app = await startTestApp({ prisma, now: NOW });
});

afterAll(async () => {
  await app.close();
  await prisma.$disconnect();
});

describe('authentication (spec part 5 and 7)', () => {
  it('without X-Api-Key: 401 "Missing X-Api-Key header." (on /graphql as a GraphQL error)', async () => {
    for (const path of ['/api/v1/daily-action', '/api/v1/causes', '/api/v1/causes/x']) {
      expect(await getJson(app.baseUrl, path)).toMatchObject({ status: 401, body: { error: 'Missing X-Api-Key header.' } });
    }
    const graphql = await getJson(app.baseUrl, '/graphql');
    expect([graphql.status, graphql.headers.get('content-type'), graphql.body]).toEqual([
      401,
      'application/graphql-response+json; charset=utf-8',
      { errors: [{ message: 'Missing X-Api-Key header.', extensions: { code: 'UNAUTHENTICATED' } }] },
    ]);
  });

  it('with an unknown key: 401 "Invalid or expired API key."', async () => {
    for (const presented of ['esk_doesnotexist', 'hello', '']) {
      expect(await getJson(app.baseUrl, '/api/v1/causes', presented)).toMatchObject({
        status: 401,
        body: { error: 'Invalid or expired API key.' },
      });
    }
  });

  it('with an expired key: 401 "Invalid or expired API key."', async () => {
    const key = await issueKey(prisma, 'free', NOW, { expiresAt: new Date(NOW.getTime() - 1000) });
    expect(await getJson(app.baseUrl, '/api/v1/causes', key)).toMatchObject({ status: 401, body: { error: 'Invalid or expired API key.' } });
  });

  it('with a free key still in its first month: 200', async () => {
    const key = await issueKey(prisma, 'free', NOW);
    expect((await getJson(app.baseUrl, '/api/v1/causes', key)).status).toBe(200);
  });

  it('when the key is revoked, then the next request gets 401', async () => {
    const [created] = await createApiKeys(prisma, { label: 'to revoke', tier: 'standard' }, NOW);
    expect((await getJson(app.baseUrl, '/api/v1/daily-action', created.key)).status).toBe(200);
    expect(await revokeApiKey(prisma, created.id, NOW)).toBe(true);
    expect(await getJson(app.baseUrl, '/api/v1/daily-action', created.key)).toMatchObject({
      status: 401,
      body: { error: 'Invalid or expired API key.' },
    });
  });

  it('stores only a hash of the key', async () => {
    const [created] = await createApiKeys(prisma, { label: 'hash check', tier: 'standard' }, NOW);
    const row = await prisma.apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(JSON.stringify(row)).not.toContain(created.key);
    expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('/graphql is for growth and enterprise keys', () => {
  const query = async (key: string) =>
    fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ query: '{ causes(pageSize: 2, category: Spenden) { total items { title urgency_score { total } } } }' }),
    });

  it.each(['growth', 'enterprise'] as const)('a %s key gets data from the same resolvers as REST', async (tier) => {
    const response = await query(await issueKey(prisma, tier, NOW));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: {
        causes: {
          total: 8,
          items: [
            { title: 'Aktion 01', urgency_score: { total: 100 } },
            { title: 'Aktion 07', urgency_score: { total: 90 } },
          ],
        },
      },
    });
  });

  it.each([
    ['a parse error', '{ causes { total ', 'GRAPHQL_PARSE_FAILED', 'Syntax Error: Expected Name, found <EOF>.'],
    ['an unknown field', '{ nope }', 'GRAPHQL_VALIDATION_FAILED', 'Cannot query field "nope" on type "Query".'],
    [
      'too many aliases',
      `{ ${Array.from({ length: 11 }, (_, i) => `a${i}: causes { total }`).join(' ')} }`,
      'GRAPHQL_VALIDATION_FAILED',
      'Too many aliases: the query uses 11, at most 10 are allowed.',
    ],
  ])('GraphQL over HTTP: %s is 400 for application/graphql-response+json, 200 for application/json', async (_name, query, code, message) => {
    const strict = await post(query, 'application/graphql-response+json');
    expect(strict.status).toBe(400);
    expect(strict.headers.get('content-type')).toBe('application/graphql-response+json; charset=utf-8');
    const body = await strict.json();
    expect(body.errors.map((e: { message: string; extensions: unknown }) => [e.message, e.extensions])).toEqual([[message, { code }]]);
    // the specification's rule for the legacy media type: 200 with the errors
    expect((await post(query, 'application/json')).status).toBe(200);
  });

  it.each(['free', 'standard'] as const)('a %s key gets 403 "This endpoint requires Growth or Enterprise tier."', async (tier) => {
    const response = await query(await issueKey(prisma, tier, NOW));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ errors: [{ message: 'This endpoint requires Growth or Enterprise tier.', extensions: { code: 'FORBIDDEN' } }] });
  });

  const aliased = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: causes(pageSize: 1) { total }`).join(' ')} }`;
  const post = async (query: string, accept = 'application/json') =>
    fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept, 'x-api-key': await issueKey(prisma, 'growth', NOW) },
      body: JSON.stringify({ query }),
    });
  const ask = async (query: string) => (await post(query)).json();

  it('a query with more than 10 aliases is refused before it runs, as a validation error; 10 are answered', async () => {
    const refused = await ask(aliased(11));
    expect(refused.data).toBeUndefined();
    expect(refused.errors.map((e: { message: string }) => e.message)).toEqual(['Too many aliases: the query uses 11, at most 10 are allowed.']);
    expect(refused.errors[0].extensions).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED' });
    const answered = await ask(aliased(10));
    expect(answered.errors).toBeUndefined();
    expect(Object.keys(answered.data)).toHaveLength(10);
    expect(answered.data.a9).toEqual({ total: 23 });
  });

  it('a bad paging value is a GraphQL error with the same message as REST', async () => {
    const response = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': await issueKey(prisma, 'growth', NOW) },
      body: JSON.stringify({ query: '{ causes(pageSize: 51) { total } }' }),
    });
    const body = await response.json();
    expect(body.errors[0].message).toBe('Invalid value for "pageSize": expected a whole number from 1 to 50.');
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});

describe('GraphQL over HTTP: the status follows the media type answered', () => {
  const STRICT = 'application/graphql-response+json; charset=utf-8';
  const LEGACY = 'application/json; charset=utf-8';
  // the Accept headers and the media type each is answered in: the client's q decides, a tie is the new type
  const accepts: [string, string][] = [
    ['application/graphql-response+json', STRICT],
    ['*/*', STRICT],
    ['application/*', STRICT],
    ['application/graphql-response+json, application/json;q=0.9', STRICT],
    ['application/json, application/graphql-response+json', STRICT],
    ['application/graphql-response+json;q=0.5, application/json', LEGACY],
    ['application/json', LEGACY],
  ];
  const send = async (body: string, accept: string) => {
    const response = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept, 'x-api-key': await issueKey(prisma, 'growth', NOW) },
      body,
    });
    return { status: response.status, type: response.headers.get('content-type'), body: await response.json() };
  };
  const cases: [string, string, number, number, unknown][] = [
    ['an answer', JSON.stringify({ query: '{ causes(pageSize: 1) { total } }' }), 200, 200, { data: { causes: { total: 23 } } }],
    [
      'a syntax error',
      JSON.stringify({ query: '{ causes { total ' }),
      400,
      200,
      {
        errors: [{ message: 'Syntax Error: Expected Name, found <EOF>.', locations: [{ line: 1, column: 18 }], extensions: { code: 'GRAPHQL_PARSE_FAILED' } }],
      },
    ],
    [
      'a validation error',
      JSON.stringify({ query: '{ nope }' }),
      400,
      200,
      {
        errors: [
          { message: 'Cannot query field "nope" on type "Query".', locations: [{ line: 1, column: 3 }], extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } },
        ],
      },
    ],
    [
      'a page over 50 where only totalCount is selected',
      JSON.stringify({ query: '{ causeSearch(first: 51) { totalCount } }' }),
      400,
      200,
      { errors: [{ message: 'Invalid value for "first": expected a whole number from 0 to 50.', extensions: { code: 'BAD_USER_INPUT' } }] },
    ],
    [
      'a variable that does not coerce',
      JSON.stringify({ query: 'query($n: Int) { causes(pageSize: $n) { total } }', variables: { n: 'x' } }),
      400,
      200,
      { errors: [{ message: 'Variable "$n" got invalid value "x"; Int cannot represent non-integer value: "x"', locations: [{ line: 1, column: 7 }] }] },
    ],
    ['a body that is not a GraphQL request', '{}', 400, 400, { errors: [{ message: 'Must provide query string.', extensions: { code: 'BAD_REQUEST' } }] }],
    [
      'an unknown slug (a failure mapped to 404 during execution)',
      JSON.stringify({ query: '{ cause(slug: "nope") { slug } }' }),
      404,
      200,
      {
        data: null,
        errors: [{ message: 'No cause with the slug "nope".', locations: [{ line: 1, column: 3 }], path: ['cause'], extensions: { code: 'NOT_FOUND' } }],
      },
    ],
  ];

  it.each(cases)('%s: the status by Accept, the same body', async (_name, body, strictStatus, legacyStatus, expected) => {
    for (const [accept, type] of accepts) {
      const answer = await send(body, accept);
      expect([accept, answer.status, answer.type, answer.body]).toEqual([accept, type === STRICT ? strictStatus : legacyStatus, type, expected]);
    }
  });
});

describe('503 when there is no daily action', () => {
  it('answers "No action available today." while the content day has no pick', async () => {
    const key = await issueKey(prisma, 'standard', NOW);
    const saved = await prisma.dailyPick.findMany();
    await prisma.dailyPick.deleteMany();
    await bumpContentVersion(prisma);
    try {
      expect(await getJson(app.baseUrl, '/api/v1/daily-action', key)).toMatchObject({
        status: 503,
        body: { error: 'No action available today.' },
      });
    } finally {
      await prisma.dailyPick.createMany({ data: saved });
      await bumpContentVersion(prisma);
    }
  });
});

async function expectLimited(baseUrl: string, key: string) {
  const limited = await getJson(baseUrl, '/api/v1/causes?pageSize=1', key);
  expect(limited.status).toBe(429);
  expect(limited.body).toEqual({ error: 'Rate limit exceeded. Retry after 1 second.' });
  expect(limited.headers.get('retry-after')).toBe('1');
}

describe('rate limit: 1 request per second per key (in memory, without Redis)', () => {
  it('the second request within a second is 429 with Retry-After: 1; after a second it passes again', async () => {
    const clock = limiterOnTestClock();
    const paced = await startTestApp({ prisma, now: NOW, limiter: clock.limiter });
    try {
      const key = await issueKey(prisma, 'standard', NOW);
      expect((await getJson(paced.baseUrl, '/api/v1/causes?pageSize=1', key)).status).toBe(200);
      clock.advance(899); // 1 s less the 100 ms of tolerance, less 1 ms
      await expectLimited(paced.baseUrl, key);
      clock.advance(1);
      expect((await getJson(paced.baseUrl, '/api/v1/causes?pageSize=1', key)).status).toBe(200);
      await expectLimited(paced.baseUrl, key);
    } finally {
      await paced.close();
    }
  });

  it('counts per key: another key is not limited', async () => {
    const [a, b] = [await issueKey(prisma, 'standard', NOW), await issueKey(prisma, 'standard', NOW)];
    expect((await getJson(app.baseUrl, '/api/v1/causes?pageSize=1', a)).status).toBe(200);
    expect((await getJson(app.baseUrl, '/api/v1/causes?pageSize=1', b)).status).toBe(200);
  });
});

describe.skipIf(!testRedisUrl())('rate limit in the real Redis', () => {
  it('two API processes share one budget per key', async () => {
    const [redisA, redisB] = [testRedis(), testRedis()];
    // the shared rule on a clock the test moves in place of Redis's TIME, over two connections; a loaded
    // machine's Redis may take longer than the 50 ms a request waits for it, and this test is not about that
    const clock = limiterOnTestClock(redisA, { redisTimeoutMs: 5000 });
    const a = await startTestApp({ prisma, now: NOW, redis: redisA, limiter: clock.limiter });
    const b = await startTestApp({ prisma, now: NOW, redis: redisB, limiter: clock.peer(redisB) });
    try {
      await Promise.all([ready(redisA), ready(redisB)]);
      const key = await issueKey(prisma, 'standard', NOW);
      expect((await getJson(a.baseUrl, '/api/v1/causes?pageSize=1', key)).status).toBe(200);
      await expectLimited(b.baseUrl, key);
      clock.advance(1000);
      expect((await getJson(b.baseUrl, '/api/v1/causes?pageSize=1', key)).status).toBe(200);
      await expectLimited(a.baseUrl, key);
    } finally {
      await Promise.all([a.close(), b.close()]);
      redisA.disconnect();
      redisB.disconnect();
    }
  });

  it('when Redis goes away mid-run, requests are still answered and still limited, and Redis is used again when it is back', async () => {
    // A TCP proxy in front of the real Redis lets the test take Redis away from the app and give it back.
    const target = new URL(testRedisUrl()!);
    const proxy = await startTcpProxy(() => net.connect(Number(target.port || 6379), target.hostname));
    const url = new URL(testRedisUrl()!);
    url.port = String(proxy.port);
    url.hostname = '127.0.0.1';
    const redis = createRedisClient(url.toString(), silentLogger);
    const prefix = `test:rl:${randomUUID()}`;
    const limited = await startTestApp({ prisma, now: NOW, redis, rateLimitPrefix: prefix });
    const direct = testRedis();
    const peer = await startTestApp({ prisma, now: NOW, redis: direct, rateLimitPrefix: prefix });
    try {
      await Promise.all([ready(redis), ready(direct)]);
      const before = await issueKey(prisma, 'standard', NOW);
      expect((await getJson(limited.baseUrl, '/api/v1/causes?pageSize=1', before)).status).toBe(200);
      await expectLimited(limited.baseUrl, before);

      proxy.cut();
      await vi.waitFor(() => expect(redis.status).not.toBe('ready'), { timeout: 10_000, interval: 10 });

      const during = await issueKey(prisma, 'standard', NOW);
      expect((await getJson(limited.baseUrl, '/api/v1/causes?pageSize=1', during)).status).toBe(200);
      await expectLimited(limited.baseUrl, during);

      proxy.restore();
      await ready(redis);
      const after = await issueKey(prisma, 'standard', NOW);
      expect((await getJson(limited.baseUrl, '/api/v1/causes?pageSize=1', after)).status).toBe(200);
      // the budget is in Redis again: a second process on the same Redis sees it spent
      await expectLimited(peer.baseUrl, after);
    } finally {
      await Promise.all([limited.close(), peer.close()]);
      redis.disconnect();
      direct.disconnect();
      await proxy.close();
    }
  });
});
