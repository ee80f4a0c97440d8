// A newsroom that tried the demo and then configures its own sources on the same database: the next start
// retires the demo catalogue (its made-up causes, picks and archive) before it prepares the day, says so in
// its log and in /status, and lists only the configured sources.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearOfContentDayChange, startServer } from '../helpers/processes.js';
import { getJson, issueKey, resetDatabase, testPrisma } from '../helpers/test-app.js';
import { testDatabaseUrl } from '../helpers/workers.js';
import { runCommandInProcess } from '../helpers/cli.js';

const prisma = testPrisma();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'es-demo-retirement-'));
const productionEnv = (extra: Record<string, string> = {}) => {
  const { SOURCES_CONFIG: _s, REDIS_URL: _r, ...rest } = process.env;
  return { ...rest, DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'warn', ...extra };
};

beforeAll(async () => {
  await resetDatabase(prisma);
  await prisma.source.deleteMany();
});
afterAll(async () => {
  await prisma.$disconnect();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('from the demo to own sources', () => {
  it('the next start retires the demo catalogue, says so in the log and /status, and lists only the configured source', async () => {
    await clearOfContentDayChange(120_000); // the refresh and the start name the same "today"
    const demo = await runCommandInProcess('jobs', ['run', 'refresh', '--force'], productionEnv({ SOURCES_CONFIG: 'demo' }));
    expect(demo.code).toBe(0);
    const demoCauses = await prisma.cause.count({ where: { source: { type: 'demo' } } });
    expect(demoCauses).toBeGreaterThan(40);
    const demoIds = (await prisma.cause.findMany({ where: { source: { type: 'demo' } }, select: { id: true } })).map((c) => c.id);
    const demoCopies = { causeId: { in: demoIds } };
    // the archive kept what the demo's daily action served today, in both languages
    expect(await prisma.dailyActionSnapshot.count({ where: demoCopies })).toBe(2);

    // the newsroom's own source: one open petition in a json-feed file
    const feed = path.join(tmp, 'feed.json');
    const item = {
      externalId: 'eigene-1',
      title: 'Mehr Trinkbrunnen in der Innenstadt',
      description: 'Im Sommer fehlen in der Innenstadt öffentliche Trinkbrunnen. Die Stadt soll bis zum nächsten Sommer zehn neue aufstellen.',
      category: 'Petition',
      organisationName: 'Initiative Trinkwasser',
      organisationUrl: 'https://trinkwasser.example',
      url: 'https://trinkwasser.example/petition',
      statusOpen: true,
    };
    fs.writeFileSync(feed, JSON.stringify({ items: [item] }));
    const config = path.join(tmp, 'sources.json');
    fs.writeFileSync(config, JSON.stringify({ sources: [{ name: 'Eigene Petitionen', platform: 'eigene', type: 'json-feed', url: feed, review: 'none' }] }));

    const server = await startServer(productionEnv({ SOURCES_CONFIG: config }));
    try {
      const said = `the configured sources do not include the demo catalogue: retired it (3 demo sources, ${demoCauses} causes, 1 daily pick); today's daily action was a demo cause and no other cause is eligible yet`;
      expect(server.output()).toContain(JSON.stringify(said));
      const key = await issueKey(prisma, 'growth', new Date());
      // the start's refresh imports the own source; its petition becomes today's daily action
      await expect
        .poll(
          async () => {
            const today = await getJson(server.baseUrl, '/api/v1/daily-action', key);
            return { status: today.status, title: today.body.cause?.title };
          },
          { timeout: 60_000, interval: 1100 },
        )
        .toEqual({ status: 200, title: item.title });
      expect(await prisma.source.findMany({ select: { name: true, type: true } })).toEqual([{ name: 'Eigene Petitionen', type: 'json-feed' }]);
      expect(await prisma.cause.count({ where: { source: { type: 'demo' } } })).toBe(0);
      // and the archive no longer holds a made-up day
      expect(await prisma.dailyActionSnapshot.count({ where: demoCopies })).toBe(0);
      const status = (await getJson(server.baseUrl, '/status')).body;
      expect(status.sources).toMatchObject({ configured: ['Eigene Petitionen'], demo: false, demoRetired: said });
      // a second key, since the first may have had its one request of this second; the server knows a
      // new key once it hears of the new key version, so it is asked until it answers
      const second = await issueKey(prisma, 'growth', new Date());
      await expect
        .poll(
          async () => {
            const sources = await getJson(server.baseUrl, '/api/v1/sources', second);
            return { status: sources.status, names: Array.isArray(sources.body) ? sources.body.map((source: { name: string }) => source.name) : sources.body };
          },
          { timeout: 10_000, interval: 1100 },
        )
        .toEqual({ status: 200, names: ['Eigene Petitionen'] });
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 180_000);
});
