// The default run: no DATABASE_URL and no REDIS_URL. The server starts an embedded Postgres in
// DATA_DIR, loads the demo catalogue, chooses the daily action and prints a demo key; the operator's
// key command works beside the running server and without it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clearOfContentDayChange, embeddedEnv, ROOT, runScript, startServer, type RunningServer } from '../helpers/processes.js';
import { getJson } from '../helpers/test-app.js';
import { addDays, berlinDate, contentDay, lastsThrough } from '../../src/time/berlin-calendar.js';
import { DAILY_ACTION_FEED_DAYS } from '../../src/rest/v1/feed-render.js';

// The server chooses the pick of the content day it starts in, and a test compares it with today's.
await clearOfContentDayChange(5 * 60_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'es-embedded-'));
const env = embeddedEnv(dataDir);
let server: RunningServer | undefined;

const demoItems = ['spenden', 'petitionen', 'briefe'].flatMap(
  (file) => JSON.parse(fs.readFileSync(path.join(ROOT, 'config/demo', `${file}.json`), 'utf8')).items,
);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start without DATABASE_URL and REDIS_URL', () => {
  let demoKey = '';
  let feedToken = '';
  let firstPick = '';
  /** more keys of the same tier, made with the operator's command: each key may send one request a second */
  let moreKeys: { key: string; feedToken: string }[] = [];

  it('starts on the embedded database, logs the URL HOST names and a demo key with how to make another, and warns that limits are in memory', async () => {
    server = await startServer(env); // HOST=127.0.0.1, LOG_LEVEL=warn
    const output = server.output();
    demoKey = /Demo API key .*: (esk_[A-Za-z0-9_-]+)/.exec(output)?.[1] ?? '';
    expect(demoKey).toMatch(/^esk_/);
    feedToken = /feed token .*: (esf_[A-Za-z0-9_-]+)/.exec(output)?.[1] ?? '';
    expect(feedToken).toMatch(/^esf_/);
    // every line is a JSON log entry; the start's own entries are written whatever LOG_LEVEL says
    const entries = output
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const [demoRow] = (await runScript('src/cli/keys.ts', ['list', '--json'], env)).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(entries.slice(-6).map(({ time: _t, ...entry }) => entry)).toEqual(
      [
        `Demo API key (tier growth, valid through ${lastsThrough(new Date(demoRow.expiresAt))} (Berlin); shown once): ${demoKey}`,
        `Try: curl -H 'X-Api-Key: ${demoKey}' ${server.baseUrl}/api/v1/daily-action`,
        `Its feed token (for feed readers and calendar apps; shown once): ${feedToken}`,
        `Try: curl '${server.baseUrl}/api/v1/feeds/daily-action.rss?token=${feedToken}'`,
        'Lost it, or need more keys: npm run keys -- create --name LABEL --tier TIER (prints a new key once)',
        { url: server.baseUrl, msg: `Engagement-Signal API listening on ${server.baseUrl} (embedded database in ${dataDir})` },
      ].map((said) => ({ level: 30, service: 'engagement-signal-api', ...(typeof said === 'string' ? { msg: said } : said) })),
    );
    expect(entries.map((entry) => entry.msg)).toContain('REDIS_URL is not set: per-key rate limits are held in memory of this process only');
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    const created = await runScript('src/cli/keys.ts', ['create', '--name', 'Embedded start', '--tier', 'growth', '--count', '3', '--json'], env);
    expect(created.code).toBe(0);
    moreKeys = created.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(moreKeys).toHaveLength(3);
  }, 180_000); // a first start on a busy 2-core machine (CI runs the suite beside other work) takes long

  it('answers with the demo catalogue and a daily action', async () => {
    const daily = await getJson(server!.baseUrl, '/api/v1/daily-action', demoKey);
    expect(daily.status).toBe(200);
    expect(daily.body.action.language).toBe('de');
    firstPick = daily.body.cause.slug;
    const list = await getJson(server!.baseUrl, '/api/v1/causes?pageSize=50', moreKeys[0].key);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(demoItems.length);
    // the pick is the highest-ranked cause that is still open after the content day
    const day = contentDay(new Date());
    expect(list.body.items.find((i: any) => i.deadline === null || i.deadline > day).slug).toBe(firstPick);
    const ages = new Set(list.body.items.map((i: any) => i.urgency_score.signals.days_since_import));
    expect(ages.size).toBeGreaterThan(5); // the demo history spreads the import ages
  });

  it('holds a month of past daily actions: the archive and the daily-action feed answer with items from the first start', async () => {
    // written before the demo key was printed: there from the first request on
    const archive = await getJson(server!.baseUrl, '/api/v1/daily-actions?pageSize=50&lang=en', moreKeys[1].key);
    expect(archive.status).toBe(200);
    const today = contentDay(new Date());
    // the default range, 30 days to today: every one of them with the action served that day, none without
    expect([archive.body.from, archive.body.to, archive.body.total]).toEqual([addDays(today, -29), today, 30]);
    expect(archive.body.items.map((day: any) => day.date)).toEqual(Array.from({ length: 30 }, (_, i) => addDays(today, -i)));
    expect(archive.body.items.filter((day: any) => day.cause === null || day.action?.language !== 'en' || day.reason !== null)).toEqual([]);
    expect(archive.body.items[0].cause.slug).toBe(firstPick);
    // a past day as its refresh would have served it: refreshed that day, not today's pick within the cooldown
    const past = archive.body.items.slice(1);
    expect(past.filter((day: any) => berlinDate(new Date(day.cause.refreshed_at)) !== day.date)).toEqual([]);
    expect(past.slice(0, 7).map((day: any) => day.cause.slug)).not.toContain(firstPick);
    const feed = await fetch(`${server!.baseUrl}/api/v1/feeds/daily-action.json?token=${moreKeys[2].feedToken}`);
    expect(feed.status).toBe(200);
    expect(((await feed.json()) as { items: unknown[] }).items).toHaveLength(DAILY_ACTION_FEED_DAYS);
  });

  it('issues, lists and revokes keys while the server runs', async () => {
    const created = await runScript(
      'src/cli/keys.ts',
      ['create', '--name', 'Newsroom Nord', '--tier', 'standard', '--email', 'it@newsroom.example', '--json'],
      env,
    );
    expect(created.code).toBe(0);
    const record = JSON.parse(created.stdout.trim());
    expect(record).toMatchObject({ tier: 'standard', name: 'Newsroom Nord', email: 'it@newsroom.example', expiresAt: null });
    expect((await getJson(server!.baseUrl, '/api/v1/causes?pageSize=1', record.key)).status).toBe(200);

    const listed = await runScript('src/cli/keys.ts', ['list', '--json'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toContain(record.key);
    expect(listed.stdout).not.toContain(demoKey);
    const rows = listed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(rows.map((r) => r.name)).toEqual(['demo key (created at first start)', 'Embedded start', 'Embedded start', 'Embedded start', 'Newsroom Nord']);

    const revoked = await runScript('src/cli/keys.ts', ['revoke', record.id], env);
    expect(revoked.code).toBe(0);
    expect(await getJson(server!.baseUrl, '/api/v1/causes?pageSize=1', record.key)).toMatchObject({
      status: 401,
      body: { error: 'Invalid or expired API key.' },
    });
  });

  it('stops on SIGTERM, and the key command works without the server', async () => {
    expect(await server!.stop()).toBe(0);
    server = undefined;
    const listed = await runScript('src/cli/keys.ts', ['list', '--json'], env);
    expect(listed.code).toBe(0);
    const rows = listed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(rows.map((r) => r.status)).toEqual(['active', 'active', 'active', 'active', 'revoked']);
  });

  it('a second start keeps the data: no new demo key, the same daily action', async () => {
    server = await startServer(env);
    expect(server.output()).not.toContain('Demo API key');
    const daily = await getJson(server.baseUrl, '/api/v1/daily-action', demoKey);
    expect(daily.body.cause.slug).toBe(firstPick);
  }, 180_000);
});
