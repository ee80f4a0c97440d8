// Counts of causes per category and per Land for the dashboards: one grouped query each (category or
// region × active × suppressed), folded into one row per category or Land.
import type { Db } from '../../infra/prisma.js';
import { causeWhere, NO_REGION, type CauseFilter } from './cause-filter.js';
import { CATEGORY_VALUES, type Category } from './list-params.js';
import { NATIONWIDE, REGION_CODES, type CauseRegion } from './regions.js';

/** How many causes are in each state. */
export interface StateCounts {
  total: number;
  active: number;
  inactive: number;
  /** suppressed, active or not */
  suppressed: number;
  /** active and not suppressed: what the daily action can be chosen from */
  activeUnsuppressed: number;
}

export interface CategoryCounts extends StateCounts {
  category: Category;
}

export interface RegionCounts extends StateCounts {
  /** a Land, NATIONWIDE (the nationwide causes), or null (those of unknown place) */
  region: CauseRegion | null;
}

interface StateGroup {
  active: boolean;
  suppressed: boolean;
  count: number;
}

export interface CauseGroup extends StateGroup {
  category: Category;
}

function tally(groups: readonly StateGroup[]): StateCounts {
  const counts = { total: 0, active: 0, inactive: 0, suppressed: 0, activeUnsuppressed: 0 };
  for (const group of groups) {
    counts.total += group.count;
    counts[group.active ? 'active' : 'inactive'] += group.count;
    if (group.suppressed) counts.suppressed += group.count;
    if (group.active && !group.suppressed) counts.activeUnsuppressed += group.count;
  }
  return counts;
}

/** One row per category (the filter's only, when it names one), in the categories' order, zeros included. */
export function foldCategoryCounts(groups: readonly CauseGroup[], only?: Category | null): CategoryCounts[] {
  return CATEGORY_VALUES.filter((category) => !only || category === only).map((category) => ({
    category,
    ...tally(groups.filter((group) => group.category === category)),
  }));
}

export async function countCausesByCategory(prisma: Db, filter: CauseFilter): Promise<CategoryCounts[]> {
  const groups = await prisma.cause.groupBy({ by: ['category', 'active', 'suppressed'], where: causeWhere(filter), _count: { _all: true } });
  return foldCategoryCounts(
    groups.map((g) => ({ category: g.category, active: g.active, suppressed: g.suppressed, count: g._count._all })),
    filter.category,
  );
}

/**
 * One row per Land in the codes' order, then one for the nationwide causes (NATIONWIDE), then one for
 * those of unknown place (region null), zeros included; only the filter's row when it names a region.
 */
export async function countCausesByRegion(prisma: Db, filter: CauseFilter): Promise<RegionCounts[]> {
  const groups = await prisma.cause.groupBy({ by: ['region', 'active', 'suppressed'], where: causeWhere(filter), _count: { _all: true } });
  const rows: (CauseRegion | null)[] = [...REGION_CODES, NATIONWIDE, null];
  const only = filter.region ? (filter.region === NO_REGION ? null : filter.region) : undefined;
  return rows
    .filter((region) => only === undefined || region === only)
    .map((region) => ({
      region,
      ...tally(groups.filter((g) => g.region === region).map((g) => ({ active: g.active, suppressed: g.suppressed, count: g._count._all }))),
    }));
}
