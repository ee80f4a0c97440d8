// What a refresh run reports (to the jobs command, the logs, the metrics, the dashboards), in a module of
// its own so that readers of results need not import the refresh itself.
import type { ImportCounts } from '../causes/cause-import.service.js';

export const REFRESH_JOB_NAME = 'refresh';

/** ok: the whole feed was read; incomplete: part of it (see warnings), nothing deactivated for being absent. */
export type SourceStatus = 'ok' | 'incomplete' | 'failed';

export interface SourceOutcome {
  name: string;
  ok: boolean;
  status: SourceStatus;
  /** when the fetch started, and how long fetch and import took */
  fetchedAt: string;
  durationMs: number;
  error?: string;
  counts?: ImportCounts;
  /** items recorded as a further source of a cause another source already stands for (one cause per action) */
  merged?: number;
  /** causes of other sources it took over: they had left their feed, or its word on the action is newer (cause-sources.service.ts) */
  takenOver?: number;
  /** the skipped items counted by reason */
  skippedByReason?: Record<string, number>;
  warnings?: string[];
  pagesRead?: number;
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
