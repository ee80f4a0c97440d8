// The catch-up's retries of a failed refresh: doubling waits from 1 minute, capped at 1 hour, with
// jitter, and a new content day starts again from no failures.
import { describe, expect, it } from 'vitest';
import { afterFailure, describeOutcome, mayAttempt, refreshFailed } from '../../src/modules/refresh/refresh-scheduler.js';

const at = (iso: string) => new Date(iso);
// 10:00 Berlin on 2026-11-21 (content day 2026-11-21)
const MORNING = at('2026-11-21T09:00:00Z');

describe('refresh retries back off', () => {
  it('waits between half and all of 1, 2, 4, … minutes after each failure of a day, at most an hour', () => {
    const waits = (random: number) => {
      let state;
      const out: number[] = [];
      for (let i = 0; i < 9; i++) {
        state = afterFailure(state, MORNING, () => random);
        out.push((state.notBefore - MORNING.getTime()) / 60_000);
      }
      return out;
    };
    expect(waits(1)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    expect(waits(0)).toEqual([0.5, 1, 2, 4, 8, 16, 30, 30, 30]);
  });

  it('counts failures per content day and starts again at the next one (02:00 Berlin)', () => {
    let state = afterFailure(undefined, MORNING, () => 1);
    state = afterFailure(state, MORNING, () => 1);
    expect(state).toEqual({ day: '2026-11-21', failures: 2, notBefore: MORNING.getTime() + 120_000 });
    // 01:59 Berlin on the 22nd is still content day 2026-11-21; 02:00 starts the 22nd
    const beforeTwo = at('2026-11-22T00:59:00Z');
    expect(afterFailure(state, beforeTwo, () => 1).failures).toBe(3);
    const afterTwo = at('2026-11-22T01:00:00Z');
    expect(afterFailure(state, afterTwo, () => 1)).toEqual({ day: '2026-11-22', failures: 1, notBefore: afterTwo.getTime() + 60_000 });
  });

  it('lets an attempt through once the wait is over, or on a new content day', () => {
    const state = afterFailure(undefined, MORNING, () => 1);
    expect(mayAttempt(undefined, MORNING)).toBe(true);
    expect(mayAttempt(state, new Date(MORNING.getTime() + 59_999))).toBe(false);
    expect(mayAttempt(state, new Date(MORNING.getTime() + 60_000))).toBe(true);
    expect(mayAttempt({ ...state, notBefore: Number.MAX_SAFE_INTEGER }, at('2026-11-22T01:00:00Z'))).toBe(true);
  });

  it('a run that reports failed is a failure, and is said to have failed', () => {
    const failedRun = {
      ok: true as const,
      result: {
        jobRunId: 'r',
        day: '2026-11-21',
        status: 'failed' as const,
        sources: [],
        summariesWritten: 0,
        pick: null,
        durationMs: 5,
        error: 'every source failed',
      },
    };
    expect(refreshFailed(failedRun)).toBe(true);
    expect(describeOutcome('2026-11-21', failedRun)).toBe('refresh for 2026-11-21: failed: every source failed');
    expect(refreshFailed({ ok: false, error: 'the refresh worker ended without a result' })).toBe(true);
    expect(describeOutcome('2026-11-21', { ok: false, error: 'boom' })).toBe('refresh for 2026-11-21: failed: boom');
    const succeeded = { ok: true as const, result: { ...failedRun.result, status: 'succeeded' as const, error: undefined } };
    expect(refreshFailed(succeeded)).toBe(false);
    expect(describeOutcome('2026-11-21', succeeded)).toBe('refresh for 2026-11-21: succeeded');
  });
});
