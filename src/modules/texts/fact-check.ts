// Checks a text against the facts it was written from, as an editor would before publishing: every
// number and date must come from the data, the organisation must be named as it is, and the text must
// be in its language. Used to discard a language model's answer that fails (strictly: `fromModel`), by
// the editorial checks of generated texts and editors' corrections, and by the golden tests of the
// built-in generator.
import { FUNCTION_WORDS } from '../../text/function-words.js';
import type { CauseFacts, Language } from './text-generator.js';
import { namesOf } from './german-organisation.js';

const MONTHS: Record<Language, string[]> = {
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};
const WEEKDAYS: Record<Language, string[]> = {
  de: ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'],
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
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

/**
 * Number words above twelve ("dreizehn", "zwanzig", "tausend", "twelve thousand" counts by its
 * "thousand"): a model can write a number this way to slip past the digit check, so they are refused
 * unless the source itself writes the word. "Jahrhundert"/"Jahrtausend" are words for an age, not counts.
 */
const NUMBER_WORDS: Record<Language, RegExp> = {
  de: /(?<!\p{L})(?!jahr)\p{L}*(?:dreizehn|vierzehn|fünfzehn|sechzehn|siebzehn|achtzehn|neunzehn|zwanzig|dreißig|vierzig|fünfzig|sechzig|siebzig|achtzig|neunzig|hundert|tausend|million|milliarde)\p{L}*/giu,
  en: /\b(?:thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundreds?|thousands?|millions?|billions?)\b/giu,
};

/** Relative days: true at 02:00, false after midnight for the rest of the day the action is served. */
const RELATIVE_DAYS: Record<Language, RegExp> = {
  de: /(?<!\p{L})(?:heute|morgen|übermorgen|gestern|heutigen|morgigen|(?:noch|nur|in|binnen|seit)\s+(?:\d+|\p{L}+)\s+(?:Tagen?|Wochen?|Stunden?)|\d+\s+(?:Tagen?|Stunden?)|(?:ein|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf)\s+(?:Tagen?|Stunden?))(?!\p{L})/iu,
  en: /\b(?:today|tonight|tomorrow|yesterday|\d+\s+(?:more\s+)?(?:days?|hours?)|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a\s+few)\s+(?:more\s+)?(?:days?|hours?)|in\s+\S+\s+days?)\b/iu,
};

function allowedNumbers(facts: CauseFacts, descriptionCounts: boolean): Set<number> {
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
  // the year of the figures' date ("Stand: März 2024")
  if (facts.figuresAsOf) add(Number(facts.figuresAsOf.slice(0, 4)));
  // The deadline's day, month and year count only inside a date (checked as a date, then taken out of the
  // text): a bare "15" is not a fact because the deadline is the 15th. Days until the deadline are never a
  // fact of a text that is served for a whole day.
  // Numbers the source itself writes may be repeated: in a summary those of the title, the description and
  // the organisation's name; in an action text only the title's and the name's (the description's numbers
  // are not facts of the data: "nur noch 600 Unterschriften" from an old description is not what is missing);
  // in a language model's answer too (the description is untrusted input that may tell the model what to
  // write, an account number among it).
  const sources = descriptionCounts
    ? [facts.title, facts.titleEn, facts.description, facts.descriptionEn, facts.organisationName]
    : [facts.title, facts.titleEn, facts.organisationName];
  for (const text of sources) {
    for (const token of numbersIn(text ?? '')) readings(token).forEach((value) => allowed.add(value));
  }
  return allowed;
}

/** The text without the names it may quote: the organisation, the titles, anything in quotation marks. */
export function withoutNames(text: string, facts: CauseFacts): string {
  // an apostrophe inside a word, typewriter or typographic ("people's", "people’s"), is one character here:
  // the generator sets names' apostrophes typographically, and ’ must not end a quotation below
  const apostrophes = (value: string) => value.replace(/(?<=\p{L})’(?=\p{L})/gu, "'");
  let rest = apostrophes(text);
  const names = [...(facts.organisationName ? namesOf(facts.organisationName) : []), facts.title, facts.titleEn];
  for (const name of names.filter((n): n is string => !!n && n.trim().length > 0)) {
    rest = rest.split(apostrophes(name.replace(/\s+/g, ' ').trim())).join(' ');
  }
  // inner quotation marks first (a title's own quotes inside the ones around it: „Lady Gaga: ‚Bin …‘“)
  return rest.replace(/[‚‘][^‚‘’„“”"»«]*[‘’]/gu, ' ').replace(/[„“"»«‚‘][^„“”"»«‚‘’]*[“”"«»‘’]/gu, ' ');
}

/** Function words of the other language in the text, outside names and quotations. */
export function foreignFunctionWords(text: string, lang: Language, facts: CauseFacts): string[] {
  const other = FUNCTION_WORDS[lang === 'de' ? 'en' : 'de'];
  const own = FUNCTION_WORDS[lang];
  return (
    withoutNames(text, facts)
      .toLowerCase()
      .match(/[\p{L}]+/gu) ?? []
  ).filter((word) => other.has(word) && !own.has(word));
}

export interface FactCheckOptions {
  /** the organisation's name must appear exactly as given (a summary) */
  requireOrganisation?: boolean;
  /**
   * action texts, served from 02:00 until 02:00: no relative days ("heute", "noch 3 Tage"), numbers only
   * from the data (not the description), and an organisation they name is named exactly as given
   */
  action?: boolean;
  /**
   * a language model's answer: a number, number word or date that only the free description writes is
   * not a fact (the description is untrusted data, and an injection in it may dictate figures); the
   * built-in generator, which quotes the description only in attributed quotations, and an editor's
   * correction may repeat them
   */
  fromModel?: boolean;
}

/**
 * Where the text names the organisation, but not as it is: its first two words (the first may carry a
 * case ending: "des Tafel-Netzwerks Rhein-Neckar") or, for a one-word name, that word, without the whole
 * name following. "Eltern für sichere Schulwege" written as "Eltern für sichere Schulwege e.V." or
 * "Wärmestube Leipzig" for "Wärmestube Leipzig e. V." counts.
 */
function misnamedOrganisation(text: string, org: string): string | null {
  const words = org.split(' ').filter(Boolean);
  if (!words.length || words[0].length < 3) return null;
  const esc = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const head = words.length > 1 ? `${esc(words[0])}\\p{L}{0,2}\\s+${esc(words[1])}` : `${esc(words[0])}\\p{L}{0,2}`;
  for (const m of text.matchAll(new RegExp(`(?<!\\p{L})${head}(?!\\p{L})`, 'gu'))) {
    const rest = text.slice(m.index);
    const after = rest.slice(org.length);
    const named = rest.startsWith(org) && !/^[\p{L}\p{N}]/u.test(after) && !/^\s*(?:e\.\s?V\.|gGmbH|GmbH|eG)(?!\p{L})/u.test(after);
    if (!named) return rest.slice(0, Math.min(rest.length, org.length + 6)).trim();
  }
  return null;
}

/** Why the texts cannot be published as facts of this cause, or null when they can. */
export function factCheck(texts: string[], facts: CauseFacts, lang: Language, options: FactCheckOptions = {}): string | null {
  const descriptionCounts = options.action !== true && options.fromModel !== true;
  const allowed = allowedNumbers(facts, descriptionCounts);
  const joined = texts.join('\n');
  // the language first: a German date in an English text is a German text, not a wrong number
  const foreign = foreignFunctionWords(joined, lang, facts);
  if (foreign.length) return `not written in ${lang === 'de' ? 'German' : 'English'} (${[...new Set(foreign)].slice(0, 5).join(', ')})`;
  if (options.action) {
    const relative = RELATIVE_DAYS[lang].exec(joined);
    if (relative) return `"${relative[0]}" is wrong for part of the day the action is served`;
  }
  const deadline = facts.deadline ? facts.deadline.split('-').map(Number) : null;
  // what the source writes, which a text may repeat (dates; number words in a summary): for a model, the titles only
  const source = [facts.title, facts.titleEn, ...(options.fromModel ? [] : [facts.description, facts.descriptionEn])].filter(Boolean).join('\n');

  // Dates first: "15. Dezember 2026", "15 December", "December 15, 2026", "2026-12-15".
  const months = MONTHS[lang];
  const datePattern =
    lang === 'de'
      ? new RegExp(`(\\d{1,2})\\.\\s*(${months.join('|')})(?:\\s+(\\d{4}))?`, 'gu')
      : new RegExp(`(?:(\\d{1,2})\\s+(${months.join('|')})|(${months.join('|')})\\s+(\\d{1,2})(?!\\d)(?:st|nd|rd|th)?)(?:,?\\s+(\\d{4}))?`, 'gu');
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

  // The dates are checked; what remains must be a number of the data.
  const withoutDates = joined.replace(datePattern, ' ').replace(/\b\d{4}-\d{2}-\d{2}\b/g, ' ');
  for (const token of numbersIn(withoutDates)) {
    if (!readings(token).some((value) => allowed.has(value))) return `the number "${token}" is not in the data`;
  }
  const sourceWords = options.action ? '' : source.toLowerCase();
  for (const m of withoutNames(joined, facts).matchAll(NUMBER_WORDS[lang])) {
    if (!sourceWords.includes(m[0].toLowerCase())) return `the number word "${m[0]}" is not a number of the data`;
  }

  const org = facts.organisationName.replace(/\s+/g, ' ').trim();
  const flat = joined.replace(/\s+/g, ' ');
  if (options.requireOrganisation && org && !namesOf(org).some((name) => flat.includes(name))) {
    return `the organisation "${org}" is not named as it is`;
  }
  if (options.action && org) {
    // the titles may hold words of the name ("Save the Wadden Sea" by "Wadden Sea Alliance")
    let rest = joined.replace(/\s+/g, ' ');
    for (const title of [facts.title, facts.titleEn]) if (title && title.trim()) rest = rest.split(title.replace(/\s+/g, ' ').trim()).join(' ');
    const wrong = misnamedOrganisation(rest, org);
    if (wrong) return `the organisation "${org}" is not named as it is ("${wrong}")`;
  }

  return null;
}
