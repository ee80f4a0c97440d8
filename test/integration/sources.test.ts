// Sources and freshness: GET /api/v1/sources after a refresh with one source ok, one incomplete, one
// failed and one never fetched; the last success kept by a later failure; the GraphQL fields (`sources`,
// `jobRuns`, Cause.sourceFetchedAt) and the number of SQL queries they cost.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeys } from '../../src/modules/api-keys/api-keys.service.js';
import { runRefresh } from '../../src/modules/refresh/refresh.service.js';
import { parseSourcesConfig, type SourceConfig } from '../../src/modules/sources/sources-config.js';
import { defaultTextGenerator } from '../../src/modules/texts/default-generator.js';
import { feedItem, NOW } from '../helpers/catalogue.js';
import { conformanceProblems } from '../helpers/openapi-conformance.js';
import { BETTERPLACE_FILES, betterplaceSource, realFile } from '../helpers/real-data.js';
import { queriesOf as countQueries } from '../helpers/query-count.js';
import { getJson, resetDatabase, startTestApp, testPrisma, type TestApp } from '../helpers/test-app.js';

const prisma = testPrisma();
const HOUR_MS = 3_600_000;
const LATER = new Date(NOW.getTime() + HOUR_MS);
let app: TestApp;
let dir = '';
let sources: SourceConfig[] = [];
let keys: string[] = [];
const key = () => keys.pop()!;
const get = (url: string) => getJson(app.baseUrl, url, key());

async function graphql(query: string) {
  const response = await fetch(`${app.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'x-api-key': key() },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const refresh = (configured: SourceConfig[], at: Date) =>
  runRefresh({
    prisma,
    sources: configured,
    generator: defaultTextGenerator,
    now: at,
    clock: () => at,
    trigger: 'test',
    force: true,
    log: { info: () => {}, warn: () => {} },
  });

const BP2 = BETTERPLACE_FILES[1];
const NORD_ITEMS = [
  { externalId: 'n1', title: 'Tempo 30 vor Schulen', category: 'Petition', importedDaysAgo: 0 },
  { externalId: 'n2', title: 'Mehr Radwege', category: 'Petition', deadlineInDays: 10, importedDaysAgo: 0 },
] as const;

beforeAll(async () => {
  await resetDatabase(prisma);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'es-sources-'));
  fs.writeFileSync(path.join(dir, 'nord.json'), JSON.stringify({ items: NORD_ITEMS.map(feedItem) }));
  sources = parseSourcesConfig(
    {
      sources: [
        {
          name: 'Petitionen Nord',
          platform: 'petitionen-nord',
          type: 'json-feed',
          review: 'none',
          url: 'nord.json',
          licence: 'CC BY 4.0, Petitionen Nord e.V.',
        },
        betterplaceSource(realFile(BP2), { licence: 'betterplace.org API terms of use' }),
        { name: 'Briefe Süd', platform: 'briefe-sued', type: 'json-feed', review: 'none', url: 'missing.json' },
        {
          name: 'Neue Quelle',
          platform: 'neue-quelle',
          type: 'rss',
          url: 'https://neue-quelle.example/feed.xml',
          category: 'Petition',
          organisationName: 'Neue Quelle',
          organisationUrl: 'https://neue-quelle.example',
        },
      ],
    },
    dir,
  );
  // the fourth source is configured but no refresh has fetched it yet
  await refresh(sources.slice(0, 3), NOW);
  keys = (await createApiKeys(prisma, { label: 'sources tests', tier: 'growth' }, NOW, 40)).map((k) => k.key);
  app = await startTestApp({ prisma, now: NOW, sources, metricsToken: 'm' });
});

afterAll(async () => {
  await app.close();
  await prisma.$disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
});

const noCounts = { new: 0, updated: 0, unchanged: 0, reactivated: 0, deactivated: 0, skipped: 0 };

describe('GET /api/v1/sources', () => {
  it('after a refresh with one source ok, one incomplete and one failed, and one never fetched: each with its status, reason, times and counts', async () => {
    const response = await get('/api/v1/sources');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      {
        name: 'Petitionen Nord',
        platform: 'petitionen-nord',
        type: 'json-feed',
        licence: 'CC BY 4.0, Petitionen Nord e.V.',
        configured: true,
        status: 'ok',
        reason: null,
        lastAttemptAt: NOW.toISOString(),
        lastSuccessAt: NOW.toISOString(),
        activeCauses: 2,
        lastFetchCounts: { ...noCounts, new: 2 },
      },
      {
        name: 'betterplace.org',
        platform: 'betterplace',
        type: 'betterplace',
        licence: 'betterplace.org API terms of use',
        configured: true,
        status: 'incomplete',
        reason: BP2_WARNING,
        lastAttemptAt: NOW.toISOString(),
        lastSuccessAt: NOW.toISOString(),
        activeCauses: 1,
        // 1114 open; 6233 and 60749 closed, stored inactive
        lastFetchCounts: { ...noCounts, new: 3, skipped: 0 },
      },
      {
        name: 'Briefe Süd',
        platform: 'briefe-sued',
        type: 'json-feed',
        licence: null,
        configured: true,
        status: 'failed',
        // no server paths: a file by its name only
        reason: "cannot read missing.json: ENOENT: no such file or directory, stat 'missing.json'",
        lastAttemptAt: NOW.toISOString(),
        lastSuccessAt: null,
        activeCauses: 0,
        lastFetchCounts: null,
      },
      {
        name: 'Neue Quelle',
        platform: 'neue-quelle',
        type: 'rss',
        licence: null,
        configured: true,
        status: 'never_fetched',
        reason: null,
        lastAttemptAt: null,
        lastSuccessAt: null,
        activeCauses: 0,
        lastFetchCounts: null,
      },
    ]);
    expect(conformanceProblems('GET', '/sources', response)).toEqual([]);
    // the attribution is the causes' own
    const causes = await get('/api/v1/causes?pageSize=50');
    expect(new Set(causes.body.items.map((c: any) => `${c.source_name}|${c.original_platform}`))).toEqual(
      new Set(['Petitionen Nord|petitionen-nord', 'betterplace.org|betterplace']),
    );
  });

  it('answers 304 to its ETag, without Content-Language, and 400 to any query parameter', async () => {
    const first = await get('/api/v1/sources');
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('content-language')).toBeNull();
    const again = await fetch(`${app.baseUrl}/api/v1/sources`, { headers: { 'x-api-key': key(), 'if-none-match': etag } });
    expect([again.status, await again.text(), again.headers.get('etag')]).toEqual([304, '', etag]);
    expect(conformanceProblems('GET', '/sources', { status: 304, headers: again.headers, body: '' })).toEqual([]);
    const bad = await get('/api/v1/sources?lang=en');
    expect([bad.status, bad.body]).toEqual([400, { error: 'Unknown query parameter "lang". This endpoint accepts none.' }]);
    expect(conformanceProblems('GET', '/sources', bad)).toEqual([]);
    expect((await getJson(app.baseUrl, '/api/v1/sources')).body).toEqual({ error: 'Missing X-Api-Key header.' });
  });

  it('is counted under its route in the metrics; other methods answer 405 with Allow', async () => {
    const series = (status: number) => `es_http_requests_total{method="GET",route="/api/v1/sources",status="${status}"}`;
    const metrics = async () => {
      const text = await (await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: 'Bearer m' } })).text();
      return (status: number) =>
        Number(
          text
            .split('\n')
            .find((line) => line.startsWith(`${series(status)} `))
            ?.split(' ')[1] ?? 0,
        );
    };
    const before = await metrics();
    expect((await get('/api/v1/sources')).status).toBe(200);
    expect((await getJson(app.baseUrl, '/api/v1/sources')).status).toBe(401);
    const after = await metrics();
    expect([after(200) - before(200), after(401) - before(401)]).toEqual([1, 1]);
    const post = await fetch(`${app.baseUrl}/api/v1/sources`, { method: 'POST', headers: { 'x-api-key': key() } });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });

  it('the REST cause is unchanged: no sourceFetchedAt', async () => {
    const { body } = await get('/api/v1/causes?pageSize=1');
    expect(Object.keys(body.items[0])).not.toContain('sourceFetchedAt');
  });
});

describe('GraphQL', () => {
  it('sources, jobRuns with each source of a run, and Cause.sourceFetchedAt', async () => {
    const { status, body } = await graphql(
      '{ sources { name status lastSuccessAt } jobRuns(last: 5) { status summary trigger startedAt sources { name outcome counts { new skipped } error } } causes(pageSize: 50) { items { source_name sourceFetchedAt } } }',
    );
    expect(status).toBe(200);
    expect(body.data.sources).toEqual([
      { name: 'Petitionen Nord', status: 'ok', lastSuccessAt: NOW.toISOString() },
      { name: 'betterplace.org', status: 'incomplete', lastSuccessAt: NOW.toISOString() },
      { name: 'Briefe Süd', status: 'failed', lastSuccessAt: null },
      { name: 'Neue Quelle', status: 'never_fetched', lastSuccessAt: null },
    ]);
    expect(body.data.jobRuns).toEqual([
      {
        status: 'succeeded',
        summary: 'succeeded with 1 of 3 sources failed and 1 incomplete',
        trigger: 'test',
        startedAt: NOW.toISOString(),
        sources: [
          { name: 'Petitionen Nord', outcome: 'ok', counts: { new: 2, skipped: 0 }, error: null },
          { name: 'betterplace.org', outcome: 'incomplete', counts: { new: 3, skipped: 0 }, error: null },
          { name: 'Briefe Süd', outcome: 'failed', counts: null, error: expect.stringMatching(/^cannot read .*missing\.json: ENOENT/) },
        ],
      },
    ]);
    expect(new Set(body.data.causes.items.map((c: any) => `${c.source_name} ${c.sourceFetchedAt}`))).toEqual(
      new Set([`Petitionen Nord ${NOW.toISOString()}`, `betterplace.org ${NOW.toISOString()}`]),
    );
  });

  it('jobRuns is never answered from the response cache: a run that ends shows at once', async () => {
    const query = '{ jobRuns(last: 1) { status finishedAt } }';
    const run = await prisma.jobRun.findFirstOrThrow({ orderBy: { startedAt: 'desc' } });
    await prisma.jobRun.update({ where: { id: run.id }, data: { status: 'running', finishedAt: null } });
    expect((await graphql(query)).body.data.jobRuns).toEqual([{ status: 'running', finishedAt: null }]);
    await prisma.jobRun.update({ where: { id: run.id }, data: { status: run.status, finishedAt: run.finishedAt } });
    expect((await graphql(query)).body.data.jobRuns).toEqual([{ status: 'succeeded', finishedAt: run.finishedAt!.toISOString() }]);
  });

  it('jobRuns(last:) outside 1 to 50 is bad input', async () => {
    const { status, body } = await graphql('{ jobRuns(last: 51) { id } }');
    expect(status).toBe(400);
    expect(body.errors.map((e: any) => e.message)).toEqual(['Invalid value for "last": expected a whole number from 1 to 50.']);
  });
});

describe('SQL queries', () => {
  const queriesOf = (document: string) => countQueries(document, NOW, sources);

  it('listing causes with sourceFetchedAt, sources, or runs with their sources costs the same few queries for 1 or many rows', async () => {
    // more runs, so that `last` selects more than one
    await refresh(sources.slice(0, 1), LATER);
    const one = await queriesOf('{ causes(pageSize: 1) { items { slug sourceFetchedAt source_name original_platform } } }');
    const many = await queriesOf('{ causes(pageSize: 50) { items { slug sourceFetchedAt source_name original_platform } } }');
    // the ranking, the page's causes, and their sources in one query (the Prisma plugin's select)
    expect([one, many]).toEqual([3, 3]);
    const runs = [
      await queriesOf('{ jobRuns(last: 1) { id sources { name counts { new } } } }'),
      await queriesOf('{ jobRuns(last: 50) { id sources { name counts { new } } } }'),
    ];
    expect(runs).toEqual([1, 1]);
    expect(await queriesOf('{ sources { name activeCauses lastSuccessAt lastFetchCounts { new } } }')).toBe(1);
  });
});

describe('a later failure', () => {
  it('moves lastAttemptAt and the status, and keeps lastSuccessAt and the causes freshness', async () => {
    fs.writeFileSync(path.join(dir, 'nord.json'), '{ not json');
    await refresh(sources.slice(0, 1), new Date(LATER.getTime() + HOUR_MS));
    const { body } = await get('/api/v1/sources');
    expect(body[0]).toEqual({
      name: 'Petitionen Nord',
      platform: 'petitionen-nord',
      type: 'json-feed',
      licence: 'CC BY 4.0, Petitionen Nord e.V.',
      configured: true,
      status: 'failed',
      reason: "nord.json is not valid JSON: Expected property name or '}' in JSON at position 2 (line 1 column 3)",
      lastAttemptAt: new Date(LATER.getTime() + HOUR_MS).toISOString(),
      lastSuccessAt: LATER.toISOString(),
      activeCauses: 2,
      lastFetchCounts: null,
    });
    const { body: gql } = await graphql('{ causes(pageSize: 50) { items { source_name sourceFetchedAt } } }');
    expect(gql.data.causes.items.filter((c: any) => c.source_name === 'Petitionen Nord').map((c: any) => c.sourceFetchedAt)).toEqual([
      LATER.toISOString(),
      LATER.toISOString(),
    ]);
  });
});

const BP2_WARNING = `${BP2} is a file and holds page 1 of 2; a file cannot be paged; what was read is imported, no cause is deactivated for being absent`;
