// The project's own feed format (`json-feed`): { "items": [ FeedItem, ... ] }. The import accepts
// exactly these names; every adapter maps its source's format onto FeedItem.
import { z } from 'zod';
import { isCalendarDate } from '../../time/berlin-calendar.js';
import { fundingProgressPct } from '../causes/urgency.js';
import { CAUSE_REGION_CODES, CAUSE_REGION_VALUES } from '../causes/regions.js';
import { CATEGORY_VALUES, type Category } from '../causes/list-params.js';
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
const text = (max: number, layout: TextLayout) =>
  z
    .string()
    .transform((value) => plainText(value, layout))
    .pipe(bounded(max));
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

// A message that starts with "expected" is completed with the value the item had (problemsOf).
const DATE_MESSAGE = 'expected a date YYYY-MM-DD';
const calendarDate = z.string().refine(isCalendarDate, DATE_MESSAGE);

/** The bounds of title and description (the adapters shorten longer text to fit; a json-feed item over
 *  them is skipped). */
export const TITLE_MAX_CHARS = 300;
export const DESCRIPTION_MAX_CHARS = 20_000;

export type { Category };

/** A cross-field check's `when`: the item is an object and none of these fields has a problem. */
const fieldsValid =
  (...fields: string[]) =>
  (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    typeof payload.value === 'object' && payload.value !== null && !payload.issues.some((issue) => fields.includes(String(issue.path?.[0])));

export const feedItemSchema = z
  .object({
    externalId: z.union([bounded(200).refine(noNul, 'must not contain NUL characters'), z.number().int().transform(String)]),
    title: line(TITLE_MAX_CHARS),
    description: text(DESCRIPTION_MAX_CHARS, 'paragraphs'),
    titleEn: optionalText(TITLE_MAX_CHARS, 'line'),
    descriptionEn: optionalText(DESCRIPTION_MAX_CHARS, 'paragraphs'),
    category: z.enum(CATEGORY_VALUES, { message: `expected one of ${CATEGORY_VALUES.join(', ')}` }),
    organisationName: line(300),
    organisationUrl: httpUrl,
    /** true: nobody behind the item is named; organisationName is only the source that published it */
    organisationIsPublisher: z.boolean().optional(),
    url: httpUrl,
    imageUrl: httpUrl.nullish(),
    deadline: calendarDate.nullish(),
    /** true: the source states that the action is open (still accepting signatures, donations, letters) */
    statusOpen: z.boolean().optional(),
    /** why the source says the action is over (`closed (status "abgeschlossen")`, "fully funded"): imported inactive, with it as the reason */
    closedReason: line(300).nullish(),
    /** the day the action was first published: read by the source's `openForDays` (action-rules.ts), not stored */
    publishedOn: calendarDate.nullish(),
    /** the day the source last updated the figures (fundingGoal, fundingCurrent, progressPct) */
    figuresAsOf: calendarDate.nullish(),
    fundingGoal: amount.nullish(),
    fundingCurrent: amount.nullish(),
    progressPct: z.number().finite().min(0, 'must not be negative').max(MAX_PROGRESS_PCT, `must be at most ${MAX_PROGRESS_PCT}`).nullish(),
    urgencyScore: z.number().int('must be an integer').min(0, 'must be from 0 to 100').max(100, 'must be from 0 to 100').nullish(),
    leverageScore: z.number().finite().nullish(),
    actionsToTippingPoint: z.number().int('must be an integer').min(0, 'must not be negative').max(INT32_MAX, `must be at most ${INT32_MAX}`).nullish(),
    /** the Land the cause is about (ISO 3166-2:DE), or `DE`: nationwide; absent or null: the source's `region`, else place unknown */
    region: z.enum(CAUSE_REGION_CODES as [string, ...string[]], { message: `expected one of ${CAUSE_REGION_VALUES}` }).nullish(),
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
  // The checks across fields run whenever the fields they read are valid, also beside another field's
  // problem: an item's problems are all reported at once.
  .refine(
    (item) => {
      const progress = fundingProgressPct({
        fundingGoal: item.fundingGoal ?? null,
        fundingCurrent: item.fundingCurrent ?? null,
        progressPct: item.progressPct ?? null,
      });
      return progress === null || progress <= MAX_PROGRESS_PCT;
    },
    {
      message: `must not exceed ${MAX_PROGRESS_PCT} % of fundingGoal`,
      path: ['fundingCurrent'],
      when: fieldsValid('fundingGoal', 'fundingCurrent', 'progressPct'),
    },
  )
  .refine((item) => (item.latitude == null) === (item.longitude == null), {
    message: 'must be given together with longitude',
    path: ['latitude'],
    when: fieldsValid('latitude', 'longitude'),
  });

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

/** What an item is expected to be, where the type alone does not say it (the field's "expected …"). */
const EXPECTED: Record<string, string> = {
  externalId: 'a string or an integer',
  deadline: DATE_MESSAGE.slice('expected '.length),
  publishedOn: DATE_MESSAGE.slice('expected '.length),
  figuresAsOf: DATE_MESSAGE.slice('expected '.length),
};
const TYPE_NAMES: Record<string, string> = { string: 'a string', number: 'a number', int: 'an integer', boolean: 'true or false', object: 'an object' };
/** A string value is shown up to this many characters. */
const SHOWN_CHARS = 40;

const escaped = (codePoint: number) => {
  const hex = codePoint.toString(16);
  return codePoint > 0xffff ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`;
};

/**
 * A value as a problem names it: a string quoted (shortened, every character that could reorder or hide
 * text escaped, so that a log line shows it as it is), a number or boolean as written, else its kind.
 */
function shown(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value !== 'string') return String(value);
  const chars = [...value];
  const text = chars.length > SHOWN_CHARS ? `${chars.slice(0, SHOWN_CHARS).join('')}…` : value;
  return JSON.stringify(text).replace(/[^\x20-\x7e]/gu, (char) => (hasUnsafeCharacters(char) ? escaped(char.codePointAt(0)!) : char));
}

/**
 * Every problem of an invalid item, one per field in the order of the format, as
 * `field: missing`, `field: expected X, got Y` (a wrong type or format, with the value the item had) or
 * `field: <the rule it breaks>` (a bound, an empty text, an address that is no http(s) URL), and
 * `field: unknown field` for a name the format does not have.
 */
function problemsOf(raw: unknown, issues: readonly z.core.$ZodIssue[]): string[] {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return [`item: expected an object, got ${shown(raw)}`];
  const fields = raw as Record<string, unknown>;
  const problems = new Map<string, string>();
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) problems.set(key, 'unknown field');
      continue;
    }
    const field = String(issue.path[0] ?? 'item');
    if (problems.has(field)) continue; // the first problem of a field says enough
    const value = fields[field];
    if (issue.code === 'invalid_type' || issue.code === 'invalid_union') {
      const expected = EXPECTED[field] ?? (issue.code === 'invalid_type' ? TYPE_NAMES[issue.expected] : undefined) ?? 'another type';
      problems.set(field, value === undefined ? 'missing' : `expected ${expected}, got ${shown(value)}`);
    } else {
      problems.set(field, issue.message.startsWith('expected ') ? `${issue.message}, got ${shown(value)}` : issue.message);
    }
  }
  return [...problems].map(([field, problem]) => `${field}: ${problem}`);
}

/**
 * Validates one raw item; its texts are made plain text (prepareFeedItems must have seen it). An invalid
 * item's reason lists every problem it has, separated by "; ".
 */
export function checkFeedItem(raw: unknown): ItemCheck {
  const parsed = feedItemSchema.safeParse(raw);
  if (parsed.success) return { ok: true, item: parsed.data };
  const id = (raw as { externalId?: unknown } | null)?.externalId;
  return {
    ok: false,
    externalId: typeof id === 'string' || typeof id === 'number' ? String(id) : null,
    reason: problemsOf(raw, parsed.error.issues).join('; '),
  };
}

/** The document of a JSON source (a feed file, an API page); its location names it in the error. */
export function parseJson(text: string, location: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${location} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
}

/** The items array of a json-feed document; throws when the document itself is not a feed. */
export function feedItemsOf(document: unknown): unknown[] {
  const items = (document as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) throw new Error('not a feed: expected an object with an "items" array');
  return items;
}
