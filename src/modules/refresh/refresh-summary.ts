// A refresh result, and the health of each source, as the operator reads them on the command line.
import type { RefreshResult, SourceOutcome } from './refresh-result.js';

type OutcomeLike = Pick<SourceOutcome, 'ok'> & { status?: SourceOutcome['status'] };

/** "succeeded", or "succeeded with 1 of 3 sources failed and 1 incomplete", or "failed". */
export function runStatusPhrase(status: string, sources: OutcomeLike[] = []): string {
  if (status !== 'succeeded') return status;
  const failed = sources.filter((s) => !s.ok).length;
  const incomplete = sources.filter((s) => s.ok && s.status === 'incomplete').length;
  const of = `of ${sources.length} source${sources.length === 1 ? '' : 's'}`;
  if (failed && incomplete) return `succeeded with ${failed} ${of} failed and ${incomplete} incomplete`;
  if (failed) return `succeeded with ${failed} ${of} failed`;
  if (incomplete) return `succeeded with ${incomplete} ${of} incomplete`;
  return 'succeeded';
}

/** "20 × not an action, 2 × not a project but a FundraisingEvent" */
export function formatReasons(byReason: Record<string, number>): string {
  return Object.entries(byReason)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([reason, count]) => `${count} × ${reason}`)
    .join(', ');
}

interface CountsLike {
  new: number;
  updated: number;
  unchanged: number;
  reactivated: number;
  deactivated: number;
  skipped: number;
}

/** Items that are actions another source's cause already stands for: recorded beside it, not new causes. */
const mergedLine = (merged: number) => `also listed by another source: ${merged} (recorded beside that source's cause)`;
/** Causes of other sources this one took over: they left their feed, or its word on the action is newer. */
const takenOverLine = (takenOver: number) => `taken over from another source: ${takenOver} (its newer word on the action, or the other no longer lists it)`;

export const formatCounts = (c: CountsLike) =>
  `${c.new} new, ${c.updated} updated, ${c.unchanged} unchanged, ${c.reactivated} reactivated, ${c.deactivated} deactivated, ${c.skipped} skipped`;

export function formatRefreshSummary(result: RefreshResult): string {
  const status = runStatusPhrase(result.status, result.sources);
  const lines = [`refresh for ${result.day}: ${status}${result.error ? ` (${result.error})` : ''}`];
  if (result.status === 'skipped') return lines[0];
  for (const source of result.sources) {
    if (!source.ok) {
      lines.push(`  ${source.name}: FAILED, previous causes kept: ${source.error}`);
      continue;
    }
    const c = source.counts!;
    const incomplete = source.status === 'incomplete' ? 'INCOMPLETE, nothing deactivated for being absent: ' : '';
    lines.push(`  ${source.name}: ${incomplete}${formatCounts({ ...c, skipped: c.skipped.length })}`);
    for (const warning of source.warnings ?? []) lines.push(`    warning: ${warning}`);
    if (source.merged) lines.push(`    ${mergedLine(source.merged)}`);
    if (source.takenOver) lines.push(`    ${takenOverLine(source.takenOver)}`);
    if (c.skipped.length) lines.push(`    skipped by reason: ${formatReasons(source.skippedByReason ?? {})}`);
    for (const skip of c.skipped.slice(0, 10)) lines.push(`    skipped ${skip.externalId ?? '(no id)'}: ${skip.reason}`);
    if (c.skipped.length > 10) lines.push(`    … and ${c.skipped.length - 10} more (see the JobRun record ${result.jobRunId})`);
  }
  lines.push(`  summaries written: ${result.summariesWritten}`);
  lines.push(
    result.pick
      ? `  daily action: ${result.pick.slug} (score ${result.pick.scoreTotal}${result.pick.created ? '' : ', chosen earlier'})`
      : '  daily action: none (no eligible cause; /api/v1/daily-action answers 503)',
  );
  lines.push(`  duration: ${(result.durationMs / 1000).toFixed(1)} s`);
  return lines.join('\n');
}

export interface SourceHealth {
  name: string;
  type: string;
  lastFetchAt: Date | null;
  /** the last fetch that succeeded (ok or incomplete): how fresh the source's causes are */
  lastSuccessAt: Date | null;
  lastOutcome: string | null;
  lastError: string | null;
  lastCounts: unknown;
}

/** The last fetch of one source: when, its outcome, its counts or its error, its warnings. */
export function formatSourceHealth(source: SourceHealth): string[] {
  const head = `  ${source.name} (${source.type}): `;
  if (!source.lastFetchAt || !source.lastOutcome) return [`${head}never fetched`];
  const when = source.lastFetchAt.toISOString();
  const counts = (source.lastCounts ?? {}) as StoredCounts;
  const lines: string[] = [];
  if (source.lastOutcome === 'failed') {
    const fresh = source.lastSuccessAt ? `last successful fetch ${source.lastSuccessAt.toISOString()}` : 'never fetched successfully';
    lines.push(`${head}FAILED at ${when}, previous causes kept (${fresh}): ${source.lastError ?? 'unknown error'}`);
  } else {
    const outcome = source.lastOutcome === 'incomplete' ? 'INCOMPLETE (nothing deactivated for being absent)' : 'ok';
    const pages = counts.pagesRead !== undefined ? `, ${counts.pagesRead} page${counts.pagesRead === 1 ? '' : 's'} read` : '';
    lines.push(`${head}${outcome} at ${when}${pages}: ${formatCounts(countsOf(counts))}`);
    if (counts.merged) lines.push(`      ${mergedLine(counts.merged)}`);
    if (counts.takenOver) lines.push(`      ${takenOverLine(counts.takenOver)}`);
    if (counts.skipped) lines.push(`      skipped by reason: ${formatReasons(counts.skippedByReason ?? {})}`);
  }
  for (const warning of counts.warnings ?? []) lines.push(`      warning: ${warning}`);
  return lines;
}

export interface LastRunLike {
  id: string;
  status: string;
  trigger: string;
  day: Date | null;
  startedAt: Date;
  finishedAt: Date | null;
  error: string | null;
  stats: unknown;
}

export type StoredCounts = Partial<CountsLike> & {
  skippedByReason?: Record<string, number>;
  warnings?: string[];
  pagesRead?: number;
  merged?: number;
  takenOver?: number;
};

/** The six counts of a stored record, a missing one as 0 (records written before a count existed). */
export function countsOf(stored: StoredCounts) {
  return {
    new: stored.new ?? 0,
    updated: stored.updated ?? 0,
    unchanged: stored.unchanged ?? 0,
    reactivated: stored.reactivated ?? 0,
    deactivated: stored.deactivated ?? 0,
    skipped: stored.skipped ?? 0,
  };
}

/** One source's last fetch for `jobs list --json`: what formatSourceHealth prints, as data. */
export function sourceHealthJson(source: SourceHealth & { platform: string; lastJobRunId?: string | null }) {
  const stored = (source.lastCounts ?? {}) as StoredCounts;
  const fetched = Boolean(source.lastFetchAt && source.lastOutcome);
  const counted = fetched && source.lastOutcome !== 'failed';
  return {
    name: source.name,
    platform: source.platform,
    type: source.type,
    lastFetchAt: fetched ? source.lastFetchAt!.toISOString() : null,
    lastSuccessAt: source.lastSuccessAt?.toISOString() ?? null,
    /** ok, incomplete (nothing deactivated for being absent), failed (previous causes kept), or null: never fetched */
    outcome: fetched ? source.lastOutcome : null,
    counts: counted ? countsOf(stored) : null,
    skippedByReason: counted ? (stored.skippedByReason ?? {}) : {},
    pagesRead: counted ? (stored.pagesRead ?? null) : null,
    warnings: fetched ? (stored.warnings ?? []) : [],
    error: fetched ? source.lastError : null,
    jobRunId: fetched ? (source.lastJobRunId ?? null) : null,
  };
}

/** `npm run jobs -- list --json`: the job, its schedule, its last run and each source's last fetch. */
export function jobsListJson(options: {
  job: string;
  schedule: { cron: string; timezone: string };
  lastRun: LastRunLike | null;
  sources: (SourceHealth & { platform: string; lastJobRunId?: string | null })[];
}) {
  const { lastRun } = options;
  const runSources = ((lastRun?.stats as { sources?: OutcomeLike[] } | null)?.sources ?? []).map((s) => ({ ok: s.ok, status: s.status }));
  return {
    job: options.job,
    schedule: { cron: options.schedule.cron, timezone: options.schedule.timezone },
    lastRun: lastRun
      ? {
          id: lastRun.id,
          status: lastRun.status,
          /** the status as `jobs list` words it: "succeeded with 1 of 3 sources failed and 1 incomplete" */
          summary: runStatusPhrase(lastRun.status, runSources),
          day: lastRun.day?.toISOString().slice(0, 10) ?? null,
          trigger: lastRun.trigger,
          startedAt: lastRun.startedAt.toISOString(),
          finishedAt: lastRun.finishedAt?.toISOString() ?? null,
          error: lastRun.error,
          sources: runSources.length,
          sourcesFailed: runSources.filter((s) => !s.ok).length,
          sourcesIncomplete: runSources.filter((s) => s.ok && s.status === 'incomplete').length,
        }
      : null,
    sources: [...options.sources].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map(sourceHealthJson),
  };
}

/** One recorded run for `jobs list`: its content day, status, timing, pick and each source's outcome. */
export function runHistoryJson(run: LastRunLike) {
  const stats = (run.stats ?? {}) as {
    sources?: (Partial<SourceOutcome> & { counts?: Partial<Record<keyof CountsLike, unknown>> })[];
    pick?: { slug: string } | null;
  };
  const sources = stats.sources ?? [];
  return {
    id: run.id,
    day: run.day?.toISOString().slice(0, 10) ?? null,
    status: run.status,
    summary: runStatusPhrase(
      run.status,
      sources.map((s) => ({ ok: Boolean(s.ok), status: s.status })),
    ),
    trigger: run.trigger,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    durationMs: run.finishedAt ? run.finishedAt.getTime() - run.startedAt.getTime() : null,
    error: run.error,
    pick: stats.pick?.slug ?? null,
    sources: sources.map((s) => ({
      name: s.name ?? '',
      outcome: s.status ?? (s.ok ? 'ok' : 'failed'),
      // a stored run keeps its skipped items as a list; older records as a number
      counts: s.counts
        ? countsOf({
            ...s.counts,
            skipped: Array.isArray(s.counts.skipped) ? s.counts.skipped.length : (s.counts.skipped as number | undefined),
          } as StoredCounts)
        : null,
      error: s.error ?? null,
    })),
  };
}

/** The run history as `jobs list` prints it: a line per run, newest first, and one per source under it. */
export function formatRunHistory(runs: ReturnType<typeof runHistoryJson>[]): string[] {
  if (!runs.length) return ['runs     none yet'];
  const lines = [`runs     the last ${runs.length === 1 ? 'one' : runs.length}, newest first:`];
  for (const run of runs) {
    const took = run.durationMs === null ? 'still running' : `${(run.durationMs / 1000).toFixed(1)} s`;
    lines.push(
      `  ${run.day ?? '(no day)'}  ${run.summary}${run.error ? `: ${run.error}` : ''}  (${run.trigger}, started ${run.startedAt}, ${took})${run.pick ? `, pick ${run.pick}` : ''}`,
    );
    for (const source of run.sources) {
      const counts = source.counts
        ? `, ${source.counts.new} new, ${source.counts.updated} updated, ${source.counts.unchanged} unchanged, ${source.counts.reactivated} reactivated, ${source.counts.deactivated} deactivated, ${source.counts.skipped} skipped`
        : '';
      lines.push(`              ${source.name}: ${source.outcome}${counts}${source.error ? ` (${source.error})` : ''}`);
    }
  }
  return lines;
}
