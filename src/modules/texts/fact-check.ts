// Checks a text against the facts it was written from, as an editor would before publishing: every
// number and date must come from the data, the organisation must be named as it is, and the text must
// be in its language. Used to discard a language model's answer that fails, and by the golden tests of
// the built-in generator.
import type { CauseFacts, Language } from './default-generator.js';

const MONTHS: Record<Language, string[]> = {
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};
const WEEKDAYS: Record<Language, string[]> = {
  de: ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'],
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
};

/**
 * Function words that mark a sentence as German or English; a text in one language contains none of
 * the other's (outside names and quoted titles, which are removed first). Words both languages share
 * ("die", "also", "was", "an", "in") are not in the lists.
 */
const FUNCTION_WORDS: Record<Language, Set<string>> = {
  de: new Set(['und', 'oder', 'nicht', 'für', 'mit', 'ist', 'sind', 'wird', 'werden', 'der', 'das', 'des', 'dem', 'den', 'ein', 'eine', 'einen', 'einem', 'einer', 'auf', 'bis', 'noch', 'wir', 'sie', 'ihr', 'ihre', 'auch', 'nur', 'zum', 'zur', 'vom', 'beim', 'im', 'über', 'gegen', 'jetzt', 'schon', 'wie', 'dass', 'sich', 'von', 'zu', 'bei', 'aus', 'nach', 'um']),
  en: new Set(['the', 'and', 'or', 'not', 'with', 'is', 'are', 'were', 'be', 'been', 'has', 'have', 'of', 'to', 'for', 'by', 'until', 'this', 'that', 'these', 'it', 'its', 'their', 'they', 'we', 'you', 'your', 'yours', 'more', 'only', 'just', 'from', 'at', 'on', 'who', 'which', 'can', 'could', 'every', 'already', 'now', 'there', 'still', 'after', 'before', 'people']),
};

const finite = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);
const round2 = (value: number) => Math.round(value * 100) / 100;

/** The readings of a written number: "12.400" is 12400 in German and 12.4 in English, so both count. */
function readings(token: string): number[] {
  const values = new Set<number>();
  const plain = token.replace(/[\s\u00a0\u202f]/g, '');
  const asGerman = plain.replace(/\.(?=\d{3}(?:\D|$))/g, '').replace(',', '.');
  const asEnglish = plain.replace(/,(?=\d{3}(?:\D|$))/g, '');
  for (const candidate of [asGerman, asEnglish, plain.replace(/[.,]/g, '')]) {
    const value = Number(candidate);
    if (Number.isFinite(value)) values.add(round2(value));
  }
  return [...values];
}

/** Every number written in a text, e.g. "12.400", "€5,000.50", "87 %". */
export function numbersIn(text: string): string[] {
  return text.match(/\d+(?:[.,\u00a0\u202f]\d{3})*(?:[.,]\d+)?/g) ?? [];
}

function allowedNumbers(facts: CauseFacts): Set<number> {
  const allowed = new Set<number>();
  const add = (value: number | null | undefined) => {
    if (finite(value)) allowed.add(round2(value));
  };
  const goal = facts.fundingGoal;
  const current = facts.fundingCurrent;
  add(goal);
  add(current);
  if (finite(goal) && finite(current)) add(goal - current);
  const pct = finite(facts.fundingProgressPct) ? facts.fundingProgressPct : finite(goal) && finite(current) && goal > 0 ? (current / goal) * 100 : null;
  if (pct !== null) for (const value of [pct, Math.floor(pct), Math.round(pct), Math.floor(pct * 10) / 10, Math.min(Math.floor(pct), 99)]) add(value);
  add(facts.actionsToTippingPoint);
  add(facts.daysUntilDeadline);
  if (facts.deadline) {
    const [year, month, day] = facts.deadline.split('-').map(Number);
    [year, month, day].forEach(add);
  }
  // Numbers the source itself writes (in the title, the description, the organisation's name) may be repeated.
  for (const text of [facts.title, facts.titleEn, facts.description, facts.descriptionEn, facts.organisationName]) {
    for (const token of numbersIn(text ?? '')) readings(token).forEach((value) => allowed.add(value));
  }
  return allowed;
}

/** The text without the names it may quote: the organisation, the titles, anything in quotation marks. */
export function withoutNames(text: string, facts: CauseFacts): string {
  let rest = text;
  for (const name of [facts.organisationName, facts.title, facts.titleEn].filter((n): n is string => !!n && n.trim().length > 0)) {
    rest = rest.split(name.replace(/\s+/g, ' ').trim()).join(' ');
  }
  return rest.replace(/[„“"»«‚‘][^„“”"»«‚‘’]*[“”"«»‘’]/gu, ' ');
}

/** Function words of the other language in the text, outside names and quotations. */
export function foreignFunctionWords(text: string, lang: Language, facts: CauseFacts): string[] {
  const other = FUNCTION_WORDS[lang === 'de' ? 'en' : 'de'];
  const own = FUNCTION_WORDS[lang];
  return (withoutNames(text, facts).toLowerCase().match(/[\p{L}]+/gu) ?? []).filter((word) => other.has(word) && !own.has(word));
}

export interface FactCheckOptions {
  /** the organisation's name must appear exactly as given (a summary) */
  requireOrganisation?: boolean;
}

/** Why the texts cannot be published as facts of this cause, or null when they can. */
export function factCheck(texts: string[], facts: CauseFacts, lang: Language, options: FactCheckOptions = {}): string | null {
  const allowed = allowedNumbers(facts);
  const joined = texts.join('\n');
  const deadline = facts.deadline ? facts.deadline.split('-').map(Number) : null;
  const source = [facts.title, facts.titleEn, facts.description, facts.descriptionEn].filter(Boolean).join('\n');

  // Dates first: "15. Dezember 2026", "15 December", "December 15, 2026", "2026-12-15".
  const months = MONTHS[lang];
  const datePattern =
    lang === 'de'
      ? new RegExp(`(\\d{1,2})\\.\\s*(${months.join('|')})(?:\\s+(\\d{4}))?`, 'gu')
      : new RegExp(`(?:(\\d{1,2})\\s+(${months.join('|')})|(${months.join('|')})\\s+(\\d{1,2})(?:st|nd|rd|th)?)(?:,?\\s+(\\d{4}))?`, 'gu');
  for (const m of joined.matchAll(datePattern)) {
    const day = Number(lang === 'de' ? m[1] : (m[1] ?? m[4]));
    const month = months.indexOf(lang === 'de' ? m[2] : (m[2] ?? m[3])) + 1;
    const year = lang === 'de' ? m[3] : m[5];
    if (source.includes(m[0])) continue; // a date the source itself writes
    if (!deadline || day !== deadline[2] || month !== deadline[1] || (year && Number(year) !== deadline[0])) {
      return `the date "${m[0]}" is not the deadline (${facts.deadline ?? 'none'})`;
    }
  }
  for (const m of joined.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) {
    if (m[0] !== facts.deadline) return `the date "${m[0]}" is not the deadline (${facts.deadline ?? 'none'})`;
  }
  for (const [index, weekday] of WEEKDAYS[lang].entries()) {
    if (!new RegExp(`\\b${weekday}\\b`, 'u').test(joined)) continue;
    const actual = deadline ? new Date(Date.UTC(deadline[0], deadline[1] - 1, deadline[2])).getUTCDay() : null;
    if (actual !== index) return `the weekday "${weekday}" is not the deadline's`;
  }

  for (const token of numbersIn(joined)) {
    if (!readings(token).some((value) => allowed.has(value))) return `the number "${token}" is not in the data`;
  }

  const org = facts.organisationName.replace(/\s+/g, ' ').trim();
  if (options.requireOrganisation && org && !joined.replace(/\s+/g, ' ').includes(org)) {
    return `the organisation "${org}" is not named as it is`;
  }

  const foreign = foreignFunctionWords(joined, lang, facts);
  if (foreign.length) return `not written in ${lang === 'de' ? 'German' : 'English'} (${[...new Set(foreign)].slice(0, 5).join(', ')})`;
  return null;
}
