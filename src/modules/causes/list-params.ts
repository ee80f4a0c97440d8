// The rules for the list's paging and filter values, shared by the GraphQL resolvers and the REST
// query-string parsing so both give the same message.
import { REGION_CODES } from './regions.js';
import { Category as CATEGORY, Language as LANGUAGE, type Category, type Language } from '../../generated/prisma/enums.js';
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 50;
/** A language the service writes and serves in: the database's enum (prisma/schema.prisma) is the one list. */
export type { Language };
export const LANGUAGES = Object.values(LANGUAGE) as [Language, ...Language[]];
/** The language of an answer that names none (`lang`): REST, GraphQL and the feeds. */
export const DEFAULT_LANGUAGE: Language = LANGUAGE.de;
/** A cause's category: the database's enum is the one list. */
export type { Category };
export const CATEGORY_VALUES = Object.values(CATEGORY) as [Category, ...Category[]];

export const invalidValueMessages = {
  page: 'Invalid value for "page": expected a whole number of 1 or more.',
  pageSize: `Invalid value for "pageSize": expected a whole number from 1 to ${PAGE_SIZE_MAX}.`,
  category: `Invalid value for "category": expected one of ${CATEGORY_VALUES.join(', ')}.`,
  lang: `Invalid value for "lang": expected one of ${LANGUAGES.join(', ')}.`,
  region: `Invalid value for "region": expected one of ${REGION_CODES.join(', ')} (a Land as ISO 3166-2:DE).`,
  includeUnknownRegion: 'Invalid value for "includeUnknownRegion": expected true or false.',
  changedSince: 'Invalid value for "changedSince": expected an ISO 8601 date and time with a time zone, such as 2026-11-25T02:00:00Z.',
  cursor: 'Invalid value for "cursor": expected the cursor of an earlier answer, unchanged.',
} as const;

/** The rule of `includeUnknownRegion` (GET /causes, the feeds, GraphQL causes and causeDeadlines). */
export const regionParamMessages = {
  unknownWithoutRegion: '"includeUnknownRegion" needs "region": without a Land every cause is listed, those of unknown place included.',
} as const;

/** The rules of an incremental sync's parameters (GET /causes?changedSince=… or ?cursor=…). */
export const syncParamMessages = {
  both: '"changedSince" and "cursor" cannot be combined: start with changedSince, then continue with the cursor of each answer.',
  neither: 'Give "changedSince" (to start a sync) or "cursor" (to continue one).',
  region: '"region" cannot be combined with "changedSince" or "cursor": a sync covers every Land.',
  page: '"page" cannot be combined with "changedSince" or "cursor": a sync is paged with the cursor of each answer.',
} as const;

/** Returns the message for the first invalid paging value, or null when both are valid. */
export function pagingProblem(page: number, pageSize: number): string | null {
  if (!Number.isInteger(page) || page < 1) return invalidValueMessages.page;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > PAGE_SIZE_MAX) return invalidValueMessages.pageSize;
  return null;
}
