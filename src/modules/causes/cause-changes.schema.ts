// Incremental sync as a query field: the causes changed since a position or instant, the tombstones of
// those that left the list, and the cursor to continue from (cause-changes.service.ts). REST's
// GET /causes?changedSince=…|cursor=… runs it.
import { builder, CategoryEnum } from '../../graphql/builder.js';
import { badInput } from '../../graphql/errors.js';
import {
  decodeCursor,
  syncCursorKey,
  parseChangedSince,
  readCauseChanges,
  REMOVAL_REASONS,
  SYNC_RETENTION_DAYS,
  type CauseChangePage,
  type CauseRemovalEntry,
} from './cause-changes.service.js';
import { invalidValueMessages, PAGE_SIZE_DEFAULT, pagingProblem, syncParamMessages } from './list-params.js';
import { SLUG_PATTERN } from './slug.js';

const CauseRemovalRef = builder.objectRef<CauseRemovalEntry>('CauseRemoval').implement({
  description: 'A cause that left the synced list: remove it from your copy.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Identifier of the cause.' }),
    slug: t.exposeString('slug', { extensions: { jsonSchema: { pattern: SLUG_PATTERN.source } } }),
    removedAt: t.string({
      description: 'ISO 8601 UTC: when the removal was recorded.',
      extensions: { jsonSchema: { format: 'date-time' } },
      resolve: (entry) => entry.removedAt.toISOString(),
    }),
    reason: t.exposeString('reason', {
      description:
        '`removed` (its source no longer lists it), `expired` (its deadline passed), `inactive` (its source closed it), `suppressed` (the operator withdrew it from promotion), `recategorised` (it moved to another category; under `category` it left that list).',
      extensions: { jsonSchema: { enum: [...REMOVAL_REASONS] } },
    }),
  }),
});

const CauseChangesRef = builder.objectRef<CauseChangePage>('CauseChanges').implement({
  description: 'One page of an incremental sync: apply `removed` and `changed` to your copy, keep `cursor` for the next request.',
  fields: (t) => ({
    changed: t.prismaField({
      type: ['Cause'],
      description: 'Causes new to the list or with a changed field, in the order of their changes, as the list shows them.',
      resolve: async (query, parent, _args, ctx) => {
        if (!parent.changedIds.length) return [];
        const rows = await ctx.prisma.cause.findMany({ ...query, where: { id: { in: parent.changedIds } } });
        const byId = new Map(rows.map((row) => [row.id, row]));
        return parent.changedIds.flatMap((id) => byId.get(id) ?? []);
      },
    }),
    removed: t.field({ type: [CauseRemovalRef], description: 'Causes that left the list.', resolve: (page) => page.removed }),
    cursor: t.exposeString('cursor', { description: 'Opaque: pass it as `cursor` in the next request (for the next page, or the next sync).' }),
    hasMore: t.exposeBoolean('hasMore', { description: 'True when more changes follow: ask again with `cursor` right away.' }),
    full: t.exposeBoolean('full', {
      description: `True when this is a full sync (the position was older than ${SYNC_RETENTION_DAYS} days): once hasMore is false, drop every cause of your copy that none of its pages named.`,
    }),
  }),
});

builder.queryFields((t) => ({
  causeChanges: t.field({
    type: CauseChangesRef,
    description: `Incremental sync of the list: what changed after \`cursor\` (or since \`changedSince\`), suppressed causes as removed. Tombstones are kept ${SYNC_RETENTION_DAYS} days.`,
    args: {
      changedSince: t.arg.string({ required: false }),
      cursor: t.arg.string({ required: false }),
      pageSize: t.arg.int({ required: true, defaultValue: PAGE_SIZE_DEFAULT }),
      category: t.arg({ type: CategoryEnum, required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const problem = pagingProblem(1, args.pageSize);
      if (problem) throw badInput(problem);
      if (args.changedSince != null && args.cursor != null) throw badInput(syncParamMessages.both);
      let since: Date | undefined;
      let position;
      if (args.cursor != null) {
        position = decodeCursor(args.cursor, await syncCursorKey(ctx.prisma));
        if (!position) throw badInput(invalidValueMessages.cursor);
      } else {
        if (args.changedSince == null) throw badInput(syncParamMessages.neither);
        since = parseChangedSince(args.changedSince) ?? undefined;
        if (!since) throw badInput(invalidValueMessages.changedSince);
      }
      return readCauseChanges(ctx.prisma, { position: position ?? undefined, since, pageSize: args.pageSize, category: args.category, now: ctx.now });
    },
  }),
}));
