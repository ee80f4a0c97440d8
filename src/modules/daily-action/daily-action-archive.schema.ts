// The archive of daily actions (REST v1 `/daily-actions`, and dashboards): each content day with the
// cause and action as GET /daily-action served them that day, from the snapshot kept then, or the reason
// there is none. The archived cause is the JSON that was served, so it has a type of its own: the fields
// of Cause's REST fragment, in the same order, read from the snapshot instead of computed now.
import { builder, CategoryEnum, LanguageEnum } from '../../graphql/builder.js';
import { badInput, notFound } from '../../graphql/errors.js';
import type { JsonSchemaRefinement } from '../../graphql/rest-extensions.js';
import type { CauseAction } from '../../generated/prisma/client.js';
import { contentDay } from '../../time/berlin-calendar.js';
import { ActionRef, UrgencyScoreRef } from '../causes/causes.schema.js';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, pagingProblem } from '../causes/list-params.js';
import { SLUG_PATTERN } from '../causes/slug.js';
import type { UrgencyScore } from '../causes/urgency.js';
import {
  ARCHIVE_DEFAULT_DAYS,
  ARCHIVE_REASONS,
  archiveMessages,
  archivePage,
  archiveRange,
  archivedDay,
  dayProblem,
  type ArchivedDay,
} from './daily-action-archive.service.js';

interface ServedCause {
  id: string;
  slug: string;
  title: string;
  summary: string;
  category: 'Spenden' | 'Petition' | 'Brief';
  organisationName: string;
  organisationUrl: string;
  imageUrl: string | null;
  fundingProgressPct: number | null;
  deadline: string | null;
  urgency_score: UrgencyScore;
  source_name: string;
  source_url: string;
  original_platform: string;
  refreshed_at: string;
}

/** Selected by REST v1's `ArchivedCauseFields` fragment (operations.ts), in this order. */
const served = (jsonSchema?: JsonSchemaRefinement) => ({ restFragment: 'ArchivedCauseFields', ...(jsonSchema ? { jsonSchema } : {}) });

const ArchivedCauseRef = builder.objectRef<ServedCause>('ArchivedCause').implement({
  description:
    'A cause as the daily action served it on its day: the fields of Cause (spec 2.1) with the texts, the urgency score and refreshed_at as they stood then.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Identifier of the cause.', extensions: served() }),
    slug: t.exposeString('slug', { description: 'URL-safe name; used in `GET /causes/{slug}` while the cause is active.', extensions: served({ pattern: SLUG_PATTERN.source }) }),
    title: t.exposeString('title', { description: 'Short title in `lang`, as served.', extensions: served() }),
    summary: t.exposeString('summary', { description: 'Generated short abstract in `lang`, as served.', extensions: served() }),
    category: t.expose('category', { type: CategoryEnum, extensions: served() }),
    organisationName: t.exposeString('organisationName', { extensions: served() }),
    organisationUrl: t.exposeString('organisationUrl', { extensions: served({ format: 'uri' }) }),
    imageUrl: t.exposeString('imageUrl', { nullable: true, description: 'Null when the source supplied no image.', extensions: served({ format: 'uri' }) }),
    fundingProgressPct: t.exposeFloat('fundingProgressPct', {
      nullable: true,
      description: 'Progress toward the goal in percent on that day; null when unknown.',
      extensions: served({ minimum: 0 }),
    }),
    deadline: t.exposeString('deadline', { nullable: true, description: 'YYYY-MM-DD (a Berlin date); null when there was no deadline.', extensions: served({ format: 'date' }) }),
    urgency_score: t.field({ type: UrgencyScoreRef, description: 'The score as served (computed on that day).', extensions: served(), resolve: (c) => c.urgency_score }),
    source_name: t.exposeString('source_name', { description: 'Attribution (spec 2.5): must stay visible wherever the cause is shown.', extensions: served() }),
    source_url: t.exposeString('source_url', {
      description: 'Attribution (spec 2.5): the cause on its source platform; render it as a clickable link.',
      extensions: served({ format: 'uri' }),
    }),
    original_platform: t.exposeString('original_platform', { description: 'Attribution (spec 2.5): must stay visible wherever the cause is shown.', extensions: served() }),
    refreshed_at: t.exposeString('refreshed_at', { description: 'ISO 8601 UTC: the last refresh that had seen the cause when it was served.', extensions: served({ format: 'date-time' }) }),
  }),
});

const ArchivedDailyActionRef = builder.objectRef<ArchivedDay>('ArchivedDailyAction').implement({
  description: 'One content day of the archive: the daily action as GET /daily-action served it that day, or why there is none.',
  fields: (t) => ({
    date: t.exposeString('date', { description: 'The content day (it starts at 02:00 Europe/Berlin).', extensions: { jsonSchema: { format: 'date' } } }),
    cause: t.field({
      type: ArchivedCauseRef,
      nullable: true,
      description: 'The cause in `lang` as it was served; null when `reason` says why there is none.',
      args: { lang: t.arg({ type: LanguageEnum, required: true, defaultValue: 'de' }) },
      resolve: (day, args) => (day.bodies?.[args.lang]?.cause as ServedCause | undefined) ?? null,
    }),
    action: t.field({
      type: ActionRef,
      nullable: true,
      description: 'The action object in `lang` as it was served; null when none was served in `lang`, or when `reason` says why there is none.',
      args: { lang: t.arg({ type: LanguageEnum, required: true, defaultValue: 'de' }) },
      // the served JSON has exactly the fields the Action type exposes
      resolve: (day, args) => (day.bodies?.[args.lang]?.action as CauseAction | null | undefined) ?? null,
    }),
    reason: t.exposeString('reason', {
      nullable: true,
      description: 'Why the day has no archived daily action; null when it has one.',
      extensions: { jsonSchema: { enum: Object.values(ARCHIVE_REASONS) } },
    }),
  }),
});

interface DailyActionHistory {
  from: string;
  to: string;
  total: number;
  page: number;
  pageSize: number;
  days: ArchivedDay[];
}

const DailyActionHistoryRef = builder.objectRef<DailyActionHistory>('DailyActionHistory').implement({
  description: 'A page of the archive of daily actions, newest day first.',
  fields: (t) => ({
    from: t.exposeString('from', { description: `The first day of the range: as given, else ${ARCHIVE_DEFAULT_DAYS - 1} days before \`to\`.`, extensions: { jsonSchema: { format: 'date' } } }),
    to: t.exposeString('to', { description: 'The last day of the range: as given, else the current content day.', extensions: { jsonSchema: { format: 'date' } } }),
    total: t.exposeInt('total', {
      description: "Days listed: every day from `from` (or from the service's first recorded day, when that is later) to `to`.",
      extensions: { jsonSchema: { minimum: 0 } },
    }),
    page: t.exposeInt('page', { extensions: { jsonSchema: { minimum: 1 } } }),
    pageSize: t.exposeInt('pageSize', { extensions: { jsonSchema: { minimum: 1, maximum: PAGE_SIZE_MAX } } }),
    items: t.field({ type: [ArchivedDailyActionRef], resolve: (history) => history.days }),
  }),
});

builder.queryFields((t) => ({
  dailyActions: t.field({
    type: DailyActionHistoryRef,
    description: 'The daily actions of past content days as they were served, newest first; days without one carry a reason.',
    extensions: { jsonSchema: { description: 'A page of the archive of daily actions, newest day first.' } },
    args: {
      from: t.arg.string({ required: false }),
      to: t.arg.string({ required: false }),
      page: t.arg.int({ required: true, defaultValue: 1 }),
      pageSize: t.arg.int({ required: true, defaultValue: PAGE_SIZE_DEFAULT }),
    },
    resolve: async (_root, args, ctx) => {
      const range = archiveRange(args.from, args.to, contentDay(ctx.now));
      if ('problem' in range) throw badInput(range.problem);
      const problem = pagingProblem(args.page, args.pageSize);
      if (problem) throw badInput(problem);
      const { total, days } = await archivePage(ctx.prisma, range.from, range.to, args.page, args.pageSize);
      return { ...range, total, page: args.page, pageSize: args.pageSize, days };
    },
  }),
  dailyActionOn: t.field({
    type: ArchivedDailyActionRef,
    description: "One content day of the archive; fails with 404 for a day before the service's first recorded day.",
    extensions: { jsonSchema: { description: 'One content day of the archive.' } },
    args: { date: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const problem = dayProblem('date', args.date, contentDay(ctx.now));
      if (problem) throw badInput(problem);
      const day = await archivedDay(ctx.prisma, args.date);
      if (!day) throw notFound(archiveMessages.notRecorded(args.date));
      return day;
    },
  }),
}));
