// Issue 9, one test per defect found when the real platforms' data was imported as a new operator would
// (test/fixtures/real-data/, unchanged copies of ../shared/real-data/). Where a defect needs a server
// (paging) the real files are served by a local HTTP server; where it needs a state the files do not
// have (a project that was open before), the test says which field of which real record it changes,
// in memory, for the earlier run only.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { runRefresh } from '../../src/modules/refresh/refresh.service.js';
import { loadSourcesConfig, parseSourcesConfig } from '../../src/modules/sources/sources-config.js';
import { mapBetterplaceProject } from '../../src/modules/sources/betterplace.js';
import { defaultTextGenerator } from '../../src/modules/texts/default-generator.js';
import { NOW } from '../helpers/catalogue.js';
import { runScript } from '../helpers/processes.js';
import {
  BETTERPLACE_FILES,
  betterplaceSource,
  causesById,
  importSources,
  readRealFile,
  realFile,
  REAL_DATA_DIR,
  RSS_FILES,
  rssSource,
} from '../helpers/real-data.js';
import { resetDatabase, testPrisma } from '../helpers/test-app.js';

const prisma = testPrisma();
const log = { info: () => {}, warn: () => {} };
const json = (file: string) => JSON.parse(readRealFile(file));
const [BP1, BP2, BP2_PAGE2, BP3, BP4, BP5, BP6, BP7] = BETTERPLACE_FILES;

// The local betterplace server: each test says what it answers for `page`.
let answer: (page: number, res: http.ServerResponse) => void = (_page, res) => res.writeHead(404).end();
const requested: number[] = [];
const server = http.createServer((req, res) => {
  const page = Number(new URL(req.url ?? '/', 'http://localhost').searchParams.get('page'));
  requested.push(page);
  answer(page, res);
});
const send = (res: http.ServerResponse, body: unknown) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(typeof body === 'string' ? body : JSON.stringify(body));
let base = '';
const served = (extra: Record<string, unknown> = {}) => betterplaceSource(`${base}/de/api_v4/projects.json?per_page=3`, { local: true, ...extra });

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
beforeEach(async () => {
  requested.length = 0;
  await resetDatabase(prisma);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await prisma.$disconnect();
});

const summaries = async (externalId: string) => {
  const texts = await prisma.causeText.findMany({ where: { cause: { externalId } } });
  return Object.fromEntries(texts.map((t) => [t.language, t.summary]));
};
const refresh = (sources: unknown[]) =>
  runRefresh({ prisma, sources: parseSourcesConfig({ sources }, '/'), generator: defaultTextGenerator, now: NOW, clock: () => NOW, trigger: 'test', log, force: true });

describe('betterplace', () => {
  it('1. HTML entities in titles and carrier names are decoded, before the slug is made; no text shows "&amp;"', async () => {
    await refresh([betterplaceSource(realFile(BP2)), betterplaceSource(realFile(BP6), { name: 'betterplace.org Suche' })]);
    const causes = await causesById(prisma);
    expect(causes['1114'].title).toBe('Unterstütze Skateistan - Sport & Bildung für Kinder');
    expect(causes['1114'].slug).toMatch(/^unterstuetze-skateistan-sport-bildung-fuer-kinder-[0-9a-f]{6}$/);
    expect(causes['8081'].organisationName).toBe('Tierhilfe - Bluemoon & Pfötchenfreunde e.V.');
    for (const cause of Object.values(causes)) expect(cause.slug).not.toMatch(/(^|-)amp(-|$)/);
    const texts = await prisma.causeText.findMany();
    expect(texts.length).toBe(8);
    for (const text of texts) expect(text.summary).not.toContain('&amp;');
    expect((await summaries('8081')).de).toContain('Tierhilfe - Bluemoon & Pfötchenfreunde e.V.');
  });

  it('2. a betterplace source given as a file path (relative to the configuration) is read like an RSS file path', async () => {
    const sources = parseSourcesConfig({ sources: [betterplaceSource(`betterplace/${BP4}`)] }, REAL_DATA_DIR);
    const result = await runRefresh({ prisma, sources, generator: defaultTextGenerator, now: NOW, clock: () => NOW, trigger: 'test', log });
    expect(result.sources).toMatchObject([{ ok: true, status: 'ok', counts: { new: 3 } }]);
    expect(result.sources[0].error).toBeUndefined();
  });

  it("3. organisationUrl is the carrier's own address: its website, else its page on the platform; never the project page", async () => {
    await importSources(prisma, [betterplaceSource(realFile(BP1))]);
    const [cause] = await prisma.cause.findMany();
    expect(cause.organisationUrl).toBe('https://www.betterplace.org/de/organisations/1054');
    expect(cause.organisationUrl).not.toBe(cause.sourceUrl);
    // The same real record with the links an organisation resource carries (see organisation_details):
    const [project] = json(BP1).data;
    const withLinks = (links: unknown[]) => mapBetterplaceProject({ ...project, carrier: { ...project.carrier, links } });
    const website = withLinks([
      { rel: 'platform', href: 'https://www.betterplace.org/de/organisations/skateistan' },
      { rel: 'website', href: 'https://www.skateistan.org' },
    ]);
    expect(website).toMatchObject({ item: { organisationUrl: 'https://www.skateistan.org' } });
    expect(withLinks([{ rel: 'platform', href: 'https://www.betterplace.org/de/organisations/skateistan' }])).toMatchObject({
      item: { organisationUrl: 'https://www.betterplace.org/de/organisations/skateistan' },
    });
    // the 2013 format: the carrier's address on the host the response names
    const [old] = json(BP5).data;
    expect(mapBetterplaceProject({ ...old, open_amount_in_cents: 5000, progress_percentage: 80 })).toMatchObject({
      item: { organisationName: 'AKOS', organisationUrl: 'http://www.betterplace.dev/en/organisations/6396' },
    });
  });

  it('4. a project that was active and then closes ends with the reason "no longer accepts donations", not "left the feed"', async () => {
    await importSources(prisma, [betterplaceSource(realFile(BP3))]); // 2019: 6233 open
    expect((await causesById(prisma))['6233'].active).toBe(true);
    const [outcome] = await importSources(prisma, [betterplaceSource(realFile(BP2))]); // 2022: 6233 closed
    expect(outcome.counts).toMatchObject({ deactivated: 1, updated: 1 });
    const causes = await causesById(prisma);
    expect([causes['6233'].active, causes['6233'].inactiveReason]).toEqual([false, 'no longer accepts donations']);
    expect([causes['1114'].active, causes['1114'].inactiveReason]).toEqual([true, null]);
  });

  it('4b. a cause that ended as "left the feed" and reappears closed or fully funded takes the reason the feed states now', async () => {
    await importSources(prisma, [betterplaceSource(realFile(BP3))]); // 2019: 6233 and 1114 open
    await importSources(prisma, [betterplaceSource(realFile(BP1))]); // only 1114: 6233 left the list
    expect([(await causesById(prisma))['6233'].active, (await causesById(prisma))['6233'].inactiveReason]).toEqual([false, 'left the feed']);
    const [outcome] = await importSources(prisma, [betterplaceSource(realFile(BP2))]); // 2022: 6233 back, closed
    expect(outcome.counts).toMatchObject({ new: 0, updated: 2, unchanged: 0, reactivated: 0, deactivated: 0 });
    const causes = await causesById(prisma);
    expect([causes['6233'].active, causes['6233'].inactiveReason]).toEqual([false, 'no longer accepts donations']);
    // the same reason again changes nothing
    const [again] = await importSources(prisma, [betterplaceSource(realFile(BP2))]);
    expect(again.counts).toMatchObject({ new: 0, updated: 0, unchanged: 1, deactivated: 0 });

    // bp5's 7559, open at 80 % in an earlier state, left the list, then is back fully funded
    const bp5 = json(BP5);
    const seven559 = bp5.data.find((p: any) => p.id === 7559);
    answer = (_page, res) => send(res, { ...bp5, total_entries: 1, total_pages: 1, data: [{ ...seven559, open_amount_in_cents: 5000, progress_percentage: 80 }] });
    await importSources(prisma, [served({ name: 'bp5' })]);
    answer = (_page, res) => send(res, { ...bp5, total_entries: 1, total_pages: 1, data: [bp5.data.find((p: any) => p.id === 6270)] });
    await importSources(prisma, [served({ name: 'bp5' })]);
    expect((await prisma.cause.findFirstOrThrow({ where: { externalId: '7559' } })).inactiveReason).toBe('left the feed');
    answer = (_page, res) => send(res, { ...bp5, total_pages: 1 });
    const [funded] = await importSources(prisma, [served({ name: 'bp5' })]);
    expect(funded.counts).toMatchObject({ updated: 1, deactivated: 0 });
    expect(await prisma.cause.findFirstOrThrow({ where: { externalId: '7559' } })).toMatchObject({ active: false, inactiveReason: 'fully funded' });
  });

  it('5. fully funded projects (open amount 0 or below, progress 100 % or 112 %, no completed_at) are not donation causes; an active one ends with "fully funded"', async () => {
    const bp5 = json(BP5);
    // An earlier state of the same list: project 7559 still needed 50 € (80 %). Served as a single page.
    answer = (_page, res) =>
      send(res, {
        ...bp5,
        total_pages: 1,
        data: bp5.data.map((p: any) => (p.id === 7559 ? { ...p, open_amount_in_cents: 5000, progress_percentage: 80 } : p)),
      });
    const [before] = await importSources(prisma, [served()]);
    expect(before.counts).toMatchObject({ new: 1, skipped: [{ externalId: '6270', reason: 'fully funded' }, { externalId: '7830', reason: 'fully funded' }] });
    expect((await causesById(prisma))['7559'].active).toBe(true);
    // The real response: all three fully funded.
    answer = (_page, res) => send(res, { ...bp5, total_pages: 1 });
    const [after] = await importSources(prisma, [served()]);
    expect(after).toMatchObject({ status: 'ok', skippedByReason: { 'fully funded': 3 }, counts: { deactivated: 1 } });
    const cause = (await causesById(prisma))['7559'];
    expect([cause.active, cause.inactiveReason]).toEqual([false, 'fully funded']);
    // bp3's 49876 is closed and 100 % funded: closed says more
    const [bp3Outcome] = await importSources(prisma, [betterplaceSource(realFile(BP3), { name: 'bp3' })]);
    expect(bp3Outcome.counts!.skipped).toEqual([{ externalId: '49876', reason: 'no longer accepts donations' }]);
  });

  describe('6. paging: a run that cannot see the whole list imports what it saw, deactivates nothing for being absent, and says which page', () => {
    // A cause of this source from an earlier run, which none of the pages below contains.
    const seedEarlier = async () => {
      await importSources(prisma, [served({ url: realFile(BP7) })]);
      expect(await prisma.cause.count({ where: { active: true } })).toBe(2);
    };
    const earlierStillActive = async () =>
      expect((await prisma.cause.findMany({ where: { externalId: { in: ['1', '3'] } } })).map((c) => [c.externalId, c.active])).toEqual(
        expect.arrayContaining([['1', true], ['3', true]]),
      );

    it('the page limit: stops at maxPages (default 20) of 118 pages and says so', async () => {
      await seedEarlier();
      // bp6 as every page of a 118-page result: each page numbered as asked, its projects' ids made unique per page
      const bp6 = json(BP6);
      answer = (page, res) => send(res, { ...bp6, current_page: page, data: bp6.data.map((p: any) => ({ ...p, id: p.id * 1000 + page })) });
      const [outcome] = await importSources(prisma, [served()]);
      expect(requested).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(outcome).toMatchObject({ ok: true, status: 'incomplete', pagesRead: 20, counts: { new: 60, deactivated: 0 } });
      expect(outcome.warnings).toEqual([
        'stopped at the page limit: read 20 of 118 pages (maxPages 20); what was read is imported, no cause is deactivated for being absent',
      ]);
      await earlierStillActive();
    });

    it('a server that ignores "page" (answers page 1 again): one repeated fetch, no duplicate skips', async () => {
      await seedEarlier();
      answer = (_page, res) => send(res, readRealFile(BP6));
      const [outcome] = await importSources(prisma, [served()]);
      expect(requested).toEqual([1, 2]);
      expect(outcome).toMatchObject({ status: 'incomplete', pagesRead: 1, counts: { new: 3, skipped: [], deactivated: 0 } });
      expect(outcome.warnings).toEqual([
        'page 2 of 118 answered as page 1: the server ignores "page"; read 1 of 118 pages; what was read is imported, no cause is deactivated for being absent',
      ]);
      // without current_page in the answer, the repeated projects give it away
      const { current_page: _c, ...withoutPageNumber } = json(BP6);
      answer = (_page, res) => send(res, withoutPageNumber);
      requested.length = 0;
      const [again] = await importSources(prisma, [served()]);
      expect(requested).toEqual([1, 2]);
      expect(again.warnings).toEqual([
        'page 2 of 118 repeats the projects of earlier pages: the server ignores "page"; read 1 of 118 pages; what was read is imported, no cause is deactivated for being absent',
      ]);
      await earlierStillActive();
    });

    it('a failed page: the pages before it are imported, the source does not fail, the run names the page', async () => {
      await seedEarlier();
      answer = (page, res) => (page === 1 ? send(res, readRealFile(BP2)) : res.writeHead(502).end());
      const [outcome] = await importSources(prisma, [served()]);
      expect(outcome).toMatchObject({ ok: true, status: 'incomplete', pagesRead: 1, counts: { new: 1, deactivated: 0 } });
      expect(outcome.warnings).toEqual([
        `page 2 of 2 failed (cannot fetch ${base}/de/api_v4/projects.json?per_page=3&page=2: HTTP 502); pages 1 to 1 were read; what was read is imported, no cause is deactivated for being absent`,
      ]);
      await earlierStillActive();
    });

    it('a failed first page fails the source and keeps all its causes', async () => {
      await seedEarlier();
      answer = (_page, res) => res.writeHead(503).end();
      const [outcome] = await importSources(prisma, [served()]);
      expect(outcome).toMatchObject({ ok: false, status: 'failed', error: `cannot fetch ${base}/de/api_v4/projects.json?per_page=3&page=1: HTTP 503` });
      await earlierStillActive();
    });

    it('bp2 followed by its page 2: the list changed between the pages (1114 and 6233 again), so the run is incomplete', async () => {
      answer = (page, res) => send(res, readRealFile(page === 1 ? BP2 : BP2_PAGE2));
      const [outcome] = await importSources(prisma, [served()]);
      expect(requested).toEqual([1, 2]);
      expect(outcome).toMatchObject({
        status: 'incomplete',
        pagesRead: 2,
        counts: { new: 2, skipped: [{ externalId: '6233', reason: 'no longer accepts donations' }, { externalId: '60749', reason: 'no longer accepts donations' }] },
      });
      expect(outcome.warnings).toEqual([
        'the list changed while it was read: total_entries was 4 on page 1 and 3 on page 2; what was read is imported, no cause is deactivated for being absent',
        'page 2 of 2 repeats 2 project(s) of earlier pages (6233, 1114): the list changed while it was read; what was read is imported, no cause is deactivated for being absent',
      ]);
      expect(Object.keys(await causesById(prisma))).toEqual(['1114', '49876']);
    });

    it('a complete paged read (every announced page has projects) deactivates what left the list', async () => {
      await importSources(prisma, [served({ url: realFile(BP4) })]); // 1114, 6233, 49876
      const bp3 = json(BP3); // 6233 open, 49876 closed, 1114 open
      // bp3 without 1114, one project a page: page 1 holds 6233, page 2 holds 49876
      answer = (page, res) => send(res, { ...bp3, total_entries: 2, total_pages: 2, per_page: 1, current_page: page, data: [bp3.data[page - 1]] });
      const [outcome] = await importSources(prisma, [served()]);
      expect(requested).toEqual([1, 2]);
      expect(outcome).toMatchObject({ status: 'ok', pagesRead: 2, warnings: [], counts: { deactivated: 2 } });
      const causes = await causesById(prisma);
      expect([causes['49876'].inactiveReason, causes['1114'].inactiveReason, causes['6233'].active]).toEqual(['no longer accepts donations', 'left the feed', true]);
    });

    it('an announced page that comes back empty makes the read incomplete: nothing is deactivated for being absent', async () => {
      await importSources(prisma, [served({ url: realFile(BP4) })]); // 1114, 6233, 49876
      const bp3 = json(BP3);
      // page 1 holds 6233 and 49876; page 2 of 2 is empty, so 1114 may only have moved
      answer = (page, res) => send(res, { ...bp3, total_pages: 2, current_page: page, data: page === 1 ? bp3.data.slice(0, 2) : [] });
      const [outcome] = await importSources(prisma, [served()]);
      expect(requested).toEqual([1, 2]);
      expect(outcome).toMatchObject({ status: 'incomplete', pagesRead: 1, counts: { new: 0, updated: 1, unchanged: 0, deactivated: 1 } });
      expect(outcome.warnings).toEqual([
        'page 2 of 2 came back empty; read 1 of 2 pages; what was read is imported, no cause is deactivated for being absent',
      ]);
      const causes = await causesById(prisma);
      expect([causes['49876'].inactiveReason, [causes['1114'].active, causes['1114'].inactiveReason], causes['6233'].active]).toEqual([
        'no longer accepts donations',
        [true, null],
        true,
      ]);
    });

    it('total_entries that changes between pages makes the read incomplete and says so', async () => {
      await importSources(prisma, [served({ url: realFile(BP4) })]); // 1114, 6233, 49876
      const bp3 = json(BP3);
      // page 1 says 3 entries in 2 pages; page 2 says 2: a project before page 2 left, 1114 may have slipped onto page 1
      answer = (page, res) =>
        send(res, { ...bp3, total_entries: page === 1 ? 3 : 2, total_pages: 2, per_page: 1, current_page: page, data: [bp3.data[page - 1]] });
      const [outcome] = await importSources(prisma, [served()]);
      expect(outcome).toMatchObject({ status: 'incomplete', pagesRead: 2, counts: { deactivated: 1 } });
      expect(outcome.warnings).toEqual([
        'the list changed while it was read: total_entries was 3 on page 1 and 2 on page 2; what was read is imported, no cause is deactivated for being absent',
      ]);
      expect([(await causesById(prisma))['1114'].active]).toEqual([true]);
    });
  });
});

describe('RSS / Atom / RDF', () => {
  it('7. the platform is not the organisation behind a petition: nobody named, so no text claims anyone', async () => {
    const result = await refresh([
      rssSource(RSS_FILES[4], {
        name: 'Bundestag E-Petitionen',
        organisationName: 'Deutscher Bundestag, Petitionsausschuss',
        organisationUrl: 'https://epetitionen.bundestag.de',
      }),
    ]);
    expect(result.pick).not.toBeNull();
    const cause = await prisma.cause.findFirstOrThrow({ include: { texts: true, actions: true } });
    expect([cause.organisationName, cause.organisationIsPublisher]).toEqual(['Deutscher Bundestag, Petitionsausschuss', true]);
    const texts = [...cause.texts.map((t) => t.summary), ...cause.actions.flatMap((a) => [a.headline, a.whyNow, a.whyYou, a.impactStatement])];
    expect(texts.length).toBe(10);
    for (const text of texts) {
      // the platform may be named as the one that published the item, never as the one behind it
      expect(text).not.toMatch(/Hinter der Petition steht|getragen|gestartet|(?<!published )by Deutscher|from Deutscher|organised by|started by/i);
    }
    expect(cause.texts.find((t) => t.language === 'de')!.summary).toBe(
      // an institution: named as the source, never as "die Organisation Deutscher Bundestag"
      'Für die Petition „Photovoltaik - Vereinfachungen für Balkonsolaranlagen“ ist kein Enddatum angegeben (Quelle: Deutscher Bundestag, Petitionsausschuss).',
    );
    // an item that names its author keeps the platform as its source
    await refresh([rssSource(RSS_FILES[1], { name: 'CRE' })]);
    const episode = await prisma.cause.findFirstOrThrow({ where: { externalId: 'podlove-2015-02-13t20:15:53+00:00-28d673725224ab3' }, include: { source: true, texts: true } });
    expect([episode.organisationName, episode.organisationIsPublisher, episode.source.name, episode.source.platform]).toEqual([
      'Metaebene Personal Media - Tim Pritlove',
      false,
      'CRE',
      'feed',
    ]);
    expect(episode.texts.find((t) => t.language === 'en')!.summary).toContain('Metaebene Personal Media - Tim Pritlove');
  });

  it('8. items get their picture: <img> in the content, itunes:image (heise, CRE)', async () => {
    const outcomes = await importSources(prisma, [rssSource(RSS_FILES[0], { name: 'heise developer' }), rssSource(RSS_FILES[1], { name: 'CRE' })]);
    expect(outcomes.map((o) => o.counts!.new)).toEqual([15, 30]);
    expect(await prisma.cause.count({ where: { imageUrl: { startsWith: 'http' } } })).toBe(42);
    const cause = await prisma.cause.findFirstOrThrow({ where: { externalId: 'http://heise.de/-3088627' } });
    expect(cause.imageUrl).toBe('http://www.heise.de/scale/geometry/264/q80/imgs/18/1/7/4/0/0/6/3/header_scrumday_01-e4ef3375d4c003c4.jpeg');
  });

  it('9. an item whose text is over 20,000 characters is shortened at a sentence or line boundary, not dropped', async () => {
    const [outcome] = await importSources(prisma, [rssSource(RSS_FILES[1])]);
    expect(outcome.counts).toMatchObject({ new: 30, skipped: [] });
    const cause = await prisma.cause.findFirstOrThrow({ where: { externalId: 'http://metaebene.me/cre/?p=527' } });
    expect(cause.description.length).toBeLessThanOrEqual(20_000);
    expect(cause.description).toMatch(/^Die neue Version des Internetprotokolls zieht die Lehren aus 30 Jahren Netzwerkrealität\n\nDas Internet wächst/);
    expect(cause.description.endsWith('Private Internets […]')).toBe(true);
  });

  it('10. lines separated by <br/> stay separate (in the description and as sentences in the summary); no trailing no-break spaces; no label padding before a colon', async () => {
    await refresh([rssSource(RSS_FILES[4]), betterplaceSource(realFile(BP4))]);
    const petition = await prisma.cause.findFirstOrThrow({ where: { category: 'Petition' } });
    expect(petition.description.split('\n')).toEqual(['Titel: Photovoltaik - Vereinfachungen für Balkonsolaranlagen', 'Datum Erstveröffentlichung: 30.03.2023', 'Neuer Petitionsstat']);
    // the summary quotes no heading lines ("Titel: …", "Datum …"): the generator drops them as such
    expect((await summaries(petition.externalId)).de).toBe(
      'Quelle der Petition „Photovoltaik - Vereinfachungen für Balkonsolaranlagen“: Konfigurierte Organisation; ein Enddatum ist nicht angegeben.',
    );
    const afghanistan = await prisma.cause.findFirstOrThrow({ where: { externalId: '1114' } });
    expect(readRealFile(BP4)).toContain('personal empowerment programs.\u00a0<br><br>');
    expect(afghanistan.description).not.toMatch(/[\u00a0 ]$/m);
  });
});

describe('every source', () => {
  it('11. source health: `jobs list` (and `--json`) and the run record say which source failed, its counts and skips by reason', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'es-health-'));
    const config = path.join(dir, 'sources.json');
    fs.writeFileSync(
      config,
      JSON.stringify({
        sources: [
          betterplaceSource(realFile(BP2)),
          rssSource(RSS_FILES[4], { name: 'Bundestag E-Petitionen' }),
          betterplaceSource(path.join(dir, 'missing.json'), { name: 'betterplace (kaputt)' }),
        ],
      }),
    );
    try {
      // on the process's clock, as the scheduled job runs: `jobs list` below reads the same run
      const result = await runRefresh({ prisma, sources: loadSourcesConfig(config), generator: defaultTextGenerator, now: new Date(), clock: () => new Date(), trigger: 'manual', log });
      expect(result.status).toBe('succeeded');
      const run = await prisma.jobRun.findUniqueOrThrow({ where: { id: result.jobRunId } });
      const stats = run.stats as any;
      expect(stats.sources.map((s: any) => [s.name, s.status])).toEqual([
        ['betterplace.org', 'incomplete'],
        ['Bundestag E-Petitionen', 'ok'],
        ['betterplace (kaputt)', 'failed'],
      ]);
      expect(stats.sources[0]).toMatchObject({ fetchedAt: expect.any(String), skippedByReason: { 'no longer accepts donations': 2 }, counts: { new: 1 } });
      expect(stats.sources[2].error).toMatch(/^cannot read .*missing\.json: ENOENT/);

      const list = await runScript('src/cli/jobs.ts', ['list'], { ...process.env, DATABASE_URL: inject('databaseUrl'), LOG_LEVEL: 'warn' });
      expect(list.code).toBe(0);
      const lines = list.stdout.split('\n');
      expect(lines[1]).toMatch(/^ {9}last run: succeeded with 1 of 3 sources failed and 1 incomplete for \d{4}-\d{2}-\d{2}, started /);
      // the run history: this run, and each source's outcome in it
      expect(lines.slice(2, 7)).toEqual([
        'runs     the last one, newest first:',
        expect.stringMatching(/^ {2}\d{4}-\d{2}-\d{2} {2}succeeded with 1 of 3 sources failed and 1 incomplete {2}\(manual, started \S+, \d+\.\d s\), pick \S+$/),
        '              betterplace.org: incomplete, 1 new, 0 updated, 0 unchanged, 0 reactivated, 0 deactivated, 2 skipped',
        '              Bundestag E-Petitionen: ok, 1 new, 0 updated, 0 unchanged, 0 reactivated, 0 deactivated, 0 skipped',
        expect.stringMatching(/^ {14}betterplace \(kaputt\): failed \(cannot read .*missing\.json: ENOENT/),
      ]);
      expect(lines.slice(7)).toEqual([
        'sources  last fetch of each:',
        expect.stringMatching(/^ {2}Bundestag E-Petitionen \(rss\): ok at \S+: 1 new, 0 updated, 0 unchanged, 0 reactivated, 0 deactivated, 0 skipped$/),
        expect.stringMatching(/^ {2}betterplace \(kaputt\) \(betterplace\): FAILED at \S+, previous causes kept: cannot read .*missing\.json: ENOENT/),
        expect.stringMatching(
          /^ {2}betterplace\.org \(betterplace\): INCOMPLETE \(nothing deactivated for being absent\) at \S+, 1 page read: 1 new, 0 updated, 0 unchanged, 0 reactivated, 0 deactivated, 2 skipped$/,
        ),
        '      skipped by reason: 2 × no longer accepts donations',
        `      warning: ${realFile(BP2)} is a file and holds page 1 of 2; a file cannot be paged; what was read is imported, no cause is deactivated for being absent`,
        '',
      ]);

      // the same as data
      const json = await runScript('src/cli/jobs.ts', ['list', '--json'], { ...process.env, DATABASE_URL: inject('databaseUrl'), LOG_LEVEL: 'warn' });
      const data = JSON.parse(json.stdout);
      expect(data.lastRun).toMatchObject({ id: result.jobRunId, status: 'succeeded', summary: 'succeeded with 1 of 3 sources failed and 1 incomplete', sources: 3, sourcesFailed: 1, sourcesIncomplete: 1 });
      expect(data.sources.map((s: any) => [s.name, s.outcome])).toEqual([
        ['Bundestag E-Petitionen', 'ok'],
        ['betterplace (kaputt)', 'failed'],
        ['betterplace.org', 'incomplete'],
      ]);
      expect(data.sources[2]).toEqual({
        name: 'betterplace.org',
        platform: 'betterplace',
        type: 'betterplace',
        lastFetchAt: stats.sources[0].fetchedAt,
        outcome: 'incomplete',
        counts: { new: 1, updated: 0, unchanged: 0, reactivated: 0, deactivated: 0, skipped: 2 },
        skippedByReason: { 'no longer accepts donations': 2 },
        pagesRead: 1,
        warnings: [`${realFile(BP2)} is a file and holds page 1 of 2; a file cannot be paged; what was read is imported, no cause is deactivated for being absent`],
        error: null,
        jobRunId: result.jobRunId,
      });
      expect(data.sources[1]).toMatchObject({ outcome: 'failed', counts: null, error: expect.stringMatching(/^cannot read .*missing\.json: ENOENT/) });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('12. English source texts are known as English; the German summary does not quote them', async () => {
    await refresh([betterplaceSource(realFile(BP4))]);
    const causes = await causesById(prisma);
    expect([causes['6233'].sourceLanguage, causes['1114'].sourceLanguage, causes['49876'].sourceLanguage]).toEqual(['en', 'en', 'de']);
    expect(await summaries('6233')).toEqual({
      de: 'Für die Spendenaktion „Skateistan Cambodia“ (englischer Titel) ist kein Enddatum angegeben (Träger: Skateistan). Der Spendenstand liegt bei 5.903,04 € von 9.733 €.',
      en: "Skateistan Cambodia began operations in March 2011, building the country's first skatepark in Phnom Penh. Organised by Skateistan, the fundraiser lists no end date. The fundraiser stands at €5,903.04 of its €9,733 goal.",
    });
    expect((await summaries('1114')).de).not.toMatch(/With 68%|population/);
    // a German description is German (no "englischer Titel"), but its sentences all speak as "wir" to "euch"
    // ("Wir brauchen eure Unterstützung …", "Mach mit …"): none is quoted, the summary names the title instead
    const german = (await summaries('49876')).de;
    expect(german).not.toMatch(/Wir brauchen|eure|Mach mit|englischer Titel/);
    expect(german).toContain('„Unterstütze gleiche Rechte für Mädchen GIVE HER FIVE. Spende 5€.“');
  });
});
