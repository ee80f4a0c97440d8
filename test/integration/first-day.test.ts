// What a first day in production trips over: the demo catalogue never reaches a database the operator
// gave unless asked for (and one command removes it), a DATA_DIR that is a file and an unreachable
// database are named as the cause, every response carries an X-Request-Id that its log line carries too.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearOfContentDayChange, embeddedEnv, ROOT, runScript, startServer, type RunResult } from '../helpers/processes.js';
import { feedItem, NOW, seedCatalogue, SOURCE, standardCatalogue } from '../helpers/catalogue.js';
import { importSourceItems } from '../../src/modules/causes/cause-import.service.js';
import { getJson, issueKey, resetDatabase, startTestApp, testPrisma } from '../helpers/test-app.js';
import { unsupportedNodeMessage } from '../../scripts/check-node.mjs';
import { testDatabaseUrl } from '../helpers/workers.js';
import { runCommandInProcess } from '../helpers/cli.js';

const prisma = testPrisma();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'es-first-day-'));
/** The environment of a production process on the test database: no SOURCES_CONFIG unless given. */
const productionEnv = (extra: Record<string, string> = {}) => {
  const { SOURCES_CONFIG: _s, REDIS_URL: _r, ...rest } = process.env;
  return { ...rest, DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'warn', ...extra };
};

beforeAll(async () => {
  await resetDatabase(prisma);
  await prisma.source.deleteMany();
});

afterAll(async () => {
  await prisma.$disconnect();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the demo catalogue', () => {
  it('with DATABASE_URL and no SOURCES_CONFIG: no demo cause reaches the database; the start and /status say why', async () => {
    const server = await startServer(productionEnv());
    let exitCode: number | null;
    try {
      const reason =
        'no sources configured (SOURCES_CONFIG is not set and DATABASE_URL is set, so the demo catalogue is not loaded): set SOURCES_CONFIG to a sources file, or to "demo" for the made-up demo causes';
      expect(server.output()).toContain(JSON.stringify(reason)); // the log line's msg
      expect(server.output()).not.toContain('Demo API key');
      expect([await prisma.cause.count(), await prisma.source.count()]).toEqual([0, 0]);
      expect(await getJson(server.baseUrl, '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
      const status = (await getJson(server.baseUrl, '/status')).body;
      expect(status.sources).toEqual({ configured: [], demo: false, warning: reason, lastFetch: [] });
      expect(status.dailyAction.ok).toBe(false);
    } finally {
      exitCode = await server.stop();
    }
    expect(exitCode).toBe(0);
  }, 120_000);

  it('SOURCES_CONFIG=demo loads it on purpose; `causes remove-demo` removes its sources, causes and picks, and chooses a real cause for today', async () => {
    await clearOfContentDayChange(60_000); // the command and the removal name the same "today"
    const refresh = await runCommandInProcess('jobs', ['run', 'refresh', '--force'], productionEnv({ SOURCES_CONFIG: 'demo' }));
    expect(refresh.code).toBe(0);
    const demoCauses = await prisma.cause.count({ where: { source: { type: 'demo' } } });
    expect(demoCauses).toBeGreaterThan(40);
    expect(await prisma.dailyPick.count()).toBe(1);
    // a real source's cause beside them stays, and becomes today's daily action (no deadline: eligible on any day)
    await importSourceItems(
      prisma,
      SOURCE,
      [feedItem({ externalId: 'real-1', title: 'Eine echte Aktion', category: 'Petition', importedDaysAgo: 0 })],
      new Date(),
    );
    const realCauses = (await prisma.cause.count()) - demoCauses;
    expect(realCauses).toBe(1);

    const removed = await runCommandInProcess('causes', ['remove-demo'], productionEnv());
    expect(removed.code).toBe(0);
    const today = await prisma.dailyPick.findFirst({ orderBy: { day: 'desc' }, include: { cause: { include: { source: true } } } });
    expect(removed.stdout).toContain(
      `Removed ${demoCauses} demo causes of 3 demo sources (Briefwerkstatt (Demo), Gemeinsam Spenden (Demo), Petitionswerk (Demo)) and 1 daily pick that named them.`,
    );
    expect(await prisma.cause.count({ where: { source: { type: 'demo' } } })).toBe(0);
    expect(await prisma.source.count({ where: { type: 'demo' } })).toBe(0);
    expect(await prisma.cause.count()).toBe(realCauses);
    expect(today?.cause.externalId).toBe('real-1');
    expect(removed.stdout).toContain(`Today's daily action was a demo cause; it is now ${today!.cause.slug}.`);

    const again = await runCommandInProcess('causes', ['remove-demo'], productionEnv());
    expect({ code: again.code, stdout: again.stdout.trim() }).toEqual({ code: 0, stdout: 'No demo source in this database: nothing removed.' });
  }, 120_000);
});

describe('start-up problems named as the cause', () => {
  it('a DATA_DIR that is a file', async () => {
    const file = path.join(tmp, 'not-a-folder');
    fs.writeFileSync(file, 'x');
    const result = await runScript('src/server.ts', [], embeddedEnv(file));
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `DATA_DIR ${file} cannot hold the embedded database: it (or a folder on its path) is a file, not a folder. Set DATA_DIR to a folder (it is created if missing), or set DATABASE_URL.`,
    );
  }, 60_000);

  it("a database that cannot be reached, without Prisma's noise", async () => {
    const result = await runScript('src/server.ts', [], { ...productionEnv(), DATABASE_URL: 'postgres://postgres:secret@127.0.0.1:1/nowhere' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Cannot reach the database at 127.0.0.1:1/nowhere: connect ECONNREFUSED 127.0.0.1:1. Check DATABASE_URL and that the server runs and accepts connections.',
    );
  }, 60_000);

  it('an unsupported Node.js, with the fix', () => {
    expect(unsupportedNodeMessage('20.20.2', '>=22.15')).toBe(
      'Node.js 20.20.2 is not supported: this service needs Node.js 22.15 or newer (the LTS lines 22 and 24).\nInstall Node.js 22 or 24 (for example `nvm install 24`, or Node from https://nodejs.org), then run the command again.',
    );
    expect(unsupportedNodeMessage('v22.14.0', '>=22.15')).toMatch(/^Node\.js 22\.14\.0 is not supported/);
    expect(unsupportedNodeMessage('22.15.0', '>=22.15')).toBeNull();
    expect(unsupportedNodeMessage('24.1.0', '>=22.15')).toBeNull();
  });

  it('`npm test` on an unsupported Node.js says only that, before vitest starts', async () => {
    // every node process of the run reports Node.js 20.20.2 (the machine's old Node, pretended)
    const oldNode = path.join(tmp, 'old-node.mjs');
    fs.writeFileSync(oldNode, "Object.defineProperty(process.versions, 'node', { value: '20.20.2' });\n");
    // a file that does not exist: had vitest started, it would say that it found no test files
    const env = {
      ...process.env,
      PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`,
      NODE_OPTIONS: `--import=${pathToFileURL(oldNode).href}`,
    };
    const result = await new Promise<RunResult>((resolve) => {
      const child = spawn('npm', ['test', '--', 'test/unit/no-such-file.test.ts'], { cwd: ROOT, env });
      let [stdout, stderr] = ['', ''];
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n').slice(0, 2).join('\n')).toBe(unsupportedNodeMessage('20.20.2', '>=22.15'));
    expect(result.stdout.trim().split('\n').slice(-1)).toEqual(['> node scripts/check-node.mjs && vitest run test/unit/no-such-file.test.ts']);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/No test files found|RUN +v\d/);
  }, 60_000);
});

describe('X-Request-Id', () => {
  it('is on every response (errors too) and on its log line; an id a proxy sends is kept, anything else replaced', async () => {
    await resetDatabase(prisma);
    await seedCatalogue(prisma, standardCatalogue());
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = await startTestApp({ prisma, now: NOW, logger: pino({ level: 'info' }, sink) });
    try {
      const key = await issueKey(prisma, 'standard', NOW);
      const ok = await fetch(`${app.baseUrl}/api/v1/causes?pageSize=1`, { headers: { 'x-api-key': key } });
      const missingKey = await fetch(`${app.baseUrl}/api/v1/causes`);
      const passedOn = await fetch(`${app.baseUrl}/healthz`, { headers: { 'x-request-id': 'lb-7f3a.9:01' } });
      const hostile = await fetch(`${app.baseUrl}/healthz`, { headers: { 'x-request-id': 'a b"\\' } });
      const ids = [ok, missingKey, passedOn, hostile].map((r) => r.headers.get('x-request-id'));
      expect([ok.status, missingKey.status, passedOn.status, hostile.status]).toEqual([200, 401, 200, 200]);
      expect(ids[0]).toMatch(/^[A-Za-z0-9_-]{8}-[0-9a-z]+$/);
      expect(ids[1]).toMatch(/^[A-Za-z0-9_-]{8}-[0-9a-z]+$/);
      expect(ids[0]).not.toBe(ids[1]);
      expect(ids[2]).toBe('lb-7f3a.9:01');
      expect(ids[3]).toMatch(/^[A-Za-z0-9_-]{8}-[0-9a-z]+$/);
      // a response's line is written when its connection has taken the last byte, which may follow the client's read
      await vi.waitFor(() => expect(lines.filter((l) => l.msg === 'request')).toHaveLength(4), { interval: 5 });
      const logged = lines.filter((l) => l.msg === 'request').map((l) => [l.status, l.requestId]);
      expect(logged).toEqual([
        [200, ids[0]],
        [401, ids[1]],
        [200, ids[2]],
        [200, ids[3]],
      ]);
    } finally {
      await app.close();
    }
  });

  it('a request whose client went away before its answer is logged and counted too, as 499', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const TOKEN = 'first-day-metrics';
    const app = await startTestApp({ prisma, now: NOW, logger: pino({ level: 'info' }, sink), metricsToken: TOKEN });
    try {
      const key = await issueKey(prisma, 'growth', NOW);
      // a POST that announces a body it never sends: the app waits for it until the client gives up
      const socket = net.connect(Number(new URL(app.baseUrl).port), '127.0.0.1');
      await once(socket, 'connect');
      socket.write(
        `POST /graphql HTTP/1.1\r\nHost: localhost\r\nX-Api-Key: ${key}\r\nX-Request-Id: gone-1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"query":`,
      );
      // answered after the app has read the request above, which came first
      expect((await fetch(`${app.baseUrl}/healthz`)).status).toBe(200);
      socket.destroy();
      const gone = () => lines.filter((l) => l.msg === 'request' && l.requestId === 'gone-1');
      await vi.waitFor(() => expect(gone()).toHaveLength(1), { interval: 5 });
      expect(gone().map((l) => [l.method, l.route, l.status])).toEqual([['POST', '/graphql', 499]]);
      const metrics = await (await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
      expect(metrics).toMatch(/^es_http_requests_total\{method="POST",route="\/graphql",status="499"\} 1$/m);
    } finally {
      await app.close();
    }
  });
});
