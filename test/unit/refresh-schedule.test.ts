// The refresh runs at 02:00 Europe/Berlin: checked with Bree's real scheduler under fake timers, across
// both daylight-saving changes of 2026, without waiting and without starting workers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { createJobRunner } from '../../src/modules/refresh/job-runner.js';

async function scheduledRuns(start: string, days: number): Promise<string[]> {
  vi.setSystemTime(new Date(start));
  const runner = createJobRunner({ data: { databaseUrl: 'postgres://unused', trigger: 'test' }, logger: pino({ level: 'silent' }) });
  const runs: string[] = [];
  // Record when the scheduler would start the worker instead of starting it.
  runner.bree.run = (async () => {
    runs.push(new Date().toISOString());
  }) as typeof runner.bree.run;
  await runner.bree.start();
  await vi.advanceTimersByTimeAsync(days * 86_400_000);
  await runner.bree.stop();
  return runs;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('refresh schedule: 0 2 * * * in Europe/Berlin', () => {
  it('runs at 02:00 CET (01:00 UTC) on ordinary winter days', async () => {
    expect(await scheduledRuns('2026-11-20T12:00:00Z', 3)).toEqual(['2026-11-21T01:00:00.000Z', '2026-11-22T01:00:00.000Z', '2026-11-23T01:00:00.000Z']);
  });

  it('runs at 02:00 CEST (00:00 UTC) on ordinary summer days', async () => {
    expect(await scheduledRuns('2026-07-14T12:00:00Z', 2)).toEqual(['2026-07-15T00:00:00.000Z', '2026-07-16T00:00:00.000Z']);
  });

  it('runs on both sides of the change to summer time (2026-03-29, when 02:00 does not exist: at 03:00)', async () => {
    expect(await scheduledRuns('2026-03-27T12:00:00Z', 4)).toEqual([
      '2026-03-28T01:00:00.000Z', // 02:00 CET
      '2026-03-29T01:00:00.000Z', // 03:00 CEST, the first minute after the missing 02:00
      '2026-03-30T00:00:00.000Z', // 02:00 CEST
      '2026-03-31T00:00:00.000Z',
    ]);
  });

  it('runs on both sides of the change back to winter time (2026-10-25, when 02:00 comes twice)', async () => {
    // Bree's scheduler (@breejs/later) also fires at 01:00 CET on the day after the change. That start
    // belongs to content day 10-25, whose claim has already succeeded, so it does nothing (see
    // refresh.test.ts: a second run for a day that succeeded is skipped).
    expect(await scheduledRuns('2026-10-23T12:00:00Z', 4)).toEqual([
      '2026-10-24T00:00:00.000Z', // 02:00 CEST
      '2026-10-25T00:00:00.000Z', // the first 02:00 (CEST) of the night the clocks go back
      '2026-10-26T00:00:00.000Z', // 01:00 CET: the scheduler's extra start, skipped by the claim
      '2026-10-26T01:00:00.000Z', // 02:00 CET
      '2026-10-27T01:00:00.000Z',
    ]);
  });
});
