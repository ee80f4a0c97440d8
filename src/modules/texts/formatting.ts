// Numbers, amounts, dates and quoted titles for the built-in generator, in German and English. Numbers
// are formatted here, not with Intl, so that the output cannot change with the ICU version of the
// machine; the words (units, months, weekdays) come from the message files.
import { message, type Language } from './messages.js';
import type { CalendarDate, Situation } from './situation.js';

function groupDigits(whole: number, separator: string): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** A whole count: 12.400 (de) / 12,400 (en). */
export function count(value: number, lang: Language): string {
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
export const percent = (value: number, lang: Language) => message(lang, 'percent', { value: String(value) });

/** "40.000 €", "12.400 Unterschriften", "1 Brief"; `dative` for "von 4.000 Briefen". */
export function units(s: Situation, value: number, lang: Language, dative = false): string {
  const shown = s.category === 'Spenden' ? euroAmount(value, lang) : count(value, lang);
  const id = dative && lang === 'de' ? 'units-dative' : 'units';
  return message(lang, id, { category: s.category, amount: shown, n: s.category === 'Spenden' ? 2 : Math.round(value) });
}

/** The bare number in the category's unit (euros with the sign, counts without a noun). */
export const bare = (s: Situation, value: number, lang: Language) => (s.category === 'Spenden' ? euros(value, lang) : count(value, lang));

export function formatDate(date: CalendarDate, lang: Language): string {
  return message(lang, 'date', { day: String(date.day), month: message(lang, `month-${date.month}`), year: String(date.year) });
}

/**
 * The deadline for a headline: "11. Dezember" without the year when the deadline falls in the current or
 * one of the next 11 months (the month alone is then unambiguous), else with the year.
 */
export function formatHeadlineDate(date: CalendarDate, days: number | null, lang: Language): string {
  if (days === null) return formatDate(date, lang);
  const today = new Date(Date.UTC(date.year, date.month - 1, date.day - days));
  const months = date.year * 12 + date.month - (today.getUTCFullYear() * 12 + today.getUTCMonth() + 1);
  if (months < 0 || months > 11) return formatDate(date, lang);
  return message(lang, 'day-month', { day: String(date.day), month: message(lang, `month-${date.month}`) });
}

/** "Montag, 23. November": true all content day long, unlike "morgen", which is wrong after midnight. */
export function formatWeekdayDate(date: CalendarDate, lang: Language): string {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return message(lang, 'weekday-date', {
    weekday: message(lang, `weekday-${weekday}`),
    day: String(date.day),
    month: message(lang, `month-${date.month}`),
  });
}

const QUOTES = /["„“”»«]/gu;
/** A typewriter apostrophe between letters ("doesn't", "Peter's", "geht's"): the typographic one (’) in either language. */
const APOSTROPHE = /(?<=\p{L})'(?=\p{L})/gu;
/** Typewriter single quotation marks around words ("… 'flag updates'"), once the apostrophes are set. */
const SINGLE_QUOTED = /(?<![\p{L}\p{N}])'([^'\n]+?)'(?![\p{L}\p{N}])/gu;

/**
 * A title or a quotation to be put inside quotation marks: its own quotation marks, double or single,
 * become the inner ones (‚…‘ / ‘…’), and its typewriter apostrophes typographic ones.
 */
export function nestedQuotes(title: string, lang: Language): string {
  const [open, close] = lang === 'de' ? ['‚', '‘'] : ['‘', '’'];
  return title
    .replace(/''/gu, '"') // two typewriter single quotes written for a double one (''LIES'')
    .replace(APOSTROPHE, '’')
    .replace(SINGLE_QUOTED, `${open}$1${close}`)
    .replace(/["„“”»«]([^"„“”»«]+)["“”»«]/gu, `${open}$1${close}`)
    .replace(QUOTES, lang === 'de' ? '‚' : '‘');
}

/**
 * A title quoted in a sentence of the service's, or as a label before a colon: without the full stop that
 * ends its own last sentence („… GIVE HER FIVE. Spende 5€“ steht …, not „… Spende 5€.“ steht …; „…
 * Spende 5€“: …). An abbreviation's stop ("e.V.", "z. B."), an ellipsis, "?" and "!" stay.
 */
export const quotedTitle = (title: string) => title.replace(/(?<![.…]|(?:^|[\s.])\p{L})\.$/u, '');
