// When a failed webhook delivery is tried again: the schedule's wait after each failure, lengthened by up
// to a fifth at random, and nothing after the last.
import { describe, expect, it } from 'vitest';
import { nextAttemptAt, WEBHOOK_RETRY_SCHEDULE_S } from '../../src/modules/webhooks/webhook-schedule.js';

const T0 = new Date('2026-11-28T01:00:05Z');
const after = (failed: number, random: number) => nextAttemptAt(failed, T0, WEBHOOK_RETRY_SCHEDULE_S, () => random)?.toISOString() ?? null;

describe('the webhook retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h after the 1st to 7th failure; after the 8th, no attempt', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((failed) => after(failed, 0))).toEqual([
      '2026-11-28T01:00:10.000Z',
      '2026-11-28T01:05:05.000Z',
      '2026-11-28T01:30:05.000Z',
      '2026-11-28T03:00:05.000Z',
      '2026-11-28T06:00:05.000Z',
      '2026-11-28T11:00:05.000Z',
      '2026-11-28T11:00:05.000Z',
      null,
    ]);
  });

  it('adds up to a fifth of the wait at random, never less than the wait', () => {
    expect([after(2, 0.5), after(2, 0.999)]).toEqual(['2026-11-28T01:05:35.000Z', '2026-11-28T01:06:04.940Z']);
  });

  it('makes its last attempt more than 24 hours after the first, with no jitter at all', () => {
    let at = T0;
    for (let failed = 1; ; failed++) {
      const next = nextAttemptAt(failed, at, WEBHOOK_RETRY_SCHEDULE_S, () => 0);
      if (!next) break;
      at = next;
    }
    expect(at.toISOString()).toBe('2026-11-29T04:35:10.000Z');
  });
});
