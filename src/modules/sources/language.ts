// The language of a cause's source text: what the source states (an RSS <language>, dc:language), or
// else what `eld` (an n-gram language detector that runs offline) detects in the title and description.
// Too little text (a bare project name) is not guessed: the language is then unknown (null). eld's
// smallest database (60 languages) is loaded on first use only (~0.12 s, ~80 MB less than the next size),
// so processes that never detect (the API, a run whose items are unchanged) do not pay for it.
type Detector = (typeof import('eld/extrasmall'))['eld'];
let detector: Promise<Detector> | undefined;
const loadDetector = () => (detector ??= import('eld/extrasmall').then((module) => module.eld));

/** At least this many words of two or more letters before a detection is trusted. */
const MIN_WORDS = 3;
/** The best language must score at least this (eld scores 0–1) and lead the next one by this much. */
const MIN_SCORE = 0.6;
const MIN_LEAD = 0.05;
/** Detection reads the opening of the text only; a few hundred words are plenty. */
const MAX_CHARS = 2000;

/** "de-DE", "de_AT", "DE" → "de"; anything that is not a language tag → undefined. */
export function languageOfTag(tag: string | null | undefined): string | undefined {
  const match = /^\s*([a-z]{2,3})(?:[-_][a-z0-9]{1,8})*\s*$/i.exec(tag ?? '');
  return match ? match[1].toLowerCase() : undefined;
}

const WORD = /\p{L}{2,}/gu;

/** True when the text has at least `count` words of two or more letters (read only as far as that). */
function hasWords(text: string, count: number): boolean {
  WORD.lastIndex = 0;
  let found = 0;
  while (found < count && WORD.exec(text)) found += 1;
  return found >= count;
}

/** The ISO 639-1 code of the text's language, or null when there is too little text to tell. */
export async function detectLanguage(title: string, description: string): Promise<string | null> {
  const text = (description && description !== title ? `${title}\n${description}` : title).slice(0, MAX_CHARS);
  if (!hasWords(text, MIN_WORDS)) return null;
  const result = (await loadDetector()).detect(text);
  if (!result.language || !result.isReliable()) return null;
  const scores = Object.values(result.getScores()).sort((a, b) => b - a);
  if ((scores[0] ?? 0) < MIN_SCORE || (scores[0] ?? 0) - (scores[1] ?? 0) < MIN_LEAD) return null;
  return result.language;
}
