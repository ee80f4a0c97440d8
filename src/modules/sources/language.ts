// The language of a cause's source text: what the source states (an RSS <language>, dc:language), or
// else what `eld` (an n-gram language detector that runs offline) detects in the title and description.
// Too little text (a bare project name) is not guessed: the language is then unknown (null).
//
// eld's smallest database (60 languages) is loaded on first use only, so processes that never detect
// (the API, a run whose items are unchanged) do not pay for it. eld ships it as a JavaScript module of
// one large object literal: compiling that costs about 80 MB of resident memory for good and 0.14 s. The
// same data read as JSON costs about 25 MB and 0.04 s, so `npm ci` writes it as JSON once
// (prepareLanguageData, postinstall) and the detector is built from that file with eld's own loader. Where
// the file is missing (or eld's layout differs), the module is imported as eld documents it.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../../infra/project-root.js';
import { functionWordTally, type FunctionWordLanguage } from '../../text/function-words.js';

type Detector = (typeof import('eld/extrasmall'))['eld'];
interface EldData {
  type: string;
  languages: Record<number, string>;
  ngrams: Record<string, Record<number, number>>;
}

const ELD_DIR = path.join(PROJECT_ROOT, 'node_modules', 'eld');
/** eld's database module and its builder, by file (the package's exports name only the ready-made instances) */
const ELD_DATA_MODULE = path.join(ELD_DIR, 'src', 'ngrams', 'extrasmall.js');
const ELD_BUILDER_MODULE = path.join(ELD_DIR, 'src', 'languageDetector.js');

/** Where `npm ci` keeps eld's database as JSON, named by eld's version. */
export function languageDataFile(): string {
  const { version } = JSON.parse(fs.readFileSync(path.join(ELD_DIR, 'package.json'), 'utf8')) as { version: string };
  return path.join(PROJECT_ROOT, 'node_modules', '.cache', 'engagement-signal-api', `eld-${version}-extrasmall.json`);
}

/** Writes eld's database as JSON (run by `npm ci`); returns the file written. */
export async function prepareLanguageData(): Promise<string> {
  const { ngramsData } = (await import(pathToFileURL(ELD_DATA_MODULE).href)) as { ngramsData: EldData };
  const target = languageDataFile();
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const staged = `${target}.${process.pid}.work`;
  fs.writeFileSync(staged, JSON.stringify(ngramsData));
  fs.renameSync(staged, target);
  return target;
}

let loadedFrom: 'prepared' | 'module' | undefined;

/** How this process's detector was loaded: from the prepared JSON, from eld's module, or not yet. */
export const languageDataSource = () => loadedFrom;

async function buildDetector(): Promise<Detector> {
  try {
    const data = JSON.parse(await fs.promises.readFile(languageDataFile(), 'utf8')) as EldData;
    const { createEld } = (await import(pathToFileURL(ELD_BUILDER_MODULE).href)) as {
      createEld(): { instance: Detector; loadData(data: EldData): string };
    };
    const { instance, loadData } = createEld();
    if (!loadData(data)) throw new Error('eld refused the prepared data');
    loadedFrom = 'prepared';
    return instance;
  } catch {
    loadedFrom = 'module';
    return (await import('eld/extrasmall')).eld;
  }
}

let detector: Promise<Detector> | undefined;
const loadDetector = () => (detector ??= buildDetector());

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

/**
 * A clear case is decided by function words, without eld's n-gram scoring (a quarter of a first import's
 * CPU): this many of one language's in the opening, at least CLEAR_DISTINCT different ones, and none of
 * the other's. Every committed real-data text so decided is what eld decides too (real-data.test.ts);
 * anything less clear, and any other language, is eld's to tell.
 */
const CLEAR_READ_CHARS = 600;
const CLEAR_COUNT = 8;
const CLEAR_DISTINCT = 4;

/** 'de' or 'en' when the opening of the text is clearly that language by its function words, else null. */
export function clearLanguage(text: string): FunctionWordLanguage | null {
  const tally = functionWordTally(text.slice(0, CLEAR_READ_CHARS));
  for (const [lang, other] of [
    ['de', 'en'],
    ['en', 'de'],
  ] as const) {
    if (tally[lang].count >= CLEAR_COUNT && tally[lang].distinct >= CLEAR_DISTINCT && tally[other].count === 0) return lang;
  }
  return null;
}

/** The text eld reads for a cause: the title, and the description when it says more. */
export const detectionText = (title: string, description: string): string =>
  (description && description !== title ? `${title}\n${description}` : title).slice(0, MAX_CHARS);

/** eld's answer for the text: its language when eld is sure enough, else null. */
export async function modelLanguage(text: string): Promise<string | null> {
  const result = (await loadDetector()).detect(text);
  if (!result.language || !result.isReliable()) return null;
  const scores = Object.values(result.getScores()).sort((a, b) => b - a);
  if ((scores[0] ?? 0) < MIN_SCORE || (scores[0] ?? 0) - (scores[1] ?? 0) < MIN_LEAD) return null;
  return result.language;
}

/** The ISO 639-1 code of the text's language, or null when there is too little text to tell. */
export async function detectLanguage(title: string, description: string): Promise<string | null> {
  const text = detectionText(title, description);
  if (!hasWords(text, MIN_WORDS)) return null;
  return clearLanguage(text) ?? modelLanguage(text);
}
