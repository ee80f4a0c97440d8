// The real platforms' data in test/fixtures/real-data/ (unchanged copies of ../shared/real-data/, see
// PROVENANCE.md there), imported the way an operator would: a source entry pointing at the file, run
// through the real adapter and the real import into Postgres.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Cause } from '../../src/generated/prisma/client.js';
import type { Db } from '../../src/infra/prisma.js';
import { importAllSources } from '../../src/modules/refresh/refresh.service.js';
import type { SourceOutcome } from '../../src/modules/refresh/refresh-result.js';
import { parseSourcesConfig } from '../../src/modules/sources/sources-config.js';
import { NOW } from './catalogue.js';

export const REAL_DATA_DIR = fileURLToPath(new URL('../fixtures/real-data/', import.meta.url));
export const realFile = (name: string) => `${REAL_DATA_DIR}${name.startsWith('bp') ? 'betterplace' : 'rss'}/${name}`;
export const readRealFile = (name: string) => fs.readFileSync(realFile(name), 'utf8');

export const BETTERPLACE_FILES = [
  'bp1_betterplace_c2e716a1_projects_list.json',
  'bp2_flori_225380ec_projects_list.json',
  'bp2-page2_from-bp4_current_page-2.json',
  'bp3_betterplace_ea64daf1_projects_list.json',
  'bp4_xijo_759d369b_projects_list.json',
  'bp5_jack-kerouac_692ef705_client_tag_project_list.json',
  'bp6_flori_29f232e0_Searching.json',
  'bp7_betterplace_f8317863_projects_list.json',
  'bp8_flori_9a97980e_Searching.json',
] as const;
export const RSS_FILES = [
  'rss1_rbren-rss-parser_heise.atom',
  'rss2_feedjira_CRE.xml',
  'rss3_nextcloud-news_heise.xml',
  'rss4_laminas-feed_laut.de-rdf.xml',
  'rss5_bundestag-epetition-146290_closed.rss.xml',
] as const;

export const betterplaceSource = (url: string, extra: Record<string, unknown> = {}) => ({
  name: 'betterplace.org',
  platform: 'betterplace',
  type: 'betterplace',
  url,
  ...extra,
});

export const rssSource = (file: string, extra: Record<string, unknown> = {}) => ({
  name: 'Feed',
  platform: 'feed',
  type: 'rss',
  url: realFile(file),
  category: 'Petition',
  organisationName: 'Konfigurierte Organisation',
  organisationUrl: 'https://konfiguriert.example',
  // every item taken as an action, as before action rules existed (the tests of what a feed's items become)
  everyItemIsAnAction: true,
  ...extra,
});

const silent = { info: () => {}, warn: () => {} };

export async function importSources(prisma: Db, sources: unknown[], now = NOW): Promise<SourceOutcome[]> {
  return importAllSources({ prisma, sources: parseSourcesConfig({ sources }, '/'), now, log: silent });
}

/** A slug of these words with the six hexadecimal digits every slug ends with. */
export const slugOf = (words: string) => expect.stringMatching(new RegExp(`^${words}-[0-9a-f]{6}$`));

/** The warning of a betterplace source given as a file that holds one page of a longer list. */
export const notPagedWarning = (file: string, page: number, of: number) =>
  `${realFile(file)} is a file and holds page ${page} of ${of}; a file cannot be paged; what was read is imported, no cause is deactivated for being absent`;

/** The stored summaries of a cause by language (of the named source, where several hold the id). */
export async function summariesOf(prisma: Db, externalId: string, sourceName?: string): Promise<Record<string, string>> {
  const texts = await prisma.causeText.findMany({ where: { cause: { externalId, ...(sourceName ? { source: { name: sourceName } } : {}) } } });
  return Object.fromEntries(texts.map((t) => [t.language, t.summary]));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A text that starts with `start` and ends with `end` (the whole text when they overlap). */
export const startsAndEnds = (start: string, end: string) =>
  expect.stringMatching(new RegExp(`^(?=${escape(start)})[\\s\\S]*${escape(end)}$`));

/** The stored fields a person checks. */
export function view(cause: Cause) {
  return {
    title: cause.title,
    slug: cause.slug,
    category: cause.category,
    organisationName: cause.organisationName,
    organisationUrl: cause.organisationUrl,
    organisationIsPublisher: cause.organisationIsPublisher,
    imageUrl: cause.imageUrl,
    sourceUrl: cause.sourceUrl,
    fundingGoal: cause.fundingGoal?.toNumber() ?? null,
    fundingCurrent: cause.fundingCurrent?.toNumber() ?? null,
    fundingProgressPct: cause.fundingProgressPct?.toNumber() ?? null,
    sourceLanguage: cause.sourceLanguage,
    description: cause.description,
    active: cause.active,
  };
}

export async function causesById(prisma: Db): Promise<Record<string, Cause>> {
  const rows = await prisma.cause.findMany({ orderBy: { externalId: 'asc' } });
  return Object.fromEntries(rows.map((row) => [row.externalId, row]));
}
