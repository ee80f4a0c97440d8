// Two questions an operator asks, answered apart. /readyz: can *this process* answer requests (for a
// load balancer, which must never take every replica out because of what the content looks like)?
// /status: what does the content look like (the day's pick, the last refresh, the sources, the stores)?
import { contentDay } from '../../time/berlin-calendar.js';
import { ModelName } from '../../generated/prisma/internal/prismaNamespace.js';
import { schemaFaultOf } from '../../infra/database-errors.js';
import type { SmallRead } from '../../infra/small-read.js';
import { pickOfDay } from '../../sql/daily-pick.js';
import { failedRefreshesOfDay, lastRefreshOfDay, lastRefreshRun } from '../../sql/job-run.js';
import { lastFetches } from '../../sql/source.js';
import { webhookCounts } from '../../sql/webhook-endpoint.js';

/** The tables this version's schema declares (one per Prisma model; none is renamed with @@map). */
const TABLES = Object.values(ModelName);
/** What /status says while the database lacks what this version needs. */
const schemaMismatch = (what: string) => `the database does not match this version (${what}): apply the migrations (npm run db:migrate)`;

export interface Check {
  ok: boolean;
  detail?: string;
}

export type ProcessReadiness = { ready: true } | { ready: false; reason: string };

export interface ProcessState {
  /** true from SIGTERM on */
  draining: boolean;
  /** true once the process has read the content versions (it then serves from memory even while the database is away) */
  hasServed: boolean;
  /** tries to read the versions now; rejects while the database cannot be reached */
  readVersions: () => Promise<unknown>;
  /** true while the process hears of content and key changes through LISTEN/NOTIFY */
  listening: boolean;
}

/** How this process learns of changes, as /status says it. */
export const changesSeen = (listening: boolean) =>
  listening ? 'heard through LISTEN/NOTIFY within milliseconds of their commit' : 'read by each request (no LISTEN/NOTIFY connection now)';

/**
 * Ready unless the process is shutting down or has never reached its database (a replica that starts
 * while the database is away has nothing to serve). A day without a daily action, a refresh that has
 * not run, a database that went away after the start, Redis away: the process still answers (the
 * spec's 503, cached content, the limit in memory), so it stays in the pool.
 */
export async function checkProcessReadiness(state: ProcessState): Promise<ProcessReadiness> {
  if (state.draining) return { ready: false, reason: 'shutting down' };
  if (state.hasServed) return { ready: true };
  try {
    await state.readVersions();
    return { ready: true };
  } catch (error) {
    return { ready: false, reason: `the database has not been reachable since the start: ${(error as Error).message}` };
  }
}

export interface StatusProbes {
  /** runs a small SQL read with a short timeout */
  query: SmallRead;
  /** where the per-key limit is decided now */
  rateLimit: () => { store: 'redis' | 'memory'; detail?: string };
  /** the sources this process was configured with */
  sources: SourcesState;
}

export interface SourcesState {
  /** names of the configured sources */
  configured: string[];
  /** true when they are the bundled demo catalogue */
  demo: boolean;
  /** why none are configured, when none are */
  warning?: string;
  /** set when this process retired the demo catalogue at its start (the configuration has none) */
  demoRetired?: string;
}

export interface ContentStatus {
  database: Check;
  rateLimit: { store: 'redis' | 'memory'; detail?: string };
  dailyAction: Check & { day: string };
  lastRefresh: { day: string | null; status: string; trigger: string; startedAt: string; finishedAt: string | null; error: string | null } | null;
  /** refresh runs of the current content day that failed (or whose process died): the catch-up backs off after each */
  refreshFailuresToday: number;
  sources: SourcesState & {
    lastFetch: { name: string; lastFetchAt: string | null; outcome: string | null; error: string | null }[];
  };
  /**
   * Webhook endpoints, those disabled, and deliveries waiting (null while the database is unknown). Counts
   * only: /status needs no key, and an endpoint's URL or a receiver's answer may hold a secret; the
   * operator reads which and why with `npm run webhooks -- list`.
   */
  webhooks: { endpoints: number; disabled: number; pending: number } | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export async function contentStatus(probes: StatusProbes, now: Date): Promise<ContentStatus> {
  const day = contentDay(now);
  const rateLimit = probes.rateLimit();
  const unknownSources = { ...probes.sources, lastFetch: [] };
  try {
    const missing = await probes.query<{ name: string }>(
      'SELECT t AS "name" FROM unnest($1::text[]) AS t WHERE to_regclass(quote_ident(t)) IS NULL ORDER BY 1',
      [TABLES],
    );
    if (missing.length) {
      const tables = missing.map((row) => `"${row.name}"`).join(', ');
      return unknownContent(
        schemaMismatch(`${missing.length === 1 ? 'the table' : 'the tables'} ${tables} ${missing.length === 1 ? 'is' : 'are'} missing`),
        true,
      );
    }
    const pick = await pickOfDay(probes.query, day);
    const run = await lastRefreshRun(probes.query);
    const failures = await failedRefreshesOfDay(probes.query, day);
    const fetched = await lastFetches(probes.query);
    const hooks = await webhookCounts(probes.query);
    let dailyAction: Check & { day: string };
    if (!pick) dailyAction = { day, ok: false, detail: await whyNoPick(probes, day) };
    else if (!pick.active || pick.suppressed)
      dailyAction = {
        day,
        ok: false,
        detail: `no daily action for ${day}: its pick ${pick.slug} was ${pick.active ? 'suppressed' : 'withdrawn by its source'} and no cause is left`,
      };
    else dailyAction = { day, ok: true, detail: pick.slug };
    return {
      database: { ok: true },
      rateLimit,
      dailyAction,
      lastRefresh: run
        ? { day: run.day, status: run.status, trigger: run.trigger, startedAt: iso(run.startedAt)!, finishedAt: iso(run.finishedAt), error: run.error }
        : null,
      refreshFailuresToday: failures.failures,
      sources: {
        ...probes.sources,
        lastFetch: fetched.map((s) => ({ name: s.name, lastFetchAt: iso(s.lastFetchAt), outcome: s.lastOutcome, error: s.lastError })),
      },
      webhooks: { endpoints: hooks?.endpoints ?? 0, disabled: hooks?.disabled ?? 0, pending: hooks?.pending ?? 0 },
    };
  } catch (error) {
    const fault = schemaFaultOf(error);
    return fault ? unknownContent(schemaMismatch(fault), true) : unknownContent(`database unreachable: ${(error as Error).message}`, false);
  }

  function unknownContent(detail: string, mismatch: boolean): ContentStatus {
    return {
      database: { ok: false, detail },
      rateLimit,
      dailyAction: { day, ok: false, detail: `unknown while the database ${mismatch ? 'does not match this version' : 'is unreachable'}` },
      lastRefresh: null,
      refreshFailuresToday: 0,
      sources: unknownSources,
      webhooks: null,
    };
  }
}

async function whyNoPick(probes: StatusProbes, day: string): Promise<string> {
  const run = await lastRefreshOfDay(probes.query, day);
  if (!run) return `no daily action for ${day}: the refresh has not run for this content day yet`;
  if (run.status === 'running') return `no daily action for ${day} yet: the refresh is running`;
  if (run.status === 'failed') return `no daily action for ${day}: the refresh failed (${run.error ?? 'no reason recorded'})`;
  return `no daily action for ${day}: no cause was eligible (or the pick was suppressed or withdrawn and none is left)`;
}
