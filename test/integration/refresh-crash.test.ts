// After a refresh that died: its day is taken over by the next catch-up once its lease runs out, pages
// never pair new data with a summary of the old, and `--force` beside a running day fails loudly.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contentDay, dateToDb, berlinDate } from '../../src/time/berlin-calendar.js';
import { catchUpOnce, TAKEOVER_BOUND_MS } from '../../src/modules/refresh/refresh-scheduler.js';
import { CLAIM_LEASE_MS } from '../../src/modules/refresh/job-claim.js';
import type { JobOutcome } from '../../src/modules/refresh/job-runner.js';
import { writeSummary } from '../../src/modules/texts/default-generator.js';
import { causeFacts } from '../../src/modules/texts/text-generator.js';
import { createApiKeys } from '../../src/modules/api-keys/api-keys.service.js';
import { clearOfContentDayChange, runScript } from '../helpers/processes.js';
import { NOW, seedCatalogue, standardCatalogue } from '../helpers/catalogue.js';
import { bumpContentVersion, getJson, resetDatabase, startTestApp, testPrisma } from '../helpers/test-app.js';

const prisma = testPrisma();
const log = { info: () => {}, warn: () => {} };

beforeAll(async () => {
  await resetDatabase(prisma);
  await seedCatalogue(prisma, standardCatalogue());
});
afterAll(() => prisma.$disconnect());

describe('a dead run is taken over promptly', () => {
  const day = contentDay(NOW);
  const setClaim = (leaseUntil: Date) =>
    prisma.jobClaim.update({
      where: { job_day: { job: 'refresh', day: dateToDb(day) } },
      data: { status: 'running', runId: '22222222-2222-4222-8222-222222222222', leaseUntil },
    });
  const catchUp = (refresh: () => Promise<JobOutcome>) => catchUpOnce({ prisma, refresh, repick: async () => {}, log }, NOW);

  it('the catch-up runs every 30 s, so a dead run\'s day waits at most lease + 30 s = 90 s', () => {
    expect(CLAIM_LEASE_MS).toBe(60_000);
    expect(TAKEOVER_BOUND_MS).toBe(90_000);
  });

  it('while the run holds a live lease, the catch-up starts nothing', async () => {
    await setClaim(new Date(NOW.getTime() + 1000));
    expect(await catchUp(async () => { throw new Error('must not run'); })).toBeNull();
  });

  it('once the lease ran out (its process died), the catch-up runs the refresh', async () => {
    await setClaim(new Date(NOW.getTime() - 1));
    let ran = 0;
    const outcome = await catchUp(async () => {
      ran += 1;
      return { ok: false, error: 'stub' };
    });
    expect(ran).toBe(1);
    expect(outcome).toEqual({ ok: false, error: 'stub' });
  });
});

describe('summaries describe the current data', () => {
  it('when a cause changed after its summary was written, a neutral summary of the new data is served until the texts are rewritten', async () => {
    const [key] = await createApiKeys(prisma, { label: 'summary', tier: 'standard' }, NOW, 2);
    const cause = await prisma.cause.findFirstOrThrow({ where: { externalId: 'c01' } });
    const stored = await prisma.causeText.findUniqueOrThrow({ where: { causeId_language: { causeId: cause.id, language: 'de' } } });
    // what an import does before the texts step: new data, new hash, texts not yet rewritten
    const changed = await prisma.cause.update({
      where: { id: cause.id },
      data: { title: 'Neuer Titel', description: 'Neue Beschreibung des Anliegens.', contentHash: 'changed-by-import' },
    });
    await bumpContentVersion(prisma);
    const app = await startTestApp({ prisma, now: NOW });
    try {
      const { status, body } = await getJson(app.baseUrl, `/api/v1/causes/${cause.slug}`, key.key);
      expect(status).toBe(200);
      expect(body.title).toBe('Neuer Titel');
      expect(body.summary).toBe(writeSummary(causeFacts(changed, berlinDate(NOW)), 'de'));
      expect(body.summary).not.toBe(stored.summary);
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
      create: { job: 'refresh', day: dateToDb(today), runId: '33333333-3333-4333-8333-333333333333', status: 'running', leaseUntil: new Date(Date.now() + 60_000) },
      update: { runId: '33333333-3333-4333-8333-333333333333', status: 'running', leaseUntil: new Date(Date.now() + 60_000) },
    });
    const env = { ...process.env, DATABASE_URL: inject('databaseUrl'), LOG_LEVEL: 'warn' };
    const result = await runScript('src/cli/jobs.ts', ['run', 'refresh', '--force'], env);
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `refresh for ${today}: skipped (the refresh for ${today} is running (run 33333333-3333-4333-8333-333333333333))\n` +
        '--force did not run it: a run of that day is still working. Try again when it has finished (or, if its process died, when its lease has run out, within 60 s).\n',
    );
  });
});
