// What /readyz reports: the database reachable, Redis reachable (when configured), and the current
// content day's daily action present, or why it is not.
import { contentDay } from '../causes/berlin-calendar.js';

export interface Check {
  ok: boolean;
  detail?: string;
}

export interface Readiness {
  ready: boolean;
  checks: { database: Check; redis: Check; dailyAction: Check };
}

export interface ReadinessProbes {
  /** runs a small SQL read with a short timeout */
  query: <Row extends Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<Row[]>;
  /** resolves when Redis answers; undefined without REDIS_URL */
  pingRedis?: () => Promise<unknown>;
}

export async function checkReadiness(probes: ReadinessProbes, now: Date): Promise<Readiness> {
  const day = contentDay(now);
  const redis: Check = probes.pingRedis
    ? await probes.pingRedis().then(
        () => ({ ok: true }),
        (error: Error) => ({ ok: false, detail: `Redis unreachable: ${error.message}` }),
      )
    : { ok: true, detail: 'not configured (per-key limits in memory)' };

  let database: Check;
  let dailyAction: Check;
  try {
    const [pick] = await probes.query<{ slug: string; active: boolean; suppressed: boolean }>(
      'SELECT c."slug", c."active", c."suppressed" FROM "DailyPick" p JOIN "Cause" c ON c."id" = p."causeId" WHERE p."day" = $1::date',
      [day],
    );
    database = { ok: true };
    if (!pick) dailyAction = { ok: false, detail: await whyNoPick(probes, day) };
    else if (!pick.active || pick.suppressed)
      dailyAction = { ok: false, detail: `no daily action for ${day}: its pick ${pick.slug} was ${pick.active ? 'suppressed' : 'withdrawn by its source'} and no cause is left` };
    else dailyAction = { ok: true, detail: `${day}: ${pick.slug}` };
  } catch (error) {
    database = { ok: false, detail: `database unreachable: ${(error as Error).message}` };
    dailyAction = { ok: false, detail: 'unknown while the database is unreachable' };
  }
  return { ready: database.ok && redis.ok && dailyAction.ok, checks: { database, redis, dailyAction } };
}

async function whyNoPick(probes: ReadinessProbes, day: string): Promise<string> {
  const [run] = await probes.query<{ status: string; error: string | null }>(
    `SELECT "status", "error" FROM "JobRun" WHERE "job" = 'refresh' AND "day" = $1::date ORDER BY "startedAt" DESC LIMIT 1`,
    [day],
  );
  if (!run) return `no daily action for ${day}: the refresh has not run for this content day yet`;
  if (run.status === 'running') return `no daily action for ${day} yet: the refresh is running`;
  if (run.status === 'failed') return `no daily action for ${day}: the refresh failed (${run.error ?? 'no reason recorded'})`;
  return `no daily action for ${day}: no cause was eligible (or the pick was suppressed or withdrawn and none is left)`;
}
