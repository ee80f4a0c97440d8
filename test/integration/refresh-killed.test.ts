// A refresh whose process is killed for real (SIGKILL, no cleanup) in the middle of a run: the day stays
// held while its lease lives, nothing it had not finished is served, and the next run takes the day over
// once the lease has run out, closing the dead run as abandoned.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, contentDay, dateToDb } from '../../src/time/berlin-calendar.js';
import { feedItemAsOf, standardCatalogue } from '../helpers/catalogue.js';
import { clearOfContentDayChange, ROOT } from '../helpers/processes.js';
import { resetDatabase, testPrisma } from '../helpers/test-app.js';
import { testDatabaseUrl } from '../helpers/workers.js';
import { runCommandInProcess } from '../helpers/cli.js';
import { CLAIM_LEASE_MS } from '../../src/modules/refresh/job-claim.js';

const prisma = testPrisma();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'es-killed-'));
const config = path.join(dir, 'sources.json');
// The production lease: the test moves it into the past instead of waiting it out.
const LEASE_MS = CLAIM_LEASE_MS;
const env = { ...process.env, DATABASE_URL: testDatabaseUrl(), SOURCES_CONFIG: config, LOG_LEVEL: 'warn' };

// The commands run on the real clock and name today's content day: not across 02:00 Berlin (this file
// takes under a minute).
await clearOfContentDayChange(2 * 60_000);
const today = contentDay(new Date());
const feed = JSON.stringify({ items: standardCatalogue().map((c) => feedItemAsOf(c, addDays(today, 1))) });

// The source hangs (accepts and never answers) until `answering` is set, then serves the feed.
let answering = false;
let requests = 0;
const source = http.createServer((_req, res) => {
  requests += 1;
  if (answering) res.writeHead(200, { 'content-type': 'application/json' }).end(feed);
});

const waitFor = async (what: string, check: () => Promise<boolean> | boolean, timeoutMs = 90_000) => {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

beforeAll(async () => {
  await resetDatabase(prisma);
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(source.address() as AddressInfo).port}/feed.json`;
  fs.writeFileSync(
    config,
    JSON.stringify({ sources: [{ name: 'Langsame Liste', platform: 'lokal', type: 'json-feed', review: 'none', url, local: true, timeoutMs: 120_000 }] }),
  );
});
afterAll(async () => {
  source.closeAllConnections();
  await new Promise((resolve) => source.close(resolve));
  await prisma.$disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('when the refresh process is killed (SIGKILL) while it fetches a source', () => {
  let killedAt = 0;

  it('the day stays claimed by the dead run, and nothing of it is served', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/cli/jobs.ts'), 'run', 'refresh'], { cwd: ROOT, env });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    await waitFor('the run to ask the source', () => requests === 1);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    killedAt = Date.now();

    const claim = await prisma.jobClaim.findUniqueOrThrow({ where: { job_day: { job: 'refresh', day: dateToDb(today) } } });
    expect(claim.status).toBe('running');
    expect(claim.leaseUntil.getTime()).toBeGreaterThan(killedAt - 1000);
    expect(claim.leaseUntil.getTime()).toBeLessThanOrEqual(killedAt + LEASE_MS);
    const runs = await prisma.jobRun.findMany();
    expect(runs.map((run) => [run.id, run.status, run.finishedAt, run.trigger])).toEqual([[claim.runId, 'running', null, 'manual']]);
    expect(await prisma.cause.count()).toBe(0);
    expect(await prisma.dailyPick.count()).toBe(0);
  });

  it('while its lease lives, another run does not start (exit 3) and says which run holds the day', async () => {
    const claim = await prisma.jobClaim.findFirstOrThrow();
    const result = await runCommandInProcess('jobs', ['run', 'refresh'], env);
    expect(result.code).toBe(3);
    expect(result.stdout).toContain(`refresh for ${today}: skipped`);
    expect(result.stdout).toContain(claim.runId);
    expect(requests).toBe(1); // it did not fetch
  });

  it('once the lease has run out, the next run takes the day over, imports and picks; the dead run is closed as abandoned', async () => {
    const claim = await prisma.jobClaim.findFirstOrThrow();
    const deadRun = claim.runId;
    // the lease runs out: moved into the past rather than waited for (the killed run renews nothing)
    const leaseEnded = new Date(Date.now() - 1000);
    await prisma.jobClaim.updateMany({ where: { runId: deadRun }, data: { leaseUntil: leaseEnded } });
    answering = true;

    const result = await runCommandInProcess('jobs', ['run', 'refresh'], env);
    expect([result.code, result.stderr]).toEqual([0, '']);
    expect(result.stdout.split('\n').slice(0, 3)).toEqual([
      'imported Langsame Liste: 23 new, 0 updated, 0 unchanged',
      `refresh for ${today}: succeeded`,
      '  Langsame Liste: 23 new, 0 updated, 0 unchanged, 0 reactivated, 0 deactivated, 0 skipped',
    ]);

    const runs = await prisma.jobRun.findMany({ orderBy: { startedAt: 'asc' } });
    expect(runs.map((run) => [run.status, run.error])).toEqual([
      ['failed', 'abandoned: its process stopped before the run finished'],
      ['succeeded', null],
    ]);
    expect(runs[0].id).toBe(deadRun);
    expect(runs[0].finishedAt!.getTime()).toBeGreaterThanOrEqual(leaseEnded.getTime());
    const taken = await prisma.jobClaim.findFirstOrThrow();
    expect([taken.runId, taken.status]).toEqual([runs[1].id, 'succeeded']);
    expect(await prisma.cause.count({ where: { active: true } })).toBe(23);
    const pick = await prisma.dailyPick.findFirstOrThrow({ include: { cause: true } });
    expect(pick.cause.externalId).toBe('c01');
    expect(runs[1].chosenCauseId).toBe(pick.causeId);
  });
});
