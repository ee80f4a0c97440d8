// npm run bench -- [--causes N] [--duration S] [--connections C] [--refresh-sizes 1000,10000] [--keys K]
// Measures the service against references started in the same run: REST v1 against a bare Express 5
// route returning a body of the same size, /graphql against bare Yoga serving the same data from memory;
// then the refresh at several catalogue sizes and the time from `npm start` to the first 200.
// Servers are pinned to core 0 and the load generator (autocannon) to core 1 where `taskset` exists.
// Uses DATABASE_URL / REDIS_URL when set (creating and dropping its own databases there), else the
// embedded database in temporary folders. Every response status is checked.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseScriptArgs, usageError } from '../../src/cli/script-args.js';
import pg from 'pg';
import { generateFeed } from './generate-feed.js';
import { runProcess } from './run-process.js';
import { berlinDate } from '../../src/time/berlin-calendar.js';
import { generateApiKey } from '../../src/modules/api-keys/api-keys.service.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const USAGE = `Usage: npm run bench -- [--causes N] [--duration S] [--connections C] [--refresh-sizes 1000,10000] [--keys K] [--skip-startup]
  Measures REST v1 against a bare Express route and /graphql against bare Yoga in one run, the refresh at
  each catalogue size, and the start-up (docs/performance.md, "Benchmark"). DATABASE_URL / REDIS_URL are used when set.
  --causes N          catalogue the API serves (default 10000)
  --duration S        seconds per load run (default 10)
  --connections C     concurrent connections of the load (default 50)
  --refresh-sizes L   catalogue sizes whose refresh is timed (default 1000,10000)
  --keys K            API keys the load rotates through (default 30000)
  --skip-startup      leave out the start-up measurement`;
const { values } = parseScriptArgs(
  USAGE,
  {
    causes: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'refresh-sizes': { type: 'string', default: '1000,10000' },
    keys: { type: 'string', default: '30000' },
    'skip-startup': { type: 'boolean', default: false },
  },
  { positionals: false },
);
for (const name of ['causes', 'duration', 'connections', 'keys'] as const) {
  if (!/^[1-9]\d*$/.test(values[name]!)) usageError(`--${name} must be a whole number of at least 1.`, USAGE);
}
if (!/^[1-9]\d*(,[1-9]\d*)*$/.test(values['refresh-sizes']!)) usageError('--refresh-sizes must be whole numbers separated by commas.', USAGE);
const N = Number(values.causes);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const KEY_COUNT = Number(values.keys);
const REFRESH_SIZES = [...new Set([...values['refresh-sizes']!.split(',').map(Number), N])].sort((a, b) => a - b);
const ADMIN_URL = process.env.DATABASE_URL || undefined;
const REDIS_URL = process.env.REDIS_URL || undefined;
const PIN = spawnSync('taskset', ['--version']).status === 0;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'es-bench-'));
const children = new Set<ChildProcess>();
const createdDatabases: string[] = [];

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const pinned = (core: number, args: string[]) => (PIN ? ['taskset', ['-c', String(core), ...args]] : [args[0], args.slice(1)]) as [string, string[]];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const run = (command: string, args: string[], env: NodeJS.ProcessEnv) => runProcess(command, args, env, ROOT);

function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<{ child: ChildProcess; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env });
    children.add(child);
    let output = '';
    let isReady = false;
    const onData = (d: Buffer) => {
      // once it is up, only the last 64 KB are kept (the API logs every request)
      output = isReady ? (output + d).slice(-65_536) : output + d;
      if (!isReady && ready.test(output)) {
        isReady = true;
        resolve({ child, output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      children.delete(child);
      if (!isReady) reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/** A fresh database for one catalogue: a new database on DATABASE_URL's server, or a new DATA_DIR. */
async function freshDatabase(label: string, options: { embedded?: boolean } = {}): Promise<NodeJS.ProcessEnv> {
  // no grace on SIGTERM: nothing balances load onto these servers
  const base: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', SHUTDOWN_GRACE_MS: '0' };
  if (!ADMIN_URL || options.embedded) {
    const { DATABASE_URL: _d, ...rest } = base;
    return { ...rest, DATA_DIR: path.join(work, `data-${label}`) };
  }
  const name = `es_bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  createdDatabases.push(name);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { ...base, DATABASE_URL: url.toString() };
}

function writeSources(size: number): string {
  const dir = path.join(work, `feed-${size}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'feed.json'), JSON.stringify(generateFeed(size, berlinDate(new Date()))));
  // a source that needs no review: the benchmark measures what integrators are served
  const sources = [{ name: 'Benchmark', platform: 'bench', type: 'json-feed', url: 'feed.json', maxBytes: 1_000_000_000, review: 'none' }];
  fs.writeFileSync(path.join(dir, 'sources.json'), JSON.stringify({ sources }));
  return path.join(dir, 'sources.json');
}

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes?: Record<string, { count: number }>;
  /** where the rotation through the keys stopped */
  nextKey: number;
}

/**
 * Where each keys file's rotation stopped: the next run on the same keys goes on from there. Started
 * at the first key again, a run would send the keys the last run sent in its final second once more,
 * and (once the service answers faster than the keys per second) be refused with 429s.
 */
const keyCursor = new Map<string, number>();

async function load(config: Record<string, unknown> & { keysFile?: string }): Promise<LoadResult> {
  const file = path.join(work, `load-${Date.now()}.json`);
  const firstKey = config.keysFile ? (keyCursor.get(config.keysFile) ?? 0) : 0;
  fs.writeFileSync(file, JSON.stringify({ connections: CONNECTIONS, firstKey, ...config }));
  const [command, args] = pinned(1, [process.execPath, '--import', 'tsx', path.join(ROOT, 'scripts/bench/load.ts'), file]);
  const result = await run(command, args, process.env);
  if (result.code !== 0) throw new Error(`load generator failed: ${result.stderr}`);
  const summary = JSON.parse(result.stdout.trim().split('\n').at(-1)!) as LoadResult;
  if (config.keysFile) keyCursor.set(config.keysFile, summary.nextKey);
  return summary;
}

/** `npm start` on an empty embedded database (the README's first command), whatever DATABASE_URL says. */
async function measureStartup(): Promise<number> {
  const env = await freshDatabase('startup', { embedded: true });
  const port = await freePort();
  const started = Date.now();
  const server = await startProcess('npm', ['start', '--silent'], { ...env, PORT: String(port), HOST: '127.0.0.1' }, /listening on/);
  // the embedded database's demo key, printed with the "listening on" line
  const key = /Demo API key .*: (esk_[A-Za-z0-9_-]+)"/.exec(server.output())?.[1];
  if (!key) throw new Error(`npm start printed no demo key:\n${server.output()}`);
  let status = 0;
  while (status !== 200) {
    if (Date.now() - started > 120_000) throw new Error(`npm start answered no 200 within 120 s (last status ${status})`);
    status = await fetch(`http://127.0.0.1:${port}/api/v1/daily-action`, { headers: { 'x-api-key': key } }).then(
      (r) => r.status,
      () => 0,
    );
    if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const elapsed = Date.now() - started;
  await stopProcess(server.child);
  return elapsed;
}

interface RefreshTiming {
  causes: number;
  jobSeconds: number;
  wallSeconds: number;
  peakRssMb: number;
}

async function measureRefresh(size: number): Promise<{ timing: RefreshTiming; env: NodeJS.ProcessEnv }> {
  const env = { ...(await freshDatabase(String(size))), SOURCES_CONFIG: writeSources(size) };
  const started = Date.now();
  const result = await run(process.execPath, ['--import', 'tsx', 'src/cli/jobs.ts', 'run', 'refresh'], env);
  if (result.code !== 0) throw new Error(`refresh of ${size} causes failed:\n${result.stdout}\n${result.stderr}`);
  const jobSeconds = Number(/duration: ([\d.]+) s/.exec(result.stdout)?.[1]);
  return {
    timing: { causes: size, jobSeconds, wallSeconds: (Date.now() - started) / 1000, peakRssMb: Math.round(result.peakRssKb / 1024) },
    env,
  };
}

interface Row {
  endpoint: string;
  bytes: number;
  result: LoadResult;
  reference?: LoadResult;
  referenceName: string;
  /** answers are refusals (4xx) by design */
  refusals?: boolean;
}

async function main() {
  log(
    `${os.cpus().length} cores, ${PIN ? 'servers on core 0, load on core 1' : 'no taskset: not pinned'}; ${ADMIN_URL ? 'DATABASE_URL' : 'embedded database'}, ${REDIS_URL ? 'REDIS_URL' : 'in-memory limits'}`,
  );
  const startupMs = values['skip-startup'] ? null : await measureStartup();
  if (startupMs !== null) log(`npm start to first 200: ${startupMs} ms`);

  const timings: RefreshTiming[] = [];
  let mainEnv: NodeJS.ProcessEnv | undefined;
  for (const size of REFRESH_SIZES) {
    log(`refresh of ${size} causes …`);
    const { timing, env } = await measureRefresh(size);
    timings.push(timing);
    if (size === N) mainEnv = env;
  }

  log(`issuing ${2 * KEY_COUNT + 2} keys`);
  // twice as many: the second half is used once each, for the first requests of keys never seen before
  const created = await run(
    process.execPath,
    ['--import', 'tsx', 'src/cli/keys.ts', 'create', '--count', String(2 * KEY_COUNT + 2), '--name', 'benchmark', '--tier', 'growth', '--json'],
    mainEnv!,
  );
  if (created.code !== 0) throw new Error(created.stderr);
  const [sampleKey, graphqlKey, ...allKeys] = created.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line).key as string);
  const keys = allKeys.slice(0, KEY_COUNT);
  const keysFile = path.join(work, 'keys.json');
  fs.writeFileSync(keysFile, JSON.stringify(keys)); // the load rotates through these; the first two are for samples
  const unseenKeysFile = path.join(work, 'unseen-keys.json');
  fs.writeFileSync(unseenKeysFile, JSON.stringify(allKeys.slice(KEY_COUNT)));
  // of the right shape and checksum, but issued to no one: refused from memory (401, then 429 for the address)
  const invalidKeysFile = path.join(work, 'invalid-keys.json');
  fs.writeFileSync(invalidKeysFile, JSON.stringify(Array.from({ length: KEY_COUNT }, generateApiKey)));

  const port = await freePort();
  const apiUrl = `http://127.0.0.1:${port}`;
  const [cmd, args] = pinned(0, [process.execPath, '--import', 'tsx', 'src/server.ts']);
  // At the default log level, as an operator runs it: one log line per request.
  const { LOG_LEVEL: _level, ...apiEnv } = mainEnv!;
  const api = await startProcess(cmd, args, { ...apiEnv, PORT: String(port), HOST: '127.0.0.1', ...(REDIS_URL ? { REDIS_URL } : {}) }, /listening on/);

  const perPage = 20;
  const deepPage = Math.max(1, Math.floor(N / perPage / 2));
  const deepCategoryPage = Math.max(1, Math.floor(N / 3 / perPage / 2));
  const endpoints = [
    { endpoint: 'GET /api/v1/causes (page 1)', path: '/api/v1/causes' },
    { endpoint: `GET /api/v1/causes (page ${deepPage})`, path: `/api/v1/causes?page=${deepPage}` },
    { endpoint: `GET /api/v1/causes?category=Brief (page ${deepCategoryPage}, en)`, path: `/api/v1/causes?category=Brief&page=${deepCategoryPage}&lang=en` },
    { endpoint: 'GET /api/v1/daily-action', path: '/api/v1/daily-action' },
  ];
  const dashboardQuery = JSON.stringify({
    query: '{ causes(page: 1, pageSize: 20) { total items { slug title category deadline urgency_score { total } suppressed } } }',
  });

  // One pass over every key fills the key cache; then each key rests for more than a second.
  log('warming up');
  await load({ url: apiUrl, path: '/api/v1/daily-action', keysFile, amount: keys.length });
  const rows: Row[] = [];
  for (const target of endpoints) {
    const sample = await fetch(`${apiUrl}${target.path}`, { headers: { 'x-api-key': sampleKey } });
    if (sample.status !== 200) throw new Error(`${target.path} answered ${sample.status}: ${await sample.text()}`);
    const bytes = Buffer.byteLength(await sample.text());
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await load({ url: apiUrl, path: target.path, keysFile, durationSeconds: 2 });
    log(`measuring ${target.endpoint}`);
    rows.push({
      endpoint: target.endpoint,
      bytes,
      result: await load({ url: apiUrl, path: target.path, keysFile, durationSeconds: DURATION }),
      referenceName: 'bare Express 5, same body size',
    });
  }
  const dailyBytes = rows.at(-1)!.bytes;
  log(`measuring the first requests of ${KEY_COUNT} keys never seen before`);
  rows.push({
    endpoint: 'GET /api/v1/daily-action, keys never seen before',
    bytes: dailyBytes,
    result: await load({ url: apiUrl, path: '/api/v1/daily-action', keysFile: unseenKeysFile, amount: KEY_COUNT }),
    referenceName: 'bare Express 5, same body size',
  });
  const dashboardData = await fetch(`${apiUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': graphqlKey },
    body: dashboardQuery,
  }).then((r) => r.json() as Promise<{ data?: unknown; errors?: unknown }>);
  if (!dashboardData.data) throw new Error(`the dashboard query failed: ${JSON.stringify(dashboardData)}`);
  const dataFile = path.join(work, 'dashboard-data.json');
  fs.writeFileSync(dataFile, JSON.stringify(dashboardData.data));
  const graphqlLoad = { path: '/graphql', method: 'POST', body: dashboardQuery, headers: { 'content-type': 'application/json' } };
  await load({ url: apiUrl, ...graphqlLoad, keysFile, durationSeconds: 2 });
  log('measuring POST /graphql');
  const graphqlRow: Row = {
    endpoint: 'POST /graphql (dashboard query)',
    bytes: Buffer.byteLength(JSON.stringify(dashboardData)),
    result: await load({ url: apiUrl, ...graphqlLoad, keysFile, durationSeconds: DURATION }),
    referenceName: 'bare Yoga on Express, data in memory',
  };
  // Last: from here on the load's address is refused for every key for a minute.
  const refused = await fetch(`${apiUrl}/api/v1/daily-action`, { headers: { 'x-api-key': generateApiKey() } });
  const refusedBytes = Buffer.byteLength(await refused.text());
  await load({ url: apiUrl, path: '/api/v1/daily-action', keysFile: invalidKeysFile, durationSeconds: 2 });
  log('measuring invalid keys');
  rows.push({
    endpoint: 'GET /api/v1/daily-action, invalid keys (401, then 429)',
    bytes: refusedBytes,
    refusals: true,
    result: await load({ url: apiUrl, path: '/api/v1/daily-action', keysFile: invalidKeysFile, durationSeconds: DURATION }),
    referenceName: 'bare Express 5, same body size',
  });
  await stopProcess(api.child);

  const refPort = await freePort();
  const [rc, ra] = pinned(0, [process.execPath, '--import', 'tsx', 'scripts/bench/reference-express.ts', String(refPort), rows.map((r) => r.bytes).join(',')]);
  const reference = await startProcess(rc, ra, process.env, /listening/);
  for (const row of rows) {
    await load({ url: `http://127.0.0.1:${refPort}`, path: `/body/${row.bytes}`, durationSeconds: 2 });
    log(`measuring the reference for ${row.bytes} bytes`);
    row.reference = await load({ url: `http://127.0.0.1:${refPort}`, path: `/body/${row.bytes}`, durationSeconds: DURATION });
  }
  await stopProcess(reference.child);

  const yogaPort = await freePort();
  const [yc, ya] = pinned(0, [process.execPath, '--import', 'tsx', 'scripts/bench/reference-yoga.ts', String(yogaPort), dataFile]);
  const yoga = await startProcess(yc, ya, process.env, /listening/);
  await load({ url: `http://127.0.0.1:${yogaPort}`, ...graphqlLoad, durationSeconds: 2 });
  log('measuring the bare Yoga reference');
  graphqlRow.reference = await load({ url: `http://127.0.0.1:${yogaPort}`, ...graphqlLoad, durationSeconds: DURATION });
  await stopProcess(yoga.child);
  rows.push(graphqlRow);

  const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  const statusOk = (r: LoadResult) => r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;
  const refusalsOk = (r: LoadResult) =>
    r.non2xx === r.total && r.errors === 0 && r.timeouts === 0 && Object.keys(r.statusCodes ?? {}).every((code) => code === '401' || code === '429');
  const rowOk = (r: Row) => (r.refusals ? refusalsOk(r.result) : statusOk(r.result)) && statusOk(r.reference!);
  const statuses = (r: Row) => {
    if (r.refusals) return rowOk(r) ? `all 401 or 429 (${fmt(r.result.total)})` : `NOT OK: ${JSON.stringify(r.result.statusCodes)}, ${r.result.errors} errors`;
    return rowOk(r) ? `all 2xx (${fmt(r.result.total)})` : `NOT OK: ${r.result.non2xx} non-2xx, ${r.result.errors} errors, ${r.result.timeouts} timeouts`;
  };
  const lines = [
    `Engagement-Signal API benchmark, ${new Date().toISOString().slice(0, 10)}, ${os.cpus()[0]?.model ?? 'cpu'} (${os.cpus().length} cores), ${N} causes, ${ADMIN_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}, ${REDIS_URL ? 'Redis' : 'in-memory'} limits, ${CONNECTIONS} connections, ${DURATION} s per run`,
    '',
    '| endpoint | body bytes | req/s | p50 ms | p99 ms | reference req/s | reference p99 ms | req/s ratio | p99 ratio | statuses |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => {
      const ref = r.reference!;
      return `| ${r.endpoint} | ${fmt(r.bytes)} | ${fmt(r.result.rps)} | ${r.result.p50} | ${r.result.p99} | ${fmt(ref.rps)} | ${ref.p99} | ${fmt((r.result.rps / ref.rps) * 100)} % | ${fmt(r.result.p99 / Math.max(ref.p99, 1), 2)} | ${statuses(r)} |`;
    }),
    '',
    'References: REST rows against a bare Express 5 route returning a precomputed body of the same size; the GraphQL row against bare Yoga on Express serving the same data from memory.',
    '',
    '| refresh: causes | job duration s | process wall s | peak RSS MB |',
    '|---|---|---|---|',
    ...timings.map((t) => `| ${fmt(t.causes)} | ${fmt(t.jobSeconds, 1)} | ${fmt(t.wallSeconds, 1)} | ${fmt(t.peakRssMb)} |`),
    '',
    'Refresh = import, scores, summaries in de and en, daily pick, through `npm run jobs -- run refresh` (a Bree worker thread that runs the refresh in a child process); peak RSS is the command and its child process together' +
      (ADMIN_URL ? '.' : ', including the embedded PGlite.'),
    ...(startupMs === null ? [] : ['', `npm start on an empty embedded database to the first 200 of /api/v1/daily-action: ${fmt(startupMs / 1000, 1)} s`]),
  ];
  console.log(lines.join('\n'));
  return rows.every(rowOk) ? 0 : 1;
}

async function cleanup() {
  for (const child of children) child.kill('SIGKILL');
  if (ADMIN_URL && createdDatabases.length) {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    for (const name of createdDatabases) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
  fs.rmSync(work, { recursive: true, force: true });
}

main().then(
  async (code) => {
    await cleanup();
    process.exit(code);
  },
  async (error) => {
    console.error(error);
    await cleanup();
    process.exit(1);
  },
);
