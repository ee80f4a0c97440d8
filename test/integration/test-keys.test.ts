// Test keys: a key created with --test (esk_test_…) is answered from the sandbox (the bundled demo
// catalogue and its own history, in a database of its own) while the service is configured with other
// sources; production keys never see the sandbox, and a test key never sees production. On the embedded
// default the sandbox is an embedded database; against a real PostgreSQL it is the database beside the
// service's ("<name>_sandbox", created when missing), as a replica opens it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lazySandbox, openSandbox, sandboxLocation } from '../../src/modules/sandbox/sandbox.js';
import { storeDailyAction } from '../../src/modules/daily-action/daily-pick.service.js';
import { defaultTextGenerator } from '../../src/modules/texts/default-generator.js';
import { addDays, contentDay } from '../../src/time/berlin-calendar.js';
import { MESSAGES } from '../../src/http/errors.js';
import { NOW, seedCatalogue, SOURCE, standardCatalogue } from '../helpers/catalogue.js';
import { runCommandInProcess } from '../helpers/cli.js';
import { getJson, issueKey, resetDatabase, startTestApp, testPrisma, unlimited, type TestApp } from '../helpers/test-app.js';
import { testDatabaseUrl } from '../helpers/workers.js';

const prisma = testPrisma();

/** Drops a database of the test server, without the test client's short query timeout (a drop waits for a checkpoint). */
async function dropDatabase(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
const realDatabase = Boolean(process.env.DATABASE_URL);
const DEMO_SOURCES = ['Briefwerkstatt (Demo)', 'Gemeinsam Spenden (Demo)', 'Petitionswerk (Demo)'];
const env = () => ({ ...process.env, DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'warn' });
const silent = { info: () => {}, warn: () => {} };

let dir: string;
let app: TestApp;
let sandbox: ReturnType<typeof lazySandbox>;
let testKey: { id: string; key: string; feedToken: string };
let productionKey: string;

beforeAll(async () => {
  await resetDatabase(prisma);
  await seedCatalogue(prisma, standardCatalogue());
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'es-sandbox-'));
  // as the server opens it: against a real PostgreSQL beside the test database (dropped first, so that
  // this run creates it as a first start does), else embedded in DATA_DIR/sandbox
  const config = { databaseUrl: realDatabase ? testDatabaseUrl() : undefined, dataDir: dir, sandboxDatabaseUrl: undefined };
  const location = sandboxLocation(config);
  if (location.kind === 'url' && location.source === 'derived') await dropDatabase(location.name);
  sandbox = lazySandbox(() => openSandbox(config, silent, () => NOW));
  app = await startTestApp({ prisma, now: NOW, limiter: unlimited, sandbox: () => sandbox.get() });
  const created = await runCommandInProcess('keys', ['create', '--name', 'CI of a newsroom app', '--tier', 'growth', '--test', '--json'], env());
  expect(created.code, created.stderr).toBe(0);
  testKey = JSON.parse(created.stdout);
  productionKey = await issueKey(prisma, 'growth', NOW);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  const location = sandboxLocation({ databaseUrl: realDatabase ? testDatabaseUrl() : undefined, dataDir: dir, sandboxDatabaseUrl: undefined });
  // what this run created goes; a busy server may take its time over that, which fails no test
  if (location.kind === 'url' && location.source === 'derived')
    await dropDatabase(location.name).catch((error: Error) => console.warn(`[tests] ${error.message}`));
  await prisma.$disconnect();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('test keys', () => {
  it('are made with keys create --test, start esk_test_, and say so in keys list', async () => {
    expect(testKey.key).toMatch(/^esk_test_[0-9A-Za-z]{38}$/);
    const listed = (await runCommandInProcess('keys', ['list', '--json'], env())).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(listed.find((k) => k.id === testKey.id)).toMatchObject({ prefix: 'esk_test_…'.replace('…', `${testKey.key[9]}…`), test: true });
    expect(listed.find((k) => k.id !== testKey.id).test).toBeUndefined();
    const refused = await runCommandInProcess('keys', ['create', '--name', 'x', '--tier', 'growth', '--test', '--editor'], env());
    expect([refused.code, refused.stderr.split('\n')[0]]).toEqual([2, '--editor and --test do not go together: an editor decides on production content.']);
  });

  it('read the demo catalogue and its history while the service serves other sources; production keys never see it', async () => {
    const [demoAction, production] = [
      await getJson(app.baseUrl, '/api/v1/daily-action', testKey.key),
      await getJson(app.baseUrl, '/api/v1/daily-action', productionKey),
    ];
    expect([demoAction.status, demoAction.headers.get('x-test-mode')]).toEqual([200, 'demo-catalogue']);
    expect(DEMO_SOURCES).toContain(demoAction.body.cause.source_name);
    expect([production.status, production.headers.get('x-test-mode'), production.body.cause.source_name]).toEqual([200, null, SOURCE.name]);

    const [demoList, productionList] = [
      await getJson(app.baseUrl, '/api/v1/causes?pageSize=50', testKey.key),
      await getJson(app.baseUrl, '/api/v1/causes?pageSize=50', productionKey),
    ];
    const sandboxCauses = await (await sandbox.get()).deps.prisma.cause.count({ where: { active: true } });
    expect(demoList.body.total).toBe(sandboxCauses);
    expect([...new Set(demoList.body.items.map((c: { source_name: string }) => c.source_name))].sort()).toEqual(DEMO_SOURCES);
    expect([...new Set(productionList.body.items.map((c: { source_name: string }) => c.source_name))]).toEqual([SOURCE.name]);
    // a production slug is unknown to a test key, with the same error as any unknown slug
    const productionSlug = productionList.body.items[0].slug;
    expect(await getJson(app.baseUrl, `/api/v1/causes/${productionSlug}`, testKey.key)).toMatchObject({ status: 404 });
    expect((await getJson(app.baseUrl, `/api/v1/causes/${demoList.body.items[0].slug}`, testKey.key)).status).toBe(200);

    // its own month of history, as a first start of the demo writes it
    const today = contentDay(NOW);
    const archive = await getJson(app.baseUrl, `/api/v1/daily-actions?from=${addDays(today, -30)}&to=${today}&pageSize=50`, testKey.key);
    expect(archive.status).toBe(200);
    const days = archive.body.items.filter((d: { action: unknown }) => d.action !== null).map((d: { date: string }) => d.date);
    expect(days).toHaveLength(31);
    expect([days.at(-1), days[0]].sort()).toEqual([addDays(today, -30), today]);
  });

  it('get the same errors, with the header; /graphql is for production keys', async () => {
    const unknown = await getJson(app.baseUrl, '/api/v1/causes?category=Spende', testKey.key);
    expect([unknown.status, unknown.headers.get('x-test-mode')]).toEqual([400, 'demo-catalogue']);
    expect(unknown.body).toEqual((await getJson(app.baseUrl, '/api/v1/causes?category=Spende', productionKey)).body);
    const graphql = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'x-api-key': testKey.key, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ dailyAction { cause { slug } } }' }),
    });
    expect(graphql.status).toBe(403);
    expect(((await graphql.json()) as { errors: { message: string }[] }).errors[0].message).toBe(MESSAGES.testKeyGraphql);
  });

  it("a test key's feed token reads the demo catalogue's feeds", async () => {
    const feed = await fetch(`${app.baseUrl}/api/v1/feeds/daily-action.json?token=${testKey.feedToken}`);
    expect([feed.status, feed.headers.get('x-test-mode')]).toEqual([200, 'demo-catalogue']);
    const items = ((await feed.json()) as { items: { content_text?: string; title: string }[] }).items;
    const demoTitles = (await (await sandbox.get()).deps.prisma.cause.findMany({ select: { title: true } })).map((c) => c.title);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items)
      expect(
        demoTitles.some((title) => item.title.includes(title)),
        item.title,
      ).toBe(true);
  });

  it("a test key's webhook endpoint gets no production event; a test delivery is sent on demand", async () => {
    const added = await runCommandInProcess(
      'webhooks',
      ['add', '--key', testKey.id, '--url', 'http://127.0.0.1:9/hook', '--allow-private', '--events', 'daily_action.published', '--json'],
      env(),
    );
    expect(added.code, added.stderr).toBe(0);
    const next = new Date(NOW.getTime() + 86_400_000);
    await storeDailyAction(prisma, defaultTextGenerator, contentDay(next), next, null);
    const endpointId = JSON.parse(added.stdout).id as string;
    expect(await prisma.webhookDelivery.count({ where: { endpointId } })).toBe(0);
    // nothing listens on port 9: the attempt is made, and fails
    const sent = await runCommandInProcess('webhooks', ['test', endpointId], env());
    expect(sent.code).toBe(1);
    expect(await prisma.webhookDelivery.findMany({ where: { endpointId }, select: { type: true, attempts: true } })).toEqual([
      { type: 'webhook.test', attempts: 1 },
    ]);
  });

  it('without a sandbox a test key gets 503, never production content', async () => {
    const bare = await startTestApp({ prisma, now: NOW, limiter: unlimited });
    try {
      const answer = await getJson(bare.baseUrl, '/api/v1/daily-action', testKey.key);
      expect([answer.status, answer.body, answer.headers.get('x-test-mode')]).toEqual([503, { error: MESSAGES.sandboxUnavailable }, 'demo-catalogue']);
    } finally {
      await bare.close();
    }
  });
});

describe('a sandbox that is not one', () => {
  it("SANDBOX_DATABASE_URL set to production's database (it holds keys) is refused, and nothing is imported into it", async () => {
    const sources = await prisma.source.count();
    await expect(openSandbox({ databaseUrl: undefined, dataDir: dir, sandboxDatabaseUrl: testDatabaseUrl() }, silent, () => NOW)).rejects.toThrow(
      "the sandbox's database holds API keys: it is a production database, not a sandbox (check SANDBOX_DATABASE_URL)",
    );
    expect(await prisma.source.count()).toBe(sources);
  });
});

describe('where the sandbox is', () => {
  it("SANDBOX_DATABASE_URL; else beside DATABASE_URL's database; else embedded in DATA_DIR/sandbox", () => {
    expect(sandboxLocation({ databaseUrl: 'postgres://app:pw@db.internal:5432/engagement', dataDir: '/srv/data', sandboxDatabaseUrl: undefined })).toEqual({
      kind: 'url',
      url: 'postgres://app:pw@db.internal:5432/engagement_sandbox',
      source: 'derived',
      adminUrl: 'postgres://app:pw@db.internal:5432/engagement',
      name: 'engagement_sandbox',
    });
    expect(sandboxLocation({ databaseUrl: 'postgres://db/x', dataDir: '/srv/data', sandboxDatabaseUrl: 'postgres://db/demo' })).toEqual({
      kind: 'url',
      url: 'postgres://db/demo',
      source: 'SANDBOX_DATABASE_URL',
    });
    expect(sandboxLocation({ databaseUrl: undefined, dataDir: '/srv/data', sandboxDatabaseUrl: undefined })).toEqual({
      kind: 'embedded',
      dataDir: '/srv/data/sandbox',
    });
  });
});
