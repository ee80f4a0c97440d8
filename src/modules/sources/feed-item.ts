// The project's own feed format (`json-feed`): { "items": [ FeedItem, ... ] }. The import accepts
// exactly these names; every adapter maps its source's format onto FeedItem.
import { z } from 'zod';
import { isCalendarDate } from '../../time/berlin-calendar.js';
import { fundingProgressPct } from '../causes/urgency.js';
import { REGION_CODES } from '../causes/regions.js';
import { hasUnsafeCharacters, loadMarkupConversion, plainText, type TextLayout } from '../../text/plain-text.js';

// Postgres text cannot hold NUL; such a value would fail the whole source's transaction. (The texts lose
// theirs, with every other control character, when they are made plain text.)
const noNul = (value: string) => !value.includes('\u0000');
// A URL is kept as the source wrote it: one with a control character, line break, bidi control or
// zero-width character in it is no usable address.
const httpUrl = z
  .string()
  .trim()
  .refine((value) => !hasUnsafeCharacters(value), 'must be an http(s) URL')
  .url('must be an http(s) URL')
  .refine((value) => /^https?:\/\//i.test(value), 'must be an http(s) URL');
const bounded = (max: number) => z.string().trim().min(1, 'must be a non-empty string').max(max, `must be at most ${max} characters`);
/**
 * A text as it is served: made plain text first (src/text/plain-text.ts: no markup, control, bidi or
 * zero-width characters, NFC), then checked, so that a text that is nothing but those is empty: a
 * required one is refused as an empty string, an optional one is missing.
 */
const text = (max: number, layout: TextLayout) => z.string().transform((value) => plainText(value, layout)).pipe(bounded(max));
const line = (max: number) => text(max, 'line');
/** An optional text: one that is empty once plain is missing (null). */
const optionalText = (max: number, layout: TextLayout) =>
  z
    .string()
    .transform((value) => plainText(value, layout) || null)
    .pipe(bounded(max).nullable())
    .nullish();
// The bounds are those of the database columns, so a valid item can always be stored.
const amount = z.number().finite().nonnegative('must not be negative').max(1e13, 'must be at most 10000000000000');
const INT32_MAX = 2_147_483_647;
/** fundingProgressPct is stored with at most 8 digits before the decimal point */
const MAX_PROGRESS_PCT = 99_999;

const DATE_MESSAGE = 'must be a date written YYYY-MM-DD';

/** The bounds of title and description (the adapters shorten longer text to fit; a json-feed item over
 *  them is skipped). */
export const TITLE_MAX_CHARS = 300;
export const DESCRIPTION_MAX_CHARS = 20_000;

export const CATEGORIES = ['Spenden', 'Petition', 'Brief'] as const;
export type Category = (typeof CATEGORIES)[number];

export const feedItemSchema = z
  .object({
    externalId: z.union([bounded(200).refine(noNul, 'must not contain NUL characters'), z.number().int().transform(String)]),
    title: line(TITLE_MAX_CHARS),
    description: text(DESCRIPTION_MAX_CHARS, 'paragraphs'),
    titleEn: optionalText(TITLE_MAX_CHARS, 'line'),
    descriptionEn: optionalText(DESCRIPTION_MAX_CHARS, 'paragraphs'),
    category: z.enum(CATEGORIES, { message: `must be one of ${CATEGORIES.join(', ')}` }),
    organisationName: line(300),
    organisationUrl: httpUrl,
    /** true: nobody behind the item is named; organisationName is only the source that published it */
    organisationIsPublisher: z.boolean().optional(),
    url: httpUrl,
    imageUrl: httpUrl.nullish(),
    deadline: z
      .string()
      .refine(isCalendarDate, DATE_MESSAGE)
      .nullish(),
    /** true: the source states that the action is open (still accepting signatures, donations, letters) */
    statusOpen: z.boolean().optional(),
    /** why the source says the action is over (`closed (status "abgeschlossen")`, "fully funded"): imported inactive, with it as the reason */
    closedReason: line(300).nullish(),
    /** the day the action was first published: read by the source's `openForDays` (action-rules.ts), not stored */
    publishedOn: z
      .string()
      .refine(isCalendarDate, DATE_MESSAGE)
      .nullish(),
    /** the day the source last updated the figures (fundingGoal, fundingCurrent, progressPct) */
    figuresAsOf: z
      .string()
      .refine(isCalendarDate, DATE_MESSAGE)
      .nullish(),
    fundingGoal: amount.nullish(),
    fundingCurrent: amount.nullish(),
    progressPct: z.number().finite().min(0, 'must not be negative').max(MAX_PROGRESS_PCT, `must be at most ${MAX_PROGRESS_PCT}`).nullish(),
    urgencyScore: z.number().int('must be an integer').min(0, 'must be from 0 to 100').max(100, 'must be from 0 to 100').nullish(),
    leverageScore: z.number().finite().nullish(),
    actionsToTippingPoint: z.number().int('must be an integer').min(0, 'must not be negative').max(INT32_MAX, `must be at most ${INT32_MAX}`).nullish(),
    /** the Land the cause is about (ISO 3166-2:DE); absent or null: the source's `region`, else nationwide */
    region: z.enum(REGION_CODES as [string, ...string[]], { message: `must be one of ${REGION_CODES.join(', ')} (ISO 3166-2:DE)` }).nullish(),
    /** where the cause takes place, WGS 84 degrees; both or neither */
    latitude: z.number().finite().min(-90, 'must be from -90 to 90').max(90, 'must be from -90 to 90').nullish(),
    longitude: z.number().finite().min(-180, 'must be from -180 to 180').max(180, 'must be from -180 to 180').nullish(),
    /** the language of title and description as the source states it (ISO 639-1); detected when absent */
    language: z
      .string()
      .regex(/^[a-z]{2,3}$/, 'must be a lower-case ISO 639-1 language code such as "de"')
      .nullish(),
  })
  .strict()
  .refine(
    (item) => {
      const progress = fundingProgressPct({ fundingGoal: item.fundingGoal ?? null, fundingCurrent: item.fundingCurrent ?? null, progressPct: item.progressPct ?? null });
      return progress === null || progress <= MAX_PROGRESS_PCT;
    },
    { message: `must not exceed ${MAX_PROGRESS_PCT} % of fundingGoal`, path: ['fundingCurrent'] },
  )
  .refine((item) => (item.latitude == null) === (item.longitude == null), { message: 'must be given together with longitude', path: ['latitude'] });

export type FeedItem = z.output<typeof feedItemSchema>;

export type ItemCheck = { ok: true; item: FeedItem } | { ok: false; externalId: string | null; reason: string };

/**
 * Loads what checkFeedItem needs for these items: the HTML conversion of plain-text.ts when a text may
 * have markup (a "<" in it). The import calls it first; a run whose items have none never loads it.
 */
export async function prepareFeedItems(rawItems: readonly unknown[]): Promise<void> {
  const mayHaveMarkup = (raw: unknown) =>
    typeof raw === 'object' && raw !== null && Object.values(raw).some((value) => typeof value === 'string' && value.includes('<'));
  if (rawItems.some(mayHaveMarkup)) await loadMarkupConversion();
}

/** Validates one raw item; its texts are made plain text (prepareFeedItems must have seen it). */
export function checkFeedItem(raw: unknown): ItemCheck {
  const parsed = feedItemSchema.safeParse(raw);
  if (parsed.success) return { ok: true, item: parsed.data };
  const id = (raw as { externalId?: unknown } | null)?.externalId;
  const issue = parsed.error.issues[0];
  const field = issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : issue.path.join('.');
  const reason =
    issue.code === 'unrecognized_keys'
      ? `unknown field ${field}`
      : `field "${field || '(item)'}" ${issue.message.startsWith('Invalid input') ? 'has the wrong type or is missing' : issue.message}`;
  return { ok: false, externalId: typeof id === 'string' || typeof id === 'number' ? String(id) : null, reason };
}

/** The document of a JSON source (a feed file, an API page); its location names it in the error. */
export function parseJson(text: string, location: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${location} is not valid JSON: ${(error as Error).message}`);
  }
}

/** The items array of a json-feed document; throws when the document itself is not a feed. */
export function feedItemsOf(document: unknown): unknown[] {
  const items = (document as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) throw new Error('not a feed: expected an object with an "items" array');
  return items;
}
