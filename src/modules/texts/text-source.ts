// Who wrote the title and summary a cause is served with in one language (the `textSource` field of
// REST v1's cause and of GraphQL's Cause): the source in that language, the built-in generator from the
// data, a language model, or an editor. Pure: the caller passes the cause's language facts and the
// stored text.
import { BUILT_IN_GENERATOR_PATTERN } from './default-generator.js';
import { ASSUMED_SOURCE_LANGUAGE, type Language } from './text-generator.js';

export const TEXT_SOURCES = {
  source:
    "The source gives the cause in this language: the title and any sentence quoted in the summary are the source's own; the service wrote the sentences around them from the data.",
  service:
    "The source gives no text in this language: the service wrote the summary from the cause's data (kind, organiser, place, deadline, progress), and the title is the source's, in its own language.",
  model: 'A language model wrote the summary from the source (and, where the source gives no text in this language, translated the title).',
  editor: 'An editor wrote the summary.',
} as const;

export type TextSource = keyof typeof TEXT_SOURCES;

export interface LanguageFacts {
  /** ISO 639-1 language of the source's title and description; null when unknown (read as German) */
  sourceLanguage: string | null;
  titleEn: string | null;
  descriptionEn: string | null;
}

/** True when the source gives the cause's text in `lang` (its own language, or an English title or description). */
export function sourceGivesTextIn(cause: LanguageFacts, lang: Language): boolean {
  if ((cause.sourceLanguage ?? ASSUMED_SOURCE_LANGUAGE) === lang) return true;
  return lang === 'en' && Boolean(cause.titleEn?.trim() || cause.descriptionEn?.trim());
}

/** The built-in generator's names (this version's and its predecessors') are the service's own writing. */
const BUILT_IN = new RegExp(BUILT_IN_GENERATOR_PATTERN);

/**
 * Where the served title and summary in `lang` come from. `stored` is the cause's summary row in `lang`
 * when it is current (written for the cause's data); without one the built-in generator's summary is
 * served, so it counts as the service's or the source's like any built-in text.
 */
export function textSourceOf(cause: LanguageFacts, stored: { generator: string; isAiGenerated: boolean } | null, lang: Language): TextSource {
  // a person's text is the one not generated (an editor's correction, stored as generator "editor")
  if (stored && !stored.isAiGenerated) return 'editor';
  if (stored && !BUILT_IN.test(stored.generator)) return 'model';
  return sourceGivesTextIn(cause, lang) ? 'source' : 'service';
}
