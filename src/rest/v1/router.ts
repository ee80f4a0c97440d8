// REST v1: thin controllers that map the path and query string to variables, run the operation on the
// GraphQL schema with the same context factory Yoga uses, and return one field of `data`. The HTTP
// status of a failure comes from the error's extensions. Results are kept per (content version, day)
// in a ResponseCache, since they are the same for every key holder.
import { createHash } from 'node:crypto';
import type { Express, Request, RequestHandler, Response } from 'express';
import { execute, type GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import { createContext, type AppDeps } from '../../context.js';
import { httpStatusOf } from '../../graphql/errors.js';
import { MESSAGES, sendError, UNAVAILABLE_RETRY_AFTER_S } from '../../http/errors.js';
import { servingDays } from '../../modules/causes/berlin-calendar.js';
import { compileOperations, type OperationName } from './operations.js';
import { parseQuery, type ParamKind } from './query-params.js';
import { ResponseCache, type CachedResponse } from './response-cache.js';
import { RATE_LIMIT_POLICY } from '../../http/rate-limit.js';
import { setCacheHeaders } from './http-headers.js';
import { openApiDocumentFor } from './openapi.js';
import type { SupportContact } from './getting-started.js';

interface Route {
  path: string;
  operation: OperationName;
  params: readonly ParamKind[];
  pathVariables?: (req: Request) => Record<string, string>;
}

const ROUTES: Route[] = [
  { path: '/daily-action', operation: 'dailyAction', params: ['lang'] },
  { path: '/causes', operation: 'causes', params: ['page', 'pageSize', 'category', 'lang'] },
  { path: '/causes/:slug', operation: 'cause', params: ['lang'], pathVariables: (req) => ({ slug: String(req.params.slug) }) },
];

const errorBody = (status: number, message: string): CachedResponse => response(status, { error: message });

function response(status: number, value: unknown): CachedResponse {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  return { status, body, etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"` };
}

const JSON_TYPE = 'application/json; charset=utf-8';
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
      .then(([run]) => !run || run.status === 'running', () => false);
    memo = { day, until: nowMs + 1000, pending };
    return pending;
  };
}

/** After an unexpected failure: is the database reachable? (A read of the versions tells.) */
async function databaseFailed(deps: AppDeps): Promise<boolean> {
  await deps.versions.read().catch(() => undefined);
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

/**
 * Mounts the v1 routes on the app under `prefix`, each behind `guards` (key, limit). Routes sit directly
 * on the app rather than in a nested router: one routing level less on every request.
 */
export function mountRestV1(
  app: Express,
  prefix: string,
  guards: RequestHandler[],
  schema: GraphQLSchema,
  deps: AppDeps,
  logger: Logger,
  support: SupportContact = {},
) {
  const documents = compileOperations(schema);
  const cache = new ResponseCache();
  const openApiBody = Buffer.from(JSON.stringify(openApiDocumentFor(support)), 'utf8');
  const pickPending = pickPendingCheck(deps);

  // The policy is the same for everyone, so every response under the prefix carries it (401s included).
  app.use(prefix, (_req: Request, res: Response, next) => {
    res.setHeader('RateLimit-Policy', RATE_LIMIT_POLICY);
    next();
  });
  // The description of this API: no key, no limit.
  app.get(`${prefix}/openapi.json`, (_req: Request, res: Response) => {
    res.setHeader('Content-Type', JSON_TYPE);
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.send(openApiBody);
  });
  app.all(`${prefix}/openapi.json`, (_req: Request, res: Response) => {
    res.set('Allow', 'GET, HEAD');
    sendError(res, 405, MESSAGES.methodNotAllowed);
  });

  // The key check and the limit come before routing: a path Express cannot decode (bad percent-encoding
  // in the slug) is refused only after the key is, like any other request.
  // The route pattern is named before the guards, so a 401 or 429 is logged and counted under its route.
  const patterns = ROUTES.map((route) => ({ pattern: `${prefix}${route.path}`, match: new RegExp(`^${route.path.replace(/:[a-z]+/g, '[^/]+')}/?$`) }));
  app.use(prefix, (req: Request, res: Response, next) => {
    res.locals.route = patterns.find((p) => p.match.test(req.path))?.pattern;
    next();
  });
  app.use(prefix, ...guards);
  for (const route of ROUTES) {
    app.get(`${prefix}${route.path}`, async (req: Request, res: Response) => {
      const query = parseQuery(req.query as Record<string, unknown>, route.params);
      if (!query.ok) return sendError(res, 400, query.message);
      const variableValues = { ...query.variables, ...route.pathVariables?.(req) };
      const versions = res.locals.versions!;
      const now = deps.clock();
      const days = servingDays(now);
      const generation = { version: versions.content, days: `${days.date}|${days.contentDay}` };
      const key = `${route.operation}|${JSON.stringify(variableValues)}`;

      const cached = await cache.get(generation, key, async () => {
        // Not in memory and the database is known to be down: do not wait on it.
        if (deps.versions.databaseDown) return UNAVAILABLE;
        const result = await execute({
          schema,
          document: documents[route.operation],
          variableValues,
          contextValue: createContext(deps, res.locals.apiKey ?? null, versions),
        });
        const error = result.errors?.[0];
        if (!error) return response(200, result.data![route.operation]);
        const status = httpStatusOf(error);
        if (status) return errorBody(status, error.message);
        // The database failed under this request: a 503 (logged once per outage by the version probe).
        if (await databaseFailed(deps)) return UNAVAILABLE;
        // unexpected: logged, answered 500, and thrown so that it is not cached
        logger.error({ err: error.originalError ?? error, path: req.path }, 'operation failed');
        throw new Error(MESSAGES.internal);
      }).catch(() => errorBody(500, MESSAGES.internal));

      res.status(cached.status);
      if (cached.status === 503 && cached === UNAVAILABLE) res.setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
      else if (cached.status === 503 && (await pickPending(days.contentDay))) res.setHeader('Retry-After', String(PICK_PENDING_RETRY_AFTER_S));
      // Per key holder and revalidated with the ETag; errors keep the app's no-store.
      if (cached.status === 200) res.setHeader('Cache-Control', 'private, no-cache');
      res.setHeader('Content-Type', JSON_TYPE);
      if (cached.status === 200) {
        // Only successes are kept by clients; errors' caching headers are the error handler's business.
        res.setHeader('ETag', cached.etag);
        setCacheHeaders(res, now);
        res.setHeader('Content-Language', String(variableValues.lang ?? 'de'));
        if (matchesIfNoneMatch(req.get('if-none-match'), cached.etag)) {
          res.removeHeader('Content-Type');
          res.status(304).end();
          return;
        }
      }
      res.send(cached.body);
    });
    app.all(`${prefix}${route.path}`, (_req: Request, res: Response) => {
      res.set('Allow', 'GET, HEAD');
      sendError(res, 405, MESSAGES.methodNotAllowed);
    });
  }
  // Any other path under the prefix: still behind the key check, then a JSON 404.
  app.use(prefix, (_req: Request, res: Response) => sendError(res, 404, MESSAGES.notFound));
}
