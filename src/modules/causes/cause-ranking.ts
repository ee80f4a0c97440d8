// The urgency order of the active catalogue. The order is the same for every key holder and changes
// only when the Berlin date or the content version changes, so it is computed once per (day, version)
// and reused; each process checks the version with one primary-key read.
import type { Db } from '../../infra/prisma.js';
import { berlinDate, dateFromDb } from '../../time/berlin-calendar.js';
import { scoreUrgency, type UrgencyScore } from './urgency.js';
import type { Category } from '../sources/feed-item.js';
import { LISTED_WHERE } from '../review/review-state.js';

export interface RankableCause {
  id: string;
  slug: string;
  category: Category;
  suppressed: boolean;
  /** a Land as ISO 3166-2:DE, `DE` for a nationwide cause, null when its place is not known (absent: not known) */
  region?: string | null;
  deadline: Date | null;
  fundingProgressPct: { toNumber(): number } | number | null;
  urgencyScore: number | null;
  firstImportedAt: Date;
}

export interface RankedCause {
  id: string;
  slug: string;
  category: Category;
  suppressed: boolean;
  region: string | null;
  score: UrgencyScore;
  storedUrgencyScore: number | null;
}

export const rankableSelect = {
  id: true,
  slug: true,
  category: true,
  suppressed: true,
  region: true,
  deadline: true,
  fundingProgressPct: true,
  urgencyScore: true,
  firstImportedAt: true,
} as const;

const toNumber = (value: RankableCause['fundingProgressPct']) => (value === null ? null : typeof value === 'number' ? value : value.toNumber());

export function signalsOf(cause: Omit<RankableCause, 'id' | 'slug' | 'category' | 'suppressed' | 'region'>) {
  return {
    deadline: cause.deadline ? dateFromDb(cause.deadline) : null,
    progressPct: toNumber(cause.fundingProgressPct),
    firstImportedAt: cause.firstImportedAt,
    storedUrgencyScore: cause.urgencyScore,
  };
}

/**
 * Highest total first. Ties: the nearer deadline first (none last), then the higher stored urgency value
 * (none last), then the slug, so the order is total and the same in every process.
 */
export function compareByUrgency(a: RankedCause, b: RankedCause): number {
  if (a.score.total !== b.score.total) return b.score.total - a.score.total;
  const da = a.score.signals.days_until_deadline ?? Number.POSITIVE_INFINITY;
  const db = b.score.signals.days_until_deadline ?? Number.POSITIVE_INFINITY;
  if (da !== db) return da < db ? -1 : 1;
  const ua = a.storedUrgencyScore ?? -1;
  const ub = b.storedUrgencyScore ?? -1;
  if (ua !== ub) return ub - ua;
  return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
}

export function rankCauses(causes: RankableCause[], now: Date): RankedCause[] {
  return causes
    .map((cause) => ({
      id: cause.id,
      slug: cause.slug,
      category: cause.category,
      suppressed: cause.suppressed,
      region: cause.region ?? null,
      score: scoreUrgency(signalsOf(cause), now),
      storedUrgencyScore: cause.urgencyScore,
    }))
    .sort(compareByUrgency);
}

export interface Ranking {
  all: RankedCause[];
  byCategory: Map<Category, RankedCause[]>;
}

/** Holds the latest ranking of this process; `get` recomputes it only when day or content version moved. */
export class CauseRankingCache {
  private cached: { date: string; version: number; ranking: Promise<Ranking> } | undefined;

  async get(prisma: Db, now: Date, contentVersion: number): Promise<Ranking> {
    const date = berlinDate(now);
    // A request that read an older version than the cached ranking's gets the newer ranking.
    const current = this.cached?.date === date && this.cached.version >= contentVersion;
    if (!current) {
      const entry = { date, version: contentVersion, ranking: this.load(prisma, now) };
      this.cached = entry;
      entry.ranking.catch(() => {
        if (this.cached === entry) this.cached = undefined;
      });
    }
    return this.cached!.ranking;
  }

  private async load(prisma: Db, now: Date): Promise<Ranking> {
    const rows = await prisma.cause.findMany({ where: LISTED_WHERE, select: rankableSelect });
    const all = rankCauses(rows, now);
    const byCategory = new Map<Category, RankedCause[]>();
    for (const entry of all) {
      const list = byCategory.get(entry.category) ?? [];
      list.push(entry);
      byCategory.set(entry.category, list);
    }
    return { all, byCategory };
  }
}
