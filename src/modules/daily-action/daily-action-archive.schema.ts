// The archive of daily actions (REST v1 `/daily-actions`, and dashboards): each content day with the
// cause and action as GET /daily-action served them that day, from the snapshot kept then, or the reason
// there is none. The archived cause is the JSON that was served, so it has a type of its own, made from
// the same declaration of the REST cause's fields as Cause (CAUSE_LIST_FIELDS), read from the snapshot
// instead of computed now.
import { builder, LanguageEnum } from '../../graphql/builder.js';
import { badInput, notFound } from '../../graphql/errors.js';
import type { CauseAction } from '../../generated/prisma/client.js';
import { contentDay } from '../../time/berlin-calendar.js';
import { CONTENT_DAY_START } from '../../time/content-day-start.js';
import { ActionRef, CAUSE_LIST_FIELDS, causeListField, type CauseListField } from '../causes/causes.schema.js';
import { DEFAULT_LANGUAGE, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, pagingProblem, type Category } from '../causes/list-params.js';
import type { UrgencyScore } from '../causes/urgency.js';
import type { TextSource } from '../texts/text-source.js';
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
  category: Category;
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
  /** absent in the copies of days served before the field existed */
  textSource?: TextSource;
}

const ArchivedCauseRef = builder.objectRef<ServedCause>('ArchivedCause').implement({
  description:
    'A cause as the daily action served it on its day: the fields of Cause (spec 2.1), with the values they had then (the texts, the urgency score, refreshed_at), read from the copy kept that day.',
  // Every field of the REST cause, declared once (CAUSE_LIST_FIELDS), selected by REST v1's
  // `ArchivedCauseFields` fragment in that order, and read from the stored copy.
  fields: (t) => ({
    ...Object.fromEntries(
      (Object.keys(CAUSE_LIST_FIELDS) as CauseListField[]).map((name) => [
        name,
        name === 'textSource'
          ? // a copy kept before the field existed has none: null there, as its description says
            t.field({
              ...(causeListField(name, 'ArchivedCauseFields') as unknown as { type: 'String' }),
              nullable: true,
              description: `${CAUSE_LIST_FIELDS.textSource.description} Null for a day served before the service recorded it.`,
              resolve: (cause) => (cause.textSource ?? null) as never,
            })
          : t.field({ ...(causeListField(name, 'ArchivedCauseFields') as { type: 'String' }), resolve: (cause) => cause[name] as never }),
      ]),
    ),
    // Not in REST's archived cause (the copy holds what was served): the region filter of the daily-action
    // feeds reads it. One query for a page of days: Prisma batches the findUnique calls of one tick.
    region: t.string({
      nullable: true,
      description:
        'Where the cause is now, as Cause.region (the copy of the day does not hold it): its Land, `DE` for a nationwide cause; null when its place is not known, or the cause is no longer stored.',
      resolve: async (cause, _args, ctx) => (await ctx.prisma.cause.findUnique({ where: { id: cause.id }, select: { region: true } }))?.region ?? null,
    }),
  }),
});

const ArchivedDailyActionRef = builder.objectRef<ArchivedDay>('ArchivedDailyAction').implement({
  description: 'One content day of the archive: the daily action as GET /daily-action served it that day, or why there is none.',
  fields: (t) => ({
    date: t.exposeString('date', { description: `The content day (it starts at ${CONTENT_DAY_START}).`, extensions: { jsonSchema: { format: 'date' } } }),
    cause: t.field({
      type: ArchivedCauseRef,
      nullable: true,
      description: 'The cause in `lang` as it was served; null when `reason` says why there is none.',
      args: { lang: t.arg({ type: LanguageEnum, required: true, defaultValue: DEFAULT_LANGUAGE }) },
      resolve: (day, args) => (day.bodies?.[args.lang]?.cause as ServedCause | undefined) ?? null,
    }),
    action: t.field({
      type: ActionRef,
      nullable: true,
      description: 'The action object in `lang` as it was served; null when none was served in `lang`, or when `reason` says why there is none.',
      args: { lang: t.arg({ type: LanguageEnum, required: true, defaultValue: DEFAULT_LANGUAGE }) },
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
    from: t.exposeString('from', {
      description: `The first day of the range: as given, else ${ARCHIVE_DEFAULT_DAYS - 1} days before \`to\`.`,
      extensions: { jsonSchema: { format: 'date' } },
    }),
    to: t.exposeString('to', {
      description: 'The last day of the range: as given, else the current content day.',
      extensions: { jsonSchema: { format: 'date' } },
    }),
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
