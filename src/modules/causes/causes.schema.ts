// The Cause type (spec 2.1 plus the detail fields), the urgency score (spec 2.3), the list envelope
// (spec 2.4) and their queries. Field names are the integrators' JSON names, so REST returns them as is.
import { shortenForMessage } from '../serving/message-text.js';
import { builder, CategoryEnum, LanguageEnum } from '../../graphql/builder.js';
import { badInput, notFound } from '../../graphql/errors.js';
import { berlinDate, dateFromDb } from '../../time/berlin-calendar.js';
import type { Cause } from '../../generated/prisma/client.js';
import { writeSummary } from '../texts/default-generator.js';
import { causeFacts, type Language } from '../texts/text-generator.js';
import { isCurrentAction } from '../texts/texts.service.js';
import { signalsOf } from './cause-ranking.js';
import { PAGE_SIZE_DEFAULT, pagingProblem } from './list-params.js';
import { scoreUrgency, type UrgencyScore } from './urgency.js';

const Breakdown = builder.objectRef<UrgencyScore['breakdown']>('UrgencyBreakdown').implement({
  fields: (t) => ({
    deadline_proximity: t.exposeInt('deadline_proximity'),
    funding_gap: t.exposeInt('funding_gap'),
    recency: t.exposeInt('recency'),
    engagement: t.exposeInt('engagement'),
  }),
});

const Signals = builder.objectRef<UrgencyScore['signals']>('UrgencySignals').implement({
  fields: (t) => ({
    days_until_deadline: t.exposeInt('days_until_deadline', { nullable: true }),
    progress_percentage: t.exposeInt('progress_percentage', { nullable: true }),
    days_since_import: t.exposeInt('days_since_import'),
    has_above_average_ctr: t.exposeBoolean('has_above_average_ctr'),
  }),
});

const UrgencyScoreRef = builder.objectRef<UrgencyScore>('UrgencyScore').implement({
  fields: (t) => ({
    total: t.exposeInt('total'),
    breakdown: t.field({ type: Breakdown, resolve: (s) => s.breakdown }),
    signals: t.field({ type: Signals, resolve: (s) => s.signals }),
  }),
});

/**
 * A stored summary is served only while it was written from the cause's current data (same content
 * hash): a refresh that stopped between importing and writing texts must not pair new titles with old
 * summaries. Otherwise the default generator's neutral summary of the current data stands in.
 */
function currentSummary(cause: Cause, stored: { summary: string; contentHash: string } | undefined, lang: Language, now: Date): string {
  if (stored && stored.contentHash === cause.contentHash) return stored.summary;
  return writeSummary(causeFacts(cause, berlinDate(now)), lang);
}

/** Slugs are made by slugify: anything else cannot exist and is not worth a query. */
const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,99}$/;

const num = (value: { toNumber(): number } | null) => (value === null ? null : value.toNumber());

export const ActionRef = builder.prismaObject('CauseAction', {
  name: 'Action',
  fields: (t) => ({
    type: t.exposeString('type'),
    headline: t.exposeString('headline'),
    whyNow: t.exposeString('whyNow'),
    whyYou: t.exposeString('whyYou'),
    impactStatement: t.exposeString('impactStatement'),
    isAiGenerated: t.exposeBoolean('isAiGenerated'),
    language: t.expose('language', { type: LanguageEnum }),
  }),
});

export const CauseRef = builder.prismaObject('Cause', {
  fields: (t) => ({
    id: t.exposeID('id'),
    slug: t.exposeString('slug'),
    title: t.string({
      description:
        'The title in `lang`: under `en` the source\'s English title, else one a language model translated, else the original.',
      args: { lang: t.arg({ type: LanguageEnum, required: true, defaultValue: 'de' }) },
      select: (args) => ({ title: true, titleEn: true, texts: { where: { language: args.lang }, select: { title: true } } }),
      resolve: (cause, args) => (args.lang === 'en' ? (cause.titleEn ?? cause.texts[0]?.title ?? cause.title) : cause.title),
    }),
    summary: t.string({
      args: { lang: t.arg({ type: LanguageEnum, required: true, defaultValue: 'de' }) },
      select: (args) => ({ texts: { where: { language: args.lang }, select: { summary: true, contentHash: true } } }),
      resolve: (cause, args, ctx) => currentSummary(cause, cause.texts[0], args.lang, ctx.now),
    }),
    category: t.expose('category', { type: CategoryEnum }),
    organisationName: t.exposeString('organisationName'),
    organisationUrl: t.exposeString('organisationUrl'),
    imageUrl: t.exposeString('imageUrl', { nullable: true }),
    fundingProgressPct: t.float({ nullable: true, resolve: (c) => num(c.fundingProgressPct) }),
    deadline: t.string({ nullable: true, resolve: (c) => (c.deadline ? dateFromDb(c.deadline) : null) }),
    urgency_score: t.field({ type: UrgencyScoreRef, resolve: (c, _args, ctx) => scoreUrgency(signalsOf(c), ctx.now) }),
    source_name: t.string({ select: { source: { select: { name: true } } }, resolve: (c) => c.source.name }),
    source_url: t.exposeString('sourceUrl'),
    original_platform: t.string({ select: { source: { select: { platform: true } } }, resolve: (c) => c.source.platform }),
    refreshed_at: t.string({ resolve: (c) => c.refreshedAt.toISOString() }),
    // The full record (single cause): what the list leaves out.
    description: t.string({
      description: "The source's full description as plain text, in `lang` where the source gives it in that language (under `en` the source's English description), else the original.",
      args: { lang: t.arg({ type: LanguageEnum, required: true, defaultValue: 'de' }) },
      select: { description: true, descriptionEn: true },
      resolve: (cause, args) => (args.lang === 'en' ? (cause.descriptionEn ?? cause.description) : cause.description),
    }),
    fundingGoal: t.float({ nullable: true, resolve: (c) => num(c.fundingGoal) }),
    fundingCurrent: t.float({ nullable: true, resolve: (c) => num(c.fundingCurrent) }),
    leverageScore: t.exposeFloat('leverageScore', { nullable: true }),
    actionsToTippingPoint: t.exposeInt('actionsToTippingPoint', { nullable: true }),
    action: t.field({
      type: ActionRef,
      nullable: true,
      args: { lang: t.arg({ type: LanguageEnum, required: true, defaultValue: 'de' }) },
      select: (args, _ctx, nested) => ({ actions: { where: { language: args.lang }, ...nested() } }),
      resolve: (c, _args, ctx) => {
        const action = c.actions[0];
        return action && isCurrentAction(action.generatedAt, ctx.now) ? action : null;
      },
    }),
    // For dashboards: the state of the cause.
    active: t.exposeBoolean('active'),
    suppressed: t.exposeBoolean('suppressed'),
    suppressedReason: t.exposeString('suppressedReason', { nullable: true }),
  }),
});

interface CausePage {
  total: number;
  page: number;
  pageSize: number;
  ids: string[];
}

const CausePageRef = builder.objectRef<CausePage>('CausePage').implement({
  fields: (t) => ({
    total: t.exposeInt('total'),
    page: t.exposeInt('page'),
    pageSize: t.exposeInt('pageSize'),
    items: t.prismaField({
      type: ['Cause'],
      resolve: async (query, parent, _args, ctx) => {
        if (!parent.ids.length) return [];
        const rows = await ctx.prisma.cause.findMany({ ...query, where: { id: { in: parent.ids } } });
        const byId = new Map(rows.map((row) => [row.id, row]));
        return parent.ids.flatMap((id) => byId.get(id) ?? []);
      },
    }),
  }),
});

builder.queryFields((t) => ({
  causes: t.field({
    type: CausePageRef,
    description: 'Active causes, suppressed ones included, ordered by urgency score (highest first).',
    args: {
      page: t.arg.int({ required: true, defaultValue: 1 }),
      pageSize: t.arg.int({ required: true, defaultValue: PAGE_SIZE_DEFAULT }),
      category: t.arg({ type: CategoryEnum, required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const problem = pagingProblem(args.page, args.pageSize);
      if (problem) throw badInput(problem);
      const ranking = await ctx.ranking.get(ctx.prisma, ctx.now, ctx.contentVersion);
      const matching = args.category ? (ranking.byCategory.get(args.category) ?? []) : ranking.all;
      const start = (args.page - 1) * args.pageSize;
      return {
        total: matching.length,
        page: args.page,
        pageSize: args.pageSize,
        ids: matching.slice(start, start + args.pageSize).map((entry) => entry.id),
      };
    },
  }),
  cause: t.prismaField({
    type: 'Cause',
    description: 'One active cause by its slug.',
    args: { slug: t.arg.string({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const cause = SLUG_PATTERN.test(args.slug)
        ? await ctx.prisma.cause.findFirst({ ...query, where: { slug: args.slug, active: true } })
        : null;
      if (!cause) throw notFound(`No cause with the slug "${shortenForMessage(args.slug)}".`);
      return cause;
    },
  }),
}));
