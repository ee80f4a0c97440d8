// Incremental sync on GET /api/v1/causes (changedSince, cursor): against the real app, the real import
// and refresh, with a pinned clock. When an integrator syncs after a refresh, then it gets exactly what
// changed and what left the list, nothing twice and nothing lost, in both languages.
import { REFRESHED_AT_SELECT, refreshedAtOf } from '../../src/modules/causes/refreshed-at.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSourceItems } from '../../src/modules/causes/cause-import.service.js';
import { createHmac } from 'node:crypto';
import { decodeCursor, encodeCursor, recordCauseChanges, syncCursorKey } from '../../src/modules/causes/cause-changes.service.js';
import { unsuppressCause } from '../../src/modules/causes/suppression.service.js';
import { removeDemoCatalogue } from '../../src/modules/refresh/demo-removal.service.js';
import { suppressCause } from '../../src/modules/daily-action/suppress-cause.service.js';
import { runRefresh } from '../../src/modules/refresh/refresh.service.js';
import { setText } from '../../src/modules/texts/editorial.service.js';
import { defaultTextGenerator } from '../../src/modules/texts/default-generator.js';
import { feedItem, NOW, seedCatalogue, SOURCE, standardCatalogue, type FixtureCause } from '../helpers/catalogue.js';
import { conformanceProblems } from '../helpers/openapi-conformance.js';
import { getJson, issueKey, resetDatabase, startTestApp, testPrisma, unlimited, type TestApp } from '../helpers/test-app.js';

const prisma = testPrisma();
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const LATER = new Date(NOW.getTime() + HOUR_MS);
/** the app's options: the app reads `now` from them on every request, so a test moves its clock here */
const clock = { prisma, now: NOW, limiter: unlimited };
let app: TestApp;
let key: string;

const refreshAt = (now: Date) =>
  runRefresh({
    prisma,
    sources: [],
    generator: defaultTextGenerator,
    now,
    clock: () => now,
    trigger: 'test',
    log: { info: () => {}, warn: () => {} },
    force: true,
  });

async function get(path: string) {
  const response = await getJson(app.baseUrl, `/api/v1${path}`, key);
  expect(conformanceProblems('GET', path.startsWith('/causes?') || path === '/causes' ? '/causes' : path, response)).toEqual([]);
  return response;
}

/** Every page of a sync from `first`, following the cursor while hasMore. */
async function syncAll(first: string) {
  const pages = [];
  let response = await get(first);
  pages.push(response.body);
  const pageSize = /pageSize=(\d+)/.exec(first)?.[1] ?? '20';
  while (response.body.hasMore) {
    response = await get(`/causes?cursor=${response.body.cursor}&pageSize=${pageSize}`);
    expect(response.status).toBe(200);
    pages.push(response.body);
  }
  return pages;
}

const slugs = (items: { slug: string }[]) => items.map((item) => item.slug);
const slugOf = async (externalId: string) => (await prisma.cause.findFirstOrThrow({ where: { externalId } })).slug;
/** The list's item of each slug, as the default GET /causes shows it in `lang`. */
async function listed(lang: 'de' | 'en') {
  const { body } = await get(`/causes?pageSize=50&lang=${lang}`);
  return new Map<string, unknown>(body.items.map((item: { slug: string }) => [item.slug, item]));
}

// The refresh after the first sync: c05 retitled, c24 new, c23 no longer in the feed.
const changedCatalogue = (): FixtureCause[] => [
  ...standardCatalogue()
    .filter((c) => c.externalId !== 'c23')
    .map((c) => (c.externalId === 'c05' ? { ...c, title: 'Aktion 05: neue Fassung' } : c)),
  { externalId: 'c24', title: 'Aktion 24', category: 'Brief', progressPct: 10, importedDaysAgo: 0 },
];

let firstCursor: string;
let secondCursor: string;

beforeAll(async () => {
  await resetDatabase(prisma);
  await seedCatalogue(prisma, standardCatalogue());
  app = await startTestApp(clock);
  key = await issueKey(prisma, 'growth', NOW);
});
afterAll(async () => {
  await app.close();
  await prisma.$disconnect();
});

describe('incremental sync', () => {
  it('a first sync (changedSince before the retention) is a full sync: every listed cause, as the list shows it, with no tombstones', async () => {
    const pages = await syncAll('/causes?changedSince=1970-01-01T00:00:00Z&pageSize=50');
    expect(pages).toHaveLength(1);
    const [page] = pages;
    expect(page).toMatchObject({ removed: [], hasMore: false, full: true });
    const list = await listed('de');
    expect(page.changed).toHaveLength(23);
    expect(new Set(slugs(page.changed))).toEqual(new Set(list.keys()));
    for (const item of page.changed) expect(item).toEqual(list.get(item.slug));
    firstCursor = page.cursor;
  });

  it('with nothing changed since, a sync is empty; a refresh that rewrites only refreshed_at changes nothing', async () => {
    expect((await get(`/causes?cursor=${firstCursor}`)).body).toEqual({ changed: [], removed: [], cursor: expect.any(String), hasMore: false, full: false });
    await importSourceItems(prisma, SOURCE, standardCatalogue().map(feedItem), new Date(NOW.getTime() + HOUR_MS / 2));
    await refreshAt(new Date(NOW.getTime() + HOUR_MS / 2));
    expect(refreshedAtOf(await prisma.cause.findFirstOrThrow({ where: { externalId: 'c02' }, select: REFRESHED_AT_SELECT }))).toEqual(
      new Date(NOW.getTime() + HOUR_MS / 2),
    );
    const { body } = await get(`/causes?cursor=${firstCursor}`);
    expect(body).toMatchObject({ changed: [], removed: [], hasMore: false, full: false });
  });

  it('after a refresh that changes one cause, adds one and drops one, and a suppression, the next sync returns exactly those', async () => {
    const suppressed = await slugOf('c10');
    clock.now = LATER;
    await suppressCause(prisma, suppressed, 'Hinweis der Redaktion', LATER, defaultTextGenerator);
    await importSourceItems(prisma, SOURCE, changedCatalogue().map(feedItem), LATER);
    await refreshAt(LATER);
    const [changedSlug, addedSlug, droppedSlug] = [await slugOf('c05'), await slugOf('c24'), await slugOf('c23')];

    const { body, headers } = await get(`/causes?cursor=${firstCursor}`);
    expect(headers.get('cache-control')).toBe('private, max-age=0, must-revalidate');
    expect(slugs(body.changed)).toEqual([changedSlug, addedSlug]);
    expect(body.removed).toEqual([
      { id: expect.any(String), slug: suppressed, removedAt: LATER.toISOString(), reason: 'suppressed' },
      { id: expect.any(String), slug: droppedSlug, removedAt: LATER.toISOString(), reason: 'removed' },
    ]);
    expect(body).toMatchObject({ hasMore: false, full: false });
    expect(body.changed[0].title).toBe('Aktion 05: neue Fassung');
    // each changed cause exactly as the list shows it now, in both languages
    for (const lang of ['de', 'en'] as const) {
      const list = await listed(lang);
      const { body: inLang } = await get(`/causes?cursor=${firstCursor}&lang=${lang}`);
      expect(inLang.changed).toEqual([list.get(changedSlug), list.get(addedSlug)]);
    }
    secondCursor = body.cursor;
    expect((await get(`/causes?cursor=${secondCursor}`)).body).toMatchObject({ changed: [], removed: [], hasMore: false });
  });

  it('combined with category: only that category’s changes and tombstones', async () => {
    const { body } = await get(`/causes?cursor=${firstCursor}&category=Petition`);
    expect(slugs(body.changed)).toEqual([await slugOf('c05')]);
    expect(slugs(body.removed)).toEqual([await slugOf('c23')]);
  });

  it('paging with pageSize 1 across changes recorded at the same instant loses nothing and repeats nothing', async () => {
    const pages = await syncAll(`/causes?cursor=${firstCursor}&pageSize=1`);
    expect(pages.map((page) => [...slugs(page.changed), ...slugs(page.removed)])).toEqual([
      [await slugOf('c10')],
      [await slugOf('c23')],
      [await slugOf('c05')],
      [await slugOf('c24')],
    ]);
    // the first sync again, five at a time: all 23 causes share one changedAt
    const full = await syncAll('/causes?changedSince=1970-01-01T00:00:00Z&pageSize=5');
    const all = full.flatMap((page) => slugs(page.changed));
    expect(full.every((page) => page.full)).toBe(true);
    expect(all).toHaveLength(new Set(all).size);
    // the list still shows the suppressed c10 (spec 2.3); the sync has told of its suppression instead
    const suppressed = await slugOf('c10');
    expect(new Set(all)).toEqual(new Set([...(await listed('de')).keys()].filter((slug) => slug !== suppressed)));
  });

  it('suppressed then unsuppressed, and an editor’s correction: the cause comes back as changed, never lost', async () => {
    const slug = await slugOf('c10');
    const at = new Date(LATER.getTime() + HOUR_MS);
    clock.now = at;
    await unsuppressCause(prisma, slug, at);
    await setText(prisma, await slugOf('c02'), 'en', 'summary', 'A corrected summary.', at);
    const { body } = await get(`/causes?cursor=${secondCursor}&lang=en`);
    expect(slugs(body.changed)).toEqual([slug, await slugOf('c02')]);
    expect(body.changed[1].summary).toBe('A corrected summary.');
    expect(body.removed).toEqual([]);
    // from before the suppression: its tombstone is superseded by the later change within the page
    const { body: older } = await get(`/causes?cursor=${firstCursor}`);
    expect(slugs(older.changed)).toEqual([await slugOf('c05'), await slugOf('c24'), slug, await slugOf('c02')]);
    expect(slugs(older.removed)).toEqual([await slugOf('c23')]);
  });

  it('changedSince selects by the time of the change; a position older than 90 days gets a full sync', async () => {
    const { body } = await get(`/causes?changedSince=${encodeURIComponent(new Date(LATER.getTime() - 1).toISOString())}&pageSize=50`);
    expect(body.full).toBe(false);
    expect(slugs(body.removed).sort()).toEqual([await slugOf('c23')]);
    expect(slugs(body.changed).sort()).toEqual([await slugOf('c05'), await slugOf('c24'), await slugOf('c10'), await slugOf('c02')].sort());
    clock.now = new Date(NOW.getTime() + 91 * DAY_MS);
    try {
      const { body: stale } = await get(`/causes?cursor=${secondCursor}&pageSize=50`);
      expect(stale).toMatchObject({ full: true, removed: [], hasMore: false });
    } finally {
      clock.now = new Date(LATER.getTime() + HOUR_MS);
    }
  });

  it('malformed or conflicting parameters: 400 naming the parameter', async () => {
    const cases: [string, string][] = [
      [
        '/causes?changedSince=yesterday',
        'Invalid value for "changedSince": expected an ISO 8601 date and time with a time zone, such as 2026-11-25T02:00:00Z.',
      ],
      [
        '/causes?changedSince=2026-11-21T10:00:00',
        'Invalid value for "changedSince": expected an ISO 8601 date and time with a time zone, such as 2026-11-25T02:00:00Z.',
      ],
      [
        '/causes?changedSince=2026-02-30T10:00:00Z',
        'Invalid value for "changedSince": expected an ISO 8601 date and time with a time zone, such as 2026-11-25T02:00:00Z.',
      ],
      ['/causes?cursor=abc', 'Invalid value for "cursor": expected the cursor of an earlier answer, unchanged.'],
      ['/causes?cursor=a%20b', 'Invalid value for "cursor": expected the cursor of an earlier answer, unchanged.'],
      [
        `/causes?cursor=${firstCursor}&changedSince=2026-11-21T10:00:00Z`,
        '"changedSince" and "cursor" cannot be combined: start with changedSince, then continue with the cursor of each answer.',
      ],
      [`/causes?cursor=${firstCursor}&page=2`, '"page" cannot be combined with "changedSince" or "cursor": a sync is paged with the cursor of each answer.'],
      [`/causes?cursor=${firstCursor}&pageSize=51`, 'Invalid value for "pageSize": expected a whole number from 1 to 50.'],
    ];
    for (const [path, error] of cases) {
      const response = await get(path);
      expect({ path, status: response.status, body: response.body }).toEqual({ path, status: 400, body: { error } });
    }
  });

  it('a cursor is signed: a changed position, a cursor without its signature or with a time no date holds is a 400', async () => {
    const [payload, signature] = firstCursor.split('.');
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({ s: expect.any(Number), t: NOW.getTime() });
    const forge = (position: object) => `${Buffer.from(JSON.stringify(position)).toString('base64url')}.${signature}`;
    const key = await syncCursorKey(prisma);
    // the key is this database's own, made at its first use
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect((await prisma.contentState.findUniqueOrThrow({ where: { id: 1 } })).syncSecret).toBe(key);
    const forged = [
      forge({ s: 0, t: NOW.getTime() }),
      forge({ s: Number.MAX_SAFE_INTEGER, t: NOW.getTime() }),
      payload,
      `${payload}.${'A'.repeat(signature.length)}`,
    ];
    for (const cursor of forged) {
      const response = await get(`/causes?cursor=${cursor}`);
      expect({ cursor, status: response.status, body: response.body }).toEqual({
        cursor,
        status: 400,
        body: { error: 'Invalid value for "cursor": expected the cursor of an earlier answer, unchanged.' },
      });
    }
    // signed with the right key, but a time beyond what a date can hold
    const beyondDates = Buffer.from(JSON.stringify({ s: 1, t: 9e15 })).toString('base64url');
    expect(decodeCursor(`${beyondDates}.${createHmac('sha256', key).update(beyondDates).digest().subarray(0, 16).toString('base64url')}`, key)).toBeNull();
    expect(decodeCursor(encodeCursor({ seq: 7, at: NOW }, key), key)).toEqual({ seq: 7, at: NOW });
    // the unchanged cursor still answers
    expect((await get(`/causes?cursor=${firstCursor}`)).status).toBe(200);
  });

  it('causes deleted with the demo catalogue are removed, once', async () => {
    const at = new Date(LATER.getTime() + 2 * HOUR_MS);
    clock.now = at;
    const demo = { name: 'Demo', platform: 'demo', type: 'demo', url: 'demo:sync' };
    await importSourceItems(prisma, demo, [feedItem({ externalId: 'd1', title: 'Demo 1', category: 'Spenden', importedDaysAgo: 0 })], at);
    await recordCauseChanges(prisma, at);
    const demoSlug = (await prisma.cause.findFirstOrThrow({ where: { externalId: 'd1' } })).slug;
    const before = (await get(`/causes?cursor=${secondCursor}&pageSize=50`)).body;
    expect(slugs(before.changed)).toContain(demoSlug);
    await removeDemoCatalogue(prisma, defaultTextGenerator, at);
    const { body } = await get(`/causes?cursor=${before.cursor}`);
    expect(body).toMatchObject({ changed: [], removed: [{ slug: demoSlug, removedAt: at.toISOString(), reason: 'removed' }], hasMore: false });
    expect((await get(`/causes?cursor=${body.cursor}`)).body).toMatchObject({ changed: [], removed: [] });
  });

  it('GraphQL answers the same as REST', async () => {
    const response = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'x-api-key': key },
      body: JSON.stringify({ query: `{ causeChanges(cursor: "${secondCursor}") { changed { slug } removed { slug reason } hasMore full } }` }),
    });
    const { body } = await get(`/causes?cursor=${secondCursor}`);
    expect(body.changed.length + body.removed.length).toBeGreaterThan(1);
    expect((await response.json()).data.causeChanges).toEqual({
      changed: body.changed.map((c: { slug: string }) => ({ slug: c.slug })),
      removed: body.removed.map((r: { slug: string; reason: string }) => ({ slug: r.slug, reason: r.reason })),
      hasMore: false,
      full: false,
    });
    // never from Yoga's response cache: the same query a minute later carries that minute's cursor
    const cursorAt = async () => {
      const answer = await fetch(`${app.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'x-api-key': key },
        body: JSON.stringify({ query: `{ causeChanges(cursor: "${secondCursor}") { cursor } }` }),
      });
      return (await answer.json()).data.causeChanges.cursor as string;
    };
    const first = await cursorAt();
    clock.now = new Date(clock.now.getTime() + 60_000);
    expect(await cursorAt()).not.toBe(first);
  });
});
