// The dashboards' filter of causes (GraphQL `causeSearch`, `causeCounts` and `regionCounts`): its checks and the Prisma
// `where` it stands for. Text search is Prisma's case-insensitive `contains` (Postgres ILIKE '%…%') on the
// title and the description; Prisma passes % and _ on as wildcards, so the text's own are escaped here.
import type { Prisma } from '../../generated/prisma/client.js';
import { isCalendarDate, dateToDb } from '../../time/berlin-calendar.js';
import type { Category } from './list-params.js';
import { CAUSE_REGION_VALUES, isCauseRegion } from './regions.js';
import { SEEN_BEYOND_REVIEW } from '../review/review-state.js';

/** The `region` filter's value for the causes of unknown place (region null). */
export const NO_REGION = 'none';

export const SEARCH_MAX_LENGTH = 100;

export interface CauseFilter {
  active?: boolean | null;
  suppressed?: boolean | null;
  category?: Category | null;
  /** inclusive Berlin dates, YYYY-MM-DD; either one leaves out causes without a deadline */
  deadlineFrom?: string | null;
  deadlineTo?: string | null;
  search?: string | null;
  /** a Land as ISO 3166-2:DE (that Land's causes only), NATIONWIDE (the nationwide ones only), or NO_REGION (those of unknown place) */
  region?: string | null;
}

export const causeFilterMessages = {
  notADate: (name: string) => `Invalid value for "${name}": expected a date written YYYY-MM-DD.`,
  fromAfterTo: 'Invalid value for "deadlineFrom": expected a day no later than "deadlineTo".',
  search: `Invalid value for "search": expected 1 to ${SEARCH_MAX_LENGTH} characters besides spaces.`,
  region: `Invalid value for "region": expected one of ${CAUSE_REGION_VALUES}, or "${NO_REGION}" (causes of unknown place).`,
} as const;

/** The message for the first invalid value of the filter, or null. */
export function causeFilterProblem(filter: CauseFilter): string | null {
  for (const name of ['deadlineFrom', 'deadlineTo'] as const) {
    const value = filter[name];
    if (value !== null && value !== undefined && !isCalendarDate(value)) return causeFilterMessages.notADate(name);
  }
  if (filter.deadlineFrom && filter.deadlineTo && filter.deadlineFrom > filter.deadlineTo) return causeFilterMessages.fromAfterTo;
  if (filter.region !== null && filter.region !== undefined && filter.region !== NO_REGION && !isCauseRegion(filter.region)) return causeFilterMessages.region;
  if (filter.search !== null && filter.search !== undefined) {
    const text = filter.search.trim();
    if (!text || text.length > SEARCH_MAX_LENGTH) return causeFilterMessages.search;
  }
  return null;
}

/**
 * The Prisma `where` of a valid filter (see causeFilterProblem); every field left out matches all the
 * causes review lets be seen (never one waiting unlisted for an editor, or rejected).
 */
export function causeWhere(filter: CauseFilter): Prisma.CauseWhereInput {
  const where: Prisma.CauseWhereInput = { ...SEEN_BEYOND_REVIEW };
  if (filter.active !== null && filter.active !== undefined) where.active = filter.active;
  if (filter.suppressed !== null && filter.suppressed !== undefined) where.suppressed = filter.suppressed;
  if (filter.category) where.category = filter.category;
  if (filter.region) where.region = filter.region === NO_REGION ? null : filter.region;
  if (filter.deadlineFrom || filter.deadlineTo) {
    where.deadline = {
      ...(filter.deadlineFrom ? { gte: dateToDb(filter.deadlineFrom) } : {}),
      ...(filter.deadlineTo ? { lte: dateToDb(filter.deadlineTo) } : {}),
    };
  }
  const text = filter.search?.trim().replace(/[\\%_]/g, (c) => `\\${c}`);
  if (text) {
    where.OR = [{ title: { contains: text, mode: 'insensitive' } }, { description: { contains: text, mode: 'insensitive' } }];
  }
  return where;
}
