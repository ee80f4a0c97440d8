// Runs the service's own entry points as separate processes, the way an operator does.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentDay, nextServingChange } from '../../src/time/berlin-calendar.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Tests whose commands run on the real clock (libfaketime shifts it in CI) and that name "today" must not
 * straddle 02:00 Berlin, when the content day changes under them. When that change is less than
 * `marginMs` away, this waits until it has passed (and says so); otherwise it returns at once.
 */
export async function clearOfContentDayChange(marginMs: number): Promise<void> {
  const now = new Date();
  let change = nextServingChange(now); // Berlin midnight or 02:00, whichever comes first
  if (contentDay(change) === contentDay(now)) change = nextServingChange(change);
  const wait = change.getTime() - now.getTime();
  if (wait >= marginMs) return;
  console.log(`the content day changes in ${Math.ceil(wait / 1000)} s: waiting for it, so that no test straddles it`);
  await new Promise((resolve) => setTimeout(resolve, wait + 2000));
}

/** The environment of a process that has neither DATABASE_URL nor REDIS_URL (the embedded default). */
export function embeddedEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { DATABASE_URL: _d, REDIS_URL: _r, ...rest } = process.env;
  return { ...rest, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extra };
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a script of the project with node, from the sources (the TypeScript loader) or, with `nodeArgs` [], compiled. */
export function runScript(script: string, args: string[], env: NodeJS.ProcessEnv, nodeArgs = ['--import', 'tsx']): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, script), ...args], { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  stop(): Promise<number | null>;
}

/** The server from the TypeScript sources (`npm start`) or from the build (`npm run start:prod`). */
export const SERVER_FROM_SOURCES = ['--import', 'tsx', path.join(ROOT, 'src/server.ts')];
export const SERVER_FROM_BUILD = [path.join(ROOT, 'dist/src/server.js')];

/** Starts the server (on 127.0.0.1) and waits for its "listening on" log entry. */
export function startServer(env: NodeJS.ProcessEnv, timeoutMs = 120_000, nodeArgs = SERVER_FROM_SOURCES): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, nodeArgs, {
      cwd: ROOT,
      // no grace period on SIGTERM unless a test asks for one: no load balancer waits for these servers
      env: { SHUTDOWN_GRACE_MS: '0', ...env, PORT: '0', HOST: '127.0.0.1' },
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({
          child,
          baseUrl: match[1],
          output: () => output,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done(child.exitCode);
              child.once('exit', (code) => done(code));
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (!/listening on/.test(output)) reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}
