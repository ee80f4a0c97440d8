// The built-in text generator: writes the summary and the call to action of a cause in German and
// English from its structured facts. Pure and deterministic: no randomness, no clock (the caller passes
// daysUntilDeadline), no time zone (dates are read from the YYYY-MM-DD string), no locale data (numbers
// and dates are formatted by hand, so the output cannot change with the ICU version of the machine).
//
// Where causes should not all read alike, a variant is chosen by a stable hash of the title, so one cause
// always gets the same wording and the German and English texts of a cause use matching variants.

export type Language = 'de' | 'en';
export type CauseCategory = 'Spenden' | 'Petition' | 'Brief';
export interface CauseFacts {
  title: string; // title from the source (mostly German)
  description: string; // plain text from the source, may be long, in sourceLanguage
  /** ISO 639-1 code of the language of title and description; null when it could not be told */
  sourceLanguage: string | null;
  category: CauseCategory;
  organisationName: string;
  /** true: organisationName only published the cause (nobody behind it is named); never say it is behind it */
  organisationIsPublisher: boolean;
  deadline: string | null; // YYYY-MM-DD
  daysUntilDeadline: number | null; // whole days from the day the text is written; null without deadline
  fundingProgressPct: number | null; // e.g. 87.5; may exceed 100
  fundingGoal: number | null; // euros for Spenden, signatures for Petition, letters for Brief
  fundingCurrent: number | null;
  actionsToTippingPoint: number | null;
}
export interface GeneratedAction {
  type: string; // 'donate' for Spenden, 'sign' for Petition, 'write' for Brief
  headline: string; // call-to-action headline, max ~90 chars
  whyNow: string; // timing reason, 1–2 sentences
  whyYou: string; // personal relevance, 1–2 sentences
  impactStatement: string; // what the reader's action achieves, 1–2 sentences
}
export const DEFAULT_GENERATOR_NAME = 'default-v1';

const SUMMARY_MAX_CHARS = 400;
const HEADLINE_MAX_CHARS = 90;
/** The description excerpt of a summary stays at or below this, however much room the facts leave. */
const EXCERPT_MAX_CHARS = 220;

const ACTION_TYPES: Record<CauseCategory, string> = { Spenden: 'donate', Petition: 'sign', Brief: 'write' };

// ---------------------------------------------------------------------------------------------------
// Reading the facts
// ---------------------------------------------------------------------------------------------------

/** Deadline timing as the call to action sees it. A passed deadline (negative days) counts as none. */
type Timing = 'today' | 'tomorrow' | 'soon' | 'later' | 'none';
/** over: above 100 %; reached: exactly 100 %; close: 70 to below 100 %; zero: below 1 %. */
type Progress = 'over' | 'reached' | 'close' | 'low' | 'zero' | 'unknown';

interface CalendarDate {
  year: number;
  month: number; // 1..12
  day: number;
}

interface Situation {
  category: CauseCategory;
  title: string;
  org: string;
  date: CalendarDate | null;
  /** whole days until the deadline, only when the deadline has not passed */
  days: number | null;
  timing: Timing;
  progress: Progress;
  /** the percentage as shown: rounded down to a whole number */
  pct: number | null;
  goal: number | null;
  current: number | null;
  /** what is still missing to the goal (euros for Spenden, else a whole count); only when positive */
  gap: number | null;
  tipping: number | null;
  hash: number;
}

function parseDate(value: string | null): CalendarDate | null {
  if (!value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

const finite = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/** Drops surrounding whitespace and quotation marks the source may have put around a title. */
function cleanTitle(title: string): string {
  return title
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["'„“”‚‘’»«]+|["'„“”‚‘’»«]+$/g, '')
    .trim();
}

/** 32-bit FNV-1a over the UTF-16 code units: a small, stable string hash. */
function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

function situation(facts: CauseFacts): Situation {
  const title = cleanTitle(facts.title ?? '');
  // A publishing platform is not the organisation behind the cause: the texts then name nobody.
  const org = facts.organisationIsPublisher ? '' : (facts.organisationName ?? '').replace(/\s+/g, ' ').trim();
  const date = parseDate(facts.deadline);
  const rawDays = finite(facts.daysUntilDeadline) ? Math.trunc(facts.daysUntilDeadline) : null;
  const passed = rawDays !== null && rawDays < 0;
  const days = passed ? null : rawDays;

  let timing: Timing;
  if (passed) timing = 'none';
  else if (days === 0) timing = 'today';
  else if (days === 1) timing = 'tomorrow';
  else if (days !== null && days <= 7) timing = 'soon';
  else if (days !== null || date !== null) timing = 'later';
  else timing = 'none';

  const goal = finite(facts.fundingGoal) && facts.fundingGoal > 0 ? facts.fundingGoal : null;
  const current = finite(facts.fundingCurrent) && facts.fundingCurrent >= 0 ? facts.fundingCurrent : null;
  let rawPct = finite(facts.fundingProgressPct) ? Math.max(0, facts.fundingProgressPct) : null;
  if (rawPct === null && goal !== null && current !== null) rawPct = (current / goal) * 100;

  let progress: Progress;
  if (rawPct === null) progress = 'unknown';
  else if (rawPct > 100) progress = 'over';
  else if (rawPct === 100) progress = 'reached';
  else if (rawPct >= 70) progress = 'close';
  else if (rawPct < 1) progress = 'zero';
  else progress = 'low';

  let gap: number | null = null;
  if (goal !== null && current !== null) {
    gap =
      facts.category === 'Spenden'
        ? (Math.round(goal * 100) - Math.round(current * 100)) / 100
        : Math.round(goal) - Math.round(current);
    if (gap <= 0) gap = null;
  }
  // A positive gap means the goal is not reached, whatever a (rounded) percentage says.
  let shownPct = rawPct === null ? null : Math.floor(rawPct);
  if (gap !== null && (progress === 'over' || progress === 'reached')) {
    progress = 'close';
    shownPct = Math.min(shownPct ?? 99, 99);
  }

  const tipping =
    finite(facts.actionsToTippingPoint) && facts.actionsToTippingPoint >= 1 ? Math.round(facts.actionsToTippingPoint) : null;

  return {
    category: facts.category,
    title,
    org,
    date,
    days,
    timing,
    progress,
    pct: shownPct,
    goal,
    current,
    gap,
    tipping,
    hash: stableHash(title),
  };
}

/** Variant 0 or 1 for one slot of the texts (slots vary independently of each other). */
const variant = (s: Situation, slot: number): number => (s.hash >>> (slot * 5)) % 2;

// ---------------------------------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------------------------------

function groupDigits(whole: number, separator: string): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** A whole count: 12.400 (de) / 12,400 (en). */
function count(value: number, lang: Language): string {
  return groupDigits(Math.round(value), lang === 'de' ? '.' : ',');
}

/** Euros: 40.000 € / 5.000,50 € (de), €40,000 / €5,000.50 (en); cents only when there are any. */
function euros(value: number, lang: Language): string {
  const cents = Math.round(value * 100);
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  const number =
    groupDigits(whole, lang === 'de' ? '.' : ',') + (rest ? (lang === 'de' ? ',' : '.') + String(rest).padStart(2, '0') : '');
  return lang === 'de' ? `${number} €` : `€${number}`;
}

/** A whole percentage: 87 % (de) / 87% (en). */
function percent(value: number, lang: Language): string {
  return lang === 'de' ? `${value} %` : `${value}%`;
}

const MONTHS_DE = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];
const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 5. Dezember 2026 (de) / 5 December 2026 (en). */
function formatDate(date: CalendarDate, lang: Language): string {
  return lang === 'de'
    ? `${date.day}. ${MONTHS_DE[date.month - 1]} ${date.year}`
    : `${date.day} ${MONTHS_EN[date.month - 1]} ${date.year}`;
}

const quote = (text: string, lang: Language): string => (lang === 'de' ? `„${text}“` : `“${text}”`);

/** The amount of the category's unit: euros, or a count of signatures / letters (German dative on request). */
function amount(s: Situation, value: number, lang: Language, dative = false): string {
  if (s.category === 'Spenden') return euros(value, lang);
  if (lang === 'de') {
    const w = DE[s.category];
    return `${count(value, lang)} ${Math.round(value) === 1 ? w.one : dative ? w.manyDative : w.many}`;
  }
  const w = EN[s.category];
  return `${count(value, lang)} ${Math.round(value) === 1 ? w.one : w.many}`;
}

/** Ends a sentence with a period, unless it already ends in one ("… e. V."). */
const stop = (text: string): string => (/[.!?…]["“”»«'’)]*$/u.test(text) ? text : `${text}.`);

/**
 * Shortens text to at most `max` characters at a word boundary, ending in "…"; the text itself when it
 * fits. Null when there is no word boundary to cut at (a text is never cut inside a word).
 */
function cutAtWord(text: string, max: number): string | null {
  if (text.length <= max) return text;
  const window = text.slice(0, max); // a space at index max-1 still leaves room for the ellipsis
  const space = window.lastIndexOf(' ');
  if (space <= 0) return null;
  const cut = text
    .slice(0, space)
    .replace(/[\s,;:–—\-/(„“"‚‘«»]+$/u, '')
    .trimEnd();
  return cut ? `${cut}…` : null;
}

/** Fills a template with the quoted title, shortening the title when the result would be too long. */
function withTitle(template: (title: string) => string, title: string, lang: Language, max: number): string {
  const full = template(quote(title, lang));
  if (full.length <= max) return full;
  const room = max - template(quote('', lang)).length;
  const short = cutAtWord(title, room) ?? `${title.slice(0, Math.max(1, room - 1)).trimEnd()}…`;
  return template(quote(short, lang));
}

// ---------------------------------------------------------------------------------------------------
// The description excerpt (German summaries only)
// ---------------------------------------------------------------------------------------------------

const ABBREVIATIONS = new Set([
  'abs', 'allg', 'art', 'bes', 'bspw', 'bzgl', 'bzw', 'ca', 'd.h', 'dr', 'dt', 'e.v', 'ehem', 'evtl', 'ggf', 'ggü',
  'gem', 'hr', 'fr', 'i.d.r', 'inkl', 'insb', 'jh', 'max', 'min', 'mind', 'mio', 'mrd', 'nr', 'o.ä', 'prof', 'sog',
  'st', 'str', 'tel', 'tsd', 'u.a', 'u.ä', 'u.v.m', 'usf', 'v.a', 'vgl', 'z.b', 'z.t', 'zzgl',
]);

/** True when the period at `index` closes an abbreviation, an initial or an ordinal ("am 5. Mai"). */
function periodIsNotSentenceEnd(text: string, index: number): boolean {
  const token = /(\S+)$/.exec(text.slice(0, index))?.[1] ?? '';
  const word = token.replace(/^[("„“'‚]+/, '').toLowerCase();
  if (/^\d{1,2}$/.test(word)) return true; // ordinals and day numbers
  if (/^\p{L}$/u.test(word)) return true; // initials and "z. B."
  if (word.includes('.')) return true; // z.B, e.V
  return ABBREVIATIONS.has(word);
}

function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  const end = /[.!?…]+["“”»«'’)\]]*(?=\s|$)/gu;
  let start = 0;
  for (let m = end.exec(text); m; m = end.exec(text)) {
    const stop = m.index + m[0].length;
    if (m[0].startsWith('.') && !m[0].startsWith('..') && periodIsNotSentenceEnd(text, m.index)) continue;
    const next = text.slice(stop).trimStart();
    if (next && !/^[\p{Lu}\d„"“»«(]/u.test(next)) continue;
    const sentence = text.slice(start, stop).trim();
    if (sentence) sentences.push(sentence);
    start = stop;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/** The description as running text: whitespace collapsed, bullets and short heading lines dropped. */
function descriptionText(description: string): string {
  const lines = (description ?? '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/^\s*(?:[-–•*·]|\d+[.)])\s+/, '').replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const prose = lines.filter((line) => /[.!?…:"“”»«)]$/.test(line) || line.length >= 80);
  // A line break ends a sentence: lines joined into running text must not run together.
  const sentence = (line: string) => (/[.!?…:]["“”»«'’)]*$/u.test(line) ? line : `${line}.`);
  return (prose.length ? prose : lines).map(sentence).join(' ');
}

/** The opening sentence(s) of the description, at most `max` characters and `maxSentences` sentences. */
function excerpt(description: string, max: number, maxSentences: number): string {
  if (max < 40 || maxSentences < 1) return '';
  let sentences = splitSentences(descriptionText(description));
  // An opening question ("Worum geht es?") says little on its own; start with the first statement.
  while (sentences.length > 1 && sentences[0].endsWith('?')) sentences = sentences.slice(1);
  let text = '';
  for (const sentence of sentences.slice(0, maxSentences)) {
    const candidate = text ? `${text} ${sentence}` : sentence;
    if (candidate.length > max) break;
    text = candidate;
  }
  if (!text && sentences.length) text = cutAtWord(sentences[0], max) ?? '';
  if (text && !/[.!?…]["“”»«'’)]*$/u.test(text)) text += '.';
  return text;
}

// ---------------------------------------------------------------------------------------------------
// Vocabulary
// ---------------------------------------------------------------------------------------------------

interface GermanWords {
  /** the campaign (all three are feminine: die Spendenaktion, die Petition, die Briefaktion) */
  campaign: string;
  one: string;
  many: string;
  /** dative plural, "von 500 Briefen" */
  manyDative: string;
  /** grammatical gender of `one`: Brief is masculine, Spende and Unterschrift are feminine */
  masculine: boolean;
  /** "Spenden Sie für „T“" */
  imperative: (t: string) => string;
  /** "für „T“ spenden" */
  infinitive: (t: string) => string;
  /** "für „T“ zu spenden" */
  zuInfinitive: (t: string) => string;
}

const DE: Record<CauseCategory, GermanWords> = {
  Spenden: {
    campaign: 'Spendenaktion',
    one: 'Spende',
    many: 'Spenden',
    manyDative: 'Spenden',
    masculine: false,
    imperative: (t) => `Spenden Sie für ${t}`,
    infinitive: (t) => `für ${t} spenden`,
    zuInfinitive: (t) => `für ${t} zu spenden`,
  },
  Petition: {
    campaign: 'Petition',
    one: 'Unterschrift',
    many: 'Unterschriften',
    manyDative: 'Unterschriften',
    masculine: false,
    imperative: (t) => `Unterschreiben Sie ${t}`,
    infinitive: (t) => `${t} unterschreiben`,
    zuInfinitive: (t) => `${t} zu unterschreiben`,
  },
  Brief: {
    campaign: 'Briefaktion',
    one: 'Brief',
    many: 'Briefe',
    manyDative: 'Briefen',
    masculine: true,
    imperative: (t) => `Schreiben Sie einen Brief für ${t}`,
    infinitive: (t) => `einen Brief für ${t} schreiben`,
    zuInfinitive: (t) => `einen Brief für ${t} zu schreiben`,
  },
};

interface EnglishWords {
  campaign: string;
  one: string;
  many: string;
  /** "Donate to “T”" */
  imperative: (t: string) => string;
  /** "donate to “T”" */
  infinitive: (t: string) => string;
}

const EN: Record<CauseCategory, EnglishWords> = {
  Spenden: {
    campaign: 'fundraiser',
    one: 'donation',
    many: 'donations',
    imperative: (t) => `Donate to ${t}`,
    infinitive: (t) => `donate to ${t}`,
  },
  Petition: {
    campaign: 'petition',
    one: 'signature',
    many: 'signatures',
    imperative: (t) => `Sign ${t}`,
    infinitive: (t) => `sign ${t}`,
  },
  Brief: {
    campaign: 'letter campaign',
    one: 'letter',
    many: 'letters',
    imperative: (t) => `Write a letter for ${t}`,
    infinitive: (t) => `write a letter for ${t}`,
  },
};

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

// ---------------------------------------------------------------------------------------------------
// Summary
// ---------------------------------------------------------------------------------------------------

/** German: who runs the campaign and until when (absolute date only). */
function germanFrame(s: Situation, withTitleRef: boolean): string {
  const w = DE[s.category];
  const date = s.date ? formatDate(s.date, 'de') : null;
  const named = withTitleRef ? `${w.campaign} ${quote(s.title, 'de')}` : w.campaign;
  if (!s.org) {
    if (date) return `Die ${named} läuft bis zum ${date}.`;
    return withTitleRef ? `${quote(s.title, 'de')} ist eine ${w.campaign}.` : '';
  }
  if (withTitleRef || variant(s, 2) === 0) {
    if (date) return `Die ${named} von ${s.org} läuft bis zum ${date}.`;
    return stop(`Hinter der ${named} steht ${s.org}`);
  }
  const until = date ? ` bis zum ${date}` : '';
  if (s.category === 'Spenden') return `${s.org} sammelt mit dieser Aktion${until} Spenden.`;
  if (s.category === 'Petition') return `${s.org} sammelt mit dieser Petition${until} Unterschriften.`;
  return `${s.org} ruft mit dieser Aktion${until} dazu auf, Briefe zu schreiben.`;
}

/** German: the progress as one sentence, or '' when nothing is known. */
function germanProgress(s: Situation): string {
  // "0 % sind erreicht" / "0 von 500 Briefen" reads badly: below 1 % only the goal is named.
  if (s.progress === 'zero') s = { ...s, pct: null, current: null, progress: 'unknown' };
  const w = DE[s.category];
  const done = s.progress === 'over' ? 'übertroffen' : 'erreicht';
  const reached = s.progress === 'over' || s.progress === 'reached';
  if (s.category === 'Spenden') {
    if (s.goal !== null && s.pct !== null) {
      if (reached) return s.progress === 'over'
        ? `Das Ziel von ${euros(s.goal, 'de')} ist mit ${percent(s.pct, 'de')} bereits übertroffen.`
        : `Das Ziel von ${euros(s.goal, 'de')} ist bereits erreicht.`;
      return `${percent(s.pct, 'de')} des Ziels von ${euros(s.goal, 'de')} sind erreicht.`;
    }
    if (s.pct !== null) return reached ? `Das Spendenziel ist bereits ${done}.` : `${percent(s.pct, 'de')} des Spendenziels sind erreicht.`;
    if (s.goal !== null) return `Das Spendenziel liegt bei ${euros(s.goal, 'de')}.`;
    if (s.current !== null) return `Bisher sind ${euros(s.current, 'de')} zusammengekommen.`;
    return '';
  }
  if (s.goal !== null && s.current !== null) {
    if (reached) return `Mit ${amount(s, s.current, 'de', true)} ist das Ziel von ${count(s.goal, 'de')} bereits ${done}.`;
    const one = Math.round(s.current) === 1;
    if (s.category === 'Brief') return `Bisher ${one ? 'wurde' : 'wurden'} ${count(s.current, 'de')} von ${count(s.goal, 'de')} Briefen geschrieben.`;
    return `Bisher ${one ? 'ist' : 'sind'} ${count(s.current, 'de')} von ${count(s.goal, 'de')} ${w.manyDative} zusammengekommen.`;
  }
  if (s.goal !== null && s.pct !== null) {
    if (reached) return `Das Ziel von ${amount(s, s.goal, 'de', true)} ist bereits ${done}.`;
    return `${percent(s.pct, 'de')} des Ziels von ${amount(s, s.goal, 'de', true)} sind erreicht.`;
  }
  if (s.pct !== null) return reached ? `Das Ziel ist bereits ${done}.` : `${percent(s.pct, 'de')} des Ziels sind erreicht.`;
  if (s.goal !== null) return `Das Ziel liegt bei ${amount(s, s.goal, 'de', true)}.`;
  if (s.current !== null) {
    const one = Math.round(s.current) === 1;
    if (s.category === 'Brief') return `Bisher ${one ? 'wurde' : 'wurden'} ${amount(s, s.current, 'de')} geschrieben.`;
    return `Bisher ${one ? 'ist' : 'sind'} ${amount(s, s.current, 'de')} zusammengekommen.`;
  }
  return '';
}

/** English: what the campaign is, by whom and until when, with the (German) title quoted. */
function englishFrame(s: Situation, title: string): string {
  const w = EN[s.category];
  const date = s.date ? formatDate(s.date, 'en') : null;
  const t = quote(title, 'en');
  if (s.org && variant(s, 2) === 1) {
    const until = date ? ` until ${date}` : '';
    if (s.category === 'Spenden') return `With the fundraiser ${t}, ${s.org} is collecting donations${until}.`;
    if (s.category === 'Petition') return `With the petition ${t}, ${s.org} is collecting signatures${until}.`;
    return `With the letter campaign ${t}, ${s.org} is asking people to write letters${until}.`;
  }
  const by = s.org ? ` by ${s.org}` : '';
  const running = date ? (s.org ? `, running until ${date}` : ` that runs until ${date}`) : '';
  return stop(`${t} is a ${w.campaign}${by}${running}`);
}

function englishProgress(s: Situation): string {
  if (s.progress === 'zero') s = { ...s, pct: null, current: null, progress: 'unknown' };
  const w = EN[s.category];
  const reached = s.progress === 'over' || s.progress === 'reached';
  const done = s.progress === 'over' ? 'exceeded' : 'reached';
  if (s.category === 'Spenden') {
    if (s.goal !== null && s.pct !== null) {
      if (reached) return s.progress === 'over'
        ? `It has already exceeded its ${euros(s.goal, 'en')} goal, at ${percent(s.pct, 'en')}.`
        : `It has already reached its ${euros(s.goal, 'en')} goal.`;
      return `${percent(s.pct, 'en')} of the ${euros(s.goal, 'en')} goal has been raised.`;
    }
    if (s.pct !== null) return reached ? `It has already ${done} its goal.` : `${percent(s.pct, 'en')} of the goal has been raised.`;
    if (s.goal !== null) return `The goal is ${euros(s.goal, 'en')}.`;
    if (s.current !== null) return `So far, ${euros(s.current, 'en')} has been raised.`;
    return '';
  }
  if (s.goal !== null && s.current !== null) {
    if (reached) return `With ${amount(s, s.current, 'en')}, it has already ${done} its goal of ${count(s.goal, 'en')}.`;
    const verb = Math.round(s.current) === 1 ? 'has' : 'have';
    const collected = s.category === 'Brief' ? 'been written' : 'been collected';
    return `So far, ${count(s.current, 'en')} of ${count(s.goal, 'en')} ${w.many} ${verb} ${collected}.`;
  }
  if (s.goal !== null && s.pct !== null) {
    if (reached) return `It has already ${done} its goal of ${amount(s, s.goal, 'en')}.`;
    return `${percent(s.pct, 'en')} of the goal of ${amount(s, s.goal, 'en')} has been reached.`;
  }
  if (s.pct !== null) return reached ? `It has already ${done} its goal.` : `${percent(s.pct, 'en')} of the goal has been reached.`;
  if (s.goal !== null) return `The goal is ${amount(s, s.goal, 'en')}.`;
  if (s.current !== null) {
    const verb = Math.round(s.current) === 1 ? 'has' : 'have';
    return `So far, ${amount(s, s.current, 'en')} ${verb} been ${s.category === 'Brief' ? 'written' : 'collected'}.`;
  }
  return '';
}

/** Short abstract, 1–3 sentences, max 400 characters. Must NOT mention relative days ("in 5 days"), only absolute dates, because it is regenerated only when the cause's data changes. */
export function writeSummary(facts: CauseFacts, lang: Language): string {
  const s = situation(facts);
  if (lang === 'en') {
    // The English summary is written from the structured facts only, whatever the source language.
    const progress = englishProgress(s);
    let frame = englishFrame(s, s.title);
    const room = SUMMARY_MAX_CHARS - (progress ? progress.length + 1 : 0);
    if (frame.length > room) {
      const titleRoom = Math.max(20, s.title.length - (frame.length - room));
      frame = englishFrame(s, cutAtWord(s.title, titleRoom) ?? `${s.title.slice(0, titleRoom - 1)}…`);
    }
    return [frame, progress].filter(Boolean).join(' ');
  }

  const progress = germanProgress(s);
  const frameWithoutTitle = germanFrame(s, false);
  const factsLength = [frameWithoutTitle, progress].filter(Boolean).join(' ').length;
  const factSentences = [frameWithoutTitle, progress].filter(Boolean).length;
  // The description is quoted only when it is German; otherwise the summary is written from the facts.
  const opening =
    facts.sourceLanguage === 'de'
      ? excerpt(facts.description, Math.min(EXCERPT_MAX_CHARS, SUMMARY_MAX_CHARS - factsLength - 1), Math.max(1, 3 - factSentences))
      : '';
  const frame = opening ? frameWithoutTitle : germanFrame(s, true);
  let text = [opening, frame, progress].filter(Boolean).join(' ');
  if (text.length > SUMMARY_MAX_CHARS) {
    // Only possible with an extremely long title or organisation name: keep the facts, cut at a word.
    text = cutAtWord(text, SUMMARY_MAX_CHARS) ?? text.slice(0, SUMMARY_MAX_CHARS);
  }
  return text;
}

// ---------------------------------------------------------------------------------------------------
// Action, German
// ---------------------------------------------------------------------------------------------------

function germanHeadline(s: Situation): (t: string) => string {
  const w = DE[s.category];
  const v = variant(s, 0);
  const date = s.date ? formatDate(s.date, 'de') : null;
  const pct = s.pct === null ? '' : percent(s.pct, 'de');
  switch (s.timing) {
    case 'today':
      return v === 0 ? (t) => `Letzter Tag: Jetzt noch ${w.infinitive(t)}` : (t) => `Nur noch heute: ${w.imperative(t)}`;
    case 'tomorrow':
      return v === 0 ? (t) => `Nur noch bis morgen: ${w.imperative(t)}` : (t) => `Endet morgen: Jetzt noch ${w.infinitive(t)}`;
    case 'soon':
      return v === 0
        ? (t) => `Noch ${s.days} Tage: ${w.imperative(t)}`
        : (t) => `Nur noch ${s.days} Tage Zeit, um ${w.zuInfinitive(t)}`;
    default:
      break;
  }
  if (s.progress === 'over' || s.progress === 'reached') {
    const done = s.progress === 'over' ? 'übertroffen' : 'erreicht';
    return v === 0
      ? (t) => `Ziel ${done}: Helfen Sie, den Erfolg von ${t} auszubauen`
      : (t) => `${pct} erreicht: ${w.masculine ? 'Jeder weitere' : 'Jede weitere'} ${w.one} stärkt ${t}`;
  }
  if (s.progress === 'close') {
    return v === 1 && s.pct !== null && s.pct >= 90
      ? (t) => `Fast geschafft: ${w.imperative(t)}`
      : (t) => `Schon ${pct} erreicht: ${w.imperative(t)}`;
  }
  if (s.timing === 'later') {
    if (date) return v === 0 ? (t) => `Bis zum ${date}: ${w.imperative(t)}` : (t) => `${w.imperative(t)} – noch bis zum ${date}`;
    return (t) => `Noch ${s.days} Tage: ${w.imperative(t)}`;
  }
  if (s.progress === 'low' && v === 0) return (t) => `Erst ${pct} erreicht: ${t} braucht Ihre Unterstützung`;
  if (v === 0) return (t) => `${t} braucht ${w.masculine ? 'Ihren' : 'Ihre'} ${w.one}`;
  if (s.category === 'Spenden') return (t) => `Jeder Betrag zählt: ${w.imperative(t)}`;
  if (s.category === 'Petition') return (t) => `Ihre Stimme zählt: ${w.imperative(t)}`;
  return (t) => `Ihre Worte zählen: ${w.imperative(t)}`;
}

/**
 * German: what the campaign is doing right now, without progress to point to. After a sentence about
 * the campaign (`afterCampaign`), "sie" refers back to it instead of naming it twice.
 */
function germanOngoing(s: Situation, afterCampaign = false): string {
  if (s.category === 'Spenden') {
    const who = s.org ? `${s.org} sammelt` : afterCampaign ? 'Sie sammelt' : 'Die Spendenaktion sammelt';
    return `${who} gerade Spenden für dieses Anliegen, und jede einzelne bringt es ein Stück voran.`;
  }
  if (s.category === 'Petition') {
    const who = s.org
      ? `${s.org} sammelt gerade Unterschriften für diese Petition`
      : `${afterCampaign ? 'Sie' : 'Die Petition'} sammelt gerade Unterschriften`;
    return `${who} – je mehr zusammenkommen, desto mehr Gewicht hat sie.`;
  }
  const who = `${s.org || (afterCampaign ? 'Sie' : 'Die Briefaktion')} ruft gerade dazu auf, Briefe zu schreiben`;
  return `${who} – je mehr Menschen mitmachen, desto schwerer lässt sich das Anliegen übergehen.`;
}

function germanWhyNow(s: Situation): string {
  const w = DE[s.category];
  const on = s.date ? `, am ${formatDate(s.date, 'de')}` : '';
  let timing = '';
  if (s.timing === 'today') timing = `Die ${w.campaign} endet heute${on}.`;
  else if (s.timing === 'tomorrow') timing = `Die ${w.campaign} endet morgen${on}.`;
  else if (s.timing === 'soon') timing = `Die ${w.campaign} endet in ${s.days} Tagen${on}.`;
  else if (s.timing === 'later') {
    const until = s.date ? `bis zum ${formatDate(s.date, 'de')}` : '';
    timing =
      s.days !== null
        ? `Die ${w.campaign} läuft noch ${s.days} Tage${until ? `, ${until}` : ''}.`
        : `Die ${w.campaign} läuft noch ${until}.`;
  }

  const subject = timing ? 'sie' : `die ${w.campaign}`;
  const still = s.timing === 'none' ? 'weiter' : 'bis dahin weiter';
  const collects = s.category === 'Brief' ? `ruft ${still} zum Schreiben auf` : `sammelt ${still} ${w.many}`;
  const pct = s.pct === null ? '' : percent(s.pct, 'de');
  let progress = '';
  if (s.progress === 'over') progress = `Mit ${pct} hat ${subject} ihr Ziel bereits übertroffen und ${collects}.`;
  else if (s.progress === 'reached') progress = `${capitalize(subject)} hat ihr Ziel bereits erreicht und ${collects}.`;
  else if (s.progress === 'close') {
    progress = timing
      ? `Mit ${pct} ist das Ziel schon in Reichweite.`
      : `Mit ${pct} ist das Ziel schon in Reichweite – jetzt zählen die letzten ${w.many}.`;
  }
  else if (s.progress === 'low') progress = `Bisher sind ${pct} des Ziels erreicht, es ist also noch viel Unterstützung nötig.`;
  else if (s.progress === 'zero') progress = 'Vom Ziel ist bisher kaum etwas erreicht – gerade jetzt zählt jede Unterstützung.';

  if (timing && progress) return `${timing} ${progress}`;
  if (timing) return s.timing === 'later' ? `${timing} ${germanOngoing(s, true)}` : timing;
  if (progress) return progress;
  return germanOngoing(s);
}

function germanWhyYou(s: Situation): string {
  const v = variant(s, 1);
  const ofOrg = s.org ? `von ${s.org}` : 'der Initiatoren';
  if (s.category === 'Spenden') {
    return v === 0
      ? `Mit Ihrer Spende unterstützen Sie die Arbeit ${ofOrg} – auch ein kleiner Betrag zählt.`
      : `Sie entscheiden selbst, wie viel Sie geben: Jede Spende, ob groß oder klein, bringt das Anliegen ${ofOrg} voran.`;
  }
  if (s.category === 'Petition') {
    return v === 0
      ? 'Ihre Unterschrift kostet Sie nur einen Moment und zeigt den Verantwortlichen, dass Ihnen dieses Anliegen wichtig ist.'
      : `Mit Ihrer Unterschrift stellen Sie sich hinter die Forderung ${ofOrg} und geben ihr mehr Gewicht.`;
  }
  return v === 0
    ? 'Ein persönlicher Brief von Ihnen zeigt den Adressaten, dass hinter dem Anliegen echte Menschen stehen.'
    : `Mit Ihrem Brief unterstützen Sie ${s.org || 'die Initiatoren'} und sprechen die Entscheidungsträger direkt an.`;
}

function germanImpact(s: Situation): string {
  const w = DE[s.category];
  const yours = w.masculine ? 'Ihrer' : 'Ihre';
  const oneWord = w.masculine ? 'ein' : 'eine';
  if (s.tipping !== null) {
    if (s.tipping === 1) return `Es fehlt nur noch ${oneWord} ${w.one} bis zur entscheidenden Schwelle – das kann ${yours} sein.`;
    return `Es fehlen noch ${count(s.tipping, 'de')} ${w.many} bis zur entscheidenden Schwelle – ${yours} kann ${w.masculine ? 'einer' : 'eine'} davon sein.`;
  }
  // Below 1 % "500 of 500 are still missing" says nothing; the general line below fits better.
  if (s.gap !== null && s.goal !== null && s.progress !== 'zero') {
    if (s.category === 'Spenden') {
      const verb = s.gap === 1 ? 'fehlt' : 'fehlen';
      return `Bis zum Ziel von ${euros(s.goal, 'de')} ${verb} noch ${euros(s.gap, 'de')} – Ihre Spende hilft, diese Lücke zu schließen.`;
    }
    const goal = `Bis zum Ziel von ${count(s.goal, 'de')} ${Math.round(s.goal) === 1 ? w.one : w.manyDative}`;
    if (s.gap === 1) return `${goal} fehlt nur noch ${w.masculine ? 'einer' : 'eine'} – das kann ${yours} sein.`;
    return `${goal} fehlen noch ${count(s.gap, 'de')} – ${w.masculine ? 'Ihr' : 'Ihre'} ${w.one} bringt die ${w.campaign} diesem Ziel näher.`;
  }
  if (s.progress === 'over' || s.progress === 'reached') {
    const done = s.progress === 'over' ? 'übertroffen' : 'erreicht';
    if (s.category === 'Spenden') {
      return `Das Ziel ist ${done} – jede weitere Spende gibt ${s.org || 'der Aktion'} zusätzlichen Spielraum.`;
    }
    if (s.category === 'Petition') {
      return `Das Ziel ist ${done} – jede weitere Unterschrift unterstreicht, wie viele Menschen hinter der Forderung stehen.`;
    }
    return `Das Ziel ist ${done} – jeder weitere Brief zeigt, wie viele Menschen hinter dem Anliegen stehen.`;
  }
  const your = `${w.masculine ? 'Ihr' : 'Ihre'} ${w.one}`;
  if (s.progress === 'close') return `${your} hilft, die letzte Strecke bis zum Ziel zu schaffen.`;
  if (s.progress === 'low' || s.progress === 'zero') return `${your} bringt die ${w.campaign} ihrem Ziel ein Stück näher.`;
  if (s.category === 'Spenden') return `Ihre Spende hilft ${s.org || 'den Initiatoren'}, dieses Anliegen weiter voranzubringen.`;
  if (s.category === 'Petition') return 'Jede Unterschrift erhöht den Druck auf die Verantwortlichen, sich mit der Forderung zu befassen.';
  return 'Jeder zusätzliche Brief macht es schwerer, das Anliegen zu übergehen.';
}

// ---------------------------------------------------------------------------------------------------
// Action, English
// ---------------------------------------------------------------------------------------------------

function englishHeadline(s: Situation): (t: string) => string {
  const w = EN[s.category];
  const v = variant(s, 0);
  const date = s.date ? formatDate(s.date, 'en') : null;
  const pct = s.pct === null ? '' : percent(s.pct, 'en');
  switch (s.timing) {
    case 'today':
      return v === 0 ? (t) => `Last day: ${w.imperative(t)}` : (t) => `Ends today: ${w.imperative(t)} before it closes`;
    case 'tomorrow':
      return v === 0 ? (t) => `Only until tomorrow: ${w.imperative(t)}` : (t) => `Ends tomorrow: ${w.imperative(t)} now`;
    case 'soon':
      return v === 0 ? (t) => `${s.days} days left: ${w.imperative(t)}` : (t) => `Only ${s.days} days left to ${w.infinitive(t)}`;
    default:
      break;
  }
  if (s.progress === 'over' || s.progress === 'reached') {
    const done = s.progress === 'over' ? 'exceeded' : 'reached';
    return v === 0
      ? (t) => `Goal ${done}: Help ${t} go even further`
      : (t) => `${pct} reached: Every extra ${w.one} strengthens ${t}`;
  }
  if (s.progress === 'close') {
    return v === 1 && s.pct !== null && s.pct >= 90
      ? (t) => `Almost there: ${w.imperative(t)}`
      : (t) => `Already ${pct} there: ${w.imperative(t)}`;
  }
  if (s.timing === 'later') {
    if (date) return v === 0 ? (t) => `Open until ${date}: ${w.imperative(t)}` : (t) => `${w.imperative(t)} by ${date}`;
    return (t) => `${s.days} days left: ${w.imperative(t)}`;
  }
  if (s.progress === 'low' && v === 0) return (t) => `Only ${pct} so far: ${t} needs your support`;
  if (v === 0) return (t) => `${t} needs your ${w.one}`;
  if (s.category === 'Spenden') return (t) => `Every amount counts: ${w.imperative(t)}`;
  if (s.category === 'Petition') return (t) => `Your voice counts: ${w.imperative(t)}`;
  return (t) => `Your words count: ${w.imperative(t)}`;
}

function englishOngoing(s: Situation, afterCampaign = false): string {
  const it = afterCampaign ? 'It' : null;
  if (s.category === 'Spenden') {
    return `${s.org || it || 'The fundraiser'} is collecting donations for this cause right now, and every one of them moves it forward.`;
  }
  if (s.category === 'Petition') {
    return `${s.org || it || 'The petition'} is gathering signatures ${s.org ? 'for this petition ' : ''}right now – the more people sign, the more weight it carries.`;
  }
  return `${s.org || it || 'The letter campaign'} is asking people to write letters right now – the more people take part, the harder the issue is to ignore.`;
}

function englishWhyNow(s: Situation): string {
  const w = EN[s.category];
  const on = s.date ? `, on ${formatDate(s.date, 'en')}` : '';
  let timing = '';
  if (s.timing === 'today') timing = `The ${w.campaign} ends today${on}.`;
  else if (s.timing === 'tomorrow') timing = `The ${w.campaign} ends tomorrow${on}.`;
  else if (s.timing === 'soon') timing = `The ${w.campaign} ends in ${s.days} days${on}.`;
  else if (s.timing === 'later') {
    const until = s.date ? `until ${formatDate(s.date, 'en')}` : '';
    timing =
      s.days !== null
        ? `The ${w.campaign} runs for another ${s.days} days${until ? `, ${until}` : ''}.`
        : `The ${w.campaign} runs ${until}.`;
  }

  const subject = timing ? 'it' : `the ${w.campaign}`;
  const collecting = `still collecting ${w.many}`;
  const pct = s.pct === null ? '' : percent(s.pct, 'en');
  let progress = '';
  if (s.progress === 'over') progress = `At ${pct}, ${subject} has already passed its goal and is ${collecting}.`;
  else if (s.progress === 'reached') progress = `${capitalize(subject)} has already reached its goal and is ${collecting}.`;
  else if (s.progress === 'close') {
    progress = timing
      ? `At ${pct}, the goal is within reach.`
      : `At ${pct}, the goal is within reach – the last few ${w.many} now make the difference.`;
  }
  else if (s.progress === 'low') progress = `So far, ${pct} of the goal has been reached, so plenty of support is still needed.`;
  else if (s.progress === 'zero') progress = 'Hardly any of the goal has been reached yet, so every bit of support counts right now.';

  if (timing && progress) return `${timing} ${progress}`;
  if (timing) return s.timing === 'later' ? `${timing} ${englishOngoing(s, true)}` : timing;
  if (progress) return progress;
  return englishOngoing(s);
}

function englishWhyYou(s: Situation): string {
  const v = variant(s, 1);
  const org = s.org || 'the organisers';
  if (s.category === 'Spenden') {
    return v === 0
      ? `Your donation supports the work of ${org} – even a small amount makes a difference.`
      : `You decide how much to give: every donation, large or small, helps ${org} move this cause forward.`;
  }
  if (s.category === 'Petition') {
    return v === 0
      ? 'Signing takes only a moment and shows those responsible that this issue matters to you.'
      : `By signing, you add your name to the call from ${org} and give it more weight.`;
  }
  return v === 0
    ? 'A personal letter from you shows the recipients that real people stand behind this issue.'
    : `With your letter, you support ${org} and speak directly to the people who make the decisions.`;
}

function englishImpact(s: Situation): string {
  const w = EN[s.category];
  if (s.tipping !== null) {
    if (s.tipping === 1) return `Just one more ${w.one} is needed to reach the tipping point – it could be yours.`;
    return `${count(s.tipping, 'en')} more ${w.many} are needed to reach the tipping point – yours could be one of them.`;
  }
  if (s.gap !== null && s.goal !== null && s.progress !== 'zero') {
    if (s.category === 'Spenden') {
      return `${euros(s.gap, 'en')} is still needed to reach the ${euros(s.goal, 'en')} goal – your donation helps close that gap.`;
    }
    const goal = `the goal of ${count(s.goal, 'en')}`;
    if (s.gap === 1) return `Just one more ${w.one} is needed to reach ${goal} – it could be yours.`;
    return `${count(s.gap, 'en')} more ${w.many} are needed to reach ${goal} – yours brings the ${w.campaign} closer.`;
  }
  if (s.progress === 'over' || s.progress === 'reached') {
    const done = s.progress === 'over' ? 'exceeded' : 'reached';
    if (s.category === 'Spenden') return `The goal has already been ${done} – every further donation gives ${s.org || 'the fundraiser'} more room to act.`;
    if (s.category === 'Petition') return `The goal has already been ${done} – every further signature underlines how many people back the demand.`;
    return `The goal has already been ${done} – every further letter shows how many people stand behind the issue.`;
  }
  if (s.progress === 'close') return `Your ${w.one} helps cover the last stretch to the goal.`;
  if (s.progress === 'low' || s.progress === 'zero') return `Your ${w.one} brings the ${w.campaign} a step closer to its goal.`;
  if (s.category === 'Spenden') return `Your donation helps ${s.org || 'the organisers'} keep moving this cause forward.`;
  if (s.category === 'Petition') return 'Every signature adds pressure on those responsible to deal with the demand.';
  return 'Every additional letter makes the issue harder to ignore.';
}

/** The call to action for the daily action; may use daysUntilDeadline ("noch 3 Tage", "ends tomorrow"). */
export function writeAction(facts: CauseFacts, lang: Language): GeneratedAction {
  const s = situation(facts);
  const type = ACTION_TYPES[s.category] ?? 'donate';
  if (lang === 'en') {
    return {
      type,
      headline: withTitle(englishHeadline(s), s.title, 'en', HEADLINE_MAX_CHARS),
      whyNow: englishWhyNow(s),
      whyYou: englishWhyYou(s),
      impactStatement: englishImpact(s),
    };
  }
  return {
    type,
    headline: withTitle(germanHeadline(s), s.title, 'de', HEADLINE_MAX_CHARS),
    whyNow: germanWhyNow(s),
    whyYou: germanWhyYou(s),
    impactStatement: germanImpact(s),
  };
}
