// "JobRun": the record of job runs, as the operator's views read it. Called by refresh/refresh-scheduler.ts
// (a day's failures, through Prisma's client as a SmallRead), jobs/refresh.job.ts (a run whose process died, over a plain
// pg connection of its own), and through the version probe's pool by serving/readiness.ts (/status),
// infra/metrics.ts (/metrics) and rest/v1/controller.ts (is the day's pick still to come?). The runs
// themselves are written through Prisma (refresh/refresh.service.ts).
import type pg from 'pg';
import type { SmallRead } from '../infra/small-read.js';
import { REFRESH_JOB_NAME } from '../modules/refresh/refresh-result.js';

export interface FailedRunsRow {
  failures: number;
  /** when the last of them ended (or started, when it has no end) */
  last: Date | null;
}

/** The failed refresh runs of `day` (YYYY-MM-DD): how many, and the last (the catch-up's wait, /status, /metrics). */
export async function failedRefreshesOfDay(read: SmallRead, day: string): Promise<FailedRunsRow> {
  const [row] = await read<FailedRunsRow>(
    `SELECT count(*)::int AS "failures", max(COALESCE("finishedAt", "startedAt")) AS "last"
     FROM "JobRun" WHERE "job" = $1 AND "day" = $2::date AND "status" = 'failed'`,
    [REFRESH_JOB_NAME, day],
  );
  return row;
}

/** Records the run failed (at `finishedAt`, for `error`) while it is still recorded running. */
export async function failRunningRun(client: Pick<pg.ClientBase, 'query'>, runId: string, finishedAt: Date, error: string): Promise<void> {
  await client.query(`UPDATE "JobRun" SET "status" = 'failed', "finishedAt" = $2, "error" = $3 WHERE "id" = $1::uuid AND "status" = 'running'`, [
    runId,
    finishedAt,
    error,
  ]);
}

export interface RefreshRunRow {
  /** YYYY-MM-DD */
  day: string | null;
  status: string;
  trigger: string;
  startedAt: Date;
  finishedAt: Date | null;
  error: string | null;
}

/** The last refresh run started, of any day. */
export async function lastRefreshRun(read: SmallRead): Promise<RefreshRunRow | undefined> {
  const [run] = await read<RefreshRunRow>(
    `SELECT to_char("day", 'YYYY-MM-DD') AS day, "status"::text AS status, "trigger", "startedAt", "finishedAt", "error" FROM "JobRun" WHERE "job" = $1 ORDER BY "startedAt" DESC LIMIT 1`,
    [REFRESH_JOB_NAME],
  );
  return run;
}

export interface RunOutcomeRow {
  status: string;
  error: string | null;
}

/** The last refresh run of `day` (YYYY-MM-DD) started: how it stands, and why it failed (/status; REST's wait for the pick). */
export async function lastRefreshOfDay(read: SmallRead, day: string): Promise<RunOutcomeRow | undefined> {
  const [run] = await read<RunOutcomeRow>(`SELECT "status", "error" FROM "JobRun" WHERE "job" = $1 AND "day" = $2::date ORDER BY "startedAt" DESC LIMIT 1`, [
    REFRESH_JOB_NAME,
    day,
  ]);
  return run;
}

export interface JobLastRunRow {
  job: string;
  status: string;
  /** its start, in seconds since the epoch */
  started: number;
}

/** The last run started of each job. */
export function lastRunOfEachJob(read: SmallRead): Promise<JobLastRunRow[]> {
  return read<JobLastRunRow>(
    `SELECT DISTINCT ON ("job") "job", "status"::text AS status, extract(epoch FROM "startedAt")::float8 AS started
             FROM "JobRun" ORDER BY "job", "startedAt" DESC`,
  );
}
