// Expected failures carry their HTTP status in extensions; REST and Yoga both read it from there.
import { GraphQLError } from 'graphql';

const httpExtension = (status: number, headers?: Record<string, string>) => (headers ? { status, headers } : { status });

/** `headers` are set on the /graphql response (Yoga reads them from extensions.http); REST sets its own. */
export function apiError(message: string, status: number, code: string, headers?: Record<string, string>): GraphQLError {
  return new GraphQLError(message, { extensions: { code, http: httpExtension(status, headers) } });
}

/**
 * extensions.code by HTTP status, for the failures this API raises on /graphql: the resolvers' (below) and
 * those answered before Yoga (http/errors.ts). A 400 is a resolver's bad input; before Yoga it is a request
 * that is not GraphQL's (http-status.ts); a limit of GraphQL Armor's is GRAPHQL_VALIDATION_FAILED (yoga.ts).
 */
export const GRAPHQL_CODES = {
  400: 'BAD_USER_INPUT',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  406: 'NOT_ACCEPTABLE',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'UNAVAILABLE',
} as const;

export const badInput = (message: string) => apiError(message, 400, GRAPHQL_CODES[400]);
export const forbidden = (message: string) => apiError(message, 403, GRAPHQL_CODES[403]);
export const notFound = (message: string) => apiError(message, 404, GRAPHQL_CODES[404]);
/** `details` (why and since when) are extensions beside the code; REST answers the message alone. */
export const gone = (message: string, details: Record<string, string>) =>
  new GraphQLError(message, { extensions: { code: GRAPHQL_CODES[410], http: { status: 410 }, ...details } });
export const unavailable = (message: string, headers?: Record<string, string>) => apiError(message, 503, GRAPHQL_CODES[503], headers);

/** The same error (message, locations, path, original error and code) answered with another HTTP status and headers on /graphql. */
export function withHttp(error: GraphQLError, status: number, headers?: Record<string, string>): GraphQLError {
  const { nodes, source, positions, path, originalError } = error;
  return new GraphQLError(error.message, {
    nodes,
    source,
    positions,
    path,
    originalError,
    extensions: { ...error.extensions, http: httpExtension(status, headers) },
  });
}

export function httpStatusOf(error: { extensions?: Record<string, unknown> }): number | undefined {
  const status = (error.extensions?.http as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}
