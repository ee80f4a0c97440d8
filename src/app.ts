// Builds the HTTP application: REST v1 and GraphQL (Yoga) over one schema. Does not listen.
import type { RequestListener } from 'node:http';
import express, { type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import type { Redis } from 'ioredis';
import type { AppDeps } from './context.js';
import { schema } from './graphql/schema.js';
import { createGraphqlYoga, GRAPHQL_MAX_BODY } from './graphql/yoga.js';
import { createBoundedResponseCache, RESPONSE_CACHE_BOUNDS, type ResponseCacheBounds } from './graphql/response-cache.js';
import { createKeyGate, refuseTestKeys, requireApiKey, requireTier } from './http/auth.js';
import { corsWithoutCredentials } from './http/cors.js';
import { securityHeaders } from './http/security-headers.js';
import { answerErrorsAsGraphql, errorHandler, MESSAGES, sendError, UNAVAILABLE_RETRY_AFTER_S } from './http/errors.js';
import { requireAcceptableType, requireBody, requireGraphqlContentType, requireHost, unconditional } from './http/guards.js';
import { registerGraphqlCacheGauges } from './http/app-gauges.js';
import { rateLimitPerKey, type KeyRateLimiter } from './http/rate-limit.js';
import { noteArrival } from './http/request-id.js';
import { inOrder } from './http/front-door.js';
import { DASHBOARD_TIERS } from './modules/api-keys/api-keys.service.js';
import { mountRestV1 } from './rest/v1/router.js';
import { createMetrics, type Metrics } from './infra/metrics.js';
import { createSchemaFaultReporter, databaseFaultCheck } from './infra/database-errors.js';
import { pickPendingCheck } from './modules/daily-action/pick-pending.js';
import { createRequestRecorder, observeRequests } from './http/observe.js';
import { createRestHandlers, type RestHandlerOptions, type Route } from './rest/v1/controller.js';
import { Registry } from 'prom-client';
import type { Sandbox } from './modules/sandbox/sandbox.js';
import { mountOperations } from './http/operations.js';
import { mountDocs } from './http/docs.js';
import type { SourcesState } from './modules/serving/readiness.js';
import type { SupportContact } from './rest/v1/getting-started.js';
import { desk } from './modules/review/review.service.js';

export interface AppOptions {
  deps: AppDeps;
  limiter: KeyRateLimiter;
  logger: Logger;
  /** what /graphql tells about its schema; both off unless the operator switches them on (config) */
  graphql?: { introspection: boolean; suggestions: boolean };
  /** reverse proxies in front of the service (config TRUST_PROXY_HOPS); never "trust everything" */
  trustProxyHops?: number;
  /** how long REST and /graphql remember whether the day's pick is still to come (default PICK_PENDING_MEMO_MS) */
  pickPendingMemoMs?: number;
  /** the process's metrics; a fresh registry when not given */
  metrics?: Metrics;
  /** the rate limiter's Redis, reported by /status */
  redis?: Redis;
  /** the configured sources, reported by /status (default: none named) */
  sources?: SourcesState;
  /** where integrators ask for keys and support (SUPPORT_EMAIL, SUPPORT_URL), shown in /docs */
  support?: SupportContact;
  /** /metrics is served only when set, and only to requests bearing it */
  metricsToken?: string;
  /** bounds of the /graphql response cache (default RESPONSE_CACHE_BOUNDS) */
  responseCache?: ResponseCacheBounds;
  /** where test keys are answered from, opened on their first request (sandbox.ts); without it a test key gets 503 */
  sandbox?: () => Promise<Sandbox>;
}

export function createApp({
  deps,
  limiter,
  logger,
  redis,
  metricsToken,
  graphql = { introspection: false, suggestions: false },
  trustProxyHops = 0,
  pickPendingMemoMs,
  responseCache = RESPONSE_CACHE_BOUNDS,
  sources = { configured: [], demo: false },
  support = {},
  ...options
}: AppOptions) {
  // the editor's desk reaches the schema through the context (desk.ts says why)
  deps.desk ??= desk;
  const metrics = options.metrics ?? createMetrics({ query: (sql, params) => deps.versions.probe(sql, params), clock: deps.clock });
  const graphqlResults = createBoundedResponseCache(responseCache);
  registerGraphqlCacheGauges(metrics.registry, graphqlResults);
  const app = express();
  // req.ip: the address this many hops back in X-Forwarded-For (0: the peer itself).
  app.set('trust proxy', trustProxyHops);
  app.disable('x-powered-by');
  // REST responses carry an ETag computed once per cached body; Express's per-response hashing is off.
  app.set('etag', false);
  // /GRAPHQL or /API/V1 are not our paths: a JSON 404, not Yoga's empty one.
  app.set('case sensitive routing', true);
  app.set('strict routing', false);

  const record = createRequestRecorder(logger, metrics);
  app.use(
    inOrder([
      noteArrival,
      securityHeaders,
      corsWithoutCredentials,
      // Every response says how it may be cached; successful REST answers override it (private, revalidate).
      noStore,
      // After the headers above, so that this 400 carries them too.
      requireHost,
      observeRequests(record),
    ]),
  );

  // A database that lacks a table or column this version needs: 503s, counted and logged (database-errors.ts).
  const schemaFault = createSchemaFaultReporter(
    logger,
    () => metrics.schemaFaults.inc(),
    () => deps.clock().getTime(),
  );
  // What REST, the key check and /graphql ask of the database, made once per set of dependencies.
  const servingChecks = (of: AppDeps) => ({
    databaseFault: databaseFaultCheck(of.versions, schemaFault),
    pickPending: pickPendingCheck((sql, params) => of.versions.probe(sql, params), pickPendingMemoMs),
  });
  const checks = servingChecks(deps);
  const keyGate = createKeyGate(deps, (outcome) => metrics.keyChecks.inc({ outcome }), checks.databaseFault);
  const authenticate = requireApiKey(keyGate);
  const limit = rateLimitPerKey(limiter);

  const productionHandler = createRestHandlers({ schema, deps, registry: metrics.registry, ...checks });
  const restHandler = byKeyKind(productionHandler, options.sandbox ? sandboxHandlers(options.sandbox, logger, servingChecks) : refuseTestKeysOnRest);
  // First: the routes most requests take meet no other route on their way.
  mountRestV1(app, '/api/v1', { key: authenticate, feedToken: requireApiKey(keyGate, 'feedToken'), limit }, restHandler, support);

  // For load balancers and the operator; no key, no content.
  mountOperations(app, {
    probes: {
      query: (sql, params) => deps.versions.probe(sql, params),
      rateLimit: () => rateLimitStore(limiter, redis),
      sources,
    },
    process: () => ({
      draining: deps.lifecycle.draining,
      hasServed: deps.versions.hasRead,
      readVersions: () => deps.versions.read(),
      listening: deps.versions.listening,
    }),
    databaseDown: () => deps.versions.databaseDown,
    clock: deps.clock,
    metrics,
    metricsToken,
  });
  mountDocs(app);

  const yoga = createGraphqlYoga({ deps, logger, graphql, responseCache: graphqlResults, ...checks });
  // The body is read here, at most 64 KB, after the key, tier and limit checks; larger ones get a 413
  // without being buffered. Yoga then reads the buffer, never the socket.
  const boundedBody = express.raw({ type: () => true, limit: GRAPHQL_MAX_BODY });
  // Exactly /graphql: Yoga would answer sub-paths with an empty 404. Every refusal on the way (401, 403,
  // 429, 406, 415, 413, 400) is a GraphQL error body like Yoga's own (src/graphql/http-status.ts).
  app.all(
    yoga.graphqlEndpoint,
    answerErrorsAsGraphql,
    authenticate,
    refuseTestKeys,
    requireTier(DASHBOARD_TIERS),
    limit,
    unconditional,
    requireAcceptableType,
    requireGraphqlContentType,
    boundedBody,
    requireBody,
    yoga as unknown as RequestHandler,
  );

  app.use((_req, res) => sendError(res, 404, MESSAGES.notFound));
  app.use(errorHandler(logger));
  return app as RequestListener;
}

const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** Where the per-key limit is decided now, and why there when it is not Redis. */
function rateLimitStore(limiter: KeyRateLimiter, redis: Redis | undefined): { store: 'redis' | 'memory'; detail?: string } {
  if (!redis) return { store: 'memory', detail: "REDIS_URL is not set: per-key limits are held in this process's memory" };
  if (limiter.mode === 'redis') return { store: 'redis' };
  return { store: 'memory', detail: "Redis is unreachable or slow: per-key limits are held in this process's memory until it answers in time" };
}

/** REST v1's handlers, one for production's keys and one for test keys, chosen by the key checked before. */
function byKeyKind(production: (route: Route) => RequestHandler, test: (route: Route) => RequestHandler): (route: Route) => RequestHandler {
  return (route) => {
    const forProduction = production(route);
    const forTest = test(route);
    return (req, res, next) => (res.locals.apiKey?.test ? forTest : forProduction)(req, res, next);
  };
}

/** Without a sandbox, a test key gets a 503: never production content. */
const refuseTestKeysOnRest = () => (_req: Request, res: Response) => sendError(res, 503, MESSAGES.sandboxUnavailable);

/**
 * REST v1 for test keys: the same handlers, bound to the sandbox's dependencies (its database, caches and
 * versions), which the first request of a test key opens (sandbox.ts, which also decides when a failed open is
 * tried again). A sandbox that cannot be opened is a 503, logged.
 */
function sandboxHandlers(
  sandboxes: () => Promise<Sandbox>,
  logger: Logger,
  checksOf: (deps: AppDeps) => Pick<RestHandlerOptions, 'databaseFault' | 'pickPending'>,
): (route: Route) => RequestHandler {
  // its cache's gauges on a registry of their own: /metrics is about production
  const handlersOf = new WeakMap<Sandbox, (route: Route) => RequestHandler>();
  const handlers = (sandbox: Sandbox) => {
    let made = handlersOf.get(sandbox);
    if (!made) handlersOf.set(sandbox, (made = createRestHandlers({ schema, deps: sandbox.deps, registry: new Registry(), ...checksOf(sandbox.deps) })));
    return made;
  };
  return (route) => (req, res, next) => {
    const unavailable = (error: Error) => {
      logger.warn({ err: error.message }, 'the sandbox that answers test keys is not available');
      res.setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
      sendError(res, 503, MESSAGES.sandboxUnavailable);
    };
    sandboxes().then((sandbox) => {
      const handler = handlers(sandbox)(route);
      // the sandbox's content version, not production's, decides its caches and ETags
      sandbox.deps.versions.read().then((versions) => {
        res.locals.versions = versions;
        // an unexpected failure goes to Express's error handler (a 500, logged), as on production's path
        Promise.resolve(handler(req, res, next)).catch(next);
      }, unavailable);
    }, unavailable);
  };
}
