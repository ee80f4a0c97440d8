// The urgency score of spec 2.3, computed from a cause's stored signals. Pure: the time is passed in.
// The decisions on what the spec leaves open are listed in docs/decisions.md ("Urgency score").
import { berlinDate, daysBetween } from '../../time/berlin-calendar.js';

export interface UrgencySignalsInput {
  /** YYYY-MM-DD or null */
  deadline: string | null;
  /** funding or signature progress in percent (fundingProgressPct), or null when unknown */
  progressPct: number | null;
  firstImportedAt: Date;
  /** the stored cause-level urgency value (0-100), the engagement proxy; null when the source has none */
  storedUrgencyScore: number | null;
}

export interface UrgencyScore {
  total: number;
  breakdown: {
    deadline_proximity: number;
    funding_gap: number;
    recency: number;
    engagement: number;
  };
  signals: {
    days_until_deadline: number | null;
    progress_percentage: number | null;
    days_since_import: number;
    has_above_average_ctr: boolean;
  };
}

export const URGENCY_RULES = {
  /** 0..7 days (today counts as 0) */
  deadlineVeryCloseDays: 7,
  /** 8..30 days */
  deadlineCloseDays: 30,
  fundingGapMinPct: 70,
  fundingGapMaxPct: 95,
  /** imported 0..14 days ago */
  recentImportDays: 14,
  /** stored urgencyScore strictly above this counts as above-average click-through */
  engagementProxyThreshold: 75,
} as const;

export function deadlineProximityPoints(daysUntilDeadline: number | null): number {
  if (daysUntilDeadline === null || daysUntilDeadline < 0) return 0;
  if (daysUntilDeadline <= URGENCY_RULES.deadlineVeryCloseDays) return 60;
  if (daysUntilDeadline <= URGENCY_RULES.deadlineCloseDays) return 30;
  return 0;
}

export function fundingGapPoints(progressPercentage: number | null): number {
  if (progressPercentage === null) return 0;
  return progressPercentage >= URGENCY_RULES.fundingGapMinPct && progressPercentage <= URGENCY_RULES.fundingGapMaxPct ? 20 : 0;
}

export function recencyPoints(daysSinceImport: number): number {
  return daysSinceImport <= URGENCY_RULES.recentImportDays ? 10 : 0;
}

export function hasAboveAverageCtr(storedUrgencyScore: number | null): boolean {
  return storedUrgencyScore !== null && storedUrgencyScore > URGENCY_RULES.engagementProxyThreshold;
}

export function scoreUrgency(input: UrgencySignalsInput, now: Date): UrgencyScore {
  const today = berlinDate(now);
  const daysUntilDeadline = input.deadline === null ? null : daysBetween(today, input.deadline);
  // The integer signal is the percentage rounded down, and funding_gap is decided on that integer, so
  // an integrator can reproduce the points from what the API shows (69.9 % shows 69 and gets 0 points).
  const progressPercentage = input.progressPct === null ? null : Math.floor(input.progressPct);
  // Never negative: an import time a little in the future (clock skew) counts as today.
  const daysSinceImport = Math.max(0, daysBetween(berlinDate(input.firstImportedAt), today));
  const aboveAverageCtr = hasAboveAverageCtr(input.storedUrgencyScore);

  const breakdown = {
    deadline_proximity: deadlineProximityPoints(daysUntilDeadline),
    funding_gap: fundingGapPoints(progressPercentage),
    recency: recencyPoints(daysSinceImport),
    engagement: aboveAverageCtr ? 10 : 0,
  };
  return {
    total: breakdown.deadline_proximity + breakdown.funding_gap + breakdown.recency + breakdown.engagement,
    breakdown,
    signals: {
      days_until_deadline: daysUntilDeadline,
      progress_percentage: progressPercentage,
      days_since_import: daysSinceImport,
      has_above_average_ctr: aboveAverageCtr,
    },
  };
}

/**
 * fundingProgressPct of spec 2.1: current / goal in percent when both are known (goal > 0), else the
 * percentage the source reported, else null. Rounded down to one decimal, so Math.floor of the result
 * is always the integer progress_percentage signal. Exact: computed on whole cents with BigInt.
 */
export function fundingProgressPct(funding: { fundingGoal: number | null; fundingCurrent: number | null; progressPct: number | null }): number | null {
  const { fundingGoal, fundingCurrent, progressPct } = funding;
  // A goal under one cent is no usable goal (it would round to zero cents).
  const goalCents = fundingGoal === null ? 0n : BigInt(Math.round(fundingGoal * 100));
  if (fundingCurrent !== null && goalCents > 0n) {
    const currentCents = BigInt(Math.round(Math.max(0, fundingCurrent) * 100));
    return Number((currentCents * 1000n) / goalCents) / 10;
  }
  if (progressPct !== null) return Math.floor(Math.round(Math.max(0, progressPct) * 100) / 10) / 10;
  return null;
}
