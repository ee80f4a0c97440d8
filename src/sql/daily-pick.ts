// "DailyPick": the daily action of each content day. Called by daily-action/daily-pick.service.ts (the
// pick's insert, guarded by the cause's state; the rest of its reads and writes are Prisma's) and
// serving/readiness.ts (the day's pick for /status, through the version probe's pool).
import type { Db } from '../infra/prisma.js';
import type { SmallRead } from '../infra/small-read.js';
import { PICKABLE_STATES } from '../modules/review/review-state.js';

export interface NewDailyPick {
  /** the content day at UTC midnight (dateToDb) */
  day: Date;
  causeId: string;
  scoreTotal: number;
  jobRunId: string | null;
  chosenAt: Date;
}

/**
 * Stores the day's pick, only while its cause may still be the daily action (active, not suppressed,
 * its texts publishable, cleared by review) and no other run stored the day's pick first. Returns how
 * many rows it inserted (0 or 1); returned unawaited, so that it can join a batch transaction.
 */
export const insertDailyPick = (db: Pick<Db, '$executeRaw'>, pick: NewDailyPick) =>
  db.$executeRaw`
      INSERT INTO "DailyPick" ("day", "causeId", "scoreTotal", "jobRunId", "chosenAt")
      SELECT ${pick.day}::date, ${pick.causeId}::uuid, ${pick.scoreTotal}, ${pick.jobRunId}::uuid, ${pick.chosenAt}
      WHERE EXISTS (SELECT 1 FROM "Cause" WHERE "id" = ${pick.causeId}::uuid AND "active" AND NOT "suppressed" AND "editorialState" = 'ok'
                      AND "reviewState"::text = ANY(${PICKABLE_STATES}::text[]))
      ON CONFLICT ("day") DO NOTHING`;

export interface DayPickRow {
  slug: string;
  active: boolean;
  suppressed: boolean;
}

/** The cause picked for `day` (YYYY-MM-DD), as /status shows it. */
export async function pickOfDay(read: SmallRead, day: string): Promise<DayPickRow | undefined> {
  const [pick] = await read<DayPickRow>(
    'SELECT c."slug", c."active", c."suppressed" FROM "DailyPick" p JOIN "Cause" c ON c."id" = p."causeId" WHERE p."day" = $1::date',
    [day],
  );
  return pick;
}
