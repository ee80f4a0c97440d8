// npm run bench:refresh -- [--causes N] [--sources S] [--changed PERCENT]
// The refresh at a large catalogue, as an operator runs it (`npm run jobs -- run refresh`, a Bree worker
// thread, real PostgreSQL): N causes in S json-feed sources with descriptions of about 2 KB, generated
// here. Three runs on one database: the first import; the next day with nothing changed; the day after,
// with PERCENT of the causes' figures changed. Each prints the command's wall time, the job's own
// duration, the command's CPU time (user + system: steadier than wall time on a busy machine) and its
// peak resident size. The next days are made with libfaketime (Debian's
// faketime, preloaded) when it is installed; without it they are re-runs of the same day (--force).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { parseScriptArgs, usageError } from '../../src/cli/script-args.js';
import { berlinDate } from '../../src/time/berlin-calendar.js';
import { epochMs, systemClock } from '../../src/time/clock.js';
import { generateFeed } from './generate-feed.js';
import { runProcess } from './run-process.js';
import { findLibfaketime } from '../libfaketime.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const USAGE = `Usage: npm run bench:refresh -- [--causes N] [--sources S] [--changed PERCENT]
  Times the refresh of N generated causes (default 100000) in S json-feed sources (default 10) on the
  PostgreSQL of DATABASE_URL (a database of its own, dropped at the end): the first import, a next day with
  nothing changed, and a day with PERCENT of the causes changed (default 1).`;
const { values } = parseScriptArgs(
  USAGE,
  { causes: { type: 'string', default: '100000' }, sources: { type: 'string', default: '10' }, changed: { type: 'string', default: '1' } },
  { positionals: false },
);
for (const name of ['causes', 'sources'] as const) {
  if (!/^[1-9]\d*$/.test(values[name]!)) usageError(`--${name} must be a whole number of at least 1.`, USAGE);
}
if (!/^(100|[1-9]?\d)(\.\d+)?$/.test(values.changed!)) usageError('--changed must be a percentage from 0 to 100.', USAGE);
const ADMIN_URL = process.env.DATABASE_URL;
if (!ADMIN_URL) usageError('DATABASE_URL must name a PostgreSQL server: the refresh is measured on a real database.', USAGE);

const N = Number(values.causes);
const SOURCES = Math.min(Number(values.sources), N);
const CHANGED_EVERY = Number(values.changed) > 0 ? Math.round(100 / Number(values.changed)) : 0;
const LIBFAKETIME = findLibfaketime();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'es-bench-refresh-'));
const log = (message: string) => process.stderr.write(`[bench:refresh] ${message}\n`);

/** Writes the S feeds and their sources file for the catalogue as of `today`. */
function writeCatalogue(today: string, changed?: (i: number) => boolean): string {
  const perSource = Math.ceil(N / SOURCES);
  const sources = [];
  for (let s = 0; s < SOURCES; s += 1) {
    const first = s * perSource;
    const count = Math.min(perSource, N - first);
    const file = path.join(work, `feed-${s + 1}.json`);
    fs.writeFileSync(file, JSON.stringify(generateFeed(count, today, { first, descriptionChars: 2000, changed })));
    sources.push({ name: `Benchmark ${s + 1}`, platform: 'bench', type: 'json-feed', url: file, maxBytes: 1_000_000_000 });
  }
  const config = path.join(work, 'sources.json');
  fs.writeFileSync(config, JSON.stringify({ sources }));
  return config;
}

interface Timing {
  run: string;
  wallSeconds: number;
  jobSeconds: number;
  peakRssMb: number;
  cpuSeconds: number;
  databaseCpuSeconds: number;
  counts: string;
  summaries: number;
}

/**
 * The CPU time of the PostgreSQL backends serving the benchmark's database while a run lasts (when the
 * server runs on this machine: their /proc/<pid>/stat, read every 200 ms; 0 otherwise).
 */
function databaseCpu(): { stop(): void; seconds(): number } {
  const last = new Map<number, number>();
  const read = async () => {
    const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name]);
    for (const { pid } of rows) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        last.set(pid, (Number(stat[11]) + Number(stat[12])) / 100);
      } catch {
        /* not on this machine, or gone */
      }
    }
  };
  const poll = setInterval(() => void read().catch(() => undefined), 200);
  return { stop: () => clearInterval(poll), seconds: () => [...last.values()].reduce((a, b) => a + b, 0) };
}

async function refresh(run: string, env: NodeJS.ProcessEnv, dayOffset: number): Promise<Timing> {
  const command = ['--import', 'tsx', 'src/cli/jobs.ts', 'run', 'refresh'];
  const shifted = LIBFAKETIME && dayOffset ? { LD_PRELOAD: LIBFAKETIME, FAKETIME: `+${dayOffset}d`, FAKETIME_DONT_RESET: '1' } : {};
  const args = !LIBFAKETIME && dayOffset ? [...command, '--force'] : command;
  log(`${run} …`);
  const started = epochMs();
  const database = databaseCpu();
  const result = await runProcess(process.execPath, args, { ...env, ...shifted }, ROOT).finally(() => database.stop());
  if (result.code !== 0) throw new Error(`${run} failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  const totals = { new: 0, updated: 0, unchanged: 0 };
  for (const match of result.stdout.matchAll(/^imported .*: (\d+) new, (\d+) updated, (\d+) unchanged$/gm)) {
    totals.new += Number(match[1]);
    totals.updated += Number(match[2]);
    totals.unchanged += Number(match[3]);
  }
  return {
    run,
    wallSeconds: (epochMs() - started) / 1000,
    jobSeconds: Number(/duration: ([\d.]+) s/.exec(result.stdout)?.[1]),
    peakRssMb: Math.round(result.peakRssKb / 1024),
    cpuSeconds: result.cpuSeconds,
    databaseCpuSeconds: database.seconds(),
    counts: `${totals.new} new, ${totals.updated} updated, ${totals.unchanged} unchanged`,
    summaries: Number(/summaries written: (\d+)/.exec(result.stdout)?.[1]),
  };
}

const name = `es_bench_refresh_${process.pid}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
const url = Object.assign(new URL(ADMIN_URL!), { pathname: `/${name}` }).toString();
const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' };
const today = berlinDate(systemClock());
const timings: Timing[] = [];
try {
  log(
    `${N} causes in ${SOURCES} json-feed sources, descriptions of about 2 KB; next days ${LIBFAKETIME ? 'through libfaketime' : 'as re-runs of the same day (--force): libfaketime (Debian package faketime) is not installed'}`,
  );
  const env1 = { ...env, SOURCES_CONFIG: writeCatalogue(today) };
  await runProcess(process.execPath, ['--import', 'tsx', 'scripts/prisma.mjs', 'migrate', 'deploy'], env1, ROOT).then((r) => {
    if (r.code !== 0) throw new Error(`migrations failed:\n${r.stdout}\n${r.stderr}`);
  });
  timings.push(await refresh('first import', env1, 0));
  // The same files the next day: nothing changed at the sources.
  timings.push(await refresh('next day, nothing changed', env1, 1));
  // The day after, the figures of one cause in 100 (at 1 %) moved.
  const changed = CHANGED_EVERY ? (i: number) => (i + 1) % CHANGED_EVERY === 0 : undefined;
  timings.push(await refresh(`the day after, ${values.changed} % changed`, { ...env, SOURCES_CONFIG: writeCatalogue(today, changed) }, 2));
} finally {
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
  fs.rmSync(work, { recursive: true, force: true });
}

console.log(
  `Refresh of ${N.toLocaleString('en')} causes in ${SOURCES} json-feed sources (descriptions of about 2 KB), ${berlinDate(systemClock())}, ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'} (${os.cpus().length} cores), PostgreSQL (DATABASE_URL)\n`,
);
console.log('| run | command wall s | job duration s | command CPU s | database CPU s | peak RSS MB | imported | summaries written |');
console.log('|---|---|---|---|---|---|---|---|');
for (const t of timings)
  console.log(
    `| ${t.run} | ${t.wallSeconds.toFixed(1)} | ${t.jobSeconds.toFixed(1)} | ${t.cpuSeconds.toFixed(1)} | ${t.databaseCpuSeconds.toFixed(1)} | ${t.peakRssMb} | ${t.counts} | ${t.summaries.toLocaleString('en')} |`,
  );
