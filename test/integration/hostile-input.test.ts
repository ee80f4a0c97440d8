// Hostile and malformed requests against the real app: bounded work per /graphql request, security and
// cache headers, CORS, JSON bodies for every error (Express's, Yoga's and Node's own).
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeys } from '../../src/modules/api-keys/api-keys.service.js';
import { NOW, seedCatalogue, standardCatalogue } from '../helpers/catalogue.js';
import zlib from 'node:zlib';
import { RESPONSE_CACHE_BOUNDS } from '../../src/graphql/response-cache.js';
import { getJson, resetDatabase, startTestApp, testPrisma, unlimited, type TestApp } from '../helpers/test-app.js';

const prisma = testPrisma();
let app: TestApp;
let growthKeys: string[] = [];
let standardKeys: string[] = [];
const take = (keys: string[]) => {
  const key = keys.pop();
  if (!key) throw new Error('out of test keys');
  return key;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  await resetDatabase(prisma);
  await seedCatalogue(prisma, standardCatalogue());
  growthKeys = (await createApiKeys(prisma, { label: 'hostile growth', tier: 'growth' }, NOW, 300)).map((k) => k.key);
  standardKeys = (await createApiKeys(prisma, { label: 'hostile standard', tier: 'standard' }, NOW, 300)).map((k) => k.key);
  app = await startTestApp({ prisma, now: NOW });
});

afterAll(async () => {
  await app.close();
  await prisma.$disconnect();
});

const postGraphql = async (body: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${app.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': take(growthKeys), ...headers },
    body,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) };
};

/** Sends raw bytes and returns everything the server wrote until it closed the connection. */
function rawRequest(request: string): Promise<string> {
  const port = Number(new URL(app.baseUrl).port);
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
    socket.setTimeout(5000, () => {
      socket.destroy();
      resolve(received);
    });
  });
}

const TWO_MB = 2 * 1024 * 1024;
/** Growth of the test process's RSS allowed while 100 hostile documents arrive (docs/decisions.md, "GraphQL": bounded work). */
const MEMORY_BOUND = 256 * 1024 * 1024;

const bodyOf = (raw: string) => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));

/** The Accept headers a /graphql refusal is checked with, and the media type each is answered in. */
const ACCEPTS: [string, string][] = [
  ['application/graphql-response+json', 'application/graphql-response+json; charset=utf-8'],
  ['*/*', 'application/graphql-response+json; charset=utf-8'],
  ['application/json', 'application/json; charset=utf-8'],
];
/** A GraphQL error body, the one shape of every failure on /graphql. */
const graphqlError = (message: string, code: string) => ({ errors: [{ message, extensions: { code } }] });

describe('/graphql: bounded work per request', () => {
  it('a body over 64 KB gets a 413 GraphQL error without being read into a document', async () => {
    const query = `{ causes { total } } # ${'x'.repeat(70 * 1024)}`;
    for (const [accept, type] of ACCEPTS) {
      const response = await postGraphql(JSON.stringify({ query }), { accept });
      expect([accept, response.status, response.headers.get('content-type'), response.body]).toEqual([
        accept,
        413,
        type,
        graphqlError('Request body too large: at most 64 KB are accepted.', 'PAYLOAD_TOO_LARGE'),
      ]);
    }
  });

  it('a document of more than 1000 tokens is refused while it is parsed', async () => {
    const fields = Array.from({ length: 1100 }, () => 'total').join(' ');
    // a request error: 400 in application/graphql-response+json, 200 with the errors in the legacy application/json
    for (const [accept, status] of [
      ['application/graphql-response+json', 400],
      ['*/*', 400],
      ['application/json', 200],
    ] as const) {
      const response = await postGraphql(JSON.stringify({ query: `{ causes { ${fields} } }` }), { accept });
      expect([accept, response.status, response.body.errors.map((e: { message: string }) => e.message)]).toEqual([
        accept,
        status,
        ['Syntax Error: Token limit of 1000 exceeded.'],
      ]);
    }
  });

  it('more than 20 directives are refused before the query runs', async () => {
    const directives = Array.from({ length: 21 }, () => '@include(if: true)').join(' ');
    const response = await postGraphql(JSON.stringify({ query: `{ causes { total ${directives} } }` }));
    expect(response.body.data).toBeUndefined();
    // the limit is a validation error like the others, so graphql's own rule reports the repeats too
    expect(response.body.errors.map((e: { message: string }) => e.message)).toEqual([
      'Too many directives: the query uses 21, at most 20 are allowed.',
      ...Array(20).fill('The directive "@include" can only be used once at this location.'),
    ]);
  });

  it('a query over the cost limit of 5000 is refused before it runs', async () => {
    const page =
      'items { title summary slug category deadline urgency_score { total breakdown { deadline_proximity funding_gap recency engagement } signals { days_until_deadline progress_percentage days_since_import has_above_average_ctr } } }';
    // A fragment spread many times multiplies the cost without more tokens, aliases or depth.
    const spreads = Array.from({ length: 100 }, () => '...F').join(' ');
    const response = await postGraphql(JSON.stringify({ query: `{ causes { ${spreads} } } fragment F on CausePage { ${page} }` }));
    expect(response.body.data).toBeUndefined();
    expect(response.body.errors[0].message).toMatch(/^The query would cost too much: cost [\d.]+, at most 5000 is allowed\.$/);
  });

  it('a cost too large for plain digits is still said in plain digits (not "1.5575809803146235" for 1.56e+26)', async () => {
    // 22 levels of fragments, each spreading the next 10 times: a cost of 1.56e+26 in about 300 tokens
    const levels = Array.from(
      { length: 22 },
      (_, i) =>
        `fragment F${i} on CausePage { ${Array(10)
          .fill(`...F${i + 1}`)
          .join(' ')} }`,
    );
    const query = `{ causes { ...F0 } } ${levels.join(' ')} fragment F22 on CausePage { total }`;
    const response = await postGraphql(JSON.stringify({ query }));
    expect(response.body.errors.map((e: { message: string }) => e.message)).toEqual([
      'The query would cost too much: cost 155758098031462350000000000, at most 5000 is allowed.',
    ]);
  });

  it('100 unique 2 MB documents with one growth key: other clients keep getting answers, memory stays bounded, the service is up', async () => {
    // One key sends all of them; the test's limiter lets it send faster than one a second (the production
    // limiter would refuse most with 429 before the body is read, which is not what is measured here).
    const flooded = await startTestApp({ prisma, now: NOW, limiter: unlimited });
    const floodKey = take(growthKeys);
    const rssBefore = process.memoryUsage().rss;
    const statuses = new Map<number, number>();
    const otherClient: number[] = [];
    let sending = true;
    // Another client (a standard key at its allowed pace) while the documents arrive.
    const other = (async () => {
      while (sending) {
        otherClient.push((await getJson(flooded.baseUrl, '/api/v1/daily-action', take(standardKeys))).status);
        await sleep(100);
      }
    })();
    let peakRss = rssBefore;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
    for (let batch = 0; batch < 20; batch++) {
      await Promise.all(
        Array.from({ length: 5 }, async () => {
          // Unique text, so no cache can answer it: 2 MB of aliased fields.
          const salt = randomBytes(8).toString('hex');
          const response = await fetch(`${flooded.baseUrl}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': floodKey },
            body: `{"query":"{ ${`a${salt}: causes { total } `.repeat(TWO_MB / 40)}}"}`,
          });
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        }),
      );
    }
    clearInterval(sampler);
    console.log(`2 MB documents: RSS grew by ${Math.round((peakRss - rssBefore) / 1048576)} MB at most`);
    sending = false;
    await other;
    expect(Object.fromEntries(statuses)).toEqual({ 413: 100 });
    expect(otherClient.length).toBeGreaterThan(0);
    expect(new Set(otherClient)).toEqual(new Set([200]));
    // The test process holds the app and its own five 2 MB request bodies at a time; docs/hardening.md documents the bound.
    expect(peakRss - rssBefore).toBeLessThan(MEMORY_BOUND);
    expect((await getJson(flooded.baseUrl, '/api/v1/causes?pageSize=1', take(standardKeys))).status).toBe(200);
    await flooded.close();
  });

  it('160 unique valid queries of 10 aliased pages with one key: the response cache stays within its byte bound and the service answers', async () => {
    const app = await startTestApp({ prisma, now: NOW, limiter: unlimited, metricsToken: 'm' });
    const key = take(growthKeys);
    const cacheGauges = async () => {
      const text = await (await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: 'Bearer m' } })).text();
      const value = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1]);
      return { bytes: value('es_graphql_response_cache_bytes'), entries: value('es_graphql_response_cache_entries') };
    };
    try {
      const page =
        'items { title summary description slug category deadline source_name source_url urgency_score { total breakdown { deadline_proximity funding_gap recency engagement } } }';
      let resultChars = 0;
      for (let i = 0; i < 160; i++) {
        // unique text (the alias names), within every limit: cost 1,029 or less, 10 aliases
        const query = `{ ${Array.from({ length: 10 }, (_, a) => `q${i}x${a}: causes(pageSize: 50) { ${page} }`).join(' ')} }`;
        const response = await fetch(`${app.baseUrl}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': key },
          body: JSON.stringify({ query }),
        });
        const text = await response.text();
        // the body too, should it be no 200: what refused the query
        expect([i, response.status, response.status === 200 ? '' : text]).toEqual([i, 200, '']);
        resultChars = text.length;
      }
      const { bytes, entries } = await cacheGauges();
      console.log(`response cache after 160 results of ${Math.round(resultChars / 1024)} KB: ${entries} entries, ${Math.round(bytes / 1048576)} MB`);
      // each result is counted at two bytes a character: 32 MB hold fewer than 160 of them
      expect(bytes).toBeLessThanOrEqual(RESPONSE_CACHE_BOUNDS.maxBytes);
      expect(bytes).toBeGreaterThan(RESPONSE_CACHE_BOUNDS.maxBytes - 2 * 2 * resultChars);
      expect(entries).toBe(Math.floor(bytes / (2 * resultChars)));
      expect(entries).toBeLessThan(160);
      expect((await getJson(app.baseUrl, '/api/v1/causes?pageSize=1', take(standardKeys))).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('100 unique documents just under 64 KB each are refused at the token limit; memory stays bounded', async () => {
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    const messages = new Set<string>();
    for (let batch = 0; batch < 10; batch++) {
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          const salt = randomBytes(8).toString('hex');
          const fields = Array.from({ length: 2000 }, (_, i) => `a${salt}${i}: total`).join(' ');
          const response = await postGraphql(JSON.stringify({ query: `{ causes { ${fields} } }` }));
          expect(response.status).toBe(400);
          messages.add(response.body.errors[0].message);
        }),
      );
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }
    expect([...messages]).toEqual(['Syntax Error: Token limit of 1000 exceeded.']);
    expect(peakRss - rssBefore).toBeLessThan(MEMORY_BOUND);
  });
});

describe('exposure', () => {
  it('every response has security headers and Cache-Control; success is private, errors no-store', async () => {
    const ok = await getJson(app.baseUrl, '/api/v1/causes?pageSize=1', take(standardKeys));
    expect(ok.status).toBe(200);
    // kept at most five minutes, then revalidated (docs/integrating.md, "Headers"); NOW is 11:00 Berlin
    expect(ok.headers.get('cache-control')).toBe('private, max-age=300, must-revalidate');
    const missing = await getJson(app.baseUrl, '/api/v1/causes');
    expect(missing.status).toBe(401);
    for (const response of [ok, missing, await getJson(app.baseUrl, '/nowhere')]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });

  it('introspection is refused and "Did you mean" is not said (production defaults)', async () => {
    const introspection = await postGraphql(JSON.stringify({ query: '{ __schema { types { name } } }' }));
    expect(introspection.body.data).toBeUndefined();
    expect(introspection.body.errors[0].message).toMatch(/introspection/i);
    const typo = await postGraphql(JSON.stringify({ query: '{ causes { totl } }' }));
    expect(typo.body.errors.map((e: { message: string }) => e.message)).toEqual(['Cannot query field "totl" on type "CausePage". [Suggestion hidden]']);
  });

  it('an operator who switches them on gets introspection and suggestions', async () => {
    const open = await startTestApp({ prisma, now: NOW, graphql: { introspection: true, suggestions: true } });
    try {
      const ask = async (query: string) =>
        (await fetch(`${open.baseUrl}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': take(growthKeys) },
          body: JSON.stringify({ query }),
        }).then((r) => r.json())) as { data?: any; errors?: { message: string }[] };
      expect((await ask('{ __type(name: "CausePage") { name } }')).data).toEqual({ __type: { name: 'CausePage' } });
      expect((await ask('{ causes { totl } }')).errors![0].message).toBe('Cannot query field "totl" on type "CausePage". Did you mean "total"?');
    } finally {
      await open.close();
    }
  });

  it('CORS: any origin, never with credentials, on /graphql and /api/v1; preflights answered before the key check', async () => {
    for (const path of ['/graphql', '/api/v1/causes']) {
      const preflight = await fetch(`${app.baseUrl}${path}`, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-api-key' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
      expect(preflight.headers.get('access-control-allow-headers')).toBe('X-Api-Key, Content-Type, If-None-Match');
    }
    const response = await postGraphql(JSON.stringify({ query: '{ causes(pageSize: 1) { total } }' }), { origin: 'https://evil.example' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('every error is JSON', () => {
  it('POST /graphql as text/plain: a 415 GraphQL error', async () => {
    for (const [accept, type] of ACCEPTS) {
      const response = await postGraphql('{ causes { total } }', { 'content-type': 'text/plain', accept });
      expect([accept, response.status, response.headers.get('content-type'), response.body]).toEqual([
        accept,
        415,
        type,
        graphqlError('Unsupported Content-Type: /graphql takes POST bodies as application/json.', 'UNSUPPORTED_MEDIA_TYPE'),
      ]);
    }
  });

  it('POST /graphql with an empty body: a 400 GraphQL error', async () => {
    for (const [accept, type] of ACCEPTS) {
      const response = await postGraphql('', { accept });
      expect([accept, response.status, response.headers.get('content-type'), response.body]).toEqual([
        accept,
        400,
        type,
        graphqlError('Empty body: /graphql takes POST bodies such as { "query": "…" }.', 'BAD_REQUEST'),
      ]);
    }
  });

  it('/graphql over its rate limit: a 429 GraphQL error with Retry-After', async () => {
    const key = take(growthKeys);
    const ask = () => postGraphql(JSON.stringify({ query: '{ causes(pageSize: 1) { total } }' }), { 'x-api-key': key });
    expect((await ask()).status).toBe(200);
    const limited = await ask();
    expect([limited.status, limited.headers.get('retry-after'), limited.body]).toEqual([
      429,
      '1',
      graphqlError('Rate limit exceeded. Retry after 1 second.', 'RATE_LIMITED'),
    ]);
  });

  it("PUT and DELETE /graphql: Yoga's JSON 405", async () => {
    for (const method of ['PUT', 'DELETE']) {
      const response = await fetch(`${app.baseUrl}/graphql`, { method, headers: { 'x-api-key': take(growthKeys) } });
      expect(response.status).toBe(405);
      expect(await response.json()).toEqual({ errors: [{ message: 'GraphQL only supports GET and POST requests.', extensions: { code: 'BAD_REQUEST' } }] });
    }
  });

  it('/GRAPHQL and /API/V1/causes: JSON 404', async () => {
    for (const path of ['/GRAPHQL', '/API/V1/causes']) {
      expect(await getJson(app.baseUrl, path, take(growthKeys))).toMatchObject({ status: 404, body: { error: 'Not found.' } });
    }
  });

  it('HTTP/1.1 without Host: JSON 400', async () => {
    const raw = await rawRequest('GET /api/v1/causes HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(raw.startsWith('HTTP/1.1 400 ')).toBe(true);
    expect(bodyOf(raw)).toEqual({ error: 'Missing Host header.' });
  });

  it('HTTP/1.1 without Host: the 400 has the security headers and Cache-Control of every response', async () => {
    const raw = await rawRequest('GET /api/v1/causes HTTP/1.1\r\nConnection: close\r\n\r\n');
    const head = raw.slice(0, raw.indexOf('\r\n\r\n')).toLowerCase();
    expect(head).toContain('\r\ncache-control: no-store\r\n');
    expect(head).toContain('\r\nx-content-type-options: nosniff\r\n');
    expect(head).toContain("\r\ncontent-security-policy: default-src 'none';frame-ancestors 'none'\r\n");
  });

  it('POST /graphql with Accept: text/html or image/png: a 406 GraphQL error as application/json', async () => {
    for (const accept of ['text/html', 'image/png']) {
      const response = await postGraphql(JSON.stringify({ query: '{ causes { total } }' }), { accept });
      expect([response.status, response.headers.get('content-type'), response.body]).toEqual([
        406,
        'application/json; charset=utf-8',
        graphqlError('Not acceptable: /graphql answers application/graphql-response+json or application/json.', 'NOT_ACCEPTABLE'),
      ]);
    }
  });

  it("POST /graphql with invalid JSON: 400 without the parser's error, for both response types", async () => {
    for (const accept of ['application/json', 'application/graphql-response+json']) {
      const response = await postGraphql('{"query":', { accept });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ errors: [{ message: 'POST body sent invalid JSON.', extensions: { code: 'BAD_REQUEST' } }] });
    }
  });

  it('GET /graphql with variables or extensions that are not JSON: 400 saying so', async () => {
    for (const name of ['variables', 'extensions']) {
      const response = await fetch(`${app.baseUrl}/graphql?query=${encodeURIComponent('{dailyAction{day}}')}&${name}={bad`, {
        headers: { 'x-api-key': take(growthKeys) },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ errors: [{ message: `The "${name}" parameter is not valid JSON.`, extensions: { code: 'BAD_REQUEST' } }] });
    }
  });

  it("a gzip body that is not gzip: a neutral 400, not zlib's words", async () => {
    const response = await postGraphql('not gzip at all', { 'content-encoding': 'gzip' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(graphqlError('The request body could not be decompressed.', 'BAD_REQUEST'));
    const good = await postGraphql(zlib.gzipSync(JSON.stringify({ query: '{ causes(pageSize: 1) { total } }' })) as unknown as string, {
      'content-encoding': 'gzip',
    });
    expect(good.body).toEqual({ data: { causes: { total: 23 } } });
  });

  it('an unknown query parameter with a 15 KB name: the message repeats its first 100 characters', async () => {
    const name = 'x'.repeat(15_000);
    const response = await getJson(app.baseUrl, `/api/v1/causes?${name}=1`, take(standardKeys));
    expect(response).toMatchObject({
      status: 400,
      body: {
        error: `Unknown query parameter "${'x'.repeat(100)}…". This endpoint accepts: page, pageSize, category, lang, region, includeUnknownRegion, changedSince, cursor.`,
      },
    });
  });

  it('CONNECT: JSON 405', async () => {
    const raw = await rawRequest('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(raw.startsWith('HTTP/1.1 405 Method Not Allowed\r\n')).toBe(true);
    expect(bodyOf(raw)).toEqual({ error: 'Method not allowed. Every endpoint of this API answers GET only.' });
  });

  it('bad percent-encoding in a slug: a JSON 400 with or without a key (the path cannot be read)', async () => {
    expect(await getJson(app.baseUrl, '/api/v1/causes/%E0%A4%A')).toMatchObject({ status: 400, body: { error: 'Bad request.' } });
    expect(await getJson(app.baseUrl, '/api/v1/causes/%E0%A4%A', take(standardKeys))).toMatchObject({ status: 400, body: { error: 'Bad request.' } });
  });
});
