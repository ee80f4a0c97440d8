// What a text generator is, and the facts of a cause it writes from.
import type { Cause } from '../../generated/prisma/client.js';
import { dateFromDb, daysBetween } from '../causes/berlin-calendar.js';
import {
  DEFAULT_GENERATOR_NAME,
  writeAction,
  writeSummary,
  type CauseFacts,
  type GeneratedAction,
  type Language,
} from './default-generator.js';

export type { CauseFacts, GeneratedAction, Language };
export const LANGUAGES: Language[] = ['de', 'en'];

/** Every result names the generator that really wrote it (a fallback names itself). */
export interface TextGenerator {
  /** `title`: the title translated into `lang`, when the generator wrote one */
  summary(facts: CauseFacts, lang: Language): Promise<{ text: string; generator: string; title?: string }>;
  action(facts: CauseFacts, lang: Language): Promise<{ action: GeneratedAction; generator: string }>;
}

export const defaultTextGenerator: TextGenerator = {
  summary: async (facts, lang) => ({ text: writeSummary(facts, lang), generator: DEFAULT_GENERATOR_NAME }),
  action: async (facts, lang) => ({ action: writeAction(facts, lang), generator: DEFAULT_GENERATOR_NAME }),
};

const num = (value: { toNumber(): number } | null) => (value === null ? null : value.toNumber());

/** The facts a generator may use; `today` (Berlin date) sets daysUntilDeadline. */
export function causeFacts(cause: Cause, today: string): CauseFacts {
  const deadline = cause.deadline ? dateFromDb(cause.deadline) : null;
  return {
    title: cause.title,
    description: cause.description,
    sourceLanguage: cause.sourceLanguage,
    titleEn: cause.titleEn,
    descriptionEn: cause.descriptionEn,
    category: cause.category,
    organisationName: cause.organisationName,
    organisationIsPublisher: cause.organisationIsPublisher,
    deadline,
    daysUntilDeadline: deadline ? daysBetween(today, deadline) : null,
    fundingProgressPct: num(cause.fundingProgressPct),
    fundingGoal: num(cause.fundingGoal),
    fundingCurrent: num(cause.fundingCurrent),
    actionsToTippingPoint: cause.actionsToTippingPoint,
  };
}
