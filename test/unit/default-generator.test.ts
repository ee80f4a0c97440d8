import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { factCheck } from '../../src/modules/texts/fact-check.js';
import { BUILT_IN_GENERATOR_PATTERN, DEFAULT_GENERATOR_NAME, summaryPlan, writeAction, writeSummary } from '../../src/modules/texts/default-generator.js';
import { generatorSources, generatorVersion, sourcesBeside } from '../../src/modules/texts/generator-version.js';
import { editorialHold, HOLD_REASONS } from '../../src/modules/texts/editorial-check.js';
import { whyNotQuotable } from '../../src/modules/texts/excerpt.js';
import { nestedQuotes, quotedTitle } from '../../src/modules/texts/formatting.js';
import { germanOrg, organisationHead } from '../../src/modules/texts/german-organisation.js';
import { realise, type Statement } from '../../src/modules/texts/statements.js';
import { pageHostOf, type CauseCategory, type CauseFacts, type Language } from '../../src/modules/texts/text-generator.js';

// A donation campaign with a deadline in 5 days at 87.5 %; each case below overrides some facts.
const BASE: CauseFacts = {
  title: 'Winterhilfe für Obdachlose in Leipzig',
  description:
    'Jeden Winter erfrieren in Deutschland Menschen auf der Straße. Die Wärmestube verteilt seit 2015 ab dem 1. Dezember Schlafsäcke, warme Mahlzeiten und Kleidung in der Leipziger Innenstadt.',
  category: 'Spenden',
  organisationName: 'Wärmestube Leipzig e. V.',
  deadline: '2026-12-05',
  daysUntilDeadline: 5,
  fundingProgressPct: 87.5,
  fundingGoal: 40000,
  fundingCurrent: 35000,
  actionsToTippingPoint: null,
};
const cause = (overrides: Partial<CauseFacts>): CauseFacts => ({ ...BASE, ...overrides });
const texts = (facts: CauseFacts, lang: Language) => ({ summary: writeSummary(facts, lang), ...writeAction(facts, lang) });

// ---------------------------------------------------------------------------------------------------
// Whole texts: one file per case in __snapshots__/default-generator/, German and English together, for
// an editor to read and review; a wording change shows there as a diff. `vitest run` fails when a text
// differs from its file (in CI, with CI=true, a missing file fails too: nothing is written there);
// `npx vitest run -u test/unit/default-generator.test.ts` rewrites the files after a deliberate change.
// What must hold whatever the wording is asserted here, inline.
// ---------------------------------------------------------------------------------------------------

const LANGS: Language[] = ['de', 'en'];
const LABELS = { summary: 'Summary', headline: 'Headline', whyNow: 'Why now', whyYou: 'Why you', impactStatement: 'Impact' } as const;

/** The case as an editor reads it: what it is about, the facts it was written from, then de and en. */
function caseFile(title: string, facts: CauseFacts): string {
  const lines = [`# ${title}`, '', 'Facts:', ''];
  for (const [name, value] of Object.entries(facts)) {
    if (value !== null && value !== undefined) lines.push(`- ${name}: ${typeof value === 'string' ? JSON.stringify(value) : value}`);
  }
  for (const lang of LANGS) {
    const written = texts(facts, lang);
    lines.push('', `## ${lang === 'de' ? 'de (Deutsch)' : 'en (English)'}`, '');
    for (const [field, label] of Object.entries(LABELS)) lines.push(`**${label}:** ${written[field as keyof typeof LABELS]}`, '');
  }
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
const snapshot = (name: string) => `./__snapshots__/default-generator/${name}.md`;

/**
 * Whatever the wording: every text is filled in (no placeholder or missing value), within its length,
 * of the cause's action type, and passes the editor's fact check (written in its language, every number
 * and date from the data, the organisation named as it is).
 */
function expectWellFormed(facts: CauseFacts) {
  for (const lang of LANGS) {
    const written = texts(facts, lang);
    expect(written.type).toBe({ Spenden: 'donate', Petition: 'sign', Brief: 'write' }[facts.category]);
    for (const field of Object.keys(LABELS) as (keyof typeof LABELS)[]) {
      expect(written[field], `${lang} ${field}`).not.toMatch(/\{|\}|\$|undefined|NaN|null|^\s|\s$|\s{2}/);
      expect(written[field].length, `${lang} ${field}`).toBeGreaterThan(0);
    }
    expect(written.summary.length, written.summary).toBeLessThanOrEqual(400);
    expect(written.headline.length, written.headline).toBeLessThanOrEqual(90);
    expect(factCheck([written.summary], facts, lang), `${lang} summary`).toBeNull();
    expect(factCheck([written.headline, written.whyNow, written.whyYou, written.impactStatement], facts, lang, { action: true }), `${lang} action`).toBeNull();
  }
}

describe('default generator: whole texts per case (file snapshots) and what holds whatever the wording', () => {
  it('is named by a hash of its messages and rules, a name the refresh knows as built-in (a new version rewrites the texts of the previous one)', () => {
    expect(DEFAULT_GENERATOR_NAME).toMatch(/^default-[0-9a-f]{12}$/);
    const builtIn = new RegExp(BUILT_IN_GENERATOR_PATTERN);
    expect([DEFAULT_GENERATOR_NAME, 'default-v12', 'editor', 'llm:gpt-4o-mini', 'default-v12x'].map((name) => builtIn.test(name))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('its version covers every module it imports for their values and its messages, and changes with any of them', () => {
    const src = path.resolve(import.meta.dirname, '../../src');
    const read = sourcesBeside(src);
    // excerpt.ts's sentence splitting and function words count, and the facts' module (text-generator.ts) with the
    // calendar it counts days with; list-params.ts, whose Language type messages.ts imports, does not
    expect(generatorSources(read)).toEqual([
      'modules/texts/contact-details.ts',
      'modules/texts/default-generator.ts',
      'modules/texts/excerpt.ts',
      'modules/texts/formatting.ts',
      'modules/texts/generator-version.ts',
      'modules/texts/german-organisation.ts',
      'modules/texts/messages.ts',
      'modules/texts/situation.ts',
      'modules/texts/statements.ts',
      'modules/texts/text-generator.ts',
      'text/function-words.ts',
      'text/sentences.ts',
      'time/berlin-calendar.ts',
      'modules/texts/messages/de.ftl',
      'modules/texts/messages/en.ftl',
    ]);
    expect(generatorVersion(read)).toBe(DEFAULT_GENERATOR_NAME);
    const changed = (file: string) => generatorVersion((f) => (f === file ? `${read(f)}\n// changed` : read(f)));
    expect(changed('text/sentences.ts')).not.toBe(DEFAULT_GENERATOR_NAME);
    expect(changed('modules/texts/messages/en.ftl')).not.toBe(DEFAULT_GENERATOR_NAME);
    expect(changed('modules/causes/list-params.ts')).toBe(DEFAULT_GENERATOR_NAME);
  });

  it('a donation campaign of a registered association, 5 days before its deadline: German names the association after "Verein"; English, without an English source text, names the German title and says the fundraiser is described in German', async () => {
    const facts = cause({});
    expectWellFormed(facts);
    const de = texts(facts, 'de');
    const en = texts(facts, 'en');
    // the figures: raised and goal in the summary, what is missing (5,000) in whyNow, the deadline in the headline
    expect(de.summary).toContain('35.000 €');
    expect(de.summary).toContain('40.000 €');
    expect(de.summary).toContain('5. Dezember 2026');
    expect(de.summary).toContain('vom Verein Wärmestube Leipzig e. V.');
    expect(de.headline).toContain('Samstag, 5. Dezember');
    expect(de.whyNow).toContain('5.000 €');
    expect(de.whyYou).toContain('der Verein Wärmestube Leipzig e. V.');
    expect(en.summary).toContain('The fundraiser “Winterhilfe für Obdachlose in Leipzig”');
    expect(en.summary).toMatch(/ The fundraiser is described in German\.$/);
    expect(en.summary).toContain('€35,000');
    expect(en.summary).toContain('€40,000');
    expect(en.summary).toContain('5 December 2026');
    expect(en.headline).toContain('Saturday, 5 December');
    expect(en.whyNow).toContain('€5,000');
    // the source's German description is not quoted in English
    expect(en.summary).not.toContain('Jeden Winter');
    await expect(caseFile('Donation campaign of a registered association, 5 days before its deadline, 87.5 % funded', facts)).toMatchFileSnapshot(
      snapshot('donation-association-5-days'),
    );
  });

  it('a title that names its kind and ends in a full stop is a label without its stop: „….“: never appears', () => {
    const facts = cause({ title: 'Brief an den Stadtrat: Mehr Radwege.', category: 'Brief', description: '' });
    expectWellFormed(facts);
    for (const lang of LANGS) {
      const written = texts(facts, lang);
      for (const text of Object.values(written)) expect(text).not.toMatch(/\.[“”]:/u);
    }
    expect(texts(facts, 'de').summary.startsWith('„Brief an den Stadtrat: Mehr Radwege“: ')).toBe(true);
  });

  it('a title as a label drops a closing full stop only: an ellipsis, a question and an exclamation mark stay', () => {
    expect(['Spende 5€.', 'Wann kommt der Bus?', 'Jetzt!', 'Und dann…', 'usw...', 'Nr. 5'].map(quotedTitle)).toEqual([
      'Spende 5€',
      'Wann kommt der Bus?',
      'Jetzt!',
      'Und dann…',
      'usw...',
      'Nr. 5',
    ]);
  });

  it('a petition names its title, its demand, beside the quoted opening where both fit, never at the cost of the opening sentence', () => {
    const petition = {
      title: 'Keine Kiesgrube im Wasserschutzgebiet bei Wesel',
      description: 'In den Rheinauen bei Wesel soll eine neue Kiesgrube entstehen. Fachleute warnen vor Nitrat- und Keimeinträgen ins Grundwasser.',
      organisationName: 'Bürgerinitiative Sauberes Grundwasser Niederrhein',
      category: 'Petition' as const,
      fundingGoal: 15000,
      fundingCurrent: 13980,
      fundingProgressPct: 93.2,
    };
    const titled = texts(cause(petition), 'de').summary;
    expect(titled).toMatch(/^\S.* Petition „Keine Kiesgrube im Wasserschutzgebiet bei Wesel“.*: „/u);
    expect(titled).toContain(': „In den Rheinauen bei Wesel soll eine neue Kiesgrube entstehen.“');
    // the demo's first sentence, too long to stand beside the title: it is quoted without the title, and
    // the second sentence, which leans on it, never stands in for it
    const long = cause({
      ...petition,
      description:
        'In den Rheinauen bei Wesel soll eine neue Kiesgrube ausgerechnet in der Nähe eines Trinkwasserbrunnens entstehen, der rund 60.000 Menschen versorgt. Fachleute warnen vor Nitrat- und Keimeinträgen ins Grundwasser.',
    });
    const summary = texts(long, 'de').summary;
    expect(summary).toContain(': „In den Rheinauen bei Wesel soll eine neue Kiesgrube ausgerechnet');
    expect(summary).not.toContain('Fachleute');
    expect(summary).not.toContain('Keine Kiesgrube');
    // other kinds keep their frame without the title beside an opening
    expect(texts(cause({ ...petition, category: 'Spenden' }), 'de').summary).not.toContain('Keine Kiesgrube');
  });

  it("a title or a quotation inside the service's quotation marks: its own marks, double or single, become the inner ones, and apostrophes typographic", () => {
    const inputs = ["Discourage the 2018 'flag updates'", "St Peter's school doesn't", "Koranverteilaktion ''LIES''!", 'Der „Wärmebus“', "parents' rights"];
    expect(inputs.map((title) => nestedQuotes(title, 'de'))).toEqual([
      'Discourage the 2018 ‚flag updates‘',
      'St Peter’s school doesn’t',
      'Koranverteilaktion ‚LIES‘!',
      'Der ‚Wärmebus‘',
      "parents' rights",
    ]);
    expect(inputs.map((title) => nestedQuotes(title, 'en'))).toEqual([
      'Discourage the 2018 ‘flag updates’',
      'St Peter’s school doesn’t',
      'Koranverteilaktion ‘LIES’!',
      'Der ‘Wärmebus’',
      "parents' rights",
    ]);
    // the language check reads the title set so as the title: an English title in a German summary is no English sentence
    const facts = cause({
      category: 'Petition',
      title: "Take greater action to improve young people's mental health in the UK",
      description: 'More than 100,000 14-year-olds in the UK self-harm. The Government must act.',
      sourceLanguage: 'en',
    });
    const { summary } = texts(facts, 'de');
    expect(summary).toContain('„Take greater action to improve young people’s mental health in the UK“');
    expect(factCheck([summary], facts, 'de')).toBeNull();
  });

  it("a title quoted in a sentence loses the full stop of its last sentence, not an abbreviation's: „… Spende 5€“ steht …", () => {
    expect(['Spende 5€.', 'Hilfe für Tiere e.V.', 'Sport z. B.', 'Warte...', 'Hilfe!', 'Wann kommt der Bus?', 'Jetzt.'].map(quotedTitle)).toEqual([
      'Spende 5€',
      'Hilfe für Tiere e.V.',
      'Sport z. B.',
      'Warte...',
      'Hilfe!',
      'Wann kommt der Bus?',
      'Jetzt',
    ]);
    const facts = cause({ title: 'Gleiche Rechte für Mädchen. Spende 5€.', description: '', organisationName: 'Skateistan' });
    for (const lang of LANGS) expect(texts(facts, lang).summary, lang).not.toMatch(/5€\.[“”]/u);
    expect(texts(facts, 'de').summary).toContain('„Gleiche Rechte für Mädchen. Spende 5€“');
  });

  it('a plural name with a letter campaign known only by a percentage: singular verb of the head noun, no "% des Ziels"', async () => {
    const facts = cause({
      title: 'Brief an den Oberbürgermeister: Freibad retten',
      category: 'Brief',
      organisationName: 'Freibadfreunde Chiemgau e.V.',
      fundingGoal: null,
      fundingCurrent: null,
      fundingProgressPct: 64.5,
      deadline: '2026-11-23',
      daysUntilDeadline: 1,
      description: 'Das Freibad soll schließen.\nWarum es bleiben muss\nEs ist das einzige Bad im Umkreis von 20 Kilometern.',
    });
    expectWellFormed(facts);
    const de = texts(facts, 'de');
    expect(de.summary).toContain(': „Das Freibad soll schließen.“');
    expect(de.summary).not.toContain('Warum es bleiben muss'); // a heading line, not a sentence
    expect(de.summary).toContain('der Verein Freibadfreunde Chiemgau e.V.');
    expect(de.summary).not.toMatch(/Freibadfreunde Chiemgau e\.V\. (stehen|sammeln|haben)/);
    expect(de.summary).toContain('65 %'); // 64.5, rounded
    expect(de.summary).not.toContain('% des Ziels');
    expect(de.summary).toContain('23. November 2026');
    expect(de.headline).toContain('Montag, 23. November');
    // neither the headline's date nor the summary's percentage again
    expect(de.whyNow).not.toMatch(/23\.|November|65/);
    expect(texts(facts, 'en').summary).toContain('65%');
    await expect(caseFile('Letter campaign of a plural name, known only by a percentage (64.5 %), deadline the next day', facts)).toMatchFileSnapshot(
      snapshot('letter-plural-name-percentage-only'),
    );
  });

  const WADDEN = cause({
    title: 'Save the Wadden Sea',
    description: 'The Wadden Sea is a UNESCO World Heritage site. Plans for new gas drilling threaten it.',
    sourceLanguage: 'en',
    category: 'Petition',
    organisationName: 'Wadden Sea Alliance',
    fundingGoal: 10000,
    fundingCurrent: 2500,
    fundingProgressPct: 25,
    deadline: '2026-12-15',
    daysUntilDeadline: 15,
    actionsToTippingPoint: 900,
  });

  it('a source text in English: the German summary quotes no English sentence and says the petition is in English, the English one quotes the source text', async () => {
    expectWellFormed(WADDEN);
    const de = texts(WADDEN, 'de');
    const en = texts(WADDEN, 'en');
    expect(de.summary).toContain('Petition „Save the Wadden Sea“');
    expect(de.summary).toMatch(/ Die Petition ist auf Englisch verfasst\.$/);
    expect(de.summary).not.toContain('englischsprachig');
    expect(de.summary).not.toMatch(/UNESCO|World Heritage|gas drilling/);
    expect(de.summary).toContain('2.500');
    expect(de.summary).toContain('10.000 Unterschriften');
    expect(de.summary).toContain('15. Dezember 2026');
    expect(en.summary).toContain(': “The Wadden Sea is a UNESCO World Heritage site.”');
    expect(en.summary).toContain('2,500');
    expect(en.summary).toContain('10,000');
    // with a goal, only what is missing to the goal: the platform's threshold (900) is not a second count
    expect(de.whyNow).toContain('7.500 Unterschriften');
    expect(`${de.whyNow} ${en.whyNow}`).not.toContain('900');
    await expect(caseFile('Petition with an English source text, a goal of 10,000 signatures and a platform threshold of 900', WADDEN)).toMatchFileSnapshot(
      snapshot('petition-english-source-text'),
    );
  });

  it("without a goal, the threshold is the platform's, and said so", async () => {
    const facts = { ...WADDEN, fundingGoal: null, fundingCurrent: null, fundingProgressPct: null };
    expectWellFormed(facts);
    const de = texts(facts, 'de');
    expect(de.whyNow).toContain('900 Unterschriften');
    expect(de.whyNow).toContain('Plattform');
    // the platform's figure, and no claim beyond it: no goal or milestone the data does not give
    expect(de.whyNow).not.toMatch(/Ziel|Schwelle|Etappe/);
    expect(texts(facts, 'en').whyNow).toContain('900');
    await expect(caseFile('Petition with an English source text, no goal, a platform threshold of 900 signatures', facts)).toMatchFileSnapshot(
      snapshot('petition-english-source-text-no-goal'),
    );
  });

  it('an English title and description from the feed: the English summary says what the cause is about', async () => {
    const facts = cause({
      titleEn: 'Winter aid for homeless people in Leipzig',
      descriptionEn: 'Every winter, people freeze to death on the streets of Germany. Since 2015 the warming room has handed out sleeping bags and hot meals.',
      organisationName: 'Lernwerk Sachsen gGmbH',
    });
    expectWellFormed(facts);
    const de = texts(facts, 'de');
    const en = texts(facts, 'en');
    expect(en.summary).toContain(': “Every winter, people freeze to death on the streets of Germany.');
    expect(en.summary).not.toContain('(German title)');
    expect(en.summary).toContain('Lernwerk Sachsen gGmbH');
    expect(de.summary).toContain(': „Jeden Winter erfrieren in Deutschland Menschen auf der Straße.');
    expect(de.summary).toContain('der gemeinnützigen Gesellschaft Lernwerk Sachsen gGmbH');
    await expect(caseFile('Donation campaign of a gGmbH with an English title and description from the feed', facts)).toMatchFileSnapshot(
      snapshot('english-title-and-description-from-feed'),
    );
  });

  it('an organisation that only published the item is not said to be behind the campaign', async () => {
    const facts = cause({
      organisationIsPublisher: true,
      organisationName: 'Stiftung Lesen',
      category: 'Petition',
      fundingGoal: null,
      fundingCurrent: null,
      fundingProgressPct: null,
      deadline: null,
      daysUntilDeadline: null,
    });
    expectWellFormed(facts);
    const de = texts(facts, 'de');
    const en = texts(facts, 'en');
    expect(de.summary).toContain('Erschienen ist die Petition „Winterhilfe für Obdachlose in Leipzig“ bei der Stiftung Lesen');
    expect(en.summary).toMatch(/Stiftung Lesen published the (?:German-language )?petition/);
    for (const summary of [de.summary, en.summary])
      expect(summary).not.toMatch(/Hinter|getragen|gestartet|Träger|started by|organised by|(?<!Published )by Stiftung Lesen/);
    for (const lang of LANGS) {
      const action = writeAction(facts, lang);
      expect(`${action.whyYou} ${action.impactStatement}`).not.toContain('Stiftung Lesen');
    }
    await expect(caseFile('Petition an organisation only published (no end date, no figures)', facts)).toMatchFileSnapshot(snapshot('publisher-only'));
  });

  it('a publisher whose name is neither a website nor inflectable ("Deutscher Bundestag, …"): the host of the action\'s page is named, else the name', () => {
    const base = {
      organisationIsPublisher: true,
      organisationName: 'Deutscher Bundestag, Petitionsausschuss',
      title: 'Vereinfachungen für Balkonsolaranlagen',
      description: '', // no sentence to quote: the summary names the title
      category: 'Petition' as const,
      fundingGoal: null,
      fundingCurrent: null,
      fundingProgressPct: null,
      deadline: null,
      daysUntilDeadline: null,
    };
    const withHost = cause({ ...base, pageHost: 'epetitionen.bundestag.de' });
    expectWellFormed(withHost);
    expect(texts(withHost, 'de').summary).toMatch(
      /^Veröffentlicht wurde die Petition „Vereinfachungen für Balkonsolaranlagen“ auf epetitionen\.bundestag\.de\./,
    );
    // no status, no deadline: the summary says the source does not tell whether it is open
    expect(texts(withHost, 'en').summary).toBe(
      'The German-language petition “Vereinfachungen für Balkonsolaranlagen” was published on epetitionen.bundestag.de. Whether it can still be signed is not known.',
    );
    const dated = cause({ ...base, pageHost: 'epetitionen.bundestag.de', deadline: '2026-12-04', daysUntilDeadline: 9 });
    expect(texts(dated, 'de').summary).toMatch(
      /^Die Petition „Vereinfachungen für Balkonsolaranlagen“ läuft bis zum 4\. Dezember 2026; veröffentlicht wurde sie auf epetitionen\.bundestag\.de\./,
    );
    const withoutHost = cause({ ...base, pageHost: null });
    expect(texts(withoutHost, 'en').summary).toBe(
      'Deutscher Bundestag, Petitionsausschuss published the German-language petition “Vereinfachungen für Balkonsolaranlagen”. Whether it can still be signed is not known.',
    );
    expect(texts(withoutHost, 'de').summary).toMatch(
      /^Quelle der Petition „Vereinfachungen für Balkonsolaranlagen“ ist Deutscher Bundestag, Petitionsausschuss\./,
    );
    expect(pageHostOf('https://www.betterplace.org/de/projects/1114')).toBe('betterplace.org');
    expect(pageHostOf('not a url')).toBeNull();
  });

  it('takes the head noun from the legal form or the first word only where that is certain', () => {
    expect(organisationHead('Freibadfreunde Chiemgau e.V.')).toEqual({ head: 'org-head-verein', gender: 'm' });
    expect(organisationHead('Kinderhospizverein Oberlausitz e.V.')).toEqual({ head: null, gender: 'm' });
    expect(organisationHead('Tafel-Netzwerk Rhein-Neckar e.V.')).toEqual({ head: null, gender: 'n' });
    expect(organisationHead('Bündnis Faire Lieferketten Süd e.V.')).toEqual({ head: null, gender: 'n' });
    // a place named after its district is no head noun: "der Verein Wohnungslosenhilfe Saalekreis e.V."
    expect(organisationHead('Wohnungslosenhilfe Saalekreis e.V.')).toEqual({ head: 'org-head-verein', gender: 'm' });
    // a descriptive adjective before the name's own head noun: inflected after the article ("der Inklusive Freundeskreis …")
    expect(organisationHead('Inklusiver Freundeskreis Bremen e.V.')).toEqual({ head: null, gender: 'm', adjective: { word: 'Inklusiver', stem: 'Inklusiv' } });
    expect(organisationHead('Initiative Schlafwagen statt Kurzstrecke')).toEqual({ head: null, gender: 'f' });
    expect(organisationHead('Stiftung Lesen')).toEqual({ head: null, gender: 'f' });
    expect(organisationHead('Lernwerk Sachsen gGmbH')).toEqual({ head: 'org-head-ggmbh', gender: 'f' });
    // without a legal form, a body's or a place's compound is the head too: "der Elternrat …", "das Landeselternnetz …"
    expect(organisationHead('Elternrat Elbinsel-Schulen')).toEqual({ head: null, gender: 'm' });
    expect(organisationHead('Landeselternnetz Schulsozialarbeit Sachsen-Anhalt')).toEqual({ head: null, gender: 'n' });
    expect(organisationHead('Lebenshof Gut Weidensee')).toEqual({ head: null, gender: 'm' });
    expect(organisationHead('Frauenhaus Köln')).toEqual({ head: null, gender: 'n' });
    expect(organisationHead('Jugendgruppe Nordstadt')).toEqual({ head: null, gender: 'f' });
    expect(organisationHead('Elternrat')).toBeNull(); // one word: no name after the head
    // no certain head noun: named as a label ("Träger: …"), never "die Organisation …"
    expect(organisationHead('Lesepaten Hamburg')).toBeNull();
    expect(organisationHead('Deutsche Wildtier Stiftung')).toBeNull();
    expect(organisationHead('Deutscher Bundestag')).toBeNull();
    expect(organisationHead('Maria Schmidt')).toBeNull();
    expect(organisationHead('heise online')).toBeNull();
    // the name holds the head noun already: no "der Verein Inklusiver Sportverein …", but "der Inklusive Sportverein …"
    expect(organisationHead('Inklusiver Sportverein Bremen-Nord e.V.')).toEqual({
      head: null,
      gender: 'm',
      adjective: { word: 'Inklusiver', stem: 'Inklusiv' },
    });
    expect(organisationHead('Soziales Netzwerk Nachbarschaft')).toEqual({ head: null, gender: 'n', adjective: { word: 'Soziales', stem: 'Sozial' } });
    // a place's "-er" is never inflected, and an ending that does not agree with the head noun is no adjective of it
    expect(organisationHead('Bremer Sportverein e.V.')).toBeNull();
    expect(organisationHead('Inklusive Sportverein e.V.')).toBeNull();
  });

  it('inflects a leading adjective as the article asks: der Inklusive, dem Inklusiven, den Inklusiven, vom Inklusiven', () => {
    const org = 'Inklusiver Sportverein Bremen-Nord e.V.';
    expect((['orgNom', 'orgAcc', 'orgDat', 'orgVon', 'orgGen'] as const).map((name) => germanOrg(org, name))).toEqual([
      'der Inklusive Sportverein Bremen-Nord e.V.',
      'den Inklusiven Sportverein Bremen-Nord e.V.',
      'dem Inklusiven Sportverein Bremen-Nord e.V.',
      'vom Inklusiven Sportverein Bremen-Nord e.V.',
      // no genitive that would inflect the name ("des Inklusiven Sportvereins …")
      'vom Inklusiven Sportverein Bremen-Nord e.V.',
    ]);
    expect(germanOrg('Soziales Netzwerk Nachbarschaft', 'orgAcc')).toBe('das Soziale Netzwerk Nachbarschaft');
  });
});

// ---------------------------------------------------------------------------------------------------
// Properties over a grid of situations
// ---------------------------------------------------------------------------------------------------

const CATEGORIES: CauseCategory[] = ['Spenden', 'Petition', 'Brief'];
const DAYS: (number | null)[] = [null, -2, 0, 1, 2, 5, 7, 8, 30, 365];
const PCTS: (number | null)[] = [null, 0, 0.4, 12.3, 69.9, 70, 87.5, 99.9, 100, 120];
const TITLES = ['Sauberes Wasser für Schulen', 'Rettet den Stadtpark', 'Mehr Lehrkräfte für Grundschulen', 'Kältebus Hamburg'];
const ORGS = ['Bündnis Gute Schule', 'Lesepaten Hamburg', 'Freibadfreunde Chiemgau e.V.', 'Lernwerk Sachsen gGmbH'];
const GRID_DESCRIPTION =
  'Der Stadtrat entscheidet im Frühjahr über den Haushalt. Wir setzen uns dafür ein, dass genug Geld für die Grundschulen bereitsteht. Dafür brauchen wir breite Unterstützung aus der ganzen Stadt.';

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function grid(): CauseFacts[] {
  const all: CauseFacts[] = [];
  for (const category of CATEGORIES)
    for (const days of DAYS)
      for (const pct of PCTS)
        for (const [i, title] of TITLES.entries()) {
          const goal = category === 'Spenden' ? 25000 : 8000;
          all.push({
            title,
            description: i === 3 ? '' : GRID_DESCRIPTION,
            category,
            organisationName: ORGS[i],
            deadline: days === null ? null : addDays('2026-11-21', days),
            daysUntilDeadline: days,
            fundingProgressPct: pct,
            fundingGoal: pct === null || i === 1 ? null : goal,
            fundingCurrent: pct === null || i === 1 ? null : Math.round((goal * pct) / 100),
            actionsToTippingPoint: i === 0 ? 1 : i === 2 ? 1500 : null,
          });
        }
  return all;
}

/** Sentences of a generated text; day numbers of dates ("5. Dezember") do not end a sentence. */
function sentences(text: string): string[] {
  return text
    .replace(/\b\d{1,2}\. (?=[A-ZÄÖÜ][a-zä]+( \d{4})?)/g, '')
    .replace(/\be\. ?V\.(?= [a-zäöü])/g, 'eV')
    .split(/(?<=[.!?…])\s+(?=[„“"A-ZÄÖÜ0-9€])/u);
}

describe('default generator: names written in lower case, and sentences that point back', () => {
  // an item of heise online's Atom feed (test/fixtures/real-data/rss/rss1_rbren-rss-parser_heise.atom), as a petition
  const HEISE = cause({
    title: 'Der Pragmatische Architekt: Ein gutes Szenario',
    description:
      'Die Sache ist aber nicht hoffnungslos. Szenarien bieten für diesen Zweck ein sehr gutes Instrumentarium. Sie helfen, Anforderungen zu klären.',
    category: 'Petition',
    organisationName: 'heise online',
    organisationIsPublisher: false,
    deadline: null,
    daysUntilDeadline: null,
    fundingProgressPct: null,
    fundingGoal: null,
    fundingCurrent: null,
    sourceLanguage: 'de',
  });

  it('opens no sentence with a name in lower case, which would capitalise it ("Heise online")', async () => {
    expectWellFormed(HEISE);
    for (const lang of LANGS) {
      for (const text of Object.values(texts(HEISE, lang))) expect(text, lang).not.toMatch(/Heise online/);
      expect(writeSummary(HEISE, lang), lang).toContain('heise online');
    }
    await expect(
      caseFile("An item of heise online's Atom feed as a petition: a name in lower case, a description that points back", HEISE),
    ).toMatchFileSnapshot(snapshot('heise-item-as-petition'));
    // every frame variant that would open with the name is passed over, for any title
    for (let i = 0; i < 60; i++) {
      for (const lang of ['de', 'en'] as const) {
        const facts = cause({ ...HEISE, title: `Aktion Nummer ${i} für die Stadt`, description: '' });
        for (const text of Object.values(texts(facts, lang))) expect(text, `${lang} ${i}`).not.toMatch(/Heise online/);
        expect(writeSummary(facts, lang), `${lang} ${i}`).toContain('heise online');
      }
    }
  });

  it('opens a summary with no sentence that points back, at its start or a few words in', () => {
    // "aber" in third place, "für diesen Zweck" in fourth: both point back; the summary names the title instead
    // (the whole text: __snapshots__/default-generator/heise-item-as-petition.md)
    for (const lang of LANGS) {
      const summary = writeSummary(HEISE, lang);
      expect(summary, lang).not.toMatch(/hoffnungslos|Szenarien bieten|diesen Zweck|Anforderungen/);
      expect(summary, lang).toContain('Der Pragmatische Architekt: Ein gutes Szenario');
    }
    // a time ("in diesem Jahr", "ab diesem Montag", "dieses Schuljahr") points at nothing earlier: such a sentence may open
    for (const opening of [
      'Die Tafel sammelt in diesem Jahr vor allem Schlafsäcke und warme Jacken.',
      'Ab diesem Montag verteilt die Wärmestube warme Mahlzeiten in der Innenstadt.',
      'Die Kinder lernen dieses Schuljahr in Containern auf dem Schulhof.',
      'In diesen Tagen fehlen der Wärmestube vor allem Decken und Schlafsäcke.',
    ]) {
      expect(writeSummary(cause({ description: `${opening} Die Wärmestube hilft seit 2015.` }), 'de')).toContain(`: „${opening}`);
    }
    const however = cause({
      titleEn: 'Winter aid for homeless people in Leipzig',
      descriptionEn: 'The city, however, pays for none of it. The shelter hands out sleeping bags and hot meals from 1 December.',
    });
    expect(writeSummary(however, 'en')).toContain(': “The shelter hands out sleeping bags and hot meals from 1 December.');
    const insteadOf = cause({ ...however, descriptionEn: 'Children get warm meals instead of cold sandwiches at the shelter every day.' });
    expect(writeSummary(insteadOf, 'en')).toContain(': “Children get warm meals instead of cold sandwiches at the shelter every day.');
  });
});

// ---------------------------------------------------------------------------------------------------
// The service's own sentences say only what data fields say; a source's words appear only as a quotation
// attributed to it
// ---------------------------------------------------------------------------------------------------

// pt-2236 of the demo catalogue, 5 days before its deadline
const RADWEG = cause({
  title: 'Sicherer Radweg an der B 27 zwischen Tübingen und Nehren',
  titleEn: 'A safe cycle path along the B 27 between Tübingen and Nehren',
  description:
    'Wer zwischen Tübingen und Nehren mit dem Rad pendelt, muss sich die Strecke teilweise mit Lastwagen teilen oder weite Umwege fahren. Allein im ' +
    'letzten Jahr gab es dort mehrere schwere Unfälle mit Radfahrenden.',
  descriptionEn:
    'Anyone cycling between Tübingen and Nehren has to share parts of the road with lorries or make long detours. Last year alone there were several ' +
    'serious accidents involving cyclists there.',
  category: 'Petition',
  organisationName: 'Radentscheid Steinlach e.V.',
  deadline: '2026-11-26',
  fundingGoal: 8000,
  fundingCurrent: 7410,
  fundingProgressPct: 92.6,
});
const quoteOf = (facts: CauseFacts, lang: Language) => summaryPlan(facts, lang).find((s): s is Extract<Statement, { kind: 'quote' }> => s.kind === 'quote');

describe("default generator: a sentence of the description is the source's, quoted and attributed", () => {
  it('a petition whose organisation wrote its description: the frame names it, then its initiators are quoted, marked and verbatim', () => {
    expectWellFormed(RADWEG);
    expect(writeSummary(RADWEG, 'de')).toBe(
      'Die Petition „Sicherer Radweg an der B 27 zwischen Tübingen und Nehren“ läuft bis zum 26. November 2026; dahinter steht der Verein Radentscheid ' +
        'Steinlach e.V. ' +
        'In ihrer Beschreibung schreiben die Initiatoren: „Wer zwischen Tübingen und Nehren mit dem Rad pendelt, muss sich die Strecke teilweise mit ' +
        'Lastwagen teilen oder weite Umwege fahren.“ ' +
        'Zwischenstand: 7.410 von 8.000 Unterschriften.',
    );
    expect(writeSummary(RADWEG, 'en')).toBe(
      'The petition “A safe cycle path along the B 27 between Tübingen and Nehren” is run by Radentscheid Steinlach e.V. and is open until 26 November 2026. ' +
        'In their description, the organisers write: “Anyone cycling between Tübingen and Nehren has to share parts of the road with lorries or make long ' +
        'detours.” ' +
        'So far, 7,410 of 8,000 signatures have been collected.',
    );
    // the quotation is the source's sentence as it stands, and attributed to the organisers
    expect(quoteOf(RADWEG, 'de')).toMatchObject({ who: 'organisers', text: RADWEG.description.split('. ')[0] + '.' });
    expect(quoteOf(RADWEG, 'en')).toMatchObject({ who: 'organisers', text: RADWEG.descriptionEn!.split('. ')[0] + '.' });
  });

  it('every attribution names whose words they are, in typographic quotation marks, the quoted full stop inside them', () => {
    const attributions = (lang: Language, who: 'organisers' | 'description', category: CauseCategory) =>
      [1, 2, 3, 4, 5]
        .map((n) => `summary-quote-${who}-${n}`)
        .filter((id) => who === 'organisers' || Number(id.slice(-1)) <= (lang === 'de' ? 2 : 3))
        .map((id) => realise({ kind: 'quote', who, id, category, text: 'Der Satz.' }, lang));
    expect(attributions('de', 'organisers', 'Petition')).toEqual([
      'In der Beschreibung der Petition heißt es: „Der Satz.“',
      'Die Initiatoren schreiben: „Der Satz.“',
      'Zur Petition schreiben die Initiatoren: „Der Satz.“',
      'In ihrem Aufruf schreiben die Initiatoren: „Der Satz.“',
      'In ihrer Beschreibung schreiben die Initiatoren: „Der Satz.“',
    ]);
    expect(attributions('de', 'organisers', 'Spenden')).toEqual([
      'In der Beschreibung der Spendenaktion heißt es: „Der Satz.“',
      'Die Organisatoren schreiben: „Der Satz.“',
      'Zur Spendenaktion schreiben die Organisatoren: „Der Satz.“',
      'In ihrem Aufruf schreiben die Organisatoren: „Der Satz.“',
      'In ihrer Beschreibung schreiben die Organisatoren: „Der Satz.“',
    ]);
    expect(attributions('de', 'description', 'Brief')).toEqual([
      'In der Beschreibung der Briefaktion heißt es: „Der Satz.“',
      'Im Text zur Briefaktion heißt es: „Der Satz.“',
    ]);
    expect(attributions('en', 'organisers', 'Spenden')).toEqual([
      'The fundraiser’s description says: “Der Satz.”',
      'The organisers write: “Der Satz.”',
      'In the organisers’ words: “Der Satz.”',
      'The description of the fundraiser says: “Der Satz.”',
      'In their description, the organisers write: “Der Satz.”',
    ]);
    expect(attributions('en', 'description', 'Brief')).toEqual([
      'The letter campaign’s description says: “Der Satz.”',
      'The description of the letter campaign says: “Der Satz.”',
      'The text of the letter campaign reads: “Der Satz.”',
    ]);
  });

  it("an organisation that only published the item is never the author of its words, nor is a name that may be one person's", () => {
    const published = cause({
      ...RADWEG,
      organisationName: 'heise online',
      organisationIsPublisher: true,
      titleEn: null,
      descriptionEn: null,
      deadline: null,
      daysUntilDeadline: null,
      statusOpen: true,
      fundingGoal: null,
      fundingCurrent: null,
      fundingProgressPct: null,
    });
    expectWellFormed(published);
    expect(writeSummary(published, 'de')).toBe(
      'Die Petition „Sicherer Radweg an der B 27 zwischen Tübingen und Nehren“ ist auf der Website heise online erschienen. Im Text zur Petition heißt es: ' +
        // not "Allein im letzten Jahr …": a year counted back from a day the description does not give
        '„Wer zwischen Tübingen und Nehren mit dem Rad pendelt, muss sich die Strecke teilweise mit Lastwagen teilen oder weite Umwege fahren.“',
    );
    expect(quoteOf(published, 'de')?.who).toBe('description');
    // "Maria Schmidt" may be one person: no plural "Initiatoren", the description is named
    const person = cause({ ...RADWEG, organisationName: 'Maria Schmidt' });
    expect(writeSummary(person, 'de')).toContain('Maria Schmidt. In der Beschreibung der Petition heißt es: „Wer zwischen Tübingen und Nehren');
    expect(writeSummary(person, 'en')).toContain('The petition’s description says: “Anyone cycling between Tübingen and Nehren');
    for (const facts of [published, person]) {
      for (const lang of LANGS) expect(writeSummary(facts, lang), lang).not.toMatch(/Initiatoren|Organisatoren|organisers|schreiben|\bwrite\b/u);
    }
  });

  it('quotation marks inside a quotation become the inner ones (‚…‘, ‘…’), never a quote inside a quote', () => {
    const nested = cause({
      description: 'Der Bürgermeister sagte: "Das Bad bleibt offen." Die Stadt hat »kein Geld« für eine Sanierung.',
      titleEn: 'Winter aid',
      descriptionEn: 'The mayor said: "The pool stays open." The city has no money.',
    });
    expectWellFormed(nested);
    expect(writeSummary(nested, 'de')).toBe(
      'Bis zum 5. Dezember 2026 läuft die Spendenaktion, gestartet vom Verein Wärmestube Leipzig e. V. In ihrer Beschreibung schreiben die Organisatoren: ' +
        '„Der Bürgermeister sagte: ‚Das Bad bleibt offen.‘“ Zusammengekommen sind 35.000 €; angestrebt werden 40.000 €.',
    );
    expect(writeSummary(nested, 'en')).toBe(
      'The fundraiser from Wärmestube Leipzig e. V. runs until 5 December 2026. In their description, the organisers write: “The mayor said: ‘The pool ' +
        'stays open.’” Donations so far come to €35,000, against a goal of €40,000.',
    );
    // two sentences where the summary has room (no figures): the second inner pair too
    const two = cause({ ...nested, fundingGoal: null, fundingCurrent: null, fundingProgressPct: null });
    expect(quoteOf(two, 'de')?.text).toBe('Der Bürgermeister sagte: "Das Bad bleibt offen." Die Stadt hat »kein Geld« für eine Sanierung.');
    expect(writeSummary(two, 'de')).toContain('„Der Bürgermeister sagte: ‚Das Bad bleibt offen.‘ Die Stadt hat ‚kein Geld‘ für eine Sanierung.“');
  });

  it('a long description: the quotation is whole sentences and the summary stays within 400 characters', () => {
    const sentence =
      'In den Höhendörfern rund um Marienberg sollen fünf öffentlich zugängliche Defibrillatoren die Zeit überbrücken, bis der Rettungswagen ankommt.';
    const title = 'Defibrillatoren für die Höhendörfer rund um Marienberg im mittleren Erzgebirge';
    const long = cause({ title, description: `${sentence} ${sentence} ${sentence}` });
    for (const lang of ['de'] as const) {
      const summary = writeSummary(long, lang);
      expect(summary.length).toBeLessThanOrEqual(400);
      expect(summary).toContain(`„${sentence}“`);
    }
  });
});

describe('default generator: only a sentence that stands on its own is quoted', () => {
  const refusals = (lang: Language, sentences: string[]) => Object.fromEntries(sentences.map((s) => [s, whyNotQuotable(s, lang, 'opening')]));

  it('a sentence broken inside a parenthesis or at a list mark; a formal "Sie" inside it that addresses someone it does not name', () => {
    expect(
      refusals('de', [
        'Zahlreiche Ärzte und Initiativen (vgl. Stuttgarter Mediziner stoppt Impfkampagne in seiner Praxis - Südthüringer Rundschau • Meinungsfreudig.',
        'Viele Ärzte warnen (etwa in der Lokalzeitung vor der Impfung.',
        'Deutsche Städte und Gemeinden wollen helfen, doch Sie blockieren die angebotene Hilfe.',
        'Als Kommune obliegt Ihnen die Überwachung der öffentlichen Flächen.',
        'Schreiben Sie dem Ministerium, dass der Ausstieg verbindlich geregelt werden muss.',
        'Der Spielplatz am Park (Bauzeit 1972) soll im Frühjahr 2027 schließen.',
      ]),
    ).toEqual({
      'Zahlreiche Ärzte und Initiativen (vgl. Stuttgarter Mediziner stoppt Impfkampagne in seiner Praxis - Südthüringer Rundschau • Meinungsfreudig.':
        'cut off by the source',
      'Viele Ärzte warnen (etwa in der Lokalzeitung vor der Impfung.': 'cut off by the source',
      'Deutsche Städte und Gemeinden wollen helfen, doch Sie blockieren die angebotene Hilfe.': 'addresses someone it does not name',
      'Als Kommune obliegt Ihnen die Überwachung der öffentlichen Flächen.': 'addresses someone it does not name',
      // the campaign's call to the reader, opened by its verb
      'Schreiben Sie dem Ministerium, dass der Ausstieg verbindlich geregelt werden muss.': null,
      'Der Spielplatz am Park (Bauzeit 1972) soll im Frühjahr 2027 schließen.': null,
    });
  });

  it('where nothing dates the description, trend and "now" words are not quoted; with a deadline they are', () => {
    const undated = (lang: Language, sentence: string) => whyNotQuotable(sentence, lang, 'opening', { noDeadline: true });
    expect(
      [
        ['en', 'Current plans for the line involve the destruction of woodlands.'],
        ['en', 'A recent innovation, the disposable vape is one of the most frequent items of litter.'],
        ['en', 'Disposable vapes are increasingly found on beaches and in parks.'],
        ['de', 'Immer häufiger werden Jugendliche in der Fußgängerzone angesprochen.'],
        ['de', 'Die Zahl der Fahrradunfälle in der Innenstadt steigt zunehmend.'],
        ['en', 'Homeless people often see a doctor only once their wounds are already infected.'],
      ].map(([lang, sentence]) => undated(lang as Language, sentence)),
    ).toEqual([
      'reads as today, and nothing dates it',
      'reads as today, and nothing dates it',
      'reads as today, and nothing dates it',
      'reads as today, and nothing dates it',
      'reads as today, and nothing dates it',
      null,
    ]);
    expect(whyNotQuotable('Current plans for the line involve the destruction of woodlands.', 'en', 'opening')).toBeNull();
  });

  it('German: a pronoun, a demonstrative or a person it does not introduce, the first person, a sponsor, navigation or form line, a fragment', () => {
    expect(
      refusals('de', [
        'Sie wurde im Mai ohne Begründung von der Schule verwiesen.',
        'Er hat die Stadt schon zweimal verklagt.',
        'Es ist seit Jahren in einem schlechten Zustand.',
        'Dies betrifft vor allem die Kinder im Stadtteil.',
        'Diese Gruppen bekommen keine Förderung mehr.',
        'Das ist ein Skandal für die ganze Stadt.',
        'Dort fehlen seit Jahren sichere Radwege.',
        'Ohne sie kommen viele ältere Menschen nicht mehr zum Arzt.',
        'Auch für diese anderen Gruppen fehlt das Geld.',
        'Die Schülerin wurde nach dem Vorfall suspendiert.',
        'Ich finde, die Stadt muss endlich handeln.',
        'Wir glauben, dass die Stadt endlich handeln muss.',
        'Gesponsert von der Musterbank und ihren Partnern vor Ort.',
        'Mehr erfahren Sie auf der Seite des Vereins unter www.example.org.',
        'Hier klicken, um die Petition zu unterschreiben.',
        'Datum der Veröffentlichung: 30.03.2023.',
        'Alles für lau, alles ziemlich super und ganz ohne Anmeldung.',
        'Wie man die Stadt zum Handeln bewegt.',
        'Die Stadt plant, die Bücherei zu schließen, und dann …',
        'Seitdem steht die Halle im Winter leer.',
        'Viele ältere Menschen kommen somit kaum noch zum Markt.',
        'Nach dem Beschluss im Rat ist es endgültig.',
      ]),
    ).toEqual({
      'Sie wurde im Mai ohne Begründung von der Schule verwiesen.': 'points back at text it does not quote',
      'Er hat die Stadt schon zweimal verklagt.': 'points back at text it does not quote',
      'Es ist seit Jahren in einem schlechten Zustand.': 'points back at text it does not quote',
      'Dies betrifft vor allem die Kinder im Stadtteil.': 'points back at text it does not quote',
      'Diese Gruppen bekommen keine Förderung mehr.': 'points back at text it does not quote',
      'Das ist ein Skandal für die ganze Stadt.': 'points back at text it does not quote',
      'Dort fehlen seit Jahren sichere Radwege.': 'points back at text it does not quote',
      'Ohne sie kommen viele ältere Menschen nicht mehr zum Arzt.': 'points back at text it does not quote',
      'Auch für diese anderen Gruppen fehlt das Geld.': 'points back at text it does not quote',
      'Die Schülerin wurde nach dem Vorfall suspendiert.': 'a person it does not introduce',
      'Ich finde, die Stadt muss endlich handeln.': 'speaks in the first person',
      'Wir glauben, dass die Stadt endlich handeln muss.': 'speaks informally or as "we"',
      'Gesponsert von der Musterbank und ihren Partnern vor Ort.': 'a sponsor, advertising or navigation line',
      'Mehr erfahren Sie auf der Seite des Vereins unter www.example.org.': 'a sponsor, advertising or navigation line',
      'Hier klicken, um die Petition zu unterschreiben.': 'a sponsor, advertising or navigation line',
      'Datum der Veröffentlichung: 30.03.2023.': 'a form line',
      'Alles für lau, alles ziemlich super und ganz ohne Anmeldung.': 'a fragment',
      'Wie man die Stadt zum Handeln bewegt.': 'a fragment',
      'Die Stadt plant, die Bücherei zu schließen, und dann …': 'cut off by the source',
      'Seitdem steht die Halle im Winter leer.': 'points back at text it does not quote',
      'Viele ältere Menschen kommen somit kaum noch zum Markt.': 'points back at text it does not quote',
      'Nach dem Beschluss im Rat ist es endgültig.': 'points back at text it does not quote',
    });
    // and what stands on its own is quoted: an expletive "es", a name, a definite noun that needs no introduction
    expect(
      refusals('de', [
        'Es gibt in Tübingen zu wenige sichere Radwege.',
        'Es fehlen Bäume, Trinkbrunnen und kühle Räume für ältere Menschen.',
        'Die Stadt Bochum plant, die Stadtteilbücherei in Wattenscheid zu schließen.',
        'Der Bürgermeister sagte: "Das Bad bleibt offen."',
        'Die Tafel sammelt in diesem Jahr vor allem Schlafsäcke und warme Jacken.',
        'Eine Meinungsumfrage zeigt breite Unterstützung für das Freibad.',
        'In Tübingen gibt es zu wenige sichere Radwege, aber viele Pendler.',
      ]),
    ).toEqual({
      'Es gibt in Tübingen zu wenige sichere Radwege.': null,
      'Es fehlen Bäume, Trinkbrunnen und kühle Räume für ältere Menschen.': null,
      'Die Stadt Bochum plant, die Stadtteilbücherei in Wattenscheid zu schließen.': null,
      'Der Bürgermeister sagte: "Das Bad bleibt offen."': null,
      'Die Tafel sammelt in diesem Jahr vor allem Schlafsäcke und warme Jacken.': null,
      'Eine Meinungsumfrage zeigt breite Unterstützung für das Freibad.': null,
      'In Tübingen gibt es zu wenige sichere Radwege, aber viele Pendler.': null,
    });
  });

  it('English: the same rules', () => {
    expect(
      refusals('en', [
        'They were expelled from the school without a hearing.',
        'It has been in a poor state for years.',
        'This affects the children in the district most.',
        'These groups no longer receive any funding.',
        'He has sued the city twice already.',
        'She was removed from her place on the board.',
        'Without them, many older people can no longer get to a doctor.',
        'Support for these other groups has been cut.',
        'The student was suspended after the incident.',
        'I think the city must act at last.',
        'We believe the city must act at last.',
        'Sponsored by Example Bank and its local partners.',
        "Read more about the campaign on the association's page.",
        'Title: A safe cycle path for Tübingen.',
        'How to get the city to act on cycle paths.',
        'The council plans to close the library, and then ...',
      ]),
    ).toEqual({
      'They were expelled from the school without a hearing.': 'points back at text it does not quote',
      'It has been in a poor state for years.': 'points back at text it does not quote',
      'This affects the children in the district most.': 'points back at text it does not quote',
      'These groups no longer receive any funding.': 'points back at text it does not quote',
      'He has sued the city twice already.': 'points back at text it does not quote',
      'She was removed from her place on the board.': 'points back at text it does not quote',
      'Without them, many older people can no longer get to a doctor.': 'points back at text it does not quote',
      'Support for these other groups has been cut.': 'points back at text it does not quote',
      'The student was suspended after the incident.': 'a person it does not introduce',
      'I think the city must act at last.': 'speaks in the first person',
      'We believe the city must act at last.': 'speaks informally or as "we"',
      'Sponsored by Example Bank and its local partners.': 'a sponsor, advertising or navigation line',
      "Read more about the campaign on the association's page.": 'a sponsor, advertising or navigation line',
      'Title: A safe cycle path for Tübingen.': 'a form line',
      'How to get the city to act on cycle paths.': 'a fragment',
      'The council plans to close the library, and then ...': 'cut off by the source',
    });
    expect(
      refusals('en', [
        'There are too few safe cycle paths in Tübingen.',
        'The city of Bochum plans to close the branch library in Wattenscheid.',
        'This petition calls on the council to keep the library open.',
      ]),
    ).toEqual({
      'There are too few safe cycle paths in Tübingen.': null,
      'The city of Bochum plans to close the branch library in Wattenscheid.': null,
      // the cause itself, named in its own description: no text outside the quotation is needed
      'This petition calls on the council to keep the library open.': 'points back at text it does not quote',
    });
  });

  it('a connective that leans on a sentence before, at the start or a few words in, and a sentence without a main clause', () => {
    expect(
      refusals('de', [
        'Weiterhin fordern die Eltern einen Zebrastreifen vor der Schule.',
        'Darüber hinaus fehlen im Viertel sichere Radwege.',
        'Die Stadt hat das Bad allerdings seit Jahren vernachlässigt.',
        'Eine, die Befürworter und Skeptiker gleichermaßen zufriedenstellt.',
      ]),
    ).toEqual({
      'Weiterhin fordern die Eltern einen Zebrastreifen vor der Schule.': 'points back at text it does not quote',
      'Darüber hinaus fehlen im Viertel sichere Radwege.': 'points back at text it does not quote',
      'Die Stadt hat das Bad allerdings seit Jahren vernachlässigt.': 'points back at text it does not quote',
      'Eine, die Befürworter und Skeptiker gleichermaßen zufriedenstellt.': 'a fragment',
    });
    expect(
      refusals('en', [
        'Additionally, the council has cut the evening bus service.',
        'To reduce the strain being placed on the social housing systems , here in the UK .',
        'Seeking an exemption for traditional farmhouse scrumpy from the minimum price.',
        'Building a strong foundation..',
        // with an auxiliary or a modal, an infinitive or a gerund opens a whole sentence
        "To have staff members' employment terminated is a violation of their choice.",
        'Building a new school in the village will take three years.',
      ]),
    ).toEqual({
      'Additionally, the council has cut the evening bus service.': 'points back at text it does not quote',
      'To reduce the strain being placed on the social housing systems , here in the UK .': 'a fragment',
      'Seeking an exemption for traditional farmhouse scrumpy from the minimum price.': 'a fragment',
      'Building a strong foundation..': 'a fragment',
      "To have staff members' employment terminated is a violation of their choice.": null,
      'Building a new school in the village will take three years.': null,
    });
  });

  it('a possessive or "so" that leans on a sentence before, lines run together or starting in lower case, "a further"', () => {
    expect(
      refusals('de', [
        'Ihr Dasein ist selbstverständlich und genauso selbstverständlich sollte auch ihr Schutz sein.',
        'Nur so wird verhindert, dass die Tiere sich unkontrolliert fortpflanzen.',
        'und dass Mitgefühl, Menschlichkeit und Zusammenhalt sichtbar bleiben.',
        'Nie wieder Gleichgültigkeit. und dass Mitgefühl und Zusammenhalt sichtbar bleiben.',
        // after an abbreviation or a figure a lower-case word is normal
        'Am Zebrastreifen der Dr.-Dassler-Str. kommt es zu gefährlichen Situationen für Kinder.',
        'Das Bad schließt vom 15.06. bis zum 15.08. eines jeden Jahres für die Sanierung.',
      ]),
    ).toEqual({
      'Ihr Dasein ist selbstverständlich und genauso selbstverständlich sollte auch ihr Schutz sein.': 'points back at text it does not quote',
      'Nur so wird verhindert, dass die Tiere sich unkontrolliert fortpflanzen.': 'points back at text it does not quote',
      'und dass Mitgefühl, Menschlichkeit und Zusammenhalt sichtbar bleiben.': 'a fragment',
      'Nie wieder Gleichgültigkeit. und dass Mitgefühl und Zusammenhalt sichtbar bleiben.': 'a fragment',
      'Am Zebrastreifen der Dr.-Dassler-Str. kommt es zu gefährlichen Situationen für Kinder.': null,
      'Das Bad schließt vom 15.06. bis zum 15.08. eines jeden Jahres für die Sanierung.': null,
    });
    expect(whyNotQuotable('The council has had its funding cut by a further £262million.', 'en', 'opening')).toBe('points back at text it does not quote');
  });

  it("a pronominal adverb that leans on a sentence before, and a criminal case (Ziffer 13: an editor's call)", () => {
    expect(
      refusals('de', [
        'Hiermit sind die körperliche, geistige und seelische Gesundheit gemeint.',
        'Der Grund dafür ist, dass die Heimat ein sicherer Ort sei.',
        'Der Wirt wurde im Frühjahr wegen Betrugs verurteilt.',
      ]),
    ).toEqual({
      'Hiermit sind die körperliche, geistige und seelische Gesundheit gemeint.': 'points back at text it does not quote',
      'Der Grund dafür ist, dass die Heimat ein sicherer Ort sei.': 'points back at text it does not quote',
      'Der Wirt wurde im Frühjahr wegen Betrugs verurteilt.': 'a criminal case',
    });
    expect(whyNotQuotable('Tommy Robinson was arrested for committing a breach of the peace.', 'en', 'opening')).toBe('a criminal case');
    expect(whyNotQuotable('The councillor has allegedly taken money from the fund.', 'en', 'continuation')).toBe('a criminal case');
  });

  it("without a deadline ahead nothing dates the description: a word that reads as the reader's day is not quoted; with one it is", () => {
    const today = [
      ['de', 'Immer noch wird ohne belastbare Daten die Befürchtung geäußert, dass Kinder die Pandemie treiben.'],
      ['de', 'Im Allgäu stehen noch immer viele Milchkühe das ganze Jahr angebunden im Stall.'],
      ['en', 'Lancashire County Council is now only able to provide statutory services.'],
      ['en', 'Currently a petition will be rejected if it calls for a sacking.'],
      ['en', 'In the Allgäu, many dairy cows are still kept tethered in their stalls all year round.'],
      ['en', 'The House of Commons no longer respects the will of the majority of voters.'],
      ['de', 'Die Buslinie fährt abends nicht mehr durch die Dörfer im Landkreis.'],
    ] as const;
    expect(today.map(([lang, s]) => whyNotQuotable(s, lang, 'opening', { noDeadline: true }))).toEqual(today.map(() => 'reads as today, and nothing dates it'));
    expect(today.map(([lang, s]) => whyNotQuotable(s, lang, 'opening', { noDeadline: false }))).toEqual(today.map(() => null));
  });

  it('a later sentence of the quotation may lean on the one before it, which is quoted with it', () => {
    expect(whyNotQuotable('Ohne sie kommen viele ältere Menschen nicht mehr zum Arzt.', 'de', 'continuation')).toBeNull();
    expect(whyNotQuotable('Without them, many older people can no longer get to a doctor.', 'en', 'continuation')).toBeNull();
    // never the first person or a sponsor line, wherever it stands
    expect(whyNotQuotable('Ich finde das richtig.', 'de', 'continuation')).toBe('speaks in the first person');
    expect(whyNotQuotable('Sponsored by Example Bank.', 'en', 'continuation')).toBe('a sponsor, advertising or navigation line');
  });

  it('no sentence that counts back from the day it was written ("recently", "vor sieben Monaten"), wherever it stands: no field dates the description', () => {
    const counted = (lang: Language, sentences: string[]) =>
      sentences.map((s) => [whyNotQuotable(s, lang, 'opening'), whyNotQuotable(s, lang, 'continuation')]);
    const refused = ['time relative to a day it does not give', 'time relative to a day it does not give'];
    expect(
      counted('en', [
        'Three activists have been detained and removed from the UK recently because of their political beliefs.',
        'The council closed the shelter two months ago without any notice to the volunteers.',
        'Last week the bridge over the river was closed to pedestrians for good.',
      ]),
    ).toEqual([refused, refused, refused]);
    expect(
      counted('de', [
        'Vor sieben Monaten hat die Stadt Neumünster die Tierauffangstelle in Neumünster geschlossen.',
        'Die Stadt hat kürzlich beschlossen, die Bibliothek im Stadtteil zu schließen.',
        'Letzte Woche wurde die Brücke über den Fluss für Fußgänger gesperrt.',
      ]),
    ).toEqual([refused, refused, refused]);
    // a date is no count back: "vor" a noun that is no stretch of time, a year, "last" without a period
    expect(whyNotQuotable('Die Stadt hat die Tierauffangstelle im Herbst 2016 vor dem Rathaus geschlossen.', 'de', 'opening')).toBeNull();
    expect(whyNotQuotable('The shelter was the last one left in the county when it closed in 2016.', 'en', 'opening')).toBeNull();
  });

  it('a title in capitals is not given a language by its words ("IST" is no German "ist"): the source says which', () => {
    const petition = {
      category: 'Petition' as const,
      sourceLanguage: 'en',
      organisationName: 'UK Parliament petitions',
      organisationIsPublisher: true,
      description: '',
    };
    // the same words in lower case read as German ("ist"); in capitals, as the English source says
    expect(writeSummary(cause({ ...petition, title: 'Make ist July 2016 a public holiday' }), 'en')).toContain('German-language petition “Make ist July');
    expect(writeSummary(cause({ ...petition, title: 'MAKE IST JULY 2016 A PUBLIC HOLIDAY' }), 'en')).toContain(
      'petition “MAKE IST JULY 2016 A PUBLIC HOLIDAY”',
    );
    expect(writeSummary(cause({ ...petition, title: 'MAKE IST JULY 2016 A PUBLIC HOLIDAY' }), 'en')).not.toContain('German-language');
  });

  it('where no sentence qualifies, the summary says only what the data fields say, and the cause is held for an editor', () => {
    const none = cause({
      description: 'Sie wurde gestern entlassen. Ich finde das falsch. Sponsored by ACME. Hier klicken für mehr.',
      titleEn: 'Winter aid',
      descriptionEn: 'The student was expelled. I think this is wrong. Read more about it on our website.',
      statusOpen: true,
    });
    expectWellFormed(none);
    expect(writeSummary(none, 'de')).toBe(
      'Bis zum 5. Dezember 2026 läuft die Spendenaktion „Winterhilfe für Obdachlose in Leipzig“, gestartet vom Verein Wärmestube Leipzig e. V. ' +
        'Zusammengekommen sind 35.000 €; angestrebt werden 40.000 €.',
    );
    expect(writeSummary(none, 'en')).toBe(
      'The fundraiser “Winter aid” from Wärmestube Leipzig e. V. runs until 5 December 2026. Donations so far come to €35,000, against a goal of €40,000.',
    );
    for (const lang of LANGS) expect(summaryPlan(none, lang).map((s) => s.kind)).toEqual(['field', 'field']);
    expect(editorialHold(none)).toBe(HOLD_REASONS.noDescription);
  });
});

describe('default generator: figures of the day are present, older ones past with their month', () => {
  const fundraiser = (figuresAsOf: string | null, writtenOn: string | null) =>
    cause({ deadline: null, daysUntilDeadline: null, statusOpen: true, figuresAsOf, writtenOn });

  it('figures the source dates on the day the text is written: "Es fehlen noch", "still needed", in the summary and in whyNow', () => {
    const today = fundraiser('2026-11-21', '2026-11-21');
    expectWellFormed(today);
    expect(writeSummary(today, 'de')).toMatch(/ Gespendet sind 35\.000 €, es fehlen noch 5\.000 € \(Stand: November 2026\)\.$/u);
    expect(writeSummary(today, 'en')).toContain(' Donations stand at €35,000, with €5,000 still needed (as of November 2026).');
    expect([writeAction(today, 'de').whyNow, writeAction(today, 'en').whyNow]).toEqual([
      'Die Lücke zum Spendenziel beträgt noch 5.000 €.',
      'The fundraising goal is still €5,000 away.',
    ]);
    // figures dated after the day (a source's clock ahead) are as current
    expect(writeSummary(fundraiser('2026-11-22', '2026-11-21'), 'de')).toContain('Gespendet sind 35.000 €, es fehlen noch 5.000 €');
    // a petition: its figures of the day, and what is missing now
    const petition = cause({ ...RADWEG, deadline: null, daysUntilDeadline: null, statusOpen: true, figuresAsOf: '2026-11-21', writtenOn: '2026-11-21' });
    expect([writeAction(petition, 'de').whyNow, writeAction(petition, 'en').whyNow]).toEqual([
      'Zum Ziel fehlen der Petition noch 590 Unterschriften.',
      'The petition is still 590 signatures away from its goal.',
    ]);
  });

  it('older figures, or any when the day of writing is not known: in the past, with their month', () => {
    for (const older of [fundraiser('2026-05-14', '2026-11-21'), fundraiser('2026-05-14', null)]) {
      expect(writeSummary(older, 'de')).toMatch(/ Gespendet waren 35\.000 €, es fehlten noch 5\.000 € \(Stand: Mai 2026\)\.$/u);
      expect(writeSummary(older, 'en')).toContain(' Donations stood at €35,000, with €5,000 still needed (as of May 2026).');
      expect([writeAction(older, 'de').whyNow, writeAction(older, 'en').whyNow]).toEqual([
        'Im Mai 2026 fehlten noch 5.000 € bis zum Ziel.',
        'In May 2026, the fundraiser was still €5,000 short of its goal.',
      ]);
    }
  });

  it('one euro missing today is singular', () => {
    const one = cause({
      ...fundraiser('2026-11-21', '2026-11-21'),
      fundingCurrent: 39999,
      fundingProgressPct: 99.9,
    });
    expect(writeSummary(one, 'de')).toContain('Gespendet sind 39.999 €, es fehlt noch 1 € (Stand: November 2026).');
  });
});

describe("default generator: a summary in the other language than the cause's text says so", () => {
  it('German summary of an English-only cause: the data fields, then "Die Petition ist auf Englisch verfasst."; no English sentence, no translation', () => {
    const english = cause({
      ...RADWEG,
      title: 'Save the Wadden Sea',
      titleEn: null,
      description: 'The Wadden Sea is a UNESCO World Heritage site. Plans for new gas drilling threaten it.',
      descriptionEn: null,
      sourceLanguage: 'en',
      organisationName: 'Wadden Sea Alliance',
    });
    expectWellFormed(english);
    expect(writeSummary(english, 'de')).toBe(
      'Hinter der Petition „Save the Wadden Sea“ steht Wadden Sea Alliance; sie endet am 26. November 2026. Unterschrieben haben bisher 7.410 Menschen; ' +
        'das Ziel liegt bei 8.000 Unterschriften. Die Petition ist auf Englisch verfasst.',
    );
    expect(summaryPlan(english, 'de').map((s) => s.kind)).toEqual(['field', 'field', 'field']);
    // the English summary quotes its own language
    expect(writeSummary(english, 'en')).toContain('The petition’s description says: “The Wadden Sea is a UNESCO World Heritage site.”');
  });

  it('English summary of a German-only cause: "The letter campaign is described in German", joined with what is not known about its status', () => {
    const german = cause({
      category: 'Brief',
      titleEn: null,
      descriptionEn: null,
      deadline: null,
      daysUntilDeadline: null,
      fundingGoal: null,
      fundingCurrent: null,
      fundingProgressPct: null,
    });
    expectWellFormed(german);
    expect(writeSummary(german, 'en')).toBe(
      'The letter campaign “Winterhilfe für Obdachlose in Leipzig” was started by Wärmestube Leipzig e. V. The letter campaign is described in German; ' +
        'whether letters can still be sent is not known.',
    );
    expect(writeSummary({ ...german, category: 'Petition' }, 'en')).toMatch(
      / The petition is written in German; whether it can still be signed is not known\.$/,
    );
    expect(writeSummary({ ...german, statusOpen: true, category: 'Spenden' }, 'en')).toMatch(/ The fundraiser is described in German\.$/);
    // German: the note and the status in one sentence
    const englishUnknown = { ...german, sourceLanguage: 'en', description: 'The Wadden Sea is a UNESCO World Heritage site.' };
    expect(writeSummary(englishUnknown, 'de')).toMatch(
      / Die Briefaktion ist auf Englisch beschrieben; ob man sich an ihr noch beteiligen kann, ist nicht bekannt\.$/,
    );
    // another language is named where the message file knows it, else said to be another
    expect(writeSummary({ ...german, sourceLanguage: 'fr', statusOpen: true }, 'de')).toMatch(/ Die Briefaktion ist auf Französisch beschrieben\.$/);
    expect(writeSummary({ ...german, sourceLanguage: 'fr', statusOpen: true }, 'en')).toMatch(/ The letter campaign is described in French\.$/);
    expect(writeSummary({ ...german, sourceLanguage: 'sv', statusOpen: true }, 'de')).toMatch(/ Die Briefaktion ist in einer anderen Sprache beschrieben\.$/);
  });

  it("without any description there is no text to speak of: the title is introduced as the other language's", () => {
    const bare = cause({ description: '', titleEn: null });
    expect(writeSummary(bare, 'en')).toBe(
      'The German-language fundraiser “Winterhilfe für Obdachlose in Leipzig” from Wärmestube Leipzig e. V. runs until 5 December 2026. Donations so far ' +
        'come to €35,000, against a goal of €40,000.',
    );
  });
});

const WADDEN_FOR_PLAN = cause({
  title: 'Save the Wadden Sea',
  description: 'The Wadden Sea is a UNESCO World Heritage site. Plans for new gas drilling threaten it.',
  sourceLanguage: 'en',
  category: 'Petition',
  organisationName: 'Wadden Sea Alliance',
});

describe('default generator: the summary is a plan of statements', () => {
  it("each statement says where it comes from: data fields, or the source's words; no sentence of ours holds the source's", () => {
    expect(summaryPlan(RADWEG, 'de').map((s) => (s.kind === 'field' ? s.fields : s.who))).toEqual([
      ['category', 'title', 'titleEn', 'organisationName', 'organisationIsPublisher', 'pageHost', 'deadline'],
      'organisers',
      ['fundingGoal', 'fundingCurrent', 'fundingProgressPct', 'figuresAsOf'],
    ]);
    for (const facts of [RADWEG, cause({}), WADDEN_FOR_PLAN]) {
      for (const lang of LANGS) {
        const sourceSentences = [facts.description, facts.descriptionEn ?? '']
          .flatMap((text) => text.split(/(?<=[.!?])\s+/u))
          .filter((s) => s.split(' ').length > 3);
        for (const statement of summaryPlan(facts, lang)) {
          if (statement.kind === 'quote') expect([facts.description, facts.descriptionEn].some((text) => text?.includes(statement.text))).toBe(true);
          else for (const sentence of sourceSentences) expect(statement.text, lang).not.toContain(sentence);
        }
      }
    }
  });
});

describe('default generator: properties', () => {
  const cases = grid();

  it('keeps the summary at 1–3 sentences and at most 400 characters, and the headline at most 90', () => {
    for (const facts of cases)
      for (const lang of LANGS) {
        const summary = writeSummary(facts, lang);
        expect(summary.length, summary).toBeGreaterThan(0);
        expect(summary.length, summary).toBeLessThanOrEqual(400);
        expect(sentences(summary).length, summary).toBeLessThanOrEqual(3);
        const action = writeAction(facts, lang);
        expect(action.headline.length, action.headline).toBeLessThanOrEqual(90);
        for (const text of [action.whyNow, action.whyYou, action.impactStatement]) {
          expect(text.length, text).toBeGreaterThan(0);
          expect(sentences(text).length, text).toBeLessThanOrEqual(2);
        }
      }
  });

  it('never mentions relative days in a summary', () => {
    const relative = /\b(heute|morgen|übermorgen|Tage?n?|today|tomorrow|days?)\b/i;
    for (const facts of cases) for (const lang of LANGS) expect(writeSummary(facts, lang)).not.toMatch(relative);
  });

  it('action texts hold for the whole content day (02:00 to 02:00): the deadline is named by weekday and date, never "morgen"', () => {
    const relative = /\b(heute|morgen|übermorgen|\d+ Tage?n?|today|tomorrow|\d+ days?)\b/i;
    for (const facts of cases)
      for (const lang of LANGS) {
        const action = writeAction(facts, lang);
        for (const text of [action.headline, action.whyNow, action.whyYou, action.impactStatement]) expect(text, text).not.toMatch(relative);
      }
  });

  it('the deadline tomorrow (written at 02:00) is still right at 00:30 the next calendar day, when it is today: named by weekday and date', async () => {
    const facts = cause({ deadline: '2026-11-23', daysUntilDeadline: 1 });
    expectWellFormed(facts);
    const de = writeAction(facts, 'de');
    const en = writeAction(facts, 'en');
    expect(de.headline).toContain('Montag, 23. November');
    expect(en.headline).toContain('Monday, 23 November');
    for (const action of [de, en]) {
      for (const text of [action.headline, action.whyNow, action.whyYou, action.impactStatement])
        expect(text).not.toMatch(/\b(heute|morgen|today|tomorrow|Tage?n?|days?)\b/i);
    }
    expect(en.whyNow).toContain('€5,000');
    await expect(caseFile('Donation campaign whose deadline is the day after the texts are written', facts)).toMatchFileSnapshot(snapshot('deadline-tomorrow'));
  });

  it('writes well-formed text: no placeholders, no double spaces or periods, correct singular and plural', () => {
    const broken =
      /undefined|NaN|null|\s{2}|\s[.,]|\.\.|(?<![\d.,])1 (Tage|days|Unterschriften|signatures|Briefe|letters|donations|Menschen|people)\b|^\p{Ll}|fehlen (nur )?noch (ein|eine|einer)\b|another 1 |(?<![\d.,])1 \p{L}+ are\b/u;
    for (const facts of cases)
      for (const lang of LANGS) {
        const action = writeAction(facts, lang);
        for (const text of [writeSummary(facts, lang), action.headline, action.whyNow, action.whyYou, action.impactStatement]) expect(text).not.toMatch(broken);
      }
  });

  it('an open campaign without a deadline is never "noch offen" / "still open", as if its end were near', () => {
    const written = new Set<string>();
    for (let i = 0; i < 60; i++) {
      for (const category of ['Spenden', 'Petition', 'Brief'] as const) {
        const facts = cause({
          title: `Aktion Nummer ${i}`,
          category,
          deadline: null,
          statusOpen: true,
          fundingGoal: null,
          fundingCurrent: null,
          fundingProgressPct: null,
        });
        for (const lang of ['de', 'en'] as const) written.add(texts(facts, lang).whyNow);
      }
    }
    expect([...written].filter((text) => /\bnoch\b[^.]*\boffen\b|\bNoch ist\b|\bstill open\b/i.test(text))).toEqual([]);
    expect(written).toContain('Die Petition ist offen: Sie können sie jetzt unterschreiben.');
    expect(written).toContain('The petition is open: you can sign it now.');
  });

  it('agrees with exactly one euro, one signature and one person in every variant ("1 € ist", "fehlt noch 1 €", "eine Person")', () => {
    const wrong =
      /\b(sind|wurden) 1 €|fehlen (noch )?1 €|Es fehlen 1 €|(?<![\d.,])1 (Menschen|Unterschriften|Briefe)\b|\b1 € (sind|wurden)\b|\bhat (bisher )?ein Mensch\b/;
    const seen = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const title = `Aktion Nummer ${i}`;
      for (const facts of [
        cause({ title, fundingGoal: 100, fundingCurrent: 1, fundingProgressPct: 1 }),
        cause({ title, fundingGoal: 100, fundingCurrent: 99, fundingProgressPct: 99 }),
        cause({ title, category: 'Petition', fundingGoal: 100, fundingCurrent: 1, fundingProgressPct: 1 }),
        cause({ title, category: 'Brief', fundingGoal: 100, fundingCurrent: 1, fundingProgressPct: 1 }),
      ]) {
        const { summary, whyNow } = texts(facts, 'de');
        expect(`${summary} ${whyNow}`).not.toMatch(wrong);
        for (const sentence of `${summary} ${whyNow}`.match(/[^.]*\b1 €[^.]*\.|[^.]*eine Person[^.]*\./g) ?? []) seen.add(sentence.trim());
      }
    }
    // the singulars were written, not avoided
    expect(
      [...seen].some((t) => /\bist 1 € zusammengekommen|\bist bislang 1 €|Zusammengekommen ist 1 €|Von den angestrebten [^ ]* € ist 1 € gespendet/.test(t)),
    ).toBe(true);
    expect([...seen].some((t) => /fehlt noch 1 €/.test(t))).toBe(true);
    // one signatory is "eine Person" (an editor's word for a count; "wrong" refuses "hat ein Mensch")
    expect([...seen].some((t) => /Unterschrieben hat bisher eine Person|hat eine Person unterschrieben/.test(t))).toBe(true);
  });

  it('with both counts known, a progress sentence gives the counts, never a rounded percentage beside the exact gap; one signature agrees', () => {
    const written = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const title = `Aktion Nummer ${i}`;
      for (const facts of [
        cause({ title, fundingGoal: 250_000, fundingCurrent: 187_350, fundingProgressPct: 74.94 }),
        cause({ title, category: 'Petition', fundingGoal: 250_000, fundingCurrent: 187_350, fundingProgressPct: 74.94 }),
        cause({ title, category: 'Petition', fundingGoal: 100, fundingCurrent: 1, fundingProgressPct: 1 }),
        cause({ title, category: 'Brief', fundingGoal: 100, fundingCurrent: 1, fundingProgressPct: 1 }),
      ]) {
        for (const lang of LANGS) {
          const summary = writeSummary(facts, lang);
          expect(summary).not.toMatch(/\d ?%/);
          // the sentence of the one variant that once gave a percentage (a full stop before a digit is a thousands separator)
          for (const sentence of summary.match(
            /(?:Erreicht (?:ist|sind)|The \S+ has raised \S+ of its|The \S+(?: campaign)? has gathered \S+ of the)(?:[^.]|\.(?=\d))*\./g,
          ) ?? [])
            written.add(sentence);
        }
      }
    }
    expect([...written].sort()).toEqual([
      'Erreicht ist eine der angestrebten 100 Unterschriften.',
      'Erreicht ist einer der angestrebten 100 Briefe.',
      'Erreicht sind 187.350 der angestrebten 250.000 Unterschriften.',
      'Erreicht sind 187.350 € der angestrebten 250.000 €.',
      'The fundraiser has raised €187,350 of its €250,000 goal.',
      'The letter campaign has gathered one of the 100 letters it is aiming for.',
      'The petition has gathered 187,350 of the 250,000 signatures it is aiming for.',
      'The petition has gathered one of the 100 signatures it is aiming for.',
    ]);
  });

  it('a count of none without a goal is not said: "0 Menschen" reads as a missing figure', () => {
    const facts = cause({ category: 'Petition', fundingGoal: null, fundingCurrent: 0, fundingProgressPct: null });
    expect(writeSummary(facts, 'de')).not.toMatch(/(?<![\d.])0 Menschen|unterschrieben/);
    expect(writeSummary(facts, 'en')).not.toMatch(/(?<![\d,])0 people|signed/);
    // one signature is said
    expect(writeSummary({ ...facts, fundingCurrent: 1 }, 'en')).toContain('So far, one person has signed.');
  });

  it('uses the right action type', () => {
    const types = { Spenden: 'donate', Petition: 'sign', Brief: 'write' };
    for (const facts of cases) for (const lang of LANGS) expect(writeAction(facts, lang).type).toBe(types[facts.category]);
  });

  it('does not present a passed deadline as still ahead', () => {
    for (const facts of cases.filter((f) => f.daysUntilDeadline !== null && f.daysUntilDeadline < 0)) {
      const de = writeAction(facts, 'de');
      const en = writeAction(facts, 'en');
      expect(`${de.headline} ${de.whyNow} ${writeSummary(facts, 'de')}`).not.toMatch(/bis zum \d|\bendet\b|\bFrist/);
      expect(`${en.headline} ${en.whyNow} ${writeSummary(facts, 'en')}`).not.toMatch(/until|closes|deadline/);
    }
  });

  it('addresses the reader with "Sie" in German, never "du"', () => {
    for (const facts of cases) {
      const action = writeAction(facts, 'de');
      for (const text of [writeSummary(facts, 'de'), action.headline, action.whyNow, action.whyYou, action.impactStatement])
        expect(text).not.toMatch(/\b(du|dich|dir|dein\w*)\b/i);
    }
  });

  it('is deterministic, also across machine time zones', () => {
    const original = process.env.TZ;
    const run = () => cases.map((facts) => LANGS.map((lang) => [writeSummary(facts, lang), writeAction(facts, lang)]));
    try {
      process.env.TZ = 'Pacific/Kiritimati';
      const first = run();
      process.env.TZ = 'America/Los_Angeles';
      const second = run();
      expect(second).toEqual(first);
      expect(run()).toEqual(first);
    } finally {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    }
  });

  it('formats numbers per language and rounds shown percentages, never up to a goal not reached', async () => {
    const facts = cause({ fundingGoal: 1234567.5, fundingCurrent: 1080246.56, fundingProgressPct: 87.5, deadline: null, daysUntilDeadline: null });
    expectWellFormed(facts);
    // what is missing: 1,234,567.50 − 1,080,246.56 = 154,320.94
    expect(writeAction(facts, 'de').whyNow).toContain(' 154.320,94 €');
    expect(writeAction(facts, 'en').whyNow).toContain(' €154,320.94 ');
    expect(writeSummary(facts, 'de')).toContain('1.080.246,56 €');
    expect(writeSummary(facts, 'en')).toContain('€1,080,246.56');
    await expect(caseFile('Donation campaign with amounts in the millions and cents, no deadline', facts)).toMatchFileSnapshot(snapshot('large-amounts'));
    const pctOnly = (pct: number) => cause({ fundingGoal: null, fundingCurrent: null, fundingProgressPct: pct });
    expect(writeSummary(pctOnly(87.9), 'de')).toMatch(/ 88 % ihres Ziels/);
    expect(writeSummary(pctOnly(87.9), 'en')).toMatch(/ 88% of its target/);
    expect(writeSummary(pctOnly(41.75), 'de')).toMatch(/ 42 % ihres Ziels/);
    expect(writeSummary(pctOnly(64.4), 'de')).toMatch(/ 64 % ihres Ziels/);
    // a goal not reached is never shown as reached
    expect(writeSummary(pctOnly(99.6), 'de')).toMatch(/ 99 % ihres Ziels/);
  });

  it('never cuts a title: a long one is left out of the headline, a short one stands in front as its label', () => {
    const title = 'Sofortprogramm für bezahlbaren Wohnraum, gerechte Mieten und den Erhalt gewachsener Nachbarschaften in ganz Berlin';
    for (const lang of LANGS) {
      const { headline } = writeAction(cause({ title, category: 'Petition', deadline: null, daysUntilDeadline: null, fundingProgressPct: 40 }), lang);
      expect(headline).not.toContain('Sofortprogramm');
      expect(headline).not.toContain('…');
    }
    // one pattern in both languages: the label only where both languages can show their title
    const short = { title: 'Kältebus Hamburg', deadline: null, daysUntilDeadline: null, fundingProgressPct: null, fundingGoal: null, fundingCurrent: null };
    expect(writeAction(cause({ ...short, titleEn: 'Cold bus Hamburg' }), 'de').headline).toMatch(/^„Kältebus Hamburg“: jetzt spenden/);
    expect(writeAction(cause({ ...short, titleEn: 'Cold bus Hamburg' }), 'en').headline).toMatch(/^“Cold bus Hamburg”: donate now/);
    expect(writeAction(cause(short), 'de').headline).not.toContain('Kältebus');
  });

  it('drops heading lines instead of merging them into the next sentence, and never cuts a sentence', () => {
    const facts = cause({
      description:
        'Worum es geht\nDie Kinder sollen schwimmen lernen. Dafür fehlt ein Bus.\nUnser Ziel\nJedes Kind kann am Ende der vierten Klasse sicher schwimmen',
    });
    expect(writeSummary(facts, 'de')).toContain(': „Die Kinder sollen schwimmen lernen.');
    const long = cause({ description: `${'Sehr lange Beschreibung ohne Punkt '.repeat(20)}und dann das Ende.` });
    expect(writeSummary(long, 'de')).toMatch(/^Bis zum 5\. Dezember 2026 läuft die Spendenaktion „Winterhilfe für Obdachlose in Leipzig“/);
  });

  it('does not split the description at abbreviations or ordinal numbers', () => {
    const facts = cause({
      description: 'Der Verein, d. h. rund 40 Ehrenamtliche u. a. aus Leipzig, verteilt ab dem 1. Dezember ca. 2.000 Schlafsäcke. Zweiter Satz. Dritter Satz.',
    });
    expect(writeSummary(facts, 'de')).toContain(
      ': „Der Verein, d. h. rund 40 Ehrenamtliche u. a. aus Leipzig, verteilt ab dem 1. Dezember ca. 2.000 Schlafsäcke.“ ',
    );
  });
});
