// The built-in text generator: writes the summary and the call to action of a cause in German and
// English from its structured facts. The words live in messages/de.ftl and messages/en.ftl (Project
// Fluent); this file chooses the facts, the message and its variant. Pure and deterministic: no
// randomness, no clock (the caller passes daysUntilDeadline), no time zone (dates are read from the
// YYYY-MM-DD string), no locale data (numbers are formatted here, so the output cannot change with the
// ICU version of the machine).
//
// The facts are read in situation.ts, numbers and dates formatted in formatting.ts, organisations named
// in German in german-organisation.ts (a name or a title is never inflected), the description quoted in
// excerpt.ts. Variants are chosen by a stable hash of the title, one independent choice per slot.
import { excerpt } from './excerpt.js';
import { builtInGeneratorVersion } from './generator-version.js';
import { bare, count, formatDate, formatHeadlineDate, formatWeekdayDate, nestedQuotes, percent, quotedTitle, units } from './formatting.js';
import { germanOrg } from './german-organisation.js';
import { hasMessage, message, variablesOf, variantCount, type Language, type MessageArgs } from './messages.js';
import { situation, type Situation } from './situation.js';
import { realise, realiseAll, type Speaker, type Statement } from './statements.js';
import type { CauseCategory, CauseFacts, GeneratedAction, TextGenerator } from './text-generator.js';

/**
 * The version of the built-in generator, derived: "default-" and the start of a hash of its messages and of
 * every module it imports for their values (generator-version.ts). A new version rewrites the texts of the
 * previous one once (texts.service.ts); nothing else names it.
 */
export const DEFAULT_GENERATOR_NAME = builtInGeneratorVersion();
/**
 * The names the built-in generator's texts are stored under, this version's and its predecessors' (the
 * numbered ones before versions were derived): a pattern that reads the same in JavaScript and in
 * PostgreSQL (the refresh finds outdated ones in SQL).
 */
export const BUILT_IN_GENERATOR_PATTERN = '^default-(v[0-9]+|[0-9a-f]{12})$';

const SUMMARY_MAX_CHARS = 400;
const HEADLINE_MAX_CHARS = 90;
/** A title longer than this is not put in front of a headline as its label. */
const HEADLINE_LABEL_MAX_CHARS = 52;
/** The description excerpt of a summary stays at or below this, however much room the facts leave. */
const EXCERPT_MAX_CHARS = 220;

const ACTION_TYPES: Record<CauseCategory, string> = { Spenden: 'donate', Petition: 'sign', Brief: 'write' };

/** 32-bit FNV-1a over the UTF-16 code units: a small, stable string hash. */
function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
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
  // A publisher whose name does not read as a website's ("Deutscher Bundestag, Petitionsausschuss") is not
  // put after "auf der Website", where it would stay undeclined: the page's host is named instead ("auf
  // epetitionen.bundestag.de"), else the name as the nominative predicate ("Quelle der Petition ist …").
  const kind = s.publisher && !WEBSITE_NAME.test(s.org) ? (s.host ? 'host-' : 'source-') : 'label-';
  const id = s.publisher
    ? base.replace(/^summary-frame-publisher-/, `summary-frame-publisher-${kind}`)
    : base.replace(/^summary-frame-/, 'summary-frame-label-');
  return variantCount(lang, id) > 0 || hasMessage(lang, id) ? id : base;
}

/** A name that reads as a website's: a host ("laut.de") or a lower-case brand ("heise online"). */
const WEBSITE_NAME = /^\p{Ll}|\.\p{L}{2,}(?:\s|$)/u;

/**
 * The message `${base}-N` chosen for this cause, and its id (for the skeleton). A name written in lower
 * case ("heise online", "foodwatch") is never made to open a sentence, where it would be capitalised;
 * a variant whose words `avoid` matches is not taken either: the next variant that does neither is taken
 * instead.
 */
function variantId(s: Situation, lang: Language, base: string, extra: MessageArgs = {}, avoid?: RegExp): string {
  const count = variantCount(lang, base);
  if (count === 0) throw new Error(`messages/${lang}.ftl has no variants of "${base}"`);
  const first = pick(s, base, count);
  const lowerCaseOrg = /^\p{Ll}/u.test(s.org);
  if (!lowerCaseOrg && !avoid) return `${base}-${first + 1}`;
  for (let i = 0; i < count; i++) {
    const id = `${base}-${((first + i) % count) + 1}`;
    const text = render(s, lang, id, extra);
    if (!(lowerCaseOrg && text.startsWith(s.org)) && !avoid?.test(text)) return id;
  }
  return `${base}-${first + 1}`;
}

/**
 * Words that date figures to the moment of reading ("bislang", "schon", "so far", "already"): figures the
 * source dates in the past ("Stand: August 2017") are given without them, as what stood then.
 */
const UP_TO_NOW: Record<Language, RegExp> = {
  de: /(?<!\p{L})(?:bislang|bisher|schon|inzwischen)(?!\p{L})/iu,
  en: /\b(?:so far|already|to date|by now)\b/iu,
};

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
    case 'host':
      return s.host ?? undefined;
    case 'orgNom':
    case 'orgAcc':
    case 'orgDat':
    case 'orgVon':
    case 'orgBei':
    case 'orgGen':
      return germanOrg(s.org, name);
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
    case 'gapOne':
      return s.gap === 1 ? 'yes' : 'no';
    case 'past':
      return s.figuresPast ? 'yes' : 'no';
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
  if (lang === 'en' && s.titleEn) return { title: nestedQuotes(quotedTitle(s.titleEn), lang), foreign: false };
  // Marked as the other language's only when its words are (a name or a code such as "CRE179 GSM Security" is not).
  return { title: nestedQuotes(quotedTitle(s.title), lang), foreign: s.titleLanguage !== null && s.titleLanguage !== lang };
}

/** A title that names its own kind ("Brief an den Kreistag: …", "Offener Brief: …") is not put after "die Briefaktion". */
const TITLE_NAMES_KIND = /^(?:Offener\s+)?(?:Brief|Petition|Spendenaufruf|Aufruf|Appell)\b/iu;

/** The description in `lang`, or null when the source has none in that language. */
function descriptionIn(s: Situation, facts: CauseFacts, lang: Language): string | null {
  if (lang === 'en') return s.descriptionEn ?? (s.sourceLanguage === 'en' ? facts.description : null);
  return s.sourceLanguage === 'de' ? facts.description : null;
}

// ---------------------------------------------------------------------------------------------------
// Summary
// ---------------------------------------------------------------------------------------------------

/** The progress sentence's message base, or null when nothing is known (below 1 % only the goal is named). */
function progressBase(s: Situation): string | null {
  const zero = s.progress === 'zero';
  const reached = s.progress === 'over' || s.progress === 'reached';
  // A platform's dated figures of a fundraiser: what had been donated and what was still needed, not a
  // goal (betterplace's is the sum of every need a project ever listed, over years: "Ein Monat Futter"
  // with a goal of 103.908 € would mislead)
  if (s.figuresMonth && s.category === 'Spenden' && s.goal !== null && s.current !== null && s.gap !== null && !zero && !reached) {
    return 'summary-progress-dated-open';
  }
  if (s.goal !== null && s.current !== null && !zero) return reached ? 'summary-progress-reached' : 'summary-progress-both';
  if (s.goal !== null && s.pct !== null && !zero && !reached) return 'summary-progress-goalpct';
  if (s.goal !== null) return 'summary-progress-goal';
  if (s.pct !== null && !zero) return 'summary-progress-pct';
  // a count of none without a goal ("Bislang haben 0 Menschen unterschrieben.") reads as a missing figure: not said
  if (s.current !== null && s.current > 0 && !zero) return 'summary-progress-current';
  return null;
}

/** The data fields each of the summary's own sentences states. */
const FRAME_FIELDS: (keyof CauseFacts)[] = ['category', 'title', 'titleEn', 'organisationName', 'organisationIsPublisher', 'pageHost', 'deadline'];
const PROGRESS_FIELDS: (keyof CauseFacts)[] = ['fundingGoal', 'fundingCurrent', 'fundingProgressPct', 'figuresAsOf'];
const STATUS_FIELDS: (keyof CauseFacts)[] = ['statusOpen', 'deadline'];

const field = (ids: string[], fields: (keyof CauseFacts)[], text: string): Statement => ({ kind: 'field', ids, fields, text });

/**
 * The language the cause's own text is in when the summary in `lang` has none of it to quote: the
 * description exists, but only in another language (an English-only cause in German, a German-only one in
 * English). Null when there is a description in `lang`, or no description of its own (none, or the title repeated).
 */
function otherTextLanguage(s: Situation, facts: CauseFacts, lang: Language): string | null {
  if (descriptionIn(s, facts, lang) !== null || !ownDescription(facts)) return null;
  return s.sourceLanguage === lang ? null : s.sourceLanguage;
}

/** Letters and digits only, in lower case: what two texts say, whatever their spacing and punctuation. */
const wording = (text: string) =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Whether the description says more than the title (a platform gives the title as the description when it has none). */
const ownDescription = (facts: CauseFacts) => {
  const description = wording(facts.description ?? '');
  return description !== '' && description !== wording(facts.title);
};

/**
 * The summary as statements, in the order a reader reads them: who is behind the campaign and until
 * when (data), the source's words (a quotation, attributed), how far it is (data), and what the data
 * leaves open (the language of its text, whether it can still be joined).
 */
export function summaryPlan(facts: CauseFacts, lang: Language): Statement[] {
  const s = situation(facts);

  const pBase = progressBase(s);
  const progressId = pBase ? variantId(s, lang, pBase, {}, s.figuresMonth ? UP_TO_NOW[lang] : undefined) : null;
  const progress = progressId ? field([progressId], PROGRESS_FIELDS, dated(s, lang, sentence(render(s, lang, progressId)))) : null;

  // What the data leaves open. Neither an open status nor a deadline: the summary says the source does
  // not tell (held for an editor, the cause is still listed, and a list must not suggest it can still be
  // joined). The note on the language joins that one where both are needed: three sentences at most.
  const textLanguage = otherTextLanguage(s, facts, lang);
  const languageNote = () => {
    const args = { language: message(lang, 'text-language', { code: textLanguage! }), status: s.open ? 'known' : 'unknown' };
    const fields: (keyof CauseFacts)[] = ['description', 'sourceLanguage', ...(s.open ? [] : STATUS_FIELDS)];
    return field(['summary-language'], fields, sentence(render(s, lang, 'summary-language', args)));
  };
  const statusNote = () => field(['summary-status-unknown'], STATUS_FIELDS, sentence(render(s, lang, 'summary-status-unknown')));
  const note = textLanguage ? languageNote() : s.open ? null : statusNote();

  const frameBase = labelled(s, lang, `summary-frame-${s.publisher ? 'publisher-' : ''}${s.date ? 'date' : 'nodate'}`);
  const campaign = message(lang, 'campaign', { category: s.category });
  const frameId = variantId(s, lang, frameBase, { campaign });
  const frame = (campaign: string) => sentence(render(s, lang, frameId, { campaign }));
  const plainFrame = field([frameId], FRAME_FIELDS, frame(campaign));
  /** The frame naming the campaign with its title ("die Petition „…“"), or standing after it as a label. */
  const titledFrame = (): Statement => {
    const shown = displayTitle(s, lang);
    const title = shown.title;
    // the note on the language says what an adjective before the title would ("die englischsprachige Petition")
    const foreign = shown.foreign && !textLanguage;
    const source = s.titleLanguage ?? 'other';
    if (!foreign && hasMessage(lang, 'summary-title-label') && TITLE_NAMES_KIND.test(title)) {
      // "Brief an den Kreistag: …" already says what it is: the title stands alone, as a label.
      return field(['title-label', frameId], FRAME_FIELDS, `${message(lang, 'summary-title-label', { title })} ${plainFrame.text}`);
    }
    const titled = message(lang, foreign ? 'campaign-titled-foreign' : 'campaign-titled', { campaign, title, source, case: 'nom' });
    if (foreign && lang === 'de') {
      // The German adjective ("englischsprachige") takes its ending from the article before it: the
      // campaign nouns are all feminine, so "der" (dative, genitive) asks for -en, "die" for -e.
      const oblique = message(lang, 'campaign-titled-foreign', { campaign, title, source, case: 'obl' });
      const marker = '\u0000';
      return field(
        ['title-foreign', frameId],
        FRAME_FIELDS,
        sentence(
          frame(marker)
            .replace(/(\b[Dd]er )\u0000/u, `$1${oblique}`)
            .replace(marker, titled),
        ),
      );
    }
    return field(['title', frameId], FRAME_FIELDS, frame(titled));
  };

  // The description's sentences, as the source's words: attributed to the organisers where the
  // organisation is behind the campaign and certainly an organisation (a head noun for it), else only to
  // the description (a publisher's item; a name that may be one person's: "Maria Schmidt").
  const who: Speaker = s.publisher || s.orgLabel ? 'description' : 'organisers';
  const quoteBase = `summary-quote-${who}`;
  const quote = (id: string, text: string): Statement => ({ kind: 'quote', who, id, category: s.category, text });
  const attribution = (id: string) => realise(quote(id, ''), lang).length;
  const chosenId = variantId(s, lang, quoteBase, { text: '', campaign });
  // the shortest attribution, for a description whose first sentence fits beside no other
  const shortestId = Array.from({ length: variantCount(lang, quoteBase) }, (_, i) => `${quoteBase}-${i + 1}`).reduce((a, b) =>
    attribution(b) < attribution(a) ? b : a,
  );
  const description = descriptionIn(s, facts, lang);
  const besides = [progress, note].filter((statement) => statement !== null);
  const besidesLength = besides.reduce((sum, part) => sum + part.text.length + 1, 0);
  const roomBeside = (frameText: string, id: string) =>
    Math.min(EXCERPT_MAX_CHARS, SUMMARY_MAX_CHARS - besidesLength - frameText.length - 1 - attribution(id) - 1);
  // at most three sentences in all: the frame, the progress and the note on the status take theirs
  const excerptSentences = Math.max(0, 2 - besides.length);
  const excerptIn = (room: number) =>
    description && excerptSentences ? excerpt(description, room, excerptSentences, lang, { mayBeOld: !s.open, noDeadline: s.days === null }) : '';
  /**
   * The quotation beside a frame, and its attribution: the chosen one, or the shortest where only that
   * leaves room for the sentence the quotation would otherwise start at (a later one may lean on it).
   */
  const quotationBeside = (frameText: string): { id: string; text: string } => {
    const text = excerptIn(roomBeside(frameText, chosenId));
    const roomier = chosenId === shortestId ? text : excerptIn(roomBeside(frameText, shortestId));
    // more room never starts the quotation later: a different start is an earlier one
    const earlier = roomier !== '' && (text === '' || !roomier.startsWith(text.slice(0, 40)));
    return earlier ? { id: shortestId, text: roomier } : { id: chosenId, text };
  };
  const { id: quoteId, text: firstQuote } = quotationBeside(plainFrame.text);
  let quoted = firstQuote;
  let frameStatement = plainFrame;
  // A petition's title is its demand ("Lieferkettengesetz nicht aufweichen"), which a quoted sentence of
  // its description may only lead up to: its frame names the title beside the quotation, where it fits.
  // The title only beside the same quotation: never at the cost of the sentence that opens the
  // description (a later one may lean on it: "Fachleute warnen vor …"). A quotation that fits beside the
  // titled frame too is that frame's quotation as well (the same rules, in more room than it needs).
  const withTitle = s.category === 'Petition' && quoted ? titledFrame() : null;
  const titledRoom = withTitle ? roomBeside(withTitle.text, quoteId) : 0;
  // (excerpt's own floor: below 40 characters it quotes nothing)
  const titledQuote = titledRoom < 40 ? '' : quoted.length <= titledRoom ? quoted : excerptIn(titledRoom);
  if (withTitle && titledQuote && quoted.startsWith(titledQuote)) {
    quoted = titledQuote;
    frameStatement = withTitle;
  } else if (!quoted) {
    // Without a quotation, the frame names the campaign with its title, so the reader knows what it is.
    frameStatement = titledFrame();
  }
  const plan = [frameStatement, quoted ? quote(quoteId, quoted) : null, progress, note].filter((statement) => statement !== null);
  // Only with an extremely long title or name: the progress sentence goes, never a cut word.
  if (progress && realiseAll(plan, lang).length > SUMMARY_MAX_CHARS) return plan.filter((statement) => statement !== progress);
  return plan;
}

/**
 * A sentence with figures, with the month they are from when the source dates them ("… (Stand: März
 * 2024)."): a summary is kept until the data changes, so the date stays true however long it is served.
 */
function dated(s: Situation, lang: Language, text: string): string {
  const month = figuresMonthArgs(s, lang);
  return month ? text.replace(/\.$/u, ` (${message(lang, 'figures-as-of', month)}).`) : text;
}

/** The month and year the source dates its figures in, as the messages name them; null when undated. */
function figuresMonthArgs(s: Situation, lang: Language): { month: string; year: string } | null {
  return s.figuresMonth ? { month: message(lang, `month-${s.figuresMonth.month}`), year: String(s.figuresMonth.year) } : null;
}

const capitalizeFirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A sentence from a message: capitalised ("der Verein …" at the start), one period after "e.V.", and none
 * after a quoted title that ends a sentence of its own („… Spende 5€.“ / “… 5€.”, not “… 5€.”.).
 */
const sentence = (text: string): string =>
  capitalizeFirst(text)
    .replace(/\.\.(?=\s|$)/gu, '.')
    .replace(/([.!?])([“”])\.(?=\s|$)/gu, '$1$2');

/** Short abstract, 1–3 sentences. Never mentions relative days: it is rewritten only when the data changes. */
export function writeSummary(facts: CauseFacts, lang: Language): string {
  return realiseAll(summaryPlan(facts, lang), lang);
}

/** The message ids a summary is built from (which sentence skeletons it uses); for spread checks. */
export function summarySkeleton(facts: CauseFacts, lang: Language): string[] {
  return summaryPlan(facts, lang).flatMap((statement) => (statement.kind === 'field' ? statement.ids : ['quote', statement.id]));
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
  // Figures of an earlier day are dated in whyNow; a headline cannot carry the date, so it states no
  // progress from them ("Schon 90 % geschafft", "Ziel erreicht", "helfen, das Ziel zu erreichen": the goal
  // may have been reached since).
  else if (s.figuresPast) base = 'headline-open';
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
  const figuresMonth = figuresMonthArgs(s, lang);
  if (s.goal !== null && s.gap !== null && figuresMonth && s.figuresPast) {
    // figures the source dates before the day: what was missing then, in the past ("Im August 2017 fehlten …")
    used.push('whynow-gap-dated');
    parts.push(sentence(render(s, lang, 'whynow-gap-dated', figuresMonth)));
  } else if (s.goal !== null && s.gap !== null) {
    // undated figures, or figures of the day: what is missing now (an action text is served for that day only)
    parts.push(sentence(say(s, lang, s.gap === 1 ? 'whynow-gap-one' : 'whynow-gap', used)));
  } else if (tippingAlone(s)) {
    parts.push(say(s, lang, s.tipping === 1 ? 'whynow-tipping-one' : 'whynow-tipping', used));
  } else if (s.progress === 'over' || s.progress === 'reached') {
    parts.push(say(s, lang, 'whynow-over', used));
  }
  if (soon) parts.push(say(s, lang, 'whynow-deadline-soon', used));
  // "still running" and the like only where the source says the action is open (or its deadline is ahead)
  else if (!parts.length) parts.push(say(s, lang, s.date ? 'whynow-deadline-later' : s.open ? 'whynow-open' : 'whynow-unknown', used));
  return parts.map(sentence).join(' ');
}

/**
 * The platform's threshold (actionsToTippingPoint) is spoken of only where no goal and no share of one is
 * known: beside "41 % of its goal", "1,750 letters are still needed" reads as the gap to that goal, which
 * it is not. It counts actions; for donations that is not the cause's unit (euros), so it is left out.
 */
const tippingAlone = (s: Situation) => s.goal === null && s.pct === null && s.tipping !== null && s.category !== 'Spenden';

/** What one action adds; no count whyNow already gives. */
function impact(s: Situation, lang: Language, used: string[]): string {
  // figures of an earlier day: what was missing then may be gone now, so no gap is spoken of as present
  if (s.figuresPast) return say(s, lang, 'impact-open', used);
  if (s.progress === 'over' || s.progress === 'reached') return say(s, lang, 'impact-over', used);
  if (s.goal !== null && s.gap !== null) return say(s, lang, 'impact-gap', used);
  if (tippingAlone(s)) return say(s, lang, 'impact-tipping', used);
  return say(s, lang, 'impact-open', used);
}

function composeAction(facts: CauseFacts, lang: Language): { action: GeneratedAction; skeleton: string[] } {
  const s = situation(facts);
  const used: string[] = [];
  const head = headline(s, lang, used);
  const now = whyNow(s, lang, used);
  const impactText = impact(s, lang, used);
  // whyYou names the organisation only where it is behind the campaign and has a certain (German) head noun:
  // the English names it only where the German does.
  const you = say(s, lang, s.publisher || s.orgLabel ? 'whyyou-noorg' : 'whyyou', used);
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
  summaryBatch: 1000,
};
