// The daily refresh: import every configured source, write the texts that are missing or stale, choose
// the daily action of the content day, and record the run with its counts.
import type { Db } from '../../infra/prisma.js';
import { berlinDate, contentDay, dateToDb } from '../causes/berlin-calendar.js';
import { importSourceItems, type ImportCounts } from '../causes/cause-import.service.js';
import { storeDailyPick } from '../daily-action/daily-pick.service.js';
import { adapters } from '../sources/adapters.js';
import type { SourceConfig } from '../sources/sources-config.js';
import { generateActions, generateSummaries } from '../texts/texts.service.js';
import type { TextGenerator } from '../texts/text-generator.js';
import type { FetchLimits } from '../sources/fetch-source.js';

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
  status: 'succeeded' | 'failed';
  sources: SourceOutcome[];
  summariesWritten: number;
  pick: { slug: string; scoreTotal: number; created: boolean } | null;
  error?: string;
}

export interface RefreshOptions {
  prisma: Db;
  sources: SourceConfig[];
  generator: TextGenerator;
  now: Date;
  /** content day to choose the pick for; defaults to the content day of `now` */
  day?: string;
  trigger: string;
  log: RefreshLog;
  limits?: FetchLimits;
}

/** Imports all sources; a failing source is reported and leaves its previous causes untouched. */
export async function importAllSources(options: RefreshOptions): Promise<SourceOutcome[]> {
  const { prisma, sources, now, log } = options;
  const today = berlinDate(now);
  const outcomes: SourceOutcome[] = [];
  for (const source of sources) {
    try {
      const rawItems = await adapters[source.type](source, { today, limits: options.limits });
      const counts = await importSourceItems(prisma, source, rawItems, now);
      for (const skip of counts.skipped) log.warn(`source "${source.name}": skipped item ${skip.externalId ?? '(no id)'}: ${skip.reason}`);
      outcomes.push({ name: source.name, ok: true, counts });
    } catch (error) {
      const message = (error as Error).message;
      log.warn(`source "${source.name}" failed, its causes stay as they were: ${message}`);
      outcomes.push({ name: source.name, ok: false, error: message });
    }
  }
  return outcomes;
}

export async function runRefresh(options: RefreshOptions): Promise<RefreshResult> {
  const { prisma, generator, now, trigger } = options;
  const day = options.day ?? contentDay(now);
  const run = await prisma.jobRun.create({
    data: { job: 'refresh', day: dateToDb(day), status: 'running', trigger, startedAt: new Date() },
  });
  const result: RefreshResult = { jobRunId: run.id, day, status: 'succeeded', sources: [], summariesWritten: 0, pick: null };
  try {
    result.sources = await importAllSources(options);
    result.summariesWritten = await generateSummaries(prisma, generator, now);
    const pick = await storeDailyPick(prisma, day, now, run.id);
    if (pick?.created) await generateActions(prisma, generator, pick.causeId, now);
    result.pick = pick && { slug: pick.slug, scoreTotal: pick.scoreTotal, created: pick.created };
    if (result.sources.length > 0 && result.sources.every((s) => !s.ok)) {
      result.status = 'failed';
      result.error = 'every source failed';
    }
  } catch (error) {
    result.status = 'failed';
    result.error = (error as Error).message;
  }
  const { jobRunId: _id, ...stats } = result;
  await prisma.jobRun.update({
    where: { id: run.id },
    data: {
      status: result.status,
      finishedAt: new Date(),
      error: result.error ?? null,
      stats: JSON.parse(JSON.stringify(stats)),
      chosenCauseId: result.pick ? (await prisma.cause.findUnique({ where: { slug: result.pick.slug }, select: { id: true } }))?.id : null,
    },
  });
  return result;
}
