// A refresh result as the operator reads it on the command line.
import type { RefreshResult } from './refresh.service.js';

export function formatRefreshSummary(result: RefreshResult): string {
  const lines = [`refresh for ${result.day}: ${result.status}${result.error ? ` (${result.error})` : ''}`];
  if (result.status === 'skipped') return lines[0];
  for (const source of result.sources) {
    if (!source.ok) {
      lines.push(`  ${source.name}: FAILED, previous causes kept: ${source.error}`);
      continue;
    }
    const c = source.counts!;
    lines.push(
      `  ${source.name}: ${c.new} new, ${c.updated} updated, ${c.unchanged} unchanged, ${c.reactivated} reactivated, ${c.deactivated} deactivated, ${c.skipped.length} skipped`,
    );
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
