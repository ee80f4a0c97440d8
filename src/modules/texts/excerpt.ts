// The summary's opening: whole sentences quoted from the description, chosen so that they can stand
// at the start of the generator's text (a statement, formal, pointing back at nothing).
import { splitSentences } from '../../text/sentences.js';
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
export function excerpt(description: string, max: number, maxSentences: number, lang: Language): string {
  if (max < 40 || maxSentences < 1) return '';
  const sentences = openingSentences(description, MAX_START + maxSentences - 1);
  const usable = (sentence: string) => !sentence.endsWith(':') && !INFORMAL[lang].test(sentence) && !RELATIVE_TIME[lang].test(sentence);
  // An opening question ("Worum geht es?") says little on its own; start with the first statement.
  // A sentence of a few words ("Spende 5€.") says too little to open a summary.
  const canOpen = (sentence: string) => usable(sentence) && !sentence.endsWith('?') && !DANGLING[lang].test(sentence) && !DANGLING_INSIDE[lang].test(sentence) && sentence.split(/\s+/).length >= 4;
  for (let start = 0; start < Math.min(sentences.length, MAX_START); start++) {
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
