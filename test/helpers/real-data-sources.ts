// The real platforms' data in test/fixtures/real-data/ as an operator configures it: the files, the source
// entry for each, and every file at once (the end-to-end configuration). Free of vitest: the tests
// (through ./real-data.ts) and scripts/print-texts.ts --real-data use the same entries.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

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
  // betterplace.org verifies each carrier before a project goes live (docs/sources.md, Review before readers)
  review: 'none',
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
  // every item taken as an action, as before action rules existed (the tests of what a feed's items become);
  // no review: these tests are about what the items become, review.test.ts about review
  everyItemIsAnAction: true,
  review: 'none',
  ...extra,
});

/** The Bundestag's e-petition feed as its operator configures it: the committee as the configured organisation. */
export const BUNDESTAG = { organisationName: 'Deutscher Bundestag, Petitionsausschuss', organisationUrl: 'https://epetitionen.bundestag.de' };

/**
 * The Bundestag feed's action rules (docs/sources.md): its items link the petitions themselves; a petition
 * takes co-signatures for six weeks from its first publication (four until July 2024), which its item states.
 */
export const BUNDESTAG_ACTIONS = {
  actionLinkPattern: '^https://epetitionen\\.bundestag\\.de/content/petitionen/',
  publishedPattern: 'Datum Erstveröffentlichung\\s*:\\s*([\\d.]+)',
  openForDays: 42,
};

/** The source name of a file in the end-to-end configuration: "betterplace bp1", "feed rss5". */
export const e2eName = (file: string) => `${file.startsWith('bp') ? 'betterplace' : 'feed'} ${file.split('_')[0]}`;

/**
 * Every real file configured at once, each its own source (the end-to-end test's sources.json): every
 * feed item taken as an action, so that every text the generator can be asked for is written (the
 * stress of the texts' rules, not how an operator configures a news feed).
 */
export const allRealDataSources = () => [
  ...BETTERPLACE_FILES.map((file) => betterplaceSource(realFile(file), { name: e2eName(file) })),
  ...RSS_FILES.map((file) => rssSource(file, { name: e2eName(file), platform: file.split('_')[1], ...(file === RSS_FILES[4] ? BUNDESTAG : {}) })),
];

/**
 * Every real file as an operator configures it (docs/sources.md, "Configuring a news-style feed safely"):
 * the news and podcast feeds (heise, CRE, laut.de) with no action rule, so none of their items becomes a
 * cause; the Bundestag's petition feed with its action rules (the link pattern, and a petition's six weeks
 * from the day its item states it was first published).
 */
export const configuredRealDataSources = () =>
  allRealDataSources().map((source) => {
    if (source.type !== 'rss') return source;
    const { everyItemIsAnAction: _every, ...rest } = source as ReturnType<typeof rssSource>;
    return source.name === e2eName(RSS_FILES[4]) ? { ...rest, ...BUNDESTAG_ACTIONS } : rest;
  });
