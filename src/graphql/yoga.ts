// GraphQL over HTTP: Yoga on the one schema, with GraphQL Armor's limits reported as validation errors,
// introspection and field suggestions off unless configured, a 503 while the database is known to be
// down, and the response cache keyed by content version and day. app.ts mounts it behind the key, tier
// and rate-limit checks and the request guards.
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { createLRUCache, createYoga, type Plugin } from 'graphql-yoga';
import { GraphQLError, NoSchemaIntrospectionCustomRule, type ValidationContext } from 'graphql';
import { useResponseCache } from '@graphql-yoga/plugin-response-cache';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import { blockFieldSuggestionsPlugin } from '@escape.tech/graphql-armor-block-field-suggestions';
import type { Logger } from 'pino';
import { contentDay, servingDays } from '../time/berlin-calendar.js';
import { createContext, type AppDeps, type GraphQLContext } from '../context.js';
import { schema } from './schema.js';
import { DATABASE_UNAVAILABLE } from '../http/errors.js';
import { strictGetParameters, stripErrorInternals, yogaLogger } from './yoga-hardening.js';
import { apiError, badInput, httpStatusOf, unavailable, withHttp } from './errors.js';
import { PICK_PENDING_RETRY_AFTER_S, type PickPendingCheck } from '../modules/daily-action/pick-pending.js';
import type { DatabaseFaultCheck } from '../infra/database-errors.js';
import { NO_ACTION_TODAY } from '../modules/daily-action/daily-action.schema.js';
import { graphqlOverHttpStatus } from './http-status.js';
import { connectionCostPlugin } from './connection-cost.js';
import { CONNECTION_DEFAULT_SIZE } from './connection-size.js';
import type { BoundedResponseCache } from './response-cache.js';
import { EDITOR_QUERY_FIELDS } from '../modules/review/review.schema.js';
import { OPERATOR_QUERY_FIELDS } from '../modules/webhooks/webhooks.schema.js';

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

/** The database-down 503 as a GraphQL error, with its Retry-After. */
const databaseUnavailable = () => unavailable(DATABASE_UNAVAILABLE.message, { 'Retry-After': String(DATABASE_UNAVAILABLE.retryAfterS) });

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

/** Schema introspection refused at validation: the schema is documented in schema.graphql instead. */
const disableIntrospection: Plugin = {
  onValidate: ({ addValidationRule }) => addValidationRule(NoSchemaIntrospectionCustomRule),
};

export interface GraphqlYogaOptions {
  deps: AppDeps;
  logger: Logger;
  /** what /graphql tells about its schema (config) */
  graphql: { introspection: boolean; suggestions: boolean };
  /** the store of the response cache (bounded, see response-cache.ts) */
  responseCache: BoundedResponseCache;
  /** whether a failure under a request is the database's, answered 503 (databaseFaultCheck) */
  databaseFault: DatabaseFaultCheck;
  /** whether the content day's pick is still to come (pickPendingCheck) */
  pickPending: PickPendingCheck;
}

export function createGraphqlYoga({ deps, logger, graphql, responseCache, databaseFault, pickPending }: GraphqlYogaOptions) {
  return createYoga<{ req: Request; res: Response }, GraphQLContext>({
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
      // The media type and status of every answer, by the GraphQL-over-HTTP rules (http-status.ts).
      graphqlOverHttpStatus,
      // Bounded work per request, cheapest check first: tokens while parsing, then the rules below.
      maxTokensPlugin({ n: GRAPHQL_MAX_TOKENS, exposeLimits: true }),
      // One request per second per key must not buy unbounded work: at most 10 aliases (each page is
      // at most 50 causes), and depth 10, which the schema cannot reach today (its deepest path,
      // dailyAction → cause → urgency_score → breakdown, has depth 5) but guards a future cycle.
      // Reported as validation errors (400 for application/graphql-response+json, as for any invalid
      // query), not thrown as Armor does by default, which Yoga answered as a "Syntax Error".
      maxAliasesPlugin({ n: GRAPHQL_MAX_ALIASES, exposeLimits: true, propagateOnRejection: false, onReject: [reportLimit('aliases')] }),
      maxDepthPlugin({ n: GRAPHQL_MAX_DEPTH, exposeLimits: true, flattenFragments: true, propagateOnRejection: false, onReject: [reportLimit('depth')] }),
      costLimitPlugin({ maxCost: GRAPHQL_MAX_COST, exposeLimits: true, flattenFragments: true, propagateOnRejection: false, onReject: [reportLimit('cost')] }),
      // The same cost once the variables are known: a connection's `first` given as a variable, or left
      // to its default, counts as Armor counts a number written in the document; a page over 50 is refused
      // before that, whatever the connection selects (`totalCount` alone too), with the resolvers' message.
      connectionCostPlugin({
        costOptions: { maxCost: GRAPHQL_MAX_COST, exposeLimits: true, flattenFragments: true },
        defaultSize: CONNECTION_DEFAULT_SIZE,
        onReject: reportLimit('cost'),
        toError: (error) => apiError(error.message, 400, 'GRAPHQL_VALIDATION_FAILED'),
        sizeError: badInput,
      }),
      maxDirectivesPlugin({ n: GRAPHQL_MAX_DIRECTIVES, exposeLimits: true, propagateOnRejection: false, onReject: [reportLimit('directives')] }),
      ...(graphql.suggestions ? [] : [blockFieldSuggestionsPlugin()]),
      ...(graphql.introspection ? [] : [disableIntrospection]),
      // Before the cache's execution hook (a cached result is answered earlier, in onParams): what is not
      // cached is not attempted while the database is known to be down; a 503 like REST's, instead of
      // waiting for it or a masked error.
      {
        onExecute: ({ setResultAndStopExecution }) => {
          if (deps.versions.databaseDown) setResultAndStopExecution({ errors: [databaseUnavailable()] });
          return {
            onExecuteDone: ({ result, setResult }) => {
              if (!('errors' in result) || !result.errors?.length) return;
              const errors = result.errors;
              // An unexpected failure (a resolver's own exception, not an error the API raised) that is the
              // database's (down, or lacking a table or column this version needs): its 503, as REST answers
              // it, not kept by the cache (which runs after this). Otherwise it stays a (masked, logged) 500.
              const unexpected = errors.some((error) => error.originalError && !(error.originalError instanceof GraphQLError));
              const noAction = errors.findIndex((error) => error.message === NO_ACTION_TODAY && httpStatusOf(error) === 503);
              if (!unexpected && noAction === -1) return;
              return (async () => {
                if (unexpected && (await databaseFault(errors))) return setResult({ errors: [databaseUnavailable()] });
                // No daily action while the day's refresh is still to come or running: REST's Retry-After
                if (noAction === -1 || !(await pickPending(contentDay(deps.clock())))) return;
                const pending = withHttp(errors[noAction], 503, { 'Retry-After': String(PICK_PENDING_RETRY_AFTER_S) });
                setResult({ ...result, errors: errors.map((error, i) => (i === noAction ? pending : error)) });
              })();
            },
          };
        },
      } satisfies Plugin,
      // Dashboard results are the same for every key until the content version or the day moves, like
      // REST's; they are kept under a key that includes both, so a change is never served stale.
      useResponseCache({
        session: () => null,
        ttl: 24 * 3_600_000,
        // A run starts and ends without a change of content: its record is read fresh every time.
        // An incremental sync's answer moves with each recording of changes and with the clock (its cursor).
        // The editor's desk is answered per key (only an editor's key may read it), never from the shared cache.
        ttlPerSchemaCoordinate: {
          'Query.jobRuns': 0,
          'Query.causeChanges': 0,
          ...Object.fromEntries([...EDITOR_QUERY_FIELDS, ...OPERATOR_QUERY_FIELDS].map((field) => [field, 0])),
        },
        // Bounded by bytes and entries; a result over 512 KB is answered but not kept.
        cache: responseCache,
        includeExtensionMetadata: false,
        // Called before the context factory runs: the versions come from the Express response.
        buildResponseCacheKey: ({ documentString, variableValues, operationName, context }) => {
          const { res } = context as unknown as { res: Response };
          const days = servingDays(deps.clock());
          const scope = [res.locals.versions!.content, days.date, days.contentDay];
          // node:crypto's SHA-256 at once (the plugin's own hashSHA256 goes through WebCrypto's promise)
          return createHash('sha256')
            .update(JSON.stringify([documentString, variableValues ?? {}, operationName ?? null, scope]))
            .digest('hex');
        },
      }),
    ],
    logging: yogaLogger(logger),
  });
}
