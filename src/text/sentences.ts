// Splits text into sentences, for the text generator's description excerpt (texts/excerpt.ts) and for
// shortening a long description at a sentence end (sources/html-text.ts). The rules are written here,
// not taken from Intl.Segmenter, so that no generated text can change with the ICU version of the
// machine, and they know German abbreviations and ordinals.
//
// A sentence ends
// - after a run of . ! ? … (with the closing quotation marks and brackets that follow it) that is
//   followed by whitespace or the end of the text, unless a single period closes an abbreviation, an
//   initial or an ordinal ("z. B.", "Dr.", "e.V.", "am 5. Mai"), or the text goes on with something
//   other than an upper-case letter, a digit, an opening quotation mark or parenthesis ("?" before
//   "und", "…" before "oder");
// - at a line break, whatever precedes it (a heading, a list item without a period).
// The text generator hands in running text without line breaks, so for it only the first rule counts.
//
// Where this differs from Intl.Segmenter's sentences (ICU's rules, which html-text.ts used before): ICU
// ends a sentence after an abbreviation or an ordinal ("ca. 100", "vs. Print", "am 5. Dezember"), and at
// "?" or "!" whatever follows ("FRITZ!Box", "vorne? ‘Electrical"); it does not end one before a number
// that a lower-case word follows (". 160 unserer Kinder"), nor at "…" ("[…] Wir"); and it also ends one
// at the separators U+0085, U+2028 and U+2029 (the adapters' plain text has only "\n").

export interface Sentence {
  /** the sentence without the whitespace around it */
  text: string;
  /** the offset in the input just after the sentence's last character */
  end: number;
}

const ABBREVIATIONS = new Set([
  'abs',
  'allg',
  'art',
  'bes',
  'bspw',
  'bzgl',
  'bzw',
  'ca',
  'd.h',
  'dr',
  'dt',
  'e.v',
  'ehem',
  'evtl',
  'ggf',
  'ggü',
  'gem',
  'hr',
  'fr',
  'i.d.r',
  'inkl',
  'insb',
  'jh',
  'max',
  'min',
  'mind',
  'mio',
  'mrd',
  // academic degrees after "Dr." or before a name: "Dr. med. Wolfgang …", "Dipl. Ing."
  'med',
  'phil',
  'rer',
  'nat',
  'jur',
  'theol',
  'vet',
  'dent',
  'dipl',
  'ing',
  'nr',
  'o.ä',
  'prof',
  'sog',
  'st',
  'str',
  'tel',
  'tsd',
  'u.a',
  'u.ä',
  'u.v.m',
  'usf',
  'v.a',
  'vgl',
  'z.b',
  'z.t',
  'zzgl',
  'mr',
  'mrs',
  'ms',
  'e.g',
  'i.e',
  'etc',
  'vs',
  'no',
]);

const WHITESPACE = /\s/;

/** True when the period at `index` closes an abbreviation, an initial or an ordinal ("am 5. Mai"). */
function periodIsNotSentenceEnd(text: string, index: number): boolean {
  // The word before the period: the non-space characters up to it (read backwards, so that a long text
  // costs no more than its length).
  let from = index;
  while (from > 0 && !WHITESPACE.test(text[from - 1])) from--;
  const word = text
    .slice(from, index)
    .replace(/^[("„“'‚]+/, '')
    .toLowerCase();
  if (/^\d{1,2}$/.test(word)) return true; // ordinals and day numbers
  if (/^\p{L}$/u.test(word)) return true; // initials and "z. B."
  if (word.includes('.')) return true; // z.B, e.V
  return ABBREVIATIONS.has(word);
}

/**
 * A sentence end, or a line break. A match starts only at the first mark of a run ("?!", "...") so that a
 * long run not followed by whitespace is read once, not once from each of its marks (linear, not quadratic).
 */
const END = /(?<![.!?…])[.!?…]+["“”»«'’)\]]*(?=\s|$)|\n/gu;
/** What may follow a sentence end: nothing but whitespace, or a sentence's opening (read at the end). */
const OPENS_SENTENCE = /\s*(?:[\p{Lu}\d„"“»«(]|$)/uy;

/** The sentence of `text` between `from` and `to`, trimmed; null when there is only whitespace. */
function sentenceBetween(text: string, from: number, to: number): Sentence | null {
  const slice = text.slice(from, to);
  const sentence = slice.trim();
  return sentence ? { text: sentence, end: to - (slice.length - slice.trimEnd().length) } : null;
}

/**
 * The sentences of `text`, in order, each with where it ends; none for a text of whitespace only. Read
 * as far as the caller iterates: shortening a long text reads only the part it keeps.
 */
export function* splitSentences(text: string): Generator<Sentence> {
  const end = new RegExp(END);
  let start = 0;
  for (let m = end.exec(text); m; m = end.exec(text)) {
    let stop = m.index;
    if (m[0] !== '\n') {
      stop = m.index + m[0].length;
      if (m[0].startsWith('.') && !m[0].startsWith('..') && periodIsNotSentenceEnd(text, m.index)) continue;
      OPENS_SENTENCE.lastIndex = stop;
      if (!OPENS_SENTENCE.test(text)) continue;
    }
    const sentence = sentenceBetween(text, start, stop);
    if (sentence) yield sentence;
    start = stop;
  }
  const rest = sentenceBetween(text, start, text.length);
  if (rest) yield rest;
}
