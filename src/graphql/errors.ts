// Expected failures carry their HTTP status in extensions; REST and Yoga both read it from there.
import { GraphQLError } from 'graphql';

export function apiError(message: string, status: number, code: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code, http: { status } } });
}

export const badInput = (message: string) => apiError(message, 400, 'BAD_USER_INPUT');
export const notFound = (message: string) => apiError(message, 404, 'NOT_FOUND');
export const unavailable = (message: string) => apiError(message, 503, 'UNAVAILABLE');

export function httpStatusOf(error: { extensions?: Record<string, unknown> }): number | undefined {
  const status = (error.extensions?.http as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}
