// A refresh that hangs (here: a source that never answers) is stopped after the job's time limit, and
// the day's claim does not block the next run once its lease has run out. The worker runs on this
// process's clock (libfaketime shifts it in CI), so the test names no day: the worker's day is today's.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { createJobRunner } from '../../src/modules/refresh/job-runner.js';
import { probeHealth } from '../helpers/health-probe.js';
import { resetDatabase, startTestApp, testPrisma } from '../helpers/test-app.js';
import { testDatabaseUrl } from '../helpers/workers.js';

const prisma = testPrisma();
let requests = 0;
const hanging = http.createServer(() => void requests++); // accepts and never answers
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'es-hang-'));

afterAll(async () => {
  // the stubbed SOURCES_CONFIG names a file removed below: no later file of this worker may inherit it
  vi.unstubAllEnvs();
  hanging.closeAllConnections();
  await new Promise((resolve) => hanging.close(resolve));
  await prisma.$disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('job time limit', () => {
  it('terminates a hanging refresh worker and reports it; the claim frees itself when its lease runs out', async () => {
    await resetDatabase(prisma);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/feed.json`;
    fs.writeFileSync(
      path.join(dir, 'sources.json'),
      JSON.stringify({ sources: [{ name: 'Hängt', platform: 'x', type: 'json-feed', url, local: true, timeoutMs: 60_000 }] }),
    );
    vi.stubEnv('SOURCES_CONFIG', path.join(dir, 'sources.json')); // read by the worker's configuration (restored after the test)

    const runner = createJobRunner({
      data: { databaseUrl: testDatabaseUrl(), trigger: 'test' },
      logger: pino({ level: 'silent' }),
      // long enough for the worker to start, claim the day and record its run on a loaded machine; far
      // shorter than the source's own 60 s fetch timeout, so only the job's limit can end the run
      timeoutMs: 20_000,
    });
    const started = Date.now();
    const outcome = await runner.runRefreshNow();
    await runner.stop();

    expect(outcome).toEqual({ ok: false, error: 'the refresh was stopped after its time limit of 20000 ms' });
    expect(requests).toBe(1); // it was stopped while waiting for the source
    expect(Date.now() - started).toBeLessThan(50_000); // well before the source's 60 s fetch timeout
    const claim = await prisma.jobClaim.findFirstOrThrow();
    expect(claim.status).toBe('running');
    expect(claim.leaseUntil.getTime()).toBeGreaterThan(started);
    expect(claim.leaseUntil.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
    const run = await prisma.jobRun.findFirstOrThrow();
    expect(run.status).toBe('running');
  });

  it('a refresh whose process is killed mid-run (as by the kernel out of memory) is reported failed; the API answered throughout', async () => {
    await resetDatabase(prisma);
    vi.stubEnv('SOURCES_CONFIG', path.join(dir, 'sources.json'));
    const before = requests;
    const app = await startTestApp({ prisma, now: new Date() });
    const runner = createJobRunner({ data: { databaseUrl: testDatabaseUrl(), trigger: 'test' }, logger: pino({ level: 'silent' }), timeoutMs: 60_000 });
    let health: ReturnType<typeof probeHealth> | undefined;
    try {
      const outcome = runner.runRefreshNow();
      // the run's own process, a child of this one, waiting for the hanging source
      await vi.waitFor(() => expect(requests).toBe(before + 1), { timeout: 30_000, interval: 100 });
      const children = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
      const run = children.split('\n').find((line) => line.includes('refresh.run'));
      expect(run).toBeDefined();
      health = probeHealth(app.baseUrl, 50);
      process.kill(Number(run!.trim().split(/\s+/)[0]), 'SIGKILL');
      expect(await outcome).toEqual({ ok: false, error: 'the refresh process was killed by SIGKILL before it reported a result' });
      // the dead run is recorded failed and its day freed at once, not when its lease runs out
      const dead = await prisma.jobRun.findFirstOrThrow({ orderBy: { startedAt: 'desc' } });
      expect([dead.status, dead.error]).toEqual(['failed', 'the refresh process was killed by SIGKILL before it reported a result']);
      expect((await prisma.jobClaim.findFirstOrThrow({ where: { runId: dead.id } })).status).toBe('failed');
      await vi.waitFor(() => expect(health!.statuses.length).toBeGreaterThanOrEqual(5), { timeout: 10_000 });
      expect((await health.stop()).filter((status) => status !== 200)).toEqual([]);
    } finally {
      await health?.stop();
      await runner.stop();
      await app.close();
    }
  });
});
