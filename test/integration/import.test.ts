// The import path the refresh and the demo use: validation item by item, upsert by (source, externalId),
// first import time kept, deactivation, and sources that fail without touching what they left before.
import { REFRESHED_AT_SELECT, refreshedAtOf } from '../../src/modules/causes/refreshed-at.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { importSourceItems } from '../../src/modules/causes/cause-import.service.js';
import { importAllSources, runRefresh } from '../../src/modules/refresh/refresh.service.js';
import { defaultTextGenerator } from '../../src/modules/texts/default-generator.js';
import { berlinDate } from '../../src/time/berlin-calendar.js';
import { importDemoHistory } from '../../src/modules/sources/demo-history.js';
import { readDemoFeed } from '../../src/modules/sources/demo-feed.js';
import { loadSourcesConfig, parseSourcesConfig } from '../../src/modules/sources/sources-config.js';
import { feedItem, NOW, SOURCE } from '../helpers/catalogue.js';
import { ROOT } from '../helpers/processes.js';
import { resetDatabase, testPrisma } from '../helpers/test-app.js';

const prisma = testPrisma();
const DAY_MS = 86_400_000;
const item = (id: string, extra: Record<string, unknown> = {}) => ({
  ...feedItem({ externalId: id, title: `Aktion ${id}`, category: 'Petition', importedDaysAgo: 0 }),
  ...extra,
});

beforeEach(() => resetDatabase(prisma));
afterAll(() => prisma.$disconnect());

const comparable = async () => (await prisma.cause.findMany({ orderBy: { externalId: 'asc' } })).map(({ updatedAt: _u, refreshedAt: _r, ...rest }) => rest);

describe('importSourceItems', () => {
  it('creates causes with slug, progress and first import time', async () => {
    const counts = await importSourceItems(prisma, SOURCE, [item('a', { fundingGoal: 20000, fundingCurrent: 13999, deadline: '2026-12-01' })], NOW);
    expect(counts).toEqual({ new: 1, updated: 0, unchanged: 0, reactivated: 0, deactivated: 0, skipped: [] });
    const cause = await prisma.cause.findFirstOrThrow();
    expect(cause.slug).toMatch(/^aktion-a-[0-9a-f]{6}$/);
    expect(cause.fundingProgressPct?.toNumber()).toBe(69.9);
    expect(cause.firstImportedAt.toISOString()).toBe(NOW.toISOString());
    expect(cause.deadline?.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(cause.active).toBe(true);
  });

  it('is idempotent: the same feed twice leaves identical rows', async () => {
    const feed = [item('a'), item('b', { progressPct: 71.5 }), item('c', { deadline: '2026-11-30', urgencyScore: 80 })];
    await importSourceItems(prisma, SOURCE, feed, NOW);
    const first = await comparable();
    const counts = await importSourceItems(prisma, SOURCE, feed, new Date(NOW.getTime() + 3_600_000));
    expect(counts).toMatchObject({ new: 0, updated: 0, unchanged: 3, deactivated: 0 });
    expect(await comparable()).toEqual(first);
  });

  it('refreshed_at is the last import that saw the cause: one that left the feed keeps the time it was last seen', async () => {
    const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);
    await importSourceItems(prisma, SOURCE, [item('a'), item('b'), item('c')], at(0));
    await importSourceItems(prisma, SOURCE, [item('a'), item('b', { progressPct: 12 })], at(1)); // c left, b changed
    await importSourceItems(prisma, SOURCE, [item('a'), item('b', { progressPct: 12 }), item('c')], at(2)); // c is back, unchanged
    await importSourceItems(prisma, SOURCE, [item('a'), item('c')], at(3)); // b left
    const causes = await prisma.cause.findMany({ select: { externalId: true, active: true, ...REFRESHED_AT_SELECT }, orderBy: { externalId: 'asc' } });
    expect(causes.map((c) => [c.externalId, c.active, refreshedAtOf(c).toISOString()])).toEqual([
      ['a', true, at(3).toISOString()],
      ['b', false, at(2).toISOString()],
      ['c', true, at(3).toISOString()],
    ]);
  });

  it('skips bad items with a reason and imports the rest', async () => {
    const counts = await importSourceItems(
      prisma,
      SOURCE,
      [
        item('ok'),
        { ...item('no-title'), title: undefined },
        item('bad-category', { category: 'Spende' }),
        item('bad-deadline', { deadline: '2026-02-30' }),
        item('bad-type', { fundingGoal: '1000' }),
        item('extra-field', { tags: ['x'] }),
        item('bad-url', { url: 'javascript:alert(1)' }),
        item('ok'),
        'not an object',
      ],
      NOW,
    );
    expect(counts.new).toBe(1);
    expect(counts.skipped).toEqual([
      { externalId: 'no-title', reason: 'title: missing' },
      { externalId: 'bad-category', reason: 'category: expected one of Spenden, Petition, Brief, got "Spende"' },
      { externalId: 'bad-deadline', reason: 'deadline: expected a date YYYY-MM-DD, got "2026-02-30"' },
      { externalId: 'bad-type', reason: 'fundingGoal: expected a number, got "1000"' },
      { externalId: 'extra-field', reason: 'tags: unknown field' },
      { externalId: 'bad-url', reason: 'url: must be an http(s) URL' },
      { externalId: 'ok', reason: 'duplicate externalId in the feed' },
      { externalId: null, reason: 'item: expected an object, got "not an object"' },
    ]);
    expect(await prisma.cause.count()).toBe(1);
  });

  it('skips values the database could not hold instead of failing the source', async () => {
    const counts = await importSourceItems(
      prisma,
      SOURCE,
      [
        item('ok'),
        item('pct', { progressPct: 100000 }),
        item('overfunded', { fundingGoal: 0.01, fundingCurrent: 1e13 }),
        item('tipping', { actionsToTippingPoint: 3e9 }),
        // a text loses its NUL (it is made plain text); an identifier with one cannot be stored
        item('nul', { externalId: 'nul\u0000' }),
        item('tiny-goal', { fundingGoal: 0.004, fundingCurrent: 5 }),
      ],
      NOW,
    );
    expect(counts.skipped).toEqual([
      { externalId: 'pct', reason: 'progressPct: must be at most 99999' },
      { externalId: 'overfunded', reason: 'fundingCurrent: must not exceed 99999 % of fundingGoal' },
      { externalId: 'tipping', reason: 'actionsToTippingPoint: must be at most 2147483647' },
      { externalId: 'nul\u0000', reason: 'externalId: must not contain NUL characters' },
    ]);
    expect(counts.new).toBe(2);
    // a goal under one cent is no usable goal: no progress
    expect((await prisma.cause.findFirstOrThrow({ where: { externalId: 'tiny-goal' } })).fundingProgressPct).toBeNull();
  });

  it('an item that turned invalid keeps its cause active (it did not leave the feed)', async () => {
    await importSourceItems(prisma, SOURCE, [item('a'), item('b')], NOW);
    const counts = await importSourceItems(prisma, SOURCE, [item('a', { shareUrl: 'https://x.example' }), item('b')], NOW);
    expect(counts).toMatchObject({ deactivated: 0, unchanged: 1, skipped: [{ externalId: 'a', reason: 'shareUrl: unknown field' }] });
    expect(await prisma.cause.count({ where: { active: true } })).toBe(2);
  });

  it('a feed whose every item is invalid fails the source and keeps its causes (a format change upstream)', async () => {
    await importSourceItems(prisma, SOURCE, [item('a'), item('b')], NOW);
    const renamed = [item('a'), item('b')].map(({ externalId, ...rest }) => ({ id: externalId, ...rest }));
    await expect(importSourceItems(prisma, SOURCE, renamed, NOW)).rejects.toThrow(
      'every item of the feed is invalid (first: externalId: missing; id: unknown field); its causes are kept',
    );
    expect(await prisma.cause.count({ where: { active: true } })).toBe(2);
  });

  it('an empty feed fails the source while it has active causes', async () => {
    await importSourceItems(prisma, SOURCE, [item('a'), item('b')], NOW);
    await expect(importSourceItems(prisma, SOURCE, [], NOW)).rejects.toThrow('the feed is empty; its 2 active causes are kept');
    expect(await prisma.cause.count({ where: { active: true } })).toBe(2);
  });

  it('deactivates a cause that left the feed and reactivates it with its first import time when it returns', async () => {
    await importSourceItems(prisma, SOURCE, [item('a'), item('b')], NOW);
    const later = new Date(NOW.getTime() + 2 * DAY_MS);
    expect(await importSourceItems(prisma, SOURCE, [item('a')], later)).toMatchObject({ unchanged: 1, deactivated: 1 });
    expect(await prisma.cause.findFirstOrThrow({ where: { externalId: 'b' } })).toMatchObject({ active: false, inactiveReason: 'left the feed' });
    const evenLater = new Date(NOW.getTime() + 4 * DAY_MS);
    expect(await importSourceItems(prisma, SOURCE, [item('a'), item('b')], evenLater)).toMatchObject({ reactivated: 1 });
    const b = await prisma.cause.findFirstOrThrow({ where: { externalId: 'b' } });
    expect(b).toMatchObject({ active: true, inactiveReason: null });
    expect(b.firstImportedAt.toISOString()).toBe(NOW.toISOString());
  });

  it('deactivates a cause whose deadline has passed (Berlin date)', async () => {
    await importSourceItems(prisma, SOURCE, [item('a', { deadline: '2026-11-21' }), item('b', { deadline: '2026-11-20' })], NOW);
    const rows = await prisma.cause.findMany({ orderBy: { externalId: 'asc' }, select: { active: true, inactiveReason: true } });
    expect(rows).toEqual([
      { active: true, inactiveReason: null },
      { active: false, inactiveReason: 'deadline passed' },
    ]);
    // the next day the first one has passed too, although its data did not change
    await importSourceItems(prisma, SOURCE, [item('a', { deadline: '2026-11-21' })], new Date('2026-11-21T23:30:00Z'));
    expect(await prisma.cause.count({ where: { active: true } })).toBe(0);
  });

  it('updates changed data and keeps the slug', async () => {
    await importSourceItems(prisma, SOURCE, [item('a')], NOW);
    const before = await prisma.cause.findFirstOrThrow();
    expect(await importSourceItems(prisma, SOURCE, [item('a', { title: 'Neuer Titel' })], NOW)).toMatchObject({ updated: 1 });
    const after = await prisma.cause.findFirstOrThrow();
    expect(after.title).toBe('Neuer Titel');
    expect(after.slug).toBe(before.slug);
    expect(after.contentHash).not.toBe(before.contentHash);
  });
});

describe('json-feed sources over HTTP', () => {
  const responses = new Map<string, (res: http.ServerResponse) => void>();
  const server = http.createServer((req, res) => (responses.get(req.url ?? '') ?? ((r) => r.writeHead(404).end()))(res));
  const listening = new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
  afterAll(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  );
  const log = { info: () => {}, warn: () => {} };

  async function run(path: string, limits = { timeoutMs: 500, maxBytes: 10_000 }) {
    const base = await listening;
    const sources = parseSourcesConfig({ sources: [{ ...SOURCE, url: `${base}${path}`, local: true }] }, '/');
    return importAllSources({ prisma, sources, now: NOW, log, limits });
  }

  it('imports a feed served over HTTP', async () => {
    responses.set('/good', (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items: [item('a'), item('b')] })));
    const [outcome] = await run('/good');
    expect(outcome).toMatchObject({ name: 'Testquelle', ok: true, counts: { new: 2 } });
  });

  it('an item with several problems is skipped with all of them, each field named, in the run record and the log', async () => {
    // JSON has no undefined: the title is missing from the item
    const broken = { ...item('drei'), title: undefined, deadline: 'tomorrow', fundingGoal: '500' };
    responses.set('/three-problems', (res) => res.writeHead(200).end(JSON.stringify({ items: [item('ok'), broken] })));
    const base = await listening;
    const sources = parseSourcesConfig({ sources: [{ ...SOURCE, url: `${base}/three-problems`, local: true }] }, '/');
    const logged: string[] = [];
    const collect = (line: string) => void logged.push(line);
    const result = await runRefresh({
      prisma,
      sources,
      generator: defaultTextGenerator,
      now: NOW,
      clock: () => NOW,
      trigger: 'test',
      force: true,
      log: { info: collect, warn: collect },
    });
    const reason = 'title: missing; deadline: expected a date YYYY-MM-DD, got "tomorrow"; fundingGoal: expected a number, got "500"';
    const run = await prisma.jobRun.findUniqueOrThrow({ where: { id: result.jobRunId } });
    expect((run.stats as { sources: unknown[] }).sources).toEqual([
      expect.objectContaining({
        name: 'Testquelle',
        ok: true,
        counts: expect.objectContaining({ new: 1, skipped: [{ externalId: 'drei', reason }] }),
        skippedByReason: { [reason]: 1 },
      }),
    ]);
    expect(logged.filter((line) => line.includes('skipped'))).toEqual([`source "Testquelle": 1 skipped: ${reason}`]);
  });

  it.each([
    ['/error', (res: http.ServerResponse) => res.writeHead(500).end('oops'), 'HTTP 500'],
    ['/malformed', (res: http.ServerResponse) => res.writeHead(200).end('{"items": [ {'), 'is not valid JSON'],
    ['/not-a-feed', (res: http.ServerResponse) => res.writeHead(200).end('{"data": []}'), 'expected an object with an "items" array'],
    ['/huge', (res: http.ServerResponse) => res.writeHead(200).end(`{"items": [], "pad": "${'x'.repeat(20_000)}"}`), 'larger than 10000 bytes'],
    ['/slow', (_res: http.ServerResponse) => {}, 'no answer within 500 ms'],
  ])('a failing source (%s) is reported and leaves its previous causes untouched', async (path, respond, reason) => {
    responses.set('/good', (res) => res.writeHead(200).end(JSON.stringify({ items: [item('a'), item('b')] })));
    await run('/good');
    const before = await comparable();
    responses.set(path, respond);
    const [outcome] = await run(path);
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toContain(reason);
    expect(await comparable()).toEqual(before);
  });
});

describe('sources configuration', () => {
  it.each([
    [{}, 'sources configuration: expected an object { "sources": [ ... ] }'],
    [
      { sources: [{ name: 'A', platform: 'p', type: 'csv', url: 'x.json' }] },
      'sources configuration: source "A", field "type": must be one of json-feed, demo',
    ],
    [{ sources: [{ name: 'A', type: 'json-feed', url: 'x.json' }] }, 'sources configuration: source "A", field "platform": must be a non-empty string'],
    [{ sources: [{ platform: 'p', type: 'json-feed', url: 'x.json' }] }, 'sources configuration: source #1, field "name": must be a non-empty string'],
    [
      { sources: [{ name: 'A', platform: 'p', type: 'json-feed', url: 'ftp://host/feed' }] },
      'sources configuration: source "A", field "url": only http(s) URLs and file paths are supported',
    ],
    [
      { sources: [{ name: 'A', platform: 'p', type: 'json-feed', url: 'x.json', licence: ' ' }] },
      'sources configuration: source "A", field "licence": must be a non-empty string',
    ],
    [
      { sources: [{ name: 'A', platform: 'p', type: 'json-feed', url: 'x.json', licence: 4 }] },
      'sources configuration: source "A", field "licence": must be a non-empty string',
    ],
    [
      { sources: [{ name: 'A', platform: 'p', type: 'json-feed', url: 'x.json', licence: 'x'.repeat(501) }] },
      'sources configuration: source "A", field "licence": must be at most 500 characters',
    ],
  ])('rejects %j naming the source and the field', (raw, message) => {
    expect(() => parseSourcesConfig(raw, '/')).toThrow(message);
  });

  it('resolves file paths against the configuration file', () => {
    const [source] = parseSourcesConfig({ sources: [{ name: 'A', platform: 'p', type: 'demo', url: 'demo/a.json' }] }, '/srv/config');
    expect(source.location).toBe('/srv/config/demo/a.json');
  });

  it('keeps a licence note, trimmed; every demo source has one', () => {
    const [source] = parseSourcesConfig({ sources: [{ name: 'A', platform: 'p', type: 'demo', url: 'a.json', licence: ' CC BY 4.0 ' }] }, '/');
    expect(source.licence).toBe('CC BY 4.0');
    expect(loadSourcesConfig(`${ROOT}/config/demo/sources.json`).map((s) => s.licence)).toEqual(
      Array(3).fill('Made-up demo data bundled with the service; free to use for testing, not real causes.'),
    );
  });
});

describe('the demo history of a first start', () => {
  const demoSources = () => loadSourcesConfig(`${ROOT}/config/demo/sources.json`).filter((s) => s.type === 'demo');
  const rows = async () =>
    (await prisma.cause.findMany({ include: { source: { select: { name: true, causesSeenAt: true } } }, orderBy: { externalId: 'asc' } })).map(
      // written by the database clock; refreshed_at as served (the day by day import stamps the source, not each cause)
      ({ id: _i, sourceId: _s, createdAt: _c, updatedAt: _u, refreshedWithSource: _w, source: { name }, ...rest }, i, all) => ({
        ...rest,
        source: { name },
        refreshedAt: refreshedAtOf(all[i]),
      }),
    );

  it("dates each earlier item back to its first import day and leaves today's items to the refresh", async () => {
    expect(await importDemoHistory(prisma, demoSources(), NOW)).toBe(true);
    const demo = demoSources().flatMap((source) => readDemoFeed(source.location, berlinDate(NOW)));
    const earlier = demo.filter((d) => d.importedDaysAgo > 0);
    expect(earlier).toHaveLength(46);
    const causes = await prisma.cause.findMany({ select: { externalId: true, firstImportedAt: true, ...REFRESHED_AT_SELECT, active: true } });
    expect(Object.fromEntries(causes.map((c) => [c.externalId, c.firstImportedAt.toISOString()]))).toEqual(
      Object.fromEntries(earlier.map((d) => [d.item.externalId, new Date(NOW.getTime() - d.importedDaysAgo * DAY_MS).toISOString()])),
    );
    // last seen on the latest earlier import day (yesterday), all open
    expect(new Set(causes.map((c) => `${refreshedAtOf(c).toISOString()} ${c.active}`))).toEqual(
      new Set([`${new Date(NOW.getTime() - DAY_MS).toISOString()} true`]),
    );
    // a second start on a catalogue that has causes imports nothing
    expect(await importDemoHistory(prisma, demoSources(), NOW)).toBe(false);
  });

  it('leaves exactly the rows an import day by day leaves', async () => {
    await importDemoHistory(prisma, demoSources(), NOW);
    const bulk = await rows();
    await resetDatabase(prisma);
    // the replay the first start did before: every past import day, oldest first, each source in turn
    const feeds = demoSources().map((source) => ({ source, items: readDemoFeed(source.location, berlinDate(NOW)) }));
    const ages = [...new Set(feeds.flatMap((f) => f.items.map((i) => i.importedDaysAgo)))].filter((age) => age > 0).sort((a, b) => b - a);
    for (const age of ages) {
      for (const { source, items } of feeds) {
        const known = items.filter((i) => i.importedDaysAgo >= age).map((i) => i.item);
        await importSourceItems(prisma, source, known, new Date(NOW.getTime() - age * DAY_MS));
      }
    }
    expect(bulk).toEqual(await rows());
  });
});
