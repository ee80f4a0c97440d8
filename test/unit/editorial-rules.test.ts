// The golden set: every text the built-in generator writes for the demo catalogue, for real causes
// (betterplace and Bundestag e-petition data from ../shared/real-data) and for names that trip German
// grammar, checked by the rules an editor reads by. Spelling is checked with Hunspell dictionaries
// (nspell; names, titles, quotations and the source's own sentences are excluded).
import fs from 'node:fs';
import path from 'node:path';
import nspell from 'nspell';
import dictionaryDe from 'dictionary-de';
import dictionaryEnGb from 'dictionary-en-gb';
import { beforeAll, describe, expect, it } from 'vitest';
import { daysBetween } from '../../src/time/berlin-calendar.js';
import { fundingProgressPct } from '../../src/modules/causes/urgency.js';
import { mapBetterplaceProject } from '../../src/modules/sources/betterplace.js';
import { demoFeedItems } from '../../src/modules/sources/demo-feed.js';
import { checkFeedItem, type FeedItem } from '../../src/modules/sources/feed-item.js';
import { rssFeedItems } from '../../src/modules/sources/rss.js';
import { actionSkeleton, summaryPlan, summarySkeleton, writeAction, writeSummary } from '../../src/modules/texts/default-generator.js';
import { organisationHead } from '../../src/modules/texts/german-organisation.js';
import type { CauseFacts, Language } from '../../src/modules/texts/text-generator.js';
import { factCheck, foreignFunctionWords, withoutNames } from '../../src/modules/texts/fact-check.js';
import { TODAY } from '../helpers/catalogue.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
// the committed copies of ../shared/real-data (test/fixtures/real-data, with their provenance)
const REAL_DATA = path.join(ROOT, 'test', 'fixtures', 'real-data');
const LANGS: Language[] = ['de', 'en'];

interface Golden {
  label: string;
  facts: CauseFacts;
}

function factsOf(item: FeedItem, extra: Partial<CauseFacts> = {}): CauseFacts {
  const deadline = item.deadline ?? null;
  return {
    title: item.title,
    description: item.description,
    category: item.category,
    organisationName: item.organisationName,
    deadline,
    daysUntilDeadline: deadline ? daysBetween(TODAY, deadline) : null,
    fundingProgressPct: fundingProgressPct({
      fundingGoal: item.fundingGoal ?? null,
      fundingCurrent: item.fundingCurrent ?? null,
      progressPct: item.progressPct ?? null,
    }),
    fundingGoal: item.fundingGoal ?? null,
    fundingCurrent: item.fundingCurrent ?? null,
    actionsToTippingPoint: item.actionsToTippingPoint ?? null,
    titleEn: item.titleEn ?? null,
    descriptionEn: item.descriptionEn ?? null,
    statusOpen: item.statusOpen ?? false,
    ...extra,
  };
}

const valid = (raw: unknown): FeedItem => {
  const checked = checkFeedItem(raw);
  if (!checked.ok) throw new Error(checked.reason);
  return checked.item;
};

/** The language of a real source text, as issue 9 will store it; here read from its function words. */
const languageOf = (text: string): 'de' | 'en' => {
  const facts = { organisationName: '', title: '' } as CauseFacts;
  return foreignFunctionWords(text, 'de', facts).length > foreignFunctionWords(text, 'en', facts).length ? 'en' : 'de';
};

function demoCatalogue(): Golden[] {
  return ['spenden', 'petitionen', 'briefe'].flatMap((file) =>
    demoFeedItems(JSON.parse(fs.readFileSync(path.join(ROOT, 'config', 'demo', `${file}.json`), 'utf8')), TODAY).map(({ item }) => ({
      label: `demo ${(item as { externalId: string }).externalId}`,
      facts: factsOf(valid(item)),
    })),
  );
}

function realData(): Golden[] {
  const golden: Golden[] = [];
  const seen = new Set<string>();
  for (const file of fs.readdirSync(path.join(REAL_DATA, 'betterplace')).sort()) {
    const document = JSON.parse(fs.readFileSync(path.join(REAL_DATA, 'betterplace', file), 'utf8'));
    for (const project of document.data ?? []) {
      const mapped = mapBetterplaceProject(project);
      // a project that is over is stored inactive: no text is written for it
      if (!('item' in mapped) || mapped.item.closedReason) continue;
      const checked = checkFeedItem(mapped.item);
      if (!checked.ok || seen.has(checked.item.externalId)) continue;
      seen.add(checked.item.externalId);
      golden.push({ label: `betterplace ${checked.item.externalId}`, facts: factsOf(checked.item, { sourceLanguage: languageOf(checked.item.description) }) });
    }
  }
  const rss = fs.readFileSync(path.join(REAL_DATA, 'rss', 'rss5_bundestag-epetition-146290_closed.rss.xml'), 'utf8');
  for (const raw of rssFeedItems(rss, { category: 'Petition', organisationName: 'Deutscher Bundestag', organisationUrl: 'https://epetitionen.bundestag.de' })) {
    // the Bundestag only publishes the petition; a person filed it
    golden.push({ label: 'bundestag e-petition', facts: factsOf(valid(raw), { organisationIsPublisher: true }) });
  }
  return golden;
}

/** Names that trip German grammar: plurals, legal forms, no legal form, an adjective in front; and English sources. */
function oddNames(): Golden[] {
  const base = {
    description: 'Im Landkreis fehlen Angebote für Kinder. Mit Ihrer Hilfe soll sich das ändern.',
    organisationUrl: 'https://example.org',
    url: 'https://example.org/aktion',
  };
  const items: [string, Partial<CauseFacts>, Record<string, unknown>][] = [
    [
      'plural e.V.',
      {},
      {
        title: 'Das Freibad muss bleiben',
        organisationName: 'Freibadfreunde Chiemgau e.V.',
        category: 'Brief',
        fundingGoal: 1500,
        fundingCurrent: 980,
        deadline: '2026-11-25',
      },
    ],
    [
      'plural without legal form',
      {},
      {
        title: 'Lesen macht stark',
        organisationName: 'Lesepaten Hamburg',
        category: 'Spenden',
        fundingGoal: 8000,
        fundingCurrent: 1,
        actionsToTippingPoint: 38,
      },
    ],
    ['gGmbH', {}, { title: 'Werkstatt für alle', organisationName: 'Lernwerk Sachsen gGmbH', category: 'Spenden', progressPct: 120 }],
    [
      'Stiftung',
      {},
      { title: 'Vorlesen in Kitas', organisationName: 'Stiftung Lesen', category: 'Petition', fundingGoal: 1000, fundingCurrent: 999, deadline: '2026-11-22' },
    ],
    [
      'adjective in front',
      {},
      {
        title: 'Sportrollstühle für alle',
        organisationName: 'Inklusiver Sportverein Bremen-Nord e.V.',
        category: 'Spenden',
        fundingGoal: 14800,
        fundingCurrent: 4440,
      },
    ],
    [
      'no legal form, single word',
      {},
      { title: 'Mehr Bänke im Park', organisationName: 'Parkliebe', category: 'Brief', progressPct: 41.5, deadline: '2027-02-01' },
    ],
    [
      'English source',
      { sourceLanguage: 'en' },
      {
        title: 'Save the Wadden Sea',
        description: 'The Wadden Sea is a UNESCO World Heritage site. New gas drilling threatens it.',
        organisationName: 'Wadden Sea Alliance',
        category: 'Petition',
        fundingGoal: 10000,
        fundingCurrent: 2500,
        deadline: '2026-12-15',
        actionsToTippingPoint: 900,
      },
    ],
    [
      'English from the feed',
      {},
      {
        title: 'Tempo 30 vor allen Schulen in Köln',
        titleEn: '30 km/h outside every school in Cologne',
        descriptionEn: 'Children keep getting hurt in traffic outside schools in Cologne.',
        organisationName: 'Eltern für sichere Schulwege',
        category: 'Petition',
        fundingGoal: 20000,
        fundingCurrent: 12400,
        deadline: '2026-12-15',
      },
    ],
    // an institution, a person and a newsroom: no head noun is certain ("die Organisation Deutscher Bundestag" is false)
    [
      'institution',
      {},
      {
        title: 'Mehr Geld für Schwimmbäder',
        organisationName: 'Deutscher Bundestag',
        category: 'Petition',
        fundingGoal: 50000,
        fundingCurrent: 43120,
        deadline: '2026-12-15',
        actionsToTippingPoint: 1880,
      },
    ],
    ['person', {}, { title: 'Ampel an der Grundschule', organisationName: 'Maria Schmidt', category: 'Petition', progressPct: 64 }],
    [
      'newsroom',
      { organisationIsPublisher: true },
      {
        title: 'Lady Gaga: "Bin wie Andy Warhol"',
        organisationName: 'heise online',
        category: 'Petition',
        description: 'Das finden Sie in unserem Newsquiz heraus. Was hat die Sängerin gesagt?',
      },
    ],
    [
      'Bürgerinitiative',
      {},
      {
        title: 'Brief an den Kreistag: Busse erhalten',
        organisationName: 'Bürgerinitiative Bus statt Auto',
        category: 'Brief',
        actionsToTippingPoint: 120,
        deadline: '2026-12-01',
        description: 'Dass es dafür kein einfaches Rezept gibt, wissen alle. Wir wollen, dass ihr mitmacht und eure Nachbarn fragt.',
      },
    ],
    [
      'informal then statement',
      {},
      {
        title: 'Offener Brief: Mehr Bänke im Park',
        organisationName: 'Parkfreunde Nord e.V.',
        category: 'Brief',
        description: 'Hast du schon unterschrieben? Wir brauchen dich! Im Stadtpark stehen nur drei Bänke für tausende Besucher. Das erklären wir hier.',
      },
    ],
  ];
  return items.map(([label, extra, item]) => ({ label, facts: factsOf(valid({ externalId: label, ...base, ...item }), extra) }));
}

const GOLDEN: Golden[] = [...demoCatalogue(), ...oddNames(), ...realData()];

interface Written {
  label: string;
  facts: CauseFacts;
  lang: Language;
  summary: string;
  action: ReturnType<typeof writeAction>;
  all: string[];
}
const WRITTEN: Written[] = GOLDEN.flatMap(({ label, facts }) =>
  LANGS.map((lang) => {
    const summary = writeSummary(facts, lang);
    const action = writeAction(facts, lang);
    return { label, facts, lang, summary, action, all: [summary, action.headline, action.whyNow, action.whyYou, action.impactStatement] };
  }),
);

/** A quotation of the source in a summary, in either language's marks (a title's too). */
const QUOTATION = /„[^“]*“|“[^”]*”/gu;

/**
 * The sentences of a text the generator wrote: without the source's sentences it quotes (and any that
 * would stand unquoted, which the test of attribution below refuses). A quotation ends the generator's
 * sentence that introduces it ("… schreiben die Initiatoren: „…“").
 */
function ours(text: string, facts: CauseFacts): string {
  const source = [facts.description, facts.descriptionEn ?? ''].join(' ');
  return text
    .split(/(?<=[.!?][“”]?)\s+(?=[\p{Lu}„“])/u)
    .filter((sentence) => !source.includes(sentence))
    .join(' ');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** What may stand right before an organisation's name in German: an article or a head noun. */
// an article, a head noun, or "ist" (the name in the nominative, as in "Verantwortlich für die Petition ist Maria Schmidt");
// a name without a certain head noun also after "steht" ("Hinter der Petition steht Maria Schmidt"): nominative, no article
/** The sentence that names an organisation without a certain head noun: the name in the nominative, after "steht" or "ist". */
const labelSentence = (name: string) =>
  new RegExp(
    `(?:[Hh]inter der (?:Spendenaktion|Petition|Briefaktion)(?: „[^“]+“)? steht|dahinter steht|[Vv]erantwortlich(?: für die (?:Spendenaktion|Petition|Briefaktion)(?: „[^“]+“)?)? ist) ${escape(name)}(?=[.;\\s]|$)`,
    'm',
  );
const BEFORE_NAME = new Set([
  'der',
  'die',
  'das',
  'dem',
  'den',
  'Der',
  'Die',
  'Das',
  'vom',
  'beim',
  'des',
  'Verein',
  'Vereins',
  'Organisation',
  'Gesellschaft',
  'Genossenschaft',
  'Website',
  'ist',
]);

describe('golden set: the texts an editor would publish as they are', () => {
  it('covers the whole demo catalogue, odd names and real data', () => {
    expect(GOLDEN.filter((g) => g.label.startsWith('demo ')).length).toBe(52);
    expect(GOLDEN.filter((g) => g.label.startsWith('betterplace ')).length).toBe(7);
  });

  it('every number and date equals the data, and a summary names the organisation exactly as given', () => {
    const wrong = WRITTEN.flatMap((w) => {
      const problems = [factCheck([w.summary], w.facts, w.lang, { requireOrganisation: true }), factCheck(w.all.slice(1), w.facts, w.lang, { action: true })];
      return problems.filter(Boolean).map((p) => `${w.label} (${w.lang}): ${p}`);
    });
    expect(wrong).toEqual([]);
  });

  it('German: a name never follows "von", "für" or "steht" (or starts a sentence) without an article or head noun, and is never a form label ("Träger: …")', () => {
    const wrong = WRITTEN.filter((w) => w.lang === 'de').flatMap((w) =>
      w.all.flatMap((text) =>
        // a title is quoted as it is („Tiere auf Lebenshof Gut Weidensee …“): a name inside it is the title's
        [
          ...ours(text, w.facts)
            .replace(/„[^“]*“/gu, '„…“')
            .matchAll(new RegExp(`(\\S+)\\s+${escape(w.facts.organisationName)}`, 'g')),
        ]
          .filter((m) => !BEFORE_NAME.has(m[1]) && !(m[1] === 'steht' && organisationHead(w.facts.organisationName) === null))
          .map((m) => `${w.label}: "${m[0]}"`),
      ),
    );
    expect(wrong).toEqual([]);
    // the examples, written now as they must be
    const de = (label: string) => WRITTEN.find((w) => w.label === label && w.lang === 'de')!.all.join(' ');
    expect(de('plural e.V.')).toMatch(/(der|dem|den|vom|des) (Verein|Vereins) Freibadfreunde Chiemgau e\.V\./);
    expect(de('plural without legal form')).toMatch(labelSentence('Lesepaten Hamburg'));
    expect(de('adjective in front')).toMatch(/(?:der|dem|den|vom) Inklusiven? Sportverein Bremen-Nord e\.V\./);
    expect(de('adjective in front')).not.toMatch(/steht Inklusiver/);
    expect(de('plural without legal form')).not.toMatch(/als (?:Träger|Initiator)|(?:angegeben|genannt)\./);
  });

  it('German: the fallback "die Organisation X" is gone, a head noun is never doubled, and "die Petition von der …" is a genitive', () => {
    for (const w of WRITTEN.filter((w) => w.lang === 'de')) {
      const name = escape(w.facts.organisationName);
      for (const text of w.all) {
        // a person, an institution, a newsroom is no "Organisation"
        expect(text, w.label).not.toMatch(new RegExp(`Organisation ${name}`));
        // "der Verein Inklusiver Sportverein …": the head noun put before a name that already holds it
        for (const m of text.matchAll(new RegExp(`(Verein|Vereins|Stiftung|Initiative|Gesellschaft|Genossenschaft) ${name}`, 'g'))) {
          expect(w.facts.organisationName.toLowerCase(), `${w.label}: ${m[0]}`).not.toContain(m[1].replace(/s$/, '').toLowerCase());
        }
        // "Die Petition von der Bürgerinitiative … ist geöffnet" (a passive "getragen von der …" is right)
        for (const sentence of text.split(/(?<=[.!?])\s+/u))
          expect(sentence, w.label).not.toMatch(/^(Die|Für die) (Petition|Spendenaktion|Briefaktion) von der /);
      }
    }
    const de = (label: string) => WRITTEN.find((w) => w.label === label && w.lang === 'de')!.all.join(' ');
    expect(de('institution')).toMatch(labelSentence('Deutscher Bundestag'));
    expect(de('person')).toMatch(labelSentence('Maria Schmidt'));
    expect(de('newsroom')).toMatch(/auf der Website heise online/);
  });

  it('quotes no source sentence that speaks informally or as "we", and opens no excerpt with a sentence that points back', () => {
    const informal =
      /(?<!\p{L})(du|dich|dir|dein\p{L}*|euch|euer|eure\p{L}*|wir|uns|unser\p{L}*)(?!\p{L})|(?<!\p{L})ihr\s+(seid|\p{Ll}+t)(?!\p{L})|(?:^|[.!?]\s+)(Du|Dein\p{L}*|Wir|Uns|Unser\p{L}*|Euch|Eure\p{L}*)(?!\p{L})/u;
    const dangling = {
      de: /^(Das\s+\p{Ll}+(?<!e)\s|Dass\b|Dies\p{L}*\b|Deshalb\b|Daher\b|Dafür\b|Hier\b)/u,
      en: /^(This|That|These|Those|It|They|However|Therefore)\b/u,
    };
    for (const w of WRITTEN) {
      for (const text of w.all) expect(text, `${w.label} (${w.lang})`).not.toMatch(informal);
      expect(w.summary, `${w.label} (${w.lang})`).not.toMatch(dangling[w.lang]);
      // nor a quotation: it stands on its own as much as a summary does
      for (const statement of summaryPlan(w.facts, w.lang)) {
        if (statement.kind === 'quote') expect(statement.text, `${w.label} (${w.lang})`).not.toMatch(dangling[w.lang]);
      }
    }
    // the check can fail
    expect('Wir wollen, dass ihr mitmacht und eure Nachbarn fragt.').toMatch(informal);
    expect('Wie ihr Jugendhaus klimafreundlicher werden kann.').not.toMatch(informal);
    expect('Das finden Sie in unserem Newsquiz heraus.').toMatch(dangling.de);
    expect('Das alte Haus steht leer.').not.toMatch(dangling.de);
    const de = (label: string) => WRITTEN.find((w) => w.label === label && w.lang === 'de')!.summary;
    expect(de('informal then statement')).toContain(': „Im Stadtpark stehen nur drei Bänke für tausende Besucher.“');
  });

  it('no English sentence in German texts, no German function word in English texts outside the quoted German name', () => {
    const wrong = WRITTEN.flatMap((w) => w.all.map((text) => [w, text, foreignFunctionWords(text, w.lang, w.facts)] as const))
      .filter(([, , words]) => words.length)
      .map(([w, text, words]) => `${w.label} (${w.lang}): ${words.join(', ')} in "${text}"`);
    expect(wrong).toEqual([]);
  });

  it('a German title in an English text is introduced as German, or the summary says the cause is written in German; never "(German title)"', () => {
    for (const w of WRITTEN.filter((w) => w.lang === 'en' && !w.facts.titleEn && w.facts.sourceLanguage !== 'en')) {
      expect(w.summary, w.label).not.toContain('(German title)');
      if (w.summary.includes('“') && /[äöüß]| (?:für|und|der|die|das|im|gegen) /u.test(w.facts.title)) {
        expect(w.summary, w.label).toMatch(/German-language (?:fundraiser|petition|letter campaign) “[^”]+”| (?:is written|is described) in German[.;]/);
      }
    }
  });

  it("a source's sentence appears only as a quotation attributed to it: never in the service's own voice", () => {
    const unattributed: string[] = [];
    for (const w of WRITTEN) {
      const sentences = [w.facts.description, w.facts.descriptionEn ?? '']
        .flatMap((text) => text.split(/(?<=[.!?])\s+/u))
        .filter((s) => s.split(/\s+/).length >= 4);
      const outside = w.summary.replace(QUOTATION, '„…“');
      for (const sentence of sentences) if (outside.includes(sentence)) unattributed.push(`${w.label} (${w.lang}): ${sentence}`);
      // each quotation of the description follows the words that attribute it
      for (const m of w.summary.matchAll(/(\S+) „([^“]*)“|(\S+) “([^”]*)”/gu)) {
        const quoted = m[2] ?? m[4];
        // a title is quoted as a name, also where the description only repeats it
        if ([w.facts.title, w.facts.titleEn ?? ''].some((title) => title.includes(quoted.replace(/[‚‘’]/gu, '')))) continue;
        if (sentences.some((s) => quoted.includes(s.replace(/["„“”»«]/gu, '').slice(0, 20)))) expect(m[1] ?? m[3], `${w.label} (${w.lang})`).toMatch(/:$/);
      }
    }
    expect(unattributed).toEqual([]);
    // the check can fail
    const unquoted = 'Wer zwischen Tübingen pendelt, teilt die Straße. Die Petition läuft.';
    expect(unquoted.replace(QUOTATION, '„…“')).toContain('Wer zwischen Tübingen pendelt, teilt die Straße.');
  });

  it('never cuts a word: no ellipsis, every excerpt of the source ends a sentence', () => {
    for (const w of WRITTEN) for (const text of w.all) expect(text, w.label).not.toMatch(/…|\.\.\./);
    for (const w of WRITTEN) expect(w.summary, w.label).toMatch(/[.!?][“”]?$/);
  });

  it('units match the category: euros for donations, signatures for petitions, letters for letter campaigns', () => {
    const units = {
      Spenden: /€|\b(Euro)\b/,
      Petition: /(?<![\d.])\d{1,3}(?:[.,]\d{3})*\s(Unterschriften?|signatures?)\b/,
      Brief: /(?<![\d.])\d{1,3}(?:[.,]\d{3})*\s(Briefe[n]?|letters?)\b/,
    } as const;
    for (const w of WRITTEN) {
      const text = withoutNames(w.all.map((t) => ours(t, w.facts)).join(' '), w.facts);
      for (const [category, unit] of Object.entries(units)) {
        if (category !== w.facts.category) expect(text, `${w.label} (${w.lang})`).not.toMatch(unit);
      }
      expect(text, `${w.label} (${w.lang})`).not.toMatch(/(?<![\d.])\d{1,3}(?:[.,]\d{3})*\s(Spenden|donations)\b/);
      expect(text, `${w.label} (${w.lang})`).not.toMatch(/entscheidende Schwelle|tipping point/);
    }
  });

  it('no "% des Ziels" where no goal is known', () => {
    for (const w of WRITTEN.filter((w) => w.facts.fundingGoal === null)) {
      for (const text of w.all) expect(text, w.label).not.toMatch(/% des Ziels|% of the goal|des Ziels von|goal of/);
    }
  });

  it('daily action: the headline holds no title it would have to cut and no repeated category; whyNow repeats no sentence of the summary', () => {
    for (const w of WRITTEN) {
      expect(w.action.headline.length, w.action.headline).toBeLessThanOrEqual(90);
      expect(w.action.headline, w.label).not.toMatch(/(Brief|Petition)[^„“”]*[„“]\s*(Brief|Petition)/);
      const summarySentences = new Set(w.summary.split(/(?<=[.!?])\s+(?=\p{Lu})/u));
      for (const sentence of w.action.whyNow.split(/(?<=[.!?])\s+(?=\p{Lu})/u)) expect(summarySentences.has(sentence), sentence).toBe(false);
      expect(w.action.whyNow + w.action.headline, w.label).not.toMatch(/\b(heute|morgen|today|tomorrow|\d+ Tagen?|\d+ days?)\b/);
    }
  });

  it('one cause says the same thing once: "kleiner Betrag", "zählt", "Enddatum", "sichtbar" (and English "small", "counts", "end date", "visible") at most once across its five texts', () => {
    const phrases: Record<'de' | 'en', RegExp[]> = {
      de: [/kleine[rn]? Betrag|auch eine kleine/giu, /(?<!\p{L})zählt(?!\p{L})/giu, /Enddatum/giu, /sichtbar/giu],
      en: [/(?<!\p{L})small(?!\p{L})/giu, /(?<!\p{L})counts?(?!\p{L})/giu, /end date/giu, /visible/giu],
    };
    for (const w of WRITTEN) {
      // the source's own excerpt in the summary is quoted, not written: only the generator's words count
      const written = [ours(w.summary, w.facts), ...w.all.slice(1)].join(' ');
      for (const phrase of phrases[w.lang as 'de' | 'en'])
        expect(written.match(phrase)?.length ?? 0, `${w.label} (${w.lang}): ${phrase}`).toBeLessThanOrEqual(1);
    }
  });

  it('German addresses the reader as "Sie", never "du" or "ihr"', () => {
    const informal = /(?<!\p{L})(du|dich|dir|dein\p{L}*|euch|euer|eure\p{L}*)(?!\p{L})/iu;
    for (const w of WRITTEN.filter((w) => w.lang === 'de')) for (const text of w.all) expect(text, w.label).not.toMatch(informal);
    expect('Fragt eure Nachbarn.').toMatch(informal);
  });

  it('daily action: the three texts carry different facts (headline: call and deadline; whyNow: what is missing, no date, no percentage; impact: no sentence of whyNow)', () => {
    const months =
      /\d{1,2}\.? (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember|January|February|March|April|May|June|July|August|September|October|November|December)/;
    for (const w of WRITTEN) {
      const label = `${w.label} (${w.lang})`;
      // the headline names the deadline; whyNow does not repeat it
      if (w.facts.deadline && (w.facts.daysUntilDeadline ?? -1) >= 0) expect(w.action.headline, label).toMatch(months);
      expect(w.action.whyNow, label).not.toMatch(months);
      // whyNow does not repeat the summary's percentage
      expect(w.action.whyNow, label).not.toMatch(/%/);
      const whyNowSentences = new Set(w.action.whyNow.split(/(?<=[.!?])\s+/u));
      for (const sentence of w.action.impactStatement.split(/(?<=[.!?])\s+/u)) expect(whyNowSentences.has(sentence), `${label}: ${sentence}`).toBe(false);
      expect(w.action.impactStatement, label).not.toMatch(/^(Das Ziel ist|The goal has been)/);
    }
  });

  /** The platform's own count of what is missing, said to be the platform's ("Nach Angaben der Plattform fehlen noch …"). */
  const PLATFORM_COUNT = /Nach Angaben der Plattform (?:fehl|braucht)|According to the platform, (?:another|the \p{L}+(?: \p{L}+)? (?:still )?needs)/u;

  it('one count of what is missing: with a goal only the goal; the platform threshold only without a goal or a share of one, and explained', () => {
    const withThreshold: string[] = [];
    for (const w of WRITTEN) {
      const label = `${w.label} (${w.lang})`;
      const all = w.all.slice(1).join(' ');
      const tipping = w.facts.actionsToTippingPoint;
      const gap = w.facts.fundingGoal !== null && w.facts.fundingCurrent !== null ? Math.round(w.facts.fundingGoal - w.facts.fundingCurrent) : null;
      if (w.facts.fundingGoal !== null && tipping !== null && tipping !== gap) {
        const shown = w.lang === 'de' ? tipping.toLocaleString('de-DE') : tipping.toLocaleString('en-GB');
        expect(all, label).not.toMatch(new RegExp(`(?<![\\d.,])${escape(shown)}(?![\\d.,])`));
        expect(all, label).not.toMatch(PLATFORM_COUNT);
      }
      // The threshold is the platform's figure, said to be the platform's, and claims nothing beyond it (no
      // goal it would lead to): whyNow gives its count once; the impact statement never repeats the count.
      // beside a share of a goal ("41 % of its goal") the threshold would read as the gap to that goal: not said
      if (w.facts.fundingGoal === null && w.facts.fundingProgressPct !== null && tipping !== null) {
        const shown = w.lang === 'de' ? tipping.toLocaleString('de-DE') : tipping.toLocaleString('en-GB');
        expect(w.all.slice(1).join(' '), label).not.toContain(shown);
      }
      if (w.facts.fundingGoal === null && w.facts.fundingProgressPct === null && tipping !== null && w.facts.category !== 'Spenden') {
        withThreshold.push(label);
        const shown = w.lang === 'de' ? tipping.toLocaleString('de-DE') : tipping.toLocaleString('en-GB');
        expect(w.all[2], label).toMatch(PLATFORM_COUNT);
        expect(w.all[2], label).not.toMatch(/Ziel|goal|Schwelle|threshold|milestone/);
        if (tipping > 1) expect(w.all[2].match(new RegExp(`(?<![\\d.,])${escape(shown)}(?![\\d.,])`, 'g'))!.length, label).toBe(1);
        expect(w.all[4], label).not.toContain(shown);
      }
    }
    expect(withThreshold).toEqual(['Bürgerinitiative (de)', 'Bürgerinitiative (en)']);
    const de = WRITTEN.find((w) => w.label === 'institution' && w.lang === 'de')!;
    expect(de.action.whyNow + de.action.impactStatement).not.toContain('1.880');
  });

  it('claims only what the data says: no "kein festes Enddatum" when none is given, a percentage without a goal is the platform\'s', () => {
    for (const w of WRITTEN) {
      const label = `${w.label} (${w.lang})`;
      for (const text of w.all) expect(text, label).not.toMatch(/festes? Enddatum|fixed end date|set closing date/);
      if (w.facts.fundingGoal === null && w.facts.fundingProgressPct !== null) {
        for (const text of w.all) if (/%/.test(ours(text, w.facts))) expect(ours(text, w.facts), label).toMatch(/Plattform|platform/);
      }
    }
  });

  it('style: "helfen, das Ziel zu erreichen"; lowercase after a headline label\'s colon; a title that names its kind stands alone; nested quotation marks', () => {
    for (const w of WRITTEN) {
      const label = `${w.label} (${w.lang})`;
      for (const text of w.all) expect(text, label).not.toMatch(/Ziel erreichen helfen/);
      if (w.lang === 'de') expect(w.action.headline, label).not.toMatch(/: (Jetzt|Nur|Bis|Schon|Noch)\b/);
      else expect(w.action.headline, label).not.toMatch(/”: \p{Lu}/u);
      for (const text of w.all) expect(text, label).not.toMatch(/(Briefaktion|Petition) „(Offener )?(Brief|Petition)\b/);
      // inside „…“ no second „ or ", inside “…” no second “
      for (const text of w.all) expect(text, label).not.toMatch(w.lang === 'de' ? /„[^“]*["„]/ : /“[^”]*["“]/);
    }
    const newsroom = (lang: Language) => WRITTEN.find((w) => w.label === 'newsroom' && w.lang === lang)!.all.join(' ');
    expect(newsroom('de')).toContain('„Lady Gaga: ‚Bin wie Andy Warhol‘“');
    expect(newsroom('en')).toContain('“Lady Gaga: ‘Bin wie Andy Warhol’”');
    expect(WRITTEN.find((w) => w.label === 'Bürgerinitiative' && w.lang === 'de')!.summary).toMatch(/^„Brief an den Kreistag: Busse erhalten“: /);
  });

  it('no sentence skeleton (a sentence with names, numbers and dates masked) serves more than a tenth of the demo catalogue, per field and language', () => {
    const demo = WRITTEN.filter((w) => w.label.startsWith('demo '));
    const fields = ['summary', 'headline', 'whyNow', 'whyYou', 'impactStatement'] as const;
    const worst: string[] = [];
    for (const lang of LANGS) {
      for (const field of fields) {
        const counts = new Map<string, number>();
        for (const w of demo.filter((w) => w.lang === lang)) {
          const text = field === 'summary' ? w.summary : w.action[field];
          const names = [w.facts.organisationName, w.facts.title, w.facts.titleEn ?? ''].filter(Boolean);
          let masked = ours(text, w.facts);
          for (const name of names) masked = masked.split(name).join('NAME');
          masked = masked
            .replace(/[„“"][^„“"”]*[“”"]/gu, 'TITLE')
            .replace(
              /\d{1,2}\.? (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember|January|February|March|April|May|June|July|August|September|October|November|December)( \d{4})?/g,
              'DATE',
            )
            .replace(/\b(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b/g, 'DAY')
            .replace(
              /\b(Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember|January|February|March|May|June|July|October|December)\b/g,
              'MONTH',
            )
            .replace(/€?\d+(?:[.,]\d+)*(?:\s?%|\s?€)?/g, 'N');
          for (const sentence of masked.split(/(?<=[.!?])\s+/u).filter(Boolean)) counts.set(sentence, (counts.get(sentence) ?? 0) + 1);
        }
        for (const [sentence, n] of counts) if (n > demo.length / 2 / 10) worst.push(`${lang} ${field} ${n}×: ${sentence}`);
      }
    }
    expect(worst).toEqual([]);
  });

  it('no summary skeleton (frame and progress sentence) serves more than a tenth of the demo catalogue', () => {
    const demo = GOLDEN.filter((g) => g.label.startsWith('demo '));
    for (const lang of LANGS) {
      const counts = new Map<string, number>();
      for (const { facts } of demo) {
        const key = summarySkeleton(facts, lang)
          .filter((id) => id.startsWith('summary-'))
          .join(' ');
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const most = Math.max(...counts.values());
      expect(most, [...counts].sort((a, b) => b[1] - a[1])[0].join(': ')).toBeLessThanOrEqual(demo.length / 10);
    }
  });

  it('no action skeleton (its headline, whyNow, whyYou and impact messages together) serves more than a tenth of the demo catalogue', () => {
    const demo = GOLDEN.filter((g) => g.label.startsWith('demo '));
    for (const lang of LANGS) {
      const counts = new Map<string, number>();
      for (const { facts } of demo) {
        const key = actionSkeleton(facts, lang).join(' ');
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const most = Math.max(...counts.values());
      expect(most, [...counts].sort((a, b) => b[1] - a[1])[0].join(': ')).toBeLessThanOrEqual(demo.length / 10);
    }
  });

  it('the fact check refuses what a language model could slip past it (relative days, description numbers, a bare day number, number words, a misnamed organisation)', () => {
    const facts: CauseFacts = {
      title: 'Tempo 30 vor allen Schulen in Köln',
      description: 'Vor Kölner Schulen passieren immer wieder Unfälle. Es fehlen nur noch 600 Unterschriften, hieß es im Sommer.',
      category: 'Petition',
      organisationName: 'Eltern für sichere Schulwege',
      deadline: '2026-12-15',
      daysUntilDeadline: 3,
      fundingProgressPct: 62,
      fundingGoal: 20000,
      fundingCurrent: 12400,
      actionsToTippingPoint: null,
    };
    const action = (text: string, lang: Language = 'de') => factCheck([text], facts, lang, { action: true });
    expect(action('Nur noch 3 Tage: jetzt unterschreiben')).toBe('"noch 3 Tage" is wrong for part of the day the action is served');
    expect(action('Only 3 days left: sign now', 'en')).toBe('"3 days" is wrong for part of the day the action is served');
    expect(action('Noch drei Tage Zeit.')).toMatch(/wrong for part of the day/);
    expect(action('Es fehlen nur noch 600 Unterschriften.')).toBe('the number "600" is not in the data');
    expect(factCheck(['Es fehlen nur noch 600 Unterschriften, hieß es im Sommer.'], facts, 'de')).toBeNull(); // a summary may quote its source
    expect(action('Es fehlen noch 15 Unterschriften.')).toBe('the number "15" is not in the data');
    expect(action('Die Petition endet am Dienstag, 15. Dezember.')).toBeNull();
    expect(action('Schon zwölftausend Menschen haben unterschrieben.')).toBe('the number word "zwölftausend" is not a number of the data');
    expect(action('Twelve thousand people have signed.', 'en')).toBe('the number word "thousand" is not a number of the data');
    expect(action('Zwölf Menschen im Vorstand.')).toBeNull();
    expect(action('Unterstützen Sie Eltern für sichere Schulwege e.V. mit Ihrer Unterschrift.')).toMatch(
      /^the organisation "Eltern für sichere Schulwege" is not named as it is/,
    );
    expect(action('Unterstützen Sie die Initiative Eltern für sichere Schulwege mit Ihrer Unterschrift.')).toBeNull();
    expect(
      factCheck(['Mit Ihrer Spende unterstützen Sie die Wärmestube Leipzig.'], { ...facts, organisationName: 'Wärmestube Leipzig e. V.' }, 'de', {
        action: true,
      }),
    ).toMatch(/not named as it is/);
    expect(action('Ihre Stimme zählt für sichere Schulwege.')).toBeNull();
  });

  describe('spelling (Hunspell dictionaries, names and the source text excluded)', () => {
    let spell: Record<Language, ReturnType<typeof nspell>>;
    beforeAll(() => {
      // the dictionaries are read as Uint8Array; nspell's types ask for a Buffer, which reads them the same way
      spell = {
        de: nspell(Buffer.from(dictionaryDe.aff), Buffer.from(dictionaryDe.dic)),
        en: nspell(Buffer.from(dictionaryEnGb.aff), Buffer.from(dictionaryEnGb.dic)),
      };
    });

    /** German compounds ("Spendenaktion") are built by Hunspell's compound rules, which nspell lacks: split them. */
    function correctGerman(word: string, depth = 0): boolean {
      if (spell.de.correct(word) || spell.de.correct(word.charAt(0).toUpperCase() + word.slice(1))) return true;
      if (depth > 2) return false;
      for (let i = 3; i <= word.length - 3; i++) {
        const head = word.slice(0, i);
        const tail = word.slice(i);
        const heads = [head, head.replace(/(s|n|en|es)$/u, '')].filter((h) => h.length >= 3);
        if (
          heads.some((h) => spell.de.correct(h) || spell.de.correct(h.charAt(0).toUpperCase() + h.slice(1))) &&
          correctGerman(tail.charAt(0).toUpperCase() + tail.slice(1), depth + 1)
        )
          return true;
      }
      return false;
    }

    it('every word the generator wrote is spelt correctly', () => {
      const misspelt = new Set<string>();
      for (const w of WRITTEN) {
        for (const text of w.all) {
          // the source's own sentences (the excerpt) are the source's, not ours
          // (a possessive plural's apostrophe is no part of the word: "the organisers' words")
          for (const word of withoutNames(ours(text, w.facts), w.facts).match(/\p{L}[\p{L}'’-]*\p{L}|\p{L}/gu) ?? []) {
            const parts = word.split('-').filter((p) => p.length > 1 && !/^\p{Lu}+$/u.test(p));
            for (const part of parts) {
              const ok = w.lang === 'de' ? correctGerman(part) : spell.en.correct(part) || spell.en.correct(part.toLowerCase());
              if (!ok) misspelt.add(`${w.lang}: ${part}`);
            }
          }
        }
      }
      expect([...misspelt].sort()).toEqual([]);
      // and the check can fail: a typo in German, a compound with one, an American spelling
      expect([correctGerman('Spendenaktion'), correctGerman('Spendenaktoin'), correctGerman('Unterschirften')]).toEqual([true, false, false]);
      expect([spell.en.correct('organisers'), spell.en.correct('recieved'), spell.en.correct('organizers')]).toEqual([true, false, false]);
    }, 120_000);
  });
});
