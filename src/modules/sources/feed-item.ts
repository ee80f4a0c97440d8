// The project's own feed format (`json-feed`): { "items": [ FeedItem, ... ] }. The import accepts
// exactly these names; every adapter maps its source's format onto FeedItem.
import { z } from 'zod';
import { isCalendarDate } from '../causes/berlin-calendar.js';

const httpUrl = z
  .string()
  .trim()
  .url('must be an http(s) URL')
  .refine((value) => /^https?:\/\//i.test(value), 'must be an http(s) URL');
const text = (max: number) => z.string().trim().min(1, 'must be a non-empty string').max(max, `must be at most ${max} characters`);
const amount = z.number().finite().nonnegative('must not be negative').max(1e13, 'is too large');

export const CATEGORIES = ['Spenden', 'Petition', 'Brief'] as const;
export type Category = (typeof CATEGORIES)[number];

export const feedItemSchema = z
  .object({
    externalId: z.union([text(200), z.number().int().transform(String)]),
    title: text(300),
    description: text(20_000),
    category: z.enum(CATEGORIES, { message: `must be one of ${CATEGORIES.join(', ')}` }),
    organisationName: text(300),
    organisationUrl: httpUrl,
    url: httpUrl,
    imageUrl: httpUrl.nullish(),
    deadline: z
      .string()
      .refine(isCalendarDate, 'must be a date written YYYY-MM-DD')
      .nullish(),
    fundingGoal: amount.nullish(),
    fundingCurrent: amount.nullish(),
    progressPct: z.number().finite().min(0, 'must not be negative').max(100_000).nullish(),
    urgencyScore: z.number().int('must be an integer').min(0).max(100).nullish(),
    leverageScore: z.number().finite().nullish(),
    actionsToTippingPoint: z.number().int('must be an integer').min(0).nullish(),
  })
  .strict();

export type FeedItem = z.output<typeof feedItemSchema>;

export type ItemCheck = { ok: true; item: FeedItem } | { ok: false; externalId: string | null; reason: string };

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

/** The items array of a json-feed document; throws when the document itself is not a feed. */
export function feedItemsOf(document: unknown): unknown[] {
  const items = (document as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) throw new Error('not a feed: expected an object with an "items" array');
  return items;
}
