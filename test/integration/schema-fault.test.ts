// A database that lacks a table this version needs (a migration not applied, a table renamed or dropped
// by hand): every request that needs it is a 503 with Retry-After, never a bare 500; /status says what
// is missing; the metric counts the requests and the log names the cause; all recovers by itself.
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOW, seedCatalogue, standardCatalogue } from '../helpers/catalogue.js';
import { bumpKeysVersion } from '../../src/sql/content-state.js';
import { getJson, issueKey, resetDatabase, startTestApp, testPrisma, unlimited, type TestApp } from '../helpers/test-app.js';

const prisma = testPrisma();
const TOKEN = 'schema-fault-metrics';
const UNAVAILABLE = { error: 'Service temporarily unavailable. Retry later.' };
let app: TestApp;
let key: string;
const lines: string[] = [];

beforeAll(async () => {
  await resetDatabase(prisma);
  await seedCatalogue(prisma, standardCatalogue());
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await startTestApp({ prisma, now: NOW, limiter: unlimited, logger: pino({ level: 'info' }, sink), metricsToken: TOKEN });
  key = await issueKey(prisma, 'growth', NOW);
});
afterAll(async () => {
  await app.close();
  await prisma.$disconnect();
});

const faults = async () => {
  const text = await (await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  return Number(/^es_database_schema_faults_total (\d+)$/m.exec(text)?.[1]);
};
const graphql = (query: string) =>
  fetch(`${app.baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: JSON.stringify({ query }) });

describe('a table this version needs is missing', () => {
  it('"Cause" renamed: REST and GraphQL answer 503 with Retry-After, /status names the table, the metric and the log count it; renamed back, all answers', async () => {
    await prisma.$executeRawUnsafe('ALTER TABLE "Cause" RENAME TO "Cause_elsewhere"');
    try {
      for (const path of ['/api/v1/causes?category=Petition', '/api/v1/causes/aktion-01']) {
        const response = await fetch(`${app.baseUrl}${path}`, { headers: { 'x-api-key': key } });
        expect({ path, status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() }).toEqual({
          path,
          status: 503,
          retryAfter: '5',
          body: UNAVAILABLE,
        });
      }
      const dashboard = await graphql('{ causeSearch(first: 3) { totalCount } }');
      expect({ status: dashboard.status, retryAfter: dashboard.headers.get('retry-after'), body: await dashboard.json() }).toMatchObject({
        status: 503,
        retryAfter: '5',
        body: { errors: [{ message: UNAVAILABLE.error }] },
      });
      expect(await faults()).toBe(3);
      const status = (await getJson(app.baseUrl, '/status')).body;
      expect(status.database).toEqual({
        ok: false,
        detail: 'the database does not match this version (the table "Cause" is missing): apply the migrations (npm run db:migrate)',
      });
      expect(status.dailyAction).toEqual({ day: '2026-11-21', ok: false, detail: 'unknown while the database does not match this version' });
      // the first is logged with its cause, the repeats within 10 s only counted
      const logged = lines.map((line) => JSON.parse(line)).filter((entry) => entry.fault);
      expect(logged.map((entry) => [entry.level, entry.msg, entry.fault, entry.requests])).toEqual([
        [
          50,
          'the database lacks what this version needs (answered 503): apply the migrations (npm run db:migrate)',
          'relation "public.Cause" does not exist',
          1,
        ],
      ]);
    } finally {
      await prisma.$executeRawUnsafe('ALTER TABLE "Cause_elsewhere" RENAME TO "Cause"');
    }
    expect((await getJson(app.baseUrl, '/api/v1/causes?category=Petition', key)).status).toBe(200);
    expect((await getJson(app.baseUrl, '/status')).body.database).toEqual({ ok: true });
  });

  it('"CauseRemoval" dropped: an incremental sync answers 503, /status names the table', async () => {
    await prisma.$executeRawUnsafe('ALTER TABLE "CauseRemoval" RENAME TO "CauseRemoval_elsewhere"');
    try {
      const response = await fetch(`${app.baseUrl}/api/v1/causes?changedSince=2026-11-20T00:00:00Z`, { headers: { 'x-api-key': key } });
      expect({ status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() }).toEqual({
        status: 503,
        retryAfter: '5',
        body: UNAVAILABLE,
      });
      expect((await getJson(app.baseUrl, '/status')).body.database.detail).toBe(
        'the database does not match this version (the table "CauseRemoval" is missing): apply the migrations (npm run db:migrate)',
      );
    } finally {
      await prisma.$executeRawUnsafe('ALTER TABLE "CauseRemoval_elsewhere" RENAME TO "CauseRemoval"');
    }
    expect((await getJson(app.baseUrl, '/api/v1/causes?changedSince=2026-11-20T00:00:00Z', key)).status).toBe(200);
  });

  it('"ApiKey" renamed: the key check, which must read the key table anew, answers 503 with Retry-After and counts it; renamed back, the key is known again', async () => {
    const before = await faults();
    await prisma.$executeRawUnsafe('ALTER TABLE "ApiKey" RENAME TO "ApiKey_elsewhere"');
    let unavailable = 0;
    try {
      // a new key version: the check reads the table again, once it has heard of the version
      await bumpKeysVersion(prisma);
      await expect
        .poll(
          async () => {
            const response = await fetch(`${app.baseUrl}/api/v1/sources`, { headers: { 'x-api-key': key } });
            const answer = { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
            if (answer.status === 503) unavailable++;
            return answer;
          },
          { timeout: 10_000, interval: 50 },
        )
        .toEqual({ status: 503, retryAfter: '5', body: UNAVAILABLE });
      expect(await faults()).toBe(before + unavailable);
      expect((await getJson(app.baseUrl, '/status')).body.database.detail).toBe(
        'the database does not match this version (the table "ApiKey" is missing): apply the migrations (npm run db:migrate)',
      );
    } finally {
      await prisma.$executeRawUnsafe('ALTER TABLE "ApiKey_elsewhere" RENAME TO "ApiKey"');
    }
    expect((await getJson(app.baseUrl, '/api/v1/sources', key)).status).toBe(200);
  });
});
