// Responses are served from memory per content version, and every process sees a change on its next
// request: here a second app instance stands for another API process.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiKeys, revokeApiKey } from '../../src/modules/api-keys/api-keys.service.js';
import { suppressCause } from '../../src/modules/daily-action/suppress-cause.service.js';
import { defaultTextGenerator } from '../../src/modules/texts/default-generator.js';
import { NOW, seedCatalogue, standardCatalogue } from '../helpers/catalogue.js';
import { startTcpProxy } from '../helpers/tcp-proxy.js';
import type { AppDeps } from '../../src/context.js';
import { LISTENER_NAME } from '../../src/modules/serving/versions.js';
import { getJson, limiterOnTestClock, resetDatabase, startTestApp, testPrisma, unlimited, type TestApp } from '../helpers/test-app.js';
import { testDatabaseUrl } from '../helpers/workers.js';

const prisma = testPrisma();
let a: TestApp;
let b: TestApp;
let keys: string[] = [];
const key = () => keys.pop()!;
// each app's per-key limit on a clock the test moves: a key's next second comes when the test says
const [clockA, clockB] = [limiterOnTestClock(), limiterOnTestClock()];

beforeAll(async () => {
  await resetDatabase(prisma);
  await seedCatalogue(prisma, standardCatalogue());
  keys = (await createApiKeys(prisma, { label: 'cache tests', tier: 'standard' }, NOW, 40)).map((k) => k.key);
  [a, b] = await Promise.all([startTestApp({ prisma, now: NOW, limiter: clockA.limiter }), startTestApp({ prisma, now: NOW, limiter: clockB.limiter })]);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
  await prisma.$disconnect();
});

describe('serving from memory', () => {
  it('answers a repeated request with the same body and ETag, and 304 to If-None-Match', async () => {
    const first = await fetch(`${a.baseUrl}/api/v1/causes?pageSize=2`, { headers: { 'x-api-key': key() } });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    const body = await first.text();
    const second = await fetch(`${a.baseUrl}/api/v1/causes?pageSize=2`, { headers: { 'x-api-key': key() } });
    expect(second.headers.get('etag')).toBe(etag);
    expect(await second.text()).toBe(body);
    // node:http, because fetch adds Cache-Control: no-cache to conditional requests
    const status = await new Promise<number | undefined>((resolve) =>
      http.get(`${a.baseUrl}/api/v1/causes?pageSize=2`, { headers: { 'x-api-key': key(), 'if-none-match': etag } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      }),
    );
    expect(status).toBe(304);
  });

  it('a suppression landed through the service is seen by every process on its next request', async () => {
    const before = await Promise.all([getJson(a.baseUrl, '/api/v1/daily-action', key()), getJson(b.baseUrl, '/api/v1/daily-action', key())]);
    expect(before[0].body.cause.slug).toBe(before[1].body.cause.slug);
    const outcome = await suppressCause(prisma, before[0].body.cause.slug, 'Prüfung', NOW, defaultTextGenerator);
    const after = await Promise.all([getJson(a.baseUrl, '/api/v1/daily-action', key()), getJson(b.baseUrl, '/api/v1/daily-action', key())]);
    expect(after.map((r) => r.body.cause.slug)).toEqual([outcome.replacement!.slug, outcome.replacement!.slug]);
  });

  it('GraphQL results are kept per content version too: a change is seen on the next query', async () => {
    let lastEtag = '';
    let firstEtag = '';
    const ask = async (tier: 'growth', ifNoneMatch?: string) => {
      const [created] = await createApiKeys(prisma, { label: 'dashboard', tier }, NOW);
      const response = await fetch(`${a.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': created.key, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
        body: JSON.stringify({ query: '{ dailyAction { cause { slug suppressed } } }' }),
      });
      expect(response.status).toBe(200);
      lastEtag = firstEtag || response.headers.get('etag') || '';
      firstEtag ||= lastEtag;
      return (await response.json()).data.dailyAction.cause;
    };
    const before = await ask('growth');
    expect(await ask('growth')).toEqual(before);
    const outcome = await suppressCause(prisma, before.slug, 'Prüfung', NOW, defaultTextGenerator);
    expect(await ask('growth')).toEqual({ slug: outcome.replacement!.slug, suppressed: false });
    // a conditional request with the ETag of the old answer gets the new answer, not 304
    expect(firstEtag).toMatch(/^[0-9a-f]{64}$/);
    expect(await ask('growth', lastEtag)).toEqual({ slug: outcome.replacement!.slug, suppressed: false });
  });

  it('when the database cannot be reached, what is in memory is still served', async () => {
    // The version reads of this app go through a TCP proxy that the test can cut.
    const target = new URL(testDatabaseUrl());
    const host = decodeURIComponent(target.hostname);
    const upstream = () => (host.startsWith('/') ? net.connect({ path: `${host}/.s.PGSQL.5432` }) : net.connect(Number(target.port || 5432), host));
    const proxy = await startTcpProxy(upstream);
    const viaProxy = new URL('postgres://postgres@127.0.0.1/postgres');
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = host.startsWith('/') ? '/postgres' : target.pathname;
    const clock = limiterOnTestClock();
    const c = await startTestApp({ prisma, now: NOW, versionsUrl: viaProxy.toString(), limiter: clock.limiter });
    try {
      const [k1, k2] = [key(), key()];
      const first = await getJson(c.baseUrl, '/api/v1/causes?pageSize=3', k1);
      expect(first.status).toBe(200);
      expect((await getJson(c.baseUrl, '/api/v1/causes?pageSize=1', k2)).status).toBe(200);
      clock.advance(1000); // k2's next second

      proxy.cut();
      const during = await getJson(c.baseUrl, '/api/v1/causes?pageSize=3', k2);
      expect(during.status).toBe(200);
      expect(during.body).toEqual(first.body);
    } finally {
      await c.close();
      await proxy.close();
    }
  });

  it('a revocation is seen by every process on its next request, although the key was cached', async () => {
    const [created] = await createApiKeys(prisma, { label: 'revoke me', tier: 'standard' }, NOW);
    expect((await getJson(a.baseUrl, '/api/v1/causes?pageSize=1', created.key)).status).toBe(200);
    // the key's next second in both processes: refused for its limit, it would answer 429, not 200 or 401
    clockA.advance(1000);
    clockB.advance(1000);
    expect((await getJson(b.baseUrl, '/api/v1/causes?pageSize=1', created.key)).status).toBe(200);
    await revokeApiKey(prisma, created.id, NOW);
    expect((await getJson(a.baseUrl, '/api/v1/causes?pageSize=1', created.key)).status).toBe(401);
    expect((await getJson(b.baseUrl, '/api/v1/causes?pageSize=1', created.key)).status).toBe(401);
  });
});

describe('hearing of changes through LISTEN/NOTIFY', () => {
  const embedded = decodeURIComponent(new URL(testDatabaseUrl()).hostname).startsWith('/');
  /** Asks until `done` holds for an answer (each time with a fresh key), for at most 5 s: the last answer. */
  const until = async (app: TestApp, path: string, done: (r: Awaited<ReturnType<typeof getJson>>) => boolean, apiKey?: string) => {
    let response: Awaited<ReturnType<typeof getJson>> | undefined;
    await vi
      .waitFor(
        async () => {
          response = await getJson(app.baseUrl, path, apiKey ?? key());
          if (!done(response)) throw new Error('not yet');
        },
        { timeout: 5000, interval: 20 },
      )
      .catch(() => undefined);
    return response!;
  };

  /** Whether the app hears of changes, waiting for it up to 5 s (its first read may be slow on a busy machine). */
  const listeningWithin5s = async (deps: AppDeps) => {
    await vi.waitFor(() => expect(deps.versions.listening).toBe(true), { timeout: 5000, interval: 50 }).catch(() => undefined);
    return deps.versions.listening;
  };

  it('a listening process sees a suppression and a revocation with no read of the versions per request (on the embedded database, which delivers no notifications, it reads per request)', async () => {
    let deps: AppDeps | undefined;
    // No poll for an hour: on Postgres, only a notification can bring the change.
    // No limit: `until` asks again with the same key until the change is seen.
    const app = await startTestApp({ prisma, now: NOW, listen: { pollMs: 3_600_000 }, onDeps: (d) => (deps = d), limiter: unlimited });
    try {
      expect(embedded ? deps!.versions.listening : await listeningWithin5s(deps!)).toBe(!embedded);
      expect((await getJson(app.baseUrl, '/status')).body.changes).toBe(
        embedded ? 'read by each request (no LISTEN/NOTIFY connection now)' : 'heard through LISTEN/NOTIFY within milliseconds of their commit',
      );
      const readsBefore = deps!.versions.reads;
      const before = await getJson(app.baseUrl, '/api/v1/daily-action', key());
      for (let i = 0; i < 5; i++) expect((await getJson(app.baseUrl, '/api/v1/causes?pageSize=1', key())).status).toBe(200);
      expect(deps!.versions.reads - readsBefore).toBe(embedded ? 6 : 0);

      const outcome = await suppressCause(prisma, before.body.cause.slug, 'Prüfung', NOW, defaultTextGenerator);
      const after = await until(app, '/api/v1/daily-action', (r) => r.body.cause?.slug !== before.body.cause.slug);
      expect(after.body.cause.slug).toBe(outcome.replacement!.slug);

      const [created] = await createApiKeys(prisma, { label: 'revoke me', tier: 'standard' }, NOW);
      expect((await until(app, '/api/v1/causes?pageSize=1', (r) => r.status === 200, created.key)).status).toBe(200);
      await revokeApiKey(prisma, created.id, NOW);
      expect((await until(app, '/api/v1/causes?pageSize=1', (r) => r.status === 401, created.key)).status).toBe(401);
      if (!embedded) expect(deps!.versions.reads).toBe(readsBefore);
    } finally {
      await app.close();
    }
  });

  it.skipIf(embedded)('when the listener loses its connection, requests read the versions themselves until it is back', async () => {
    let deps: AppDeps | undefined;
    // No limit: `until` asks again with the same key until the change is seen.
    const app = await startTestApp({ prisma, now: NOW, listen: { pollMs: 3_600_000 }, onDeps: (d) => (deps = d), limiter: unlimited });
    try {
      expect(await listeningWithin5s(deps!)).toBe(true);
      const [ended] = await prisma.$queryRaw<{ ended: boolean }[]>`
        SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = ${`${LISTENER_NAME} ${process.pid}`}`;
      expect(ended).toEqual({ ended: true });
      await vi.waitFor(() => expect(deps!.versions.listening).toBe(false), { timeout: 1000, interval: 10 });

      // Without a listener, the very next request sees a change: it waits for a read of its own.
      const before = await getJson(app.baseUrl, '/api/v1/daily-action', key());
      const outcome = await suppressCause(prisma, before.body.cause.slug, 'Prüfung', NOW, defaultTextGenerator);
      expect((await getJson(app.baseUrl, '/api/v1/daily-action', key())).body.cause.slug).toBe(outcome.replacement!.slug);

      // The listener comes back by itself (first after half a second).
      expect(await listeningWithin5s(deps!)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
