// Once per (job, day) across every process on one database: a claim row taken with one atomic upsert
// and held by a lease the running job renews. A failed run or a lease that ran out (the process died)
// frees the claim for the next run; a succeeded one keeps it unless the operator forces a re-run.
// The process's clock decides (passed in as `now`), never the database's now(): see docs/decisions.md, "One clock".
import type { Db } from '../../infra/prisma.js';
import { dateToDb } from '../../time/berlin-calendar.js';
import { claimDay } from '../../sql/job-claim.js';

/** The default lease (REFRESH_LEASE_MS); the run renews it every third of it. */
export const CLAIM_LEASE_MS = 60_000;

export type ClaimOutcome = { claimed: true } | { claimed: false; holder: { runId: string; status: string; leaseUntil: Date } };

export async function claimJobDay(
  prisma: Db,
  job: string,
  day: string,
  runId: string,
  now: Date,
  options: { force?: boolean; leaseMs?: number } = {},
): Promise<ClaimOutcome> {
  const force = Boolean(options.force);
  const leaseUntil = new Date(now.getTime() + (options.leaseMs ?? CLAIM_LEASE_MS));
  const claimed = await claimDay(prisma, { job, day: dateToDb(day), runId, leaseUntil, now, force });
  if (claimed?.runId === runId) {
    // A run that held this day before and stopped without finishing (its process died) is closed.
    await prisma.jobRun.updateMany({
      where: { job, day: dateToDb(day), status: 'running', id: { not: runId } },
      data: { status: 'failed', finishedAt: now, error: 'abandoned: its process stopped before the run finished' },
    });
    return { claimed: true };
  }
  const holder = await prisma.jobClaim.findUniqueOrThrow({
    where: { job_day: { job, day: dateToDb(day) } },
    select: { runId: true, status: true, leaseUntil: true },
  });
  return { claimed: false, holder };
}

/** Renews the lease while the run works, from `clock` at each renewal; stop() ends the renewal. */
export function keepClaimAlive(prisma: Db, job: string, day: string, runId: string, clock: () => Date, leaseMs = CLAIM_LEASE_MS) {
  const timer = setInterval(
    () => {
      void prisma.jobClaim
        .updateMany({ where: { job, day: dateToDb(day), runId, status: 'running' }, data: { leaseUntil: new Date(clock().getTime() + leaseMs) } })
        .catch(() => {});
    },
    Math.floor(leaseMs / 3),
  );
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

export async function finishClaim(prisma: Db, job: string, day: string, runId: string, status: 'succeeded' | 'failed') {
  await prisma.jobClaim.updateMany({ where: { job, day: dateToDb(day), runId }, data: { status } });
}

/** The day's claim status, or null when no run has claimed the day. */
export async function claimStatus(prisma: Db, job: string, day: string): Promise<string | null> {
  const claim = await prisma.jobClaim.findUnique({ where: { job_day: { job, day: dateToDb(day) } }, select: { status: true } });
  return claim?.status ?? null;
}

/**
 * Frees a day whose run succeeded, so that the next catch-up runs it again: the sources it ran with are
 * no longer the configured ones (the demo catalogue was retired). A running claim is left to its holder.
 */
export async function reopenSucceededDay(prisma: Db, job: string, day: string): Promise<boolean> {
  const reopened = await prisma.jobClaim.updateMany({ where: { job, day: dateToDb(day), status: 'succeeded' }, data: { status: 'failed' } });
  return reopened.count > 0;
}
