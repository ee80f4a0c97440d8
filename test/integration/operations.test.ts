// The operator's endpoints against the real database and Redis: /healthz, /readyz (and its alias
// /health) going unready when the database is cut and ready again when it returns, /metrics only with
// its token and moving with the requests, /docs served offline.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { NOW, seedCatalogue, standardCatalogue } from '../helpers/catalogue.js';
import { bumpContentVersion, getJson, issueKey, resetDatabase, startTestApp, testPrisma, testRedis, type TestApp } from '../helpers/test-app.js';
import { startTcpProxy } from '../helpers/tcp-proxy.js';

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

  it('/readyz is ready with the day\'s daily action named; /health answers the same', async () => {
    const expected = {
      status: 'ready',
      checks: {
        database: { ok: true },
        redis: { ok: true, detail: 'not configured (per-key limits in memory)' },
        dailyAction: { ok: true, detail: `2026-11-21: ${pickSlug}` },
      },
    };
    expect(await getJson(app.baseUrl, '/readyz')).toMatchObject({ status: 200, body: expected });
    expect(await getJson(app.baseUrl, '/health')).toMatchObject({ status: 200, body: expected });
  });

  it('other methods are 405 with Allow, as everywhere else', async () => {
    const response = await fetch(`${app.baseUrl}/health`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('is not ready while the content day has no daily action, and says why', async () => {
    const saved = await prisma.dailyPick.findMany();
    await prisma.dailyPick.deleteMany();
    try {
      const { status, body } = await getJson(app.baseUrl, '/readyz');
      expect(status).toBe(503);
      expect(body.status).toBe('not ready');
      // the catalogue's refresh ran at NOW and succeeded, so the pick was lost afterwards
      expect(body.checks.dailyAction).toEqual({
        ok: false,
        detail: 'no daily action for 2026-11-21: no cause was eligible (or the pick was suppressed or withdrawn and none is left)',
      });
    } finally {
      await prisma.dailyPick.createMany({ data: saved });
      await bumpContentVersion(prisma);
    }
  });

  it.skipIf(!inject('redisUrl'))('checks Redis when it is configured', async () => {
    const redis = testRedis();
    const withRedis = await startTestApp({ prisma, now: NOW, redis });
    try {
      await new Promise((resolve) => (redis.status === 'ready' ? resolve(null) : redis.once('ready', resolve)));
      expect((await getJson(withRedis.baseUrl, '/readyz')).body.checks.redis).toEqual({ ok: true });
    } finally {
      await withRedis.close();
      redis.disconnect();
    }
  });

  it('goes unready when the database cannot be reached and ready again when it returns', async () => {
    const target = new URL(inject('databaseUrl'));
    const host = decodeURIComponent(target.hostname);
    const upstream = () =>
      host.startsWith('/') ? net.connect({ path: `${host}/.s.PGSQL.5432` }) : net.connect(Number(target.port || 5432), host);
    const proxy = await startTcpProxy(upstream);
    const viaProxy = new URL('postgres://postgres@127.0.0.1/postgres');
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = host.startsWith('/') ? '/postgres' : target.pathname;
    const c = await startTestApp({ prisma, now: NOW, versionsUrl: viaProxy.toString() });
    try {
      expect((await getJson(c.baseUrl, '/readyz')).status).toBe(200);
      proxy.cut();
      const down = await getJson(c.baseUrl, '/readyz');
      expect(down.status).toBe(503);
      expect(down.body.checks.database.ok).toBe(false);
      expect(down.body.checks.database.detail).toMatch(/^database unreachable: /);
      expect(down.body.checks.dailyAction).toEqual({ ok: false, detail: 'unknown while the database is unreachable' });
      proxy.restore();
      const up = await getJson(c.baseUrl, '/readyz');
      expect(up.status).toBe(200);
      expect(up.body.checks.database).toEqual({ ok: true });
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
});

describe('/docs', () => {
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
});
