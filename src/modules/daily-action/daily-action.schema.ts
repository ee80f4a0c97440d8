// The daily action (spec 4.1): the cause the refresh stored for the current content day, with its
// action object in the requested language.
import { DEFAULT_LANGUAGE } from '../causes/list-params.js';
import { builder, LanguageEnum } from '../../graphql/builder.js';
import { unavailable } from '../../graphql/errors.js';
import { contentDay, dateToDb } from '../../time/berlin-calendar.js';
import { CONTENT_DAY_START } from '../../time/content-day-start.js';
import { ActionRef } from '../causes/causes.schema.js';
import { isCurrentAction } from '../texts/texts.service.js';
import { PICKABLE_STATES } from '../review/review-state.js';

export const NO_ACTION_TODAY = 'No action available today.';

interface DailyAction {
  day: string;
  causeId: string;
}

const DailyActionRef = builder.objectRef<DailyAction>('DailyAction').implement({
  fields: (t) => ({
    day: t.exposeString('day', { description: `the content day (it starts at ${CONTENT_DAY_START})` }),
    cause: t.prismaField({
      type: 'Cause',
      resolve: (query, parent, _args, ctx) => ctx.prisma.cause.findUniqueOrThrow({ ...query, where: { id: parent.causeId } }),
    }),
    action: t.field({
      type: ActionRef,
      nullable: true,
      description: 'Null when no action object exists yet for the cause in `lang`.',
      args: { lang: t.arg({ type: LanguageEnum, required: true, defaultValue: DEFAULT_LANGUAGE }) },
      resolve: async (parent, args, ctx) => {
        const action = await ctx.prisma.causeAction.findUnique({ where: { causeId_language: { causeId: parent.causeId, language: args.lang } } });
        return action && isCurrentAction(action.generatedAt, ctx.now) ? action : null;
      },
    }),
  }),
});

builder.queryFields((t) => ({
  dailyAction: t.field({
    type: DailyActionRef,
    description: 'The same for every key holder on a content day; fails with 503 when there is none.',
    resolve: async (_root, _args, ctx) => {
      const day = contentDay(ctx.now);
      const pick = await ctx.prisma.dailyPick.findUnique({
        where: { day: dateToDb(day) },
        select: { causeId: true, cause: { select: { active: true, suppressed: true, reviewState: true } } },
      });
      // A cause suppressed, rejected or withdrawn after it was chosen is not served for the rest of the day.
      if (!pick || !pick.cause.active || pick.cause.suppressed || !PICKABLE_STATES.includes(pick.cause.reviewState)) throw unavailable(NO_ACTION_TODAY);
      return { day, causeId: pick.causeId };
    },
  }),
}));
