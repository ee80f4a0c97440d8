// Key usage: each key's requests per Berlin day and when it was last used, counted in the API process's
// memory and written in batches (never a write per request), shown by `keys list`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../src/context.js';
import { requestsPerKey } from '../../src/modules/api-keys/key-usage.js';
import { addDays, berlinDate, dateToDb } from '../../src/time/berlin-calendar.js';
import { NOW, seedCatalogue, standardCatalogue } from '../helpers/catalogue.js';
import { runCommandInProcess } from '../helpers/cli.js';
import { getJson, issueKey, resetDatabase, startTestApp, testPrisma, type TestApp } from '../helpers/test-app.js';
import { testDatabaseUrl } from '../helpers/workers.js';

const prisma = testPrisma();
let app: TestApp;
let deps: AppDeps;

beforeAll(async () => {
  await resetDatabase(prisma);
  await seedCatalogue(prisma, standardCatalogue());
  app = await startTestApp({ prisma, now: NOW, onDeps: (d) => (deps = d) });
});

afterAll(async () => {
  await app.close();
  await prisma.$disconnect();
});

describe('key usage', () => {
  it('counts every request a key makes (a refused one too), writes nothing until a flush, then one row per key and day', async () => {
    const [busy, quiet, unused] = [await issueKey(prisma, 'standard', NOW), await issueKey(prisma, 'standard', NOW), await issueKey(prisma, 'standard', NOW)];
    const statuses = [];
    for (const key of [busy, busy, busy, quiet]) statuses.push((await getJson(app.baseUrl, '/api/v1/daily-action', key)).status);
    // the second and third of the busy key come within its second: 429, and counted all the same
    expect(statuses).toEqual([200, 429, 429, 200]);
    expect(await prisma.apiKeyUsage.count()).toBe(0);

    expect(await deps.usage.flush(prisma)).toBe(2);
    const ids = Object.fromEntries((await prisma.apiKey.findMany({ select: { id: true, keyPrefix: true } })).map((k) => [k.keyPrefix, k.id]));
    const [busyId, quietId, unusedId] = [busy, quiet, unused].map((key) => ids[key.slice(0, 10)]);
    const rows = await prisma.apiKeyUsage.findMany({ orderBy: { requests: 'desc' }, select: { keyId: true, day: true, requests: true, lastUsedAt: true } });
    expect(rows).toEqual([
      { keyId: busyId, day: dateToDb(berlinDate(NOW)), requests: 3, lastUsedAt: NOW },
      { keyId: quietId, day: dateToDb(berlinDate(NOW)), requests: 1, lastUsedAt: NOW },
    ]);
    // a second flush adds to the day's row; with nothing counted it writes nothing
    await getJson(app.baseUrl, '/api/v1/causes', quiet);
    expect(await deps.usage.flush(prisma)).toBe(1);
    expect(await deps.usage.flush(prisma)).toBe(0);
    expect(await requestsPerKey(prisma, berlinDate(NOW), 7)).toEqual(
      new Map([
        [busyId, 3],
        [quietId, 2],
      ]),
    );
    // the window: a day before it is not summed
    expect(await requestsPerKey(prisma, addDays(berlinDate(NOW), 7), 7)).toEqual(new Map());

    // the operator's list: last used (the instant) and the requests of the last days, 0 for a key never used
    const listed = (await runCommandInProcess('keys', ['list', '--json'], { ...process.env, DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'warn' })).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const byId = Object.fromEntries(listed.map((row) => [row.id, row]));
    expect([byId[busyId].lastUsedAt, byId[quietId].lastUsedAt, byId[unusedId].lastUsedAt]).toEqual([NOW.toISOString(), NOW.toISOString(), null]);
    expect(Object.keys(byId[unusedId])).toEqual(['id', 'prefix', 'name', 'tier', 'email', 'createdAt', 'expiresAt', 'status', 'lastUsedAt', 'recentRequests']);
  });
});
