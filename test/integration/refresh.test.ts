// The refresh: once per day across processes, recovery after failures and crashes, the pick's rules,
// suppression, and texts written only when a cause's data changed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onTestFinished, afterAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, dateToDb } from '../../src/time/berlin-calendar.js';
import { importSourceItems } from '../../src/modules/causes/cause-import.service.js';
import { markCauseSuppressed, unsuppressCause } from '../../src/modules/causes/suppression.service.js';
import { suppressCause, unsuppressCauseAndPick } from '../../src/modules/daily-action/suppress-cause.service.js';
import { storeDailyPick } from '../../src/modules/daily-action/daily-pick.service.js';
import { FIGURES_MAX_AGE_DAYS } from '../../src/modules/causes/staleness.js';
import { ensureDailyPick, runRefresh, type RefreshOptions } from '../../src/modules/refresh/refresh.service.js';
import { catchUpOnce, type RetryState } from '../../src/modules/refresh/refresh-scheduler.js';
import type { JobOutcome } from '../../src/modules/refresh/job-runner.js';
import { parseSourcesConfig } from '../../src/modules/sources/sources-config.js';
import { defaultTextGenerator } from '../../src/modules/texts/default-generator.js';
import { feedItem, NOW, seedCatalogue, SOURCE, standardCatalogue, TODAY } from '../helpers/catalogue.js';
import { resetDatabase, testPrisma } from '../helpers/test-app.js';

const prisma = testPrisma();
const DAY_MS = 86_400_000;
const log = { info: () => {}, warn: () => {} };
const options = (extra: Partial<RefreshOptions> = {}): RefreshOptions => ({
  prisma,
  sources: [],
  generator: defaultTextGenerator,
  now: NOW,
  // the pinned clock also decides the claim's lease, as the process clock does in production
  clock: () => extra.now ?? NOW,
  trigger: 'test',
  log,
  ...extra,
});
const slugOf = async (externalId: string) => (await prisma.cause.findFirstOrThrow({ where: { externalId } })).slug;

beforeEach(() => resetDatabase(prisma));
afterAll(() => prisma.$disconnect());

describe('once per content day', () => {
  it('two concurrent runs for the same day: one runs, the other is skipped, one pick', async () => {
    await importSourceItems(prisma, SOURCE, standardCatalogue().map(feedItem), NOW);
    const results = await Promise.all([runRefresh(options()), runRefresh(options())]);
    expect(results.map((r) => r.status).sort()).toEqual(['skipped', 'succeeded']);
    expect(await prisma.dailyPick.count()).toBe(1);
    expect(await prisma.jobRun.count()).toBe(1);
    const skipped = results.find((r) => r.status === 'skipped')!;
    expect(skipped.error).toMatch(/^the refresh for 2026-11-21 (is running|already succeeded) \(run [0-9a-f-]{36}\)$/);
  });

  it('a run after a succeeded one is skipped unless forced; a forced run keeps the pick', async () => {
    const first = await seedCatalogue(prisma, standardCatalogue());
    expect(first.status).toBe('succeeded');
    const again = await runRefresh(options());
    expect(again).toMatchObject({ status: 'skipped', error: `the refresh for 2026-11-21 already succeeded (run ${first.jobRunId})` });
    const forced = await runRefresh(options({ force: true }));
    expect(forced.status).toBe('succeeded');
    expect(forced.pick).toEqual({ ...first.pick, created: false });
  });

  it('a failed run frees the day for the next run', async () => {
    const broken = parseSourcesConfig({ sources: [{ ...SOURCE, url: '/nonexistent/feed.json' }] }, '/');
    const failed = await runRefresh(options({ sources: broken }));
    expect(failed).toMatchObject({ status: 'failed', error: 'every source failed' });
    expect((await runRefresh(options())).status).toBe('succeeded');
  });

  it('a run that crashed (lease expired) does not block the day, and is recorded as abandoned; a live one blocks it', async () => {
    const crashed = '11111111-1111-4111-8111-111111111111';
    await prisma.jobClaim.create({
      data: { job: 'refresh', day: dateToDb('2026-11-21'), runId: crashed, status: 'running', leaseUntil: new Date(NOW.getTime() + 60_000) },
    });
    await prisma.jobRun.create({ data: { id: crashed, job: 'refresh', day: dateToDb('2026-11-21'), status: 'running', trigger: 'test', startedAt: NOW } });
    expect((await runRefresh(options())).status).toBe('skipped');
    await prisma.jobClaim.update({
      where: { job_day: { job: 'refresh', day: dateToDb('2026-11-21') } },
      data: { leaseUntil: new Date(NOW.getTime() - 1000) },
    });
    expect((await runRefresh(options())).status).toBe('succeeded');
    expect(await prisma.jobRun.findUniqueOrThrow({ where: { id: crashed } })).toMatchObject({
      status: 'failed',
      error: 'abandoned: its process stopped before the run finished',
    });
  });
});

describe('catch-up', () => {
  const catchUp = (refresh: () => Promise<JobOutcome>) =>
    catchUpOnce({ prisma, refresh, repick: (now) => ensureDailyPick(prisma, defaultTextGenerator, now), log }, NOW);
  const noRefresh = async (): Promise<JobOutcome> => {
    throw new Error('the refresh must not run');
  };

  it("chooses a missing pick again in place when the day's refresh succeeded", async () => {
    await seedCatalogue(prisma, standardCatalogue());
    await prisma.dailyPick.deleteMany(); // e.g. a suppression interrupted before it chose a replacement
    expect(await catchUp(noRefresh)).toBeNull();
    const pick = await prisma.dailyPick.findFirstOrThrow({ include: { cause: true } });
    expect(pick.cause.externalId).toBe('c05');
    expect(await prisma.causeAction.count({ where: { causeId: pick.causeId } })).toBe(2);
  });

  it("runs the refresh again when the day's run failed, although a pick exists", async () => {
    await seedCatalogue(prisma, standardCatalogue());
    await prisma.jobClaim.updateMany({ data: { status: 'failed' } });
    let ran = 0;
    const outcome = await catchUp(async () => {
      ran += 1;
      return { ok: false, error: 'stub' };
    });
    expect(ran).toBe(1);
    expect(outcome).toEqual({ ok: false, error: 'stub' });
  });

  it('after a failure waits out its back-off before the next attempt, logs the failure as failed, and tries again once the wait is over', async () => {
    await seedCatalogue(prisma, standardCatalogue());
    await prisma.jobClaim.updateMany({ data: { status: 'failed' } });
    const retry: { state: RetryState | undefined } = { state: undefined };
    const said: string[] = [];
    const options = { prisma, repick: async () => {}, log: { info: (m: string) => said.push(`info ${m}`), warn: (m: string) => said.push(`warn ${m}`) } };
    let ran = 0;
    const failing = async (): Promise<JobOutcome> => {
      ran += 1;
      return { ok: false, error: 'upstream 502' };
    };
    await catchUpOnce({ ...options, refresh: failing }, NOW, retry, () => 1);
    expect(said).toEqual([
      `warn refresh for 2026-11-21: failed: upstream 502; next attempt not before ${new Date(NOW.getTime() + 60_000).toISOString()} (failure 1 today)`,
    ]);
    // 30 s later (the next catch-up tick): still waiting, nothing runs
    expect(await catchUpOnce({ ...options, refresh: failing }, new Date(NOW.getTime() + 30_000), retry, () => 1)).toBeNull();
    expect(ran).toBe(1);
    // a minute later it tries again, fails again, and waits twice as long
    await catchUpOnce({ ...options, refresh: failing }, new Date(NOW.getTime() + 60_000), retry, () => 1);
    expect(ran).toBe(2);
    expect(retry.state).toEqual({ day: '2026-11-21', failures: 2, notBefore: NOW.getTime() + 60_000 + 120_000 });
  });

  it('a process that starts after failed or crashed runs of the day waits out their back-off from the record of runs, and says so', async () => {
    await seedCatalogue(prisma, standardCatalogue());
    await prisma.jobClaim.updateMany({ data: { status: 'failed' } });
    // three runs that failed (one whose process died, recorded as abandoned by the run that took its day over),
    // the last 30 s ago; a dead run not yet taken over does not count
    const at = (msBefore: number) => new Date(NOW.getTime() - msBefore);
    await prisma.jobRun.createMany({
      data: [
        {
          job: 'refresh',
          day: new Date('2026-11-21T00:00:00Z'),
          status: 'failed',
          trigger: 'catch-up',
          startedAt: at(600_000),
          finishedAt: at(590_000),
          error: 'boom',
        },
        {
          job: 'refresh',
          day: new Date('2026-11-21T00:00:00Z'),
          status: 'failed',
          trigger: 'catch-up',
          startedAt: at(300_000),
          finishedAt: at(60_000),
          error: 'abandoned: its process stopped before the run finished',
        },
        { job: 'refresh', day: new Date('2026-11-21T00:00:00Z'), status: 'running', trigger: 'catch-up', startedAt: at(20_000) },
        {
          job: 'refresh',
          day: new Date('2026-11-21T00:00:00Z'),
          status: 'failed',
          trigger: 'startup',
          startedAt: at(60_000),
          finishedAt: at(30_000),
          error: 'boom',
        },
      ],
    });
    const said: string[] = [];
    const options = { prisma, repick: async () => {}, log: { info: (m: string) => said.push(`info ${m}`), warn: (m: string) => said.push(`warn ${m}`) } };
    let ran = 0;
    const refresh = async (): Promise<JobOutcome> => {
      ran += 1;
      return { ok: false, error: 'boom' };
    };
    // a new process: no failures of its own; the record says three, so it waits 4 minutes from the last one
    const retry: { state: RetryState | undefined } = { state: undefined };
    expect(await catchUpOnce({ ...options, refresh }, NOW, retry, () => 1)).toBeNull();
    expect(ran).toBe(0);
    const notBefore = NOW.getTime() - 30_000 + 240_000;
    expect(retry.state).toEqual({ day: '2026-11-21', failures: 3, notBefore });
    expect(said).toEqual([`warn refresh for 2026-11-21: 3 failed attempts recorded today; next attempt not before ${new Date(notBefore).toISOString()}`]);
    // once the wait is over it tries, and its own failure counts on from the recorded ones
    await catchUpOnce({ ...options, refresh }, new Date(notBefore), retry, () => 1);
    expect(ran).toBe(1);
    expect(retry.state).toEqual({ day: '2026-11-21', failures: 4, notBefore: notBefore + 480_000 });
  });

  it("does nothing when the day's refresh succeeded and has its pick", async () => {
    await seedCatalogue(prisma, standardCatalogue());
    expect(await catchUp(noRefresh)).toBeNull();
  });
});

describe('the daily pick', () => {
  it('is the highest score; a cause picked on any of the previous 7 days is not chosen again', async () => {
    await seedCatalogue(prisma, standardCatalogue());
    const picks: string[] = [];
    for (let d = 0; d < 8; d += 1) {
      const day = new Date(NOW.getTime() + d * DAY_MS);
      const pick = await storeDailyPick(prisma, new Date(day).toISOString().slice(0, 10), day, null);
      picks.push(pick!.slug);
    }
    // c01 scores as high as c05 but closes on the first day itself
    expect(picks[0]).toBe(await slugOf('c05'));
    expect(new Set(picks).size).toBe(8);
  });

  it('is never a suppressed cause', async () => {
    await importSourceItems(prisma, SOURCE, standardCatalogue().map(feedItem), NOW);
    await prisma.cause.updateMany({ where: { externalId: { in: ['c05'] } }, data: { suppressed: true } });
    const result = await runRefresh(options());
    expect(result.pick?.slug).toBe(await slugOf('c03'));
  });

  it('is never a cause held for an editor: when the source states no status and gives no deadline, the next cause is picked', async () => {
    // c05, the pick otherwise, without its open status and deadline
    const items = standardCatalogue()
      .map(feedItem)
      .map((item) => (item.externalId === 'c05' ? { ...item, statusOpen: false, deadline: undefined } : item));
    await importSourceItems(prisma, SOURCE, items, NOW);
    const held = await prisma.cause.findFirstOrThrow({ where: { externalId: 'c05' } });
    expect([held.editorialState, held.editorialReason]).toEqual(['needs_editor', 'the source gives neither an open status nor a deadline']);
    const result = await runRefresh(options());
    // as when c05 is suppressed
    expect(result.pick?.slug).toBe(await slugOf('c03'));
    // it stays listed, with an honest summary in both languages and the same reason after the texts step
    const after = await prisma.cause.findUniqueOrThrow({ where: { id: held.id }, include: { texts: true } });
    expect([after.active, after.editorialState, after.texts.length]).toEqual([true, 'needs_editor', 2]);
  });

  it(`is never a cause whose figures the source dates more than ${FIGURES_MAX_AGE_DAYS} days before the content day; ${FIGURES_MAX_AGE_DAYS} days is still fresh`, async () => {
    // c05, the pick otherwise, with figures dated one day too old; then exactly FIGURES_MAX_AGE_DAYS old
    const dated = (daysOld: number) =>
      standardCatalogue()
        .map(feedItem)
        .map((item) => (item.externalId === 'c05' ? { ...item, figuresAsOf: addDays(TODAY, -daysOld) } : item));
    await importSourceItems(prisma, SOURCE, dated(FIGURES_MAX_AGE_DAYS + 1), NOW);
    const old = await runRefresh(options());
    expect(old.pick?.slug).toBe(await slugOf('c03'));
    // it stays listed, ok for the editor: only the daily action needs figures of about now
    expect(await prisma.cause.findFirstOrThrow({ where: { externalId: 'c05' } })).toMatchObject({ active: true, editorialState: 'ok' });
    await resetDatabase(prisma);
    await importSourceItems(prisma, SOURCE, dated(FIGURES_MAX_AGE_DAYS), NOW);
    expect((await runRefresh(options())).pick?.slug).toBe(await slugOf('c05'));
  });

  it('a held cause is released when its source states the open status', async () => {
    const items = standardCatalogue()
      .map(feedItem)
      .map((item) => ({ ...item, statusOpen: false, deadline: undefined }));
    await importSourceItems(prisma, SOURCE, items, NOW);
    expect(await runRefresh(options())).toMatchObject({ status: 'succeeded', pick: null });
    expect(await prisma.cause.count({ where: { editorialState: 'needs_editor' } })).toBe(23);
    await importSourceItems(
      prisma,
      SOURCE,
      items.map((item) => ({ ...item, statusOpen: true })),
      NOW,
    );
    expect(await prisma.cause.count({ where: { editorialState: 'needs_editor' } })).toBe(0);
  });

  it('is not a cause that closes on the content day itself, however high its score', async () => {
    await importSourceItems(prisma, SOURCE, standardCatalogue().slice(0, 1).map(feedItem), NOW);
    expect(await runRefresh(options())).toMatchObject({ status: 'succeeded', pick: null });
  });

  it('gets its action texts from a later run when the run that chose it did not write them', async () => {
    await seedCatalogue(prisma, standardCatalogue());
    await prisma.causeAction.deleteMany();
    expect((await runRefresh(options({ force: true }))).pick?.created).toBe(false);
    expect(await prisma.causeAction.count({ where: { cause: { externalId: 'c05' } } })).toBe(2);
  });

  it('is none when every cause is suppressed, and the run still succeeds', async () => {
    await importSourceItems(prisma, SOURCE, standardCatalogue().map(feedItem), NOW);
    await prisma.cause.updateMany({ data: { suppressed: true } });
    expect(await runRefresh(options())).toMatchObject({ status: 'succeeded', pick: null });
  });
});

describe('suppression by the operator', () => {
  it('suppressing the current daily action chooses a replacement at once; unsuppressing lets it be chosen again', async () => {
    await seedCatalogue(prisma, standardCatalogue());
    const top = await slugOf('c05');
    const outcome = await suppressCause(prisma, top, 'Spendenaufruf wird geprüft', NOW, defaultTextGenerator);
    expect(outcome).toEqual({ slug: top, changed: true, replacement: { slug: await slugOf('c03'), scoreTotal: 90 } });
    const cause = await prisma.cause.findUniqueOrThrow({ where: { slug: top } });
    expect(cause).toMatchObject({ suppressed: true, suppressedReason: 'Spendenaufruf wird geprüft', active: true });
    expect(await prisma.causeAction.count({ where: { cause: { externalId: 'c03' } } })).toBe(2);

    expect(await unsuppressCause(prisma, top, NOW)).toEqual({ slug: top, changed: true });
    expect((await prisma.cause.findUniqueOrThrow({ where: { slug: top } })).suppressed).toBe(false);
  });

  it('lifting a suppression on a day left without a daily action chooses it at once, not at the next catch-up', async () => {
    await seedCatalogue(prisma, standardCatalogue());
    const top = await slugOf('c05');
    // every other cause suppressed first, then the day's pick: nothing is left for the day
    for (const cause of await prisma.cause.findMany({ where: { slug: { not: top } }, select: { slug: true } })) {
      await markCauseSuppressed(prisma, cause.slug, 'geprüft', NOW);
    }
    expect(await suppressCause(prisma, top, 'geprüft', NOW, defaultTextGenerator)).toMatchObject({ replacement: null });
    expect(await prisma.dailyPick.count()).toBe(0);
    expect(await unsuppressCauseAndPick(prisma, top, NOW, defaultTextGenerator)).toEqual({
      slug: top,
      changed: true,
      replacement: { slug: top, scoreTotal: 100 },
    });
    expect((await prisma.dailyPick.findFirstOrThrow({ include: { cause: { select: { slug: true } } } })).cause.slug).toBe(top);
    // a cause that was not suppressed changes nothing, and a day that has its action keeps it
    expect(await unsuppressCauseAndPick(prisma, top, NOW, defaultTextGenerator)).toEqual({ slug: top, changed: false });
    const other = await slugOf('c03');
    expect(await unsuppressCauseAndPick(prisma, other, NOW, defaultTextGenerator)).toEqual({ slug: other, changed: true });
  });

  it('suppressing another cause leaves the daily action alone', async () => {
    await seedCatalogue(prisma, standardCatalogue());
    const outcome = await suppressCause(prisma, await slugOf('c09'), 'Dublette', NOW, defaultTextGenerator);
    expect(outcome.replacement).toBeUndefined();
    expect((await prisma.dailyPick.findFirstOrThrow()).causeId).toBe((await prisma.cause.findFirstOrThrow({ where: { externalId: 'c05' } })).id);
  });
});

describe('texts', () => {
  it('are written in both languages for every active cause, and rewritten only for causes whose data changed', async () => {
    const causes = standardCatalogue().slice(0, 3);
    await importSourceItems(prisma, SOURCE, causes.map(feedItem), NOW);
    expect((await runRefresh(options())).summariesWritten).toBe(6);
    const before = await prisma.causeText.findMany({ orderBy: [{ causeId: 'asc' }, { language: 'asc' }] });

    const later = new Date(NOW.getTime() + DAY_MS);
    const changed = causes.map(feedItem);
    changed[1] = { ...changed[1], title: 'Aktion 02 – jetzt mit neuem Titel' };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'es-feed-'));
    onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
    fs.writeFileSync(path.join(dir, 'feed.json'), JSON.stringify({ items: changed }));
    const feed = parseSourcesConfig({ sources: [{ ...SOURCE, type: 'json-feed', url: 'feed.json' }] }, dir);
    const second = await runRefresh(options({ sources: feed, now: later }));
    expect(second.summariesWritten).toBe(2);
    const after = await prisma.causeText.findMany({ orderBy: [{ causeId: 'asc' }, { language: 'asc' }] });
    const rewritten = after.filter((t, i) => t.generatedAt.getTime() !== before[i].generatedAt.getTime());
    const c02 = await prisma.cause.findFirstOrThrow({ where: { externalId: 'c02' } });
    expect(rewritten.map((t) => [t.causeId, t.language])).toEqual([
      [c02.id, 'de'],
      [c02.id, 'en'],
    ]);
  });
});
