// What Yoga would otherwise get wrong for hostile input: GET parameters that are not JSON (a 500),
// internals in error extensions (the JSON parser's SyntaxError), and its log calls (arguments as an array).
import { GraphQLError } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import type { Logger } from 'pino';

/** A 400 whatever the Accept header: the request itself cannot be read. */
const badRequest = (message: string) => createGraphQLError(message, { extensions: { http: { status: 400 }, code: 'BAD_REQUEST' } });

function jsonParam(params: URLSearchParams, name: 'variables' | 'extensions'): unknown {
  const text = params.get(name) || undefined;
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`The "${name}" parameter is not valid JSON.`);
  }
}

/**
 * GET /graphql as Yoga reads it, except that `variables` and `extensions` that are not JSON are a 400
 * saying so (Yoga's own parser let JSON.parse throw: a 500 "Unexpected error.").
 */
export const strictGetParameters: Plugin = {
  onRequestParse({ request, setRequestParser }) {
    if (request.method !== 'GET') return;
    setRequestParser((req) => {
      const params = new URL(req.url).searchParams;
      return {
        operationName: params.get('operationName') || undefined,
        query: params.get('query') || undefined,
        variables: jsonParam(params, 'variables') as Record<string, unknown> | undefined,
        extensions: jsonParam(params, 'extensions') as Record<string, unknown> | undefined,
      };
    });
  },
};

const INTERNAL_EXTENSIONS = ['originalError', 'stack', 'exception'];

function withoutInternals(error: GraphQLError): GraphQLError {
  const extensions = { ...error.extensions };
  for (const name of INTERNAL_EXTENSIONS) delete extensions[name];
  return new GraphQLError(error.message, { nodes: error.nodes, source: error.source, positions: error.positions, path: error.path, extensions });
}

/**
 * No error leaves with its original error or a stack in `extensions`, in any mode: Yoga adds the JSON
 * parser's SyntaxError to "POST body sent invalid JSON." even with masked errors.
 */
export const stripErrorInternals: Plugin = {
  onResultProcess({ result, setResult }) {
    if (Array.isArray(result) || !('errors' in result) || !result.errors) return;
    if (!result.errors.some((error) => INTERNAL_EXTENSIONS.some((name) => error.extensions && name in error.extensions))) return;
    setResult({
      ...result,
      errors: result.errors.map((error) => withoutInternals(error instanceof GraphQLError ? error : new GraphQLError((error as { message: string }).message))),
    });
  },
};

type Level = 'debug' | 'info' | 'warn' | 'error';

/**
 * Yoga's logger calls (`error(err)`, `warn(message, detail)`, …) as pino lines: an Error as `err` (pino
 * serialises its type, message and stack), strings as the message, anything else as `details`.
 */
export function yogaLogger(logger: Pick<Logger, Level>): Record<Level, (...args: unknown[]) => void> {
  const at =
    (level: Level) =>
    (...args: unknown[]) => {
      const err = args.find((arg): arg is Error => arg instanceof Error);
      const words = args.filter((arg): arg is string => typeof arg === 'string');
      const details = args.filter((arg) => arg !== err && typeof arg !== 'string');
      const fields = { ...(err ? { err } : {}), ...(details.length ? { details } : {}) };
      logger[level](fields, words.join(' ') || err?.message || 'graphql-yoga');
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
