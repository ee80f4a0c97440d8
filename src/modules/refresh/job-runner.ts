// The main-thread side of the jobs: a Bree instance that schedules the refresh at 02:00 Europe/Berlin
// and runs it in a worker thread (which runs the refresh in a child process of its own, so that no crash
// of a run can take the API down), with a time limit, and a way to run it now and wait for its result.
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Bree from 'bree';
import type { Logger } from 'pino';
import { REFRESH_JOB_NAME, type RefreshResult, type SourceOutcome } from './refresh-result.js';
import { REFRESH_HEAP_MB } from '../../config/env.js';
import { epochMs } from '../../time/clock.js';
import { CONTENT_DAY_START_HOUR, SERVICE_TIME_ZONE } from '../../time/berlin-calendar.js';

// From the sources (src/modules/refresh → jobs/refresh.mjs, which registers the TypeScript loader in
// the worker) or from the build (dist/src/modules/refresh → dist/jobs/refresh.job.js, plain JavaScript).
const COMPILED = fileURLToPath(import.meta.url).endsWith('.js');
export const JOBS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'jobs');
const REFRESH_JOB_FILE = path.join(JOBS_DIR, COMPILED ? 'refresh.job.js' : 'refresh.mjs');
/** Daily, when the content day starts (02:00 Europe/Berlin). */
export const REFRESH_SCHEDULE = { cron: `0 ${CONTENT_DAY_START_HOUR} * * *`, timezone: SERVICE_TIME_ZONE } as const;
/** A refresh still running after this long is stopped; its claim's lease then runs out. */
export const REFRESH_TIMEOUT_MS = 15 * 60_000;

export interface RefreshJobData {
  databaseUrl: string;
  trigger: string;
  asOf?: string;
  force?: boolean;
}

export type RefreshJobMessage =
  | { type: 'result'; result: RefreshResult }
  | { type: 'error'; message: string }
  /** one source's import ended (sent while the run goes on) */
  | { type: 'source'; outcome: SourceOutcome }
  /** the run holds the day (sent while the run goes on) */
  | { type: 'claimed'; runId: string; day: string };

export type JobOutcome = { ok: true; result: RefreshResult } | { ok: false; error: string };

export interface JobRunner {
  bree: Bree;
  /** Runs the refresh now (or joins the run in progress) and resolves when the worker is gone. */
  runRefreshNow(): Promise<JobOutcome>;
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  data: RefreshJobData;
  logger: Logger;
  timeoutMs?: number;
  heapMb?: number;
  /** every refresh result a worker of this runner reports (scheduled, catch-up or manual) */
  onResult?: (result: RefreshResult) => void;
  /** each source's outcome as its import ends */
  onSource?: (outcome: SourceOutcome) => void;
  /** a run that ended without a result (an error in the job, a crash, the time limit) */
  onFailure?: (error: string) => void;
  /** one log line per run and per source (default); the jobs command prints its own summary instead */
  logResults?: boolean;
}

/** One log line per job run and one per source: what the operator greps for. */
function logResult(logger: Logger, result: RefreshResult): void {
  for (const source of result.sources) {
    const counts = source.counts ? { ...source.counts, skipped: source.counts.skipped.length } : undefined;
    logger[source.ok ? 'info' : 'warn'](
      { job: REFRESH_JOB_NAME, day: result.day, source: source.name, ok: source.ok, counts, error: source.error },
      'source import',
    );
  }
  logger[result.status === 'failed' ? 'warn' : 'info'](
    {
      job: REFRESH_JOB_NAME,
      day: result.day,
      status: result.status,
      durationMs: result.durationMs,
      pick: result.pick?.slug ?? null,
      summariesWritten: result.summariesWritten,
      error: result.error,
    },
    'job run',
  );
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const events = new EventEmitter();
  const { logger } = options;
  const timeoutMs = options.timeoutMs ?? REFRESH_TIMEOUT_MS;
  const bree = new Bree({
    root: JOBS_DIR,
    defaultExtension: COMPILED ? 'js' : 'mjs',
    acceptedExtensions: ['.mjs', '.js'],
    jobs: [
      {
        name: REFRESH_JOB_NAME,
        path: REFRESH_JOB_FILE,
        ...REFRESH_SCHEDULE,
        closeWorkerAfterMs: timeoutMs,
        // The run itself is a child process of this worker (jobs/refresh.job.ts), with the heap limit: firm
        // limits make V8 collect instead of growing (the refresh pages and bulk-inserts), and a run that
        // exhausts its heap or crashes ends only its own process. The worker only relays.
        worker: {
          workerData: { ...options.data, heapMb: options.heapMb ?? REFRESH_HEAP_MB },
          resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 },
        },
      },
    ],
    logger: {
      info: (message: unknown) => logger.debug({ bree: String(message) }),
      warn: (message: unknown) => logger.warn({ bree: String(message) }),
      error: (message: unknown) => logger.error({ bree: String(message) }),
    } as never,
    errorHandler: (error, meta) => {
      logger.error({ err: error, job: meta.name }, 'job failed');
      options.onFailure?.(error instanceof Error ? error.message : String(error));
      events.emit('failure', meta.name, error instanceof Error ? error.message : String(error));
    },
    workerMessageHandler: ({ name, message }) => {
      if (typeof message !== 'object' || !message) return;
      const jobMessage = message as RefreshJobMessage;
      if (jobMessage.type === 'source') options.onSource?.(jobMessage.outcome);
      if (jobMessage.type === 'error') {
        logger.warn({ job: REFRESH_JOB_NAME, status: 'failed', error: jobMessage.message }, 'job run');
        options.onFailure?.(jobMessage.message);
      }
      if (jobMessage.type === 'result') {
        if (options.logResults !== false) logResult(logger, jobMessage.result);
        options.onResult?.(jobMessage.result);
      }
      events.emit('message', name, jobMessage);
    },
  });

  // Bree deletes a worker after 'done', after an exit, and after the time limit terminated it.
  bree.on('worker deleted', (name: string) => events.emit('gone', name));

  async function runRefreshNow(): Promise<JobOutcome> {
    return new Promise<JobOutcome>((resolve) => {
      const started = epochMs();
      let outcome: JobOutcome | undefined;
      const onMessage = (name: string, message: RefreshJobMessage) => {
        if (name !== REFRESH_JOB_NAME) return;
        if (message.type === 'source' || message.type === 'claimed') return;
        outcome = message.type === 'result' ? { ok: true, result: message.result } : { ok: false, error: message.message };
      };
      const onFailure = (name: string, error: string) => {
        if (name === REFRESH_JOB_NAME && !outcome) outcome = { ok: false, error };
      };
      const onGone = (name: string) => {
        if (name !== REFRESH_JOB_NAME) return;
        events.off('message', onMessage).off('failure', onFailure).off('gone', onGone);
        const timedOut = epochMs() - started >= timeoutMs && !outcome?.ok;
        resolve(
          timedOut
            ? { ok: false, error: `the refresh was stopped after its time limit of ${timeoutMs} ms` }
            : (outcome ?? { ok: false, error: 'the refresh worker ended without a result' }),
        );
      };
      events.on('message', onMessage).on('failure', onFailure).on('gone', onGone);
      void bree.run(REFRESH_JOB_NAME).catch((error: Error) => onFailure(REFRESH_JOB_NAME, error.message));
    });
  }

  return {
    bree,
    runRefreshNow,
    async stop() {
      // Bree asks the worker to cancel; a worker that does not answer is terminated after 5 s.
      await Promise.race([bree.stop(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      for (const worker of bree.workers.values()) await worker.terminate();
    },
  };
}
