// SIGTERM under load, the way an operator's process manager sends it: to `npm start`. Postgres is
// reached through a TCP proxy that holds replies back, so that requests are in flight when the signal
// arrives; every one of them must be answered, and the process must exit by itself. During the grace
// period (SHUTDOWN_GRACE_MS) the listener stays open, so requests that arrive around the signal are
// served rather than reset.
import http from 'node:http';
import net from 'node:net';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiKeys } from '../../src/modules/api-keys/api-keys.service.js';
import { ROOT } from '../helpers/processes.js';
import { proxyDatabase, type TcpProxy } from '../helpers/tcp-proxy.js';
import { NOW, seedCatalogue, standardCatalogue } from '../helpers/catalogue.js';
import { resetDatabase, testPrisma } from '../helpers/test-app.js';
import { testDatabaseUrl } from '../helpers/workers.js';

const prisma = testPrisma();
let proxy: TcpProxy;
let proxiedUrl = '';
/**
 * The grace the first test gives: long enough for npm to pass the signal on and the test to see /readyz
 * turn 503 on a loaded machine (a probe still incomplete when the grace ends is closed with the idle
 * connections, as a load balancer's probe after it would be). 3 s was 132 ms short once in CI, beside the
 * cluster test's replicas.
 */
const GRACE_MS = 5000;

beforeAll(async () => {
  await resetDatabase(prisma);
  await seedCatalogue(prisma, standardCatalogue());
  ({ proxy, url: proxiedUrl } = await proxyDatabase(testDatabaseUrl()));
});

/** How long `npm start` may take to listen. */
const START_BOUND_MS = 120_000;

/** `npm start` against the test database (through the proxy), as production runs it; resolves with its URL once it listens. */
async function startNpm(
  graceMs = GRACE_MS,
): Promise<{ child: ReturnType<typeof spawn>; baseUrl: string; exited: Promise<number | null>; output: () => string }> {
  const { REDIS_URL: _r, ...rest } = process.env;
  const child = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: {
      ...rest,
      DATABASE_URL: proxiedUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SHUTDOWN_GRACE_MS: String(graceMs),
      // the probe below holds its headers open until the shutdown has begun, which on a loaded machine can
      // take longer than the 12 s a client normally gets for them
      HTTP_HEADERS_TIMEOUT_MS: '60000',
      HTTP_REQUEST_TIMEOUT_MS: '60000',
    },
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    // a bound on a start that never comes, not a measure of speed: under the whole suite at +400 days the
    // start (a catch-up refresh first) once took longer than 60 s
    const timer = setTimeout(() => reject(new Error(`no start within ${START_BOUND_MS} ms:\n${output}`)), START_BOUND_MS);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
  });
  return { child, baseUrl, exited, output: () => output };
}

afterAll(async () => {
  await proxy.close();
  await prisma.$disconnect();
});

it('SIGTERM to npm start under load: /readyz turns 503 at once, in-flight requests all answered, none reset, node exits, the port is closed', async () => {
  const keys = (await createApiKeys(prisma, { label: 'shutdown', tier: 'standard' }, NOW, 60)).map((k) => k.key);
  const { child, baseUrl, exited, output } = await startNpm();
  expect(output()).not.toContain('Demo API key'); // never printed against a database the operator gave

  // Keep-alive connections, warm, then idle.
  for (const key of keys.slice(0, 10)) expect((await fetch(`${baseUrl}/api/v1/causes?pageSize=1`, { headers: { 'x-api-key': key } })).status).toBe(200);

  proxy.delay(400); // long enough that the requests are still in flight when the probe is answered, on a loaded machine too
  // 50 requests the cache cannot answer, each waiting on the slow database when the signal arrives.
  const inFlight = keys.slice(10, 60).map((key, i) =>
    fetch(`${baseUrl}/api/v1/causes?pageSize=${(i % 50) + 1}&page=2`, { headers: { 'x-api-key': key } }).then(
      async (r) => ({ status: r.status, body: await r.text() }),
      (error: Error) => ({ status: 0, body: String((error.cause as Error)?.message ?? error.message) }),
    ),
  );
  // A load balancer's probe whose request is under way when the signal arrives (its headers are not
  // complete, so the connection is not idle and stays open): it must be told "not ready" at once.
  const port = Number(new URL(baseUrl).port);
  const probe = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => probe.once('connect', resolve));
  probe.write('GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  let probeAnswer = '';
  probe.on('data', (chunk) => (probeAnswer += chunk));
  const probeEnded = new Promise<number>((resolve) => probe.on('close', () => resolve(performance.now())));
  let lastInFlightAt = 0;
  for (const request of inFlight) void request.then(() => (lastInFlightAt = performance.now()));

  // the signal once a reply to them is held back: they wait on the slow database
  await proxy.replyHeld();
  const signalledAt = performance.now();
  child.kill('SIGTERM'); // the npm process; `exec` in the start script makes it node's own signal
  // The probe's request is completed once the server has begun its shutdown: a new /readyz says so (npm
  // passes the signal on, which on a loaded machine can take longer than a fixed wait).
  for (const until = performance.now() + 10_000; performance.now() < until;) {
    const ready = await fetch(`${baseUrl}/readyz`, { headers: { connection: 'close' } }).then(
      (r) => r.status,
      () => 0,
    );
    if (ready === 503) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  probe.write('\r\n');
  const probeAnsweredAt = await probeEnded;
  const results = await Promise.all(inFlight);
  const code = await exited;
  const exitMs = performance.now() - signalledAt;
  proxy.delay(0);

  expect(probeAnswer.slice(0, 300)).toMatch(/^HTTP\/1\.1 503 /);
  expect(JSON.parse(probeAnswer.slice(probeAnswer.indexOf('\r\n\r\n') + 4))).toEqual({ status: 'not ready', reason: 'shutting down' });
  // answered during the grace, while the listener still served, not after the drain
  console.log(
    `/readyz answered ${(probeAnsweredAt - signalledAt).toFixed(0)} ms after the signal, the last in-flight request ${(lastInFlightAt - signalledAt).toFixed(0)} ms after it`,
  );
  expect(probeAnsweredAt - signalledAt).toBeLessThan(GRACE_MS);
  expect(results.filter((r) => r.status !== 200)).toEqual([]);
  expect(code).toBe(0);
  console.log(`SIGTERM under load: ${results.length} in-flight requests answered, exit after ${exitMs.toFixed(0)} ms`);
  // not before the grace was over: the listener stayed open for it
  expect(exitMs).toBeGreaterThanOrEqual(GRACE_MS);
  // node is gone too: nobody listens on the port any more
  const refused = await new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(true));
  });
  expect(refused).toBe(true);
}, 240_000);

it('150 requests sent around SIGTERM, over new and kept-alive connections: every one answered 200, none reset', async () => {
  const keys = (await createApiKeys(prisma, { label: 'around the signal', tier: 'standard' }, NOW, 150)).map((k) => k.key);
  // a grace far beyond the ~0.7 s of sending, so that only a reset or a refusal can fail a request
  const graceMs = 4000;
  const { child, baseUrl, exited } = await startNpm(graceMs);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const get = (key: string, keepAlive: boolean) =>
    new Promise<string>((resolve) => {
      const request = http.get(`${baseUrl}/api/v1/causes?pageSize=1`, { headers: { 'x-api-key': key }, agent: keepAlive ? agent : false }, (response) => {
        response.resume();
        response.on('end', () => resolve(String(response.statusCode)));
      });
      request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
  // warm: the page is cached and the kept-alive connections are open
  expect(await Promise.all(keys.slice(0, 8).map((key) => get(key, true)))).toEqual(Array(8).fill('200'));

  // 142 more, one every 5 ms, every other one on a new connection; the signal goes out halfway
  const start = performance.now();
  const sent: Promise<string>[] = [];
  for (const [i, key] of keys.slice(8).entries()) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + i * 5 - performance.now())));
    if (i === 71) child.kill('SIGTERM');
    sent.push(get(key, i % 2 === 0));
  }
  const spanMs = performance.now() - start;
  const outcomes = await Promise.all(sent);
  agent.destroy();
  const counts = outcomes.reduce<Record<string, number>>((all, o) => ({ ...all, [o]: (all[o] ?? 0) + 1 }), {});
  console.log(`around SIGTERM: 150 requests (${outcomes.length} within ${spanMs.toFixed(0)} ms around the signal): ${JSON.stringify(counts)}`);
  // the grace outlasts the sending (a hang of the test machine beyond it would show as refused, not as a pass)
  expect(spanMs).toBeLessThan(graceMs);
  expect(counts).toEqual({ '200': 142 });
  expect(await exited).toBe(0);
}, 240_000);
