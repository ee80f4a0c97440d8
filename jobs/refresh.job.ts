// The refresh job as Bree runs it, in a worker thread: it starts the refresh in a child process
// (refresh.run.ts) with its own heap limit, relays what the run reports to the main thread, and posts
// 'done'. A worker thread shares the API's process, and V8 aborts the whole process on some allocation
// failures whatever a worker's resource limits say (a model's 300 MB answer did): the child's crash, kill
// or exhausted heap is reported as the run's failure, and the API keeps answering. A run that dies so
// after it took the day is recorded failed and its day freed at once, instead of when its lease runs out.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import type { RefreshJobData, RefreshJobMessage } from '../src/modules/refresh/job-runner.js';
import { systemClock } from '../src/time/clock.js';
import { failClaimOfRun } from '../src/sql/job-claim.js';
import { failRunningRun } from '../src/sql/job-run.js';

const data = workerData as RefreshJobData & { heapMb: number };
const post = (message: RefreshJobMessage | 'done' | 'cancelled') => parentPort?.postMessage(message);

const here = fileURLToPath(import.meta.url);
const compiled = here.endsWith('.js');
const child: ChildProcess = fork(path.join(path.dirname(here), compiled ? 'refresh.run.js' : 'refresh.run.ts'), [JSON.stringify(data)], {
  // the TypeScript loader for the sources; the build runs plain JavaScript
  execArgv: [...(compiled ? [] : ['--import', 'tsx']), `--max-old-space-size=${data.heapMb}`, '--max-semi-space-size=8'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});

/** The run's record failed and its day's claim freed, when the run's process died holding it. */
async function releaseDay(runId: string, reason: string): Promise<void> {
  const client = new pg.Client({ connectionString: data.databaseUrl, connectionTimeoutMillis: 5000, query_timeout: 5000 });
  await client.connect();
  try {
    await failRunningRun(client, runId, systemClock(), reason);
    await failClaimOfRun(client, runId);
  } finally {
    await client.end();
  }
}

let reported = false;
let claimedRunId: string | undefined;
child.on('message', (message: RefreshJobMessage) => {
  if (message.type === 'claimed') claimedRunId = message.runId;
  if (message.type === 'result' || message.type === 'error') reported = true;
  post(message);
});
async function reportExit(code: number | null, signal: NodeJS.Signals | null): Promise<void> {
  if (!reported) {
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    const reason = `the refresh process ${how} before it reported a result`;
    // the database away: the claim's lease frees the day instead
    if (claimedRunId) await releaseDay(claimedRunId, reason).catch(() => undefined);
    post({ type: 'error', message: reason });
  }
  post('done');
}
child.on('exit', (code, signal) => void reportExit(code, signal));
child.on('error', (error) => {
  if (!reported) post({ type: 'error', message: `the refresh process could not be started: ${error.message}` });
  reported = true;
});

// A stop of the server cancels the job: the run ends with its process, and its day is freed.
parentPort?.on('message', (message) => {
  if (message !== 'cancel') return;
  child.kill('SIGTERM');
  post('cancelled');
});
