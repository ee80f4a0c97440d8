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
import { daysBetween } from '../../src/modules/causes/berlin-calendar.js';
import { fundingProgressPct } from '../../src/modules/causes/urgency.js';
import { mapBetterplaceProject } from '../../src/modules/sources/betterplace.js';
import { demoFeedItems } from '../../src/modules/sources/demo-feed.js';
import { checkFeedItem, type FeedItem } from '../../src/modules/sources/feed-item.js';
import { rssFeedItems } from '../../src/modules/sources/rss.js';
import { actionSkeleton, summarySkeleton, writeAction, writeSummary, type CauseFacts, type Language } from '../../src/modules/texts/default-generator.js';
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
    fundingProgressPct: fundingProgressPct({ fundingGoal: item.fundingGoal ?? null, fundingCurrent: item.fundingCurrent ?? null, progressPct: item.progressPct ?? null }),
    fundingGoal: item.fundingGoal ?? null,
    fundingCurrent: item.fundingCurrent ?? null,
    actionsToTippingPoint: item.actionsToTippingPoint ?? null,
    titleEn: item.titleEn ?? null,
    descriptionEn: item.descriptionEn ?? null,
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
      if (!('item' in mapped)) continue;
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
    ['plural e.V.', {}, { title: 'Das Freibad muss bleiben', organisationName: 'Freibadfreunde Chiemgau e.V.', category: 'Brief', fundingGoal: 1500, fundingCurrent: 980, deadline: '2026-11-25' }],
    ['plural without legal form', {}, { title: 'Lesen macht stark', organisationName: 'Lesepaten Hamburg', category: 'Spenden', fundingGoal: 8000, fundingCurrent: 1, actionsToTippingPoint: 38 }],
    ['gGmbH', {}, { title: 'Werkstatt für alle', organisationName: 'Lernwerk Sachsen gGmbH', category: 'Spenden', progressPct: 120 }],
    ['Stiftung', {}, { title: 'Vorlesen in Kitas', organisationName: 'Stiftung Lesen', category: 'Petition', fundingGoal: 1000, fundingCurrent: 999, deadline: '2026-11-22' }],
    ['adjective in front', {}, { title: 'Sportrollstühle für alle', organisationName: 'Inklusiver Sportverein Bremen-Nord e.V.', category: 'Spenden', fundingGoal: 14800, fundingCurrent: 4440 }],
    ['no legal form, single word', {}, { title: 'Mehr Bänke im Park', organisationName: 'Parkliebe', category: 'Brief', progressPct: 41.5, deadline: '2027-02-01' }],
    ['English source', { sourceLanguage: 'en' }, { title: 'Save the Wadden Sea', description: 'The Wadden Sea is a UNESCO World Heritage site. New gas drilling threatens it.', organisationName: 'Wadden Sea Alliance', category: 'Petition', fundingGoal: 10000, fundingCurrent: 2500, deadline: '2026-12-15', actionsToTippingPoint: 900 }],
    ['English from the feed', {}, { title: 'Tempo 30 vor allen Schulen in Köln', titleEn: '30 km/h outside every school in Cologne', descriptionEn: 'Children keep getting hurt in traffic outside schools in Cologne.', organisationName: 'Eltern für sichere Schulwege', category: 'Petition', fundingGoal: 20000, fundingCurrent: 12400, deadline: '2026-12-15' }],
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

/** The sentences of a text the generator wrote: without the excerpt it quotes from the source. */
function ours(text: string, facts: CauseFacts): string {
  const source = [facts.description, facts.descriptionEn ?? ''].join(' ');
  return text.split(/(?<=[.!?])\s+/u).filter((sentence) => !source.includes(sentence)).join(' ');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** What may stand right before an organisation's name in German: an article or a head noun. */
const BEFORE_NAME = new Set(['der', 'die', 'das', 'dem', 'den', 'Der', 'Die', 'Das', 'vom', 'beim', 'Verein', 'Organisation', 'Gesellschaft', 'Genossenschaft']);

describe('golden set: the texts an editor would publish as they are', () => {
  it('covers the whole demo catalogue, odd names and real data', () => {
    expect(GOLDEN.filter((g) => g.label.startsWith('demo ')).length).toBe(52);
    expect(GOLDEN.filter((g) => g.label.startsWith('betterplace ')).length).toBeGreaterThanOrEqual(8);
  });

  it('every number and date equals the data, and a summary names the organisation exactly as given', () => {
    const wrong = WRITTEN.flatMap((w) => {
      const problems = [factCheck([w.summary], w.facts, w.lang, { requireOrganisation: true }), factCheck(w.all.slice(1), w.facts, w.lang)];
      return problems.filter(Boolean).map((p) => `${w.label} (${w.lang}): ${p}`);
    });
    expect(wrong).toEqual([]);
  });

  it('German: a name never follows "von", "für" or "steht" (or starts a sentence) without an article or head noun', () => {
    const wrong = WRITTEN.filter((w) => w.lang === 'de').flatMap((w) =>
      w.all.flatMap((text) =>
        [...ours(text, w.facts).matchAll(new RegExp(`(\\S+)\\s+${escape(w.facts.organisationName)}`, 'g'))]
          .filter((m) => !BEFORE_NAME.has(m[1]))
          .map((m) => `${w.label}: "${m[0]}"`),
      ),
    );
    expect(wrong).toEqual([]);
    // the examples, written now as they must be
    const de = (label: string) => WRITTEN.find((w) => w.label === label && w.lang === 'de')!.all.join(' ');
    expect(de('plural e.V.')).toMatch(/(der|dem|den|vom) Verein Freibadfreunde Chiemgau e\.V\./);
    expect(de('plural without legal form')).toMatch(/(die|der) Organisation Lesepaten Hamburg/);
    expect(de('adjective in front')).toMatch(/(der|dem|den|vom) Verein Inklusiver Sportverein Bremen-Nord e\.V\./);
  });

  it('no English sentence in German texts, no German function word in English texts outside the quoted German name', () => {
    const wrong = WRITTEN.flatMap((w) => w.all.map((text) => [w, text, foreignFunctionWords(text, w.lang, w.facts)] as const))
      .filter(([, , words]) => words.length)
      .map(([w, text, words]) => `${w.label} (${w.lang}): ${words.join(', ')} in "${text}"`);
    expect(wrong).toEqual([]);
  });

  it('the German title in an English text is presented as its German name', () => {
    for (const w of WRITTEN.filter((w) => w.lang === 'en' && !w.facts.titleEn && w.facts.sourceLanguage !== 'en')) {
      if (w.summary.includes('“')) expect(w.summary, w.label).toMatch(/“[^”]+” \(German title\)/);
    }
  });

  it('never cuts a word: no ellipsis, every excerpt of the source ends a sentence', () => {
    for (const w of WRITTEN) for (const text of w.all) expect(text, w.label).not.toMatch(/…|\.\.\./);
    for (const w of WRITTEN) expect(w.summary, w.label).toMatch(/[.!?]$/);
  });

  it('units match the category: euros for donations, signatures for petitions, letters for letter campaigns', () => {
    const units = { Spenden: /€|\b(Euro)\b/, Petition: /(?<![\d.])\d{1,3}(?:[.,]\d{3})*\s(Unterschriften?|signatures?)\b/, Brief: /(?<![\d.])\d{1,3}(?:[.,]\d{3})*\s(Briefe[n]?|letters?)\b/ } as const;
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

  it('German addresses the reader as "Sie", never "du"', () => {
    for (const w of WRITTEN.filter((w) => w.lang === 'de')) for (const text of w.all) expect(text, w.label).not.toMatch(/\b(du|dich|dir|dein\w*|euch|euer)\b/i);
  });

  it('no summary skeleton (frame and progress sentence) serves more than a tenth of the demo catalogue', () => {
    const demo = GOLDEN.filter((g) => g.label.startsWith('demo '));
    for (const lang of LANGS) {
      const counts = new Map<string, number>();
      for (const { facts } of demo) {
        const key = summarySkeleton(facts, lang).filter((id) => id.startsWith('summary-')).join(' ');
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

  describe('spelling (Hunspell dictionaries, names and the source text excluded)', () => {
    let spell: Record<Language, ReturnType<typeof nspell>>;
    beforeAll(() => {
      // the dictionaries are read as Uint8Array; nspell's types ask for a Buffer, which reads them the same way
      spell = { de: nspell(Buffer.from(dictionaryDe.aff), Buffer.from(dictionaryDe.dic)), en: nspell(Buffer.from(dictionaryEnGb.aff), Buffer.from(dictionaryEnGb.dic)) };
    });

    /** German compounds ("Spendenaktion") are built by Hunspell's compound rules, which nspell lacks: split them. */
    function correctGerman(word: string, depth = 0): boolean {
      if (spell.de.correct(word) || spell.de.correct(word.charAt(0).toUpperCase() + word.slice(1))) return true;
      if (depth > 2) return false;
      for (let i = 3; i <= word.length - 3; i++) {
        const head = word.slice(0, i);
        const tail = word.slice(i);
        const heads = [head, head.replace(/(s|n|en|es)$/u, '')].filter((h) => h.length >= 3);
        if (heads.some((h) => spell.de.correct(h) || spell.de.correct(h.charAt(0).toUpperCase() + h.slice(1))) && correctGerman(tail.charAt(0).toUpperCase() + tail.slice(1), depth + 1)) return true;
      }
      return false;
    }

    it('every word the generator wrote is spelt correctly', () => {
      const misspelt = new Set<string>();
      for (const w of WRITTEN) {
        for (const text of w.all) {
          // the source's own sentences (the excerpt) are the source's, not ours
          for (const word of withoutNames(ours(text, w.facts), w.facts).match(/\p{L}[\p{L}'’-]*/gu) ?? []) {
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
    }, 60_000);
  });
});
