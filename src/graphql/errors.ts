// Expected failures carry their HTTP status in extensions; REST and Yoga both read it from there.
import { GraphQLError } from 'graphql';

/** `headers` are set on the /graphql response (Yoga reads them from extensions.http); REST sets its own. */
export function apiError(message: string, status: number, code: string, headers?: Record<string, string>, path?: readonly (string | number)[]): GraphQLError {
  return new GraphQLError(message, { path, extensions: { code, http: headers ? { status, headers } : { status } } });
}

export const badInput = (message: string) => apiError(message, 400, 'BAD_USER_INPUT');
export const notFound = (message: string) => apiError(message, 404, 'NOT_FOUND');
/** `details` (why and since when) are extensions beside the code; REST answers the message alone. */
export const gone = (message: string, details: Record<string, string>) =>
  new GraphQLError(message, { extensions: { code: 'GONE', http: { status: 410 }, ...details } });
export const unavailable = (message: string, headers?: Record<string, string>, path?: readonly (string | number)[]) =>
  apiError(message, 503, 'UNAVAILABLE', headers, path);

export function httpStatusOf(error: { extensions?: Record<string, unknown> }): number | undefined {
  const status = (error.extensions?.http as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}
