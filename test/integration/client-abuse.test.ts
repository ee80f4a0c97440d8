// Clients that hold connections open: a request that dribbles in (slowloris headers, a slow body), an
// idle keep-alive connection, more connections than allowed. The real server (src/server.ts, as `npm
// start` runs it) with short limits from its configuration (HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_
// TIMEOUT_MS, HTTP_KEEP_ALIVE_TIMEOUT_MS, HTTP_MAX_CONNECTIONS); the assertions name the configured
// limits and leave generous margins, never a speed.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeys } from '../../src/modules/api-keys/api-keys.service.js';
import { MESSAGES } from '../../src/http/errors.js';
import { NOW, seedCatalogue, standardCatalogue } from '../helpers/catalogue.js';
import { startServer, type RunningServer } from '../helpers/processes.js';
import { resetDatabase, testPrisma } from '../helpers/test-app.js';
import { testDatabaseUrl } from '../helpers/workers.js';

const HEADERS_TIMEOUT_MS = 1000;
const REQUEST_TIMEOUT_MS = 2000;
const KEEP_ALIVE_TIMEOUT_MS = 1000;
const MAX_CONNECTIONS = 12;
/** Node looks for timed-out requests once a second; on a busy test machine it may take longer still. */
const MARGIN_MS = 4000;

const prisma = testPrisma();
let server: RunningServer;
let port = 0;
let keys: string[] = [];
let growthKey = '';
const nextKey = () => keys.shift()!;

const TIMEOUT_RESPONSE_BODY = { error: MESSAGES.requestTimeout };

beforeAll(async () => {
  await resetDatabase(prisma);
  await seedCatalogue(prisma, standardCatalogue());
  keys = (await createApiKeys(prisma, { label: 'client abuse', tier: 'standard' }, NOW, 20)).map((k) => k.key);
  [{ key: growthKey }] = await createApiKeys(prisma, { label: 'client abuse, graphql', tier: 'growth' }, NOW);
  // its own configuration: a source file another test of this worker named (and removed) is not this server's
  const { DATABASE_URL: _d, REDIS_URL: _r, SOURCES_CONFIG: _s, ...rest } = process.env;
  server = await startServer({
    ...rest,
    DATABASE_URL: testDatabaseUrl(),
    LOG_LEVEL: 'warn',
    HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
    HTTP_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
  });
  port = Number(new URL(server.baseUrl).port);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await prisma.$disconnect();
});

interface Connection {
  socket: net.Socket;
  /** everything the server wrote so far */
  received: () => string;
  /** resolves when the connection is closed: what the server wrote, and how long after connecting */
  closed: Promise<{ received: string; afterMs: number }>;
}

function connect(): Promise<Connection> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let connectedAt = 0;
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', () => {}); // a reset shows as the close below
    const closed = new Promise<{ received: string; afterMs: number }>((done) =>
      socket.on('close', () => done({ received, afterMs: performance.now() - connectedAt })),
    );
    socket.once('connect', () => {
      connectedAt = performance.now();
      resolve({ socket, received: () => received, closed });
    });
  });
}

/** Writes `text` one byte every `everyMs` until the connection closes or the text is out; resolves with the bytes written. */
function dribble(connection: Connection, text: string, everyMs: number): Promise<number> {
  return new Promise((resolve) => {
    let sent = 0;
    const timer = setInterval(() => {
      if (connection.socket.destroyed || !connection.socket.writable || sent === text.length) {
        clearInterval(timer);
        resolve(sent);
        return;
      }
      connection.socket.write(text[sent++]);
    }, everyMs);
  });
}

const statusLine = (raw: string) => raw.slice(0, raw.indexOf('\r\n'));
const headerOf = (raw: string, name: string) => new RegExp(`\r\n${name}: ([^\r]*)\r\n`, 'i').exec(raw)?.[1];
const bodyOf = (raw: string) => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));

const normalClient = async () => {
  const response = await fetch(`${server.baseUrl}/api/v1/causes?pageSize=1`, { headers: { 'x-api-key': nextKey() } });
  return { status: response.status, body: await response.json() };
};

describe('connection limit', () => {
  it(`past HTTP_MAX_CONNECTIONS (${MAX_CONNECTIONS}) a new connection is closed at once; idle ones get the 408 at the headers timeout, then connections are served again`, async () => {
    // the first test: no other connection is open
    const held = await Promise.all(Array.from({ length: MAX_CONNECTIONS }, connect));
    const refused = await connect();
    expect((await refused.closed).received).toBe('');
    // the held ones never sent a byte: cut at the headers timeout with a JSON 408 (not a 400)
    for (const { closed } of held) {
      const { received, afterMs } = await closed;
      expect(statusLine(received)).toBe('HTTP/1.1 408 Request Timeout');
      expect(headerOf(received, 'Content-Type')).toBe('application/json; charset=utf-8');
      expect(bodyOf(received)).toEqual(TIMEOUT_RESPONSE_BODY);
      expect(afterMs).toBeLessThan(HEADERS_TIMEOUT_MS + MARGIN_MS);
    }
    // The server forgets a closed connection once it has seen it close, which this side cannot await: a
    // new connection is tried until one is not dropped at once (each try awaited, at most 20).
    let answer = '';
    for (let attempt = 0; attempt < 20 && !answer; attempt++) {
      const connection = await connect();
      connection.socket.write(`GET /api/v1/causes?pageSize=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Api-Key: ${nextKey()}\r\nConnection: close\r\n\r\n`);
      answer = (await connection.closed).received;
    }
    expect(statusLine(answer)).toBe('HTTP/1.1 200 OK');
  }, 30_000);
});

describe('slow and idle clients', () => {
  it(`slowloris: headers arriving one byte every 200 ms are cut at HTTP_HEADERS_TIMEOUT_MS (${HEADERS_TIMEOUT_MS} ms) with a JSON 408; others are served meanwhile`, async () => {
    const loris = await Promise.all(Array.from({ length: 5 }, connect));
    const headers = `GET /api/v1/causes?pageSize=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Api-Key: ${keys[0]}\r\nX-Padding: ${'a'.repeat(200)}\r\n\r\n`;
    const written = loris.map((connection) => dribble(connection, headers, 200));
    // a normal client, while the slow ones hold their connections
    expect(await normalClient()).toMatchObject({ status: 200, body: { page: 1, pageSize: 1 } });
    expect(loris.every(({ socket }) => !socket.destroyed)).toBe(true);
    for (const [i, connection] of loris.entries()) {
      const { received, afterMs } = await connection.closed;
      expect(statusLine(received)).toBe('HTTP/1.1 408 Request Timeout');
      expect(headerOf(received, 'Connection')).toBe('close');
      expect(bodyOf(received)).toEqual(TIMEOUT_RESPONSE_BODY);
      expect(afterMs).toBeLessThan(HEADERS_TIMEOUT_MS + MARGIN_MS);
      // the headers never got out: the connection was cut, not answered
      expect(await written[i]).toBeLessThan(headers.length);
    }
    expect(await normalClient()).toMatchObject({ status: 200 });
  }, 30_000);

  it(`a slow body on POST /graphql is cut at HTTP_REQUEST_TIMEOUT_MS (${REQUEST_TIMEOUT_MS} ms) with a JSON 408`, async () => {
    const body = JSON.stringify({ query: `{ causes(pageSize: 1) { total } } # ${'x'.repeat(200)}` });
    const connection = await connect();
    connection.socket.write(
      `POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Api-Key: ${growthKey}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    const written = dribble(connection, body, 200);
    expect(await normalClient()).toMatchObject({ status: 200 });
    const { received, afterMs } = await connection.closed;
    expect(statusLine(received)).toBe('HTTP/1.1 408 Request Timeout');
    expect(bodyOf(received)).toEqual(TIMEOUT_RESPONSE_BODY);
    expect(afterMs).toBeLessThan(REQUEST_TIMEOUT_MS + MARGIN_MS);
    expect(await written).toBeLessThan(body.length);
    // the same request sent at once is answered
    const response = await fetch(`${server.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': growthKey },
      body,
    });
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 200, body: { data: { causes: { total: 23 } } } });
  }, 30_000);

  it(`an idle keep-alive connection is closed after HTTP_KEEP_ALIVE_TIMEOUT_MS (${KEEP_ALIVE_TIMEOUT_MS} ms), without a second answer`, async () => {
    const connection = await connect();
    connection.socket.write(`GET /api/v1/causes?pageSize=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Api-Key: ${nextKey()}\r\n\r\n`);
    const { received, afterMs } = await connection.closed;
    expect(statusLine(received)).toBe('HTTP/1.1 200 OK');
    expect(headerOf(received, 'Connection')).toBe('keep-alive');
    expect(headerOf(received, 'Keep-Alive')).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
    // one response, nothing after it (Content-Length says where it ends)
    const length = Number(headerOf(received, 'Content-Length'));
    expect(Buffer.byteLength(received)).toBe(received.indexOf('\r\n\r\n') + 4 + length);
    // Node keeps an idle connection its keepAliveTimeoutBuffer (1 s) beyond the announced timeout
    expect(afterMs).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS + 1000 + MARGIN_MS);
  }, 30_000);

  it('nothing the slow clients did was logged as an error', () => {
    const errors = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level >= 50);
    expect(errors).toEqual([]);
  });
});
