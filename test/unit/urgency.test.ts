import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/time/berlin-calendar.js';
import { fundingProgressPct, scoreUrgency, type UrgencySignalsInput } from '../../src/modules/causes/urgency.js';

// 11:00 in Berlin on 2026-11-21 (CET, UTC+1)
const NOW = new Date('2026-11-21T10:00:00Z');
const TODAY = '2026-11-21';
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

function input(overrides: Partial<UrgencySignalsInput>): UrgencySignalsInput {
  return { deadline: null, progressPct: null, firstImportedAt: daysAgo(100), storedUrgencyScore: null, ...overrides };
}

describe('scoreUrgency: the checkable cases of spec 2.3', () => {
  it('deadline in 5 days, 94 %, imported 18 days ago, no engagement: 60/20/0/0 = 80', () => {
    const score = scoreUrgency(input({ deadline: addDays(TODAY, 5), progressPct: 94, firstImportedAt: daysAgo(18) }), NOW);
    expect(score).toEqual({
      total: 80,
      breakdown: { deadline_proximity: 60, funding_gap: 20, recency: 0, engagement: 0 },
      signals: { days_until_deadline: 5, progress_percentage: 94, days_since_import: 18, has_above_average_ctr: false },
    });
  });

  it('no deadline, 40 %, imported 3 days ago, no engagement: 0/0/10/0 = 10', () => {
    const score = scoreUrgency(input({ progressPct: 40, firstImportedAt: daysAgo(3) }), NOW);
    expect(score).toEqual({
      total: 10,
      breakdown: { deadline_proximity: 0, funding_gap: 0, recency: 10, engagement: 0 },
      signals: { days_until_deadline: null, progress_percentage: 40, days_since_import: 3, has_above_average_ctr: false },
    });
  });

  it('deadline in 25 days, 88 %, imported long ago, high click-through: 30/20/0/10 = 60', () => {
    const score = scoreUrgency(input({ deadline: addDays(TODAY, 25), progressPct: 88, firstImportedAt: daysAgo(400), storedUrgencyScore: 90 }), NOW);
    expect(score).toEqual({
      total: 60,
      breakdown: { deadline_proximity: 30, funding_gap: 20, recency: 0, engagement: 10 },
      signals: { days_until_deadline: 25, progress_percentage: 88, days_since_import: 400, has_above_average_ctr: true },
    });
  });
});

describe('scoreUrgency: boundaries of the scoring table', () => {
  it.each([
    [-1, 0],
    [0, 60],
    [1, 60],
    [7, 60],
    [8, 30],
    [30, 30],
    [31, 0],
    [365, 0],
  ])('deadline in %i days gives %i deadline points', (days, points) => {
    const score = scoreUrgency(input({ deadline: addDays(TODAY, days) }), NOW);
    expect(score.signals.days_until_deadline).toBe(days);
    expect(score.breakdown.deadline_proximity).toBe(points);
  });

  it.each([
    [69.99, 69, 0],
    [70, 70, 20],
    [70.5, 70, 20],
    [95, 95, 20],
    [95.99, 95, 20],
    [96, 96, 0],
    [100, 100, 0],
    [0, 0, 0],
  ])('progress %d %% shows %i and gives %i funding points', (pct, signal, points) => {
    const score = scoreUrgency(input({ progressPct: pct }), NOW);
    expect(score.signals.progress_percentage).toBe(signal);
    expect(score.breakdown.funding_gap).toBe(points);
  });

  it('unknown progress shows null and gives no funding points', () => {
    const score = scoreUrgency(input({ progressPct: null }), NOW);
    expect(score.signals.progress_percentage).toBeNull();
    expect(score.breakdown.funding_gap).toBe(0);
  });

  it.each([
    [0, 10],
    [13, 10],
    [14, 10],
    [15, 0],
  ])('imported %i days ago gives %i recency points', (days, points) => {
    const score = scoreUrgency(input({ firstImportedAt: daysAgo(days) }), NOW);
    expect(score.signals.days_since_import).toBe(days);
    expect(score.breakdown.recency).toBe(points);
  });

  it.each([
    [null, false, 0],
    [0, false, 0],
    [75, false, 0],
    [76, true, 10],
    [100, true, 10],
  ])('stored urgency value %s: above-average click-through %s, %i engagement points', (stored, flag, points) => {
    const score = scoreUrgency(input({ storedUrgencyScore: stored }), NOW);
    expect(score.signals.has_above_average_ctr).toBe(flag);
    expect(score.breakdown.engagement).toBe(points);
  });

  it('reaches at most 100 points', () => {
    const score = scoreUrgency(input({ deadline: TODAY, progressPct: 80, firstImportedAt: NOW, storedUrgencyScore: 99 }), NOW);
    expect(score.total).toBe(100);
  });
});

describe('scoreUrgency: days are counted in the Berlin calendar', () => {
  it('at 00:30 Berlin time a deadline "tomorrow" in Berlin is 1 day away although UTC still shows the day before', () => {
    const now = new Date('2026-11-20T23:30:00Z'); // 00:30 on 2026-11-21 in Berlin
    expect(scoreUrgency(input({ deadline: '2026-11-22' }), now).signals.days_until_deadline).toBe(1);
  });

  it('an import at 23:30 Berlin time yesterday counts as 1 day ago at 00:10 today', () => {
    const imported = new Date('2026-11-20T22:30:00Z'); // 23:30 on 2026-11-20 in Berlin
    const now = new Date('2026-11-20T23:10:00Z'); // 00:10 on 2026-11-21 in Berlin
    expect(scoreUrgency(input({ firstImportedAt: imported }), now).signals.days_since_import).toBe(1);
  });

  it('counts whole calendar days across the change to summer time (March 29, 2026)', () => {
    const now = new Date('2026-03-30T08:00:00Z');
    const imported = new Date('2026-03-28T08:00:00Z');
    const score = scoreUrgency(input({ deadline: '2026-04-06', firstImportedAt: imported }), now);
    expect(score.signals.days_until_deadline).toBe(7);
    expect(score.signals.days_since_import).toBe(2);
  });

  it('an import time after now counts as 0 days ago', () => {
    expect(scoreUrgency(input({ firstImportedAt: new Date(NOW.getTime() + 3_600_000) }), NOW).signals.days_since_import).toBe(0);
  });
});

describe('fundingProgressPct', () => {
  it('is current / goal in percent rounded down to one decimal', () => {
    expect(fundingProgressPct({ fundingGoal: 30000, fundingCurrent: 20999.99, progressPct: null })).toBe(69.9);
    expect(fundingProgressPct({ fundingGoal: 3, fundingCurrent: 1, progressPct: null })).toBe(33.3);
    expect(fundingProgressPct({ fundingGoal: 100, fundingCurrent: 70, progressPct: null })).toBe(70);
  });

  it('exceeds 100 when a campaign is over-funded', () => {
    expect(fundingProgressPct({ fundingGoal: 1000, fundingCurrent: 1250.5, progressPct: 10 })).toBe(125);
  });

  it('uses the reported percentage when there is no usable goal', () => {
    expect(fundingProgressPct({ fundingGoal: 0, fundingCurrent: 50, progressPct: 42.37 })).toBe(42.3);
    expect(fundingProgressPct({ fundingGoal: null, fundingCurrent: null, progressPct: 88 })).toBe(88);
  });

  it('is null without funding or signature data', () => {
    expect(fundingProgressPct({ fundingGoal: 5000, fundingCurrent: null, progressPct: null })).toBeNull();
    expect(fundingProgressPct({ fundingGoal: null, fundingCurrent: null, progressPct: null })).toBeNull();
  });
});
