// The summary's opening: whole sentences quoted from the description, chosen so that they can stand
// at the start of the generator's text (a statement, formal, pointing back at nothing).
import { splitSentences } from '../../text/sentences.js';
import { FUNCTION_WORDS, functionWordCounts } from '../../text/function-words.js';
import type { Language } from './messages.js';

const ENDS_SENTENCE = /[.!?…]["“”»«'’)]*$/u;

/** Zero-width spaces and joiners, the word joiner and the byte-order mark: invisible, but they reach a reader's copy. */
export const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/gu;

/**
 * Time relative to a day the text does not give ("…hat der Veranstalter gestern abgesagt.", "Heute zeigt
 * …", "am Freitag"): the item's own date is not kept, so such a sentence cannot be resolved and is not
 * quoted. "Morgen" as a noun ("am Morgen", "jeden Morgen") is not relative.
 */
const RELATIVE_TIME: Record<Language, RegExp> = {
  de: /(?<!\p{L})(?:[Hh]eute|[Gg]estern|[Vv]orgestern|übermorgen|[Hh]eutige\p{L}*|[Gg]estrige\p{L}*|morgige\p{L}*|[Dd]iese Woche|(?:letzte|nächste|kommende|vergangene)[nm]? (?:Woche|Wochenende|Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag)|am (?:Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag)(?!\s*,?\s*(?:den\s+)?\d))(?!\p{L})|(?<!\p{L})morgen(?!\p{L})|^Morgen(?=\s+\p{Ll})/u,
  en: /\b(?:[Tt]oday|[Tt]onight|[Yy]esterday|[Tt]omorrow|[Tt]his (?:week|morning|afternoon|evening)|(?:[Ll]ast|[Nn]ext) (?:week|weekend|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)|on (?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)(?!,?\s+\d))\b/u,
};

/**
 * The description as running text: bullets stripped, whitespace collapsed. A line that does not end a
 * sentence (a heading, a list item without a period) is dropped, so it is never merged into the next
 * paragraph ("…vertraut zu machen Kinder und Jugendliche …").
 */
function descriptionText(description: string): string {
  const lines = (description ?? '')
    .normalize('NFC')
    .replace(INVISIBLE, '')
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
 * Awards an organisation claims for itself or its work ("eine mehrfach ausgezeichnete … Organisation",
 * "award-winning"): its own praise, which a summary in the service's voice would state as fact. Such a
 * sentence is never quoted. (Words that may describe anything, "einzigartig", "renowned", are not
 * praise of the organisation by themselves.)
 */
const SELF_PRAISE: Record<Language, RegExp> = {
  de: /(?<!\p{L})(?:(?:mehrfach|vielfach|preis)\s*ausgezeichnet\p{L}*|preisgekrönt\p{L}*)(?!\p{L})/iu,
  en: /\b(?:(?:multi-)?award[- ]winning)\b/iu,
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

export interface ExcerptOptions {
  /**
   * true when the description may be years old: nothing says the action is open now (no open status, no
   * deadline ahead; a feed item's text is not dated here). Only one sentence is quoted then, and only one
   * that is true whenever it was written (stricter rules: standsAloneUndated).
   */
  mayBeOld?: boolean;
}

/**
 * Words that tie a sentence to the day it was written ("derzeit", "bald", "bisher", "im September", "bis
 * 1.9.", "Anfang Mai"): true then, perhaps false now. A month or a day without a year counts; with one
 * ("im September 2022") the sentence is dated.
 */
const MONTHS_DE = 'Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember';
const MONTHS_EN = 'January|February|March|April|May|June|July|August|September|October|November|December';
const TIME_BOUND: Record<Language, RegExp> = {
  de: new RegExp(
    [
      String.raw`(?<!\p{L})(?:jetzt|nun|derzeit|zurzeit|momentan|aktuell\p{L}*|inzwischen|mittlerweile|vorerst|bald|bisher|bislang|demnächst|neuerdings|kürzlich|jüngst|soeben|zuletzt|kommende\p{L}*|noch\s+nicht|nicht\s+mehr|nur\s+noch|für\s+kurze\s+Zeit|am\s+Wochenende|in\s+wenigen\s+(?:Tagen|Wochen|Monaten)|vor\s+(?:\p{L}+\s+)?(?:Tagen|Wochen|Monaten|Jahren)|seit\s+(?:über\s+|mehr\s+als\s+)?(?:einem|einer|wenigen|einigen|\d+)\s+\p{L}+)(?!\p{L})`,
      String.raw`(?<!\p{L})am\s+(?:Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag)(?!\p{L})(?!\s*,?\s*(?:den\s+)?\d)`,
      String.raw`(?<!\p{L})(?:dies|nächst|vergangen|letzt)\p{L}*\s+(?:Jahr|Monat|Woche|Sommer|Herbst|Winter|Frühjahr|Saison)`,
      String.raw`(?<!\p{L})(?:im|ab|bis|seit|Anfang|Mitte|Ende|vom|zum)\s+(?:(?:Anfang|Mitte|Ende)\s+)?(?:${MONTHS_DE})(?!\p{L})(?!\s+\d{4})`,
      String.raw`(?<!\p{L})im\s+(?:Frühjahr|Sommer|Herbst|Winter|ersten\s+Halbjahr|zweiten\s+Halbjahr)(?!\p{L})(?!\s+\d{4})`,
      String.raw`(?<![\d.])\d{1,2}\.\s?\d{1,2}\.(?!\s?\d)`,
    ].join('|'),
    'iu',
  ),
  en: new RegExp(
    [
      String.raw`\b(?:now|currently|at present|at the moment|recently|soon|so far|to date|no longer|not yet|for a (?:short|limited) time|this (?:year|month|season)|next (?:year|month)|last (?:year|month)|in a few (?:days|weeks)|this weekend)\b`,
      String.raw`\b(?:in|by|from|until|since|early|mid|late)\s+(?:${MONTHS_EN})\b(?!\s+\d{4})`,
      String.raw`\b(?:on|this|next|last)\s+(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b(?!,?\s+\d)`,
    ].join('|'),
    'iu',
  ),
};

/**
 * A year that a sentence speaks of as still ahead or current ("wird 2023 in Katar ausgerichtet", "soll bis
 * Anfang 2024 sinken", "Im Oktober 2022 stehen … auf dem Programm"): any sentence with a year but no verb
 * of the past ("wurde 2011 gegründet", "began operations in March 2011"), whose year stays true.
 */
const YEAR = /(?<![\d.,])(?:19|20)\d{2}(?![\d.,]\d|\p{L})/u;
const PAST: Record<Language, RegExp> = {
  de: /(?<!\p{L})(?:war|waren|wurde|wurden|hatte|hatten|gab|begann|begannen|entstand|entstanden|gegründet|eröffnet|gestartet)(?!\p{L})/iu,
  en: /\b(?:was|were|had|began|\p{L}+ed)\b/iu,
};
const datedAhead = (sentence: string, lang: Language) => YEAR.test(sentence) && !PAST[lang].test(sentence);
/** True when the sentence is tied to the day it was written, or to a year it speaks of as ahead. */
const dated = (sentence: string, lang: Language) => TIME_BOUND[lang].test(sentence) || datedAhead(sentence, lang);

/** A demonstrative or a pronominal adverb anywhere ("… diesen Jugendlichen …", "… hat dabei …"): it points at text not quoted. */
const POINTS_BACK: Record<Language, RegExp> = {
  de: /(?<!\p{L})(?:[Dd]ies(?:e[mnrs]?)?|[Dd]abei|[Dd]avon|[Dd]arauf|[Dd]arin|[Dd]aran|[Dd]ahinter|[Dd]anach|[Dd]azu|dann|aber|[Ss]olche\p{L}*|im Überblick|^Da|^Um das)(?!\p{L})/u,
  en: /\b(?:[Tt]his|[Tt]hese|[Tt]hose|[Ss]uch)\b/u,
};

/**
 * A subordinate clause standing alone ("Wie man Microsofts Office-Paket datenschutzfreundlich einsetzt.",
 * "How to set up GitLab."): a teaser's fragment, whose main clause is the headline. With a comma, the
 * main clause may follow ("Wer mitmachen möchte, findet …").
 */
const LONE_CLAUSE: Record<Language, RegExp> = {
  de: /^(?:Wie|Wer|Was|Warum|Weshalb|Wieso|Wann|Wo|Wohin|Woher|Ob|Weil|Wenn|Obwohl|Während|Nachdem|Bevor|Sobald|Falls)(?!\p{L})[^,;]*$/u,
  en: /^(?:How|Why|What|When|Where|Whether|Because|If|Although|While)\b[^,;]*$/u,
};

/** German finite verbs that end unlike most (-t, -st, -e, -en, -ern, -eln): irregular present and past forms. */
const IRREGULAR_FINITE = new Set(
  [
    'ist sind war waren hat hatte hatten wird wurde wurden kann konnte muss musste soll sollte will wollte darf mag gibt gab gilt galt',
    'kam bekam lag sah ging fing hing fand verschwand entstand stand verstand bat bot verbot schlug trug wuchs fiel hielt tat',
    'nahm blieb hieß ließ verließ rief schrieb stieg zog bezog fuhr sprach traf warf half starb lief las aß saß',
    'begann gewann sank sang sprang verlor entschied schien erschien wies stieß lud sei wäre hätte',
  ].join(' ').split(' '),
);
/** Endings of finite verbs: -t and -st always ("sammelt", "fließt"); the others also end adjectives. */
const FINITE_ENDING = /(?:t|st)$/u;
const FINITE_OR_ADJECTIVE_ENDING = /(?:e|en|ern|eln)$/u;
const capitalised = (word: string | undefined) => word !== undefined && /^\p{Lu}/u.test(word);

/**
 * True when a German sentence has a word that may be its finite verb: an irregular form; a lower-case
 * word that is not a function word and ends in -t or -st; or one that ends in -e, -en, -ern or -eln,
 * unless it stands between a lower-case word and a noun, where it is an adjective ("der schärfsten
 * Kritikerinnen", "einer verstärkten Konzentration"; after a noun it is a verb: "In der Generation sitzen
 * Intels Prozessoren"). A sentence without ("Alles für lau, alles ziemlich super.", "Meredith Whittaker,
 * Mitbegründerin des AI Now Institute, im Interview mit …") is a teaser's fragment. Generous on purpose:
 * only a sentence with no such word at all is refused.
 */
function mayHaveFiniteVerb(sentence: string): boolean {
  const words = sentence.match(/\p{L}+/gu) ?? [];
  return words.some((word, i) => {
    if (capitalised(word)) return false;
    if (IRREGULAR_FINITE.has(word)) return true;
    if (FUNCTION_WORDS.de.has(word)) return false;
    if (FINITE_ENDING.test(word)) return true;
    const attributive = capitalised(words[i + 1]) && !capitalised(words[i - 1]);
    return FINITE_OR_ADJECTIVE_ENDING.test(word) && !attributive;
  });
}

/**
 * Stricter rules for a sentence quoted from a description that may be old (ExcerptOptions.mayBeOld; the
 * only sentence quoted then, so it also passed the opening's rules, which refuse an exclamation: "Hier
 * gibt's Bier!"; and excerpt() stops at a sentence tied to the day it was written or speaking of a year
 * as ahead, `dated`): no advertising ("Rabatt") or formal imperative ("Lernen Sie …"), at least six
 * words, a whole sentence (not a teaser's fragment), and in the text's language (a German feed quotes
 * English lines: "Imminent Death Of The Net Predicted"; one with several of the other language's
 * function words and none of its own is the other language's).
 */
function standsAloneUndated(sentence: string, lang: Language): boolean {
  if (lang === 'de' && (/(?<!\p{L})Rabatt/u.test(sentence) || /^\p{Lu}\p{Ll}+en\s+Sie(?!\p{L})/u.test(sentence))) return false;
  if (sentence.split(/\s+/).length < 6) return false;
  if (POINTS_BACK[lang].test(sentence)) return false;
  // a teaser around a colon ("Das Versprechen: …", "Statt SEO: …") and an undated price or offer
  if (/\p{L}:\s/u.test(sentence) || /\d\s?(?:€|Euro|Dollar|US-Dollar)(?!\p{L})|\$\s?\d/u.test(sentence)) return false;
  // a fragment: a subordinate clause alone, or (German) no word that can be the finite verb
  if (LONE_CLAUSE[lang].test(sentence) || (lang === 'de' && !mayHaveFiniteVerb(sentence))) return false;
  const { own, other } = functionWordCounts(sentence, lang);
  return !(own === 0 && other >= 2);
}

/** An excerpt starts at one of the first five sentences. */
const MAX_START = 5;
/**
 * Recent descriptions' opening sentences (`all`: the description has no more): the import reads a
 * cause's, then its summaries in both languages and their check read it again.
 */
const openings = new Map<string, { sentences: string[]; all: boolean }>();
const OPENINGS_KEPT = 600;

/** The first `count` sentences of the description that end like one, read only as far as needed. */
function openingSentences(description: string, count: number): string[] {
  const kept = openings.get(description);
  if (kept && (kept.all || kept.sentences.length >= count)) return kept.sentences.slice(0, count);
  const sentences: string[] = [];
  let all = true;
  for (const { text } of splitSentences(descriptionText(description))) {
    if (!ENDS_SENTENCE.test(text)) continue;
    if (sentences.length === count) {
      all = false;
      break;
    }
    sentences.push(text);
  }
  if (openings.size >= OPENINGS_KEPT) openings.delete(openings.keys().next().value!);
  openings.set(description, { sentences, all });
  return sentences;
}

/**
 * Whole sentences of the description, at most `max` characters and `maxSentences` sentences, starting
 * at the first sentence that can open a text (a statement, not informal, pointing back at nothing);
 * '' when none fits (a sentence is never cut).
 */
export function excerpt(description: string, max: number, maxSentences: number, lang: Language, options: ExcerptOptions = {}): string {
  if (max < 40 || maxSentences < 1) return '';
  const undated = options.mayBeOld === true;
  if (undated) maxSentences = 1;
  const sentences = openingSentences(description, MAX_START + maxSentences - 1);
  const usable = (sentence: string) =>
    !sentence.endsWith(':') &&
    !INFORMAL[lang].test(sentence) &&
    !RELATIVE_TIME[lang].test(sentence) &&
    !SELF_PRAISE[lang].test(sentence) &&
    (!undated || standsAloneUndated(sentence, lang));
  // An opening question ("Worum geht es?") says little on its own; start with the first statement.
  // A sentence of a few words ("Spende 5€.") says too little to open a summary.
  // A sentence never opens with a figure ("89 Prozent der …"): an editor would spell it out or recast it.
  // Nor with an exclamation ("… benötigen dringend Hilfe!"): a cry for help is the source's voice, not a statement.
  const canOpen = (sentence: string) => usable(sentence) && !/^\d/u.test(sentence) && !/[?!]["“”»«'’)]*$/u.test(sentence) && !DANGLING[lang].test(sentence) && !DANGLING_INSIDE[lang].test(sentence) && sentence.split(/\s+/).length >= 4;
  for (let start = 0; start < Math.min(sentences.length, MAX_START); start++) {
    // In a description that may be old, what follows a dated sentence goes on in its time ("Dann soll …",
    // "Eigene Alternativen bietet das Unternehmen nicht an."): nothing after it is quoted.
    if (undated && dated(sentences[start], lang)) return '';
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
