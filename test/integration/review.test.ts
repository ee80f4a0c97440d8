// Review before readers: a source that says nothing about review is unverified; its causes wait for an
// editor, who approves, releases or rejects them (the CLI and GraphQL), and each decision is recorded.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importSourceItems } from '../../src/modules/causes/cause-import.service.js';
import { storeDailyAction } from '../../src/modules/daily-action/daily-pick.service.js';
import { suppressCause } from '../../src/modules/daily-action/suppress-cause.service.js';
import { decideReview, reviewQueue } from '../../src/modules/review/review.service.js';
import { runRefresh } from '../../src/modules/refresh/refresh.service.js';
import { parseSourcesConfig, type SourceConfig } from '../../src/modules/sources/sources-config.js';
import { defaultTextGenerator } from '../../src/modules/texts/default-generator.js';
import { createApiKeys } from '../../src/modules/api-keys/api-keys.service.js';
import { addDays, contentDay } from '../../src/time/berlin-calendar.js';
import { feedItem, NOW, TODAY, type FixtureCause } from '../helpers/catalogue.js';
import { runCommandInProcess } from '../helpers/cli.js';
import { getJson, issueKey, resetDatabase, startTestApp, testPrisma, unlimited, type TestApp } from '../helpers/test-app.js';
import { testDatabaseUrl } from '../helpers/workers.js';

const prisma = testPrisma();
const DAY = contentDay(NOW);
/** A user-submitted petition platform whose entry says nothing about review. */
const UNVERIFIED = { name: 'Offene Petitionen', platform: 'offen', type: 'json-feed', url: 'https://offen.example/feed.json' };
const causes: FixtureCause[] = [
  { externalId: 'p1', title: 'Radweg an der B 27', category: 'Petition', deadlineInDays: 3, progressPct: 80, importedDaysAgo: 0 },
  { externalId: 'p2', title: 'Hallenbad Nord erhalten', category: 'Petition', deadlineInDays: 20, progressPct: 80, importedDaysAgo: 0 },
  { externalId: 'p3', title: 'Mehr Bänke im Stadtpark', category: 'Petition', progressPct: 40, importedDaysAgo: 0 },
];
// descriptions of a real petition's length (the screens flag a thin one)
const items = causes.map((c) => ({
  ...feedItem(c),
  description: `${c.title}: Die Initiative sammelt Unterschriften, damit der Gemeinderat das Vorhaben noch in diesem Jahr berät und beschließt.`,
}));
const silent = { info: () => {}, warn: () => {} };
const refresh = (at = NOW) =>
  runRefresh({ prisma, sources: [] as SourceConfig[], generator: defaultTextGenerator, now: at, clock: () => at, trigger: 'test', log: silent });
const slugOf = async (externalId: string) => (await prisma.cause.findFirstOrThrow({ where: { externalId } })).slug;
// the CLI reads the real clock; its decisions are checked by who and why, not by when
const review = (...args: string[]) => runCommandInProcess('review', args, { ...process.env, DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'warn' });

let app: TestApp;
let key: string;
let feedToken: string;
// an app per test: each test starts from content version 0, which the previous test's app has cached
beforeEach(async () => {
  await resetDatabase(prisma);
  key = await issueKey(prisma, 'growth', NOW);
  feedToken = (await createApiKeys(prisma, { label: 'feeds', tier: 'growth' }, NOW))[0].feedToken;
  app = await startTestApp({ prisma, now: NOW, limiter: unlimited });
});
afterEach(() => app.close());
afterAll(() => prisma.$disconnect());

describe('a source that says nothing about review (the default, "list")', () => {
  it('imports its causes as waiting, neither listed nor the daily action, and the queue shows them in pick order', async () => {
    await importSourceItems(prisma, UNVERIFIED, items, NOW);
    const result = await refresh();
    expect(result.pick).toBeNull();
    const rows = await prisma.cause.findMany({ orderBy: { externalId: 'asc' }, select: { externalId: true, reviewState: true } });
    expect(rows).toEqual(['p1', 'p2', 'p3'].map((externalId) => ({ externalId, reviewState: 'pending_unlisted' })));
    expect((await getJson(app.baseUrl, '/api/v1/causes', key)).body).toEqual({ total: 0, page: 1, pageSize: 20, items: [] });
    expect(await getJson(app.baseUrl, '/api/v1/daily-action', key)).toMatchObject({ status: 503, body: { error: 'No action available today.' } });
    expect((await getJson(app.baseUrl, `/api/v1/causes/${await slugOf('p1')}`, key)).status).toBe(404);
    const sources = await getJson(app.baseUrl, '/api/v1/sources', key);
    // a source no longer configured is named only while it has listed causes
    expect(JSON.stringify(sources.body)).not.toContain(UNVERIFIED.name);

    const queue = await review('queue', '--limit', '2');
    expect(queue.code).toBe(0);
    const lines = queue.stdout.split('\n');
    expect(lines[0]).toBe('3 causes are waiting for an editor:');
    // the command scores on the real clock: its lines are checked for their form, the order on the test's clock below
    expect(lines.filter((line) => /^\S+ {2}\(/.test(line))).toEqual([
      expect.stringMatching(/^\S+ {2}\(Petition, Offene Petitionen; not listed until reviewed; score \d+\)$/),
      expect.stringMatching(/^\S+ {2}\(Petition, Offene Petitionen; not listed until reviewed; score \d+\)$/),
    ]);
    // scored on the coming day: p1's deadline in 2 days (60 + 20 for 80 % + 10 new), p2's in 19 (30 + 20 + 10), p3 none (10)
    const queued = await reviewQueue(prisma, NOW, { limit: 5 });
    expect(queued.items.map((item) => [item.slug, item.urgencyTotal, item.listed])).toEqual([
      [await slugOf('p1'), 90, false],
      [await slugOf('p2'), 60, false],
      [await slugOf('p3'), 10, false],
    ]);
    expect(lines).toContain('  flags: none');
    expect(lines.at(-2)).toBe('… and 1 more (--limit N shows more)');
  });

  it('approve: listed and the daily action; release: listed, never picked; each decision recorded with who and why', async () => {
    await importSourceItems(prisma, UNVERIFIED, items, NOW);
    await refresh();
    const [p1, p2] = [await slugOf('p1'), await slugOf('p2')];
    const approved = await review('approve', p2, '--by', 'Anna Berg', '--reason', 'Quelle geprüft');
    expect(approved).toMatchObject({ code: 0, stdout: `${p2}: pending_unlisted → approved (listed, and may be the daily action).\n` });
    const released = await review('release', p1, '--by', 'Anna Berg');
    expect(released.stdout).toBe(`${p1}: pending_unlisted → released (listed, never the daily action).\n`);

    const list = await getJson(app.baseUrl, '/api/v1/causes', key);
    expect(list.body.items.map((c: { slug: string }) => c.slug)).toEqual([p1, p2]);
    // p1 scores higher but is only released: the pick is p2
    expect((await storeDailyAction(prisma, defaultTextGenerator, DAY, NOW, null))?.slug).toBe(p2);
    expect((await getJson(app.baseUrl, '/api/v1/daily-action', key)).body.cause.slug).toBe(p2);

    const events = await prisma.reviewEvent.findMany({
      orderBy: { at: 'asc' },
      select: { decision: true, fromState: true, toState: true, reason: true, by: true, cause: { select: { slug: true } } },
    });
    expect(events).toEqual([
      { decision: 'approve', fromState: 'pending_unlisted', toState: 'approved', reason: 'Quelle geprüft', by: 'Anna Berg', cause: { slug: p2 } },
      { decision: 'release', fromState: 'pending_unlisted', toState: 'released', reason: null, by: 'Anna Berg', cause: { slug: p1 } },
    ]);
    const show = await review('show', p2);
    expect(show.stdout).toMatch(new RegExp(`^${p2}: approved\\n  \\S+ approve by Anna Berg \\(pending_unlisted → approved\\): Quelle geprüft\\n$`));
  });

  it('reject: today\'s daily action is replaced at once, and incremental sync reports the cause removed as "rejected"', async () => {
    await importSourceItems(prisma, UNVERIFIED, items, NOW);
    await refresh();
    const [p1, p2] = [await slugOf('p1'), await slugOf('p2')];
    for (const slug of [p1, p2]) await review('approve', slug, '--by', 'Anna Berg');
    expect((await storeDailyAction(prisma, defaultTextGenerator, DAY, NOW, null))?.slug).toBe(p1);
    const first = await getJson(app.baseUrl, '/api/v1/causes?changedSince=1970-01-01T00:00:00Z', key);
    expect(first.body.changed.map((c: { slug: string }) => c.slug).sort()).toEqual([p1, p2].sort());

    // on the test's clock (the command reads the real one): the service the command calls
    const rejected = await decideReview(prisma, defaultTextGenerator, p1, 'reject', { by: 'Anna Berg', reason: 'Vorwürfe gegen eine Privatperson' }, NOW);
    expect(rejected).toEqual({ slug: p1, from: 'approved', state: 'rejected', replacement: { slug: p2 } });
    expect((await getJson(app.baseUrl, '/api/v1/daily-action', key)).body.cause.slug).toBe(p2);
    // its link answers that it was withdrawn, and since when (2026-11-21, NOW's day in Berlin)
    const gone = await getJson(app.baseUrl, `/api/v1/causes/${p1}`, key);
    expect([gone.status, gone.body]).toEqual([410, { error: 'This cause was withdrawn: an editor rejected it. It left the list on 2026-11-21.' }]);
    const next = await getJson(app.baseUrl, `/api/v1/causes?cursor=${first.body.cursor}`, key);
    expect(next.body.changed).toEqual([]);
    expect(next.body.removed).toEqual([{ id: expect.any(String), slug: p1, removedAt: expect.any(String), reason: 'rejected' }]);
  });

  it('what an editor rejected, or has not yet seen, reaches no dashboard query and no archived day (nor its feeds)', async () => {
    const yesterday = new Date(NOW.getTime() - 86_400_000);
    const day = contentDay(yesterday);
    await importSourceItems(prisma, UNVERIFIED, items, yesterday);
    const [p1, p2, p3] = [await slugOf('p1'), await slugOf('p2'), await slugOf('p3')];
    for (const slug of [p1, p2]) await decideReview(prisma, defaultTextGenerator, slug, 'approve', { by: 'Anna Berg' }, yesterday);
    // yesterday's refresh picks p1 (the nearer deadline) and keeps what it served in the archive
    await refresh(yesterday);
    expect((await getJson(app.baseUrl, `/api/v1/daily-actions/${day}`, key)).body.cause.slug).toBe(p1);
    // today the editor rejects p1; p2 (approved) and p3 (still waiting, unlisted) are suppressed by an operator
    await decideReview(prisma, defaultTextGenerator, p1, 'reject', { by: 'Anna Berg', reason: 'Vorwürfe gegen eine Privatperson' }, NOW);
    for (const slug of [p2, p3]) await suppressCause(prisma, slug, 'Prüfung', NOW, defaultTextGenerator);

    expect(await getJson(app.baseUrl, `/api/v1/daily-actions/${day}`, key)).toMatchObject({
      status: 200,
      body: { date: day, cause: null, action: null, reason: "Withdrawn: an editor rejected the cause of this day's daily action after it was served." },
    });
    const feed = await fetch(`${app.baseUrl}/api/v1/feeds/daily-action.rss?token=${feedToken}`);
    expect([feed.status, (await feed.text()).includes('Radweg an der B 27')]).toEqual([200, false]);

    const response = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'x-api-key': key },
      body: JSON.stringify({
        query: `{ causeSearch(first: 10) { totalCount edges { node { slug } } } causeCounts { category total suppressed }
          dailyPicks(from: "${day}") { edges { node { day } } } suppressionEvents { edges { node { cause { slug } } } } }`,
      }),
    });
    expect(await response.json()).toEqual({
      data: {
        causeSearch: { totalCount: 1, edges: [{ node: { slug: p2 } }] },
        causeCounts: [
          { category: 'Spenden', total: 0, suppressed: 0 },
          { category: 'Petition', total: 1, suppressed: 1 },
          { category: 'Brief', total: 0, suppressed: 0 },
        ],
        dailyPicks: { edges: [] },
        suppressionEvents: { edges: [{ node: { cause: { slug: p2 } } }] },
      },
    });
  });

  it('a rejection needs a reason, a decision a name; an unknown slug is an error', async () => {
    await importSourceItems(prisma, UNVERIFIED, items, NOW);
    const p1 = await slugOf('p1');
    expect(await review('reject', p1, '--by', 'Anna Berg')).toMatchObject({
      code: 1,
      stderr: 'A rejection needs a reason (it is recorded and reported to integrators that synced the cause).\n',
    });
    expect((await review('approve', p1)).code).toBe(2);
    expect((await review('approve', p1)).stderr.split('\n')[0]).toBe('approve needs --by NAME: every decision is recorded with who made it.');
    expect(await review('approve', 'gibt-es-nicht', '--by', 'Anna Berg')).toMatchObject({ code: 1, stderr: 'No cause with the slug "gibt-es-nicht".\n' });
    expect(await prisma.reviewEvent.count()).toBe(0);
  });

  it('an approval holds for the words the editor read: when the source changes them, the cause is back in the queue (not its figures)', async () => {
    await importSourceItems(prisma, UNVERIFIED, items, NOW);
    const p2 = await slugOf('p2');
    await review('approve', p2, '--by', 'Anna Berg');
    // new figures: still approved
    const later = new Date(NOW.getTime() + 3_600_000);
    await importSourceItems(
      prisma,
      UNVERIFIED,
      items.map((item) => (item.externalId === 'p2' ? { ...item, progressPct: 85 } : item)),
      later,
    );
    expect((await prisma.cause.findUniqueOrThrow({ where: { slug: p2 } })).reviewState).toBe('approved');
    // new words: waiting again, with the reopen on record
    await importSourceItems(
      prisma,
      UNVERIFIED,
      items.map((item) => (item.externalId === 'p2' ? { ...item, description: 'Ganz andere Forderung jetzt. Mit neuem Text.' } : item)),
      later,
    );
    expect((await prisma.cause.findUniqueOrThrow({ where: { slug: p2 } })).reviewState).toBe('pending_unlisted');
    expect(await prisma.reviewEvent.findMany({ where: { decision: 'reopen' }, select: { fromState: true, toState: true, reason: true, by: true } })).toEqual([
      { fromState: 'approved', toState: 'pending_unlisted', reason: 'the source changed the words, links or category after the decision', by: 'import' },
    ]);
  });

  it('an approval holds for where the cause sends readers: a new link or image sends it back to the queue', async () => {
    await importSourceItems(prisma, UNVERIFIED, items, NOW);
    const [p1, p2] = [await slugOf('p1'), await slugOf('p2')];
    for (const slug of [p1, p2]) await review('approve', slug, '--by', 'Anna Berg');
    const later = new Date(NOW.getTime() + 3_600_000);
    const moved = { p1: { url: 'https://anderswo.example/phishing' }, p2: { imageUrl: 'https://anderswo.example/bild.jpg' } };
    await importSourceItems(
      prisma,
      UNVERIFIED,
      items.map((item) => ({ ...item, ...(moved[item.externalId as keyof typeof moved] ?? {}) })),
      later,
    );
    const rows = await prisma.cause.findMany({ where: { externalId: { in: ['p1', 'p2'] } }, orderBy: { externalId: 'asc' } });
    expect(rows.map((row) => [row.externalId, row.reviewState, row.sourceUrl === moved.p1.url || row.imageUrl === moved.p2.imageUrl])).toEqual([
      ['p1', 'pending_unlisted', true],
      ['p2', 'pending_unlisted', true],
    ]);
    expect(await prisma.reviewEvent.count({ where: { decision: 'reopen' } })).toBe(2);
    expect((await getJson(app.baseUrl, `/api/v1/causes/${p1}`, key)).status).toBe(410);
  });
});

/**
 * A set of real petitions (test/fixtures/NAME) imported through a source that says nothing about review,
 * then refreshed: the day's pick, how many wait unlisted, how many the editor refused, and what the screens
 * flagged (by id, with whether the editor refused it).
 */
async function importPetitionSet(name: string) {
  const read = (file: string) => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../fixtures', name, file), 'utf8'));
  const verdicts: { externalId: string; refuseAsDailyAction: boolean }[] = read('editor-verdicts.json');
  const refused = new Set(verdicts.filter((v) => v.refuseAsDailyAction).map((v) => v.externalId));
  await importSourceItems(prisma, UNVERIFIED, read('petitions.json').items, NOW);
  const { pick } = await refresh();
  const flagged = await prisma.cause.findMany({ where: { reviewWeight: { gt: 0 } }, select: { externalId: true, reviewFlags: true } });
  const rows = flagged.map((c) => [c.externalId, refused.has(c.externalId), (c.reviewFlags as { code: string }[]).map((f) => f.code)]);
  return {
    pick,
    pending: await prisma.cause.count({ where: { reviewState: 'pending_unlisted' } }),
    refused: refused.size,
    flagged: rows.sort(([a], [b]) => (a < b ? -1 : 1)),
  };
}

// The screens' fourth round (a person named anywhere, the subjects the Press Code asks care for, contempt,
// dishonesty alleged) was written after reading sets 1 to 5; set 6 was assembled after it and held out.
describe("real user-submitted petitions (test/fixtures/unverified-petitions; the screens' rules were written after reading it)", () => {
  it('with the default settings none is listed or the daily action before an editor approves it; the screens flag ten of the twelve an editor refused', async () => {
    const set = await importPetitionSet('unverified-petitions');
    expect(set).toMatchObject({ pick: null, pending: 50, refused: 12 });
    expect((await getJson(app.baseUrl, '/api/v1/causes?pageSize=50', key)).body.total).toBe(0);
    // not flagged: a joke petition and one that stigmatises the unemployed. Flagged though an editor would publish it:
    // a vote-of-office demand, a quoted "ban Muslims" that names Donald Trump, capitals, a named mayor, racism and
    // ethnic monitoring as subjects
    expect(set.flagged).toEqual([
      ['de-co-amtsenthebung-ravensburg', true, ['named_target', 'crime_allegation', 'shouting']],
      ['de-co-kastration-bautzen', false, ['shouting']],
      ['de-op-altenstadt-wehrt-sich', true, ['hateful']],
      ['de-op-fluechtlingsunterkunft-leopoldshoehe', true, ['hateful']],
      ['de-op-gegenpetition-gebetsruf', true, ['hateful']],
      ['de-op-kastration-papenburg', false, ['named_person']],
      ['de-op-sportvorstand-1fcn', true, ['named_target']],
      ['de-op-stoppt-bierversuche', true, ['named_person']],
      ['uk-106943', true, ['hateful']],
      ['uk-115031', false, ['hateful', 'named_target']],
      ['uk-200021', false, ['sensitive']],
      ['uk-200030', true, ['crime_allegation']],
      ['uk-601633', false, ['sensitive']],
      ['uk-603071', false, ['named_target']],
      ['uk-63741', true, ['named_target', 'crime_allegation']],
      ['uk-764402', true, ['hateful']],
    ]);
  });
});

describe('a second set of real petitions (test/fixtures/unverified-petitions-2; the rules were written after reading it)', () => {
  it('none is listed or picked before review; the screens flag all twelve an editor refused', async () => {
    const set = await importPetitionSet('unverified-petitions-2');
    expect(set).toMatchObject({ pick: null, pending: 43, refused: 12 });
    // flagged though an editor would publish it: a minister named in a maternity-ward petition, a mosque's open day, a
    // petition for refugees' housing, capitals, a title typed in lower case
    expect(set.flagged).toEqual([
      ['de-chg-bellingham-graefe', true, ['named_target', 'crime_allegation']],
      ['de-op-altenstadt-wehrt-sich', true, ['hateful']],
      ['de-op-eintracht-podcast', true, ['named_person']],
      ['de-op-gebauer-absetzen', true, ['named_target', 'sensitive']],
      ['de-op-geburtshilfe-rhein-sieg', false, ['named_target']],
      ['de-op-leipzig-sagt-ja', false, ['hateful']],
      ['de-op-potsdam-moschee', false, ['sensitive']],
      ['de-op-saarn-strassenbaeume', false, ['shouting']],
      ['de-op-sinnlose-petitionen-verbieten', true, ['shouting']],
      ['de-op-verbot-fridays-for-future', true, ['shouting']],
      ['de-op-zwangsunterbringung-asylbewerber', false, ['named_target', 'sensitive']],
      ['uk-106943', true, ['hateful']],
      ['uk-21618', false, ['mangled']],
      ['uk-219444', true, ['hateful']],
      ['uk-24774', true, ['named_target']],
      ['uk-53700', true, ['crime_allegation']],
      ['uk-598553', true, ['sensitive']],
      ['uk-731528', true, ['thin']],
    ]);
  });
});

describe('a third set of real petitions (test/fixtures/unverified-petitions-3; the rules were written after reading its refusals)', () => {
  it('none is listed or picked before review; the screens flag nine of the twelve an editor refused', async () => {
    const set = await importPetitionSet('unverified-petitions-3');
    expect(set).toMatchObject({ pick: null, pending: 42, refused: 12 });
    // not flagged: a joke about pies, pepper spray alleged against the police at a named match, a constitution in the
    // words of the Reichsbürger. The subjects flag ten an editor would publish (vaccines, 5G, refugees, migration):
    // they say where to read closely, whichever side a petition takes
    expect(set.flagged).toEqual([
      ['de-op-allgemeine-impfpflicht', false, ['sensitive']],
      ['de-op-befragung-geoengineering-chemtrails', true, ['conspiracy', 'sensitive']],
      ['de-op-massenzustrom-fluechtlinge', true, ['hateful']],
      ['de-op-mitwohnzentrale-obdachlose', false, ['sensitive', 'named_person']],
      ['de-op-pfeifverbot-gagelmann', true, ['named_target', 'crime_allegation']],
      ['de-op-ruecktritt-buergermeister-todeskino', true, ['named_target']],
      ['uk-19595', true, ['hateful']],
      ['uk-275026', true, ['named_target']],
      ['uk-318342', false, ['sensitive']],
      ['uk-331544', false, ['sensitive']],
      ['uk-577927', false, ['sensitive']],
      ['uk-592689', true, ['conspiracy', 'sensitive']],
      ['uk-605267', false, ['sensitive']],
      ['uk-622974', false, ['sensitive']],
      ['uk-627350', false, ['sensitive']],
      ['uk-701539', true, ['sensitive']],
      ['uk-707479', false, ['sensitive']],
      ['uk-716273', false, ['sensitive']],
      ['uk-754148', true, ['hateful', 'named_target']],
    ]);
  });
});

describe('a fourth set of real petitions (test/fixtures/unverified-petitions-4; held out from the second round of rules, read for the fourth)', () => {
  it('none is listed or picked before review; the screens flag all nine an editor refused (held out, the second round flagged four)', async () => {
    const set = await importPetitionSet('unverified-petitions-4');
    expect(set).toMatchObject({ pick: null, pending: 30, refused: 9 });
    expect(set.flagged).toEqual([
      ['de-chg-salafisten-stoppen', true, ['sensitive']],
      ['de-op-merkel-ruecktritt-volk', true, ['named_target']],
      ['de-op-politischen-islam-stoppen', true, ['hateful', 'named_person']],
      ['de-op-raus-mit-daemlichen-petitionen', true, ['profanity', 'named_person']],
      ['de-op-verbot-islamisches-zentrum-fuerstenwalde', true, ['hateful', 'named_person']],
      ['uk-115815', true, ['named_target', 'sensitive']],
      ['uk-5613', true, ['hateful']],
      ['uk-582950', false, ['named_person']],
      ['uk-583052', true, ['sensitive']],
      ['uk-605624', true, ['named_target']],
      ['uk-706177', false, ['named_target']],
      ['uk-718479', false, ['sensitive']],
      // halal slaughter banned: a religious rite singled out (the eleventh set's mends), published by the editor
      ['uk-722020', false, ['sensitive']],
    ]);
  });
});

describe('a fifth set of real petitions (test/fixtures/unverified-petitions-5; held out from the third round of rules, read for the fourth)', () => {
  it('none is listed or picked before review; the screens flag ten of the eleven an editor refused (held out, the third round flagged three)', async () => {
    const set = await importPetitionSet('unverified-petitions-5');
    expect(set).toMatchObject({ pick: null, pending: 30, refused: 11 });
    // not flagged: a joke (pigeons as the national animal). Flagged but published by the editor: two petitions against
    // a refugee housing ("… stoppen", "keine weitere …"), a mayor named in a title, capitals, the petitions' subjects
    // (vaccines, deportation), presenters named in a swimming-pool petition, war crimes alleged in a petition to debate them
    expect(set.flagged).toEqual([
      ['de-op-5g-wlan-stolpen', true, ['sensitive']],
      ['de-op-asylheim-michendorf', true, ['hateful']],
      ['de-op-fluechtlingsheim-marwitz', false, ['hateful']],
      ['de-op-fluechtlingsunterkunft-bretzfeld', false, ['hateful']],
      ['de-op-hallenbad-lache-ruesselsheim', false, ['named_person']],
      ['de-op-keine-buehne-boehmermann', true, ['named_person']],
      ['de-op-lauterbach-soll-bezahlen', true, ['named_target', 'sensitive']],
      ['de-op-neue-impfpolitik', false, ['sensitive']],
      ['de-op-ruecktritt-laschet', true, ['profanity', 'named_person']],
      ['de-op-tierheim-neumuenster', false, ['named_target']],
      ['uk-1178', true, ['profanity', 'sensitive']],
      ['uk-12803', false, ['crime_allegation', 'named_person']],
      ['uk-158583', true, ['named_target', 'crime_allegation']],
      ['uk-215204', true, ['named_target']],
      ['uk-322198', true, ['sensitive']],
      ['uk-49319', true, ['sensitive']],
      ['uk-601680', false, ['sensitive']],
      ['uk-65292', false, ['shouting']],
      ['uk-703696', false, ['sensitive']],
    ]);
  });
});

describe('a sixth set of real petitions (test/fixtures/unverified-petitions-6; assembled after the fourth round of rules, held out)', () => {
  it('none is listed or picked before review; the screens flag eight of the nine an editor refused (held out, the fourth round flagged seven)', async () => {
    const set = await importPetitionSet('unverified-petitions-6');
    expect(set).toMatchObject({ pick: null, pending: 30, refused: 9 });
    // not flagged: a petition to reject e-petitions with spelling errors. Flagged but published by the editor: hard-line
    // and liberal petitions on migrant hotels, asylum and the burqa, capitals, a mayor named, animals "missbraucht".
    // Held out, the fourth round flagged seven of the nine and nine of the others; mended after that measure: "Minister.
    // There" read as a name across a full stop, "Parasiten" as contempt (a cat-protection ordinance's parasites), and a
    // resignation demand against a role the list did not name ("Rücktritt der derzeitigen Ortsvorsteherin": only a
    // person resigns, so any noun after it is now read as one)
    expect(set.flagged).toEqual([
      ['de-chg-tierschutz-in-den-bundestag', false, ['crime_allegation']],
      ['de-op-emsturnhalle-fluechtlingsunterkunft', false, ['hateful']],
      ['de-op-fluechtlingsheim-turnhalle-sonsbeck', true, ['hateful']],
      ['de-op-freibadsaison-bad-godesberg', false, ['named_person']],
      ['de-op-garrelt-duin-rundfunkrat', true, ['named_person']],
      ['de-op-keine-corona-impfpflicht-kinder', true, ['sensitive']],
      ['de-op-ortsvorsteherin-boetzow', true, ['named_target']],
      ['uk-258302', false, ['shouting']],
      ['uk-3910', true, ['profanity']],
      ['uk-39872', true, ['sensitive']],
      ['uk-54957', false, ['hateful', 'mangled']],
      ['uk-551735', true, ['named_target']],
      ['uk-651565', false, ['sensitive']],
      ['uk-718406', false, ['sensitive']],
      ['uk-744669', true, ['hateful']],
    ]);
  });
});

describe('a seventh set of real petitions (test/fixtures/unverified-petitions-7; assembled after the sixth set was read, held out)', () => {
  it('none is listed or picked before review; the screens flag all ten an editor refused (held out, six)', async () => {
    const set = await importPetitionSet('unverified-petitions-7');
    expect(set).toMatchObject({ pick: null, pending: 30, refused: 10 });
    // Held out, the screens flagged six of the ten and six of the 20 others. Not flagged then: a ban on "lqtbq+
    // learning", the death penalty for child murder, abolishing the House of Commons, fluoride; sexuality and
    // fluoride were added to the subjects of the Press Code after that measure, nothing else (in set 4 that also
    // flags a petition on a boxer's remarks about gay people). Not flagged now: the death penalty, the House of
    // Commons. Flagged but published by the editor: two petitions against deportations, one for the rights of
    // transgender people, a resignation demand against a mayor, a minister and an author named, capitals. The
    // death penalty and the House of Commons are flagged since set 8 missed the death penalty too (a demand
    // against a fundamental right or the elected parliament). Since set 10 (harm to health stated as fact), an
    // animal-rights petition's poisoned baits ("vergifteten") are flagged too.
    expect(set.flagged).toEqual([
      ['de-chg-hundesteuer-abschaffen', false, ['shouting']],
      ['de-chg-schueler-gegen-abschiebung', false, ['sensitive', 'shouting']],
      ['de-op-abschiebung-familie-braunschweig', false, ['sensitive']],
      ['de-op-antifa-verbot-charlie-kirk', true, ['named_target']],
      ['de-op-naidoo-esc-gegen', true, ['conspiracy', 'named_target', 'sensitive']],
      ['de-op-ruecktritt-scholz-hamburg', false, ['named_target']],
      ['de-op-tierrecht-haustiere', false, ['sensitive']],
      ['de-op-who-pandemievertrag', true, ['sensitive', 'named_person']],
      ['de-op-zirkus-wildtiere-augsburg', true, ['named_person']],
      ['uk-200552', false, ['named_person']],
      ['uk-220766', true, ['named_target']],
      ['uk-245231', true, ['sensitive']],
      ['uk-318175', false, ['sensitive', 'named_person']],
      ['uk-43626', true, ['named_target', 'sensitive']],
      ['uk-597684', true, ['sensitive']],
      ['uk-602657', true, ['sensitive']],
      ['uk-646677', true, ['sensitive']],
    ]);
  });
});

describe('an eighth set of real petitions (test/fixtures/unverified-petitions-8; assembled after the seventh set was read, held out)', () => {
  it('none is listed or picked before review; the screens flag eight of the ten an editor refused (held out, seven)', async () => {
    const set = await importPetitionSet('unverified-petitions-8');
    expect(set).toMatchObject({ pick: null, pending: 30, refused: 10 });
    // Held out, the screens flagged seven of the ten and five of the 20 others. Not flagged then: the death
    // penalty (missed in set 7 too, now a subject to read closely) and two joke petitions (chocolate bars paid
    // for by scrapping HS2; the döner as national dish), which no word list can tell from a serious demand: a
    // model's verdict (LLM_BASE_URL) is the flag for them, and the editor the line. Flagged but published by
    // the editor: petitions on refugees, a Koran burning, a minister's refugee policy, immunising children and
    // taking honours from racists.
    expect(set.flagged).toEqual([
      ['de-chg-gegen-corona-impfpflicht', true, ['sensitive', 'named_person']],
      ['de-chg-toennies-stoppen', true, ['sensitive']],
      ['de-op-islamfeindlich-herrmann', true, ['named_target', 'sensitive']],
      ['de-op-koranverbrennung-hamburg', false, ['sensitive']],
      ['de-op-nauen-fuer-menschlichkeit', false, ['sensitive']],
      ['de-op-seehofer-aufnahme-gefluechtete', false, ['named_target', 'sensitive']],
      ['de-wien-verbot-koranverteilaktion-lies', true, ['sensitive', 'named_person']],
      ['uk-107516', true, ['sensitive', 'named_person']],
      ['uk-138', true, ['sensitive']],
      ['uk-243402', false, ['sensitive']],
      ['uk-333141', false, ['sensitive']],
      ['uk-598573', true, ['sensitive']],
      ['uk-chg-ban-jamie-oliver-nutrition', true, ['named_target']],
    ]);
  });
});

describe('a ninth set of real petitions (test/fixtures/unverified-petitions-9; assembled after the eighth set was read, held out)', () => {
  it('none is listed or picked before review; the screens flag the ten an editor refused (held out, five)', async () => {
    const set = await importPetitionSet('unverified-petitions-9');
    expect(set).toMatchObject({ pick: null, pending: 30, refused: 10 });
    expect((await getJson(app.baseUrl, '/api/v1/causes?pageSize=50', key)).body.total).toBe(0);
    // Held out, the screens flagged five of the ten and three of the 20 others. Not flagged then, and what was
    // mended for each kind: a joke about onions (a title typed all in lower case, now careless text), climate
    // science called a two-sided debate (a settled finding disputed, Ziffer 2, now a subject to read closely),
    // marriage for one man and one woman only, on the Bible (sexuality and scripture, Ziffer 12), a joke against
    // January in vulgar words (a masked "besch*ssen", a "Dreck-" compound), and a satire appealing to its
    // readers' humour. Flagged but published by the editor: a paediatrician named, a memorial to murdered Sinti
    // and Roma, and a named campaigner against gambling advertising.
    expect(set.flagged).toEqual([
      ['de-chg-abschaffung-monat-januar', true, ['profanity']],
      ['de-op-anzeigenhauptmeister-verhindern', true, ['thin']],
      ['de-op-denkmal-sinti-roma', false, ['sensitive']],
      ['de-op-freiheitsrechte-kontrollgremium', true, ['named_person']],
      ['de-op-keine-buehne-mockridge', true, ['named_target']],
      ['de-op-kinderaerzte-osterwieck', false, ['named_person']],
      ['de-op-sinti-bezeichnung-niedersachsen', true, ['sensitive']],
      ['uk-155085', true, ['named_person']],
      ['uk-180784', true, ['sensitive']],
      ['uk-61323', true, ['mangled']],
      ['uk-701600', true, ['sensitive']],
      // gambling-related suicides: a subject the Press Code asks restraint for (the eleventh set's mends)
      ['uk-chg-end-gambling-ads-football', false, ['sensitive', 'named_person']],
      ['uk-chg-remove-gary-lineker-bbc', true, ['named_target']],
    ]);
  });
});

describe('a tenth set of real petitions (test/fixtures/unverified-petitions-10; assembled after the ninth set was read, held out)', () => {
  it('none is listed or picked before review; the screens flag the ten an editor refused (held out, five)', async () => {
    const set = await importPetitionSet('unverified-petitions-10');
    expect(set).toMatchObject({ pick: null, pending: 30, refused: 10 });
    expect((await getJson(app.baseUrl, '/api/v1/causes?pageSize=50', key)).body.total).toBe(0);
    // Held out, the screens flagged five of the ten and five of the 20 others. Not flagged then, and what was
    // mended for each kind: creationism taught as science ("evolution is not proven", Ziffer 2), harm to health
    // stated as fact (masks on children, infrasound from wind turbines, food poisoned for profit: Ziffer 14), and
    // a joke that insinuates a cause ("It's surely no coincidence that …", the conspiracy narrative's signature).
    // Flagged but published by the editor: a fox-hunting ban naming two politicians, "barbaric" of a practice, an
    // LGBTQIA subject, three exclamation marks, and a monument naming its founder.
    expect(set.flagged).toEqual([
      ['de-chg-lebensmittel-giftfrei', true, ['sensitive']],
      ['de-chg-speck-denkmal-riesa', false, ['named_person']],
      ['de-op-karlnabis-gedenktag', true, ['named_person']],
      ['de-op-kuendigung-erzieherin-lena', true, ['named_target']],
      ['de-op-schulen-ohne-masken', true, ['sensitive']],
      ['de-op-windkraft-w106-pittenhart', true, ['sensitive']],
      ['de-th-laermschutz-a71-grabfeld', false, ['shouting']],
      ['uk-117285', true, ['conspiracy']],
      ['uk-14358', true, ['sensitive']],
      ['uk-190540', true, ['crime_allegation', 'sensitive', 'named_person']],
      ['uk-619913', true, ['sensitive']],
      ['uk-643383', false, ['profanity']],
      ['uk-728168', false, ['sensitive']],
      ['uk-chg-enforce-fox-hunting-ban', false, ['named_person']],
      ['uk-chg-remove-head-teacher-mrs-hammond', true, ['named_target']],
    ]);
  });
});

describe('an eleventh set of real petitions (test/fixtures/unverified-petitions-11; assembled after the tenth set was read, held out)', () => {
  it('none is listed or picked before review; the screens flag the twelve an editor refused (held out, seven)', async () => {
    const set = await importPetitionSet('unverified-petitions-11');
    expect(set).toMatchObject({ pick: null, pending: 30, refused: 12 });
    expect((await getJson(app.baseUrl, '/api/v1/causes?pageSize=50', key)).body.total).toBe(0);
    // Held out, the screens flagged seven of the twelve and five of the 18 others. Not flagged then, and what was
    // mended for each kind: two conspiracy narratives ("globalists" as the hidden hand; the "15-minute city" as a
    // plan to confine people), the end of a life (euthanasia decided by the next of kin: Ziffer 8's restraint), a
    // religious rite singled out for a ban (circumcision: Ziffer 12), and a name written with diacritics
    // ("Jérôme Boateng raus!"), which the first-name lists spell without.
    // Flagged but published by the editor: an inquiry naming its subject (grooming gangs), a sensitive subject,
    // two named persons and one title in capitals.
    expect(set.flagged).toEqual([
      ['de-bt-191405', false, ['shouting']],
      ['de-chg-boateng-raus', true, ['named_target']],
      ['de-chg-keine-abfindung-fanderl', true, ['named_target']],
      ['de-chg-verdienstorden-palm', true, ['named_target']],
      ['de-op-bayern-ausgliederung', true, ['sensitive']],
      ['de-op-nachtfahrverbot-maehroboter', false, ['named_person']],
      ['de-op-neuwahl-oesterreich', true, ['sensitive']],
      ['de-op-trinkwasser-ebenrieder-forst', false, ['named_person']],
      ['uk-105699', true, ['sensitive']],
      ['uk-626597', true, ['conspiracy']],
      ['uk-648690', false, ['sensitive']],
      ['uk-660592', true, ['sensitive']],
      ['uk-711976', false, ['crime_allegation', 'sensitive', 'named_person']],
      ['uk-chg-ban-andrew-tate-tiktok', true, ['named_target', 'sensitive']],
      ['uk-chg-ban-unhealthy-oils-restaurants', true, ['named_person']],
      ['uk-chg-reinstate-teacher-john-lyon', true, ['named_person']],
      ['uk-shf-10282', true, ['conspiracy']],
    ]);
  });
});

describe('the review setting', () => {
  it('"pick": listed before review, never the daily action until approved; "none": neither waits', async () => {
    await importSourceItems(prisma, { ...UNVERIFIED, review: 'pick' }, items, NOW);
    await refresh();
    expect((await getJson(app.baseUrl, '/api/v1/causes', key)).body.total).toBe(3);
    expect(await prisma.dailyPick.count()).toBe(0);
    // the operator marks the source verified: its waiting causes need no review from the next import on
    await importSourceItems(prisma, { ...UNVERIFIED, review: 'none' }, items, NOW);
    expect(await prisma.cause.groupBy({ by: ['reviewState'], _count: { _all: true } })).toEqual([{ reviewState: 'not_required', _count: { _all: 3 } }]);
    expect((await storeDailyAction(prisma, defaultTextGenerator, DAY, NOW, null))?.slug).toBe(await slugOf('p1'));
  });

  it('a source last imported before review existed: its causes wait for review from the next import, screened then', async () => {
    await importSourceItems(prisma, { ...UNVERIFIED, review: 'none' }, items, NOW);
    // as the migration leaves a database: no setting recorded, every cause needing no review, none screened
    await prisma.source.updateMany({ data: { review: null } });
    await importSourceItems(prisma, UNVERIFIED, items, NOW);
    const rows = await prisma.cause.findMany({ orderBy: { externalId: 'asc' }, select: { reviewState: true, reviewFlags: true } });
    expect(rows).toEqual(items.map(() => ({ reviewState: 'pending_unlisted', reviewFlags: [] })));
    expect(await prisma.source.findFirstOrThrow({ select: { review: true } })).toEqual({ review: 'list' });
  });

  it('the demo catalogue needs none; any other type defaults to "list"; a wrong value is named', () => {
    const parsed = parseSourcesConfig({ sources: [{ ...UNVERIFIED }, { ...UNVERIFIED, name: 'B', review: 'pick' }] }, '/');
    expect(parsed.map((source) => source.review)).toEqual([undefined, 'pick']);
    expect(() => parseSourcesConfig({ sources: [{ ...UNVERIFIED, review: 'maybe' }] }, '/')).toThrow(
      'sources configuration: source "Offene Petitionen", field "review": must be one of none, pick, list',
    );
  });
});

describe('stale causes', () => {
  it('a cause whose source has not updated its figures for more than a year, with no deadline and no open status, is stored inactive', async () => {
    const dated = (figuresAsOf: string) => [{ ...feedItem(causes[2]), statusOpen: false, figuresAsOf }];
    await importSourceItems(prisma, { ...UNVERIFIED, review: 'none' }, dated(addDays(TODAY, -365)), NOW);
    expect(await prisma.cause.findFirstOrThrow({ select: { active: true, inactiveReason: true } })).toEqual({ active: true, inactiveReason: null });
    // unchanged, one day later: the sweep ends it
    await importSourceItems(prisma, { ...UNVERIFIED, review: 'none' }, dated(addDays(TODAY, -365)), new Date(NOW.getTime() + 86_400_000));
    expect(await prisma.cause.findFirstOrThrow({ select: { active: true, inactiveReason: true } })).toEqual({
      active: false,
      inactiveReason: `not updated by its source since ${addDays(TODAY, -365)}`,
    });
  });
});

describe("the editor's desk over GraphQL", () => {
  // application/graphql-response+json: a refusal has its status (the legacy application/json answers 200)
  const post = (apiKey: string, query: string) =>
    fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify({ query }),
    }).then(async (response) => ({ status: response.status, body: await response.json() }));

  it("answers only an editor's key, and an editor's decision is recorded under the key's label", async () => {
    await importSourceItems(prisma, UNVERIFIED, items, NOW);
    const [editor] = await createApiKeys(prisma, { label: 'Desk Anna', tier: 'growth', editor: true }, NOW);
    const queue = '{ reviewQueue(first: 5) { total items { slug reviewState listed flags { code reason } } } }';
    expect(await post(key, queue)).toMatchObject({
      status: 403,
      body: { errors: [{ message: "This operation requires an editor's key.", extensions: { code: 'FORBIDDEN' } }] },
    });
    const answer = await post(editor.key, queue);
    expect(answer.body.data.reviewQueue.total).toBe(3);
    expect(answer.body.data.reviewQueue.items[0]).toEqual({ slug: await slugOf('p1'), reviewState: 'pending_unlisted', listed: false, flags: [] });
    // the same document with a non-editor key after the editor's: never answered from the shared cache
    expect((await post(key, queue)).status).toBe(403);

    const p3 = await slugOf('p3');
    const approve = await post(editor.key, `mutation { approveCause(slug: "${p3}", reason: "ok") { slug from state tookTodaysAction replacementSlug } }`);
    expect(approve.body).toEqual({
      data: { approveCause: { slug: p3, from: 'pending_unlisted', state: 'approved', tookTodaysAction: false, replacementSlug: null } },
    });
    expect(await prisma.reviewEvent.findFirstOrThrow({ select: { by: true, reason: true } })).toEqual({ by: 'Desk Anna', reason: 'ok' });
    const preview = await post(editor.key, '{ dailyActionPreview { day slug chosenBy de { headline } } }');
    expect(preview.body.data.dailyActionPreview).toMatchObject({ day: addDays(DAY, 1), slug: p3, chosenBy: null });
    const refused = await post(editor.key, `mutation { rejectCause(slug: "${p3}") { slug } }`);
    expect(refused.body.errors.map((error: { message: string }) => error.message)).toEqual([
      'Field "rejectCause" argument "reason" of type "String!" is required, but it was not provided.',
    ]);
    // p3, the only cause cleared for the pick, is today's daily action: rejecting it leaves the day without one
    expect((await storeDailyAction(prisma, defaultTextGenerator, DAY, NOW, null))?.slug).toBe(p3);
    const rejected = await post(editor.key, `mutation { rejectCause(slug: "${p3}", reason: "Satire") { state tookTodaysAction replacementSlug } }`);
    expect(rejected.body).toEqual({ data: { rejectCause: { state: 'rejected', tookTodaysAction: true, replacementSlug: null } } });
    expect(await getJson(app.baseUrl, '/api/v1/daily-action', key)).toMatchObject({ status: 503, body: { error: 'No action available today.' } });
  });
});
