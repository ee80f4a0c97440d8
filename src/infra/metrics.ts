// Prometheus metrics of one API process (prom-client), on a registry of its own so that several apps in
// one process (the tests) do not share counters. Counts of causes and of recorded job runs are read
// from the database when scraped, so they include what other processes (the commands) did.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { RefreshResult } from '../modules/refresh/refresh-result.js';
import { contentDay } from '../time/berlin-calendar.js';
import type { SmallRead } from './small-read.js';
import { causeCountsByState } from '../sql/cause.js';
import { failedRefreshesOfDay, lastRunOfEachJob } from '../sql/job-run.js';
import { pendingDeliveryCount } from '../sql/webhook-delivery.js';
import { endpointCountsByState } from '../sql/webhook-endpoint.js';

export type KeyCheckOutcome = 'valid' | 'missing' | 'invalid';

export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route'>;
  rateLimited: Counter<'route'>;
  keyChecks: Counter<'outcome'>;
  /** requests answered 503 because the database lacks a table or column this version needs */
  schemaFaults: Counter;
  /** records a refresh result this process received from its worker */
  recordJobRun(job: string, result: RefreshResult): void;
  /** a run that ended without a result (its error, a crash, the time limit) */
  recordJobFailure(job: string): void;
  /** a webhook attempt this process made */
  recordWebhookAttempt(type: string, outcome: { error: string | null; latencyMs: number }): void;
}

export interface MetricsSources {
  /** small SQL reads with a short timeout (the version probe's pool) */
  query?: SmallRead;
  /** the process's clock: which content day "today" is */
  clock?: () => Date;
}

export function createMetrics(sources: MetricsSources = {}, options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'es_' });

  const httpRequests = new Counter({
    name: 'es_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'es_http_request_duration_seconds',
    help: 'Time from the request to the end of the response, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'es_rate_limited_total',
    help: 'Requests answered 429, by route pattern: over the per-key limit, or from an address limited for missing or invalid keys',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const keyChecks = new Counter({
    name: 'es_key_checks_total',
    help: 'X-Api-Key checks by outcome (valid, missing, invalid: unknown, revoked or expired)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const schemaFaults = new Counter({
    name: 'es_database_schema_faults_total',
    help: 'Requests answered 503 because the database lacks a table, column or function this version needs (a migration not applied)',
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'es_job_runs_total',
    help: 'Job runs this process started (scheduler, catch-up, start-up), by job and outcome',
    labelNames: ['job', 'status'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'es_job_duration_seconds',
    help: 'Wall time of the job runs this process started',
    labelNames: ['job'] as const,
    buckets: [1, 2, 5, 10, 30, 60, 120, 300, 900],
    registers: [registry],
  });
  const sourceImports = new Counter({
    name: 'es_source_imports_total',
    help: 'Source imports of the refresh runs this process started, by source and outcome (ok, incomplete, failed)',
    labelNames: ['source', 'outcome'] as const,
    registers: [registry],
  });
  const sourceItems = new Counter({
    name: 'es_source_items_total',
    help: 'Feed items of those imports, by source and what became of them',
    labelNames: ['source', 'result'] as const,
    registers: [registry],
  });

  const webhookAttempts = new Counter({
    name: 'es_webhook_attempts_total',
    help: 'Webhook delivery attempts this process made, by event type and outcome (delivered, failed)',
    labelNames: ['type', 'outcome'] as const,
    registers: [registry],
  });

  if (sources.query) {
    const query = sources.query;
    new Gauge({
      name: 'es_webhook_endpoints',
      help: 'Webhook endpoints by state: enabled, or disabled (a delivery failed through its whole retry schedule, or the operator disabled it)',
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const row = await endpointCountsByState(query).catch(() => undefined);
        if (!row) return;
        for (const state of ['enabled', 'disabled'] as const) this.set({ state }, row[state]);
      },
    });
    new Gauge({
      name: 'es_webhook_deliveries_pending',
      help: 'Webhook deliveries waiting for an attempt (of enabled and disabled endpoints)',
      registers: [registry],
      async collect() {
        this.reset();
        const row = await pendingDeliveryCount(query).catch(() => undefined);
        if (row) this.set(row.pending);
      },
    });
    new Gauge({
      name: 'es_causes',
      help: 'Causes in the catalogue by state (active includes suppressed)',
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        // the database away or without the table: no figures (absent, not zero), the rest of /metrics answers
        const row = await causeCountsByState(query).catch(() => undefined);
        if (!row) return;
        for (const state of ['active', 'suppressed', 'inactive'] as const) this.set({ state }, row?.[state] ?? 0);
      },
    });
    new Gauge({
      name: 'es_job_last_run_timestamp_seconds',
      help: 'Start of the last recorded run of each job (by any process), by its outcome',
      labelNames: ['job', 'status'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const rows = await lastRunOfEachJob(query).catch(() => []);
        for (const row of rows) this.set({ job: row.job, status: row.status }, row.started);
      },
    });
    const clock = sources.clock;
    if (clock) {
      new Gauge({
        name: 'es_refresh_failures_today',
        help: 'Refresh runs of the current content day that failed (or whose process died): the catch-up backs off after each',
        registers: [registry],
        async collect() {
          this.reset();
          const row = await failedRefreshesOfDay(query, contentDay(clock())).catch(() => undefined);
          if (row) this.set(row.failures);
        },
      });
    }
  }

  return {
    registry,
    httpRequests,
    httpDuration,
    rateLimited,
    keyChecks,
    schemaFaults,
    recordJobRun(job, result) {
      jobRuns.inc({ job, status: result.status });
      if (result.status === 'skipped') return;
      jobDuration.observe({ job }, result.durationMs / 1000);
      for (const source of result.sources) {
        sourceImports.inc({ source: source.name, outcome: source.status });
        const counts = source.counts;
        if (!counts) continue;
        for (const result of ['new', 'updated', 'unchanged', 'reactivated', 'deactivated'] as const) {
          if (counts[result]) sourceItems.inc({ source: source.name, result }, counts[result]);
        }
        if (counts.skipped.length) sourceItems.inc({ source: source.name, result: 'skipped' }, counts.skipped.length);
      }
    },
    recordJobFailure(job) {
      jobRuns.inc({ job, status: 'failed' });
    },
    recordWebhookAttempt(type, outcome) {
      webhookAttempts.inc({ type, outcome: outcome.error ? 'failed' : 'delivered' });
    },
  };
}
