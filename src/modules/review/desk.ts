// What the editor's desk offers the GraphQL schema, as types only: the schema reaches the service through
// the request's context (createApp hands it in), because the service reaches the daily pick and the
// archive, which run operations on the schema itself.
import type { Db } from '../../infra/prisma.js';
import type { ReviewDecision, ReviewState } from '../../generated/prisma/client.js';
import type { GeneratedAction, Language, TextGenerator } from '../texts/text-generator.js';
import type { TextField } from '../texts/text-fields.js';
import type { ReviewFlag } from './flags.js';

export type EditorDecision = Exclude<ReviewDecision, 'reopen'>;

export interface ReviewOutcome {
  slug: string;
  from: ReviewState;
  state: ReviewState;
  /** set when the cause was today's daily action and no longer may be: the replacement, or null when none is eligible */
  replacement?: { slug: string } | null;
}

export interface QueueItem {
  slug: string;
  title: string;
  titleEn: string | null;
  category: string;
  organisationName: string;
  sourceName: string;
  sourceUrl: string;
  description: string;
  reviewState: ReviewState;
  /** whether integrators see it in lists meanwhile */
  listed: boolean;
  flags: ReviewFlag[];
  /** why its texts cannot be published as written (an editorial hold), or null */
  editorialReason: string | null;
  deadline: string | null;
  urgencyTotal: number;
  /** the stored summaries, by language (null before the refresh wrote one) */
  summaries: Record<Language, string | null>;
}

export interface ReviewHistory {
  state: ReviewState;
  events: { decision: ReviewDecision; fromState: ReviewState; toState: ReviewState; reason: string | null; by: string; at: Date }[];
}

export interface DailyActionPreview {
  day: string;
  slug: string;
  title: string;
  /** the editor who chose it in advance, or null: the pick the refresh would make as things stand */
  chosenBy: string | null;
  actions: Record<Language, GeneratedAction>;
}

/** The desk's use cases (review.service.ts), and which of their errors are the editor's to read. */
export interface Desk {
  reviewQueue(prisma: Db, now: Date, options: { limit: number; flaggedFirst?: boolean }): Promise<{ total: number; items: QueueItem[] }>;
  reviewHistory(prisma: Db, slug: string): Promise<ReviewHistory>;
  previewNextDailyAction(prisma: Db, generator: TextGenerator, now: Date): Promise<DailyActionPreview | null>;
  decideReview(
    prisma: Db,
    generator: TextGenerator,
    slug: string,
    decision: EditorDecision,
    editor: { by: string; reason?: string | null },
    now: Date,
  ): Promise<ReviewOutcome>;
  chooseNextDailyAction(prisma: Db, slug: string, editor: { by: string }, now: Date): Promise<{ day: string; slug: string }>;
  setText(prisma: Db, slug: string, lang: Language, field: TextField, value: string, now: Date): Promise<void>;
  /** 'notFound' for an unknown slug, 'badInput' for a refusal the editor can mend, else null */
  expectedError(error: unknown): 'notFound' | 'badInput' | null;
}
