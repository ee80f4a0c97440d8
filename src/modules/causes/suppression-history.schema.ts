// The history of suppression for dashboards: every suppress and unsuppress an operator did (the Cause
// holds only the current state), newest first, by cursor.
import { builder } from '../../graphql/builder.js';
import { CONNECTION_DEFAULT_SIZE, CONNECTION_MAX_SIZE, connectionSizeProblem } from '../../graphql/connection-size.js';
import { badInput } from '../../graphql/errors.js';
import { SEEN_BEYOND_REVIEW } from '../review/review-state.js';

const SuppressionActionEnum = builder.enumType('SuppressionAction', {
  values: {
    suppress: { description: 'The cause was suppressed (or suppressed again with a new reason).' },
    unsuppress: { description: 'The cause may be chosen as the daily action again.' },
  } as const,
});

builder.prismaObject('SuppressionEvent', {
  description: 'One suppress or unsuppress of a cause by an operator.',
  fields: (t) => ({
    id: t.exposeID('id'),
    cause: t.relation('cause'),
    action: t.expose('action', { type: SuppressionActionEnum }),
    reason: t.exposeString('reason', { nullable: true, description: 'The reason given with suppress; null for unsuppress.' }),
    at: t.string({ description: 'ISO 8601 UTC.', resolve: (event) => event.at.toISOString() }),
    by: t.exposeString('by', { nullable: true, description: 'Who did it, when the operator named themselves (`causes suppress --by`); else null.' }),
  }),
});

/** The events of the causes review lets be seen (all, or those of `slug`): never one waiting unlisted for an editor, or rejected. */
const suppressionsSeen = (slug: string | null | undefined) => ({ cause: slug ? { slug, ...SEEN_BEYOND_REVIEW } : SEEN_BEYOND_REVIEW });

builder.queryFields((t) => ({
  suppressionEvents: t.prismaConnection(
    {
      type: 'SuppressionEvent',
      cursor: 'id',
      defaultSize: CONNECTION_DEFAULT_SIZE,
      maxSize: CONNECTION_MAX_SIZE,
      description: `Suppressions and unsuppressions, newest first; only those of the cause \`slug\` when given (none for an unknown slug); never those of a cause waiting unlisted for an editor, or rejected. By cursor: \`first\` (default ${CONNECTION_DEFAULT_SIZE}, at most ${CONNECTION_MAX_SIZE}).`,
      args: { slug: t.arg.string({ required: false }) },
      totalCount: (_parent, args, ctx) => ctx.prisma.suppressionEvent.count({ where: suppressionsSeen(args.slug) }),
      resolve: (query, _root, args, ctx) => {
        const problem = connectionSizeProblem(args);
        if (problem) throw badInput(problem);
        return ctx.prisma.suppressionEvent.findMany({
          ...query,
          where: suppressionsSeen(args.slug),
          orderBy: [{ at: 'desc' }, { id: 'desc' }],
        });
      },
    },
    { name: 'SuppressionEventConnection' },
    { name: 'SuppressionEventEdge' },
  ),
}));
