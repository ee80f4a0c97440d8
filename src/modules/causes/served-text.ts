// The title and summary of a cause as the API serves them in a language (GraphQL resolvers, and through
// them REST; scripts/print-texts.ts --real-data prints the same).
import type { Cause } from '../../generated/prisma/client.js';
import { berlinDate } from '../../time/berlin-calendar.js';
import { writeSummary } from '../texts/default-generator.js';
import { causeFacts, type Language } from '../texts/text-generator.js';

/** German: the source's title; English: the source's English title, else the generator's translation, else the source's title. */
export function servedTitle(cause: Pick<Cause, 'title' | 'titleEn'>, written: { title: string | null } | undefined, lang: Language): string {
  return lang === 'en' ? (cause.titleEn ?? written?.title ?? cause.title) : cause.title;
}

/**
 * A stored summary is served only while it was written from the cause's current data (same content
 * hash): a refresh that stopped between importing and writing texts must not pair new titles with old
 * summaries. Otherwise the default generator's neutral summary of the current data stands in.
 */
export function currentSummary(cause: Cause, stored: { summary: string; contentHash: string } | undefined, lang: Language, now: Date): string {
  const current = currentText(cause, stored);
  return current ? current.summary : writeSummary(causeFacts(cause, berlinDate(now)), lang);
}

/** The stored text when it was written from the cause's current data, else null (see currentSummary). */
export function currentText<T extends { contentHash: string }>(cause: Pick<Cause, 'contentHash'>, stored: T | undefined): T | null {
  return stored && stored.contentHash === cause.contentHash ? stored : null;
}
