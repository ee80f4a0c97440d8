// GraphQL over HTTP (https://graphql.github.io/graphql-over-http/draft/) on /graphql: which media type an
// answer has, and its status. Yoga's own choice answered `*/*` as the legacy application/json (a syntax
// error 200) while a failure mapped to a status (404, 503) kept it; this is the one rule, for every answer.
import { isAsyncIterable, processRegularResult, type Plugin } from 'graphql-yoga';
import type { ExecutionResult, GraphQLFormattedError } from 'graphql';
import { httpStatusOf } from './errors.js';

export const GRAPHQL_RESPONSE_JSON = 'application/graphql-response+json';
export const LEGACY_JSON = 'application/json';
export type GraphqlMediaType = typeof GRAPHQL_RESPONSE_JSON | typeof LEGACY_JSON;

/** The code of errors that say the request is not a GraphQL-over-HTTP request (Yoga's and ours alike). */
export const NOT_A_GRAPHQL_REQUEST = 'BAD_REQUEST';
/** The code of an unexpected error once Yoga has masked it. */
const UNEXPECTED = 'INTERNAL_SERVER_ERROR';

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

function mediaRanges(accept: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const part of accept.toLowerCase().split(',')) {
    const [range = '', ...params] = part.split(';').map((text) => text.trim());
    const [type, subtype] = range.split('/');
    if (!type || !subtype) continue;
    let q = 1;
    let utf8 = true;
    for (const param of params) {
      const [name, value = ''] = param.split('=').map((text) => text.trim());
      if (name === 'q') q = Number(value);
      // JSON is UTF-8: a range asking for another charset is not one we can answer
      if (name === 'charset' && value.replace(/"/g, '') !== 'utf-8') utf8 = false;
    }
    if (utf8 && Number.isFinite(q)) ranges.push({ type, subtype, q });
  }
  return ranges;
}

/** The client's preference for a media type: the q of the most specific range that matches it (RFC 9110 12.5.1). */
function quality(ranges: MediaRange[], mediaType: string): number {
  const [type, subtype] = mediaType.split('/');
  let best: { specificity: number; q: number } = { specificity: -1, q: 0 };
  for (const range of ranges) {
    const specificity = range.type === type && range.subtype === subtype ? 2 : range.type === type && range.subtype === '*' ? 1 : range.type === '*' ? 0 : -1;
    if (specificity > best.specificity) best = { specificity, q: range.q };
  }
  return best.q;
}

/**
 * The media type /graphql answers in: the one of the two the client prefers by its q values; on a tie
 * (`*`/`*`, `application/*`, both listed without q, or no Accept at all) application/graphql-response+json,
 * the type the specification requires of every server and recommends to every client. Null when the
 * client accepts neither (then only a stream type it asked for, or a 406).
 */
export function graphqlMediaType(accept: string | undefined): GraphqlMediaType | null {
  if (!accept?.trim()) return GRAPHQL_RESPONSE_JSON;
  const ranges = mediaRanges(accept);
  const strict = quality(ranges, GRAPHQL_RESPONSE_JSON);
  const legacy = quality(ranges, LEGACY_JSON);
  if (strict <= 0 && legacy <= 0) return null;
  return legacy > strict ? LEGACY_JSON : GRAPHQL_RESPONSE_JSON;
}

/**
 * The status of a /graphql answer:
 * - a request that is not a GraphQL-over-HTTP request (body not JSON, no `query`, a parameter that is not
 *   JSON, a method other than GET and POST): the error's 4xx, whatever the media type;
 * - application/graphql-response+json: a request error (no `data`: the document does not parse or
 *   validate, a variable does not coerce, a page size over the cap) is 400; once executed (`data`
 *   present), 200; but a failure this API maps to an HTTP status in `extensions.http.status` (a field's
 *   404, 410, 400 or 403, a 503 while the database is down) has that status, the highest if several, as
 *   REST answers the same failure; an unexpected failure before any data, 500;
 * - application/json (the legacy type): 200 for every well-formed request, as the specification's
 *   appendix for that type says.
 */
export function graphqlStatus(result: ExecutionResult, mediaType: GraphqlMediaType): number {
  const errors = result.errors ?? [];
  if (errors.length === 0) return 200;
  const statuses = errors.map((error) => httpStatusOf(error)).filter((status) => status !== undefined);
  const highest = statuses.length ? Math.max(...statuses) : undefined;
  if (errors.some((error) => error.extensions?.code === NOT_A_GRAPHQL_REQUEST)) return highest ?? 400;
  if (mediaType === LEGACY_JSON) return 200;
  if (highest !== undefined) return highest;
  // not executed: a request error (a variable that does not coerce), but an unexpected failure (masked) is a 500
  if (result.data === undefined) return errors.some((error) => error.extensions?.code === UNEXPECTED) ? 500 : 400;
  return 200;
}

/** The body of an error /graphql answers before a GraphQL result exists (a 401, 413, 415, …). */
export const graphqlErrorBody = (message: string, code: string): { errors: GraphQLFormattedError[] } => ({ errors: [{ message, extensions: { code } }] });

/**
 * Answers every result in the negotiated media type with the status of graphqlStatus (Yoga's serialisation
 * and headers, such as a 503's Retry-After, kept). A client that accepts neither JSON type is left to
 * Yoga's stream processors.
 */
export const graphqlOverHttpStatus: Plugin = {
  onResultProcess({ request, result, setResultProcessor }) {
    if (Array.isArray(result) || isAsyncIterable(result)) return;
    const mediaType = graphqlMediaType(request.headers.get('accept') ?? undefined);
    if (!mediaType) return;
    setResultProcessor(async (final, fetchAPI) => {
      const response = processRegularResult(final, fetchAPI, mediaType);
      if (Array.isArray(final) || isAsyncIterable(final)) return response;
      return new fetchAPI.Response(await response.text(), { status: graphqlStatus(final, mediaType), headers: response.headers });
    }, mediaType);
  },
};
