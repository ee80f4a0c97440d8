// The rss and betterplace adapters against fixtures served by a local HTTP server, through the same
// import the refresh uses.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { importAllSources } from '../../src/modules/refresh/refresh.service.js';
import { parseSourcesConfig } from '../../src/modules/sources/sources-config.js';
import { NOW } from '../helpers/catalogue.js';
import { resetDatabase, testPrisma } from '../helpers/test-app.js';

const prisma = testPrisma();
const fixture = (name: string) => fs.readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
const requests: { url: string; authorization?: string }[] = [];
const server = http.createServer((req, res) => {
  requests.push({ url: req.url ?? '', authorization: req.headers.authorization });
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/api_v4/projects.json') {
    if (req.headers.authorization !== `Basic ${Buffer.from('newsroom:geheim').toString('base64')}`) return res.writeHead(401).end();
    return res.writeHead(200, { 'content-type': 'application/json' }).end(fixture(`betterplace-projects-page-${url.searchParams.get('page')}.json`));
  }
  if (url.pathname === '/petitions.rss') return res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(fixture('petitions.rss.xml'));
  if (url.pathname === '/letters.atom') return res.writeHead(200, { 'content-type': 'application/atom+xml' }).end(fixture('letters.atom.xml'));
  if (url.pathname === '/html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Wartung</body></html>');
  res.writeHead(404).end();
});
let base = '';
const log = { info: () => {}, warn: () => {} };

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
beforeEach(async () => {
  requests.length = 0;
  await resetDatabase(prisma);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await prisma.$disconnect();
});

const run = (sources: unknown[]) => importAllSources({ prisma, sources: parseSourcesConfig({ sources }, '/'), now: NOW, log });

describe('betterplace adapter', () => {
  const source = () => ({
    name: 'betterplace.org',
    platform: 'betterplace',
    type: 'betterplace',
    url: `${base}/api_v4/projects.json?per_page=2`,
    local: true, // the test server listens on 127.0.0.1
    usernameEnv: 'TEST_BP_USER',
    passwordEnv: 'TEST_BP_PASSWORD',
  });

  it('follows the paging with Basic auth, maps projects to Spenden causes, stores closed ones inactive, skips those without carrier', async () => {
    vi.stubEnv('TEST_BP_USER', 'newsroom');
    vi.stubEnv('TEST_BP_PASSWORD', 'geheim');
    const [outcome] = await run([source()]);
    expect(outcome.ok).toBe(true);
    expect(requests.map((r) => r.url)).toEqual(['/api_v4/projects.json?per_page=2&page=1', '/api_v4/projects.json?per_page=2&page=2']);
    expect(outcome.counts).toMatchObject({ new: 3 });
    expect(outcome.counts!.skipped).toEqual([{ externalId: '91990', reason: 'no carrier organisation (a private project, not a non-profit)' }]);
    // the closed project is kept, inactive, never served
    expect(await prisma.cause.findMany({ where: { active: false }, select: { externalId: true, inactiveReason: true, statusOpen: true } })).toEqual([
      { externalId: '88120', inactiveReason: 'no longer accepts donations', statusOpen: false },
    ]);
    const causes = await prisma.cause.findMany({ where: { active: true }, orderBy: { externalId: 'asc' }, include: { source: true } });
    expect(
      causes.map((c) => ({
        externalId: c.externalId,
        title: c.title,
        description: c.description,
        category: c.category,
        organisationName: c.organisationName,
        organisationUrl: c.organisationUrl,
        sourceUrl: c.sourceUrl,
        imageUrl: c.imageUrl,
        deadline: c.deadline,
        fundingGoal: c.fundingGoal?.toNumber(),
        fundingCurrent: c.fundingCurrent?.toNumber(),
        fundingProgressPct: c.fundingProgressPct?.toNumber(),
        platform: c.source.platform,
      })),
    ).toEqual([
      {
        externalId: '90412',
        title: 'Warme Mahlzeiten für die Bahnhofsmission Görlitz',
        description:
          'Jeden Abend kommen bis zu 60 Gäste in die Bahnhofsmission Görlitz.\n\nMit Ihrer Spende kaufen wir Lebensmittel für den Winter.\n\nMehr erfahren',
        category: 'Spenden',
        organisationName: 'Bahnhofsmission Görlitz e.V.',
        organisationUrl: 'https://bahnhofsmission-goerlitz.example',
        sourceUrl: 'https://www.betterplace.org/de/projects/90412-warme-mahlzeiten-bahnhofsmission-goerlitz',
        imageUrl: 'https://betterplace-assets.example/uploads/project/90412/fill_960x500_teller.jpg',
        deadline: null,
        fundingGoal: 15000,
        fundingCurrent: 10950.5,
        fundingProgressPct: 73,
        platform: 'betterplace',
      },
      {
        externalId: '91877',
        title: 'Ein Lastenrad für die Tafel Wolfsburg',
        description: 'Wir holen Lebensmittel bei Bäckereien ab – bald emissionsfrei.',
        category: 'Spenden',
        organisationName: 'Tafel Wolfsburg e.V.',
        organisationUrl: 'https://www.betterplace.org/de/organisations/8120-tafel-wolfsburg',
        sourceUrl: 'https://www.betterplace.org/de/projects/91877-lastenrad-tafel-wolfsburg',
        imageUrl: 'https://betterplace-assets.example/uploads/project/91877/lastenrad.jpg',
        deadline: null,
        fundingGoal: 4500,
        fundingCurrent: 540,
        fundingProgressPct: 12,
        platform: 'betterplace',
      },
    ]);
  });

  it('fails the source with a clear message when a named credential variable is not set', async () => {
    vi.stubEnv('TEST_BP_USER', 'newsroom');
    vi.stubEnv('TEST_BP_PASSWORD', undefined);
    const [outcome] = await run([source()]);
    expect(outcome).toMatchObject({
      name: 'betterplace.org',
      ok: false,
      status: 'failed',
      error: 'credentials are configured but TEST_BP_PASSWORD is not set',
    });
    expect(requests).toEqual([]);
  });

  it('reports a rejected login (HTTP 401) and keeps the previous causes', async () => {
    vi.stubEnv('TEST_BP_USER', 'newsroom');
    vi.stubEnv('TEST_BP_PASSWORD', 'falsch');
    const [outcome] = await run([source()]);
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toContain('HTTP 401');
  });
});

describe('rss adapter', () => {
  it('imports RSS 2.0 items with the category and organisation of the configuration', async () => {
    const [outcome] = await run([
      {
        name: 'Bürgerbegehren Rhein-Main',
        platform: 'buergerbegehren-rheinmain',
        type: 'rss',
        url: `${base}/petitions.rss`,
        local: true,
        category: 'Petition',
        organisationName: 'Bürgerbegehren Rhein-Main e.V.',
        organisationUrl: 'https://buergerbegehren-rheinmain.example',
        actionLinkPattern: '^https://buergerbegehren-rheinmain\\.example/petitionen/',
      },
    ]);
    expect(outcome.counts).toMatchObject({
      new: 2,
      skipped: [{ externalId: 'petition-5530', reason: 'title: must be a non-empty string; description: must be a non-empty string' }],
    });
    const causes = await prisma.cause.findMany({ orderBy: { externalId: 'asc' } });
    expect(causes.map((c) => [c.externalId, c.title, c.description, c.category, c.organisationName, c.sourceUrl, c.imageUrl])).toEqual([
      [
        'https://buergerbegehren-rheinmain.example/petitionen/trinkbrunnen',
        'Mehr Trinkbrunnen in der Innenstadt',
        'Mehr Trinkbrunnen in der Innenstadt',
        'Petition',
        'Bürgerbegehren Rhein-Main e.V.',
        'https://buergerbegehren-rheinmain.example/petitionen/trinkbrunnen',
        null,
      ],
      [
        'petition-5521',
        'Nachtbus-Linie N7 erhalten',
        'Der Verkehrsverbund will die Linie N7 streichen. Wir fordern ihren Erhalt.',
        'Petition',
        'Bürgerbegehren Rhein-Main e.V.',
        'https://buergerbegehren-rheinmain.example/petitionen/nachtbus-n7',
        'https://buergerbegehren-rheinmain.example/bilder/n7.jpg',
      ],
    ]);
  });

  it('imports Atom entries', async () => {
    const [outcome] = await run([
      {
        name: 'Schreibwerkstatt Demokratie',
        platform: 'schreibwerkstatt',
        type: 'rss',
        url: `${base}/letters.atom`,
        local: true,
        category: 'Brief',
        organisationName: 'Schreibwerkstatt Demokratie e.V.',
        organisationUrl: 'https://schreibwerkstatt.example',
        everyItemIsAnAction: true,
      },
    ]);
    expect(outcome.counts).toMatchObject({ new: 1, skipped: [] });
    const cause = await prisma.cause.findFirstOrThrow();
    expect([cause.externalId, cause.title, cause.description, cause.category, cause.sourceUrl]).toEqual([
      'urn:uuid:0f1e2d3c-4b5a-4697-8877-665544332211',
      'Brief an den Landtag: Schulsozialarbeit dauerhaft finanzieren',
      'Die Förderung läuft 2027 aus. Schreiben Sie den Abgeordneten Ihres Wahlkreises.',
      'Brief',
      'https://schreibwerkstatt.example/briefe/schulsozialarbeit',
    ]);
  });

  it('reports a document that is not a feed', async () => {
    const [outcome] = await run([
      {
        name: 'Kaputt',
        platform: 'x',
        type: 'rss',
        url: `${base}/html`,
        local: true,
        category: 'Brief',
        organisationName: 'X',
        organisationUrl: 'https://x.example',
      },
    ]);
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatch(/^not an RSS or Atom feed/);
  });

  it('a source without category or organisation is a configuration error naming the field', () => {
    expect(() =>
      parseSourcesConfig({ sources: [{ name: 'R', platform: 'p', type: 'rss', url: 'f.xml', category: 'Brief', organisationName: 'O' }] }, '/'),
    ).toThrow('sources configuration: source "R", field "organisationUrl": must be an http(s) URL');
  });
});
