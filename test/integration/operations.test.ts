// The operator's endpoints against the real database and Redis: /healthz, /readyz (and its alias
// /health) ready whenever this process can answer (a day without a pick, the database away after the
// start), /status with the content's state, /metrics only with
// its token and moving with the requests, /docs served offline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOW, seedCatalogue, standardCatalogue } from '../helpers/catalogue.js';
import { bumpContentVersion, getJson, issueKey, resetDatabase, startTestApp, testPrisma, testRedis, type TestApp } from '../helpers/test-app.js';
import { proxyDatabase } from '../helpers/tcp-proxy.js';
import { testDatabaseUrl, testRedisUrl } from '../helpers/workers.js';

const prisma = testPrisma();
let app: TestApp;
let pickSlug = '';
const TOKEN = 'metrics-token-for-tests-0123456789';

beforeAll(async () => {
  await resetDatabase(prisma);
  await seedCatalogue(prisma, standardCatalogue());
  app = await startTestApp({ prisma, now: NOW, metricsToken: TOKEN });
  pickSlug = (await prisma.dailyPick.findFirstOrThrow({ include: { cause: true } })).cause.slug;
});

afterAll(async () => {
  await app.close();
  await prisma.$disconnect();
});

const metricsText = async (baseUrl: string) => {
  const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
};
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('/healthz and /readyz', () => {
  it('/healthz answers 200 without a key and without asking the database', async () => {
    const { status, body, headers } = await getJson(app.baseUrl, '/healthz');
    expect({ status, body }).toEqual({ status: 200, body: { status: 'ok' } });
    expect(headers.get('cache-control')).toBe('no-store');
  });

  it('/readyz is ready while this process can answer; /health answers the same', async () => {
    expect(await getJson(app.baseUrl, '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect(await getJson(app.baseUrl, '/health')).toMatchObject({ status: 200, body: { status: 'ready' } });
  });

  it("/status tells the content's state: the day's pick, the last refresh, the sources, where the limit is decided", async () => {
    const run = await prisma.jobRun.findFirstOrThrow({ where: { job: 'refresh' }, orderBy: { startedAt: 'desc' } });
    const { status, body, headers } = await getJson(app.baseUrl, '/status');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body).toEqual({
      ready: true,
      draining: false,
      changes: 'read by each request (no LISTEN/NOTIFY connection now)',
      database: { ok: true },
      rateLimit: { store: 'memory', detail: "REDIS_URL is not set: per-key limits are held in this process's memory" },
      dailyAction: { day: '2026-11-21', ok: true, detail: pickSlug },
      lastRefresh: {
        day: '2026-11-21',
        status: 'succeeded',
        trigger: run.trigger,
        startedAt: run.startedAt.toISOString(),
        finishedAt: run.finishedAt?.toISOString() ?? null,
        error: null,
      },
      refreshFailuresToday: 0,
      sources: { configured: [], demo: false, lastFetch: body.sources.lastFetch },
      webhooks: { endpoints: 0, disabled: 0, pending: 0 },
    });
    expect(body.sources.lastFetch.length).toBe(await prisma.source.count());
  });

  it('other methods are 405 with Allow, as everywhere else', async () => {
    for (const path of ['/health', '/status']) {
      const response = await fetch(`${app.baseUrl}${path}`, { method: 'POST' });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
    }
  });

  it('stays ready on a content day without a daily action (an empty day); /status says why there is none', async () => {
    const saved = await prisma.dailyPick.findMany();
    await prisma.dailyPick.deleteMany();
    try {
      expect(await getJson(app.baseUrl, '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
      // the catalogue's refresh ran at NOW and succeeded, so the pick was lost afterwards
      expect((await getJson(app.baseUrl, '/status')).body.dailyAction).toEqual({
        day: '2026-11-21',
        ok: false,
        detail: 'no daily action for 2026-11-21: no cause was eligible (or the pick was suppressed or withdrawn and none is left)',
      });
    } finally {
      await prisma.dailyPick.createMany({ data: saved });
      await bumpContentVersion(prisma);
    }
  });

  it("stays ready at 02:00 before the new day's refresh has picked; the daily action is the spec's 503 meanwhile", async () => {
    // 02:00:30 Berlin on the next day: a new content day whose refresh has not run
    const justAfterTwo = new Date('2026-11-22T01:00:30Z');
    const next = await startTestApp({ prisma, now: justAfterTwo });
    try {
      expect(await getJson(next.baseUrl, '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
      const key = await issueKey(prisma, 'standard', justAfterTwo);
      expect(await getJson(next.baseUrl, '/api/v1/daily-action', key)).toMatchObject({ status: 503, body: { error: 'No action available today.' } });
      expect((await getJson(next.baseUrl, '/status')).body.dailyAction).toEqual({
        day: '2026-11-22',
        ok: false,
        detail: 'no daily action for 2026-11-22: the refresh has not run for this content day yet',
      });
    } finally {
      await next.close();
    }
  });

  it.skipIf(!testRedisUrl())('/status says the limit is decided in Redis when it is configured', async () => {
    const redis = testRedis();
    const withRedis = await startTestApp({ prisma, now: NOW, redis });
    try {
      await new Promise((resolve) => (redis.status === 'ready' ? resolve(null) : redis.once('ready', resolve)));
      expect((await getJson(withRedis.baseUrl, '/status')).body.rateLimit).toEqual({ store: 'redis' });
    } finally {
      await withRedis.close();
      redis.disconnect();
    }
  });

  it('stays ready when the database goes away after the start (it serves what it holds); /status says so; a process that never reached it is not ready', async () => {
    const { proxy, url } = await proxyDatabase(testDatabaseUrl());
    const c = await startTestApp({ prisma, now: NOW, versionsUrl: url });
    try {
      expect((await getJson(c.baseUrl, '/readyz')).status).toBe(200);
      proxy.cut();
      expect(await getJson(c.baseUrl, '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
      const down = (await getJson(c.baseUrl, '/status')).body;
      expect(down.database.ok).toBe(false);
      expect(down.database.detail).toMatch(/^database unreachable: /);
      expect(down.dailyAction).toEqual({ day: '2026-11-21', ok: false, detail: 'unknown while the database is unreachable' });
      // a replica that starts while the database is away has nothing to serve: not ready
      const fresh = await startTestApp({ prisma, now: NOW, versionsUrl: url });
      try {
        const notReady = await getJson(fresh.baseUrl, '/readyz');
        expect(notReady.status).toBe(503);
        expect(notReady.body.status).toBe('not ready');
        expect(notReady.body.reason).toMatch(/^the database has not been reachable since the start: /);
        proxy.restore();
        expect(await getJson(fresh.baseUrl, '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
      } finally {
        await fresh.close().catch(() => {});
      }
      expect((await getJson(c.baseUrl, '/status')).body.database).toEqual({ ok: true });
    } finally {
      await c.close().catch(() => {});
      await proxy.close();
    }
  });
});

describe('/metrics', () => {
  it('is 401 without the token and 404 when no token is configured', async () => {
    expect((await getJson(app.baseUrl, '/metrics')).status).toBe(401);
    expect((await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const open = await startTestApp({ prisma, now: NOW });
    try {
      expect(await getJson(open.baseUrl, '/metrics')).toMatchObject({ status: 404, body: { error: 'Not found.' } });
    } finally {
      await open.close();
    }
  });

  it('moves with the requests: by route and status, 429s, key checks, latency; causes by state', async () => {
    const key = await issueKey(prisma, 'standard', NOW);
    const before = await metricsText(app.baseUrl);
    const ok = 'es_http_requests_total{method="GET",route="/api/v1/causes/:slug",status="200"}';
    const limited = 'es_http_requests_total{method="GET",route="/api/v1/causes/:slug",status="429"}';
    expect((await getJson(app.baseUrl, `/api/v1/causes/${pickSlug}`, key)).status).toBe(200);
    expect((await getJson(app.baseUrl, `/api/v1/causes/${pickSlug}`, key)).status).toBe(429);
    expect((await getJson(app.baseUrl, '/api/v1/causes')).status).toBe(401);
    const after = await metricsText(app.baseUrl);
    expect((sample(after, ok) ?? 0) - (sample(before, ok) ?? 0)).toBe(1);
    expect((sample(after, limited) ?? 0) - (sample(before, limited) ?? 0)).toBe(1);
    const rl = 'es_rate_limited_total{route="/api/v1/causes/:slug"}';
    expect((sample(after, rl) ?? 0) - (sample(before, rl) ?? 0)).toBe(1);
    for (const outcome of ['valid', 'missing']) {
      const series = `es_key_checks_total{outcome="${outcome}"}`;
      expect((sample(after, series) ?? 0) - (sample(before, series) ?? 0), outcome).toBe(outcome === 'valid' ? 2 : 1);
    }
    const count = 'es_http_request_duration_seconds_count{method="GET",route="/api/v1/causes/:slug"}';
    expect((sample(after, count) ?? 0) - (sample(before, count) ?? 0)).toBe(2);
    expect(sample(after, 'es_causes{state="active"}')).toBe(23);
    expect(sample(after, 'es_causes{state="suppressed"}')).toBe(0);
    // the test catalogue's refresh is recorded in the database, whichever process ran it
    expect(after).toMatch(/^es_job_last_run_timestamp_seconds\{job="refresh",status="succeeded"\} \d+/m);
  });

  it("the day's failed refresh runs, after each of which the catch-up backs off: in /status and as a metric", async () => {
    const day = new Date('2026-11-21T00:00:00Z');
    const at = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
    const failed = await prisma.jobRun.createManyAndReturn({
      data: [
        { job: 'refresh', day, status: 'failed', trigger: 'catch-up', startedAt: at(10), finishedAt: at(9), error: 'every source failed' },
        {
          job: 'refresh',
          day,
          status: 'failed',
          trigger: 'catch-up',
          startedAt: at(5),
          finishedAt: at(4),
          error: 'abandoned: its process stopped before the run finished',
        },
        // another day's failure does not count
        {
          job: 'refresh',
          day: new Date('2026-11-20T00:00:00Z'),
          status: 'failed',
          trigger: 'scheduler',
          startedAt: at(1500),
          finishedAt: at(1499),
          error: 'x',
        },
      ],
    });
    try {
      expect((await getJson(app.baseUrl, '/status')).body.refreshFailuresToday).toBe(2);
      expect(sample(await metricsText(app.baseUrl), 'es_refresh_failures_today')).toBe(2);
    } finally {
      await prisma.jobRun.deleteMany({ where: { id: { in: failed.map((run) => run.id) } } });
    }
    expect((await getJson(app.baseUrl, '/status')).body.refreshFailuresToday).toBe(0);
  });
});

describe('/docs', () => {
  it('shows where the limit is decided, whether the database is reachable and whether the process drains', async () => {
    const text = await metricsText(app.baseUrl);
    expect([sample(text, 'es_rate_limit_in_memory'), sample(text, 'es_database_reachable'), sample(text, 'es_draining')]).toEqual([1, 1, 0]);
  });

  it('serves the Scalar page and its bundle from this service, no CDN', async () => {
    const page = await fetch(`${app.baseUrl}/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<script src="/docs/scalar.js"></script>');
    expect(html).toContain("url: '/api/v1/openapi.json'");
    expect(html).not.toMatch(/src="https?:/);
    const bundle = await fetch(`${app.baseUrl}/docs/scalar.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000);
  });

  it('the key box is empty, with the shape of a key as its placeholder, not a base64 joke', async () => {
    const bundle = await (await fetch(`${app.baseUrl}/docs/scalar.js`)).text();
    expect(bundle).not.toContain('QUxMIFlPVVIgQkFTRSBBUkUgQkVMT05HIFRPIFVT');
    expect(bundle.split('placeholder:"esk_… (your API key)"')).toHaveLength(3); // the API key's box, and the (unused) token's
  });

  it('/favicon.ico: 204 without a body, kept a week, so that no browser logs a 404 for it', async () => {
    const icon = await fetch(`${app.baseUrl}/favicon.ico`);
    expect([icon.status, icon.headers.get('cache-control'), await icon.text()]).toEqual([204, 'public, max-age=604800', '']);
  });
});
