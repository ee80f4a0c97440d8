// Screens for a cause from an unverified source, run before an editor reviews it: each flag names its
// evidence for the editor and weighs in the order of the review queue. A flag never approves or rejects.
import lexiconDe from 'naughty-words/de.json' with { type: 'json' };
import lexiconEn from 'naughty-words/en.json' with { type: 'json' };
import femaleDe from 'human-names/data/female-human-names-de.json' with { type: 'json' };
import femaleEn from 'human-names/data/female-human-names-en.json' with { type: 'json' };
import maleDe from 'human-names/data/male-human-names-de.json' with { type: 'json' };
import maleEn from 'human-names/data/male-human-names-en.json' with { type: 'json' };
import {
  CONSPIRACY_TERMS,
  CONTEMPT_TERMS,
  EXCLUSION_TERMS,
  FIRST_NAMES,
  GROUP_DE,
  GROUP_EN,
  INNOCENT_PHRASES,
  LEXICON_NOT_SWEARING,
  LEXICON_SLURS,
  MISCONDUCT_TERMS,
  NOT_FIRST_NAMES,
  NOT_SERIOUS_TERMS,
  PLACES_DE,
  PLACES_EN,
  SENSITIVE_SUBJECTS,
} from './screen-terms.js';
import { weighFlags, type FlagCode, type ReviewFlag } from './flags.js';
import type { Category, Language } from '../causes/list-params.js';

export interface ScreenInput {
  title: string;
  description: string;
  organisationName: string;
  titleEn?: string | null;
  descriptionEn?: string | null;
  category: Category;
}

type Field = 'title' | 'description' | 'titleEn' | 'descriptionEn' | 'organisationName';
const TEXTS: readonly Field[] = ['title', 'description', 'titleEn', 'descriptionEn'];
const TEXTS_AND_NAME: readonly Field[] = [...TEXTS, 'organisationName'];
const FIELD_NAME: Record<Field, string> = {
  title: 'title',
  description: 'description',
  titleEn: 'English title',
  descriptionEn: 'English description',
  organisationName: 'organisation name',
};

// \b knows only ASCII letters: "Müller" would have one after its "M"
const START = '(?<![\\p{L}\\p{N}])';
const END = '(?![\\p{L}\\p{N}])';
const words = (...alternatives: string[]) => `${START}(?:${alternatives.join('|')})${END}`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// --- the lexicon: slurs and swearing, with German inflections, spelling variants and masked letters ("sh*t")
const SPELLINGS: Record<string, string> = { ß: '(?:ß|ss)', ä: '(?:ä|ae)', ö: '(?:ö|oe)', ü: '(?:ü|ue)', ' ': '[\\s-]+' };
const INFLECTION = { de: '(?:e|en|er|es|n|s|in|innen)?', en: 's?' };

function lexiconPattern(entry: string, language: Language): string {
  const letters = [...entry.toLowerCase()];
  const maskable = letters.length >= 4 && !entry.includes(' ');
  const body = letters.map((letter, i) => {
    const spelt = SPELLINGS[letter] ?? escape(letter);
    return maskable && i > 0 && i < letters.length - 1 ? `(?:${spelt}|\\*)` : spelt;
  });
  return body.join('') + INFLECTION[language];
}

const lexicon = [...lexiconDe.map((entry) => ({ entry, language: 'de' as const })), ...lexiconEn.map((entry) => ({ entry, language: 'en' as const }))]
  .filter(({ entry }) => !LEXICON_NOT_SWEARING.includes(entry.toLowerCase()))
  // longest first, so that "piece of shit" is quoted whole rather than its "shit"
  .sort((a, b) => b.entry.length - a.entry.length);
const lexiconWords = (slurs: boolean) =>
  words(...lexicon.filter(({ entry }) => LEXICON_SLURS.includes(entry.toLowerCase()) === slurs).map(({ entry, language }) => lexiconPattern(entry, language)));
const group = (term: string) =>
  term.replaceAll('GROUP_DE', GROUP_DE).replaceAll('GROUP_EN', GROUP_EN).replaceAll('PLACES_DE', PLACES_DE).replaceAll('PLACES_EN', PLACES_EN);

const CONSPIRACY = new RegExp(words(...CONSPIRACY_TERMS), 'giu');
const MISCONDUCT = new RegExp(words(...MISCONDUCT_TERMS), 'giu');
const NOT_SERIOUS = new RegExp(words(...NOT_SERIOUS_TERMS), 'giu');
const HATEFUL = new RegExp(`${lexiconWords(true)}|${words(...EXCLUSION_TERMS.map(group))}`, 'giu');
const PROFANITY = new RegExp(lexiconWords(false), 'giu');
const INNOCENT = new RegExp(words(...INNOCENT_PHRASES), 'giu');
const CONTEMPT = new RegExp(words(...CONTEMPT_TERMS), 'giu');
const SENSITIVE = SENSITIVE_SUBJECTS.map(({ subject, terms }) => ({ subject, pattern: new RegExp(words(...terms), 'giu') }));

// --- a demand against a named person or organisation
const CAPITALISED = '\\p{Lu}\\p{Ll}+(?:\\p{Lu}\\p{Ll}+)?(?:-\\p{Lu}\\p{Ll}+)?';
// capitalised words that begin a phrase, not a name
const NOT_A_NAME =
  '(?!(?:The|A|An|All|Our|Your|Their|His|Her|Its|This|That|These|Those|Every|Any|No|Der|Die|Das|Den|Dem|Des|Ein|Eine[mnrs]?|Alle[mnrs]?|' +
  'Unser\\p{L}*|Ihr\\p{L}*|Eure?\\p{L}*|Sie|Wir|Es|Er|Kein\\p{L}*|Jede\\p{L}*|Diese\\p{L}*|Mehr)' +
  END +
  ')';
const HONORIFIC =
  '(?:Herrn?|Frau|Mr|Mrs|Ms|Miss|Dr|Prof|(?:Ober)?[Bb]ürgermeister(?:in)?|Landrat|Landrätin|Minister(?:in)?|Direktor(?:in)?|Schulleiter(?:in)?|' +
  'Rektor(?:in)?|Lehrer(?:in)?|Pfarrer(?:in)?|Trainer(?:in)?|Chef(?:in)?|Richter(?:in)?|Mayor|Principal|Coach|Teacher|Senator|Governor|Sheriff|Judge)';
// words after a first name that make it a place ("Marshall Heights", "Shirley Towers")
const PLACE_NOUN =
  '(?:Heights|Towers?|Street|Road|Lane|Avenue|Park|Square|Gardens?|Court|Hall|House|Bridge|Estate|Centre|Center|College|University|' +
  'Hospital|School|Stadium|Airport|Station|Wood|Woods|Hill|Valley|Trust|Foundation|Report|Act|Law)';
const NAME_WORD = `(?!(?:${HONORIFIC}|${PLACE_NOUN})${END})${NOT_A_NAME}${CAPITALISED}`;
// a name after a title anywhere; two capitalised words only where a sentence does not start (there any noun is capitalised)
// a full stop only after an abbreviation ("Dr. Olaf Tauras"), not where a sentence ends ("… the Minister. There …")
const TITLED_PERSON = `${START}(?:(?:${HONORIFIC}|(?:Dr|Prof|Mr|Mrs|Ms)\\.)\\s+){1,3}(?:${NAME_WORD}\\s+)?${NAME_WORD}${END}`;
// in a title: a person by a title or role, or by a common first name and a surname
const TITLE_ROLE = '(?:Schiedsrichter(?:in)?|Referee|Prime Minister|PM|MP|Abgeordneter?|Spieler(?:in)?|Präsident(?:in)?|President|Kanzler(?:in)?)';
// a first name, then (looked ahead, so that "Impeach Tony Blair" is read again from "Tony") an initial, a
// particle and a surname; the first name is checked against the lists after the match
// compared without accents: the lists spell "Jerome", "Andre", "Zoe"; a text "Jérôme", "André", "Zoë". German
// umlauts stay: "Dämon" and "Völker" are no "Damon" or "Volker"
const withoutDiacritics = (name: string) => [...name].map((c) => (/[äöüÄÖÜ]/.test(c) ? c : c.normalize('NFD').replace(/\p{M}/gu, ''))).join('');
const FIRST_NAME_SET = new Set(
  [...FIRST_NAMES, ...maleDe, ...femaleDe, ...maleEn, ...femaleEn].filter((name) => !NOT_FIRST_NAMES.includes(name)).map(withoutDiacritics),
);
const isFirstName = (name: string) => FIRST_NAME_SET.has(withoutDiacritics(name));
const FIRST_AND_SURNAME = `${START}(?<first>\\p{Lu}\\p{Ll}+(?:-\\p{Lu}\\p{Ll}+)?)(?=(?<surname>\\s+(?:\\p{Lu}\\.?\\s+)?(?:(?:von|van|de|der)\\s+)?${NAME_WORD})${END})`;
const PERSON_IN_TITLE = new RegExp(`${TITLED_PERSON}|${START}${TITLE_ROLE}\\s+${NAME_WORD}${END}|${FIRST_AND_SURNAME}`, 'gu');
const PERSON = new RegExp(`${TITLED_PERSON}|${FIRST_AND_SURNAME}`, 'gu');
/** A person's name as matched: a titled one whole, a first name only when it is one, with the surname looked ahead. */
const nameOf = ({ 0: whole, groups }: RegExpMatchArray) =>
  groups?.first === undefined ? whole : isFirstName(groups.first) ? `${groups.first}${groups.surname}` : undefined;
const BARE_PERSON = `(?<!(?:^|[.!?:;…\\n])\\s*)${START}${NAME_WORD}\\s+${NAME_WORD}${END}`;
const LEGAL_FORM = '(?:GmbH|AG|SE|KG|KGaA|Inc\\.?|Ltd\\.?|LLC|Corp\\.?|plc|e\\.\\s?V\\.)';
const COMPANY = `${START}(?:(?:${NAME_WORD}|\\p{Lu}[\\p{Lu}\\d]+)\\s+(?:&\\s+)?){1,3}${LEGAL_FORM}(?!\\p{L})`;
const SCHOOL_KIND = '(?:Schule|Gymnasium|Grundschule|Realschule|Gesamtschule|Oberschule|Hauptschule|Mittelschule)';
const SCHOOL =
  `${START}(?:${CAPITALISED}-${SCHOOL_KIND}|${SCHOOL_KIND}\\s+(?:(?:am|an der|im|in der|auf der)\\s+)?${CAPITALISED}|` +
  `${NAME_WORD}\\s+(?:(?:High|Middle|Elementary|Primary|Grammar)\\s+)?School)${END}`;

const initialEitherCase = (verb: string) => `[${verb[0].toUpperCase()}${verb[0]}]${verb.slice(1)}`;
const VERB_FIRST = [
  ...['fire', 'sack', 'remove', 'punish', 'arrest', 'deport', 'expel', 'ban', 'boycott', 'jail', 'imprison', 'prosecute', 'lock up'],
  ...['entlasst', 'feuert', 'kündigt', 'bestraft', 'verhaftet', 'boykottiert'],
].map(initialEitherCase);
// German separable verbs: "Setzt Frau Müller ab"
const VERB_AROUND = [
  ['setzt', 'ab'],
  ['schiebt', 'ab'],
  ['sperrt', 'ein'],
  ['weist', 'aus'],
].map(([verb, particle]) => [initialEitherCase(verb), particle]);
const VERB_LAST = [
  ...['entlassen', 'feuern', 'gefeuert', 'kündigen', 'gekündigt', 'absetzen', 'abgesetzt', 'bestrafen', 'bestraft', 'abschieben', 'abgeschoben'],
  ...['abberufen', 'abwählen', 'abgewählt'],
  ...['ausweisen', 'ausgewiesen', 'verhaften', 'verhaftet', 'einsperren', 'eingesperrt', 'boykottieren', 'boykottiert', 'raus'],
  ...['fired', 'sacked', 'removed', 'punished', 'arrested', 'deported', 'expelled', 'banned', 'boycotted', 'jailed', 'imprisoned', 'prosecuted'],
];
const ARTICLE = '(?:(?:the|die|den|der|das)\\s+)?';
function demandAgainst(target: string): RegExp {
  return new RegExp(
    [
      `${START}(?:${VERB_FIRST.join('|')})\\s+${ARTICLE}${target}`,
      ...VERB_AROUND.map(([verb, particle]) => `${START}${verb}\\s+${ARTICLE}${target}\\s+${particle}${END}`),
      // "Frau Petra Müller muss sofort entlassen werden": up to three small words between
      `${target}(?:\\s+\\p{Ll}+){0,3}?\\s+(?:${VERB_LAST.join('|')})${END}`,
    ].join('|'),
    'gu',
  );
}

// a demand as a noun against someone in a role or by name ("Ablösung des Sportvorstands", "Amtsenthebung der …
// Bürgermeister", "Make Boris Johnson resign"): who holds public office is the editor's to tell
const DEMAND_NOUNS = ['Ablösung', 'Entlassung', 'Absetzung', 'Abwahl', 'Amtsenthebung', 'Rücktritt', 'Kündigung', 'Rauswurf', 'Suspendierung'];
const DEMAND_NOUN = `(?:${[...DEMAND_NOUNS, 'removal', 'dismissal', 'sacking', 'resignation', 'impeachment'].map(initialEitherCase).join('|')})`;
const ROLE =
  '(?:\\p{L}*(?:vorstand|vorstands|vorsitzenden?|trainers?|direktors?|geschäftsführers?|leiters?|leiterin|chefs?|präsidenten?|bürgermeisters?|intendanten?)|' +
  'manager|director|chairman|chief executive|CEO|head ?teacher|principal|coach|mayor|president)';
// the role case-insensitively (an all-capitals title too), a name by its capitals
const DEMAND_AGAINST_ROLE = new RegExp(`${START}${DEMAND_NOUN}\\s+(?:des|der|von|vom|of|of the)\\s+(?:\\p{L}+\\s+){0,2}?${ROLE}${END}`, 'giu');
// only a person resigns, is voted out or recalled: whoever follows is one ("Rücktritt der derzeitigen Ortsvorsteherin")
const DEMAND_AGAINST_ANYONE = new RegExp(
  `${START}(?:Rücktritt|Abwahl|Amtsenthebung|Abberufung)\\s+(?:des|der|von|vom)\\s+(?:\\p{Ll}+\\s+){0,2}?\\p{Lu}\\p{L}+${END}`,
  'gu',
);
const DEMAND_AGAINST_NAME = new RegExp(
  [
    `${START}${DEMAND_NOUN}\\s+(?:des|der|von|vom|of)\\s+(?:${TITLED_PERSON}|${NAME_WORD}\\s+${NAME_WORD}${END})`,
    `${START}(?:[Mm]ake|[Ff]orce)\\s+${NAME_WORD}(?:\\s+${NAME_WORD})?\\s+resign${END}`,
  ].join('|'),
  'gu',
);

// --- allegations of crimes; "Schutz vor Betrügern", "gegen kriminelle Banden", "Opfer von Betrügern" are about
// protection from a crime, not an allegation against anyone
const NOT_AFTER_PROTECTION = '(?<!(?:vor|gegen|von)\\s+(?:\\p{L}+\\s+)?)';
const CRIME = new RegExp(
  [
    words(
      '(?:is|are|was|were|be|been)\\s+(?:an?\\s+)?(?:(?:known|convicted|serial|proven|real)\\s+)?' +
        '(?:criminal|fraud|fraudster|murderer|paedophile|pedophile|terrorist|crook|rapist|child abuser)s?',
      '(?:is|are|was|were)\\s+(?:an?\\s+)?thie(?:f|ves)',
      'organi[sz]ed crime',
      'kidnapped',
      '(?:has|have|had|was|were|been|being)\\s+abused',
      'abused\\s+(?:by|his|her|their|its|him|them)',
      'stole',
      '(?:has|have|had)\\s+stolen',
      'corrupt',
      // "ist ein verurteilter Verbrecher", not "ist kein Betrug" (with the i flag \p{Ll} is any letter)
      '(?:ist|sind|war|waren|wäre|sei|seien)\\s+(?:(?:ein|eine|einer)\\s+)?(?!(?:kein|nicht)\\p{L}*\\s)(?:\\p{Ll}+\\s+)?' +
        '(?:Betrug|Betrüger(?:in)?|Verbrecher(?:in)?|Mörder(?:in)?|Terrorist(?:in)?|Dieb(?:in)?|Kinderschänder|kriminell|korrupt|pädophil)',
      'Betrug\\s+an',
      'entführt',
      'missbraucht',
      'korrupt(?:e|en|er|es|em)?',
      'Vetternwirtschaft',
      'Kinderschänder\\p{L}*',
      'strafrechtl(?:\\.|iche[nrms]?)\\s+(?:Ursachen|Gründe|Verfehlungen|Vergehen)',
      '(?:committed|commits|commit)\\s+(?:fraud|perjury|crimes?)',
    ),
    `${NOT_AFTER_PROTECTION}${words('(?:Betrüger|Verbrecher|Mörder)(?:in|innen|n|s)?', 'kriminell(?:e|en|er|es|em)?')}`,
  ].join('|'),
  'giu',
);

// --- mangled text: UTF-8 read as Windows-1252 ("Ã¤" for "ä", "â€ž" for "„"), entities left as text, curly
// quotes a scrape turned into "x" ("xHallo Weltx", "sagt x Hallo Welt x und").
// What Windows-1252 shows for the second byte of a UTF-8 letter whose first it shows as "Ã":
const AFTER_A_TILDE =
  '[\\u00A0-\\u00BF\\u0152\\u0153\\u0160\\u0161\\u0178\\u017D\\u017E\\u0192\\u02C6\\u02DC\\u2013\\u2014' +
  '\\u2018-\\u201E\\u2020-\\u2022\\u2026\\u2030\\u2039\\u203A\\u20AC\\u2122]';
const MOJIBAKE = new RegExp(`Ã${AFTER_A_TILDE}|â€\\S?|Â[\\u00A0-\\u00BF]|\\uFFFD`, 'gu');
const HTML_ENTITY = /&(?:[a-z][a-z\d]{1,30}|#\d{1,7}|#x[\da-f]{1,6});/giu;
const X_QUOTES = new RegExp(
  [
    '(?<![\\p{L}\\p{N}])x\\p{Lu}[^\\n]{0,200}?[\\p{Ll}.!?]x(?![\\p{L}\\p{N}])',
    // spaced: between words, never between figures ("4 x 100 m")
    '(?<=\\p{L}[,.:]?\\s)x\\s\\p{Lu}[^\\n]{0,200}?\\p{Ll}[.!?]?\\sx(?=[\\s,.;:!?]|$)',
  ].join('|'),
  'gu',
);

// --- measures
const SHOUTING_MIN_LETTERS = 12;
/** A title with no capital letter at all, and at least this many letters, was typed without care. */
const LOWER_CASE_MIN_LETTERS = 8;
const THIN_DESCRIPTION_WORDS = 15;
const PLACEHOLDER_TITLE = /^(?:x+|test\w*|asdf\w*|qwert\w*|lorem ipsum.*|foo|bar|tbd|todo|dummy|platzhalter|titel|title|untitled)$/iu;
const countWords = (text: string) => text.match(/[\p{L}\p{N}]+(?:[-'’.][\p{L}\p{N}]+)*/gu)?.length ?? 0;
const comparable = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\s\p{P}]+/gu, ' ')
    .trim();

/**
 * The share of capitals among a text's letters, leaving out acronyms ("NRW", "CO2", "B 27", "e.V."): a token
 * of at most four letters with no lower case, or with a full stop. One pass over the characters: the screen
 * runs on every new or changed cause of a reviewed source, and a split and a regular expression per word cost
 * a third of all screens.
 */
function capitalsOf(text: string): { letters: number; capitals: number } {
  let letters = 0;
  let capitals = 0;
  let tokenLetters = 0;
  let tokenCapitals = 0;
  let tokenLower = false;
  let tokenDot = false;
  const endToken = () => {
    if (!(tokenLetters <= 4 && (!tokenLower || tokenDot))) {
      letters += tokenLetters;
      capitals += tokenCapitals;
    }
    tokenLetters = tokenCapitals = 0;
    tokenLower = tokenDot = false;
  };
  for (const char of text) {
    if (char === ' ' || char === '\n' || char === '\t' || char === '\r' || char === '\u00a0') {
      endToken();
      continue;
    }
    if (char === '.') tokenDot = true;
    const lower = char.toLowerCase();
    const upper = char.toUpperCase();
    if (lower === upper) {
      // a letter without case (or a digit, a mark): counted as a letter where \p{L} says so
      if (UNCASED_LETTER.test(char)) tokenLetters += 1;
      continue;
    }
    tokenLetters += 1;
    if (char === upper && char !== lower) tokenCapitals += 1;
    else tokenLower = true;
  }
  endToken();
  return { letters, capitals };
}
const UNCASED_LETTER = /\p{L}/u;

/** Written in title case ("Ban Single-Use Plastics Now"): there a pair of capitalised words is no sign of a name. */
function isTitleCase(text: string): boolean {
  const long = text.match(/\p{L}{4,}/gu) ?? [];
  return long.length >= 2 && long.filter((word) => /^\p{Lu}/u.test(word)).length / long.length >= 0.75;
}

// --- the rules: each reads some fields and returns its evidence, which follows the label in the reason
interface Rule {
  code: FlagCode;
  label: string;
  /** a heavier flag that says it already (a demand against a person names one) */
  unless?: FlagCode;
  evidence: (input: ScreenInput) => string | undefined;
}

const textsOf = (input: ScreenInput, fields: readonly Field[]) =>
  fields.map((field) => ({ field, text: (input[field] ?? '').trim() })).filter(({ text }) => text !== '');

interface QuotingOptions {
  /** what the quoted words are, after them in brackets */
  note?: string;
  /** whether a field's text is read at all */
  when?: (text: string) => boolean;
  /** the text as it is matched (innocent phrases blanked out); quotes are still taken from it as they stand */
  prepare?: (text: string) => string;
  /** what a match quotes, or that it is no evidence (undefined); the whole match when not given */
  select?: (match: RegExpMatchArray) => string | undefined;
}

/** The words matched, quoted as they stand in the text (at most three), then what they are. */
function quoting(pattern: RegExp, fields: readonly Field[], options: QuotingOptions = {}) {
  return (input: ScreenInput) => {
    // the first spelling of each, told apart regardless of case ("Ban Muslims" in the title, "ban Muslims" below)
    const found = new Map<string, string>();
    for (const { text } of textsOf(input, fields)) {
      if (options.when && !options.when(text)) continue;
      for (const match of (options.prepare?.(text) ?? text).matchAll(pattern)) {
        const selected = options.select ? options.select(match) : match[0];
        if (selected === undefined) continue;
        const quote = selected.replace(/\s+/g, ' ');
        if (!found.has(quote.toLowerCase())) found.set(quote.toLowerCase(), quote);
      }
    }
    if (!found.size) return undefined;
    const quoted = [...found.values()]
      .slice(0, 3)
      .map((quote) => `"${quote}"`)
      .join(', ');
    return options.note ? `${quoted} (${options.note})` : quoted;
  };
}

/** The first field's measured evidence. */
function measuring(fields: readonly Field[], measure: (text: string, field: Field) => string | undefined) {
  return (input: ScreenInput) =>
    textsOf(input, fields)
      .map(({ field, text }) => measure(text, field))
      .find(Boolean);
}

const withoutInnocentPhrases = (text: string) => text.replace(INNOCENT, (phrase) => ' '.repeat(phrase.length));
const PERSON_LABEL = 'a demand against a named person';

const RULES: Rule[] = [
  { code: 'hateful', label: 'hateful or discriminatory language', evidence: quoting(HATEFUL, TEXTS_AND_NAME, { prepare: withoutInnocentPhrases }) },
  { code: 'profanity', label: 'profanity', evidence: quoting(PROFANITY, TEXTS_AND_NAME, { prepare: withoutInnocentPhrases }) },
  { code: 'profanity', label: 'contempt', evidence: quoting(CONTEMPT, TEXTS) },
  { code: 'named_target', label: PERSON_LABEL, evidence: quoting(demandAgainst(TITLED_PERSON), TEXTS) },
  { code: 'named_target', label: PERSON_LABEL, evidence: quoting(demandAgainst(BARE_PERSON), TEXTS, { when: (text) => !isTitleCase(text) }) },
  { code: 'named_target', label: 'a demand against a named organisation', evidence: quoting(demandAgainst(`(?:${COMPANY}|${SCHOOL})`), TEXTS) },
  { code: 'named_target', label: 'a demand against a person in a role or by name', evidence: quoting(DEMAND_AGAINST_ROLE, TEXTS) },
  { code: 'named_target', label: 'a demand against a person in a role or by name', evidence: quoting(DEMAND_AGAINST_ANYONE, TEXTS) },
  { code: 'named_target', label: 'a demand against a person in a role or by name', evidence: quoting(DEMAND_AGAINST_NAME, TEXTS) },
  { code: 'named_target', label: 'names a person in its title', evidence: quoting(PERSON_IN_TITLE, ['title', 'titleEn'], { select: nameOf }) },
  { code: 'named_person', label: 'names a person', unless: 'named_target', evidence: quoting(PERSON, TEXTS, { select: nameOf }) },
  { code: 'crime_allegation', label: 'an allegation of a crime', evidence: quoting(CRIME, TEXTS) },
  { code: 'crime_allegation', label: 'an allegation of misconduct', evidence: quoting(MISCONDUCT, TEXTS) },
  ...SENSITIVE.map(({ subject, pattern }) => ({
    code: 'sensitive' as const,
    label: `a subject to read closely, ${subject}`,
    unless: 'hateful' as const,
    evidence: quoting(pattern, TEXTS),
  })),
  { code: 'conspiracy', label: 'a conspiracy narrative or a Nazi comparison', evidence: quoting(CONSPIRACY, TEXTS_AND_NAME) },
  { code: 'thin', label: 'not meant seriously', evidence: quoting(NOT_SERIOUS, TEXTS) },
  {
    code: 'thin',
    label: 'too thin to be a civic action',
    evidence: ({ title, description, descriptionEn }) => {
      if (PLACEHOLDER_TITLE.test(title.trim())) return `a placeholder title: "${title.trim()}"`;
      if (countWords(title) <= 1) return `a one-word title: "${title.trim()}"`;
      if (comparable(description) === comparable(title)) return 'the description repeats the title';
      const thin = [
        { words: countWords(description), of: 'description' },
        { words: descriptionEn?.trim() ? countWords(descriptionEn) : Infinity, of: 'English description' },
      ].find(({ words }) => words < THIN_DESCRIPTION_WORDS);
      return thin && `${thin.words} word${thin.words === 1 ? '' : 's'} of ${thin.of}`;
    },
  },
  { code: 'mangled', label: 'mangled text', evidence: quoting(MOJIBAKE, TEXTS_AND_NAME, { note: 'mojibake' }) },
  { code: 'mangled', label: 'mangled text', evidence: quoting(HTML_ENTITY, TEXTS_AND_NAME, { note: 'an HTML entity' }) },
  { code: 'mangled', label: 'mangled text', evidence: quoting(X_QUOTES, TEXTS, { note: 'x for quotation marks' }) },
  {
    code: 'mangled',
    label: 'careless text',
    evidence: measuring(['title', 'titleEn'], (text, field) => {
      const { letters, capitals } = capitalsOf(text);
      return letters >= LOWER_CASE_MIN_LETTERS && capitals === 0 ? `the ${FIELD_NAME[field]} is in lower case only: "${text.trim()}"` : undefined;
    }),
  },
  {
    code: 'shouting',
    label: 'shouting',
    evidence: measuring(TEXTS, (text, field) => {
      const { letters, capitals } = capitalsOf(text);
      if (letters < SHOUTING_MIN_LETTERS || capitals / letters <= 0.5) return undefined;
      return `${Math.round((100 * capitals) / letters)} % of the ${FIELD_NAME[field]}'s letters are capitals`;
    }),
  },
  { code: 'shouting', label: 'shouting', evidence: quoting(/[!?]{3,}/gu, TEXTS) },
];

/** Flags in order of severity (the FLAG_WEIGHT order, heaviest first), at most one per code. */
export function screenCause(input: ScreenInput): ReviewFlag[] {
  const flags = new Map<FlagCode, ReviewFlag>();
  for (const rule of RULES) {
    if (flags.has(rule.code) || (rule.unless && flags.has(rule.unless))) continue;
    const evidence = rule.evidence(input);
    if (evidence) flags.set(rule.code, { code: rule.code, reason: `${rule.label}: ${evidence}` });
  }
  return weighFlags([...flags.values()]).flags;
}
