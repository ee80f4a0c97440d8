// Counts of causes per category for the dashboards: one grouped query (category × active × suppressed),
// folded into one row per category.
import type { Db } from '../../infra/prisma.js';
import { causeWhere, type CauseFilter } from './cause-filter.js';
import { CATEGORY_VALUES } from './list-params.js';

type Category = (typeof CATEGORY_VALUES)[number];

export interface CategoryCounts {
  category: Category;
  total: number;
  active: number;
  inactive: number;
  /** suppressed, active or not */
  suppressed: number;
  /** active and not suppressed: what the daily action can be chosen from */
  activeUnsuppressed: number;
}

export interface CauseGroup {
  category: Category;
  active: boolean;
  suppressed: boolean;
  count: number;
}

/** One row per category (the filter's only, when it names one), in the categories' order, zeros included. */
export function foldCategoryCounts(groups: readonly CauseGroup[], only?: Category | null): CategoryCounts[] {
  return CATEGORY_VALUES.filter((category) => !only || category === only).map((category) => {
    const counts = { category, total: 0, active: 0, inactive: 0, suppressed: 0, activeUnsuppressed: 0 };
    for (const group of groups) {
      if (group.category !== category) continue;
      counts.total += group.count;
      counts[group.active ? 'active' : 'inactive'] += group.count;
      if (group.suppressed) counts.suppressed += group.count;
      if (group.active && !group.suppressed) counts.activeUnsuppressed += group.count;
    }
    return counts;
  });
}

export async function countCausesByCategory(prisma: Db, filter: CauseFilter): Promise<CategoryCounts[]> {
  const groups = await prisma.cause.groupBy({ by: ['category', 'active', 'suppressed'], where: causeWhere(filter), _count: { _all: true } });
  return foldCategoryCounts(
    groups.map((g) => ({ category: g.category, active: g.active, suppressed: g.suppressed, count: g._count._all })),
    filter.category,
  );
}
