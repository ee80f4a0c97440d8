// Operator command for the jobs:
//   npm run jobs -- run refresh [--as-of YYYY-MM-DD] [--force]
//   npm run jobs -- list [--last N] [--json]
// `run` goes through Bree in a worker thread, exactly like the schedule; it works with or without a
// running server, on DATABASE_URL or the embedded database.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env.js';
import { runCommand, UsageError } from './command.js';
import { openDatabase } from '../infra/database.js';
import { createLogger } from '../infra/logger.js';
import { contentDay, isCalendarDate } from '../time/berlin-calendar.js';
import { createJobRunner, REFRESH_SCHEDULE } from '../modules/refresh/job-runner.js';
import {
  formatRefreshSummary,
  formatRunHistory,
  formatSourceHealth,
  jobsListJson,
  runHistoryJson,
  runStatusPhrase,
} from '../modules/refresh/refresh-summary.js';
import { REFRESH_JOB_NAME, type SourceOutcome } from '../modules/refresh/refresh-result.js';
import { systemClock } from '../time/clock.js';

/** Runs `jobs list` shows by default, and at most. */
const DEFAULT_HISTORY = 10;
const MAX_HISTORY = 1000;

const HELP = {
  run: `npm run jobs -- run refresh [--as-of YYYY-MM-DD] [--force]
  Runs the refresh now in a worker thread (import every source, choose the daily action, write texts)
  and prints one line per source. Exit codes: 0 it ran and succeeded, 1 it failed, 3 it did not run
  (the day's refresh already succeeded, or another run holds the day, also with --force).
  --as-of DATE   today: an ordinary run; a past day: only that day's daily action is chosen (back-fill);
                 a future day is refused
  --force        run again although the day's refresh already succeeded (the day's pick is kept)`,
  list: `npm run jobs -- list [--last N] [--json]
  Shows each job's schedule and its last run, the run history (the last N runs, newest first: content
  day, status, trigger, start, duration, pick, and each source's outcome and counts), and each source's
  last fetch: when, its outcome (ok, incomplete: nothing deactivated for being absent, failed: previous
  causes kept), its counts, what was skipped by reason, its warnings and its error.
  --last N   how many runs the history shows (default ${DEFAULT_HISTORY}, at most ${MAX_HISTORY})
  --json     all of it as one JSON object: job, schedule, lastRun (null before the first run), runs
             (each with id, day, status, summary, trigger, startedAt, finishedAt, durationMs, error,
             pick and sources: name, outcome, counts, error) and sources, each with name, platform,
             type, lastFetchAt, lastSuccessAt, outcome, counts (new, updated, unchanged, reactivated, deactivated,
             skipped), skippedByReason, pagesRead, warnings, error and jobRunId`,
};

const USAGE = `Usage:
  npm run jobs -- run refresh [--as-of YYYY-MM-DD] [--force]
  npm run jobs -- list [--last N] [--json]
  npm run jobs -- COMMAND --help   more about one command`;

/** The requested run did not run (see HELP.run). */
const EXIT_NOT_RUN = 3;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command) throw new UsageError('No command given.');
  if (command !== 'run' && command !== 'list') throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
  const { values, positionals } = parseArgs({
    args: rest,
    options: { 'as-of': { type: 'string' }, force: { type: 'boolean', default: false }, json: { type: 'boolean', default: false }, last: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (command === 'run') {
    if (positionals.length !== 1 || positionals[0] !== REFRESH_JOB_NAME) throw new UsageError(`The only job is "${REFRESH_JOB_NAME}".`);
    if (values.json) throw new UsageError('--json goes with list.');
    if (values['as-of'] !== undefined && !isCalendarDate(values['as-of'])) throw new UsageError('--as-of must be a date written YYYY-MM-DD.');
    if (values['as-of'] !== undefined && values['as-of'] > contentDay(systemClock())) {
      throw new UsageError(`--as-of ${values['as-of']} is in the future; a day can be refreshed once it has begun (02:00 Berlin).`);
    }
    if (values.last !== undefined) throw new UsageError('--last goes with list.');
  } else if (positionals.length || values['as-of'] || values.force) {
    throw new UsageError('list takes no arguments but --last N and --json.');
  }
  const last = values.last === undefined ? DEFAULT_HISTORY : Number(values.last);
  if (!/^\d+$/.test(values.last ?? '1') || last < 1 || last > MAX_HISTORY) throw new UsageError(`--last must be a whole number from 1 to ${MAX_HISTORY}.`);

  const config = loadConfig();
  const db = await openDatabase(config, { maxConnections: 2, mustExist: true });
  try {
    if (command === 'list') {
      const history = await db.prisma.jobRun.findMany({ where: { job: REFRESH_JOB_NAME }, orderBy: { startedAt: 'desc' }, take: last });
      const latest = history[0] ?? null;
      const runs = history.map(runHistoryJson);
      // causes whose texts cannot be written honestly from their data: an editor's list (npm run texts -- held)
      const heldForEditor = await db.prisma.cause.count({ where: { active: true, editorialState: 'needs_editor' } });
      if (values.json) {
        const sources = await db.prisma.source.findMany();
        console.log(JSON.stringify({ ...jobsListJson({ job: REFRESH_JOB_NAME, schedule: REFRESH_SCHEDULE, lastRun: latest, sources }), runs, heldForEditor }));
        return 0;
      }
      console.log(`refresh  schedule: ${REFRESH_SCHEDULE.cron} (${REFRESH_SCHEDULE.timezone})`);
      const sources = ((latest?.stats as { sources?: SourceOutcome[] } | null)?.sources ?? []).map((s) => ({ ok: s.ok, status: s.status }));
      console.log(
        latest
          ? `         last run: ${runStatusPhrase(latest.status, sources)} for ${latest.day?.toISOString().slice(0, 10)}, started ${latest.startedAt.toISOString()}${latest.finishedAt ? `, finished ${latest.finishedAt.toISOString()}` : ''} (${latest.trigger})${latest.error ? `: ${latest.error}` : ''}`
          : '         last run: never',
      );
      for (const line of formatRunHistory(runs)) console.log(line);
      // Each source's last fetch, whichever run it was in (a back-fill of a past day fetches nothing).
      const health = (await db.prisma.source.findMany()).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      console.log(health.length ? 'sources  last fetch of each:' : 'sources  none fetched yet');
      for (const source of health) for (const line of formatSourceHealth(source)) console.log(line);
      console.log(
        heldForEditor
          ? `texts    ${heldForEditor} active ${heldForEditor === 1 ? 'cause is' : 'causes are'} held for an editor, never the daily action (npm run texts -- held)`
          : 'texts    no active cause is held for an editor',
      );
      return 0;
    }
    const runner = createJobRunner({
      data: { databaseUrl: db.url, trigger: 'manual', asOf: values['as-of'], force: values.force },
      logger: createLogger(config),
      heapMb: config.refreshHeapMb,
      logResults: false,
      // progress while the run goes on; the summary at the end repeats the counts with the skipped items
      onSource: (source) =>
        console.log(
          source.ok
            ? `imported ${source.name}: ${source.counts!.new} new, ${source.counts!.updated} updated, ${source.counts!.unchanged} unchanged`
            : `imported ${source.name}: FAILED (${source.error})`,
        ),
    });
    const outcome = await runner.runRefreshNow();
    await runner.stop();
    if (!outcome.ok) {
      console.error(`refresh failed: ${outcome.error}`);
      return 1;
    }
    const running = outcome.result.status === 'skipped' && Boolean(outcome.result.error?.includes('is running'));
    if (running && values.force) {
      // --force re-runs a finished day; it cannot start a second run beside one that is working.
      console.error(
        `${formatRefreshSummary(outcome.result)}\n--force did not run it: a run of that day is still working. Try again when it has finished (or, if its process died, when its lease has run out, within ${config.refreshLeaseMs / 1000} s).`,
      );
      return EXIT_NOT_RUN;
    }
    console.log(formatRefreshSummary(outcome.result));
    if (outcome.result.status === 'skipped') {
      console.log(outcome.result.error?.includes('is running') ? 'Nothing to do while it runs.' : 'Nothing to do; use --force to run it again.');
      return EXIT_NOT_RUN;
    }
    return outcome.result.status === 'failed' ? 1 : 0;
  } finally {
    await db.close();
  }
}

export const command = { main, usage: USAGE, help: HELP };

runCommand(command, import.meta.url);
