// The daily refresh: import every configured source, write the texts that are missing or stale, choose
// the daily action of the content day, and record the run with its counts.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../infra/prisma.js';
import { claimJobDay, finishClaim, keepClaimAlive } from './job-claim.js';
import { berlinDate, contentDay, dateToDb } from '../../time/berlin-calendar.js';
import { importSourceItems } from '../causes/cause-import.service.js';
import { storeDailyAction, storeDailyPick } from '../daily-action/daily-pick.service.js';
import { recordServedDailyAction } from '../daily-action/served-snapshot.service.js';
import { adapters } from '../sources/adapters.js';
import { selectActions } from '../sources/action-rules.js';
import { mergeListedActions, recordActionKeys } from '../causes/cause-sources.service.js';
import type { SourceConfig } from '../sources/sources-config.js';
import { generateSummaries } from '../texts/texts.service.js';
import { bumpContentVersion } from '../serving/content-version.js';
import { recordCauseChanges } from '../causes/cause-changes.service.js';
import { moderatePending } from '../review/moderation.js';
import type { TextGenerator } from '../texts/text-generator.js';
import { DEFAULT_FETCH_LIMITS, type FetchLimits } from '../sources/fetch-limits.js';
import { systemClock, type Clock } from '../../time/clock.js';
import { REFRESH_JOB_NAME, type RefreshResult, type SourceOutcome } from './refresh-result.js';

export interface RefreshLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface RefreshOptions {
  prisma: Db;
  sources: SourceConfig[];
  generator: TextGenerator;
  /** the instant the scores and texts are computed for (a back-fill: noon of its day) */
  now: Date;
  /** the wall clock: it decides the day's claim and lease and stamps the run record (docs/decisions.md, "One clock") */
  clock: () => Date;
  /** content day to choose the pick for; defaults to the content day of `now` */
  day?: string;
  trigger: string;
  log: RefreshLog;
  limits?: FetchLimits;
  /** run even when the day's refresh already succeeded (a manual re-run) */
  force?: boolean;
  /** how long the day's claim outlives its last renewal (REFRESH_LEASE_MS; default CLAIM_LEASE_MS) */
  leaseMs?: number;
  /**
   * A back-fill of a past day: only that day's pick is chosen and stored (scores as of `now`). The
   * catalogue, its texts and the current action texts are left alone: they belong to today.
   */
  pickOnly?: boolean;
  /** called as each source's import ends (the jobs command prints it as progress) */
  onSourceDone?: (outcome: SourceOutcome) => void;
  /** the run holds the day (its JobRun row exists): the refresh job's worker frees the day if the run's process dies */
  onClaimed?: (run: { runId: string; day: string }) => void;
}

export function countByReason(skipped: { reason: string }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { reason } of skipped) counts[reason] = (counts[reason] ?? 0) + 1;
  return counts;
}

/**
 * Keeps the source's health (last fetch, outcome, counts, error, last success) on its row, for `npm run
 * jobs -- list` and GET /api/v1/sources. It is served content, so its change bumps the content version.
 */
async function recordSourceHealth(prisma: Db, source: SourceConfig, outcome: SourceOutcome, runId: string | undefined): Promise<void> {
  const { counts, skippedByReason, warnings } = outcome;
  const health = {
    lastFetchAt: new Date(outcome.fetchedAt),
    // complete or incomplete: what was read is imported, so the causes are as fresh as this fetch
    ...(outcome.ok ? { lastSuccessAt: new Date(outcome.fetchedAt) } : {}),
    lastOutcome: outcome.status,
    lastError: outcome.error ?? null,
    lastCounts: counts
      ? {
          new: counts.new,
          updated: counts.updated,
          unchanged: counts.unchanged,
          reactivated: counts.reactivated,
          deactivated: counts.deactivated,
          skipped: counts.skipped.length,
          ...(outcome.merged ? { merged: outcome.merged } : {}),
          ...(outcome.takenOver ? { takenOver: outcome.takenOver } : {}),
          skippedByReason: skippedByReason ?? {},
          warnings: warnings ?? [],
          ...(outcome.pagesRead !== undefined ? { pagesRead: outcome.pagesRead } : {}),
        }
      : { warnings: warnings ?? [] },
    lastJobRunId: runId ?? null,
  };
  await prisma.$transaction([
    prisma.source.upsert({
      where: { name: source.name },
      create: { name: source.name, platform: source.platform, type: source.type, url: source.url, ...health },
      update: health,
    }),
    bumpContentVersion(prisma),
  ]);
}

/** Imports all sources; a failing source is reported and leaves its previous causes untouched. */
export async function importAllSources(
  options: Pick<RefreshOptions, 'prisma' | 'sources' | 'now' | 'log' | 'limits' | 'onSourceDone'> & { runId?: string; clock?: Clock },
): Promise<SourceOutcome[]> {
  const { prisma, sources, now, log } = options;
  const clock = options.clock ?? systemClock; // stamps each fetch and times it
  const today = berlinDate(now);
  const outcomes: SourceOutcome[] = [];
  for (const source of sources) {
    const fetchedAt = clock();
    let outcome: SourceOutcome;
    try {
      const limits = {
        ...DEFAULT_FETCH_LIMITS,
        ...options.limits,
        ...(source.maxBytes ? { maxBytes: source.maxBytes } : {}),
        ...(source.timeoutMs ? { timeoutMs: source.timeoutMs } : {}),
        // feeds are untrusted: only a source the operator marked local may reach private addresses
        allowPrivateAddresses: (source as { local?: unknown }).local === true,
      };
      const fetched = selectActions(source, await adapters[source.type](source, { today, limits }), today);
      const complete = fetched.complete ?? true;
      const listed = await mergeListedActions(prisma, source, fetched.items, { now, complete, excludedIds: fetched.skipped.map((s) => s.externalId) });
      const counts = await importSourceItems(prisma, source, listed.items, now, {
        excluded: [...fetched.skipped, ...listed.skipped],
        complete,
        listedElsewhere: listed.merged,
        region: source.region,
        sourceId: listed.sourceId,
        actionKeys: listed.actionKeys,
      });
      await recordActionKeys(prisma, source.name);
      const warnings = fetched.warnings ?? [];
      for (const warning of warnings) log.warn(`source "${source.name}": ${warning}`);
      const byReason = countByReason(counts.skipped);
      for (const [reason, count] of Object.entries(byReason)) log.info(`source "${source.name}": ${count} skipped: ${reason}`);
      outcome = {
        name: source.name,
        ok: true,
        status: complete ? 'ok' : 'incomplete',
        fetchedAt: fetchedAt.toISOString(),
        durationMs: clock().getTime() - fetchedAt.getTime(),
        counts,
        ...(listed.merged ? { merged: listed.merged } : {}),
        ...(listed.takenOver ? { takenOver: listed.takenOver } : {}),
        skippedByReason: byReason,
        warnings,
        ...(fetched.pagesRead !== undefined ? { pagesRead: fetched.pagesRead } : {}),
      };
    } catch (error) {
      const message = (error as Error).message;
      log.warn(`source "${source.name}" failed, its causes stay as they were: ${message}`);
      outcome = {
        name: source.name,
        ok: false,
        status: 'failed',
        fetchedAt: fetchedAt.toISOString(),
        durationMs: clock().getTime() - fetchedAt.getTime(),
        error: message,
      };
    }
    outcomes.push(outcome);
    try {
      await recordSourceHealth(prisma, source, outcome, options.runId);
    } catch (error) {
      log.warn(`source "${source.name}": its health could not be recorded: ${(error as Error).message}`);
    }
    options.onSourceDone?.(outcomes.at(-1)!);
  }
  return outcomes;
}

export async function runRefresh(options: RefreshOptions): Promise<RefreshResult> {
  const { prisma, generator, now, clock, trigger } = options;
  const day = options.day ?? contentDay(now);
  const runId = randomUUID();
  const started = clock();
  const result: RefreshResult = { jobRunId: runId, day, status: 'succeeded', sources: [], summariesWritten: 0, pick: null, durationMs: 0 };

  const claim = await claimJobDay(prisma, REFRESH_JOB_NAME, day, runId, started, { force: options.force, leaseMs: options.leaseMs });
  if (!claim.claimed) {
    const { holder } = claim;
    const state = holder.status === 'running' ? 'is running' : 'already succeeded';
    return { ...result, jobRunId: holder.runId, status: 'skipped', error: `the refresh for ${day} ${state} (run ${holder.runId})` };
  }
  await prisma.jobRun.create({
    data: { id: runId, job: REFRESH_JOB_NAME, day: dateToDb(day), status: 'running', trigger, startedAt: started },
  });
  options.onClaimed?.({ runId, day });
  const lease = keepClaimAlive(prisma, REFRESH_JOB_NAME, day, runId, clock, options.leaseMs);
  try {
    if (options.pickOnly) {
      const pick = await storeDailyPick(prisma, day, now, runId);
      result.pick = pick && { slug: pick.slug, scoreTotal: pick.scoreTotal, created: pick.created };
      return await finishRun(prisma, result, started, clock());
    }
    result.sources = await importAllSources({ ...options, runId });
    // The pick depends only on scores: it is stored before the summaries, so the new day has its daily
    // action seconds after 02:00 even when writing the summaries takes long (a language model).
    // Announced to webhooks once the summaries are written too (below), so the day is one event.
    const pick = await storeDailyAction(prisma, generator, day, now, runId, { announce: false });
    result.pick = pick && { slug: pick.slug, scoreTotal: pick.scoreTotal, created: pick.created };
    result.summariesWritten = await generateSummaries(prisma, generator, now);
    // the summaries just written are what the daily action serves from now on: kept for the archive, and
    // the day's daily action announced
    if (day === contentDay(now)) await recordServedDailyAction(prisma, now);
    // a model's verdict on the causes waiting for an editor (with a model configured): after the texts,
    // which readers see, in what remains of the run's share of model calls
    await moderatePending(prisma, generator, options.log);
    // incremental sync: what the import and the summaries changed, dated by this run
    await recordCauseChanges(prisma, now);
    if (result.sources.length > 0 && result.sources.every((s) => !s.ok)) {
      result.status = 'failed';
      result.error = 'every source failed';
    }
  } catch (error) {
    result.status = 'failed';
    result.error = (error as Error).message;
  } finally {
    lease.stop();
  }
  return finishRun(prisma, result, started, clock());
}

/** Records the run's outcome and counts, and frees or keeps the day's claim accordingly. */
async function finishRun(prisma: Db, result: RefreshResult, started: Date, finished: Date): Promise<RefreshResult> {
  result.durationMs = finished.getTime() - started.getTime();
  const { jobRunId: runId, ...stats } = result;
  await prisma.jobRun.update({
    where: { id: runId },
    data: {
      status: result.status === 'succeeded' ? 'succeeded' : 'failed',
      finishedAt: finished,
      error: result.error ?? null,
      stats: JSON.parse(JSON.stringify(stats)),
      chosenCauseId: result.pick ? (await prisma.cause.findUnique({ where: { slug: result.pick.slug }, select: { id: true } }))?.id : null,
    },
  });
  await finishClaim(prisma, REFRESH_JOB_NAME, result.day, runId, result.status === 'succeeded' ? 'succeeded' : 'failed');
  return result;
}

/** Stores the content day's pick if it has none yet, with its action texts (the catch-up's re-pick). */
export function ensureDailyPick(prisma: Db, generator: TextGenerator, now: Date) {
  return storeDailyAction(prisma, generator, contentDay(now), now, null);
}
