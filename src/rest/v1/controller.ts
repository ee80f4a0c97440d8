// REST v1's GET endpoints as Express handlers (mounted by router.ts behind the key check and the limit):
// the path and query string become variables, the operation runs on the GraphQL schema with the same
// context factory Yoga uses, and one field of `data` is the answer; the HTTP status of a failure comes
// from the error's extensions. Answers are kept per (content version, day) in a ResponseCache, since they
// are the same for every key holder: a cached answer is bytes already known, sent with its ETag.
import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { execute, type GraphQLSchema } from 'graphql';
import type { Registry } from 'prom-client';
import { createContext, type AppDeps } from '../../context.js';
import { httpStatusOf } from '../../graphql/errors.js';
import { DATABASE_UNAVAILABLE, errorBody, sendError } from '../../http/errors.js';
import { servingDays } from '../../time/berlin-calendar.js';
import type { AuthenticatedKey } from '../../modules/api-keys/api-keys.service.js';
import type { Versions } from '../../modules/serving/versions.js';
import { cacheMaxAge } from './http-headers.js';
import { DEFAULT_LANGUAGE, regionParamMessages, syncParamMessages } from '../../modules/causes/list-params.js';
import {
  DAILY_ACTION_FEED_DAYS,
  FEED_CONTENT_TYPES,
  renderDailyActionFeed,
  renderDeadlineCalendar,
  type DeadlineCause,
  type FeedDay,
  type FeedFilter,
  type FeedFormat,
  type FeedSite,
  type Language,
} from './feed-render.js';
import { compileOperations, type OperationName } from './operations.js';
import { parseQuery, type ParamKind, type QueryVariables } from './query-params.js';
import { registerCacheGauges, ResponseCache, type CachedResponse, type RestCacheBounds } from './response-cache.js';
import { PICK_PENDING_RETRY_AFTER_S, type PickPendingCheck } from '../../modules/daily-action/pick-pending.js';
import type { DatabaseFaultCheck } from '../../infra/database-errors.js';

export interface Route {
  /** the Express route below the prefix, as the logs and metrics name it (with the prefix); a path parameter is the variable of its name */
  path: string;
  operation: OperationName;
  params: readonly ParamKind[];
  /**
   * the operation a request with `region` runs instead: it reads each cause's region (/causes shows it, a
   * feed filters by it); `includeUnknownRegion` goes with `region` only
   */
  regional?: OperationName;
  /** the operation of an incremental sync, run instead when `changedSince` or `cursor` is given; never cached */
  syncOperation?: OperationName;
  /**
   * A feed (feed-render.ts): the operation's data rendered in this format. Its credential is the key's
   * feed token in the query parameter `token` (readers and calendar apps cannot send X-Api-Key).
   */
  feed?: FeedFormat;
  /** variables the route always passes (not query parameters) */
  fixed?: Record<string, number>;
}

/** Where the OpenAPI document is served, below the prefix (no key, no limit; router.ts). */
export const OPENAPI_DOCUMENT_PATH = '/openapi.json';

/** The GET endpoints (HEAD too); Express percent-decodes a path parameter. The OpenAPI document's paths are these (openapi.ts). */
export const ROUTES: readonly Route[] = [
  { path: '/daily-action', operation: 'dailyAction', params: ['lang'] },
  {
    path: '/causes',
    operation: 'causes',
    params: ['page', 'pageSize', 'category', 'lang', 'region', 'includeUnknownRegion', 'changedSince', 'cursor'],
    regional: 'causesInRegion',
    syncOperation: 'causeChanges',
  },
  { path: '/causes/:slug', operation: 'cause', params: ['lang'] },
  { path: '/daily-actions', operation: 'dailyActions', params: ['from', 'to', 'page', 'pageSize', 'lang'] },
  { path: '/daily-actions/:date', operation: 'dailyActionOn', params: ['lang'] },
  { path: '/sources', operation: 'sources', params: [] },
  // Feeds: the format is the file extension, which readers, calendar apps and people recognise.
  // `category` and `region` (with `includeUnknownRegion`) filter them as they filter /causes: the
  // calendar's causes, the daily-action feeds' days (by the day's cause).
  ...(['rss', 'atom', 'json'] as const).map((format) => ({
    path: `/feeds/daily-action.${format}`,
    operation: 'dailyActionFeed' as const,
    params: ['lang', 'category', 'region', 'includeUnknownRegion', 'token'] as const,
    regional: 'dailyActionFeedInRegion' as const,
    feed: format,
    fixed: { pageSize: DAILY_ACTION_FEED_DAYS },
  })),
  {
    path: '/feeds/deadlines.ics',
    operation: 'deadlineCalendar',
    params: ['lang', 'category', 'region', 'includeUnknownRegion', 'token'],
    feed: 'ics',
  },
];

const JSON_TYPE = 'application/json; charset=utf-8';
/** An incremental sync's answer is revalidated on every use: the next change may come any second. */
const SYNC_CACHE_CONTROL = 'private, max-age=0, must-revalidate';

/** A weak validator of a body's bytes: the same bytes, the same ETag, in every process. */
function etagOf(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
}

function response(status: number, value: unknown): CachedResponse {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  return { status, body, etag: etagOf(body) };
}
const errorResponse = (status: number, message: string): CachedResponse => response(status, errorBody(message));

function feedResponse(route: Route & { feed: FeedFormat }, data: unknown, variableValues: QueryVariables, site: FeedSite): CachedResponse {
  const lang = String(variableValues.lang ?? DEFAULT_LANGUAGE) as Language;
  // parsed and checked by parseQuery (query-params.ts)
  const filter = {
    category: variableValues.category,
    region: variableValues.region,
    includeUnknownRegion: variableValues.includeUnknownRegion === true,
  } as FeedFilter;
  const text =
    route.feed === 'ics'
      ? renderDeadlineCalendar(data as DeadlineCause[], lang, site, filter)
      : renderDailyActionFeed(route.feed, (data as { items: FeedDay[] }).items, lang, site, filter);
  const body = Buffer.from(text, 'utf8');
  return { status: 200, body, etag: etagOf(body), contentType: FEED_CONTENT_TYPES[route.feed] };
}

/** A host name, IPv4 or bracketed IPv6 address, with an optional port: what a feed may name as its site. */
const PLAIN_HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$/;

/** Never kept by the cache (see ResponseCache). */
const UNAVAILABLE = errorResponse(DATABASE_UNAVAILABLE.status, DATABASE_UNAVAILABLE.message);

/**
 * RFC 9110 13.1.2, weak comparison. Decided here rather than by Express's `req.fresh`, which answers in
 * full whenever the request says `Cache-Control: no-cache` — as fetch() does on every conditional request.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** A function of the instant that changes only at whole seconds, computed once per second. */
function perSecond<T>(compute: (now: Date) => T): (now: Date) => T {
  let second = Number.NaN;
  let value: T;
  return (now) => {
    const s = Math.floor(now.getTime() / 1000);
    if (s !== second) {
      value = compute(now);
      second = s;
    }
    return value;
  };
}

/** An answer clients must not keep: an error body, as encoded or cached. */
const sendUncacheable = (res: Response, answered: CachedResponse, retryAfterS?: number) => {
  if (retryAfterS !== undefined) res.setHeader('Retry-After', String(retryAfterS));
  res.status(answered.status).setHeader('Content-Type', JSON_TYPE).setHeader('Content-Length', String(answered.body.length)).end(answered.body);
};

/** A 200, or a body-less 304 when the client holds its ETag. */
const sendOk = (req: Request, res: Response, ok: CachedResponse, cacheControl: string, language: string | undefined) => {
  res.setHeader('Cache-Control', cacheControl).setHeader('ETag', ok.etag);
  // a route without `lang` (GET /sources) answers in no particular language
  if (language) res.setHeader('Content-Language', language);
  if (matchesIfNoneMatch(req.headers['if-none-match'], ok.etag)) return void res.status(304).end();
  res
    .setHeader('Content-Type', ok.contentType ?? JSON_TYPE)
    .setHeader('Content-Length', String(ok.body.length))
    .end(ok.body);
};

export interface RestHandlerOptions {
  schema: GraphQLSchema;
  deps: AppDeps;
  /** where the cache's gauges are registered */
  registry: Registry;
  /** bounds of the response cache (default REST_CACHE_BOUNDS) */
  cacheBounds?: RestCacheBounds;
  /** whether a failure under a request is the database's, answered 503 (databaseFaultCheck) */
  databaseFault: DatabaseFaultCheck;
  /** whether the content day's pick is still to come (pickPendingCheck) */
  pickPending: PickPendingCheck;
}

/**
 * The Express handler of each GET endpoint, behind the key (or feed token) check and the limit (router.ts):
 * res.locals holds the key and the versions it read.
 */
export function createRestHandlers({ schema, deps, registry, cacheBounds, databaseFault, pickPending }: RestHandlerOptions): (route: Route) => RequestHandler {
  const documents = compileOperations(schema);
  const cache = new ResponseCache(cacheBounds);
  registerCacheGauges(cache, registry);
  const maxAge = perSecond((now) => `private, max-age=${cacheMaxAge(now)}, must-revalidate`);
  const days = perSecond(servingDays);

  /** Runs the operation; an unexpected failure is thrown (Express's error handler logs it and answers 500). */
  const run = async (route: Route, operation: OperationName, variableValues: QueryVariables, apiKey: AuthenticatedKey, versions: Versions, site?: FeedSite) => {
    // Not in memory and the database is known to be down: do not wait on it.
    if (deps.versions.databaseDown) return UNAVAILABLE;
    const result = await execute({ schema, document: documents[operation], variableValues, contextValue: createContext(deps, apiKey, versions) });
    const error = result.errors?.[0];
    if (!error) {
      const data = result.data![operation];
      return route.feed && site ? feedResponse(route as Route & { feed: FeedFormat }, data, variableValues, site) : response(200, data);
    }
    const status = httpStatusOf(error);
    if (status) return errorResponse(status, error.message);
    if (await databaseFault([error])) return UNAVAILABLE;
    throw error.originalError ?? error;
  };

  /** Where a feed was asked for: its links and attribution name the host the reader uses (req.protocol heeds `trust proxy`). */
  const feedSite = (req: Request): FeedSite => {
    const hostHeader = req.headers.host;
    const host = hostHeader && PLAIN_HOST.test(hostHeader) ? hostHeader.toLowerCase() : 'localhost';
    return { origin: `${req.protocol}://${host}`, host };
  };

  /** The answer from the cache, computed once per generation and distinct request. */
  const answer = (
    route: Route,
    variableValues: QueryVariables,
    apiKey: AuthenticatedKey,
    versions: Versions,
    day: { date: string; contentDay: string },
    site?: FeedSite,
  ) => {
    const generation = { version: versions.content, days: `${day.date}|${day.contentDay}` };
    const operation = route.regional !== undefined && variableValues.region !== undefined ? route.regional : route.operation;
    // a feed names the site it was asked for, and three feeds share one operation
    const key = site ? `${route.path}|${site.origin}|${JSON.stringify(variableValues)}` : `${operation}|${JSON.stringify(variableValues)}`;
    return cache.get(generation, key, () => run(route, operation, variableValues, apiKey, versions, site));
  };

  return (route) => async (req, res) => {
    const apiKey = res.locals.apiKey!;
    const versions = res.locals.versions!;
    // A feed's credential is its `token` parameter (checked before this handler), not a variable.
    let raw = req.query as Record<string, unknown>;
    if (route.feed) ({ token: raw.token, ...raw } = raw);
    const query = parseQuery(raw, route.params);
    if (!query.ok) return sendError(res, 400, query.message);
    if (query.variables.includeUnknownRegion !== undefined && query.variables.region === undefined) {
      return sendError(res, 400, regionParamMessages.unknownWithoutRegion);
    }
    const variableValues: QueryVariables = { ...query.variables, ...(req.params as Record<string, string>), ...route.fixed };
    const language = route.params.includes('lang') ? String(variableValues.lang ?? DEFAULT_LANGUAGE) : undefined;
    if (route.syncOperation && (variableValues.changedSince !== undefined || variableValues.cursor !== undefined)) {
      // an incremental sync depends on the position and on changes recorded after any content version: never cached
      if (variableValues.page !== undefined) return sendError(res, 400, syncParamMessages.page);
      if (variableValues.region !== undefined) return sendError(res, 400, syncParamMessages.region);
      const synced = await run(route, route.syncOperation, variableValues, apiKey, versions);
      if (synced.status !== 200) return sendUncacheable(res, synced, synced === UNAVAILABLE ? DATABASE_UNAVAILABLE.retryAfterS : undefined);
      return sendOk(req, res, synced, SYNC_CACHE_CONTROL, language);
    }
    const now = deps.clock();
    const day = days(now);
    const cached = await answer(route, variableValues, apiKey, versions, day, route.feed ? feedSite(req) : undefined);
    if (cached.status !== 200) {
      let retryAfterS: number | undefined;
      if (cached === UNAVAILABLE) retryAfterS = DATABASE_UNAVAILABLE.retryAfterS;
      else if (cached.status === 503 && (await pickPending(day.contentDay))) retryAfterS = PICK_PENDING_RETRY_AFTER_S;
      return sendUncacheable(res, cached, retryAfterS);
    }
    // Per key holder and revalidated with the ETag; a client may keep it until the next change of day.
    sendOk(req, res, cached, maxAge(now), language);
  };
}
