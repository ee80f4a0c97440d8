// The facts of a cause as the built-in generator (default-generator.ts) reads them: title and name
// cleaned, amounts that make no sense dropped, the progress classified, the deadline read from its
// YYYY-MM-DD string (no time zone) and forgotten once it has passed.
import { INVISIBLE } from './excerpt.js';
import { organisationHead } from './german-organisation.js';
import { ASSUMED_SOURCE_LANGUAGE, type CauseCategory, type CauseFacts } from './text-generator.js';

/** over: above 100 %; reached: exactly 100 %; close: 70 to below 100 %; zero: below 1 %. */
export type Progress = 'over' | 'reached' | 'close' | 'low' | 'zero' | 'unknown';

export interface CalendarDate {
  year: number;
  month: number; // 1..12
  day: number;
}

export interface Situation {
  category: CauseCategory;
  title: string;
  org: string;
  date: CalendarDate | null;
  /** whole days until the deadline, only when the deadline has not passed */
  days: number | null;
  progress: Progress;
  /** the percentage as shown: a whole number, rounded, never up to 100 when the goal is not reached */
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
  /** the host of the action's page, where a publisher's item appeared ("epetitionen.bundestag.de") */
  host: string | null;
  /** German: the name has no certain head noun, so no sentence inflects it ("Hinter der Petition steht …") */
  orgLabel: boolean;
  /** the source says the action is open, or its deadline is ahead: only then may a text say it still runs */
  open: boolean;
  /** the month the figures are from, when the source dates them */
  figuresMonth: { year: number; month: number } | null;
  /**
   * the source dates the figures before the day the text is written (or that day is not known): what
   * stood then, said in the past ("fehlten noch"); figures of the day are current ("fehlen noch")
   */
  figuresPast: boolean;
  /** the language the title reads as: 'de' or 'en' when its words say so (or an English source's), else null */
  titleLanguage: 'de' | 'en' | null;
}

/**
 * Words that mark a title as German or English; a title with neither (a name, "CRE179 GSM Security") is
 * not marked. Beyond German function words and letters: forms English has not (a participle or verb in
 * -iert, "ge…t": "Kurz informiert", "Ticketverkauf gestartet"; a noun in -ung, -heit, -keit, -schaft:
 * "Abschiedskonzert ersetzt Aufbahrung"; "wie", "als").
 */
const TITLE_WORDS: Record<'de' | 'en', RegExp> = {
  de: /(?<!\p{L})(?:der|die|das|und|für|mit|von|vom|zum|zur|im|ist|nicht|kein|keine|statt|gegen|auf|bei|beim|nach|über|ein|eine|den|dem|des|wir|unsere?|sich|wird|werden|kann|soll|gibt|mehr|noch|durch|aus|vor|ohne|neue[nrsm]?|kleine[nrsm]?|wie|als|\p{L}{2,}iert[a-z]*|ge\p{Ll}{3,}t|\p{L}{3,}(?:ung|ungen|heit|keit|schaft))(?!\p{L})|[äöüß]/iu,
  en: /\b(?:the|and|for|with|of|to|on|is|not|no|against|our|we|your|save|stop|help|support)\b/iu,
};

function titleLanguageOf(title: string): 'de' | 'en' | null {
  // in capitals the words are ambiguous ("MAKE IST JULY …" holds no German "ist"): the source's language decides
  if (!/\p{Ll}/u.test(title)) return null;
  const de = TITLE_WORDS.de.test(title);
  const en = TITLE_WORDS.en.test(title);
  return de && !en ? 'de' : en && !de ? 'en' : null;
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

/** A calendar date as one comparable number (20261121). */
const dayNumber = (date: CalendarDate) => date.year * 10_000 + date.month * 100 + date.day;

const finite = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Drops surrounding whitespace, and quotation marks the source put around the whole title; a title's own
 * quotation marks stay (`Lady Gaga: "Bin wie Andy Warhol"` keeps its closing quote).
 */
function cleanTitle(title: string): string {
  let text = title.normalize('NFC').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
  const wrapped = /^["„“”»«'‚‘’](.*)["“”»«'‘’]$/u.exec(text);
  if (wrapped && !/["„“”»«]/u.test(wrapped[1])) text = wrapped[1].trim();
  return text;
}

/** "Petition: Photovoltaik …" is shown as „Photovoltaik …“ where the text already says it is a petition. */
const CATEGORY_PREFIX = /^(?:Petition|Online-Petition|Spendenaktion|Spendenaufruf|Briefaktion)\s*[:–—-]\s+(?=\S{3})/iu;

export function situation(facts: CauseFacts): Situation {
  const title = cleanTitle(facts.title ?? '').replace(CATEGORY_PREFIX, '');
  const org = (facts.organisationName ?? '').normalize('NFC').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
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
    gap = facts.category === 'Spenden' ? (Math.round(goal * 100) - Math.round(current * 100)) / 100 : Math.round(goal) - Math.round(current);
    if (gap <= 0) gap = null;
  }
  // A positive gap means the goal is not reached, whatever a (rounded) percentage says.
  // rounded as an editor rounds (41.75 → 42, 64.5 → 65), but never up to a goal not reached (99.6 → 99);
  // past the goal down, so that a hair over it is not a whole point more (100.3 → 100)
  let shownPct = rawPct === null ? null : rawPct < 100 ? Math.min(Math.round(rawPct), 99) : Math.floor(rawPct);
  if (gap !== null && (progress === 'over' || progress === 'reached')) {
    progress = 'close';
    shownPct = Math.min(shownPct ?? 99, 99);
  }

  const tipping = finite(facts.actionsToTippingPoint) && facts.actionsToTippingPoint >= 1 ? Math.round(facts.actionsToTippingPoint) : null;
  const clean = (text: string | null | undefined) => (text && text.trim() ? text.trim() : null);
  const figuresDay = parseDate(facts.figuresAsOf ?? null);
  const figuresMonth = figuresDay && (goal !== null || current !== null || rawPct !== null) ? { year: figuresDay.year, month: figuresDay.month } : null;
  const writtenDay = parseDate(facts.writtenOn ?? null);

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
    sourceLanguage: facts.sourceLanguage ?? ASSUMED_SOURCE_LANGUAGE,
    titleEn: clean(facts.titleEn) ? cleanTitle(facts.titleEn!) : null,
    descriptionEn: clean(facts.descriptionEn),
    publisher: facts.organisationIsPublisher === true,
    host: facts.pageHost ?? null,
    orgLabel: organisationHead(org) === null,
    open: facts.statusOpen === true || (!passed && date !== null),
    figuresMonth,
    // figures dated after the day (a source's clock ahead of ours) are as current as the day's
    figuresPast: figuresMonth !== null && !(writtenDay !== null && dayNumber(figuresDay!) >= dayNumber(writtenDay)),
    // A title without telling words is taken to be in an English source's language ("Skateistan
    // Cambodia"), but not in a German source's: there it is as often a name or a code ("CRE179 GSM
    // Security"), and calling it German would be wrong.
    titleLanguage: titleLanguageOf(title) ?? (facts.sourceLanguage === 'en' ? 'en' : null),
  };
}
