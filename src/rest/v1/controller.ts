// REST v1's GET endpoints, answered on Node's own request and response rather than through
// Express: a cached answer is bytes already known, so per request only the key, the limit and one
// precomputed header block remain. The controller maps the path and query string to variables, runs the
// operation on the GraphQL schema with the same context factory Yoga uses, and returns one field of
// `data`; the HTTP status of a failure comes from the error's extensions. Results are kept per (content
// version, day) in a ResponseCache, since they are the same for every key holder.
//
// Everything else under the prefix (other methods, other paths, the OpenAPI document) and any request it
// cannot take as it is (no Host, a path that is not absolute) is left to Express (router.ts), and so
// is every header and rule the rest of the app applies: the security headers are helmet's own, read off
// once; CORS, the request id, the key check, the limit and the observation are the same functions.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import querystring from 'node:querystring';
import proxyaddr from 'proxy-addr';
import { execute, type GraphQLSchema } from 'graphql';
import { Gauge, type Registry } from 'prom-client';
import type { Logger } from 'pino';
import { createContext, type AppDeps } from '../../context.js';
import { httpStatusOf } from '../../graphql/errors.js';
import type { KeyGate } from '../../http/auth.js';
import { CORS_RESPONSE_HEADERS } from '../../http/cors.js';
import { MESSAGES, UNAVAILABLE_RETRY_AFTER_S } from '../../http/errors.js';
import type { RequestRecorder } from '../../http/observe.js';
import { schemaFaultOf } from '../../infra/database-errors.js';
import { RATE_LIMIT_POLICY, RATE_LIMIT_RETRY_AFTER_S, RATE_LIMIT_STATE, type KeyRateLimiter } from '../../http/rate-limit.js';
import { requestIdFor } from '../../http/request-id.js';
import { securityHeaderList } from '../../http/security-headers.js';
import { servingDays } from '../../time/berlin-calendar.js';
import type { AuthenticatedKey } from '../../modules/api-keys/api-keys.service.js';
import type { Versions } from '../../modules/serving/versions.js';
import { cacheMaxAge } from './http-headers.js';
import { regionParamMessages, syncParamMessages } from '../../modules/causes/list-params.js';
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
import { ResponseCache, type CachedResponse, type RestCacheBounds } from './response-cache.js';

export interface Route {
  /** the pattern below the prefix, as the logs and metrics name it (with the prefix) */
  path: string;
  operation: OperationName;
  params: readonly ParamKind[];
  /** matches the path below the prefix; a path parameter is its first group */
  match: RegExp;
  /** the variable the path parameter goes to (default `slug`) */
  pathParam?: 'slug' | 'date';
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

/** The GET endpoints (HEAD too); a path parameter is percent-decoded as Express decodes route parameters. */
export const ROUTES: readonly Route[] = [
  { path: '/daily-action', operation: 'dailyAction', params: ['lang'], match: /^\/daily-action\/?$/ },
  {
    path: '/causes',
    operation: 'causes',
    params: ['page', 'pageSize', 'category', 'lang', 'region', 'includeUnknownRegion', 'changedSince', 'cursor'],
    match: /^\/causes\/?$/,
    regional: 'causesInRegion',
    syncOperation: 'causeChanges',
  },
  { path: '/causes/:slug', operation: 'cause', params: ['lang'], match: /^\/causes\/([^/]+)\/?$/ },
  { path: '/daily-actions', operation: 'dailyActions', params: ['from', 'to', 'page', 'pageSize', 'lang'], match: /^\/daily-actions\/?$/ },
  { path: '/daily-actions/:date', operation: 'dailyActionOn', params: ['lang'], match: /^\/daily-actions\/([^/]+)\/?$/, pathParam: 'date' },
  { path: '/sources', operation: 'sources', params: [], match: /^\/sources\/?$/ },
  // Feeds: the format is the file extension, which readers, calendar apps and people recognise.
  // `category` and `region` (with `includeUnknownRegion`) filter them as they filter /causes: the
  // calendar's causes, the daily-action feeds' days (by the day's cause).
  ...(['rss', 'atom', 'json'] as const).map((format) => ({
    path: `/feeds/daily-action.${format}`,
    operation: 'dailyActionFeed' as const,
    params: ['lang', 'category', 'region', 'includeUnknownRegion', 'token'] as const,
    match: new RegExp(`^\\/feeds\\/daily-action\\.${format}$`),
    regional: 'dailyActionFeedInRegion' as const,
    feed: format,
    fixed: { pageSize: DAILY_ACTION_FEED_DAYS },
  })),
  {
    path: '/feeds/deadlines.ics',
    operation: 'deadlineCalendar',
    params: ['lang', 'category', 'region', 'includeUnknownRegion', 'token'],
    match: /^\/feeds\/deadlines\.ics$/,
    feed: 'ics',
  },
];

const JSON_TYPE = 'application/json; charset=utf-8';
/** An incremental sync's answer is revalidated on every use: the next change may come any second. */
const SYNC_CACHE_CONTROL = 'private, max-age=0, must-revalidate';

function response(status: number, value: unknown): CachedResponse {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  return { status, body, etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"` };
}
const errorBody = (status: number, message: string): CachedResponse => response(status, { error: message });

function feedResponse(route: Route & { feed: FeedFormat }, data: unknown, variableValues: QueryVariables, site: FeedSite): CachedResponse {
  const lang = String(variableValues.lang ?? 'de') as Language;
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
  return { status: 200, body, etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`, contentType: FEED_CONTENT_TYPES[route.feed] };
}

/** A host name, IPv4 or bracketed IPv6 address, with an optional port: what a feed may name as its site. */
const PLAIN_HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$/;

/** Never kept by the cache (see ResponseCache). */
const UNAVAILABLE = errorBody(503, MESSAGES.unavailable);

/** Retry-After of "No action available today." while the day's refresh is still to come or running. */
export const PICK_PENDING_RETRY_AFTER_S = 5;

/**
 * Is the content day's pick still to come (its refresh has not run yet, or is running)? Then "no action"
 * is a matter of seconds (at start-up, and just after 02:00), not of the whole day. Asked only for that
 * 503 and remembered for a second, so a crowd of clients costs one query a second.
 */
function pickPendingCheck(deps: AppDeps) {
  let memo: { day: string; until: number; pending: Promise<boolean> } | undefined;
  return (day: string): Promise<boolean> => {
    // a rate bound on queries, so measured on the monotonic clock, not on the content clock
    const nowMs = performance.now();
    if (memo?.day === day && nowMs < memo.until) return memo.pending;
    const pending = deps.versions
      .probe<{ status: string }>(`SELECT "status" FROM "JobRun" WHERE "job" = 'refresh' AND "day" = $1::date ORDER BY "startedAt" DESC LIMIT 1`, [day])
      .then(
        ([run]) => !run || run.status === 'running',
        () => false,
      );
    memo = { day, until: nowMs + 1000, pending };
    return pending;
  };
}

/** After an unexpected failure: is the database reachable? (A read of the versions tells.) */
async function databaseFailed(deps: AppDeps): Promise<boolean> {
  await deps.versions.check().catch(() => undefined);
  return deps.versions.databaseDown;
}

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

export interface RestControllerOptions {
  prefix: string;
  schema: GraphQLSchema;
  deps: AppDeps;
  logger: Logger;
  keyGate: KeyGate;
  limiter: KeyRateLimiter;
  record: RequestRecorder;
  /** Express's compiled `trust proxy` setting, so that the client address is the one req.ip gives */
  trustProxy: (address: string, hop: number) => boolean;
  /** where the cache's gauges are registered */
  registry: Registry;
  /** bounds of the response cache (default REST_CACHE_BOUNDS) */
  cacheBounds?: RestCacheBounds;
  /** notes a request answered 503 because the database lacks a table or column (database-errors.ts) */
  schemaFault?: (fault: string) => void;
}

/** Returns false for a request it does not take (Express answers it), true once it has taken it. */
export type RestController = (req: IncomingMessage, res: ServerResponse) => boolean;

export function createRestController({
  prefix,
  schema,
  deps,
  logger,
  keyGate,
  limiter,
  record,
  trustProxy,
  registry,
  cacheBounds,
  schemaFault = () => {},
}: RestControllerOptions): RestController {
  const documents = compileOperations(schema);
  const cache = new ResponseCache(cacheBounds);
  new Gauge({
    name: 'es_rest_response_cache_bytes',
    help: 'Bytes of the bodies held by the REST v1 response cache (bounded, see docs/performance.md "Speed")',
    registers: [registry],
    collect() {
      this.set(cache.bytes);
    },
  });
  new Gauge({
    name: 'es_rest_response_cache_entries',
    help: 'Answers held by the REST v1 response cache',
    registers: [registry],
    collect() {
      this.set(cache.size);
    },
  });
  const pickPending = pickPendingCheck(deps);
  const routes: Route[] = ROUTES.map((route) => ({ ...route, path: `${prefix}${route.path}` }));
  const security = securityHeaderList();
  const maxAge = perSecond((now) => `private, max-age=${cacheMaxAge(now)}, must-revalidate`);
  const days = perSecond(servingDays);
  /** The headers a 200 of each cached body ends with, built once per body and language. */
  const okHeaders = new WeakMap<CachedResponse, Map<string, string[]>>();

  /** The headers every answer of the controller starts with, in the order Express's middleware set them. */
  const head = (req: IncomingMessage, requestId: string, cacheControl: string, limited: boolean): string[] => {
    const headers = ['X-Request-Id', requestId, ...security];
    if (req.headers.origin) headers.push(...CORS_RESPONSE_HEADERS);
    headers.push('Cache-Control', cacheControl, 'RateLimit-Policy', RATE_LIMIT_POLICY);
    if (limited) headers.push('RateLimit', RATE_LIMIT_STATE);
    return headers;
  };

  /** Runs the operation; throws on an unexpected failure (logged). */
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
    if (status) return errorBody(status, error.message);
    // The database failed under this request: a 503 (logged once per outage by the version probe).
    if (await databaseFailed(deps)) return UNAVAILABLE;
    // A table or column this version needs is missing: a 503 too, counted and logged with what is missing.
    const fault = schemaFaultOf(error);
    if (fault) {
      schemaFault(fault);
      return UNAVAILABLE;
    }
    // unexpected: logged, answered 500, and thrown so that it is not cached
    logger.error({ err: error.originalError ?? error, path: route.path }, 'operation failed');
    throw new Error(MESSAGES.internal);
  };

  /** Where a feed was asked for: its links and attribution name the host the reader uses. */
  const feedSite = (req: IncomingMessage): FeedSite => {
    const hostHeader = req.headers.host;
    const host = hostHeader && PLAIN_HOST.test(hostHeader) ? hostHeader.toLowerCase() : 'localhost';
    const forwarded = req.headers['x-forwarded-proto'];
    const behindProxy = trustProxy(req.socket.remoteAddress ?? '', 0);
    const scheme = behindProxy && (forwarded === 'https' || forwarded === 'http') ? forwarded : (req.socket as TLSSocket).encrypted ? 'https' : 'http';
    return { origin: `${scheme}://${host}`, host };
  };

  const answer = async (
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
    return cache.get(generation, key, () => run(route, operation, variableValues, apiKey, versions, site)).catch(() => errorBody(500, MESSAGES.internal));
  };

  /**
   * An incremental sync: its answer depends on the position and on changes recorded after any content
   * version, so it is computed for each request, never cached (by the server or the client).
   */
  const serveSync = async (route: Route, variableValues: QueryVariables, apiKey: AuthenticatedKey, versions: Versions): Promise<CachedResponse> => {
    if (variableValues.page !== undefined) return errorBody(400, syncParamMessages.page);
    if (variableValues.region !== undefined) return errorBody(400, syncParamMessages.region);
    return run(route, route.syncOperation!, variableValues, apiKey, versions).catch(() => errorBody(500, MESSAGES.internal));
  };

  const serve = async (
    req: IncomingMessage,
    res: ServerResponse,
    route: Route,
    pathname: string,
    search: string,
    slug: string | undefined,
    arrivedAt: number,
  ) => {
    const requestId = requestIdFor(req.headers['x-request-id']);
    let apiKey: AuthenticatedKey | null = null;
    let status = 500;
    const send = (answerStatus: number, headers: string[], body?: Buffer) => {
      status = answerStatus;
      res.writeHead(answerStatus, headers);
      res.end(body);
    };
    /** An answer clients must not keep: an error body, encoded or cached. */
    const sendUncacheable = (answerStatus: number, body: Buffer, limited: boolean, retryAfterS?: number) => {
      const headers = head(req, requestId, 'no-store', limited);
      if (retryAfterS !== undefined) headers.push('Retry-After', String(retryAfterS));
      headers.push('Content-Type', JSON_TYPE, 'Content-Length', String(body.length));
      send(answerStatus, headers, body);
    };
    const sendError = (errorStatus: number, message: string, limited: boolean, retryAfterS?: number) =>
      sendUncacheable(errorStatus, Buffer.from(JSON.stringify({ error: message }), 'utf8'), limited, retryAfterS);
    /** A 200, or a body-less 304 when the client holds its ETag; `tail` ends the header list (ETag, Content-Language). */
    const sendOk = (ok: CachedResponse, cacheControl: string, tail: string[]) => {
      const headers = head(req, requestId, cacheControl, true);
      if (matchesIfNoneMatch(req.headers['if-none-match'], ok.etag)) return send(304, headers.concat(tail));
      headers.push('Content-Type', ok.contentType ?? JSON_TYPE, ...tail, 'Content-Length', String(ok.body.length));
      send(200, headers, ok.body);
    };
    try {
      // A feed's credential is its `token` parameter, never logged (the log names the path only).
      let parsed: querystring.ParsedUrlQuery | undefined;
      let presented = req.headers['x-api-key'] as string | undefined;
      if (route.feed) {
        parsed = querystring.parse(search);
        const token = parsed.token;
        delete parsed.token;
        presented = Array.isArray(token) ? '' : token;
      }
      const check = await keyGate(proxyaddr(req, trustProxy), presented, route.feed ? 'feedToken' : 'key');
      if (!check.ok) return sendError(check.status, check.message, false, check.retryAfterS);
      apiKey = check.apiKey;
      if (!(await limiter.allow(apiKey.id, arrivedAt))) return sendError(429, MESSAGES.rateLimited, true, RATE_LIMIT_RETRY_AFTER_S);

      let decodedSlug: string | undefined;
      if (slug !== undefined) {
        try {
          decodedSlug = decodeURIComponent(slug);
        } catch {
          return sendError(400, MESSAGES.badRequest, true);
        }
      }
      const query = parseQuery(parsed ?? querystring.parse(search), route.params);
      if (!query.ok) return sendError(400, query.message, true);
      if (query.variables.includeUnknownRegion !== undefined && query.variables.region === undefined) {
        return sendError(400, regionParamMessages.unknownWithoutRegion, true);
      }
      let variableValues = decodedSlug === undefined ? query.variables : { ...query.variables, [route.pathParam ?? 'slug']: decodedSlug };
      if (route.fixed) variableValues = { ...variableValues, ...route.fixed };
      if (route.syncOperation && (variableValues.changedSince !== undefined || variableValues.cursor !== undefined)) {
        const synced = await serveSync(route, variableValues, apiKey, check.versions);
        if (synced.status !== 200) return sendUncacheable(synced.status, synced.body, true, synced === UNAVAILABLE ? UNAVAILABLE_RETRY_AFTER_S : undefined);
        return sendOk(synced, SYNC_CACHE_CONTROL, ['ETag', synced.etag, 'Content-Language', String(variableValues.lang ?? 'de')]);
      }
      const now = deps.clock();
      const day = days(now);
      const cached = await answer(route, variableValues, apiKey, check.versions, day, route.feed ? feedSite(req) : undefined);

      if (cached.status !== 200) {
        let retryAfterS: number | undefined;
        if (cached === UNAVAILABLE) retryAfterS = UNAVAILABLE_RETRY_AFTER_S;
        else if (cached.status === 503 && (await pickPending(day.contentDay))) retryAfterS = PICK_PENDING_RETRY_AFTER_S;
        return sendUncacheable(cached.status, cached.body, true, retryAfterS);
      }
      // Per key holder and revalidated with the ETag; a client may keep it until the next change of day.
      const language = String(variableValues.lang ?? 'de');
      let byLanguage = okHeaders.get(cached);
      if (!byLanguage) okHeaders.set(cached, (byLanguage = new Map()));
      let tail = byLanguage.get(language);
      // a route without `lang` (GET /sources) answers in no particular language
      if (!tail) byLanguage.set(language, (tail = route.params.includes('lang') ? ['ETag', cached.etag, 'Content-Language', language] : ['ETag', cached.etag]));
      sendOk(cached, maxAge(now), tail);
    } catch (error) {
      logger.error({ err: error, path: pathname }, 'request failed');
      if (!res.headersSent) sendError(500, MESSAGES.internal, apiKey !== null);
      else res.destroy();
    } finally {
      record({ method: req.method!, route: route.path, path: pathname, status, arrivedAt, keyId: apiKey?.id ?? null, requestId });
    }
  };

  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    // Express answers these: a JSON 400 for a missing Host, and its own parsing of other request targets
    if (req.httpVersion === '1.1' && !req.headers.host) return false;
    let url = req.url!;
    // absolute-form request targets (http://host/path), as a proxy may send them
    if (url.charCodeAt(0) !== 47 /* '/' */) {
      try {
        const absolute = new URL(url);
        url = absolute.pathname + absolute.search;
      } catch {
        return false;
      }
    }
    if (!url.startsWith(prefix) || url.charCodeAt(prefix.length) !== 47 /* '/' */) return false;
    const queryAt = url.indexOf('?');
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    const below = pathname.slice(prefix.length);
    for (const route of routes) {
      const matched = route.match.exec(below);
      if (!matched) continue;
      const arrivedAt = performance.now();
      void serve(req, res, route, pathname, queryAt === -1 ? '' : url.slice(queryAt + 1), matched[1], arrivedAt);
      return true;
    }
    return false;
  };
}
