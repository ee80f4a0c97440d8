// Builds the HTTP application: REST v1 and GraphQL (Yoga) over one schema. Does not listen.
import express, { type Request, type RequestHandler, type Response } from 'express';
import { createYoga } from 'graphql-yoga';
import { GraphQLError, type ValidationContext } from 'graphql';
import { createInMemoryCache, hashSHA256, useResponseCache } from '@graphql-yoga/plugin-response-cache';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { servingDays } from './modules/causes/berlin-calendar.js';
import type { Logger } from 'pino';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { createContext, type AppDeps, type GraphQLContext } from './context.js';
import { schema } from './graphql/schema.js';
import { requireApiKey, requireTier } from './http/auth.js';
import { errorHandler, MESSAGES, sendError } from './http/errors.js';
import { rateLimitPerKey } from './http/rate-limit.js';
import { DASHBOARD_TIERS } from './modules/api-keys/api-keys.service.js';
import { mountRestV1 } from './rest/v1/router.js';
import type { Redis } from 'ioredis';
import { createMetrics, type Metrics } from './infra/metrics.js';
import { observeRequests } from './http/observe.js';
import { mountOperations } from './http/operations.js';
import { mountDocs } from './http/docs.js';

export const GRAPHQL_MAX_ALIASES = 10;
export const GRAPHQL_MAX_DEPTH = 10;

/** A GraphQL Armor limit as a validation error that says what was exceeded. */
const reportLimit = (what: 'aliases' | 'depth') => (context: ValidationContext | null, error: GraphQLError) => {
  const [, limit, found] = /limit of (\d+) exceeded, found (\d+)/.exec(error.message) ?? [];
  const message =
    what === 'aliases'
      ? `Too many aliases: the query uses ${found}, at most ${limit} are allowed.`
      : `The query is nested too deeply: depth ${found}, at most ${limit} is allowed.`;
  context?.reportError(new GraphQLError(message));
};

export interface AppOptions {
  deps: AppDeps;
  limiter: RateLimiterAbstract;
  logger: Logger;
  /** the process's metrics; a fresh registry when not given */
  metrics?: Metrics;
  /** the rate limiter's Redis, checked by /readyz */
  redis?: Redis;
  /** /metrics is served only when set, and only to requests bearing it */
  metricsToken?: string;
}

export function createApp({ deps, limiter, logger, redis, metricsToken, ...options }: AppOptions) {
  const metrics = options.metrics ?? createMetrics({ query: (sql, params) => deps.versions.probe(sql, params) });
  const app = express();
  app.disable('x-powered-by');
  // REST responses carry an ETag computed once per cached body; Express's per-response hashing is off.
  app.set('etag', false);
  app.use(observeRequests(logger, metrics));

  // For load balancers and the operator; no key, no content.
  mountOperations(app, {
    probes: { query: (sql, params) => deps.versions.probe(sql, params), pingRedis: redis ? () => redis.ping() : undefined },
    clock: deps.clock,
    metrics,
    metricsToken,
  });
  mountDocs(app);

  const authenticate = requireApiKey(deps, (outcome) => metrics.keyChecks.inc({ outcome }));
  const limit = rateLimitPerKey(limiter, logger);

  mountRestV1(app, '/api/v1', [authenticate, limit], schema, deps, logger);

  const yoga = createYoga<{ req: Request; res: Response }, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: false,
    landingPage: false,
    context: ({ res }) => createContext(deps, res.locals.apiKey ?? null, res.locals.versions!),
    plugins: [
      // One request per second per key must not buy unbounded work: at most 10 aliases (each page is
      // at most 50 causes), and depth 10, which the schema cannot reach today (its deepest path,
      // dailyAction → cause → urgency_score → breakdown, has depth 5) but guards a future cycle.
      // Reported as validation errors (400 for application/graphql-response+json, as for any invalid
      // query), not thrown as Armor does by default, which Yoga answered 200 as a "Syntax Error".
      maxAliasesPlugin({ n: GRAPHQL_MAX_ALIASES, exposeLimits: true, propagateOnRejection: false, onReject: [reportLimit('aliases')] }),
      maxDepthPlugin({ n: GRAPHQL_MAX_DEPTH, exposeLimits: true, flattenFragments: true, propagateOnRejection: false, onReject: [reportLimit('depth')] }),
      // Dashboard results are the same for every key until the content version or the day moves, like
      // REST's; they are kept under a key that includes both, so a change is never served stale.
      useResponseCache({
        session: () => null,
        ttl: 24 * 3_600_000,
        cache: createInMemoryCache({ max: 5000 }),
        includeExtensionMetadata: false,
        // Called before the context factory runs: the versions come from the Express response.
        buildResponseCacheKey: ({ documentString, variableValues, operationName, context }) => {
          const { res } = context as unknown as { res: Response };
          const days = servingDays(deps.clock());
          const scope = [res.locals.versions!.content, days.date, days.contentDay];
          return hashSHA256(JSON.stringify([documentString, variableValues ?? {}, operationName ?? null, scope]));
        },
      }),
    ],
    logging: {
      debug: (...args) => logger.debug(args),
      info: (...args) => logger.info(args),
      warn: (...args) => logger.warn(args),
      error: (...args) => logger.error(args),
    },
  });
  // Exactly /graphql: Yoga would answer sub-paths with an empty 404.
  // Yoga's response cache would answer If-None-Match from entries of an older content version (they
  // stay until their TTL): conditional GraphQL requests are answered in full instead.
  const unconditional: RequestHandler = (req, _res, next) => {
    delete req.headers['if-none-match'];
    delete req.headers['if-modified-since'];
    next();
  };
  app.all(yoga.graphqlEndpoint, authenticate, requireTier(DASHBOARD_TIERS), limit, unconditional, yoga as unknown as RequestHandler);

  app.use((_req, res) => sendError(res, 404, MESSAGES.notFound));
  app.use(errorHandler(logger));
  return app;
}
