// Builds the HTTP application: REST v1 and GraphQL (Yoga) over one schema. Does not listen.
import { createHash } from 'node:crypto';
import type { RequestListener } from 'node:http';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { createLRUCache, createYoga, type Plugin } from 'graphql-yoga';
import { GraphQLError, NoSchemaIntrospectionCustomRule, type ValidationContext } from 'graphql';
import { useResponseCache } from '@graphql-yoga/plugin-response-cache';
import { Gauge } from 'prom-client';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import { blockFieldSuggestionsPlugin } from '@escape.tech/graphql-armor-block-field-suggestions';
import { servingDays } from './time/berlin-calendar.js';
import type { Logger } from 'pino';
import { createContext, type AppDeps, type GraphQLContext } from './context.js';
import { schema } from './graphql/schema.js';
import { createKeyGate, requireApiKey, requireTier } from './http/auth.js';
import { corsWithoutCredentials } from './http/cors.js';
import { securityHeaders } from './http/security-headers.js';
import { errorHandler, MESSAGES, sendError, UNAVAILABLE_RETRY_AFTER_S } from './http/errors.js';
import { strictGetParameters, stripErrorInternals, yogaLogger } from './graphql/yoga-hardening.js';
import { unavailable } from './graphql/errors.js';
import { createBoundedResponseCache, RESPONSE_CACHE_BOUNDS, type ResponseCacheBounds } from './graphql/response-cache.js';
import { rateLimitPerKey, type KeyRateLimiter } from './http/rate-limit.js';
import { noteArrival } from './http/request-id.js';
import { DASHBOARD_TIERS } from './modules/api-keys/api-keys.service.js';
import { mountRestV1 } from './rest/v1/router.js';
import type { Redis } from 'ioredis';
import { createMetrics, type Metrics } from './infra/metrics.js';
import { createRequestRecorder, observeRequests } from './http/observe.js';
import { createRestController } from './rest/v1/controller.js';
import { mountOperations } from './http/operations.js';
import { mountDocs } from './http/docs.js';
import type { SourcesState } from './modules/serving/readiness.js';
import type { SupportContact } from './rest/v1/getting-started.js';

export const GRAPHQL_MAX_ALIASES = 10;
export const GRAPHQL_MAX_DEPTH = 10;
/** Largest /graphql request body; 10 aliased pages of every cause field are a 4 KB document. */
export const GRAPHQL_MAX_BODY = '64kb';
/** Tokens per document (10 aliased pages of every cause field are 482): parsing stops at the first token past this. */
export const GRAPHQL_MAX_TOKENS = 1000;
/** GraphQL Armor's cost (objects 2, scalars 1, times 1.5 per level): 10 aliased pages of every cause field cost 1,029. */
export const GRAPHQL_MAX_COST = 5000;
export const GRAPHQL_MAX_DIRECTIVES = 20;
/** Parsed documents (and parse errors) kept by Yoga: at most this many, each at most 64 KB of text. */
export const GRAPHQL_PARSE_CACHE_ENTRIES = 512;

/** A GraphQL Armor limit as a validation error that says what was exceeded. */
const LIMIT_MESSAGES = {
  aliases: (found: string, limit: string) => `Too many aliases: the query uses ${found}, at most ${limit} are allowed.`,
  depth: (found: string, limit: string) => `The query is nested too deeply: depth ${found}, at most ${limit} is allowed.`,
  cost: (found: string, limit: string) => `The query would cost too much: cost ${found}, at most ${limit} is allowed.`,
  directives: (found: string, limit: string) => `Too many directives: the query uses ${found}, at most ${limit} are allowed.`,
} as const;
/** A measure as a whole number in plain digits: a cost of 6.96e+21 is not "6.958926556867941". */
const plainNumber = new Intl.NumberFormat('en', { maximumFractionDigits: 0, useGrouping: false });
const reportLimit = (what: keyof typeof LIMIT_MESSAGES) => (context: ValidationContext | null, error: GraphQLError) => {
  const [, limit, found] = /limit of (\d+) exceeded, found (\d+(?:\.\d+)?(?:e[+-]?\d+)?)/i.exec(error.message) ?? [];
  // Armor's own words if a later version words its message otherwise
  const message = limit === undefined ? error.message : LIMIT_MESSAGES[what](plainNumber.format(Number(found)), limit);
  context?.reportError(new GraphQLError(message));
};

export interface AppOptions {
  deps: AppDeps;
  limiter: KeyRateLimiter;
  logger: Logger;
  /** what /graphql tells about its schema; both off unless the operator switches them on (config) */
  graphql?: { introspection: boolean; suggestions: boolean };
  /** reverse proxies in front of the service (config TRUST_PROXY_HOPS); never "trust everything" */
  trustProxyHops?: number;
  /** how long keys in memory are honoured while the database is down (default KEY_CONFIRM_BOUND_MS) */
  keyConfirmBoundMs?: number;
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
}

/** Schema introspection refused at validation: the schema is documented in schema.graphql instead. */
const disableIntrospection: Plugin = {
  onValidate: ({ addValidationRule }) => addValidationRule(NoSchemaIntrospectionCustomRule),
};

export function createApp({
  deps,
  limiter,
  logger,
  redis,
  metricsToken,
  graphql = { introspection: false, suggestions: false },
  trustProxyHops = 0,
  keyConfirmBoundMs,
  responseCache = RESPONSE_CACHE_BOUNDS,
  sources = { configured: [], demo: false },
  support = {},
  ...options
}: AppOptions) {
  const metrics = options.metrics ?? createMetrics({ query: (sql, params) => deps.versions.probe(sql, params) });
  const graphqlResults = createBoundedResponseCache(responseCache);
  new Gauge({
    name: 'es_graphql_response_cache_bytes',
    help: 'Bytes held by the /graphql response cache (bounded, see docs/decisions.md "GraphQL")',
    registers: [metrics.registry],
    collect() {
      this.set(graphqlResults.bytes);
    },
  });
  new Gauge({
    name: 'es_graphql_response_cache_entries',
    help: 'Results held by the /graphql response cache',
    registers: [metrics.registry],
    collect() {
      this.set(graphqlResults.entries);
    },
  });
  const app = express();
  // req.ip: the address this many hops back in X-Forwarded-For (0: the peer itself).
  app.set('trust proxy', trustProxyHops);
  app.disable('x-powered-by');
  // REST responses carry an ETag computed once per cached body; Express's per-response hashing is off.
  app.set('etag', false);
  // /GRAPHQL or /API/V1 are not our paths: a JSON 404, not Yoga's empty one.
  app.set('case sensitive routing', true);
  app.set('strict routing', false);

  app.use(noteArrival);
  app.use(securityHeaders);
  app.use(corsWithoutCredentials);
  // Every response says how it may be cached; successful REST answers override it (private, revalidate).
  app.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // After the headers above, so that this 400 carries them too.
  app.use(requireHost);
  const record = createRequestRecorder(logger, metrics);
  app.use(observeRequests(record));

  // For load balancers and the operator; no key, no content.
  mountOperations(app, {
    probes: {
      query: (sql, params) => deps.versions.probe(sql, params),
      rateLimit: () => rateLimitStore(limiter, redis),
      sources,
    },
    process: () => ({ draining: deps.lifecycle.draining, hasServed: deps.versions.hasRead, readVersions: () => deps.versions.read(), listening: deps.versions.listening }),
    databaseDown: () => deps.versions.databaseDown,
    clock: deps.clock,
    metrics,
    metricsToken,
  });
  mountDocs(app);

  const keyGate = createKeyGate(deps, keyConfirmBoundMs, (outcome) => metrics.keyChecks.inc({ outcome }));
  const authenticate = requireApiKey(keyGate);
  const limit = rateLimitPerKey(limiter);

  mountRestV1(app, '/api/v1', [authenticate, limit], support);
  // The three GET endpoints of REST v1 are answered before Express (see controller.ts).
  const restV1 = createRestController({ prefix: '/api/v1', schema, deps, logger, keyGate, limiter, record, trustProxy: app.get('trust proxy fn'), registry: metrics.registry });

  const yoga = createYoga<{ req: Request; res: Response }, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: false,
    // Unexpected errors are "Unexpected error." without stack or original error, whatever NODE_ENV says.
    maskedErrors: { isDev: false },
    landingPage: false,
    context: ({ res }) => createContext(deps, res.locals.apiKey ?? null, res.locals.versions!),
    // Yoga's own CORS would reflect any Origin with credentials; corsWithoutCredentials answers instead.
    cors: false,
    parserAndValidationCache: {
      documentCache: createLRUCache({ max: GRAPHQL_PARSE_CACHE_ENTRIES }),
      errorCache: createLRUCache({ max: GRAPHQL_PARSE_CACHE_ENTRIES }),
    },
    plugins: [
      strictGetParameters,
      stripErrorInternals,
      // Bounded work per request, cheapest check first: tokens while parsing, then the rules below.
      maxTokensPlugin({ n: GRAPHQL_MAX_TOKENS, exposeLimits: true }),
      // One request per second per key must not buy unbounded work: at most 10 aliases (each page is
      // at most 50 causes), and depth 10, which the schema cannot reach today (its deepest path,
      // dailyAction → cause → urgency_score → breakdown, has depth 5) but guards a future cycle.
      // Reported as validation errors (400 for application/graphql-response+json, as for any invalid
      // query), not thrown as Armor does by default, which Yoga answered 200 as a "Syntax Error".
      maxAliasesPlugin({ n: GRAPHQL_MAX_ALIASES, exposeLimits: true, propagateOnRejection: false, onReject: [reportLimit('aliases')] }),
      maxDepthPlugin({ n: GRAPHQL_MAX_DEPTH, exposeLimits: true, flattenFragments: true, propagateOnRejection: false, onReject: [reportLimit('depth')] }),
      costLimitPlugin({ maxCost: GRAPHQL_MAX_COST, exposeLimits: true, flattenFragments: true, propagateOnRejection: false, onReject: [reportLimit('cost')] }),
      maxDirectivesPlugin({ n: GRAPHQL_MAX_DIRECTIVES, exposeLimits: true, propagateOnRejection: false, onReject: [reportLimit('directives')] }),
      ...(graphql.suggestions ? [] : [blockFieldSuggestionsPlugin()]),
      ...(graphql.introspection ? [] : [disableIntrospection]),
      // Before the cache's execution hook (a cached result is answered earlier, in onParams): what is not
      // cached is not attempted while the database is known to be down; a 503 like REST's, instead of
      // waiting for it or a masked error.
      {
        onExecute: ({ setResultAndStopExecution }) => {
          if (deps.versions.databaseDown) setResultAndStopExecution({ errors: [unavailable(MESSAGES.unavailable, { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_S) })] });
        },
      } satisfies Plugin,
      // Dashboard results are the same for every key until the content version or the day moves, like
      // REST's; they are kept under a key that includes both, so a change is never served stale.
      useResponseCache({
        session: () => null,
        ttl: 24 * 3_600_000,
        // Bounded by bytes and entries; a result over 512 KB is answered but not kept.
        cache: graphqlResults,
        includeExtensionMetadata: false,
        // Called before the context factory runs: the versions come from the Express response.
        buildResponseCacheKey: ({ documentString, variableValues, operationName, context }) => {
          const { res } = context as unknown as { res: Response };
          const days = servingDays(deps.clock());
          const scope = [res.locals.versions!.content, days.date, days.contentDay];
          // node:crypto's SHA-256 at once (the plugin's own hashSHA256 goes through WebCrypto's promise)
          return createHash('sha256').update(JSON.stringify([documentString, variableValues ?? {}, operationName ?? null, scope])).digest('hex');
        },
      }),
    ],
    logging: yogaLogger(logger),
  });
  // Exactly /graphql: Yoga would answer sub-paths with an empty 404.
  // Yoga's response cache would answer If-None-Match from entries of an older content version (they
  // stay until their TTL): conditional GraphQL requests are answered in full instead.
  const unconditional: RequestHandler = (req, _res, next) => {
    delete req.headers['if-none-match'];
    delete req.headers['if-modified-since'];
    next();
  };
  // The body is read here, at most 64 KB, after the key, tier and limit checks; larger ones get a JSON 413
  // without being buffered. Yoga then reads the buffer, never the socket.
  const boundedBody = express.raw({ type: () => true, limit: GRAPHQL_MAX_BODY });
  app.all(
    yoga.graphqlEndpoint,
    authenticate,
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
  const listener: RequestListener = (req, res) => {
    if (!restV1(req, res)) app(req, res);
  };
  return listener;
}

/** Where the per-key limit is decided now, and why there when it is not Redis. */
function rateLimitStore(limiter: KeyRateLimiter, redis: Redis | undefined): { store: 'redis' | 'memory'; detail?: string } {
  if (!redis) return { store: 'memory', detail: "REDIS_URL is not set: per-key limits are held in this process's memory" };
  if (limiter.mode === 'redis') return { store: 'redis' };
  return { store: 'memory', detail: "Redis is unreachable or slow: per-key limits are held in this process's memory until it answers in time" };
}

/** HTTP/1.1 requires Host; Node's own check answers with an empty body, so the server leaves it to us. */
const requireHost: RequestHandler = (req, res, next) => {
  if (req.httpVersion === '1.1' && !req.headers.host) {
    res.setHeader('Connection', 'close');
    return sendError(res, 400, 'Missing Host header.');
  }
  next();
};

/** An empty POST body would reach Yoga as an already-read stream (and get an empty answer). */
const requireBody: RequestHandler = (req, res, next) => {
  if (req.method !== 'POST' || (Buffer.isBuffer(req.body) && req.body.length > 0)) return next();
  sendError(res, 400, 'Empty body: /graphql takes POST bodies such as { "query": "…" }.');
};

/** What /graphql can answer in; Yoga answers any other Accept with an empty 406. */
const GRAPHQL_RESPONSE_TYPES = ['application/graphql-response+json', 'application/json', 'multipart/mixed', 'text/event-stream'];

const requireAcceptableType: RequestHandler = (req, res, next) => {
  if (req.accepts(GRAPHQL_RESPONSE_TYPES)) return next();
  sendError(res, 406, 'Not acceptable: /graphql answers application/graphql-response+json or application/json.');
};

const GRAPHQL_BODY_TYPES = ['application/json', 'application/graphql+json', 'application/graphql'];

/** POST bodies of /graphql are JSON (Yoga would answer other types with an empty 415). */
const requireGraphqlContentType: RequestHandler = (req, res, next) => {
  if (req.method !== 'POST') return next();
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (GRAPHQL_BODY_TYPES.includes(type)) return next();
  sendError(res, 415, 'Unsupported Content-Type: /graphql takes POST bodies as application/json.');
};
