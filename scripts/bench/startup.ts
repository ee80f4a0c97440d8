// Measures a start on an empty embedded database to the first 200 of /api/v1/daily-action, several
// times, and prints each run and the spread. Not a test: a benchmark (docs/operating.md, "Start-up").
//   node --import tsx scripts/bench/startup.ts [--runs N] [--command "npm start"]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseScriptArgs, usageError } from '../../src/cli/script-args.js';

const USAGE = `Usage: npm run bench:startup -- [--runs N] [--command "npm start --silent"]
  Starts the service on an empty embedded database N times (default 5) and prints the time to the first
  answer and to the first 200 of /api/v1/daily-action, each run and the spread.`;
const { values } = parseScriptArgs(
  USAGE,
  { runs: { type: 'string', default: '5' }, command: { type: 'string', default: 'npm start --silent' } },
  { positionals: false },
);
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) usageError('--runs must be a whole number of at least 1.', USAGE);
const [command, ...args] = values.command!.split(' ');

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

async function once(): Promise<{ firstAnswerMs: number; readyMs: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'es-startup-'));
  const port = await freePort();
  const { DATABASE_URL: _d, REDIS_URL: _r, ...env } = process.env;
  const started = performance.now();
  const child = spawn(command, args, { env: { ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, detached: true });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  let firstAnswerMs = 0;
  let key: string | undefined;
  for (;;) {
    key ??= /Demo API key .*: (esk_[A-Za-z0-9_-]+)"/.exec(output)?.[1];
    // Without the key yet, ask /healthz (no key, not limited): polling the API without a key every 10 ms
    // would trip the limit on missing keys and measure the lockout instead of the start.
    const url = key ? `http://127.0.0.1:${port}/api/v1/daily-action` : `http://127.0.0.1:${port}/healthz`;
    const status = await fetch(url, { headers: key ? { 'x-api-key': key } : {} }).then(
      (r) => r.status,
      () => 0,
    );
    if (status && !firstAnswerMs) firstAnswerMs = performance.now() - started;
    if (key && status === 200) break;
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const readyMs = performance.now() - started;
  process.kill(-child.pid!, 'SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { firstAnswerMs, readyMs };
}

const results = [];
for (let i = 0; i < runs; i++) {
  const result = await once();
  results.push(result);
  console.log(
    `run ${i + 1}: first answer ${(result.firstAnswerMs / 1000).toFixed(2)} s, first 200 of /api/v1/daily-action ${(result.readyMs / 1000).toFixed(2)} s`,
  );
}
const ready = results.map((r) => r.readyMs / 1000).sort((a, b) => a - b);
console.log(
  `${values.command}: first 200 in ${ready[0].toFixed(2)}–${ready.at(-1)!.toFixed(2)} s over ${runs} runs (median ${ready[Math.floor(runs / 2)].toFixed(2)} s)`,
);
