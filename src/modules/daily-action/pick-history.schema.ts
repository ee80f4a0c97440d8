// The pick history for dashboards: which cause each content day's daily action is (DailyPick), with its
// score, when it was chosen and by which run, over a range of days, newest first, by cursor. The archive
// (daily-action-archive.schema.ts) tells what was served; this tells what is on record as the pick now: a
// pick withdrawn by suppression is gone (its replacement, if any, stands; see suppressionEvents).
import { builder } from '../../graphql/builder.js';
import { CONNECTION_DEFAULT_SIZE, CONNECTION_MAX_SIZE, connectionSizeProblem } from '../../graphql/connection-size.js';
import { badInput } from '../../graphql/errors.js';
import { contentDay, dateFromDb, dateToDb } from '../../time/berlin-calendar.js';
import { CONTENT_DAY_START } from '../../time/content-day-start.js';
import { SEEN_BEYOND_REVIEW } from '../review/review-state.js';
import { ARCHIVE_DEFAULT_DAYS, ARCHIVE_MAX_DAYS, archiveRange } from './daily-action-archive.service.js';

builder.prismaObject('DailyPick', {
  description: 'The daily action of one content day as picked.',
  fields: (t) => ({
    day: t.string({ description: `The content day (it starts at ${CONTENT_DAY_START}), YYYY-MM-DD.`, resolve: (pick) => dateFromDb(pick.day) }),
    cause: t.relation('cause', { description: 'The cause picked, as it is now.' }),
    scoreTotal: t.exposeInt('scoreTotal', { description: 'Its urgency score when it was picked.' }),
    chosenAt: t.string({ description: 'ISO 8601 UTC.', resolve: (pick) => pick.chosenAt.toISOString() }),
    jobRunId: t.exposeID('jobRunId', {
      nullable: true,
      description: 'The refresh run that picked it (see jobRuns); null when picked otherwise (a replacement after a suppression).',
    }),
  }),
});

function pickRange(args: { from?: string | null; to?: string | null }, now: Date) {
  const range = archiveRange(args.from, args.to, contentDay(now));
  if ('problem' in range) throw badInput(range.problem);
  // a pick whose cause an editor rejected (or sent back to wait unlisted) is left out, as everywhere but the desk
  return { day: { gte: dateToDb(range.from), lte: dateToDb(range.to) }, cause: SEEN_BEYOND_REVIEW };
}

builder.queryFields((t) => ({
  dailyPicks: t.prismaConnection(
    {
      type: 'DailyPick',
      cursor: 'day',
      defaultSize: CONNECTION_DEFAULT_SIZE,
      maxSize: CONNECTION_MAX_SIZE,
      description: `The daily picks from \`from\` (default ${ARCHIVE_DEFAULT_DAYS - 1} days before \`to\`) to \`to\` (default the current content day), at most ${ARCHIVE_MAX_DAYS} days, newest first; days without a pick, and picks of a cause an editor has since rejected (or sent back to wait unlisted), are left out. By cursor: \`first\` (default ${CONNECTION_DEFAULT_SIZE}, at most ${CONNECTION_MAX_SIZE}).`,
      args: { from: t.arg.string({ required: false }), to: t.arg.string({ required: false }) },
      totalCount: (_parent, args, ctx) => ctx.prisma.dailyPick.count({ where: pickRange(args, ctx.now) }),
      resolve: (query, _root, args, ctx) => {
        const problem = connectionSizeProblem(args);
        if (problem) throw badInput(problem);
        return ctx.prisma.dailyPick.findMany({ ...query, where: pickRange(args, ctx.now), orderBy: { day: 'desc' } });
      },
    },
    { name: 'DailyPickConnection' },
    { name: 'DailyPickEdge' },
  ),
}));
