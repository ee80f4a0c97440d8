// Whether a cause can be written up honestly from its data, as an editor would judge it before publishing:
// a cause that cannot is held for an editor (Cause.editorialState "needs_editor", with the reason) and is
// never the daily action. The texts are not padded to hide the gap: the built-in generator writes what
// the data says and no more. Pure: the caller passes the facts (and the texts another generator wrote).
import { writeAction, writeSummary } from './default-generator.js';
import { excerpt } from './excerpt.js';
import { factCheck } from './fact-check.js';
import { ASSUMED_SOURCE_LANGUAGE, type CauseFacts, type GeneratedAction, type Language } from './text-generator.js';
import { LANGUAGES } from '../causes/list-params.js';

export type EditorialState = 'ok' | 'needs_editor';

export const HOLD_REASONS = {
  noDescription: 'the description has no sentence that can be quoted',
  noStatus: 'the source gives neither an open status nor a deadline',
} as const;

/** True when the data says the action is open now: the source says so, or its deadline is still ahead. */
export function knownOpen(facts: CauseFacts): boolean {
  const deadlineAhead = facts.deadline !== null && facts.daysUntilDeadline !== null && facts.daysUntilDeadline >= 0;
  return facts.statusOpen === true || deadlineAhead;
}

/** A name given as a form label ("Träger der Petition: heise online.", "(Quelle: laut.de)") instead of a sentence. */
const FORM_LABEL = /(?:^|[.;(]\s*)(?:Träger|Initiator|Quelle|Laufzeit|Organiser|Source)(?:\s+der\s+\p{L}+)?:/u;

/** Claims about the status that only an open status or a future deadline supports. */
const STATUS_CLAIM: Record<Language, RegExp> = {
  de: /noch läuft|läuft noch|noch nichts entschieden|noch ist Zeit|solange (?:die|der|das) \p{L}+ läuft/iu,
  en: /still (?:time|running|open)|is open\b|nothing has been decided|while the \p{L}+(?: \p{L}+)? is open/iu,
};

/** Why a text cannot be published for these facts (beyond the fact check), or null. */
export function textProblem(text: string, facts: CauseFacts, lang: Language): string | null {
  if (FORM_LABEL.test(text)) return 'a name is given as a form label, not in a sentence';
  const claim = knownOpen(facts) ? null : STATUS_CLAIM[lang].exec(text);
  if (claim) return `"${claim[0]}" claims a status the source does not give`;
  return null;
}

/** Why the data cannot be written up honestly (no sentence to say what it is; nothing says it is open), or null. */
export function dataHold(facts: CauseFacts): string | null {
  // a source language the service does not write in is read as the one it assumes
  const sourceLang = LANGUAGES.find((lang) => lang === facts.sourceLanguage) ?? ASSUMED_SOURCE_LANGUAGE;
  if (!knownOpen(facts)) return HOLD_REASONS.noStatus;
  if (!excerpt(facts.description, 220, 2, sourceLang)) return HOLD_REASONS.noDescription;
  return null;
}

/**
 * Why the cause must be held for an editor, or null when its texts can be published as written: the
 * data (dataHold), then the texts in both languages, the built-in generator's or `written` (another
 * generator's) where given. The import checks only the data (cheap, and the built-in generator's texts
 * pass the text rules by design: the golden and real-data tests hold it to them); the texts step checks
 * everything with the texts it wrote.
 */
export function editorialHold(facts: CauseFacts, written: Partial<Record<Language, { summary?: string; action?: GeneratedAction }>> = {}): string | null {
  const hold = dataHold(facts);
  if (hold) return hold;
  // Without `written`, the built-in generator's summary and action; with it, only the texts given (the
  // texts step passes the summaries it wrote: the action is written, and fact-checked, at the pick).
  const own = Object.keys(written).length === 0;
  for (const lang of LANGUAGES) {
    const summary = written[lang]?.summary ?? (own ? writeSummary(facts, lang) : null);
    const action = written[lang]?.action ?? (own ? writeAction(facts, lang) : null);
    const actionTexts = action ? [action.headline, action.whyNow, action.whyYou, action.impactStatement] : [];
    const summaries = summary ? [summary] : [];
    const problem =
      (summary ? factCheck(summaries, facts, lang) : null) ??
      (action ? factCheck(actionTexts, facts, lang, { action: true }) : null) ??
      [...summaries, ...actionTexts].map((text) => textProblem(text, facts, lang)).find(Boolean) ??
      null;
    if (problem) return `the ${lang === 'de' ? 'German' : 'English'} text: ${problem}`;
  }
  return null;
}

/** Why the source's words changed under an editor's correction (CauseText.correctedWords). */
export const WORDS_CHANGED = 'the source changed the words it was written for (title, description or organisation)';

/**
 * Why an editor's correction no longer fits the cause's data after the source changed it, or null when it
 * is kept: its words are the ones it was written for, and it still states only what the new facts say
 * (the fact check and the text rules, as for a generated text). New figures alone keep a correction that
 * names none, or names the ones still true.
 */
export function correctionProblem(
  texts: string[],
  facts: CauseFacts,
  lang: Language,
  wordsChanged: boolean,
  options: { action?: boolean } = {},
): string | null {
  if (wordsChanged) return WORDS_CHANGED;
  return factCheck(texts, facts, lang, options) ?? texts.map((text) => textProblem(text, facts, lang)).find(Boolean) ?? null;
}
