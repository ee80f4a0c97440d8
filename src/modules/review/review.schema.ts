// The editor's desk over GraphQL (what /desk and `npm run review` do): the review queue, a cause's review
// history, the coming day's daily action, and the mutations approve, release, reject, choose and correct.
// Every field here needs an editor's key (`keys create --editor`); the answers are never cached (yoga.ts).
// A cause's review state and flags are also fields of Cause for the dashboards.
import { builder, LanguageEnum } from '../../graphql/builder.js';
import { badInput, forbidden, notFound } from '../../graphql/errors.js';
import type { GraphQLContext } from '../../context.js';
import { TEXT_FIELDS, type TextField } from '../texts/text-fields.js';
import type { GeneratedAction } from '../texts/text-generator.js';
import { FLAG_WEIGHT, type ReviewFlag } from './flags.js';
import type { DailyActionPreview, EditorDecision, QueueItem, ReviewHistory, ReviewOutcome } from './desk.js';
import { CONTENT_DAY_START_TIME } from '../../time/content-day-start.js';

/** The fields of the editor's desk: never answered from the response cache, which is shared by every key. */
export const EDITOR_QUERY_FIELDS = ['Query.reviewQueue', 'Query.reviewHistory', 'Query.dailyActionPreview'] as const;
export const QUEUE_MAX_SIZE = 200;
export const NOT_AN_EDITOR = "This operation requires an editor's key.";

/** The editor behind the request's key (its label names who decides), or a 403. */
async function requireEditor(ctx: GraphQLContext): Promise<{ by: string }> {
  const key = ctx.apiKey && (await ctx.prisma.apiKey.findUnique({ where: { id: ctx.apiKey.id }, select: { editor: true, label: true } }));
  if (!key?.editor) throw forbidden(NOT_AN_EDITOR);
  return { by: key.label };
}

/** The service's expected failures as GraphQL errors with their status. */
async function asGraphqlErrors<T>(ctx: GraphQLContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const expected = ctx.desk.expectedError(error);
    if (expected === 'notFound') throw notFound((error as Error).message);
    if (expected === 'badInput') throw badInput((error as Error).message);
    throw error;
  }
}

const ReviewStateEnum = builder.enumType('ReviewState', {
  values: {
    not_required: { description: 'Its source needs no review (review "none").' },
    pending_listed: { description: 'Waiting for an editor; listed meanwhile, never the daily action (review "pick").' },
    pending_unlisted: { description: 'Waiting for an editor; neither listed nor the daily action (review "list").' },
    released: { description: 'An editor released it: listed, never the daily action.' },
    approved: { description: 'An editor approved it: listed, and may be the daily action.' },
    rejected: { description: 'An editor rejected it: listed nowhere.' },
  } as const,
});

const ReviewDecisionEnum = builder.enumType('ReviewDecision', {
  values: {
    approve: { description: 'An editor approved the cause.' },
    release: { description: 'An editor released the cause to the lists only.' },
    reject: { description: 'An editor rejected the cause.' },
    reopen: { description: 'The source changed the words after a decision: back in the queue.' },
  } as const,
});

const ReviewFlagRef = builder.objectRef<ReviewFlag>('ReviewFlag').implement({
  description: 'What a screen found in a cause of a source under review: it orders the queue and never approves anything.',
  fields: (t) => ({
    code: t.exposeString('code', { description: `One of ${Object.keys(FLAG_WEIGHT).join(', ')} (heaviest first; model: a language model's verdict).` }),
    reason: t.exposeString('reason', { description: 'What matched, for the editor.' }),
  }),
});

builder.prismaObjectFields('Cause', (t) => ({
  reviewState: t.expose('reviewState', { type: ReviewStateEnum, description: "Where the cause stands with an editor's review." }),
  reviewFlags: t.field({
    type: [ReviewFlagRef],
    description: 'What the screens found (empty for a source that needs no review).',
    resolve: (cause) => (cause.reviewFlags as ReviewFlag[] | null) ?? [],
  }),
}));

const QueueItemRef = builder.objectRef<QueueItem>('ReviewQueueItem').implement({
  description: 'A cause waiting for an editor.',
  fields: (t) => ({
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    titleEn: t.exposeString('titleEn', { nullable: true }),
    category: t.exposeString('category'),
    organisationName: t.exposeString('organisationName'),
    sourceName: t.exposeString('sourceName'),
    sourceUrl: t.exposeString('sourceUrl'),
    description: t.exposeString('description'),
    reviewState: t.field({ type: ReviewStateEnum, resolve: (item) => item.reviewState }),
    listed: t.exposeBoolean('listed', { description: 'Whether integrators see it in lists meanwhile.' }),
    flags: t.field({ type: [ReviewFlagRef], resolve: (item) => item.flags }),
    editorialReason: t.exposeString('editorialReason', { nullable: true, description: 'Why its texts cannot be published as written, or null.' }),
    deadline: t.exposeString('deadline', { nullable: true }),
    urgencyTotal: t.exposeInt('urgencyTotal', { description: 'Its urgency score on the coming content day.' }),
    summaryDe: t.string({ nullable: true, resolve: (item) => item.summaries.de }),
    summaryEn: t.string({ nullable: true, resolve: (item) => item.summaries.en }),
  }),
});

const ReviewQueueRef = builder.objectRef<{ total: number; items: QueueItem[] }>('ReviewQueue').implement({
  fields: (t) => ({
    total: t.exposeInt('total', { description: 'Causes waiting for an editor.' }),
    items: t.field({ type: [QueueItemRef], resolve: (queue) => queue.items }),
  }),
});

type HistoryEvent = ReviewHistory['events'][number];
const ReviewEventRef = builder.objectRef<HistoryEvent>('ReviewEvent').implement({
  fields: (t) => ({
    decision: t.field({ type: ReviewDecisionEnum, resolve: (event) => event.decision }),
    fromState: t.field({ type: ReviewStateEnum, resolve: (event) => event.fromState }),
    toState: t.field({ type: ReviewStateEnum, resolve: (event) => event.toState }),
    reason: t.exposeString('reason', { nullable: true }),
    by: t.exposeString('by', { description: 'The editor\'s key\'s label, or "import" for a reopen.' }),
    at: t.string({ description: 'ISO 8601 UTC.', resolve: (event) => event.at.toISOString() }),
  }),
});

const ReviewHistoryRef = builder.objectRef<ReviewHistory>('ReviewHistory').implement({
  fields: (t) => ({
    state: t.field({ type: ReviewStateEnum, resolve: (history) => history.state }),
    events: t.field({ type: [ReviewEventRef], description: 'Oldest first.', resolve: (history) => history.events }),
  }),
});

const ActionTextsRef = builder.objectRef<GeneratedAction>('ActionTexts').implement({
  fields: (t) => ({
    headline: t.exposeString('headline'),
    whyNow: t.exposeString('whyNow'),
    whyYou: t.exposeString('whyYou'),
    impactStatement: t.exposeString('impactStatement'),
  }),
});

const PreviewRef = builder.objectRef<DailyActionPreview>('DailyActionPreview').implement({
  description: "The coming content day's daily action as things stand.",
  fields: (t) => ({
    day: t.exposeString('day'),
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    chosenBy: t.exposeString('chosenBy', {
      nullable: true,
      description: `The editor who chose it; null: the pick the ${CONTENT_DAY_START_TIME} refresh would make now.`,
    }),
    de: t.field({ type: ActionTextsRef, resolve: (preview) => preview.actions.de }),
    en: t.field({ type: ActionTextsRef, resolve: (preview) => preview.actions.en }),
  }),
});

const OutcomeRef = builder.objectRef<ReviewOutcome>('ReviewOutcome').implement({
  fields: (t) => ({
    slug: t.exposeString('slug'),
    from: t.field({ type: ReviewStateEnum, resolve: (outcome) => outcome.from }),
    state: t.field({ type: ReviewStateEnum, resolve: (outcome) => outcome.state }),
    tookTodaysAction: t.boolean({
      description:
        "True when the cause was today's daily action and may no longer be: replacementSlug names what replaced it, or is null when none is eligible.",
      resolve: (outcome) => outcome.replacement !== undefined,
    }),
    replacementSlug: t.string({
      nullable: true,
      description: "The new daily action, when the cause was today's and may no longer be (null: none is eligible, or nothing was replaced).",
      resolve: (outcome) => outcome.replacement?.slug ?? null,
    }),
  }),
});

builder.queryFields((t) => ({
  reviewQueue: t.field({
    type: ReviewQueueRef,
    description: `Editors only. The causes waiting for review, in the order the coming day's pick would take them once approved (flaggedFirst: heaviest flags first). At most ${QUEUE_MAX_SIZE}.`,
    args: { first: t.arg.int({ defaultValue: 20 }), flaggedFirst: t.arg.boolean({ defaultValue: false }) },
    resolve: async (_root, args, ctx) => {
      await requireEditor(ctx);
      const first = args.first ?? 20;
      if (first < 1 || first > QUEUE_MAX_SIZE) throw badInput(`Invalid value for "first": expected 1 to ${QUEUE_MAX_SIZE}.`);
      return ctx.desk.reviewQueue(ctx.prisma, ctx.now, { limit: first, flaggedFirst: args.flaggedFirst ?? false });
    },
  }),
  reviewHistory: t.field({
    type: ReviewHistoryRef,
    description: "Editors only. A cause's review state and every decision on it.",
    args: { slug: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await requireEditor(ctx);
      return asGraphqlErrors(ctx, () => ctx.desk.reviewHistory(ctx.prisma, args.slug));
    },
  }),
  dailyActionPreview: t.field({
    type: PreviewRef,
    nullable: true,
    description: "Editors only. The coming day's daily action as things stand, with its action texts; null when no cause is eligible.",
    resolve: async (_root, _args, ctx) => {
      await requireEditor(ctx);
      return ctx.desk.previewNextDailyAction(ctx.prisma, ctx.generator, ctx.now);
    },
  }),
}));

const decide = (decision: EditorDecision, description: string, reasonRequired: boolean) =>
  builder.mutationField(`${decision}Cause`, (t) =>
    t.field({
      type: OutcomeRef,
      description,
      args: { slug: t.arg.string({ required: true }), reason: t.arg.string({ required: reasonRequired }) },
      resolve: async (_root, args, ctx) => {
        const editor = await requireEditor(ctx);
        return asGraphqlErrors(ctx, () => ctx.desk.decideReview(ctx.prisma, ctx.generator, args.slug, decision, { ...editor, reason: args.reason }, ctx.now));
      },
    }),
  );

builder.mutationType({ description: "The editor's desk (an editor's key) and the operator's webhooks (an operator's key)." });
decide('approve', 'Listed, and may be the daily action, while the source keeps the words the editor read.', false);
decide('release', 'Listed, never the daily action.', false);
decide('reject', 'Listed nowhere; incremental sync reports it removed ("rejected"). Today\'s daily action is replaced at once.', true);

const TextFieldEnum = builder.enumType('TextField', { values: TEXT_FIELDS });

builder.mutationFields((t) => ({
  chooseDailyAction: t.field({
    type: PreviewRef,
    description: `Makes an eligible cause the coming day's daily action, before the ${CONTENT_DAY_START_TIME} refresh chooses one.`,
    args: { slug: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const editor = await requireEditor(ctx);
      await asGraphqlErrors(ctx, () => ctx.desk.chooseNextDailyAction(ctx.prisma, args.slug, editor, ctx.now));
      return (await ctx.desk.previewNextDailyAction(ctx.prisma, ctx.generator, ctx.now))!;
    },
  }),
  setCauseText: t.field({
    type: 'Boolean',
    description: "An editor's correction of one text field in one language (as `npm run texts -- set`).",
    args: {
      slug: t.arg.string({ required: true }),
      lang: t.arg({ type: LanguageEnum, required: true }),
      field: t.arg({ type: TextFieldEnum, required: true }),
      text: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      await requireEditor(ctx);
      await asGraphqlErrors(ctx, () => ctx.desk.setText(ctx.prisma, args.slug, args.lang, args.field as TextField, args.text, ctx.now));
      return true;
    },
  }),
}));
