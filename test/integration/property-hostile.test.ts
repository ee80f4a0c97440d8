// Property-based tests (fast-check) over every query parameter, the slug, the key header and /graphql
// bodies, against the real app: never a 5xx, always a JSON { "error" } (REST) or a GraphQL error
// object, never a stack trace or an internal name.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeys } from '../../src/modules/api-keys/api-keys.service.js';
import { NOW, seedCatalogue, standardCatalogue } from '../helpers/catalogue.js';
import { resetDatabase, startTestApp, testPrisma, type TestApp } from '../helpers/test-app.js';

const prisma = testPrisma();
let app: TestApp;
let standard: string[] = [];
let growth: string[] = [];
let turn = 0;
let address = 0;

beforeAll(async () => {
  await resetDatabase(prisma);
  await seedCatalogue(prisma, standardCatalogue());
  standard = (await createApiKeys(prisma, { label: 'pbt', tier: 'standard' }, NOW, 400)).map((k) => k.key);
  growth = (await createApiKeys(prisma, { label: 'pbt', tier: 'growth' }, NOW, 400)).map((k) => k.key);
  // one proxy hop: each request names its own client address, so the limit on bad keys does not hide the answers
  app = await startTestApp({ prisma, now: NOW, trustProxyHops: 1 });
});
afterAll(async () => {
  await app.close();
  await prisma.$disconnect();
});

/** Round robin over many keys: no key is used twice within a second. */
const nextKey = (keys: string[]) => keys[turn++ % keys.length];
const nextAddress = () => `198.18.${(address >> 8) & 255}.${address++ & 255}`;

/** Signs of leaked internals: stack frames, file paths, library and class names. */
const LEAKS = [/\n\s+at /, /\.ts:\d+/, /node_modules/, /prisma/i, /PrismaClient/, /TypeError|ReferenceError|SyntaxError:/, /ECONN/];

function expectClean(text: string) {
  for (const leak of LEAKS) expect(text).not.toMatch(leak);
}

/** A /graphql answer in JSON: a result with data or GraphQL errors that carry no internals (never REST's `{ error }`). */
function expectGraphqlAnswer(text: string) {
  const parsed = JSON.parse(text);
  expect(parsed).not.toHaveProperty('error');
  expect('data' in parsed || 'errors' in parsed).toBe(true);
  for (const error of parsed.errors ?? []) {
    expect(typeof error.message).toBe('string');
    expect(error.extensions?.originalError).toBeUndefined();
    expect(error.extensions?.stack).toBeUndefined();
  }
  expectClean(text);
}

async function rest(path: string, key: string | undefined) {
  const headers: Record<string, string> = { 'x-forwarded-for': nextAddress() };
  if (key !== undefined) headers['x-api-key'] = key;
  const response = await fetch(`${app.baseUrl}${path}`, { headers });
  const text = await response.text();
  expect(response.status).toBeLessThan(500);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(text);
  if (response.status !== 200) {
    expect(Object.keys(body)).toEqual(['error']);
    expect(typeof body.error).toBe('string');
  }
  expectClean(text);
  return response.status;
}

const anyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '0',
    '-1',
    '1e3',
    '51',
    '50',
    '1.5',
    'NaN',
    'Infinity',
    '9'.repeat(400),
    'de',
    'en',
    'Spenden',
    'Petition',
    'Brief',
    '',
    ' ',
    '%',
    '%zz',
    '\u0000',
  ),
);
const paramName = fc.oneof(
  fc.constantFrom('page', 'pageSize', 'category', 'lang', 'page[]', 'lang[x]', '__proto__', 'constructor', 'toString'),
  fc.string({ maxLength: 10 }),
);
const queryString = fc.oneof(
  fc.array(fc.tuple(paramName, anyText), { maxLength: 6 }).map((pairs) => new URLSearchParams(pairs).toString()),
  // raw, not necessarily valid encoding
  fc.stringMatching(/^[a-zA-Z0-9=&%[\]._~+-]{0,60}$/),
);
const RUNS = { numRuns: 150 };

describe('REST v1 under arbitrary input', () => {
  it('any query string on every route', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/api/v1/daily-action', '/api/v1/causes', '/api/v1/causes/aktion-01'), queryString, async (route, query) => {
        await rest(`${route}?${query}`, nextKey(standard));
      }),
      RUNS,
    );
  });

  it('any slug, encoded or raw (including bad percent-encoding)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 300 }).map(encodeURIComponent), fc.stringMatching(/^[a-zA-Z0-9%._~-]{1,80}$/)),
        async (slug) => {
          const status = await rest(`/api/v1/causes/${slug}`, nextKey(standard));
          expect([200, 400, 404]).toContain(status);
        },
      ),
      RUNS,
    );
  });

  it('any X-Api-Key value: a 401 (or 200 for a real key), never more', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.stringMatching(/^[\x20-\x7e]{0,120}$/), fc.stringMatching(/^esk_[0-9A-Za-z_-]{0,50}$/), fc.constant(undefined), fc.constant('valid')),
        async (key) => {
          const status = await rest('/api/v1/causes?pageSize=1', key === 'valid' ? nextKey(standard) : key);
          expect([200, 401]).toContain(status);
        },
      ),
      RUNS,
    );
  });
});

describe('/graphql under arbitrary bodies', () => {
  const field = fc.constantFrom('total', 'items { title }', 'items { slug summary(lang: en) }', 'page', 'nope', '__typename', '...on X { y }');
  const document = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc
      .tuple(
        fc.constantFrom('causes', 'causes(pageSize: 51)', 'causes(category: Nope)', 'cause(slug: "aktion-01")', 'dailyAction', 'unknown'),
        fc.array(field, { maxLength: 4 }),
      )
      .map(([root, fields]) => `{ ${root} { ${fields.join(' ') || 'total'} } }`),
    fc.string({ maxLength: 200 }).map((s) => `{ causes { ${s} } }`),
  );
  const body = fc.oneof(
    fc
      .record({ query: document, variables: fc.option(fc.jsonValue({ maxDepth: 3 })), operationName: fc.option(fc.string({ maxLength: 10 })) })
      .map((b) => JSON.stringify(b)),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 200 }),
  );

  it('never a 5xx; always a GraphQL result or GraphQL errors; no internals', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const response = await fetch(`${app.baseUrl}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': nextKey(growth), 'x-forwarded-for': nextAddress() },
          body: payload,
        });
        const text = await response.text();
        expect(response.status).toBeLessThan(500);
        expectGraphqlAnswer(text);
      }),
      { numRuns: 300 },
    );
  });

  // GET /graphql: query, variables, operationName and extensions as query parameters, each absent, any
  // text (JSON or not) or JSON of any shape; sometimes the raw query string itself.
  const jsonOrText = fc.option(
    fc.oneof(
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 60 }),
      fc.constantFrom('{bad', '[', 'null', '{}', '"x"', '{"__proto__":{}}'),
    ),
  );
  const getQuery = fc.oneof(
    fc
      .record({ query: fc.option(document), variables: jsonOrText, operationName: fc.option(fc.string({ maxLength: 20 })), extensions: jsonOrText })
      .map((params) => new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => typeof e[1] === 'string')).toString()),
    fc.stringMatching(/^[a-zA-Z0-9=&%{}[\]"._~+-]{0,80}$/),
  );

  it('GET: never a 5xx, always JSON (a result or GraphQL errors), no internals', async () => {
    await fc.assert(
      fc.asyncProperty(getQuery, async (query) => {
        const response = await fetch(`${app.baseUrl}/graphql?${query}`, {
          headers: { 'x-api-key': nextKey(growth), 'x-forwarded-for': nextAddress() },
        });
        const text = await response.text();
        expect(response.status).toBeLessThan(500);
        expect(response.headers.get('content-type')).toMatch(/^application\/(graphql-response\+)?json/);
        expectGraphqlAnswer(text);
      }),
      { numRuns: 300 },
    );
  });
});
