// The per-key limit as the spec words it ("more than 1 request per second"), in memory and in the real
// Redis, and with a Redis that answers late (a TCP proxy holding its replies back); where the server
// keeps it in Redis (REDIS_KEY_PREFIX), and that the tests use only REDIS_URL's database.
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisClient } from '../../src/infra/redis.js';
import { createApiKeys } from '../../src/modules/api-keys/api-keys.service.js';
import type { KeyRateLimiter } from '../../src/http/rate-limit.js';
import { startTcpProxy } from '../helpers/tcp-proxy.js';
import { NOW, seedCatalogue, standardCatalogue } from '../helpers/catalogue.js';
import { getJson, issueKey, resetDatabase, silentLogger, startTestApp, testPrisma, testRedis, type TestApp } from '../helpers/test-app.js';
import { startServer } from '../helpers/processes.js';
import { testDatabaseUrl, testRedisPrefix, testRedisUrl } from '../helpers/workers.js';

const prisma = testPrisma();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ready = (redis: { status: string; once(event: 'ready', fn: () => void): unknown }) =>
  new Promise<void>((resolve) => (redis.status === 'ready' ? resolve() : redis.once('ready', () => resolve())));

beforeAll(async () => {
  await resetDatabase(prisma);
  await seedCatalogue(prisma, standardCatalogue());
});

afterAll(async () => {
  await prisma.$disconnect();
});

/** Sends `count` requests with one key, each `gapMs` after the previous one was sent; returns the statuses. */
/**
 * `count` requests with the key, on a schedule of one every `gapMs`; or, `afterAnswer`, each `gapMs` after
 * the answer to the one before: the server then checks them at least `gapMs` apart however late a loaded
 * machine runs any of them (it checks a request before it answers it).
 */
async function paced(app: TestApp, key: string, count: number, gapMs: number, afterAnswer = false): Promise<number[]> {
  // The client's connection is opened first, so that the first request is not late against its schedule.
  await fetch(`${app.baseUrl}/health`).then((r) => r.text());
  const start = performance.now();
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    if (afterAnswer) await sleep(i === 0 ? 0 : gapMs);
    else await sleep(Math.max(0, start + i * gapMs - performance.now()));
    statuses.push((await getJson(app.baseUrl, '/api/v1/causes?pageSize=1', key)).status);
  }
  return statuses;
}

describe.each([
  ['in memory', false],
  ['in Redis', true],
] as const)('one request per second %s', (_name, withRedis) => {
  let app: TestApp;
  let redis: ReturnType<typeof testRedis> | undefined;
  // The clients' keys, issued before any client starts: a key issued while another client runs would
  // make that client's next request wait for a fresh read of the keys, and so look late or early
  // against its schedule by more than the limit's 100 ms tolerance.
  let keys: string[] = [];
  // Without REDIS_URL the Redis variant is skipped (and counted as skipped); CI always runs it.
  if (withRedis && !testRedisUrl()) {
    it.skip('needs REDIS_URL (the real Redis)', () => {});
    return;
  }
  beforeAll(async () => {
    redis = withRedis ? testRedis() : undefined;
    if (redis) await ready(redis);
    app = await startTestApp({ prisma, now: NOW, redis });
    keys = await Promise.all([0, 1, 2, 3, 4].map(() => issueKey(prisma, 'standard', NOW)));
    // One request with a key of its own: the process reads the keys and builds the answer now, not
    // during the first client's schedule.
    expect((await getJson(app.baseUrl, '/api/v1/causes?pageSize=1', keys[4])).status).toBe(200);
  });
  afterAll(async () => {
    await app.close();
    redis?.disconnect();
  });

  // Each client has a key of its own, so the four run side by side (a key's limit is all they share).
  it.concurrent('a client that sends one request a second (each 1000 ms after the answer before) is never refused', async ({ expect }) => {
    expect(await paced(app, keys[0], 6, 1000, true)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it.concurrent('a client that sends one every 700 ms gets every second request refused', async ({ expect }) => {
    expect(await paced(app, keys[1], 4, 700)).toEqual([200, 429, 200, 429]);
  });

  it.concurrent('a client that sends one every 900 ms (within the tolerance, but more than one a second) is refused on average', async ({ expect }) => {
    const statuses = await paced(app, keys[2], 6, 900);
    // GCRA's bound: over 4.5 s at most floor((4500 + 100) / 1000) + 1 = 5 requests
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    expect(statuses[0]).toBe(200);
  });

  it.concurrent('a refused request does not push the next allowed one back', async ({ expect }) => {
    // Timed from the first answer, which the server has seen before it is back: a fixed schedule from the
    // start made the third request look early whenever a loaded machine answered the first one late.
    const send = async () => (await getJson(app.baseUrl, '/api/v1/causes?pageSize=1', keys[3])).status;
    await fetch(`${app.baseUrl}/health`).then((r) => r.text());
    const statuses = [await send()];
    const firstAnswered = performance.now();
    await sleep(500);
    statuses.push(await send()); // half a second after the first: refused
    await sleep(Math.max(0, firstAnswered + 1030 - performance.now()));
    // a second after the first: allowed, had the refused one pushed the next allowed back, not before 1.5 s
    statuses.push(await send());
    expect(statuses).toEqual([200, 429, 200]);
  });
});

describe.skipIf(!testRedisUrl())('a slow Redis', () => {
  it('with Redis replies 2 s late, requests are answered without waiting for it, still limited, and Redis is used again when it is fast', async () => {
    const target = new URL(testRedisUrl()!);
    const proxy = await startTcpProxy(() => net.connect(Number(target.port || 6379), target.hostname));
    const url = new URL(testRedisUrl()!);
    url.port = String(proxy.port);
    url.hostname = '127.0.0.1';
    const redis = createRedisClient(url.toString(), silentLogger);
    const prefix = `test:rl:${randomUUID()}`;
    let limiter: KeyRateLimiter | undefined;
    const app = await startTestApp({ prisma, now: NOW, redis, rateLimitPrefix: prefix, onLimiter: (l) => (limiter = l) });
    const direct = testRedis();
    const peer = await startTestApp({ prisma, now: NOW, redis: direct, rateLimitPrefix: prefix });
    try {
      await Promise.all([ready(redis), ready(direct)]);
      const keys = (await createApiKeys(prisma, { label: 'slow redis', tier: 'standard' }, NOW, 201)).map((k) => k.key);
      // warm the key cache, so that the latencies below are the limiter's and the app's only
      for (const key of keys) await getJson(app.baseUrl, '/api/v1/causes/x', key);
      await sleep(1000);
      expect(limiter!.mode).toBe('redis');

      proxy.delay(2000);
      const latencies: number[] = [];
      const statuses: number[] = [];
      for (const key of keys.slice(0, 200)) {
        const started = performance.now();
        statuses.push((await getJson(app.baseUrl, '/api/v1/causes?pageSize=1', key)).status);
        latencies.push(performance.now() - started);
      }
      expect(limiter!.mode).toBe('memory');
      expect(new Set(statuses)).toEqual(new Set([200]));
      latencies.sort((a, b) => a - b);
      const p99 = latencies[Math.floor(latencies.length * 0.99) - 1];
      console.log(`Redis 2 s late: p50 ${latencies[99].toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`);
      // none waited for Redis's late reply (the bound itself is measured by the benchmark, not here)
      expect(latencies.at(-1)).toBeLessThan(1000);
      // still limited, in memory
      expect((await getJson(app.baseUrl, '/api/v1/causes?pageSize=1', keys[199])).status).toBe(429);
      // the process still answers, so it stays ready; /status says where the limit is decided now
      expect(await getJson(app.baseUrl, '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
      expect((await getJson(app.baseUrl, '/status')).body.rateLimit).toEqual({
        store: 'memory',
        detail: "Redis is unreachable or slow: per-key limits are held in this process's memory until it answers in time",
      });

      proxy.delay(0);
      await sleep(2500); // the late replies drain; the probe finds Redis fast again
      expect(limiter!.mode).toBe('redis');
      expect((await getJson(app.baseUrl, '/status')).body.rateLimit).toEqual({ store: 'redis' });
      expect((await getJson(app.baseUrl, '/api/v1/causes?pageSize=1', keys[200])).status).toBe(200);
      // shared again: the other process sees the budget spent
      expect((await getJson(peer.baseUrl, '/api/v1/causes?pageSize=1', keys[200])).status).toBe(429);
    } finally {
      await Promise.all([app.close(), peer.close()]);
      redis.disconnect();
      direct.disconnect();
      await proxy.close();
    }
  });
});

describe.skipIf(!testRedisUrl())('where the limit is kept in Redis', () => {
  it('the server keeps it under REDIS_KEY_PREFIX in the database REDIS_URL names; the tests use that database, under their prefix', async () => {
    const redis = testRedis();
    await ready(redis);
    // the tests' connections use REDIS_URL's database as given, and what they start gets the worker's prefix
    expect(redis.options.db ?? 0).toBe(Number(new URL(testRedisUrl()!).pathname.slice(1) || 0));
    expect(process.env.REDIS_KEY_PREFIX).toBe(testRedisPrefix());
    const prefix = `${testRedisPrefix()}server-${randomUUID().slice(0, 8)}:`;
    const [spent, fresh] = await createApiKeys(prisma, { label: 'prefix', tier: 'standard' }, NOW, 2);
    // the first key's next request is allowed a minute from now (Redis's clock), in its limit's key under the prefix
    const [seconds] = await redis.time();
    const limitKey = `${prefix}rl:${spent.id}`;
    await redis.set(limitKey, String(Number(seconds) * 1000 + 60_000), 'PX', 60_000);
    const server = await startServer({
      ...process.env,
      DATABASE_URL: testDatabaseUrl(),
      REDIS_URL: testRedisUrl()!,
      REDIS_KEY_PREFIX: prefix,
      LOG_LEVEL: 'warn',
    });
    try {
      expect((await getJson(server.baseUrl, '/status')).body.rateLimit).toEqual({ store: 'redis' });
      expect((await getJson(server.baseUrl, '/api/v1/causes?pageSize=1', spent.key)).status).toBe(429);
      expect((await getJson(server.baseUrl, '/api/v1/causes?pageSize=1', fresh.key)).status).toBe(200);
    } finally {
      await server.stop();
      await redis.del(limitKey);
      redis.disconnect();
    }
  }, 180_000);
});
