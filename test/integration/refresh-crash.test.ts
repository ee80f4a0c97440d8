// After a refresh that died: its day is taken over by the next catch-up once its lease runs out, pages
// never pair new data with a summary of the old, and `--force` beside a running day fails loudly.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentDay, dateToDb } from '../../src/time/berlin-calendar.js';
import { catchUpOnce, startCatchUp, type CatchUpOptions } from '../../src/modules/refresh/refresh-scheduler.js';
import { claimJobDay, keepClaimAlive } from '../../src/modules/refresh/job-claim.js';
import type { JobOutcome } from '../../src/modules/refresh/job-runner.js';
import { runRefresh } from '../../src/modules/refresh/refresh.service.js';
import { defaultTextGenerator } from '../../src/modules/texts/default-generator.js';
import { generateSummaries } from '../../src/modules/texts/texts.service.js';
import { createApiKeys } from '../../src/modules/api-keys/api-keys.service.js';
import type { Db } from '../../src/infra/prisma.js';
import { clearOfContentDayChange } from '../helpers/processes.js';
import { NOW, seedCatalogue, standardCatalogue } from '../helpers/catalogue.js';
import { bumpContentVersion, getJson, resetDatabase, startTestApp, testPrisma } from '../helpers/test-app.js';
import { testDatabaseUrl } from '../helpers/workers.js';
import { runCommandInProcess } from '../helpers/cli.js';

const prisma = testPrisma();
const log = { info: () => {}, warn: () => {} };

beforeAll(async () => {
  await resetDatabase(prisma);
  await seedCatalogue(prisma, standardCatalogue());
});
afterAll(() => prisma.$disconnect());

describe('a dead run is taken over promptly', () => {
  // NOW is 11:00 in Berlin on 2026-11-21. A manual re-run (--force) claims that day at NOW, renews its
  // lease once 20 s later, and its process dies right after that heartbeat.
  const day = contentDay(NOW);
  const DEAD = '22222222-2222-4222-8222-222222222222';
  const at = (ms: number) => new Date(NOW.getTime() + ms);
  const HEARTBEAT = at(20_000);
  const claimOfDay = () => prisma.jobClaim.findUniqueOrThrow({ where: { job_day: { job: 'refresh', day: dateToDb(day) } } });
  const deadRun = () => prisma.jobRun.findUniqueOrThrow({ where: { id: DEAD } });
  /** The refresh as the catch-up starts it (in-process, on the test's clock); `refreshes` holds when each started. */
  const refreshes: Date[] = [];
  const refresh = async (): Promise<JobOutcome> => {
    refreshes.push(new Date());
    const result = await runRefresh({
      prisma,
      sources: [],
      generator: defaultTextGenerator,
      now: new Date(),
      clock: () => new Date(),
      trigger: 'catch-up',
      log,
    });
    return { ok: true, result };
  };

  it('a refresh whose process died leaves its day claimed as running, with a lease of 60 s from its last heartbeat', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: NOW });
    try {
      // what runRefresh does first: claim the day, open its run record, renew the lease every 20 s
      expect(await claimJobDay(prisma, 'refresh', day, DEAD, new Date(), { force: true })).toEqual({ claimed: true });
      await prisma.jobRun.create({ data: { id: DEAD, job: 'refresh', day: dateToDb(day), status: 'running', trigger: 'manual', startedAt: new Date() } });
      expect((await claimOfDay()).leaseUntil).toEqual(at(60_000));
      const lease = keepClaimAlive(prisma, 'refresh', day, DEAD, () => new Date());
      vi.advanceTimersByTime(20_000); // the heartbeat at NOW + 20 s (its write is not awaited by the timer)
      for (let i = 0; i < 200 && (await claimOfDay()).leaseUntil.getTime() !== at(80_000).getTime(); i++) await new Promise((r) => setTimeout(r, 25));
      lease.stop(); // the process dies: no heartbeat after this one
    } finally {
      vi.useRealTimers();
    }
    const claim = await claimOfDay();
    expect({ runId: claim.runId, status: claim.status, leaseUntil: claim.leaseUntil }).toEqual({ runId: DEAD, status: 'running', leaseUntil: at(80_000) });
  });

  it("1 ms before the lease runs out, neither the catch-up nor another run starts: the day stays the dead run's", async () => {
    const justBefore = at(80_000 - 1);
    let started = 0;
    const outcome = await catchUpOnce(
      { prisma, refresh: async () => (started++, { ok: false, error: 'must not run' }), repick: async () => {}, log },
      justBefore,
    );
    expect([outcome, started]).toEqual([null, 0]);
    // a run started by other means at that instant (the 02:00 schedule, `jobs run refresh`) is refused by the claim
    const other = await runRefresh({
      prisma,
      sources: [],
      generator: defaultTextGenerator,
      now: justBefore,
      clock: () => justBefore,
      trigger: 'schedule',
      log,
    });
    expect([other.status, other.jobRunId, other.error]).toEqual(['skipped', DEAD, `the refresh for 2026-11-21 is running (run ${DEAD})`]);
    const claim = await claimOfDay();
    expect([claim.runId, claim.status, claim.leaseUntil]).toEqual([DEAD, 'running', at(80_000)]);
    expect((await deadRun()).status).toBe('running');
  });

  it('the catch-up, checking every 30 s, takes the day over at most 90 s after the last heartbeat, even when a check falls 1 ms before the lease ends', async () => {
    // The catch-up starts so that its first check comes at heartbeat + 60 s − 1 ms (lease still live): the
    // worst phase. Its next check, 30 s later, must find the lease gone and run the refresh.
    const checks: { at: Date; done: Promise<unknown> }[] = [];
    const watched = new Proxy(prisma, {
      get(target, name, receiver) {
        if (name !== 'jobClaim') {
          // the client's own methods run on the client itself (Prisma's keep private state a proxy cannot reach)
          const value = Reflect.get(target, name, receiver);
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return {
          findUnique: (args: Parameters<Db['jobClaim']['findUnique']>[0]) => {
            const done = target.jobClaim.findUnique(args);
            checks.push({ at: new Date(), done });
            return done;
          },
        };
      },
    }) as Db;
    let logged!: () => void;
    const outcomeLogged = new Promise<void>((resolve) => (logged = resolve));
    const lines: string[] = [];
    const options: CatchUpOptions = {
      prisma: watched,
      refresh,
      repick: async () => {},
      log: { info: (line) => (lines.push(line), logged()), warn: (line) => (lines.push(line), logged()) },
    };
    const settle = async () => {
      await Promise.all(checks.map((c) => c.done));
      await new Promise((resolve) => setImmediate(resolve));
    };
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: new Date(HEARTBEAT.getTime() + 30_000 - 1) });
    const catchUp = startCatchUp(options);
    try {
      await vi.advanceTimersByTimeAsync(30_000); // first check: heartbeat + 59.999 s
      await settle();
      expect(checks.map((c) => c.at)).toEqual([at(80_000 - 1)]);
      expect(refreshes).toEqual([]);
      expect((await claimOfDay()).runId).toBe(DEAD);

      await vi.advanceTimersByTimeAsync(30_000); // second check: heartbeat + 89.999 s
      await settle();
      // the check's reads of the database (the claim, the day's failed runs) take real time: wait for its outcome
      // (the timer here is not faked), at most 10 s
      await Promise.race([outcomeLogged, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    } finally {
      catchUp.stop();
      vi.useRealTimers();
    }
    const takeover = at(110_000 - 1);
    expect(checks.map((c) => c.at)).toEqual([at(80_000 - 1), takeover]);
    expect(refreshes).toEqual([takeover]);
    expect(takeover.getTime() - HEARTBEAT.getTime()).toBe(89_999);
    expect(lines).toEqual(['refresh for 2026-11-21: succeeded']);
    // the next run closed the dead one as abandoned at the takeover, took the day and finished it
    const dead = await deadRun();
    expect([dead.status, dead.finishedAt, dead.error]).toEqual(['failed', takeover, 'abandoned: its process stopped before the run finished']);
    const claim = await claimOfDay();
    const next = await prisma.jobRun.findUniqueOrThrow({ where: { id: claim.runId } });
    expect([claim.status, next.status, next.trigger, next.startedAt, next.finishedAt]).toEqual(['succeeded', 'succeeded', 'catch-up', takeover, takeover]);
    expect(await prisma.jobRun.count({ where: { day: dateToDb(day), status: 'running' } })).toBe(0);
  });
});

describe('summaries describe the current data', () => {
  it('when a cause changed after its summary was written, a neutral summary of the new data is served until the texts are rewritten', async () => {
    const keys = await createApiKeys(prisma, { label: 'summary', tier: 'standard' }, NOW, 2);
    const cause = await prisma.cause.findFirstOrThrow({ where: { externalId: 'c01' } });
    const stored = await prisma.causeText.findUniqueOrThrow({ where: { causeId_language: { causeId: cause.id, language: 'de' } } });
    // the summary the refresh wrote from the old data ("Aktion 01", its old description)
    expect(stored.contentHash).toBe(cause.contentHash);
    expect(stored.summary).toContain(': „Aktion 01. Eine Aktion für die Region, getragen von Ehrenamtlichen.“ ');
    // what an import does before the texts step: new data, new hash, texts not yet rewritten
    await prisma.cause.update({
      where: { id: cause.id },
      data: { title: 'Neuer Titel', description: 'Neue Beschreibung des Anliegens.', contentHash: 'changed-by-import' },
    });
    await bumpContentVersion(prisma);
    // c01 as it is now: the new description, its carrier, its deadline today (NOW's day) and 80 %
    // ("Neue Beschreibung des Anliegens." has no verb: a fragment is not quoted, the title is named instead)
    const neutral =
      'Ins Leben gerufen wurde die Spendenaktion „Neuer Titel“ vom Verein c01 e.V.; sie läuft bis zum 21. November 2026. ' +
      'Nach Angaben der Plattform hat die Spendenaktion 80 % ihres Ziels erreicht.';
    const app = await startTestApp({ prisma, now: NOW });
    try {
      const before = await getJson(app.baseUrl, `/api/v1/causes/${cause.slug}`, keys[0].key);
      expect([before.status, before.body.title, before.body.summary]).toEqual([200, 'Neuer Titel', neutral]);
      // the stored row is still the old one: nothing was written, the neutral text stood in for it
      expect(await prisma.causeText.findUniqueOrThrow({ where: { causeId_language: { causeId: cause.id, language: 'de' } } })).toMatchObject({
        summary: stored.summary,
        contentHash: cause.contentHash,
      });

      // the texts step rewrites c01's two summaries (de, en) under the new hash; the page reads the same
      expect(await generateSummaries(prisma, defaultTextGenerator, NOW)).toBe(2);
      expect(await prisma.causeText.findUniqueOrThrow({ where: { causeId_language: { causeId: cause.id, language: 'de' } } })).toMatchObject({
        summary: neutral,
        contentHash: 'changed-by-import',
      });
      const after = await getJson(app.baseUrl, `/api/v1/causes/${cause.slug}`, keys[1].key);
      expect([after.status, after.body.title, after.body.summary]).toEqual([200, 'Neuer Titel', neutral]);
    } finally {
      await app.close();
    }
  });
});

describe('npm run jobs -- run refresh --force beside a running day', () => {
  // the command runs on the real clock: the claim must be for its day, so not just before 02:00 Berlin
  beforeAll(() => clearOfContentDayChange(60_000), 120_000);

  it('exits 3 (it did not run) and says that the day is running', async () => {
    const today = contentDay(new Date());
    await prisma.jobClaim.upsert({
      where: { job_day: { job: 'refresh', day: dateToDb(today) } },
      create: {
        job: 'refresh',
        day: dateToDb(today),
        runId: '33333333-3333-4333-8333-333333333333',
        status: 'running',
        leaseUntil: new Date(Date.now() + 60_000),
      },
      update: { runId: '33333333-3333-4333-8333-333333333333', status: 'running', leaseUntil: new Date(Date.now() + 60_000) },
    });
    const env = { ...process.env, DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'warn' };
    const result = await runCommandInProcess('jobs', ['run', 'refresh', '--force'], env);
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `refresh for ${today}: skipped (the refresh for ${today} is running (run 33333333-3333-4333-8333-333333333333))\n` +
        '--force did not run it: a run of that day is still working. Try again when it has finished (or, if its process died, when its lease has run out, within 60 s).\n',
    );
  });
});
