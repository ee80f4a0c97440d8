// End to end, as issue 9 was found: a sources.json pointing at every real file, a refresh, then every
// page of /api/v1/causes in de and en.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeys } from '../../src/modules/api-keys/api-keys.service.js';
import { runRefresh, type RefreshResult } from '../../src/modules/refresh/refresh.service.js';
import { loadSourcesConfig } from '../../src/modules/sources/sources-config.js';
import { defaultTextGenerator } from '../../src/modules/texts/default-generator.js';
import { NOW } from '../helpers/catalogue.js';
import { BETTERPLACE_FILES, betterplaceSource, realFile, RSS_FILES, rssSource } from '../helpers/real-data.js';
import { getJson, resetDatabase, startTestApp, testPrisma, type TestApp } from '../helpers/test-app.js';

const prisma = testPrisma();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'es-real-data-'));
let app: TestApp;
let keys: string[] = [];
let result: RefreshResult;

beforeAll(async () => {
  await resetDatabase(prisma);
  const sources = [
    ...BETTERPLACE_FILES.map((file) => betterplaceSource(realFile(file), { name: `betterplace ${file.split('_')[0]}` })),
    ...RSS_FILES.map((file) =>
      rssSource(file, {
        name: `feed ${file.split('_')[0]}`,
        platform: file.split('_')[1],
        ...(file.startsWith('rss5')
          ? { organisationName: 'Deutscher Bundestag, Petitionsausschuss', organisationUrl: 'https://epetitionen.bundestag.de' }
          : {}),
      }),
    ),
  ];
  fs.writeFileSync(path.join(dir, 'sources.json'), JSON.stringify({ sources }, null, 2));
  result = await runRefresh({
    prisma,
    sources: loadSourcesConfig(path.join(dir, 'sources.json')),
    generator: defaultTextGenerator,
    now: NOW,
    clock: () => NOW,
    trigger: 'test',
    log: { info: () => {}, warn: () => {} },
  });
  keys = (await createApiKeys(prisma, { label: 'real data', tier: 'standard' }, NOW, 20)).map((k) => k.key);
  app = await startTestApp({ prisma, now: NOW });
});

afterAll(async () => {
  await app.close();
  await prisma.$disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function allPages(lang: 'de' | 'en') {
  const items: any[] = [];
  for (let page = 1; ; page += 1) {
    const { status, body } = await getJson(app.baseUrl, `/api/v1/causes?pageSize=50&page=${page}&lang=${lang}`, keys.pop());
    expect(status).toBe(200);
    items.push(...body.items);
    if (items.length >= body.total) return items;
  }
}

describe('every real file configured as a source, refreshed, then read through /api/v1/causes', () => {
  it('the refresh imports every source; the one-page files say they could not page', () => {
    expect(result.status).toBe('succeeded');
    expect(result.sources.map((s) => [s.name, s.status, s.counts?.new])).toEqual([
      ['betterplace bp1', 'ok', 1],
      ['betterplace bp2', 'incomplete', 1],
      ['betterplace bp2-page2', 'incomplete', 3],
      ['betterplace bp3', 'ok', 2],
      ['betterplace bp4', 'ok', 3],
      ['betterplace bp5', 'incomplete', 0],
      ['betterplace bp6', 'incomplete', 3],
      ['betterplace bp7', 'ok', 2],
      ['betterplace bp8', 'incomplete', 2],
      ['feed rss1', 'ok', 15],
      ['feed rss2', 'ok', 30],
      ['feed rss3', 'ok', 150],
      ['feed rss4', 'ok', 20],
      ['feed rss5', 'ok', 1],
    ]);
  });

  it.each(['de', 'en'] as const)('in %s: every cause is served with decoded titles, no "amp" in any slug, no entity or tag in any text', async (lang) => {
    const items = await allPages(lang);
    expect(items.length).toBe(233);
    for (const item of items) {
      for (const text of [item.title, item.summary, item.organisationName]) expect(text).not.toMatch(/&(amp|lt|gt|quot|nbsp|#\d+);|<\/?[a-z]+[ >]/i);
      expect(item.slug).not.toMatch(/(^|-)amp(-|$)/);
      expect(item.imageUrl === null || /^https?:\/\//.test(item.imageUrl)).toBe(true);
    }
    const bySlug = Object.fromEntries(items.map((i) => [i.slug, i]));
    const skateistan = items.filter((i) => i.title === 'Unterstütze Skateistan - Sport & Bildung für Kinder');
    expect(skateistan.length).toBe(3); // bp1, bp2, bp3
    for (const s of skateistan) expect(s.slug).toMatch(/^unterstuetze-skateistan-sport-bildung-fuer-kinder-[0-9a-f]{6}$/);
    expect(items.find((i) => i.organisationName === 'Tierhilfe - Bluemoon & Pfötchenfreunde e.V.')).toBeDefined();
    // the detail of a cause answers in the same language
    const cambodia = items.find((i) => i.title === 'Skateistan Cambodia' && i.source_name === 'betterplace bp3');
    expect(bySlug[cambodia.slug]).toBe(cambodia);
    const detail = await getJson(app.baseUrl, `/api/v1/causes/${cambodia.slug}?lang=${lang}`, keys.pop());
    expect(detail.body).toMatchObject({ title: 'Skateistan Cambodia', organisationName: 'Skateistan', organisationUrl: 'https://www.betterplace.org/de/organisations/1054' });
    expect(detail.body.summary).toBe(
      lang === 'de'
        ? 'Für die Spendenaktion „Skateistan Cambodia“ (englischer Titel) ist kein Enddatum angegeben (Träger: Skateistan). Der Spendenstand liegt bei 6.163,04 € von 9.733 €.'
        : "Skateistan Cambodia began operations in March 2011, building the country's first skatepark in Phnom Penh. Organised by Skateistan, the fundraiser lists no end date. The fundraiser stands at €6,163.04 of its €9,733 goal.",
    );
  });

  it('no German summary starts with (or quotes) an English source text', async () => {
    const english = await prisma.cause.findMany({ where: { sourceLanguage: 'en' }, include: { texts: true } });
    expect(english.map((c) => c.externalId).sort()).toEqual(['1', '1114', '1114', '3', '6233', '6233', '6233']);
    for (const cause of english) {
      const de = cause.texts.find((t) => t.language === 'de')!.summary;
      expect(de).toMatch(/Spendenaktion „[^“]+“ \(englischer Titel\)/);
      expect(de).not.toContain(cause.description.slice(0, 30));
    }
  });
});
