// What a text generator is, and the facts of a cause it writes from. The generators (default-generator.ts,
// llm-generator.ts) import these types from here; this module imports none of them.
import type { Cause } from '../../generated/prisma/client.js';
import { dateFromDb, daysBetween } from '../../time/berlin-calendar.js';
import type { Language } from './messages.js';
import type { Category } from '../causes/list-params.js';

export type { Language };
/** The language a cause's title and description are read as when its source names none. */
export const ASSUMED_SOURCE_LANGUAGE: Language = 'de';
export type CauseCategory = Category;
export interface CauseFacts {
  title: string; // title from the source, in sourceLanguage
  description: string; // plain text from the source, in sourceLanguage, may be long
  category: CauseCategory;
  organisationName: string;
  deadline: string | null; // YYYY-MM-DD
  daysUntilDeadline: number | null; // whole days from the day the text is written; null without deadline
  fundingProgressPct: number | null; // e.g. 87.5; may exceed 100
  fundingGoal: number | null; // euros for Spenden, signatures for Petition, letters for Brief
  fundingCurrent: number | null;
  actionsToTippingPoint: number | null;
  /** ISO 639-1 language of title and description (as stored at import); null/undefined = unknown, read as German */
  sourceLanguage?: string | null;
  /** English title and description where the source offers them (json-feed titleEn / descriptionEn) */
  titleEn?: string | null;
  descriptionEn?: string | null;
  /** true when the organisation only published the item (an RSS item without a named author) */
  organisationIsPublisher?: boolean;
  /** the host of the action's own page ("epetitionen.bundestag.de"): where a publisher's item appeared */
  pageHost?: string | null;
  /** true when the source states that the action is open; without it (or a deadline) no text says it still runs */
  statusOpen?: boolean;
  /** YYYY-MM-DD: the day the source last updated the figures; texts give them with their month */
  figuresAsOf?: string | null;
  /**
   * YYYY-MM-DD: the day the text is written (Berlin). Figures dated that day are current and said in the
   * present; older ones, or any dated figures when this is unknown, in the past with their month.
   */
  writtenOn?: string | null;
}
export interface GeneratedAction {
  type: string; // 'donate' for Spenden, 'sign' for Petition, 'write' for Brief
  headline: string; // call-to-action headline, max 90 chars
  whyNow: string; // timing reason, 1–2 sentences
  whyYou: string; // personal relevance, 1–2 sentences
  impactStatement: string; // what the reader's action achieves, 1–2 sentences
}

/** Every result names the generator that really wrote it (a fallback names itself). */
export interface TextGenerator {
  /** `title`: the title translated into `lang`, when the generator wrote one */
  summary(facts: CauseFacts, lang: Language): Promise<{ text: string; generator: string; title?: string }>;
  action(facts: CauseFacts, lang: Language): Promise<{ action: GeneratedAction; generator: string }>;
  /**
   * How many causes' summaries the refresh writes per batch (default 250): what an interrupted run can
   * lose. A generator whose texts cost next to nothing takes larger batches, with fewer round trips.
   */
  summaryBatch?: number;
  /**
   * A model's editorial verdict on a cause of a source under review (review/moderation.ts): whether an
   * editor would refuse it as the daily action, and why. Null when no verdict could be had (logged). Only a
   * model has one: the built-in generator leaves it out, and the screens are the only flags.
   */
  moderate?(cause: ModerationInput): Promise<ModelVerdict | null>;
}

/** What a model judges a cause under review by: the source's words as given. */
export type ModerationInput = Pick<CauseFacts, 'title' | 'description' | 'titleEn' | 'descriptionEn' | 'organisationName' | 'category'>;
export interface ModelVerdict {
  refuse: boolean;
  /** for the editor: what the model objects to (empty when it does not refuse) */
  reason: string;
}

const num = (value: { toNumber(): number } | null) => (value === null ? null : value.toNumber());

/** The host of a page's address without "www." ("epetitionen.bundestag.de"), or null. */
export function pageHostOf(url: string | null | undefined): string | null {
  return (url && URL.parse(url)?.hostname.replace(/^www\./, '')) || null;
}

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
    pageHost: pageHostOf(cause.sourceUrl),
    deadline,
    daysUntilDeadline: deadline ? daysBetween(today, deadline) : null,
    fundingProgressPct: num(cause.fundingProgressPct),
    fundingGoal: num(cause.fundingGoal),
    fundingCurrent: num(cause.fundingCurrent),
    actionsToTippingPoint: cause.actionsToTippingPoint,
    statusOpen: cause.statusOpen,
    figuresAsOf: cause.figuresAsOf ? dateFromDb(cause.figuresAsOf) : null,
    writtenOn: today,
  };
}
