// The daily refresh: import every configured source, write the texts that are missing or stale, choose
// the daily action of the content day, and record the run with its counts.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../infra/prisma.js';
import { claimJobDay, finishClaim, keepClaimAlive } from './job-claim.js';
import { berlinDate, contentDay, dateToDb } from '../causes/berlin-calendar.js';
import { importSourceItems, type ImportCounts } from '../causes/cause-import.service.js';
import { storeDailyAction, storeDailyPick } from '../daily-action/daily-pick.service.js';
import { adapters } from '../sources/adapters.js';
import type { SourceConfig } from '../sources/sources-config.js';
import { generateSummaries } from '../texts/texts.service.js';
import type { TextGenerator } from '../texts/text-generator.js';
import { DEFAULT_FETCH_LIMITS, type FetchLimits } from '../sources/fetch-source.js';

export const REFRESH_JOB_NAME = 'refresh';

export interface RefreshLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface SourceOutcome {
  name: string;
  ok: boolean;
  error?: string;
  counts?: ImportCounts;
}

export interface RefreshResult {
  jobRunId: string;
  day: string;
  /** skipped: another run holds or has completed the day (see `error` for which) */
  status: 'succeeded' | 'failed' | 'skipped';
  sources: SourceOutcome[];
  summariesWritten: number;
  pick: { slug: string; scoreTotal: number; created: boolean } | null;
  error?: string;
  /** wall time of the run (0 when skipped) */
  durationMs: number;
}

export interface RefreshOptions {
  prisma: Db;
  sources: SourceConfig[];
  generator: TextGenerator;
  /** the instant the scores and texts are computed for (a back-fill: noon of its day) */
  now: Date;
  /** the wall clock: it decides the day's claim and lease and stamps the run record (README, "One clock") */
  clock: () => Date;
  /** content day to choose the pick for; defaults to the content day of `now` */
  day?: string;
  trigger: string;
  log: RefreshLog;
  limits?: FetchLimits;
  /** run even when the day's refresh already succeeded (a manual re-run) */
  force?: boolean;
  /**
   * A back-fill of a past day: only that day's pick is chosen and stored (scores as of `now`). The
   * catalogue, its texts and the current action texts are left alone: they belong to today.
   */
  pickOnly?: boolean;
  /** called as each source's import ends (the jobs command prints it as progress) */
  onSourceDone?: (outcome: SourceOutcome) => void;
}

/** Imports all sources; a failing source is reported and leaves its previous causes untouched. */
export async function importAllSources(
  options: Pick<RefreshOptions, 'prisma' | 'sources' | 'now' | 'log' | 'limits' | 'onSourceDone'>,
): Promise<SourceOutcome[]> {
  const { prisma, sources, now, log } = options;
  const today = berlinDate(now);
  const outcomes: SourceOutcome[] = [];
  for (const source of sources) {
    try {
      const limits = {
        ...DEFAULT_FETCH_LIMITS,
        ...options.limits,
        ...(source.maxBytes ? { maxBytes: source.maxBytes } : {}),
        ...(source.timeoutMs ? { timeoutMs: source.timeoutMs } : {}),
      };
      const fetched = await adapters[source.type](source, { today, limits });
      const counts = await importSourceItems(prisma, source, fetched.items, now);
      counts.skipped.unshift(...fetched.skipped);
      for (const skip of counts.skipped) log.warn(`source "${source.name}": skipped item ${skip.externalId ?? '(no id)'}: ${skip.reason}`);
      outcomes.push({ name: source.name, ok: true, counts });
    } catch (error) {
      const message = (error as Error).message;
      log.warn(`source "${source.name}" failed, its causes stay as they were: ${message}`);
      outcomes.push({ name: source.name, ok: false, error: message });
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

  const claim = await claimJobDay(prisma, REFRESH_JOB_NAME, day, runId, started, { force: options.force });
  if (!claim.claimed) {
    const { holder } = claim;
    const state = holder.status === 'running' ? 'is running' : 'already succeeded';
    return { ...result, jobRunId: holder.runId, status: 'skipped', error: `the refresh for ${day} ${state} (run ${holder.runId})` };
  }
  await prisma.jobRun.create({
    data: { id: runId, job: REFRESH_JOB_NAME, day: dateToDb(day), status: 'running', trigger, startedAt: started },
  });
  const lease = keepClaimAlive(prisma, REFRESH_JOB_NAME, day, runId, clock);
  try {
    if (options.pickOnly) {
      const pick = await storeDailyPick(prisma, day, now, runId);
      result.pick = pick && { slug: pick.slug, scoreTotal: pick.scoreTotal, created: pick.created };
      return await finishRun(prisma, result, started, clock());
    }
    result.sources = await importAllSources(options);
    // The pick depends only on scores: it is stored before the summaries, so the new day has its daily
    // action seconds after 02:00 even when writing the summaries takes long (a language model).
    const pick = await storeDailyAction(prisma, generator, day, now, runId);
    result.pick = pick && { slug: pick.slug, scoreTotal: pick.scoreTotal, created: pick.created };
    result.summariesWritten = await generateSummaries(prisma, generator, now);
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
