// The Cause type (spec 2.1 plus the detail fields), the urgency score (spec 2.3), the list envelope
// (spec 2.4) and their queries. Field names are the integrators' JSON names, so REST returns them as is.
// Descriptions and `extensions.jsonSchema` (what GraphQL cannot say) are also REST v1's OpenAPI
// schemas (src/rest/v1/openapi-schemas.ts): write them for both readers.
import { shortenForMessage } from '../serving/message-text.js';
import { builder, CategoryEnum, LanguageEnum } from '../../graphql/builder.js';
import { badInput, notFound } from '../../graphql/errors.js';
import type { JsonSchemaRefinement } from '../../graphql/rest-extensions.js';
import { berlinDate, dateFromDb } from '../../time/berlin-calendar.js';
import type { Cause } from '../../generated/prisma/client.js';
import { writeSummary } from '../texts/default-generator.js';
import { causeFacts, type Language } from '../texts/text-generator.js';
import { isCurrentAction } from '../texts/texts.service.js';
import { signalsOf } from './cause-ranking.js';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, pagingProblem } from './list-params.js';
import { SLUG_PATTERN } from './slug.js';
import { scoreUrgency, type UrgencyScore } from './urgency.js';

const Breakdown = builder.objectRef<UrgencyScore['breakdown']>('UrgencyBreakdown').implement({
  fields: (t) => ({
    deadline_proximity: t.exposeInt('deadline_proximity', {
      description: '60 for a deadline in 0–7 days, 30 for 8–30 days, else 0.',
      extensions: { jsonSchema: { enum: [0, 30, 60] } },
    }),
    funding_gap: t.exposeInt('funding_gap', { description: '20 when progress_percentage is 70–95.', extensions: { jsonSchema: { enum: [0, 20] } } }),
    recency: t.exposeInt('recency', { description: '10 when imported 0–14 days ago.', extensions: { jsonSchema: { enum: [0, 10] } } }),
    engagement: t.exposeInt('engagement', { description: '10 when has_above_average_ctr is true.', extensions: { jsonSchema: { enum: [0, 10] } } }),
  }),
});

const Signals = builder.objectRef<UrgencyScore['signals']>('UrgencySignals').implement({
  fields: (t) => ({
    days_until_deadline: t.exposeInt('days_until_deadline', {
      nullable: true,
      description: 'Deadline minus today (Berlin dates); null when there is no deadline.',
    }),
    progress_percentage: t.exposeInt('progress_percentage', {
      nullable: true,
      description: 'fundingProgressPct rounded down to an integer; null when unknown.',
      extensions: { jsonSchema: { minimum: 0 } },
    }),
    days_since_import: t.exposeInt('days_since_import', {
      description: 'Today minus the Berlin date of the first import.',
      extensions: { jsonSchema: { minimum: 0 } },
    }),
    has_above_average_ctr: t.exposeBoolean('has_above_average_ctr', {
      description: "True when the stored cause-level urgency value is greater than 75 (the spec's proxy).",
    }),
  }),
});

export const UrgencyScoreRef = builder.objectRef<UrgencyScore>('UrgencyScore').implement({
  description: 'Spec 2.3, computed live from the stored signals. Days are Berlin calendar days; range boundaries are inclusive.',
  fields: (t) => ({
    total: t.exposeInt('total', { description: 'Sum of the four breakdown values.', extensions: { jsonSchema: { minimum: 0, maximum: 100 } } }),
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

const num = (value: { toNumber(): number } | null) => (value === null ? null : value.toNumber());

export const ActionRef = builder.prismaObject('CauseAction', {
  name: 'Action',
  description: 'Spec 2.2: the generated call to action.',
  fields: (t) => ({
    type: t.exposeString('type', {
      description: 'donate for Spenden, sign for Petition, write for Brief.',
      extensions: { jsonSchema: { enum: ['donate', 'sign', 'write'] } },
    }),
    headline: t.exposeString('headline'),
    whyNow: t.exposeString('whyNow'),
    whyYou: t.exposeString('whyYou'),
    impactStatement: t.exposeString('impactStatement'),
    isAiGenerated: t.exposeBoolean('isAiGenerated', { description: 'True for generated content (every action object is).' }),
    language: t.expose('language', { type: LanguageEnum }),
  }),
});

/**
 * Extensions of a Cause field REST v1 returns: in every cause (CauseFields) or only in the single cause
 * (CauseDetailFields), in the order declared here, which is the JSON's; `jsonSchema` refines its OpenAPI
 * schema (see src/graphql/rest-extensions.ts).
 */
const restList = (jsonSchema?: JsonSchemaRefinement) => ({ restFragment: 'CauseFields', ...(jsonSchema ? { jsonSchema } : {}) });
const restDetail = (jsonSchema?: JsonSchemaRefinement) => ({ restFragment: 'CauseDetailFields', ...(jsonSchema ? { jsonSchema } : {}) });

export const CauseRef = builder.prismaObject('Cause', {
  description: 'Spec 2.1: a cause as the list and the daily action show it.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Identifier of the cause.', extensions: restList() }),
    slug: t.exposeString('slug', {
      description: 'URL-safe name; used in `GET /causes/{slug}`. Stable for the life of the cause.',
      extensions: restList({ pattern: SLUG_PATTERN.source }),
    }),
    title: t.string({
      description:
        'Short title in `lang`: under `en` the source\'s English title, else one a language model translated, else the original.',
      extensions: restList(),
      args: { lang: t.arg({ type: LanguageEnum, required: true, defaultValue: 'de' }) },
      select: (args) => ({ title: true, titleEn: true, texts: { where: { language: args.lang }, select: { title: true } } }),
      resolve: (cause, args) => (args.lang === 'en' ? (cause.titleEn ?? cause.texts[0]?.title ?? cause.title) : cause.title),
    }),
    summary: t.string({
      description: 'Generated short abstract in `lang` (until the refresh has written one, the start of the description).',
      extensions: restList(),
      args: { lang: t.arg({ type: LanguageEnum, required: true, defaultValue: 'de' }) },
      select: (args) => ({ texts: { where: { language: args.lang }, select: { summary: true, contentHash: true } } }),
      resolve: (cause, args, ctx) => currentSummary(cause, cause.texts[0], args.lang, ctx.now),
    }),
    category: t.expose('category', { type: CategoryEnum, extensions: restList() }),
    organisationName: t.exposeString('organisationName', { extensions: restList() }),
    organisationUrl: t.exposeString('organisationUrl', { extensions: restList({ format: 'uri' }) }),
    imageUrl: t.exposeString('imageUrl', {
      nullable: true,
      description: 'Null when the source supplies no image.',
      extensions: restList({ format: 'uri' }),
    }),
    fundingProgressPct: t.float({
      nullable: true,
      description:
        'Progress toward the goal in percent, rounded down to one decimal; may exceed 100. Current / goal × 100 when both are known and the goal is above zero, else the percentage the source gives, else null.',
      extensions: restList({ minimum: 0 }),
      resolve: (c) => num(c.fundingProgressPct),
    }),
    deadline: t.string({
      nullable: true,
      description: 'YYYY-MM-DD (a Berlin date); null when there is no deadline.',
      extensions: restList({ format: 'date' }),
      resolve: (c) => (c.deadline ? dateFromDb(c.deadline) : null),
    }),
    urgency_score: t.field({ type: UrgencyScoreRef, extensions: restList(), resolve: (c, _args, ctx) => scoreUrgency(signalsOf(c), ctx.now) }),
    source_name: t.string({
      description: 'Attribution (spec 2.5): must stay visible wherever the cause is shown.',
      extensions: restList(),
      select: { source: { select: { name: true } } },
      resolve: (c) => c.source.name,
    }),
    source_url: t.exposeString('sourceUrl', {
      description: 'Attribution (spec 2.5): the cause on its source platform; render it as a clickable link.',
      extensions: restList({ format: 'uri' }),
    }),
    original_platform: t.string({
      description: 'Attribution (spec 2.5): must stay visible wherever the cause is shown.',
      extensions: restList(),
      select: { source: { select: { platform: true } } },
      resolve: (c) => c.source.platform,
    }),
    refreshed_at: t.string({
      description: 'ISO 8601 UTC: the last refresh that saw the cause in its source.',
      extensions: restList({ format: 'date-time' }),
      resolve: (c) => c.refreshedAt.toISOString(),
    }),
    // Not in REST's cause (the spec's three endpoints stay as they are): GET /sources has it per source.
    sourceFetchedAt: t.string({
      nullable: true,
      description: "ISO 8601 UTC: when the last successful fetch of the cause's source started; null when none succeeded yet.",
      extensions: { jsonSchema: { format: 'date-time' } },
      select: { source: { select: { lastSuccessAt: true } } },
      resolve: (c) => c.source.lastSuccessAt?.toISOString() ?? null,
    }),
    // The full record (single cause): what the list leaves out.
    description: t.string({
      description:
        "The full description from the source, as plain text: in `lang` where the source gives it in that language (under `en` the source's English description), else the original.",
      extensions: restDetail(),
      args: { lang: t.arg({ type: LanguageEnum, required: true, defaultValue: 'de' }) },
      select: { description: true, descriptionEn: true },
      resolve: (cause, args) => (args.lang === 'en' ? (cause.descriptionEn ?? cause.description) : cause.description),
    }),
    fundingGoal: t.float({
      nullable: true,
      description: 'Euros for donations, signatures or letters otherwise; null when unknown.',
      extensions: restDetail(),
      resolve: (c) => num(c.fundingGoal),
    }),
    fundingCurrent: t.float({ nullable: true, description: 'Same unit as fundingGoal; null when unknown.', extensions: restDetail(), resolve: (c) => num(c.fundingCurrent) }),
    leverageScore: t.exposeFloat('leverageScore', { nullable: true, description: 'As the source gives it; null when it gives none.', extensions: restDetail() }),
    actionsToTippingPoint: t.exposeInt('actionsToTippingPoint', {
      nullable: true,
      description: 'As the source gives it; null when it gives none.',
      extensions: restDetail(),
    }),
    action: t.field({
      type: ActionRef,
      nullable: true,
      description:
        'The action object in `lang` when this cause was chosen as a daily action and its texts were written for the current content day; otherwise null.',
      extensions: restDetail(),
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
  description: 'Spec 2.4: the list envelope.',
  fields: (t) => ({
    total: t.exposeInt('total', { description: 'Number of matching active causes.', extensions: { jsonSchema: { minimum: 0 } } }),
    page: t.exposeInt('page', { extensions: { jsonSchema: { minimum: 1 } } }),
    pageSize: t.exposeInt('pageSize', { extensions: { jsonSchema: { minimum: 1, maximum: PAGE_SIZE_MAX } } }),
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
    extensions: { jsonSchema: { description: 'A cause with the fields the list hides and its action object.' } },
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
