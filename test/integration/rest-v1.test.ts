// Black-box tests of REST v1 against the real database: fields, null rules, ordering, paging, filters,
// suppression, errors.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeys } from '../../src/modules/api-keys/api-keys.service.js';
import { recordCauseChanges } from '../../src/modules/causes/cause-changes.service.js';
import { importSourceItems } from '../../src/modules/causes/cause-import.service.js';
import { markCauseSuppressed } from '../../src/modules/causes/suppression.service.js';
import { removeDemoCatalogue } from '../../src/modules/refresh/demo-removal.service.js';
import { runRefresh } from '../../src/modules/refresh/refresh.service.js';
import { decideReview } from '../../src/modules/review/review.service.js';
import { DEFAULT_GENERATOR_NAME, defaultTextGenerator } from '../../src/modules/texts/default-generator.js';
import { feedItem, NOW, seedCatalogue, SOURCE, standardCatalogue } from '../helpers/catalogue.js';
import { conformanceProblems } from '../helpers/openapi-conformance.js';
import { bumpContentVersion, getJson, issueKey, resetDatabase, startTestApp, testPrisma, unlimited, type TestApp } from '../helpers/test-app.js';

const prisma = testPrisma();
let app: TestApp;
let keys: string[] = [];
/** A fresh key per request, so the 1 request/second limit never interferes with these tests. */
const key = () => {
  const next = keys.pop();
  if (!next) throw new Error('out of test keys');
  return next;
};
const get = (path: string) => getJson(app.baseUrl, path, key());

// The designed order (see standardCatalogue): external ids and totals.
const EXPECTED_ORDER = [
  '01',
  '05',
  '03',
  '07',
  '02',
  '04',
  '06',
  '08',
  '09',
  '11',
  '13',
  '15',
  '10',
  '12',
  '14',
  '16',
  '17',
  '21',
  '19',
  '23',
  '18',
  '20',
  '22',
];
const EXPECTED_TOTALS = [100, 100, 90, 90, 70, 70, 70, 70, 70, 60, 60, 50, 40, 40, 30, 30, 30, 30, 20, 20, 0, 0, 0];

const CAUSE_KEYS = [
  'id',
  'slug',
  'title',
  'summary',
  'category',
  'organisationName',
  'organisationUrl',
  'imageUrl',
  'fundingProgressPct',
  'deadline',
  'urgency_score',
  'source_name',
  'source_url',
  'original_platform',
  'refreshed_at',
  // beside the spec's fields: who wrote title and summary in the language asked for
  'textSource',
];

beforeAll(async () => {
  await resetDatabase(prisma);
  await seedCatalogue(prisma, standardCatalogue());
  keys = (await createApiKeys(prisma, { label: 'rest tests', tier: 'standard' }, NOW, 120)).map((k) => k.key);
  app = await startTestApp({ prisma, now: NOW });
});

afterAll(async () => {
  await app.close();
  await prisma.$disconnect();
});

describe('GET /api/v1/daily-action', () => {
  it('returns the stored pick with every field of spec 2.1 and the German action', async () => {
    // c01 scores as high but closes today, before the daily action ends at 02:00 tomorrow: c05 is chosen
    const cause = await prisma.cause.findFirstOrThrow({ where: { externalId: 'c05' }, include: { actions: { where: { language: 'de' } } } });
    const { status, body } = await get('/api/v1/daily-action');
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['cause', 'action']);
    expect(Object.keys(body.cause)).toEqual(CAUSE_KEYS);
    expect(body.cause).toMatchObject({
      id: cause.id,
      slug: cause.slug,
      title: 'Aktion 05',
      category: 'Petition',
      organisationName: 'Verein c05 e.V.',
      organisationUrl: 'https://verein-c05.example',
      imageUrl: null,
      fundingProgressPct: 80,
      deadline: '2026-11-25',
      urgency_score: {
        total: 100,
        breakdown: { deadline_proximity: 60, funding_gap: 20, recency: 10, engagement: 10 },
        signals: { days_until_deadline: 4, progress_percentage: 80, days_since_import: 2, has_above_average_ctr: true },
      },
      source_name: 'Testquelle',
      source_url: 'https://plattform.example/aktionen/c05',
      original_platform: 'testplattform',
      // the fixture's last import ran two days before NOW
      refreshed_at: '2026-11-19T10:00:00.000Z',
      textSource: 'source',
    });
    const stored = cause.actions[0];
    expect(body.action).toEqual({
      type: 'sign',
      headline: stored.headline,
      whyNow: stored.whyNow,
      whyYou: stored.whyYou,
      impactStatement: stored.impactStatement,
      isAiGenerated: true,
      language: 'de',
    });
    const text = await prisma.causeText.findUniqueOrThrow({ where: { causeId_language: { causeId: cause.id, language: 'de' } } });
    expect(body.cause.summary).toBe(text.summary);
  });

  it('with lang=en serves the English summary and action', async () => {
    const { status, body } = await get('/api/v1/daily-action?lang=en');
    const en = await prisma.causeText.findFirstOrThrow({ where: { cause: { externalId: 'c05' }, language: 'en' } });
    expect(status).toBe(200);
    expect(body.cause.summary).toBe(en.summary);
    expect(body.action.language).toBe('en');
    expect(body.action.type).toBe('sign');
  });

  it('is the same cause for two different keys', async () => {
    const [a, b] = await Promise.all([get('/api/v1/daily-action'), get('/api/v1/daily-action')]);
    expect(a.body).toEqual(b.body);
  });

  it('has action null when no action exists in that language', async () => {
    const cause = await prisma.cause.findFirstOrThrow({ where: { externalId: 'c05' } });
    const saved = await prisma.causeAction.findUniqueOrThrow({ where: { causeId_language: { causeId: cause.id, language: 'en' } } });
    await prisma.causeAction.delete({ where: { causeId_language: { causeId: cause.id, language: 'en' } } });
    await bumpContentVersion(prisma);
    try {
      const { status, body } = await get('/api/v1/daily-action?lang=en');
      expect(status).toBe(200);
      expect(body.action).toBeNull();
      expect(body.cause.slug).toBe(cause.slug);
    } finally {
      await prisma.causeAction.create({ data: saved });
      await bumpContentVersion(prisma);
    }
  });
});

describe('GET /api/v1/causes', () => {
  it('returns the envelope with the defaults page 1, pageSize 20, in urgency order', async () => {
    const { status, body } = await get('/api/v1/causes');
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['total', 'page', 'pageSize', 'items']);
    expect(body.total).toBe(23);
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(20);
    expect(body.items.map((i: any) => i.title)).toEqual(EXPECTED_ORDER.slice(0, 20).map((n) => `Aktion ${n}`));
    expect(body.items.map((i: any) => i.urgency_score.total)).toEqual(EXPECTED_TOTALS.slice(0, 20));
  });

  it('items carry exactly the fields of spec 2.1: no description, funding amounts, scores or action', async () => {
    const { body } = await get('/api/v1/causes?pageSize=50');
    for (const item of body.items) expect(Object.keys(item)).toEqual(CAUSE_KEYS);
  });

  it('pages through the whole list without gaps or repeats', async () => {
    const titles: string[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const { body } = await get(`/api/v1/causes?page=${page}&pageSize=5`);
      expect(body).toMatchObject({ total: 23, page, pageSize: 5 });
      titles.push(...body.items.map((i: any) => i.title));
    }
    expect(titles).toEqual(EXPECTED_ORDER.map((n) => `Aktion ${n}`));
  });

  it('answers a page past the end with 200, empty items and the real total', async () => {
    const { status, body } = await get('/api/v1/causes?page=9&pageSize=20');
    expect(status).toBe(200);
    expect(body).toEqual({ total: 23, page: 9, pageSize: 20, items: [] });
  });

  it('filters by category, keeping the urgency order', async () => {
    const { body } = await get('/api/v1/causes?category=Petition&pageSize=50');
    // Petition = index 1, 4, 7, ... of the catalogue (ids 02, 05, 08, ...)
    const expected = EXPECTED_ORDER.filter((n) => (Number(n) - 1) % 3 === 1).map((n) => `Aktion ${n}`);
    expect(body.total).toBe(8);
    expect(body.items.map((i: any) => i.title)).toEqual(expected);
    expect(new Set(body.items.map((i: any) => i.category))).toEqual(new Set(['Petition']));
  });

  it('shows null for an unknown deadline, unknown progress and a missing image', async () => {
    const { body } = await get('/api/v1/causes?pageSize=50');
    const noDeadline = body.items.find((i: any) => i.title === 'Aktion 17');
    expect(noDeadline.deadline).toBeNull();
    expect(noDeadline.urgency_score.signals.days_until_deadline).toBeNull();
    expect(noDeadline.imageUrl).toBeNull();
  });
});

describe('GET /api/v1/causes/{slug}', () => {
  it('returns the full record: the list fields, the hidden fields and the action', async () => {
    const cause = await prisma.cause.findFirstOrThrow({ where: { externalId: 'c05' } });
    const { status, body } = await get(`/api/v1/causes/${cause.slug}?lang=en`);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual([...CAUSE_KEYS, 'description', 'fundingGoal', 'fundingCurrent', 'leverageScore', 'actionsToTippingPoint', 'action']);
    expect(body).toMatchObject({
      slug: cause.slug,
      description: 'Aktion 05. Eine Aktion für die Region, getragen von Ehrenamtlichen.',
      fundingGoal: null,
      fundingCurrent: null,
      leverageScore: null,
      actionsToTippingPoint: null,
    });
    expect(body.urgency_score.total).toBe(100);
    expect(body.action.language).toBe('en');
  });

  it('gives the description in `lang` where the source gives it in that language, else the original', async () => {
    const cause = await prisma.cause.findFirstOrThrow({ where: { externalId: 'c09' } });
    await prisma.cause.update({ where: { id: cause.id }, data: { descriptionEn: 'Campaign 09. A campaign for the region, run by volunteers.' } });
    await bumpContentVersion(prisma);
    try {
      expect((await get(`/api/v1/causes/${cause.slug}?lang=en`)).body.description).toBe('Campaign 09. A campaign for the region, run by volunteers.');
      expect((await get(`/api/v1/causes/${cause.slug}?lang=de`)).body.description).toBe('Aktion 09. Eine Aktion für die Region, getragen von Ehrenamtlichen.');
      expect((await get(`/api/v1/causes/${cause.slug}`)).body.description).toBe('Aktion 09. Eine Aktion für die Region, getragen von Ehrenamtlichen.');
    } finally {
      await prisma.cause.update({ where: { id: cause.id }, data: { descriptionEn: null } });
      await bumpContentVersion(prisma);
    }
  });

  it('gives the original (German) description under lang=en when the source has no English one', async () => {
    const cause = await prisma.cause.findFirstOrThrow({ where: { externalId: 'c09' } });
    expect(cause.descriptionEn).toBeNull();
    expect((await get(`/api/v1/causes/${cause.slug}?lang=en`)).body.description).toBe('Aktion 09. Eine Aktion für die Region, getragen von Ehrenamtlichen.');
  });

  it('says in textSource who wrote title and summary in the language asked for', async () => {
    const cause = await prisma.cause.findFirstOrThrow({ where: { externalId: 'c09' } });
    const source = async (lang: 'de' | 'en') => (await get(`/api/v1/causes/${cause.slug}?lang=${lang}`)).body.textSource;
    const where = { causeId_language: { causeId: cause.id, language: 'en' as const } };
    const en = await prisma.causeText.findUniqueOrThrow({ where });
    expect(en).toMatchObject({ generator: DEFAULT_GENERATOR_NAME, isAiGenerated: true, contentHash: cause.contentHash });
    // a German source: its own text in German, the service's writing in English
    expect([await source('de'), await source('en')]).toEqual(['source', 'service']);
    const change = async (data: object, text: object) => {
      await prisma.cause.update({ where: { id: cause.id }, data });
      await prisma.causeText.update({ where, data: text });
      await bumpContentVersion(prisma);
    };
    try {
      await change({ titleEn: 'Campaign 09' }, {});
      expect(await source('en')).toBe('source');
      await change({ titleEn: null }, { generator: 'llm:test-model', title: 'Campaign 09' });
      expect(await source('en')).toBe('model');
      await change({}, { generator: 'editor', isAiGenerated: false, title: null });
      expect([await source('de'), await source('en')]).toEqual(['source', 'editor']);
      // a text written for older data is not served, so neither is its author
      await change({}, { contentHash: 'older' });
      expect(await source('en')).toBe('service');
    } finally {
      await change({ titleEn: null }, { generator: en.generator, isAiGenerated: en.isAiGenerated, title: en.title, contentHash: en.contentHash });
    }
  });

  it('has action null for a cause that was never the daily action', async () => {
    const cause = await prisma.cause.findFirstOrThrow({ where: { externalId: 'c22' } });
    const { body } = await get(`/api/v1/causes/${cause.slug}`);
    expect(body.action).toBeNull();
    expect(body.urgency_score).toEqual({
      total: 0,
      breakdown: { deadline_proximity: 0, funding_gap: 0, recency: 0, engagement: 0 },
      signals: { days_until_deadline: null, progress_percentage: 40, days_since_import: 30, has_above_average_ctr: false },
    });
  });

  it('answers a slug that cannot exist (NUL, upper case, too long) with the same 404', async () => {
    for (const slug of ['%00', 'Aktion-01', 'a'.repeat(100)]) {
      const { status, body } = await get(`/api/v1/causes/${slug}`);
      expect(status).toBe(404);
      expect(body).toEqual({ error: `No cause with the slug "${decodeURIComponent(slug)}".` });
    }
  });

  it('repeats at most the first 100 characters of a longer slug, then "…"', async () => {
    const { status, body } = await get(`/api/v1/causes/${'b'.repeat(10_000)}`);
    expect(status).toBe(404);
    expect(body).toEqual({ error: `No cause with the slug "${'b'.repeat(100)}…".` });
  });

  it('serves the action only on the content day it was written for', async () => {
    const cause = await prisma.cause.findFirstOrThrow({ where: { externalId: 'c05' } });
    const tomorrow = await startTestApp({ prisma, now: new Date(NOW.getTime() + 86_400_000) });
    try {
      const { body } = await getJson(tomorrow.baseUrl, `/api/v1/causes/${cause.slug}`, key());
      expect(body.slug).toBe(cause.slug);
      expect(body.action).toBeNull();
    } finally {
      await tomorrow.close();
    }
  });

  it('answers an unknown slug with 404', async () => {
    const { status, body } = await get('/api/v1/causes/gibt-es-nicht');
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'No cause with the slug "gibt-es-nicht".' });
  });
});

describe('bad input is a 400 that names the parameter', () => {
  it.each([
    ['/api/v1/causes?lang=fr', 'Invalid value for "lang": expected one of de, en.'],
    ['/api/v1/daily-action?lang=DE', 'Invalid value for "lang": expected one of de, en.'],
    ['/api/v1/causes?category=Spende', 'Invalid value for "category": expected one of Spenden, Petition, Brief.'],
    ['/api/v1/causes?page=0', 'Invalid value for "page": expected a whole number of 1 or more.'],
    ['/api/v1/causes?page=-1', 'Invalid value for "page": expected a whole number of 1 or more.'],
    ['/api/v1/causes?page=abc', 'Invalid value for "page": expected a whole number of 1 or more.'],
    ['/api/v1/causes?page=99999999999', 'Invalid value for "page": expected a whole number of 1 or more.'],
    ['/api/v1/causes?pageSize=51', 'Invalid value for "pageSize": expected a whole number from 1 to 50.'],
    ['/api/v1/causes?pageSize=0', 'Invalid value for "pageSize": expected a whole number from 1 to 50.'],
    ['/api/v1/causes?pageSize=2.5', 'Invalid value for "pageSize": expected a whole number from 1 to 50.'],
    ['/api/v1/causes?pageSize=', 'Invalid value for "pageSize": expected a whole number from 1 to 50.'],
    [
      '/api/v1/causes?sort=title',
      'Unknown query parameter "sort". This endpoint accepts: page, pageSize, category, lang, region, includeUnknownRegion, changedSince, cursor.',
    ],
    ['/api/v1/daily-action?page=2', 'Unknown query parameter "page". This endpoint accepts: lang.'],
    ['/api/v1/causes?lang=de&lang=en', 'Query parameter "lang" was given more than once.'],
  ])('%s', async (path, message) => {
    const { status, body, headers } = await get(path);
    expect(status).toBe(400);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(body).toEqual({ error: message });
  });

  it('an unknown path under /api/v1 is a JSON 404', async () => {
    expect(await get('/api/v1/nothing-here')).toMatchObject({ status: 404, body: { error: 'Not found.' } });
  });

  it('a URL too large for the server is a JSON 431', async () => {
    const { status, body } = await get(`/api/v1/causes?lang=${'x'.repeat(20_000)}`);
    expect(status).toBe(431);
    expect(body).toEqual({ error: 'The request line or headers are too large.' });
  });

  it('a path below /graphql is a JSON 404', async () => {
    expect(await get('/graphql/anything')).toMatchObject({ status: 404, body: { error: 'Not found.' } });
  });

  it('a method other than GET is a JSON 405 with Allow', async () => {
    const response = await fetch(`${app.baseUrl}/api/v1/causes`, { method: 'POST', headers: { 'x-api-key': key() } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(await response.json()).toEqual({ error: 'Method not allowed. Every endpoint of this API answers GET only.' });
  });
});

describe('suppressed causes', () => {
  it('stay in the list with their score intact but are never the daily action', async () => {
    const top = await prisma.cause.findFirstOrThrow({ where: { externalId: 'c05' } });
    await prisma.cause.update({ where: { id: top.id }, data: { suppressed: true, suppressedReason: 'test' } });
    await bumpContentVersion(prisma);
    try {
      const { body } = await get('/api/v1/causes?pageSize=3');
      expect(body.items[1].slug).toBe(top.slug);
      expect(body.items[1].urgency_score.total).toBe(100);

      // a new content day chooses among the others: c05 is suppressed, c01 closed yesterday
      const { storeDailyPick } = await import('../../src/modules/daily-action/daily-pick.service.js');
      const tomorrow = new Date(NOW.getTime() + 86_400_000);
      const pick = await storeDailyPick(prisma, '2026-11-22', tomorrow, null);
      expect(pick?.slug).not.toBe(top.slug);
      const c03 = await prisma.cause.findFirstOrThrow({ where: { externalId: 'c03' } });
      expect(pick?.causeId).toBe(c03.id);
    } finally {
      await prisma.cause.update({ where: { id: top.id }, data: { suppressed: false, suppressedReason: null } });
      await prisma.dailyPick.deleteMany({ where: { day: new Date('2026-11-22T00:00:00Z') } });
      await bumpContentVersion(prisma);
    }
  });

  it('a daily action suppressed during the day is not served: 503', async () => {
    const pick = await prisma.dailyPick.findFirstOrThrow({ where: { day: new Date('2026-11-21T00:00:00Z') } });
    await prisma.cause.update({ where: { id: pick.causeId }, data: { suppressed: true } });
    await bumpContentVersion(prisma);
    try {
      expect(await get('/api/v1/daily-action')).toMatchObject({ status: 503, body: { error: 'No action available today.' } });
    } finally {
      await prisma.cause.update({ where: { id: pick.causeId }, data: { suppressed: false } });
      await bumpContentVersion(prisma);
    }
  });
});

describe('the answers on the wire', () => {
  /** One raw HTTP/1.1 exchange: the status line and the headers, and the body. */
  const raw = (request: string) =>
    new Promise<{ head: string[]; body: string }>((resolve, reject) => {
      // written, not ended: the server closes the connection after its answer (Connection: close)
      const socket = net.connect(Number(new URL(app.baseUrl).port), '127.0.0.1', () => socket.write(request));
      let data = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => (data += chunk));
      socket.on('error', reject);
      socket.on('end', () => {
        const at = data.indexOf('\r\n\r\n');
        resolve({ head: data.slice(0, at).split('\r\n'), body: data.slice(at + 4) });
      });
    });
  const HELMET = [
    "Content-Security-Policy: default-src 'none';frame-ancestors 'none'",
    'Cross-Origin-Opener-Policy: same-origin',
    'Cross-Origin-Resource-Policy: same-origin',
    'Origin-Agent-Cluster: ?1',
    'Referrer-Policy: no-referrer',
    'X-Content-Type-Options: nosniff',
    'X-DNS-Prefetch-Control: off',
    'X-Download-Options: noopen',
    'X-Frame-Options: SAMEORIGIN',
    'X-Permitted-Cross-Domain-Policies: none',
    'X-XSS-Protection: 0',
  ];
  /**
   * The status line, then the other headers in the order of their names (their order says nothing), without
   * the variable lines (Date, the request id's value), which are checked for shape.
   */
  const stable = (head: string[]) => {
    expect(head.filter((h) => h.startsWith('Date: '))).toHaveLength(1);
    expect(head.filter((h) => /^X-Request-Id: [A-Za-z0-9_-]{8}-[0-9a-z]+$/.test(h))).toHaveLength(1);
    const [status, ...headers] = head.filter((h) => !h.startsWith('Date: ') && !h.startsWith('X-Request-Id: '));
    return [status, ...headers.sort()];
  };
  const sorted = ([status, ...headers]: string[]) => [status, ...headers.sort()];

  it('a 200 with an Origin: every header once, and the cached body', async () => {
    const apiKey = key();
    const expected = await get('/api/v1/daily-action');
    const { head, body } = await raw(
      `GET /api/v1/daily-action HTTP/1.1\r\nHost: x\r\nOrigin: https://news.example\r\nX-Api-Key: ${apiKey}\r\nConnection: close\r\n\r\n`,
    );
    expect(JSON.parse(body)).toEqual(expected.body);
    expect(stable(head)).toEqual(
      sorted([
        'HTTP/1.1 200 OK',
        ...HELMET,
        'Access-Control-Allow-Origin: *',
        'Access-Control-Expose-Headers: Retry-After, ETag, RateLimit, RateLimit-Policy, Content-Language, X-Request-Id, X-Test-Mode',
        `Cache-Control: private, max-age=${expected.headers.get('cache-control')!.match(/max-age=(\d+)/)![1]}, must-revalidate`,
        'RateLimit-Policy: "per-key";q=1;w=1',
        'RateLimit: "per-key";r=0;t=1',
        'Content-Type: application/json; charset=utf-8',
        `ETag: ${expected.headers.get('etag')}`,
        'Content-Language: de',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: close',
      ]),
    );
  });

  it('HEAD: the headers of GET and no body; a 304 has no Content-Type or Content-Length', async () => {
    const get200 = await get('/api/v1/causes?pageSize=3&lang=en');
    const head = await raw(`HEAD /api/v1/causes?pageSize=3&lang=en HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${key()}\r\nConnection: close\r\n\r\n`);
    expect(head.body).toBe('');
    expect(head.head).toContain(`Content-Length: ${Buffer.byteLength(JSON.stringify(get200.body))}`);
    expect(head.head).toContain('Content-Language: en');
    const notModified = await raw(
      `GET /api/v1/causes?pageSize=3&lang=en HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${key()}\r\nIf-None-Match: ${get200.headers.get('etag')}\r\nConnection: close\r\n\r\n`,
    );
    expect(notModified.head[0]).toBe('HTTP/1.1 304 Not Modified');
    expect(notModified.body).toBe('');
    expect(notModified.head.filter((h) => /^(Content-Type|Content-Length):/.test(h))).toEqual([]);
    expect(notModified.head).toContain(`ETag: ${get200.headers.get('etag')}`);
  });

  it('a 429 and a 401 carry the same security headers, no-store and Retry-After where it applies', async () => {
    const apiKey = key();
    await raw(`GET /api/v1/causes/aktion-01 HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${apiKey}\r\nConnection: close\r\n\r\n`);
    const limited = await raw(`GET /api/v1/causes/aktion-01 HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${apiKey}\r\nConnection: close\r\n\r\n`);
    expect([stable(limited.head), limited.body]).toEqual([
      sorted([
        'HTTP/1.1 429 Too Many Requests',
        ...HELMET,
        'Cache-Control: no-store',
        'RateLimit-Policy: "per-key";q=1;w=1',
        'RateLimit: "per-key";r=0;t=1',
        'Retry-After: 1',
        'Content-Type: application/json; charset=utf-8',
        'Content-Length: 54',
        'Connection: close',
      ]),
      '{"error":"Rate limit exceeded. Retry after 1 second."}',
    ]);
    const missing = await raw('GET /api/v1/causes HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect([stable(missing.head), missing.body]).toEqual([
      sorted([
        'HTTP/1.1 401 Unauthorized',
        ...HELMET,
        'Cache-Control: no-store',
        'RateLimit-Policy: "per-key";q=1;w=1',
        'Content-Type: application/json; charset=utf-8',
        'Content-Length: 37',
        'Connection: close',
      ]),
      '{"error":"Missing X-Api-Key header."}',
    ]);
  });

  it('an absolute-form request target (as a proxy may send it) is answered like its path; no Host is a JSON 400', async () => {
    const absolute = await raw(
      `GET http://news.example/api/v1/causes?pageSize=1 HTTP/1.1\r\nHost: news.example\r\nX-Api-Key: ${key()}\r\nConnection: close\r\n\r\n`,
    );
    expect(absolute.head[0]).toBe('HTTP/1.1 200 OK');
    expect(JSON.parse(absolute.body)).toMatchObject({ page: 1, pageSize: 1 });
    const noHost = await raw(`GET /api/v1/causes HTTP/1.1\r\nX-Api-Key: ${key()}\r\nConnection: close\r\n\r\n`);
    expect([noHost.head[0], noHost.body]).toEqual(['HTTP/1.1 400 Bad Request', '{"error":"Missing Host header."}']);
  });
});

describe('a cause that has ended answers 410 Gone, saying why and since when', () => {
  // 02:30 in Berlin on 2026-11-22: the import of the new day ends c01 (its deadline was 2026-11-21), c23
  // (no longer in the feed) and c22 (the source closes it); an editor rejects c21 an hour later; a second
  // source switched to review takes its cause off the list until an editor decides; the demo catalogue's
  // cause is deleted. c20 is suppressed: still listed (spec 2.3), so still 200.
  const LISTED_AT = new Date('2026-11-22T00:30:00Z');
  const ENDED_AT = new Date('2026-11-22T01:30:00Z');
  const REJECTED_AT = new Date('2026-11-22T02:30:00Z');
  const AT = new Date('2026-11-22T10:00:00Z');
  const OTHER = { name: 'Zweitquelle', platform: 'zweitplattform', type: 'json-feed', url: 'https://zweit.example/feed.json', review: 'none' as const };
  const DEMO = { name: 'Demo-Quelle', platform: 'demo', type: 'demo', url: 'demo:test', review: 'none' as const };
  const extra = (externalId: string, more: Record<string, unknown> = {}) => ({
    ...feedItem({ externalId, title: `Aktion ${externalId}`, category: 'Brief', importedDaysAgo: 0 }),
    ...more,
  });
  let ended: TestApp;
  let growth: string;
  const slugs: Record<string, string> = {};

  beforeAll(async () => {
    await importSourceItems(prisma, OTHER, [extra('z1')], LISTED_AT);
    await importSourceItems(prisma, DEMO, [extra('d1')], LISTED_AT);
    await recordCauseChanges(prisma, LISTED_AT);
    const items = standardCatalogue()
      .filter((c) => c.externalId !== 'c23')
      .map((c) => (c.externalId === 'c22' ? { ...feedItem(c), closedReason: 'closed (status "beendet")' } : feedItem(c)));
    // c30 is new and closed already: never listed
    await importSourceItems(prisma, SOURCE, [...items, extra('c30', { closedReason: 'closed (status "beendet")' })], ENDED_AT);
    await importSourceItems(prisma, { ...OTHER, review: 'list' }, [extra('z1')], ENDED_AT);
    await runRefresh({
      prisma,
      sources: [],
      generator: defaultTextGenerator,
      now: ENDED_AT,
      clock: () => ENDED_AT,
      trigger: 'test',
      log: { info: () => {}, warn: () => {} },
    });
    for (const row of await prisma.cause.findMany({ select: { externalId: true, slug: true } })) slugs[row.externalId] = row.slug;
    await decideReview(prisma, defaultTextGenerator, slugs.c21, 'reject', { by: 'Redaktion', reason: 'Keine Aktion, sondern eine Werbung.' }, REJECTED_AT);
    await markCauseSuppressed(prisma, slugs.c20, 'Hinweis der Redaktion', REJECTED_AT);
    await removeDemoCatalogue(prisma, defaultTextGenerator, REJECTED_AT);
    ended = await startTestApp({ prisma, now: AT, limiter: unlimited });
    growth = await issueKey(prisma, 'growth', AT);
  });
  afterAll(() => ended.close());

  const rest = async (path: string) => {
    const response = await getJson(ended.baseUrl, `/api/v1${path}`, growth);
    expect(conformanceProblems('GET', '/causes/{slug}', response)).toEqual([]);
    return { status: response.status, body: response.body, cacheControl: response.headers.get('cache-control') };
  };
  const graphql = async (slug: string) => {
    const response = await fetch(`${ended.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'x-api-key': growth },
      body: JSON.stringify({ query: `{ cause(slug: "${slug}") { slug } }` }),
    });
    return { status: response.status, body: await response.json() };
  };

  it.each([
    ['c01', 'expired', 'This cause has ended: its deadline was 2026-11-21. It left the list on 2026-11-22.', ENDED_AT],
    ['c23', 'removed', 'This cause has ended: its source no longer lists it. It left the list on 2026-11-22.', ENDED_AT],
    ['c22', 'inactive', 'This cause has ended: its source closed it. It left the list on 2026-11-22.', ENDED_AT],
    ['c21', 'rejected', 'This cause was withdrawn: an editor rejected it. It left the list on 2026-11-22.', REJECTED_AT],
    ['z1', 'unreviewed', 'This cause is withdrawn until an editor has reviewed it again. It left the list on 2026-11-22.', ENDED_AT],
    ['d1', 'removed', 'This cause has ended: its source no longer lists it. It left the list on 2026-11-22.', REJECTED_AT],
  ])('%s (%s): REST 410 with the message alone (spec 7), GraphQL 410 with the reason and endedAt', async (externalId, reason, message, endedAt) => {
    const slug = slugs[externalId];
    expect(await rest(`/causes/${slug}`)).toEqual({ status: 410, body: { error: message }, cacheControl: 'no-store' });
    expect(await rest(`/causes/${slug}?lang=en`)).toEqual({ status: 410, body: { error: message }, cacheControl: 'no-store' });
    expect(await graphql(slug)).toEqual({
      status: 410,
      body: {
        data: null,
        errors: [{ message, locations: [{ line: 1, column: 3 }], path: ['cause'], extensions: { code: 'GONE', reason, endedAt: endedAt.toISOString() } }],
      },
    });
  });

  it('the sync reports the same reasons and times', async () => {
    const { body } = await getJson(ended.baseUrl, '/api/v1/causes?changedSince=2026-11-22T00:00:00Z&pageSize=50', growth);
    const removed = new Map(body.removed.map((r: { slug: string; reason: string; removedAt: string }) => [r.slug, [r.reason, r.removedAt]]));
    expect(['c01', 'c23', 'c22', 'c21', 'z1', 'd1', 'c20'].map((id) => removed.get(slugs[id]))).toEqual([
      ['expired', ENDED_AT.toISOString()],
      ['removed', ENDED_AT.toISOString()],
      ['inactive', ENDED_AT.toISOString()],
      ['rejected', REJECTED_AT.toISOString()],
      ['unreviewed', ENDED_AT.toISOString()],
      ['removed', REJECTED_AT.toISOString()],
      ['suppressed', REJECTED_AT.toISOString()],
    ]);
  });

  it('a suppressed cause is still served (spec 2.3); a cause never listed and an unknown slug answer 404, in REST and GraphQL', async () => {
    const suppressed = await rest(`/causes/${slugs.c20}`);
    expect([suppressed.status, suppressed.body.slug]).toEqual([200, slugs.c20]);
    expect((await graphql(slugs.c20)).body).toEqual({ data: { cause: { slug: slugs.c20 } } });
    for (const slug of [slugs.c30, 'gibt-es-nicht']) {
      const error = `No cause with the slug "${slug}".`;
      expect(await rest(`/causes/${slug}`)).toEqual({ status: 404, body: { error }, cacheControl: 'no-store' });
      expect(await graphql(slug)).toEqual({
        status: 404,
        body: { data: null, errors: [{ message: error, locations: [{ line: 1, column: 3 }], path: ['cause'], extensions: { code: 'NOT_FOUND' } }] },
      });
    }
  });

  it('an editor who releases the withdrawn cause brings it back: 200', async () => {
    await decideReview(prisma, defaultTextGenerator, slugs.z1, 'release', { by: 'Redaktion' }, AT);
    const back = await rest(`/causes/${slugs.z1}`);
    expect([back.status, back.body.slug]).toEqual([200, slugs.z1]);
  });
});
