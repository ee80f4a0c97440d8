// The job and source series of the metrics, fed with refresh results as the job runner hands them over.
import { describe, expect, it } from 'vitest';
import { createMetrics } from '../../src/infra/metrics.js';
import type { RefreshResult } from '../../src/modules/refresh/refresh-result.js';

const result = (status: RefreshResult['status'], durationMs: number): RefreshResult => ({
  jobRunId: '00000000-0000-4000-8000-000000000000',
  day: '2026-11-21',
  status,
  sources: [
    {
      name: 'Petitionen Nord',
      ok: true,
      status: 'ok',
      fetchedAt: '2026-11-21T01:00:00.000Z',
      durationMs: 120,
      counts: { new: 3, updated: 1, unchanged: 40, reactivated: 0, deactivated: 2, skipped: [{ externalId: 'x', reason: 'bad' }] },
    },
    { name: 'Kaputt', ok: false, status: 'failed', fetchedAt: '2026-11-21T01:00:00.000Z', durationMs: 40, error: 'HTTP 500' },
    {
      name: 'Halb',
      ok: true,
      status: 'incomplete',
      fetchedAt: '2026-11-21T01:00:00.000Z',
      durationMs: 900,
      warnings: ['page 3 of 9 failed'],
      counts: { new: 1, updated: 0, unchanged: 0, reactivated: 0, deactivated: 0, skipped: [] },
    },
  ],
  summariesWritten: 8,
  pick: null,
  durationMs,
});

describe('job metrics', () => {
  it('count runs by outcome, observe durations, and count source imports and their items', async () => {
    const metrics = createMetrics();
    metrics.recordJobRun('refresh', result('succeeded', 2500));
    metrics.recordJobRun('refresh', result('skipped', 0));
    metrics.recordJobFailure('refresh');
    const text = await metrics.registry.metrics();
    const lines = text.split('\n');
    for (const line of [
      'es_job_runs_total{job="refresh",status="succeeded"} 1',
      'es_job_runs_total{job="refresh",status="skipped"} 1',
      'es_job_runs_total{job="refresh",status="failed"} 1',
      'es_job_duration_seconds_count{job="refresh"} 1',
      'es_job_duration_seconds_sum{job="refresh"} 2.5',
      'es_job_duration_seconds_bucket{le="5",job="refresh"} 1',
      'es_job_duration_seconds_bucket{le="2",job="refresh"} 0',
      'es_source_imports_total{source="Petitionen Nord",outcome="ok"} 1',
      'es_source_imports_total{source="Kaputt",outcome="failed"} 1',
      'es_source_imports_total{source="Halb",outcome="incomplete"} 1',
      'es_source_items_total{source="Petitionen Nord",result="new"} 3',
      'es_source_items_total{source="Petitionen Nord",result="unchanged"} 40',
      'es_source_items_total{source="Petitionen Nord",result="deactivated"} 2',
      'es_source_items_total{source="Petitionen Nord",result="skipped"} 1',
    ]) {
      expect(lines, line).toContain(line);
    }
  });
});
