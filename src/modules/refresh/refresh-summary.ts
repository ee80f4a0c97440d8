// A refresh result, and the health of each source, as the operator reads them on the command line.
import type { RefreshResult, SourceOutcome } from './refresh.service.js';

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

/** "2 × no longer accepts donations, 1 × fully funded" */
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
  lastOutcome: string | null;
  lastError: string | null;
  lastCounts: unknown;
}

/** The last fetch of one source: when, its outcome, its counts or its error, its warnings. */
export function formatSourceHealth(source: SourceHealth): string[] {
  const head = `  ${source.name} (${source.type}): `;
  if (!source.lastFetchAt || !source.lastOutcome) return [`${head}never fetched`];
  const when = source.lastFetchAt.toISOString();
  const counts = (source.lastCounts ?? {}) as Partial<CountsLike> & { skippedByReason?: Record<string, number>; warnings?: string[]; pagesRead?: number };
  const lines: string[] = [];
  if (source.lastOutcome === 'failed') {
    lines.push(`${head}FAILED at ${when}, previous causes kept: ${source.lastError ?? 'unknown error'}`);
  } else {
    const outcome = source.lastOutcome === 'incomplete' ? 'INCOMPLETE (nothing deactivated for being absent)' : 'ok';
    const pages = counts.pagesRead !== undefined ? `, ${counts.pagesRead} page${counts.pagesRead === 1 ? '' : 's'} read` : '';
    lines.push(
      `${head}${outcome} at ${when}${pages}: ${formatCounts({
        new: counts.new ?? 0,
        updated: counts.updated ?? 0,
        unchanged: counts.unchanged ?? 0,
        reactivated: counts.reactivated ?? 0,
        deactivated: counts.deactivated ?? 0,
        skipped: counts.skipped ?? 0,
      })}`,
    );
    if (counts.skipped) lines.push(`      skipped by reason: ${formatReasons(counts.skippedByReason ?? {})}`);
  }
  for (const warning of counts.warnings ?? []) lines.push(`      warning: ${warning}`);
  return lines;
}
