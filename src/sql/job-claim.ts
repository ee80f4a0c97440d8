// "JobClaim": once per (job, day) across every process. Called by refresh/job-claim.ts (the claim, with
// the lease's renewal and the rest through Prisma) and jobs/refresh.job.ts (a run whose process died,
// freed over a plain pg connection of its own).
import type pg from 'pg';
import type { Db } from '../infra/prisma.js';

export interface ClaimedRow {
  /** the run that holds the day now */
  runId: string;
}

export interface DayClaim {
  job: string;
  /** the day at UTC midnight (dateToDb) */
  day: Date;
  runId: string;
  leaseUntil: Date;
  /** a running claim whose lease ended before this is free */
  now: Date;
  /** a succeeded day is taken again */
  force: boolean;
}

/**
 * Takes the day for the run with one atomic upsert: when no run has it, or its run failed, its lease ran
 * out, or (`force`) it succeeded. Returns the row when this call took or changed it; undefined when another
 * run holds the day.
 */
export async function claimDay(db: Pick<Db, '$queryRaw'>, claim: DayClaim): Promise<ClaimedRow | undefined> {
  const { job, day, runId, leaseUntil, now, force } = claim;
  const [row] = await db.$queryRaw<ClaimedRow[]>`
    INSERT INTO "JobClaim" ("job", "day", "runId", "status", "leaseUntil")
    VALUES (${job}, ${day}::date, ${runId}::uuid, 'running', ${leaseUntil})
    ON CONFLICT ("job", "day") DO UPDATE
      SET "runId" = EXCLUDED."runId", "status" = 'running', "leaseUntil" = EXCLUDED."leaseUntil"
      WHERE "JobClaim"."status" = 'failed'
         OR ("JobClaim"."status" = 'running' AND "JobClaim"."leaseUntil" < ${now})
         OR (${force} AND "JobClaim"."status" = 'succeeded')
    RETURNING "runId"::text AS "runId"`;
  return row;
}

/** Frees the day the run holds (its process died): the claim is failed, for the next run to take. */
export async function failClaimOfRun(client: Pick<pg.ClientBase, 'query'>, runId: string): Promise<void> {
  await client.query(`UPDATE "JobClaim" SET "status" = 'failed' WHERE "runId" = $1::uuid AND "status" = 'running'`, [runId]);
}
