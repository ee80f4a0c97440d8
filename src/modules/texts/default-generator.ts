// The built-in text generator: writes the summary and the call to action of a cause in German and
// English from its structured facts. The words live in messages/de.ftl and messages/en.ftl (Project
// Fluent); this file chooses the facts, the message and its variant. Pure and deterministic: no
// randomness, no clock (the caller passes daysUntilDeadline), no time zone (dates are read from the
// YYYY-MM-DD string), no locale data (numbers are formatted here, so the output cannot change with the
// ICU version of the machine).
//
// German grammar for any name: an organisation's name or a title is never inflected. It always stands
// after a head noun that carries article and case ("der Verein Freibadfreunde Chiemgau e.V. sammelt",
// "vom Verein …", "die Organisation Lesepaten Hamburg"), so verbs agree with the head noun, whatever the
// name is. Variants are chosen by a stable hash of the title, one independent choice per slot.
import { hasMessage, message, variablesOf, variantCount, type Language, type MessageArgs } from './messages.js';
import type { CauseCategory, CauseFacts, GeneratedAction, TextGenerator } from './text-generator.js';
import { splitSentences } from '../../text/sentences.js';

export const DEFAULT_GENERATOR_NAME = 'default-v4';

const SUMMARY_MAX_CHARS = 400;
const HEADLINE_MAX_CHARS = 90;
/** A title longer than this is not put in front of a headline as its label. */
const HEADLINE_LABEL_MAX_CHARS = 52;
/** The description excerpt of a summary stays at or below this, however much room the facts leave. */
const EXCERPT_MAX_CHARS = 220;

const ACTION_TYPES: Record<CauseCategory, string> = { Spenden: 'donate', Petition: 'sign', Brief: 'write' };

// ---------------------------------------------------------------------------------------------------
// Reading the facts
// ---------------------------------------------------------------------------------------------------

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
  progress: Progress;
  /** the percentage as shown: rounded down to a whole number */
  pct: number | null;
  goal: number | null;
  current: number | null;
  /** what is still missing to the goal (euros for Spenden, else a whole count); only when positive */
  gap: number | null;
  tipping: number | null;
  /** ISO 639-1 code; 'de' when unknown */
  sourceLanguage: string;
  titleEn: string | null;
  descriptionEn: string | null;
  publisher: boolean;
  /** German: the name has no certain head noun, so it is named as a label ("Träger der Petition: …") */
  orgLabel: boolean;
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

const QUOTES = /["„“”»«]/gu;

/**
 * Drops surrounding whitespace, and quotation marks the source put around the whole title; a title's own
 * quotation marks stay (`Lady Gaga: "Bin wie Andy Warhol"` keeps its closing quote).
 */
function cleanTitle(title: string): string {
  let text = title.replace(/\s+/g, ' ').trim();
  const wrapped = /^["„“”»«'‚‘’](.*)["“”»«'‘’]$/u.exec(text);
  if (wrapped && !/["„“”»«]/u.test(wrapped[1])) text = wrapped[1].trim();
  return text;
}

/** A title to be put inside quotation marks: its own quotation marks become the inner ones (‚…‘ / ‘…’). */
function nestedQuotes(title: string, lang: Language): string {
  const [open, close] = lang === 'de' ? ['‚', '‘'] : ['‘', '’'];
  return title
    .replace(/["„“”»«]([^"„“”»«]+)["“”»«]/gu, `${open}$1${close}`)
    .replace(QUOTES, lang === 'de' ? '‚' : '‘');
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

/** "Petition: Photovoltaik …" is shown as „Photovoltaik …“ where the text already says it is a petition. */
const CATEGORY_PREFIX = /^(?:Petition|Online-Petition|Spendenaktion|Spendenaufruf|Briefaktion)\s*[:–—-]\s+(?=\S{3})/iu;

function situation(facts: CauseFacts): Situation {
  const title = cleanTitle(facts.title ?? '').replace(CATEGORY_PREFIX, '');
  const org = (facts.organisationName ?? '').replace(/\s+/g, ' ').trim();
  const date = parseDate(facts.deadline);
  const rawDays = finite(facts.daysUntilDeadline) ? Math.trunc(facts.daysUntilDeadline) : null;
  const passed = rawDays !== null && rawDays < 0;

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
  const clean = (text: string | null | undefined) => (text && text.trim() ? text.trim() : null);

  return {
    category: facts.category,
    title,
    org,
    date: passed ? null : date,
    days: passed ? null : rawDays,
    progress,
    pct: shownPct,
    goal,
    current,
    gap,
    tipping,
    sourceLanguage: facts.sourceLanguage ?? 'de',
    titleEn: clean(facts.titleEn) ? cleanTitle(facts.titleEn!) : null,
    descriptionEn: clean(facts.descriptionEn),
    publisher: facts.organisationIsPublisher === true,
    orgLabel: organisationHead(org) === null,
  };
}

/** One of `count` variants (0-based) for one slot; slots vary independently of each other. */
function pick(s: Situation, slot: string, count: number): number {
  return count <= 1 ? 0 : stableHash(`${slot}\u0000${s.title}\u0000${s.org}`) % count;
}

/**
 * `base` with "-label" in place for a German organisation without a certain head noun, where the
 * message file has such variants ("summary-frame-label-date"); else `base`.
 */
function labelled(s: Situation, lang: Language, base: string): string {
  if (!s.orgLabel) return base;
  const id = base.replace(/^(summary-frame-(?:publisher-)?)/, '$1label-');
  return variantCount(lang, id) > 0 || hasMessage(lang, id) ? id : base;
}

/**
 * The message `${base}-N` chosen for this cause, and its id (for the skeleton). A name written in lower
 * case ("heise online", "foodwatch") is never made to open a sentence, where it would be capitalised:
 * the next variant that does not open with it is taken instead.
 */
function variantId(s: Situation, lang: Language, base: string, extra: MessageArgs = {}): string {
  const count = variantCount(lang, base);
  if (count === 0) throw new Error(`messages/${lang}.ftl has no variants of "${base}"`);
  const first = pick(s, base, count);
  if (!/^\p{Ll}/u.test(s.org)) return `${base}-${first + 1}`;
  for (let i = 0; i < count; i++) {
    const id = `${base}-${((first + i) % count) + 1}`;
    if (!render(s, lang, id, extra).startsWith(s.org)) return id;
  }
  return `${base}-${first + 1}`;
}

// ---------------------------------------------------------------------------------------------------
// Formatting (numbers by hand, words from the message files)
// ---------------------------------------------------------------------------------------------------

function groupDigits(whole: number, separator: string): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** A whole count: 12.400 (de) / 12,400 (en). */
function count(value: number, lang: Language): string {
  return groupDigits(Math.round(value), lang === 'de' ? '.' : ',');
}

/** The bare amount of euros: 40.000 / 5.000,50 (de), 40,000 / 5,000.50 (en); cents only when there are any. */
function euroAmount(value: number, lang: Language): string {
  const cents = Math.round(value * 100);
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return groupDigits(whole, lang === 'de' ? '.' : ',') + (rest ? (lang === 'de' ? ',' : '.') + String(rest).padStart(2, '0') : '');
}

const euros = (value: number, lang: Language) => message(lang, 'euros', { amount: euroAmount(value, lang) });
const percent = (value: number, lang: Language) => message(lang, 'percent', { value: String(value) });

/** "40.000 €", "12.400 Unterschriften", "1 Brief"; `dative` for "von 4.000 Briefen". */
function units(s: Situation, value: number, lang: Language, dative = false): string {
  const shown = s.category === 'Spenden' ? euroAmount(value, lang) : count(value, lang);
  const id = dative && lang === 'de' ? 'units-dative' : 'units';
  return message(lang, id, { category: s.category, amount: shown, n: s.category === 'Spenden' ? 2 : Math.round(value) });
}

/** The bare number in the category's unit (euros with the sign, counts without a noun). */
const bare = (s: Situation, value: number, lang: Language) => (s.category === 'Spenden' ? euros(value, lang) : count(value, lang));

function formatDate(date: CalendarDate, lang: Language): string {
  return message(lang, 'date', { day: String(date.day), month: message(lang, `month-${date.month}`), year: String(date.year) });
}

/**
 * The deadline for a headline: "11. Dezember" without the year when the deadline falls in the current or
 * one of the next 11 months (the month alone is then unambiguous), else with the year.
 */
function formatHeadlineDate(date: CalendarDate, days: number | null, lang: Language): string {
  if (days === null) return formatDate(date, lang);
  const today = new Date(Date.UTC(date.year, date.month - 1, date.day - days));
  const months = date.year * 12 + date.month - (today.getUTCFullYear() * 12 + today.getUTCMonth() + 1);
  if (months < 0 || months > 11) return formatDate(date, lang);
  return message(lang, 'day-month', { day: String(date.day), month: message(lang, `month-${date.month}`) });
}

/** "Montag, 23. November": true all content day long, unlike "morgen", which is wrong after midnight. */
function formatWeekdayDate(date: CalendarDate, lang: Language): string {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return message(lang, 'weekday-date', {
    weekday: message(lang, `weekday-${weekday}`),
    day: String(date.day),
    month: message(lang, `month-${date.month}`),
  });
}

// ---------------------------------------------------------------------------------------------------
// The organisation in German: a head noun that carries article and case
// ---------------------------------------------------------------------------------------------------

type Gender = 'm' | 'f' | 'n';

/** Names that begin with their own head noun take the article directly: "die Initiative Schlafwagen …". */
const LEADING_HEAD_NOUNS: Record<string, Gender> = {
  Initiative: 'f', Bürgerinitiative: 'f', Elterninitiative: 'f', Stiftung: 'f', Verein: 'm', Förderverein: 'm',
  Bündnis: 'n', Aktionsbündnis: 'n', Netzwerk: 'n', Arbeitskreis: 'm', Verband: 'm', Landesverband: 'm',
  Bundesverband: 'm', Kreisverband: 'm', Genossenschaft: 'f', Gemeinschaft: 'f', Kampagne: 'f', Komitee: 'n',
  Forum: 'n', Projekt: 'n', Aktionskreis: 'm', Freundeskreis: 'm', Kollektiv: 'n', Zentrum: 'n', Organisation: 'f',
  Gesellschaft: 'f', Aktion: 'f', Stadtteilinitiative: 'f',
};

interface OrgHead {
  /** message id of the head noun put before the name, or null when the name begins with its own */
  head: string | null;
  gender: Gender;
}

/** A head noun that may not be put before a name that already contains it ("der Verein Inklusiver Sportverein …"). */
const HEAD_WORD_INSIDE = /verein|initiative|stiftung|bündnis|netzwerk|verband|gesellschaft|genossenschaft|organisation|gemeinschaft|kreis|komitee|kollektiv/iu;

/**
 * The head noun is taken from the legal form or the first word only where that is certain. null when it
 * is not (a person, an institution, a newsroom, a name without legal form: "Deutscher Bundestag", "Maria
 * Schmidt", "heise online"), or when the name already holds the head noun in another form ("Inklusiver
 * Sportverein … e.V."): such a name is never put after an article, it stands as a label ("Träger: …").
 */
export function organisationHead(name: string): OrgHead | null {
  const first = name.split(/\s+/)[0] ?? '';
  if (name.includes(' ')) {
    if (LEADING_HEAD_NOUNS[first]) return { head: null, gender: LEADING_HEAD_NOUNS[first] };
    // A compound first word ending in a head noun is its own head: "der Kinderhospizverein Oberlausitz e.V.",
    // "das Tafel-Netzwerk Rhein-Neckar e.V.". An adjective in front ("Inklusiver …") never matches.
    const compound = /^\p{Lu}[\p{L}-]*?(verein|initiative|bündnis|netzwerk|stiftung|verband|kreis|gemeinschaft)$/iu.exec(first);
    if (compound) {
      const tail = compound[1].toLowerCase();
      const gender: Gender = tail === 'verein' || tail === 'verband' || tail === 'kreis' ? 'm' : tail === 'bündnis' || tail === 'netzwerk' ? 'n' : 'f';
      return { head: null, gender };
    }
  }
  const legal = name.replace(/\s*(?:e\.\s?V\.|eV|gGmbH|GmbH|e\.\s?G\.|eG)$/u, '');
  if (HEAD_WORD_INSIDE.test(legal)) return null;
  if (/\be\.\s?V\.$|\beV$/u.test(name)) return { head: 'org-head-verein', gender: 'm' };
  if (/\bgGmbH$/u.test(name)) return { head: 'org-head-ggmbh', gender: 'f' };
  if (/\bGmbH$/u.test(name)) return { head: 'org-head-gmbh', gender: 'f' };
  if (/\be\.\s?G\.$|\beG$/u.test(name)) return { head: 'org-head-genossenschaft', gender: 'f' };
  return null;
}

const ORG_MESSAGES = { orgNom: 'org-nom', orgAcc: 'org-acc', orgDat: 'org-dat', orgVon: 'org-von', orgBei: 'org-bei', orgGen: 'org-gen' } as const;

/**
 * The organisation in the case a German sentence needs: article, head noun, the name as it is. Only
 * for a name with a certain head noun (the messages for the others name it as a label).
 */
function germanOrg(s: Situation, name: keyof typeof ORG_MESSAGES): string {
  const found = organisationHead(s.org);
  if (!found) throw new Error(`no head noun for "${s.org}": a label message must be used`);
  const { head, gender } = found;
  // The genitive would inflect a name that begins with its own masculine or neuter head noun ("des Fördervereins …").
  if (name === 'orgGen' && gender !== 'f' && !head) name = 'orgVon';
  const kase = name === 'orgNom' || name === 'orgAcc' ? 'nom' : name === 'orgGen' ? 'gen' : 'other';
  const headed = head ? `${message('de', head, { case: kase })} ${s.org}` : s.org;
  return message('de', ORG_MESSAGES[name], { gender, headed });
}

type FluentValue = string | number;

/** Message `id` filled with the placeholders it uses, `extra` taking precedence. */
function render(s: Situation, lang: Language, id: string, extra: MessageArgs = {}): string {
  const args: MessageArgs = {};
  for (const name of variablesOf(lang, id)) {
    const value = name in extra ? extra[name] : placeholder(s, lang, name);
    if (value !== undefined) args[name] = value;
  }
  return message(lang, id, args);
}

/**
 * The value of placeholder `$name` for this cause, or undefined when the fact is unknown. Computed only
 * for the placeholders the chosen message uses: formatting all of them for every text would cost more
 * than writing it (the refresh writes two texts per cause).
 */
function placeholder(s: Situation, lang: Language, name: string): FluentValue | undefined {
  switch (name) {
    case 'category':
    case 'action':
      return s.category;
    case 'campaign':
      return message(lang, 'campaign', { category: s.category });
    case 'org':
      return s.org || 'the organisers';
    case 'orgNom':
    case 'orgAcc':
    case 'orgDat':
    case 'orgVon':
    case 'orgBei':
    case 'orgGen':
      return germanOrg(s, name);
    case 'over':
      return s.progress === 'over' ? 'yes' : 'no';
    case 'date':
      return s.date ? formatDate(s.date, lang) : undefined;
    case 'dateShort':
      return s.date ? formatHeadlineDate(s.date, s.days, lang) : undefined;
    case 'weekdayDate':
      return s.date ? formatWeekdayDate(s.date, lang) : undefined;
    case 'pct':
      return s.pct === null ? undefined : percent(s.pct, lang);
    case 'goal':
      return s.goal === null ? undefined : bare(s, s.goal, lang);
    case 'goalUnits':
      return s.goal === null ? undefined : units(s, s.goal, lang);
    case 'goalDative':
      return s.goal === null ? undefined : units(s, s.goal, lang, true);
    case 'goalN':
      return s.goal === null ? undefined : Math.round(s.goal);
    case 'current':
      return s.current === null ? undefined : bare(s, s.current, lang);
    case 'currentUnits':
      return s.current === null ? undefined : units(s, s.current, lang);
    case 'currentDative':
      return s.current === null ? undefined : units(s, s.current, lang, true);
    case 'n':
      // a sum of money takes the singular only as exactly 1 € ("1,40 € sind", "1 € ist")
      return s.current === null ? undefined : s.category === 'Spenden' ? (s.current === 1 ? 1 : 2) : Math.round(s.current);
    case 'gap':
      return s.gap === null ? undefined : bare(s, s.gap, lang);
    case 'gapAmount':
      return s.gap === null ? undefined : count(s.gap, lang);
    case 'gapUnits':
      return s.gap === null ? undefined : units(s, s.gap, lang);
    case 'gapN':
      return s.gap === null ? undefined : s.category === 'Spenden' ? 2 : Math.round(s.gap);
    case 'tippingUnits':
      return s.tipping === null ? undefined : units(s, s.tipping, lang);
    case 'tippingN':
      return s.tipping ?? undefined;
    case 'call':
      return message(lang, 'call', { category: s.category });
    case 'callCap':
      return message(lang, 'call-cap', { category: s.category });
    default:
      return undefined;
  }
}

/**
 * The title as a text in `lang` may show it: the English title in English where there is one, a title
 * in the text's own language, or else the title marked as the campaign's name in the other language.
 */
function displayTitle(s: Situation, lang: Language): { title: string; foreign: boolean } {
  if (lang === 'en' && s.titleEn) return { title: nestedQuotes(s.titleEn, lang), foreign: false };
  return { title: nestedQuotes(s.title, lang), foreign: s.sourceLanguage !== lang };
}

/** A title that names its own kind ("Brief an den Kreistag: …", "Offener Brief: …") is not put after "die Briefaktion". */
const TITLE_NAMES_KIND = /^(?:Offener\s+)?(?:Brief|Petition|Spendenaufruf|Aufruf|Appell)\b/iu;

/** The description in `lang`, or null when the source has none in that language. */
function descriptionIn(s: Situation, facts: CauseFacts, lang: Language): string | null {
  if (lang === 'en') return s.descriptionEn ?? (s.sourceLanguage === 'en' ? facts.description : null);
  return s.sourceLanguage === 'de' ? facts.description : null;
}

// ---------------------------------------------------------------------------------------------------
// The description excerpt
// ---------------------------------------------------------------------------------------------------

const ENDS_SENTENCE = /[.!?…]["“”»«'’)]*$/u;

/**
 * The description as running text: bullets stripped, whitespace collapsed. A line that does not end a
 * sentence (a heading, a list item without a period) is dropped, so it is never merged into the next
 * paragraph ("…vertraut zu machen Kinder und Jugendliche …").
 */
function descriptionText(description: string): string {
  const lines = (description ?? '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/^\s*(?:[-–•*·]|\d+[.)])\s+/, '').replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return lines.filter((line) => ENDS_SENTENCE.test(line)).join(' ');
}

/**
 * A sentence that speaks to the reader informally or as "we": it clashes with the generator's formal
 * "Sie" and its third person, so it is never quoted; nor is an informal imperative at its start ("Mach mit …"). Lowercase "ihr" is informal only before a verb
 * ("ihr könnt", "ihr seid"); before a noun it is "their" ("ihr Jugendhaus"), which is fine.
 */
const INFORMAL: Record<Language, RegExp> = {
  de: /(?<![\p{L}])(?:du|dich|dir|dein\p{L}*|euch|euer|eure\p{L}*|wir|uns|unser\p{L}*|ihr(?=\s+(?:seid|\p{Ll}+t)(?!\p{L})))(?![\p{L}])|^(?:Mach|Macht|Hilf|Helft|Komm|Kommt|Sei|Seid|Schau|Gib|Unterstütze|Werde|Melde|Schreib|Unterschreib)(?![\p{L}])|^(?:Du|Dich|Dir|Dein\p{L}*|Euch|Euer|Eure\p{L}*|Wir|Uns|Unser\p{L}*|Ihr(?=\s+(?:seid|\p{Ll}+t)(?!\p{L})))(?![\p{L}])/u,
  en: /\b(?:we|us|our|ours|ourselves)\b|^(?:We|Our|Us)\b/u,
};

/**
 * An opening that points back at a sentence the excerpt does not quote ("Das finden Sie in unserem
 * Newsquiz heraus.", "Dass es dafür kein einfaches Rezept gibt, …", "This is why …"): such a sentence
 * may continue an excerpt, never open it.
 */
const DANGLING: Record<Language, RegExp> = {
  de: /^(?:Das\s+\p{Ll}+(?<!e)(?!\p{L})|(?:Dies|Diese|Dieser|Dieses|Diesem|Diesen|Dass|Daher|Deshalb|Deswegen|Darum|Dafür|Dazu|Dabei|Dadurch|Davon|Darüber|Damit|Dort|Denn|Doch|Aber|Außerdem|Zudem|Auch|Trotzdem|Stattdessen|Allerdings|Jedoch|Somit|Also|Ebenso|Hier|Hierfür|Hierbei|Sie|Er|Solche\p{L}*)(?![\p{L}]))/u,
  en: /^(?:This|That|These|Those|They|It|Such|However|Therefore|Thus|Hence|Also|But|And|So|Moreover|Furthermore|Instead|Here|There(?!\s+(?:is|are|was|were)\b))\b/u,
};

/** Words for a time ("in diesem Jahr", "ab diesem Montag", "dieses Schuljahr"): a demonstrative before one points back at nothing. */
const TIME_STEMS = ['jahr', 'monat', 'woche', 'tag', 'zeit', 'saison', 'sommer', 'winter', 'herbst', 'frühjahr', 'frühling', 'nacht', 'abend', 'morgen', 'januar', 'februar', 'märz', 'april', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'dezember', 'mittwoch']
  .map((stem) => `[${stem[0].toUpperCase()}${stem[0]}]${stem.slice(1)}`)
  .join('|');
/**
 * A connective a few words in ("Die Sache ist aber nicht hoffnungslos.", "The plan, however, …") points
 * back just as much as one at the start, and so does a German demonstrative ("für diesen Zweck"),
 * except in a time ("in diesem Jahr").
 */
const DANGLING_INSIDE: Record<Language, RegExp> = {
  de: new RegExp(
    `^(?:\\S+\\s+){1,3}(?:(?:aber|doch|jedoch|allerdings|trotzdem|dennoch|also|deshalb|daher|deswegen|darum|somit|ebenfalls|außerdem|zudem)(?![\\p{L}-])|dies(?:e[mnrs]?)?(?![\\p{L}])(?!\\s+\\p{L}*(?:${TIME_STEMS})))`,
    'u',
  ),
  en: /^(?:\S+\s+){1,3}(?:however|therefore|thus|hence|nevertheless|nonetheless|also|moreover|furthermore|instead(?!\s+of\b))\b/u,
};

/**
 * Whole sentences of the description, at most `max` characters and `maxSentences` sentences, starting
 * at the first sentence that can open a text (a statement, not informal, pointing back at nothing);
 * '' when none fits (a sentence is never cut).
 */
function excerpt(description: string, max: number, maxSentences: number, lang: Language): string {
  if (max < 40 || maxSentences < 1) return '';
  const sentences = Array.from(splitSentences(descriptionText(description)), (sentence) => sentence.text).filter((sentence) =>
    ENDS_SENTENCE.test(sentence),
  );
  const usable = (sentence: string) => !sentence.endsWith(':') && !INFORMAL[lang].test(sentence);
  // An opening question ("Worum geht es?") says little on its own; start with the first statement.
  // A sentence of a few words ("Spende 5€.") says too little to open a summary.
  const canOpen = (sentence: string) => usable(sentence) && !sentence.endsWith('?') && !DANGLING[lang].test(sentence) && !DANGLING_INSIDE[lang].test(sentence) && sentence.split(/\s+/).length >= 4;
  for (let start = 0; start < Math.min(sentences.length, 5); start++) {
    if (!canOpen(sentences[start]) || sentences[start].length > max) continue;
    let text = '';
    for (const sentence of sentences.slice(start, start + maxSentences)) {
      if (!usable(sentence)) break;
      const candidate = text ? `${text} ${sentence}` : sentence;
      if (candidate.length > max) break;
      text = candidate;
    }
    return text;
  }
  return '';
}

// ---------------------------------------------------------------------------------------------------
// Summary
// ---------------------------------------------------------------------------------------------------

/** The progress sentence's message base, or null when nothing is known (below 1 % only the goal is named). */
function progressBase(s: Situation): string | null {
  const zero = s.progress === 'zero';
  const reached = s.progress === 'over' || s.progress === 'reached';
  if (s.goal !== null && s.current !== null && !zero) return reached ? 'summary-progress-reached' : 'summary-progress-both';
  if (s.goal !== null && s.pct !== null && !zero && !reached) return 'summary-progress-goalpct';
  if (s.goal !== null) return 'summary-progress-goal';
  if (s.pct !== null && !zero) return 'summary-progress-pct';
  if (s.current !== null && !zero) return 'summary-progress-current';
  return null;
}

interface Written {
  text: string;
  /** the message ids the text was built from: its sentence skeleton */
  skeleton: string[];
}

function composeSummary(facts: CauseFacts, lang: Language): Written {
  const s = situation(facts);
  const skeleton: string[] = [];

  const pBase = progressBase(s);
  const progressId = pBase ? variantId(s, lang, pBase) : null;
  const progress = progressId ? sentence(render(s, lang, progressId)) : '';

  const frameBase = labelled(s, lang, `summary-frame-${s.publisher ? 'publisher-' : ''}${s.date ? 'date' : 'nodate'}`);
  const campaign = message(lang, 'campaign', { category: s.category });
  const frameId = variantId(s, lang, frameBase, { campaign });
  const frame = (campaign: string) => sentence(render(s, lang, frameId, { campaign }));

  const plainFrame = frame(campaign);
  const description = descriptionIn(s, facts, lang);
  const factsLength = [plainFrame, progress].filter(Boolean).join(' ').length;
  const opening = description
    ? excerpt(description, Math.min(EXCERPT_MAX_CHARS, SUMMARY_MAX_CHARS - factsLength - 1), progress ? 1 : 2, lang)
    : '';
  let frameText = plainFrame;
  if (!opening) {
    // Without an excerpt, the frame names the campaign with its title, so the reader knows what it is.
    const { title, foreign } = displayTitle(s, lang);
    if (!foreign && hasMessage(lang, 'summary-title-label') && TITLE_NAMES_KIND.test(title)) {
      // "Brief an den Kreistag: …" already says what it is: the title stands alone, as a label.
      frameText = `${message(lang, 'summary-title-label', { title })} ${plainFrame}`;
      skeleton.push('title-label');
    } else {
      const titled = message(lang, foreign ? 'campaign-titled-foreign' : 'campaign-titled', { campaign, title, source: s.sourceLanguage });
      frameText = frame(titled);
      skeleton.push(foreign ? 'title-foreign' : 'title');
    }
  } else skeleton.push('excerpt');
  skeleton.push(frameId);
  if (progressId) skeleton.push(progressId);
  let text = [opening, frameText, progress].filter(Boolean).join(' ');
  if (text.length > SUMMARY_MAX_CHARS) {
    // Only with an extremely long title or name: the progress sentence goes, never a cut word.
    text = [opening, frameText].filter(Boolean).join(' ');
    skeleton.pop();
  }
  return { text, skeleton };
}

const capitalizeFirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** A sentence from a message: capitalised ("der Verein …" at the start), one period after "e.V.". */
const sentence = (text: string): string => capitalizeFirst(text).replace(/\.\.(?=\s|$)/gu, '.');

/** Short abstract, 1–3 sentences. Never mentions relative days: it is rewritten only when the data changes. */
export function writeSummary(facts: CauseFacts, lang: Language): string {
  return composeSummary(facts, lang).text;
}

/** The message ids a summary is built from (which sentence skeletons it uses); for spread checks. */
export function summarySkeleton(facts: CauseFacts, lang: Language): string[] {
  return composeSummary(facts, lang).skeleton;
}

// ---------------------------------------------------------------------------------------------------
// Action
// ---------------------------------------------------------------------------------------------------

/** Within this many days the deadline is the headline's reason. */
const SOON_DAYS = 7;

/** A message by its base name: the message itself, or the variant chosen for this cause. Records the id. */
function say(s: Situation, lang: Language, base: string, used: string[]): string {
  const id = hasMessage(lang, base) ? base : variantId(s, lang, base);
  used.push(id);
  return render(s, lang, id);
}

/** The first word of a headline after a label's colon: lowercase, unless it is a noun or "Ihre" (German) or "I". */
function afterColon(text: string, lang: Language): string {
  const first = /^\p{L}+/u.exec(text)?.[0] ?? '';
  const keep = lang === 'de' ? !/^(?:Jetzt|Nur|Bis|Schon|Noch|Auch|Gemeinsam|Helfen|Machen|Unterschreiben|Spenden|Schreiben)$/.test(first) : first === 'I';
  return keep ? text : text.charAt(0).toLowerCase() + text.slice(1);
}

/** The headline: the call, and the deadline where there is one (else how far the campaign is). */
function headline(s: Situation, lang: Language, used: string[]): string {
  let base: string;
  if (s.date && s.days !== null && s.days <= SOON_DAYS) base = 'headline-soon';
  else if (s.date) base = 'headline-later';
  else if (s.progress === 'over' || s.progress === 'reached') base = 'headline-over';
  else if (s.progress === 'close') base = 'headline-close';
  else base = 'headline-open';
  const text = capitalizeFirst(say(s, lang, base, used));
  // A short title in the text's language goes in front as a label; a long one is never cut, it is left out.
  // Both languages follow one pattern: the label only where either language can show its title, and never
  // before a headline that has a colon or a dash of its own.
  const { title, foreign } = displayTitle(s, lang);
  const other = displayTitle(s, lang === 'de' ? 'en' : 'de');
  const fits = (t: { title: string; foreign: boolean }) => !t.foreign && t.title.length <= HEADLINE_LABEL_MAX_CHARS;
  if (fits({ title, foreign }) && fits(other) && !/[:–]/u.test(text)) {
    const labelled = message(lang, 'headline-label', { title, headline: afterColon(text, lang) });
    if (labelled.length <= HEADLINE_MAX_CHARS) return labelled;
  }
  return text;
}

/**
 * Why it matters now: what is still missing (to the goal, or to the platform's stated threshold when
 * there is no goal) and what happens after the deadline. Never the headline's date, never the summary's
 * percentage.
 */
function whyNow(s: Situation, lang: Language, used: string[]): string {
  const parts: string[] = [];
  const soon = s.date !== null && s.days !== null && s.days <= SOON_DAYS;
  if (s.goal !== null && s.gap !== null) {
    parts.push(say(s, lang, s.gap === 1 ? 'whynow-gap-one' : 'whynow-gap', used));
  } else if (s.goal === null && s.tipping !== null && s.category !== 'Spenden') {
    parts.push(say(s, lang, s.tipping === 1 ? 'whynow-tipping-one' : 'whynow-tipping', used));
  } else if (s.progress === 'over' || s.progress === 'reached') {
    parts.push(say(s, lang, 'whynow-over', used));
  }
  if (soon) parts.push(say(s, lang, 'whynow-deadline-soon', used));
  else if (!parts.length) parts.push(say(s, lang, s.date ? 'whynow-deadline-later' : 'whynow-open', used));
  return parts.map(sentence).join(' ');
}

/** What one action adds; no count whyNow already gives. */
function impact(s: Situation, lang: Language, used: string[]): string {
  if (s.progress === 'over' || s.progress === 'reached') return say(s, lang, 'impact-over', used);
  if (s.goal !== null && s.gap !== null) return say(s, lang, 'impact-gap', used);
  // The threshold counts actions; for donations that is not the cause's unit (euros), so it is left out.
  if (s.goal === null && s.tipping !== null && s.category !== 'Spenden') return say(s, lang, 'impact-tipping', used);
  return say(s, lang, 'impact-open', used);
}

function composeAction(facts: CauseFacts, lang: Language): { action: GeneratedAction; skeleton: string[] } {
  const s = situation(facts);
  const used: string[] = [];
  const head = headline(s, lang, used);
  const now = whyNow(s, lang, used);
  const impactText = impact(s, lang, used);
  // whyYou names the organisation only where it is behind the campaign and (German) has a certain head noun.
  const you = say(s, lang, s.publisher || (lang === 'de' && s.orgLabel) ? 'whyyou-noorg' : 'whyyou', used);
  return {
    action: {
      type: ACTION_TYPES[s.category] ?? 'donate',
      headline: head,
      whyNow: now,
      whyYou: sentence(you),
      impactStatement: sentence(impactText),
    },
    skeleton: used,
  };
}

/** The message ids an action is built from (which sentence skeletons it uses); for spread checks. */
export function actionSkeleton(facts: CauseFacts, lang: Language): string[] {
  return composeAction(facts, lang).skeleton;
}

/**
 * The call to action for the daily action. It is served from 02:00 until 02:00 the next day, so it
 * names the deadline by weekday and date: "morgen" written at 02:00 would be wrong after midnight.
 */
export function writeAction(facts: CauseFacts, lang: Language): GeneratedAction {
  return composeAction(facts, lang).action;
}

/** The built-in generator as a TextGenerator: the refresh's default, and every other generator's fallback. */
export const defaultTextGenerator: TextGenerator = {
  summary: async (facts, lang) => ({ text: writeSummary(facts, lang), generator: DEFAULT_GENERATOR_NAME }),
  action: async (facts, lang) => ({ action: writeAction(facts, lang), generator: DEFAULT_GENERATOR_NAME }),
};
