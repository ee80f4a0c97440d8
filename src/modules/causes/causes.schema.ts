// The Cause type (spec 2.1 plus the detail fields), the urgency score (spec 2.3), the list envelope
// (spec 2.4) and their queries. Field names are the integrators' JSON names, so REST returns them as is.
// Descriptions and `extensions.jsonSchema` (what GraphQL cannot say) are also REST v1's OpenAPI
// schemas (src/rest/v1/openapi-schemas.ts): write them for both readers.
import { REFRESHED_AT_SELECT, refreshedAtOf } from './refreshed-at.js';
import { shortenForMessage } from '../serving/message-text.js';
import { builder, CategoryEnum, LanguageEnum } from '../../graphql/builder.js';
import { badInput, gone, notFound } from '../../graphql/errors.js';
import type { JsonSchemaRefinement } from '../../graphql/rest-extensions.js';
import { dateFromDb } from '../../time/berlin-calendar.js';
import { isCurrentAction } from '../texts/texts.service.js';
import { TEXT_SOURCES, textSourceOf, type TextSource } from '../texts/text-source.js';
import { signalsOf } from './cause-ranking.js';
import { currentSummary, currentText, servedTitle } from './served-text.js';
import { DEFAULT_LANGUAGE, invalidValueMessages, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, pagingProblem, regionParamMessages } from './list-params.js';
import { causeEnding, endedMessage } from './cause-ending.js';
import { CAUSE_REGION_CODES, inRegion, isRegionCode, NATIONWIDE, regionWhere, type RegionCode } from './regions.js';
import { SLUG_PATTERN } from './slug.js';
import { scoreUrgency, type UrgencyScore } from './urgency.js';
import { LISTED_WHERE } from '../review/review-state.js';

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

const TextSourceEnum = builder.enumType('TextSource', {
  description: 'Who wrote the title and summary of a cause in one language.',
  values: Object.fromEntries(Object.entries(TEXT_SOURCES).map(([value, description]) => [value, { description }])) as Record<
    TextSource,
    { description: string }
  >,
});

/**
 * Extensions of a Cause field only the single cause returns (CauseDetailFields), in the order declared
 * here, which is the JSON's; `jsonSchema` refines its OpenAPI schema (see src/graphql/rest-extensions.ts).
 * The fields of every cause (CauseFields) are declared in CAUSE_LIST_FIELDS.
 */
const restDetail = (jsonSchema?: JsonSchemaRefinement) => ({ restFragment: 'CauseDetailFields', ...(jsonSchema ? { jsonSchema } : {}) });

/**
 * The cause as every REST v1 answer shows it (spec 2.1), in the JSON's order: each field's type,
 * nullability, description and JSON-Schema refinement, declared once. The live Cause type below gives
 * each field its resolver; the archive's type (daily-action-archive.schema.ts) exposes the value its
 * stored copy holds. A new field of the REST cause is one entry here and its resolver in Cause.
 */
export const CAUSE_LIST_FIELDS = {
  id: { type: 'ID', description: 'Identifier of the cause.' },
  slug: {
    type: 'String',
    description: 'URL-safe name; used in `GET /causes/{slug}`. Stable for the life of the cause.',
    jsonSchema: { pattern: SLUG_PATTERN.source },
  },
  title: {
    type: 'String',
    description: "Short title in `lang`: under `en` the source's English title, else one a language model translated, else the original.",
  },
  summary: {
    type: 'String',
    description: 'Generated short abstract in `lang` (until the refresh has written one, the start of the description).',
  },
  category: { type: CategoryEnum },
  organisationName: { type: 'String' },
  organisationUrl: { type: 'String', jsonSchema: { format: 'uri' } },
  imageUrl: { type: 'String', nullable: true, description: 'Null when the source supplies no image.', jsonSchema: { format: 'uri' } },
  fundingProgressPct: {
    type: 'Float',
    nullable: true,
    description:
      'Progress toward the goal in percent, rounded down to one decimal; may exceed 100. Current / goal × 100 when both are known and the goal is above zero, else the percentage the source gives, else null.',
    jsonSchema: { minimum: 0 },
  },
  deadline: { type: 'String', nullable: true, description: 'YYYY-MM-DD (a Berlin date); null when there is no deadline.', jsonSchema: { format: 'date' } },
  urgency_score: { type: UrgencyScoreRef },
  source_name: { type: 'String', description: 'Attribution (spec 2.5): must stay visible wherever the cause is shown.' },
  source_url: {
    type: 'String',
    description: 'Attribution (spec 2.5): the cause on its source platform; render it as a clickable link.',
    jsonSchema: { format: 'uri' },
  },
  original_platform: { type: 'String', description: 'Attribution (spec 2.5): must stay visible wherever the cause is shown.' },
  refreshed_at: { type: 'String', description: 'ISO 8601 UTC: the last refresh that saw the cause in its source.', jsonSchema: { format: 'date-time' } },
  textSource: {
    type: TextSourceEnum,
    description: `Who wrote \`title\` and \`summary\` in \`lang\` (not in the spec; added beside its fields). ${Object.entries(TEXT_SOURCES)
      .map(([value, meaning]) => `\`${value}\`: ${meaning}`)
      .join(' ')}`,
  },
} as const satisfies Record<string, { type: unknown; nullable?: true; description?: string; jsonSchema?: JsonSchemaRefinement }>;

export type CauseListField = keyof typeof CAUSE_LIST_FIELDS;

/** A field of CAUSE_LIST_FIELDS as Pothos options (type, nullability, description), selected into `fragment`. */
export function causeListField<K extends CauseListField>(name: K, fragment: string) {
  const { jsonSchema, ...options } = CAUSE_LIST_FIELDS[name] as (typeof CAUSE_LIST_FIELDS)[K] & { jsonSchema?: JsonSchemaRefinement };
  return { ...options, extensions: { restFragment: fragment, ...(jsonSchema ? { jsonSchema } : {}) } } as Omit<(typeof CAUSE_LIST_FIELDS)[K], 'jsonSchema'> & {
    extensions: Record<string, unknown>;
  };
}

const listed = <K extends CauseListField>(name: K) => causeListField(name, 'CauseFields');

export const EditorialStateEnum = builder.enumType('EditorialState', {
  description: 'Whether the texts of a cause can be published as the service writes them.',
  values: { OK: {}, NEEDS_EDITOR: {} } as const,
});

export const CauseRef = builder.prismaObject('Cause', {
  description: 'Spec 2.1: a cause as the list and the daily action show it.',
  fields: (t) => ({
    id: t.field({ ...listed('id'), resolve: (c) => c.id }),
    slug: t.field({ ...listed('slug'), resolve: (c) => c.slug }),
    title: t.field({
      ...listed('title'),
      args: { lang: t.arg({ type: LanguageEnum, required: true, defaultValue: DEFAULT_LANGUAGE }) },
      select: (args) => ({ title: true, titleEn: true, texts: { where: { language: args.lang }, select: { title: true } } }),
      resolve: (cause, args) => servedTitle(cause, cause.texts[0], args.lang),
    }),
    summary: t.field({
      ...listed('summary'),
      args: { lang: t.arg({ type: LanguageEnum, required: true, defaultValue: DEFAULT_LANGUAGE }) },
      select: (args) => ({ texts: { where: { language: args.lang }, select: { summary: true, contentHash: true } } }),
      resolve: (cause, args, ctx) => currentSummary(cause, cause.texts[0], args.lang, ctx.now),
    }),
    category: t.field({ ...listed('category'), resolve: (c) => c.category }),
    organisationName: t.field({ ...listed('organisationName'), resolve: (c) => c.organisationName }),
    organisationUrl: t.field({ ...listed('organisationUrl'), resolve: (c) => c.organisationUrl }),
    imageUrl: t.field({ ...listed('imageUrl'), resolve: (c) => c.imageUrl }),
    fundingProgressPct: t.field({ ...listed('fundingProgressPct'), resolve: (c) => num(c.fundingProgressPct) }),
    deadline: t.field({ ...listed('deadline'), resolve: (c) => (c.deadline ? dateFromDb(c.deadline) : null) }),
    urgency_score: t.field({ ...listed('urgency_score'), resolve: (c, _args, ctx) => scoreUrgency(signalsOf(c), ctx.now) }),
    source_name: t.field({ ...listed('source_name'), select: { source: { select: { name: true } } }, resolve: (c) => c.source.name }),
    source_url: t.field({ ...listed('source_url'), resolve: (c) => c.sourceUrl }),
    original_platform: t.field({ ...listed('original_platform'), select: { source: { select: { platform: true } } }, resolve: (c) => c.source.platform }),
    refreshed_at: t.field({ ...listed('refreshed_at'), select: REFRESHED_AT_SELECT, resolve: (c) => refreshedAtOf(c).toISOString() }),
    textSource: t.field({
      ...listed('textSource'),
      args: { lang: t.arg({ type: LanguageEnum, required: true, defaultValue: DEFAULT_LANGUAGE }) },
      select: (args) => ({
        sourceLanguage: true,
        titleEn: true,
        descriptionEn: true,
        contentHash: true,
        texts: { where: { language: args.lang }, select: { generator: true, isAiGenerated: true, contentHash: true } },
      }),
      resolve: (cause, args) => textSourceOf(cause, currentText(cause, cause.texts[0]), args.lang),
    }),
    // In REST's cause only in the answers to a request with `region` (operation causesInRegion), so the
    // spec's three endpoints stay as they are without it (docs/decisions.md "Regions").
    region: t.exposeString('region', {
      nullable: true,
      description: `The Land the cause is about, as ISO 3166-2:DE (\`DE-BY\`); \`${NATIONWIDE}\` for a nationwide cause (all of Germany); null when its place is not known.`,
      extensions: { restFragment: 'CauseRegionFields', jsonSchema: { enum: CAUSE_REGION_CODES } },
    }),
    // Not in REST's cause (the spec's three endpoints stay as they are): GET /sources has it per source.
    sourceFetchedAt: t.string({
      nullable: true,
      description: "ISO 8601 UTC: when the last successful fetch of the cause's source started; null when none succeeded yet.",
      extensions: { jsonSchema: { format: 'date-time' } },
      select: { source: { select: { lastSuccessAt: true } } },
      resolve: (c) => c.source.lastSuccessAt?.toISOString() ?? null,
    }),
    // Not in REST's cause either: for the dashboard and editors.
    editorialState: t.field({
      type: EditorialStateEnum,
      description:
        'OK: the texts say only what the data says and pass the editorial checks in both languages. NEEDS_EDITOR: they cannot be written honestly from the data (editorialReason says why); such a cause is never the daily action.',
      resolve: (c) => (c.editorialState === 'needs_editor' ? 'NEEDS_EDITOR' : 'OK'),
    }),
    editorialReason: t.string({
      nullable: true,
      description: 'Why the cause is held for an editor, e.g. "the source gives neither an open status nor a deadline"; null when editorialState is OK.',
      resolve: (c) => c.editorialReason,
    }),
    // The full record (single cause): what the list leaves out.
    description: t.string({
      description:
        "The full description from the source, as plain text: in `lang` where the source gives it in that language (under `en` the source's English description), else the original.",
      extensions: restDetail(),
      args: { lang: t.arg({ type: LanguageEnum, required: true, defaultValue: DEFAULT_LANGUAGE }) },
      select: { description: true, descriptionEn: true },
      resolve: (cause, args) => (args.lang === 'en' ? (cause.descriptionEn ?? cause.description) : cause.description),
    }),
    fundingGoal: t.float({
      nullable: true,
      description: 'Euros for donations, signatures or letters otherwise; null when unknown.',
      extensions: restDetail(),
      resolve: (c) => num(c.fundingGoal),
    }),
    fundingCurrent: t.float({
      nullable: true,
      description: 'Same unit as fundingGoal; null when unknown.',
      extensions: restDetail(),
      resolve: (c) => num(c.fundingCurrent),
    }),
    leverageScore: t.exposeFloat('leverageScore', {
      nullable: true,
      description: 'As the source gives it; null when it gives none.',
      extensions: restDetail(),
    }),
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
      args: { lang: t.arg({ type: LanguageEnum, required: true, defaultValue: DEFAULT_LANGUAGE }) },
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
    suppressedAt: t.string({
      nullable: true,
      description: 'ISO 8601 UTC: when it was last suppressed; null when it is not (its history: suppressionEvents).',
      resolve: (c) => c.suppressedAt?.toISOString() ?? null,
    }),
    alsoListedBy: t.stringList({
      description:
        'The further sources that list the same real action (same platform id or canonical URL), by name: the cause is one, its own source is `source_name`.',
      select: { alsoListedBy: { select: { source: { select: { name: true } } } } },
      resolve: (c) => c.alsoListedBy.map((link) => link.source.name).sort(),
    }),
    // For the deadline calendar (REST v1 /feeds/deadlines.ics): the version of the deadline.
    deadlineSequence: t.exposeInt('deadlineSequence', { description: 'How often the deadline changed since the cause was first imported.' }),
    deadlineChangedAt: t.string({
      description: 'When the deadline was last set: its last change, else the first import.',
      resolve: (c) => (c.deadlineChangedAt ?? c.firstImportedAt).toISOString(),
    }),
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

/** `region` and `includeUnknownRegion` of `causes` and `causeDeadlines` (REST: the query parameters of these names). */
const regionArgs = (order: string) =>
  builder.args((t) => ({
    region: t.string({
      required: false,
      description: `A Land as ISO 3166-2:DE (\`DE-BY\`): that Land's causes and the nationwide ones (region \`${NATIONWIDE}\`), ${order}.`,
    }),
    includeUnknownRegion: t.boolean({
      required: true,
      defaultValue: false,
      description: 'With `region`: the causes whose place is not known (region null) too. Without `region` an error: every cause is listed then.',
    }),
  }));

/** The Land asked for (null: none), or a 400 for an invalid one and for `includeUnknownRegion` without it. */
function checkedRegion(args: { region?: string | null; includeUnknownRegion: boolean }): RegionCode | null {
  const { region } = args;
  if (region == null) {
    if (args.includeUnknownRegion) throw badInput(regionParamMessages.unknownWithoutRegion);
    return null;
  }
  if (!isRegionCode(region)) throw badInput(invalidValueMessages.region);
  return region;
}

builder.queryFields((t) => ({
  causes: t.field({
    type: CausePageRef,
    description: 'Active causes, suppressed ones included, ordered by urgency score (highest first).',
    args: {
      page: t.arg.int({ required: true, defaultValue: 1 }),
      pageSize: t.arg.int({ required: true, defaultValue: PAGE_SIZE_DEFAULT }),
      category: t.arg({ type: CategoryEnum, required: false }),
      ...regionArgs('in the same order'),
    },
    resolve: async (_root, args, ctx) => {
      const problem = pagingProblem(args.page, args.pageSize);
      if (problem) throw badInput(problem);
      const region = checkedRegion(args);
      const ranking = await ctx.ranking.get(ctx.prisma, ctx.now, ctx.contentVersion);
      const ranked = args.category ? (ranking.byCategory.get(args.category) ?? []) : ranking.all;
      const matching = region == null ? ranked : ranked.filter((entry) => inRegion(entry.region, region, args.includeUnknownRegion));
      const start = (args.page - 1) * args.pageSize;
      return {
        total: matching.length,
        page: args.page,
        pageSize: args.pageSize,
        ids: matching.slice(start, start + args.pageSize).map((entry) => entry.id),
      };
    },
  }),
  causeDeadlines: t.prismaField({
    type: ['Cause'],
    description: 'The active, not suppressed causes that have a deadline, nearest deadline first (then by slug).',
    args: {
      category: t.arg({ type: CategoryEnum, required: false }),
      ...regionArgs('as for `causes`'),
    },
    resolve: (query, _root, args, ctx) => {
      const { category } = args;
      const region = checkedRegion(args);
      return ctx.prisma.cause.findMany({
        ...query,
        where: {
          ...LISTED_WHERE,
          suppressed: false,
          deadline: { not: null },
          ...(category ? { category } : {}),
          ...(region != null ? regionWhere(region, args.includeUnknownRegion) : {}),
        },
        orderBy: [{ deadline: 'asc' }, { slug: 'asc' }],
      });
    },
  }),
  cause: t.prismaField({
    type: 'Cause',
    description:
      'One active cause by its slug (suppressed ones included). A cause that was listed and has ended fails with 410 (extensions: code GONE, `reason` as in causeChanges, `endedAt`); an unknown slug with 404.',
    extensions: { jsonSchema: { description: 'A cause with the fields the list hides and its action object.' } },
    args: { slug: t.arg.string({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const unknown = () => notFound(`No cause with the slug "${shortenForMessage(args.slug)}".`);
      if (!SLUG_PATTERN.test(args.slug)) throw unknown();
      const cause = await ctx.prisma.cause.findFirst({ ...query, where: { slug: args.slug, ...LISTED_WHERE } });
      if (cause) return cause;
      const ending = await causeEnding(ctx.prisma, args.slug, ctx.now);
      if (ending) throw gone(endedMessage(ending), { reason: ending.reason, endedAt: ending.endedAt.toISOString() });
      throw unknown();
    },
  }),
}));
