// The dashboards' views of the catalogue: causes filtered and paged by cursor (Relay connection), and
// their counts per category. Not used by REST v1.
import { builder, CategoryEnum } from '../../graphql/builder.js';
import { CONNECTION_DEFAULT_SIZE, CONNECTION_MAX_SIZE, connectionSizeProblem } from '../../graphql/connection-size.js';
import { badInput } from '../../graphql/errors.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { countCausesByCategory, countCausesByRegion, type CategoryCounts, type RegionCounts, type StateCounts } from './cause-counts.service.js';
import { causeFilterProblem, causeWhere, NO_REGION, SEARCH_MAX_LENGTH, type CauseFilter } from './cause-filter.js';
import { NATIONWIDE } from './regions.js';

const CauseFilterInput = builder.inputType('CauseFilter', {
  description:
    'Which causes to include; every field left out (or null) matches all those review lets be seen (never one waiting unlisted for an editor, or rejected: see reviewQueue).',
  fields: (t) => ({
    active: t.boolean({ required: false, description: 'True: only causes still in their source; false: only ended ones.' }),
    suppressed: t.boolean({ required: false, description: 'True: only suppressed causes; false: only those not suppressed.' }),
    category: t.field({ type: CategoryEnum, required: false }),
    deadlineFrom: t.string({ required: false, description: 'Only causes with a deadline on or after this Berlin date (YYYY-MM-DD).' }),
    deadlineTo: t.string({ required: false, description: 'Only causes with a deadline on or before this Berlin date (YYYY-MM-DD).' }),
    search: t.string({
      required: false,
      description: `Only causes whose title or description contains this text, in any case (1 to ${SEARCH_MAX_LENGTH} characters; no wildcards).`,
    }),
    region: t.string({
      required: false,
      description: `Only the causes of this Land (ISO 3166-2:DE, e.g. DE-BY; not the nationwide ones), "${NATIONWIDE}": only the nationwide ones, or "${NO_REGION}": only those of unknown place (region null).`,
    }),
  }),
});

const CauseOrderEnum = builder.enumType('CauseOrder', {
  description: 'The order of causeSearch; each is total, so paging by cursor never skips or repeats a cause.',
  values: {
    SLUG: { description: 'By slug, A to Z.' },
    NEWEST: { description: 'First imported most recently first; ties by id.' },
  } as const,
});

const ORDERS: Record<'SLUG' | 'NEWEST', Prisma.CauseOrderByWithRelationInput[]> = {
  SLUG: [{ slug: 'asc' }],
  NEWEST: [{ firstImportedAt: 'desc' }, { id: 'asc' }],
};

function checkedFilter(filter: CauseFilter | null | undefined): CauseFilter {
  const problem = causeFilterProblem(filter ?? {});
  if (problem) throw badInput(problem);
  return filter ?? {};
}

/** The state counts, declared once: both kinds of row implement them. */
const StateCountsRef = builder.interfaceRef<StateCounts>('StateCounts').implement({
  description: 'How many causes match, by state.',
  fields: (t) => ({
    total: t.exposeInt('total'),
    active: t.exposeInt('active', { description: 'Still in their source.' }),
    inactive: t.exposeInt('inactive', { description: 'Ended: left their feed, over according to the source, or past their deadline.' }),
    suppressed: t.exposeInt('suppressed', { description: 'Suppressed by an operator, active or not.' }),
    activeUnsuppressed: t.exposeInt('activeUnsuppressed', { description: 'Active and not suppressed: those the daily action can be chosen from.' }),
  }),
});

const CategoryCountsRef = builder.objectRef<CategoryCounts>('CategoryCounts').implement({
  description: 'How many causes of one category match the filter, by state.',
  interfaces: [StateCountsRef],
  fields: (t) => ({ category: t.field({ type: CategoryEnum, resolve: (c) => c.category }) }),
});

const RegionCountsRef = builder.objectRef<RegionCounts>('RegionCounts').implement({
  description: 'How many causes of one Land (or the nationwide ones, or those of unknown place) match the filter, by state.',
  interfaces: [StateCountsRef],
  fields: (t) => ({
    region: t.string({
      nullable: true,
      description: `The Land as ISO 3166-2:DE; \`${NATIONWIDE}\`: the nationwide causes; null: the causes of unknown place.`,
      resolve: (c) => c.region,
    }),
  }),
});

builder.queryFields((t) => ({
  causeSearch: t.prismaConnection(
    {
      type: 'Cause',
      cursor: 'id',
      defaultSize: CONNECTION_DEFAULT_SIZE,
      maxSize: CONNECTION_MAX_SIZE,
      description: `Causes (active or not, suppressed or not) that match \`filter\`, in \`orderBy\`'s order, by cursor: \`first\` (default ${CONNECTION_DEFAULT_SIZE}, at most ${CONNECTION_MAX_SIZE}) after \`after\`, or \`last\` before \`before\`.`,
      args: {
        filter: t.arg({ type: CauseFilterInput, required: false }),
        orderBy: t.arg({ type: CauseOrderEnum, required: true, defaultValue: 'SLUG' }),
      },
      totalCount: (_parent, args, ctx) => ctx.prisma.cause.count({ where: causeWhere(checkedFilter(args.filter)) }),
      resolve: (query, _root, args, ctx) => {
        const problem = connectionSizeProblem(args);
        if (problem) throw badInput(problem);
        return ctx.prisma.cause.findMany({ ...query, where: causeWhere(checkedFilter(args.filter)), orderBy: ORDERS[args.orderBy] });
      },
    },
    { name: 'CauseConnection' },
    { name: 'CauseEdge' },
  ),
  causeCounts: t.field({
    type: [CategoryCountsRef],
    description: 'Causes matching `filter` counted per category (all three, in order; only the filtered one when `filter.category` is set).',
    args: { filter: t.arg({ type: CauseFilterInput, required: false }) },
    resolve: (_root, args, ctx) => countCausesByCategory(ctx.prisma, checkedFilter(args.filter)),
  }),
  regionCounts: t.field({
    type: [RegionCountsRef],
    description: `Causes matching \`filter\` counted per Land (the 16 in the codes' order, then the nationwide causes, then those of unknown place; only the filtered one when \`filter.region\` is set).`,
    args: { filter: t.arg({ type: CauseFilterInput, required: false }) },
    resolve: (_root, args, ctx) => countCausesByRegion(ctx.prisma, checkedFilter(args.filter)),
  }),
}));
