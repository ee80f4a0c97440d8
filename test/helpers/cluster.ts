// A cluster on this machine, the way deploy/ runs one: replicas of the server (`node --import tsx
// src/server.ts`, each on its own loopback port, with the production environment of
// deploy/systemd/engagement-signal@.service) behind Debian's nginx, run as this user with the site
// file of deploy/nginx/engagement-signal.conf (only its ports, listen address and log directory
// replaced), and clients that send at a steady rate through it.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { ROOT } from './processes.js';

export const NGINX_SITE_FILE = path.join(ROOT, 'deploy', 'nginx', 'engagement-signal.conf');

// ---------------------------------------------------------------------------------------------------
// What the machine has

/** Debian's nginx: on PATH, or in /usr/sbin (not on a normal user's PATH). */
export function findNginx(): string | undefined {
  const onPath = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return onPath;
  return ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((candidate) => fs.existsSync(candidate));
}

/** libfaketime's preload library (Debian's `faketime` package), as the `faketime` command uses it. */
export { findLibfaketime } from '../../scripts/libfaketime.js';

/**
 * The machine's real time in ms, whatever clock this process runs on (CI runs the suite under
 * libfaketime): read by `date` started without libfaketime.
 */
export function realNowMs(): number {
  const { LD_PRELOAD: _l, FAKETIME: _f, FAKETIME_SHARED: _s, ...env } = process.env;
  const out = spawnSync('date', ['+%s%N'], { encoding: 'utf8', env }).stdout.trim();
  if (!/^\d{19}$/.test(out)) throw new Error(`cannot read the real time from date: ${JSON.stringify(out)}`);
  return Number(BigInt(out) / 1_000_000n);
}

/** The environment that runs a child `offsetS` seconds from the real time (libfaketime, the same offset for every child). */
export function fakeClockEnv(libfaketime: string, offsetS: number): Record<string, string> {
  return { LD_PRELOAD: libfaketime, FAKETIME: `${offsetS >= 0 ? '+' : ''}${offsetS}` };
}

/** `count` loopback ports that were free a moment ago. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve) => {
          const server = net.createServer();
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every `everyMs` until it returns a value other than undefined; throws after `boundMs` (a bound on a hang). */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined> | T | undefined, boundMs: number, everyMs = 100): Promise<T> {
  const until = performance.now() + boundMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (performance.now() > until) throw new Error(`${what}: not within ${boundMs} ms`);
    await sleep(everyMs);
  }
}

// ---------------------------------------------------------------------------------------------------
// Every process a test starts, so that afterAll can end each one, whatever happened

const children = new Set<ChildProcess>();
const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** SIGKILL to every process started here that still runs, and waits (at most 10 s) until they are gone. */
export async function killAll(): Promise<void> {
  const left = [...children].filter(running);
  await Promise.all(
    left.map(
      (child) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 10_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGKILL');
        }),
    ),
  );
}
process.once('exit', () => {
  for (const child of children) if (running(child)) child.kill('SIGKILL');
});

// ---------------------------------------------------------------------------------------------------
// Replicas

export interface Replica {
  name: string;
  port: number;
  baseUrl: string;
  child: ChildProcess;
  /** resolves with the exit code (null after a signal) */
  exited: Promise<number | null>;
  output(): string;
}

/** The environment of a replica, as deploy/systemd runs one: the database, Redis, demo sources, one proxy in front. */
export function replicaEnv(port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  // A FAKETIME_SHARED of an outer `faketime` (CI) is not passed on: each clock here is its offset alone.
  const { FAKETIME_SHARED: _s, ...rest } = process.env;
  return {
    ...rest,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: process.env.DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL,
    SOURCES_CONFIG: 'demo',
    TRUST_PROXY_HOPS: '1',
    SHUTDOWN_GRACE_MS: '1500',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...extra,
  };
}

/** Starts a replica and resolves once it printed its "listening on" line and /readyz answers 200. */
export async function startReplica(name: string, port: number, env: NodeJS.ProcessEnv, boundMs = 90_000): Promise<Replica> {
  const child = track(spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src', 'server.ts')], { cwd: ROOT, env }));
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const replica: Replica = { name, port, baseUrl: `http://127.0.0.1:${port}`, child, exited, output: () => output };
  await waitFor(
    `replica ${name} on port ${port} to listen`,
    () => {
      if (!running(child)) throw new Error(`replica ${name} exited with ${child.exitCode ?? child.signalCode}:\n${output}`);
      return /listening on http:\/\/127\.0\.0\.1:\d+/.test(output) ? true : undefined;
    },
    boundMs,
  );
  await waitFor(`replica ${name} to be ready`, async () => ((await get(`${replica.baseUrl}/readyz`)).status === 200 ? true : undefined), 30_000);
  return replica;
}

/** SIGTERM, and the exit code once the process is gone (bounded: grace + drain + margin of the server is 16.5 s here). */
export async function stopReplica(replica: Replica, boundMs = 40_000): Promise<number | null> {
  if (running(replica.child)) replica.child.kill('SIGTERM');
  return Promise.race([
    replica.exited,
    sleep(boundMs).then(() => Promise.reject(new Error(`replica ${replica.name} did not exit within ${boundMs} ms after SIGTERM`))),
  ]);
}

// ---------------------------------------------------------------------------------------------------
// nginx

export interface Nginx {
  port: number;
  baseUrl: string;
  dir: string;
  /** the site file as this nginx runs it */
  site: string;
  /** the access log, parsed */
  log(): AccessLogLine[];
  stop(): Promise<void>;
}

export interface AccessLogLine {
  status: number;
  /** every replica the request was sent to, in order: more than one is a retry */
  upstreams: string[];
  upstreamStatuses: string[];
  requestId: string;
  line: string;
}

/** Replaces every match of `pattern` in `text`, and throws unless there were exactly `expected` matches. */
function replaceExactly(text: string, pattern: RegExp, replacement: string, expected: number, what: string): string {
  const found = text.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))?.length ?? 0;
  if (found !== expected) throw new Error(`${NGINX_SITE_FILE}: expected ${expected} ${what}, found ${found}: the test's rendering needs updating`);
  return text.replace(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`), replacement);
}

/**
 * deploy/nginx/engagement-signal.conf for this machine: the upstream's `server 127.0.0.1:PORT …;` lines
 * become one per replica port (with the parameters the file gives), `listen 80` a loopback port, and
 * /var/log/nginx/ the test's directory. Everything else is the file as a user copies it.
 */
export function renderSite(template: string, options: { replicaPorts: number[]; listenPort: number; logDir: string }): string {
  const serverLine = /^([ \t]*)server 127\.0\.0\.1:\d+((?: [^;\n]*)?);[ \t]*$/gm;
  const lines = [...template.matchAll(serverLine)];
  if (lines.length === 0) throw new Error(`${NGINX_SITE_FILE}: no "server 127.0.0.1:PORT ...;" line in the upstream`);
  const [, indent, params] = lines[0];
  if (lines.some((l) => l[2] !== params)) throw new Error(`${NGINX_SITE_FILE}: the upstream's server lines differ in their parameters`);
  let first = true;
  let site = template.replace(serverLine, () => {
    if (!first) return '\u0000';
    first = false;
    return options.replicaPorts.map((port) => `${indent}server 127.0.0.1:${port}${params};`).join('\n');
  });
  site = site.replace(/^\u0000\n/gm, '');
  site = replaceExactly(site, /^([ \t]*)listen 80;$/m, `$1listen 127.0.0.1:${options.listenPort};`, 1, '"listen 80;" line');
  site = replaceExactly(site, /^[ \t]*listen \[::\]:80;\n/m, '', 1, '"listen [::]:80;" line');
  site = replaceExactly(site, /\/var\/log\/nginx\//, `${options.logDir}/`, 2, 'paths in /var/log/nginx/');
  return site;
}

const ACCESS_LINE = /^\S+ \[[^\]]+\] "[^"]*" (\d{3}) \d+ rt=\S+ upstream="([^"]*)" ustatus="([^"]*)" urt="[^"]*" rid=(\S+)$/;

export function parseAccessLog(text: string): AccessLogLine[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const match = ACCESS_LINE.exec(line);
      if (!match) throw new Error(`an access log line in an unexpected format: ${line}`);
      const list = (value: string) => (value === '-' || value === '' ? [] : value.split(/\s*,\s*|\s+:\s+/).filter(Boolean));
      return { status: Number(match[1]), upstreams: list(match[2]), upstreamStatuses: list(match[3]), requestId: match[4], line };
    });
}

/** Starts nginx as this user, in the foreground, on a generated main configuration that includes the rendered site. */
export async function startNginx(nginxBinary: string, dir: string, replicaPorts: number[]): Promise<Nginx> {
  const [port] = await freePorts(1);
  const logDir = path.join(dir, 'logs');
  fs.mkdirSync(logDir, { recursive: true });
  // nginx's workers run as `nobody` when it is started as root: they must reach the temp directories
  fs.chmodSync(dir, 0o755);
  const site = renderSite(fs.readFileSync(NGINX_SITE_FILE, 'utf8'), { replicaPorts, listenPort: port, logDir });
  fs.writeFileSync(path.join(dir, 'engagement-signal.conf'), site);
  const temp = (name: string) => path.join(dir, 'temp', name);
  // The main file of Debian's nginx.conf, reduced to what a proxy needs and with paths this user can write.
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      'events { worker_connections 1024; }',
      'http {',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `    ${t}_temp_path ${temp(t)};`),
      '    access_log off;',
      `    include ${path.join(dir, 'engagement-signal.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  fs.mkdirSync(path.join(dir, 'temp'), { recursive: true });
  fs.chmodSync(path.join(dir, 'temp'), 0o755);
  const errorLog = path.join(logDir, 'error.log');
  const args = [
    '-p',
    `${dir}/`,
    '-c',
    path.join(dir, 'nginx.conf'),
    '-e',
    errorLog,
    '-g',
    `daemon off; pid ${path.join(dir, 'nginx.pid')}; error_log ${errorLog};`,
  ];
  // nginx runs on the real clock even when the tests run under libfaketime (CI shifts their clock): its
  // worker processes clear their environment, so libfaketime, which reads FAKETIME again every few
  // seconds, jumps back to the real time there, and a replica marked failed before the jump would stay
  // "failed" for the length of the shift. nginx decides nothing about days; the replicas keep the shifted clock.
  const { LD_PRELOAD: _l, FAKETIME: _f, FAKETIME_SHARED: _s, ...env } = process.env;
  const test = spawnSync(nginxBinary, ['-t', ...args], { encoding: 'utf8', env });
  if (test.status !== 0) throw new Error(`nginx -t refused the configuration:\n${test.stderr}\n${site}`);
  const child = track(spawn(nginxBinary, args, { stdio: ['ignore', 'pipe', 'pipe'], env }));
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(
    'nginx to answer',
    async () => {
      if (!running(child)) throw new Error(`nginx exited:\n${output}\n${fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : ''}`);
      return (await get(`${baseUrl}/healthz`)).status === 200 ? true : undefined;
    },
    30_000,
  );
  const accessLog = path.join(logDir, 'engagement-signal.access.log');
  return {
    port,
    baseUrl,
    dir,
    site,
    log: () => (fs.existsSync(accessLog) ? parseAccessLog(fs.readFileSync(accessLog, 'utf8')) : []),
    stop: async () => {
      if (!running(child)) return;
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Clients

export interface Answer {
  /** 0: no HTTP answer (see `error`) */
  status: number;
  error?: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** when it was sent and when its answer was complete (performance.now()) */
  sentAt: number;
  doneAt: number;
}

/** One GET; never rejects (a failure is status 0 with the error's code). 30 s without an answer is a failure. */
export function get(url: string, options: { key?: string; requestId?: string; agent?: http.Agent } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.key) headers['x-api-key'] = options.key;
  if (options.requestId) headers['x-request-id'] = options.requestId;
  const sentAt = performance.now();
  return new Promise((resolve) => {
    const request = http.get(url, { headers, agent: options.agent ?? false, timeout: 30_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body, sentAt, doneAt: performance.now() }));
      response.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ status: 0, error: error.code ?? error.message, headers: {}, body, sentAt, doneAt: performance.now() }),
      );
    });
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ status: 0, error: error.code ?? error.message, headers: {}, body: '', sentAt, doneAt: performance.now() }),
    );
  });
}

export interface Sample extends Answer {
  path: string;
  requestId: string;
}

export interface Load {
  stop(): Promise<Sample[]>;
  /** the samples answered so far */
  samples(): Sample[];
}

/** A key is never sent twice within this long, whatever the timers do on a loaded machine: the per-key limit never refuses the steady clients. */
export const KEY_REUSE_MS = 1500;

/**
 * Steady clients: `perSecond` requests a second through `baseUrl` over kept-alive connections, each
 * with the next of `keys` (one not used in the last KEY_REUSE_MS) and an X-Request-Id of
 * `${idPrefix}-${n}`, cycling through `paths`. Sent at their times whether or not earlier ones are answered.
 */
export function startLoad(options: { baseUrl: string; keys: string[]; perSecond: number; paths: string[]; idPrefix: string }): Load {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const pending = new Set<Promise<void>>();
  const samples: Sample[] = [];
  const lastUse = new Map<string, number>();
  const intervalMs = 1000 / options.perSecond;
  const start = performance.now();
  let n = 0;
  let nextKey = 0;
  let stopped = false;
  const pickKey = (): string | undefined => {
    for (let tried = 0; tried < options.keys.length; tried++) {
      const key = options.keys[nextKey];
      nextKey = (nextKey + 1) % options.keys.length;
      if (performance.now() - (lastUse.get(key) ?? -Infinity) >= KEY_REUSE_MS) return key;
    }
    return undefined;
  };
  const loop = async () => {
    while (!stopped) {
      await sleep(Math.max(0, start + n * intervalMs - performance.now()));
      if (stopped) break;
      const key = pickKey();
      if (!key) continue; // every key was used within KEY_REUSE_MS: this tick is skipped
      lastUse.set(key, performance.now());
      const requestPath = options.paths[n % options.paths.length];
      const requestId = `${options.idPrefix}-${n}`;
      n++;
      const done = get(`${options.baseUrl}${requestPath}`, { key, requestId, agent }).then((answer) => {
        samples.push({ ...answer, path: requestPath, requestId });
      });
      pending.add(done);
      void done.then(() => pending.delete(done));
    }
  };
  const looping = loop();
  return {
    samples: () => samples,
    stop: async () => {
      stopped = true;
      await looping;
      await Promise.all(pending);
      agent.destroy();
      return samples;
    },
  };
}

/** The 99th percentile (nearest rank) of the latencies, in ms. */
export function p99(samples: Answer[]): number {
  const ms = samples.map((s) => s.doneAt - s.sentAt).sort((a, b) => a - b);
  return ms.length ? ms[Math.ceil(ms.length * 0.99) - 1] : 0;
}

export interface Figures {
  sent: number;
  failed: number;
  retried: number;
  p99Ms: number;
  /** answers by status (0: no answer) */
  statuses: Record<string, number>;
  /** requests by the replica that answered them (the last upstream in nginx's log) */
  answeredBy: Record<string, number>;
}

/**
 * The figures of a scenario: its samples, and nginx's log lines of their request ids (waits until nginx
 * has logged every one of them; a line is written just after its response).
 */
export async function figures(nginx: Nginx, samples: Sample[], ok = (s: Sample) => s.status === 200): Promise<Figures & { lines: AccessLogLine[] }> {
  const ids = new Set(samples.filter((s) => s.status !== 0).map((s) => s.requestId));
  const lines = await waitFor(
    `nginx to log the ${ids.size} answered requests`,
    () => {
      const logged = nginx.log().filter((l) => ids.has(l.requestId));
      return logged.length >= ids.size ? logged : undefined;
    },
    10_000,
  );
  const statuses: Record<string, number> = {};
  for (const s of samples) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
  const answeredBy: Record<string, number> = {};
  for (const l of lines) {
    const last = l.upstreams.at(-1) ?? '-';
    answeredBy[last] = (answeredBy[last] ?? 0) + 1;
  }
  return {
    sent: samples.length,
    failed: samples.filter((s) => !ok(s)).length,
    retried: lines.filter((l) => l.upstreams.length > 1).length,
    p99Ms: Math.round(p99(samples)),
    statuses,
    answeredBy,
    lines,
  };
}

export function printFigures(scenario: string, f: Figures, extra = ''): void {
  console.log(
    `[cluster] ${scenario}: sent ${f.sent}, failed ${f.failed}, retried ${f.retried}, p99 ${f.p99Ms} ms; statuses ${JSON.stringify(f.statuses)}; answered by ${JSON.stringify(f.answeredBy)}${extra ? `; ${extra}` : ''}`,
  );
}
