// JSON error bodies for everything the HTTP layer answers with a failure: { "error": "…" } (REST's
// contract), and on /graphql GraphQL's own shape, { "errors": [{ "message": "…", "extensions": { "code": "…" } }] }.
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { shortenForMessage } from '../modules/serving/message-text.js';
import { RATE_LIMITED_MESSAGE } from './limit-policy.js';
import { graphqlErrorBody, graphqlMediaType, LEGACY_JSON, NOT_A_GRAPHQL_REQUEST } from '../graphql/http-status.js';
import { GRAPHQL_CODES } from '../graphql/errors.js';

declare module 'express-serve-static-core' {
  interface Locals {
    /** failures of this request are answered in GraphQL's error shape (set on /graphql) */
    graphqlErrors?: boolean;
  }
}

export const MESSAGES = {
  missingKey: 'Missing X-Api-Key header.',
  invalidKey: 'Invalid or expired API key.',
  missingFeedToken: 'Missing "token" query parameter: a feed URL carries the feed token of an API key.',
  invalidFeedToken: 'Invalid or expired feed token.',
  tier: 'This endpoint requires Growth or Enterprise tier.',
  rateLimited: RATE_LIMITED_MESSAGE,
  notFound: 'Not found.',
  methodNotAllowed: 'Method not allowed. Every endpoint of this API answers GET only.',
  internal: 'Internal server error.',
  badRequest: 'Bad request.',
  tooManyBadKeys: 'Too many requests with a missing or invalid API key from this address.',
  tooManyBadFeedTokens: 'Too many requests with a missing or invalid feed token from this address.',
  unavailable: 'Service temporarily unavailable. Retry later.',
  requestTimeout: 'Request timeout: the request (its headers and body) did not arrive in time.',
  testKeyGraphql: 'A test key reads REST v1 and the feeds (from the demo catalogue); /graphql needs a production key.',
  sandboxUnavailable: 'The demo catalogue that answers test keys is not available right now. Retry later.',
  missingHost: 'Missing Host header.',
  emptyGraphqlBody: 'Empty body: /graphql takes POST bodies such as { "query": "…" }.',
  notAcceptable: 'Not acceptable: /graphql answers application/graphql-response+json or application/json.',
  unsupportedGraphqlType: 'Unsupported Content-Type: /graphql takes POST bodies as application/json.',
  undecompressable: 'The request body could not be decompressed.',
  headersTooLarge: 'The request line or headers are too large.',
  malformedRequest: 'Malformed HTTP request.',
  metricsToken: 'Missing or wrong metrics token.',
} as const;

/** Every error's body: `{ "error": message }` (spec 7), whichever way it is sent. */
export const errorBody = (message: string) => ({ error: message });

/** Retry-After of a 503 while the database is down, in seconds. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/**
 * The answer to anything that needs the database while it cannot be used (known down, a key not
 * confirmable, a table missing): the key check, REST and /graphql answer with it alike.
 */
export const DATABASE_UNAVAILABLE = { status: 503, message: MESSAGES.unavailable, retryAfterS: UNAVAILABLE_RETRY_AFTER_S } as const;

/** extensions.code of a failure answered on /graphql before Yoga (Yoga's own errors carry theirs). */
const BEFORE_YOGA_CODES: Readonly<Record<number, string>> = { ...GRAPHQL_CODES, 400: NOT_A_GRAPHQL_REQUEST };

/** First handler of /graphql: whatever refuses the request from here on answers in GraphQL's error shape. */
export const answerErrorsAsGraphql: RequestHandler = (_req, res, next) => {
  res.locals.graphqlErrors = true;
  next();
};

export function sendError(res: Response, status: number, message: string): void {
  if (!res.locals.graphqlErrors) {
    res.status(status).json(errorBody(message));
    return;
  }
  // in the media type the request negotiates (a 406 in the legacy one: it accepts neither)
  const type = graphqlMediaType(res.req.headers.accept) ?? LEGACY_JSON;
  const code = BEFORE_YOGA_CODES[status] ?? (status >= 500 ? GRAPHQL_CODES[500] : NOT_A_GRAPHQL_REQUEST);
  res.status(status).type(type).json(graphqlErrorBody(message, code));
}

/** A body over the limit, in KB as the limit is configured (body-parser's own words are "request entity too large"). */
export const bodyTooLargeMessage = (limitBytes: number) => `Request body too large: at most ${Math.round(limitBytes / 1024)} KB are accepted.`;

/** body-parser's other words ("request aborted", "unsupported content encoding \"br\"") as a sentence. */
const asSentence = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}${/[.!?]$/.test(words) ? '' : '.'}`;

/** Last handler: body-parser and other errors keep their 4xx status; anything else is a logged 500. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    const status = Number((error as { status?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode);
    if (status >= 400 && status < 500) {
      // zlib's own words ("incorrect header check") say nothing useful to a client
      if (String((error as { code?: unknown }).code ?? '').startsWith('Z_')) return sendError(res, 400, MESSAGES.undecompressable);
      const limit = (error as { limit?: unknown }).limit;
      if (status === 413 && typeof limit === 'number') return sendError(res, 413, bodyTooLargeMessage(limit));
      sendError(res, status, (error as { expose?: boolean }).expose ? asSentence(shortenForMessage((error as Error).message, 200)) : MESSAGES.badRequest);
      return;
    }
    logger.error({ err: error }, 'unhandled error');
    if (!res.headersSent) sendError(res, 500, MESSAGES.internal);
  };
}

/**
 * Requests Node rejects before Express sees them (headers or URL too large, malformed HTTP) also get a
 * JSON body instead of an empty one; so does a request past the server's headers or request timeout
 * (Node reports both as ERR_HTTP_REQUEST_TIMEOUT): 408.
 */
export function answerClientErrorsWithJson(server: Server): void {
  // CONNECT (a proxy's method) never reaches Express: Node would drop the socket without an answer.
  server.on('connect', (_req, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    socket.end(rawJsonResponse(405, 'Method Not Allowed', MESSAGES.methodNotAllowed));
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A response already under way (its headers sent) must not be followed by a second one on the wire.
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const [status, reason, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', MESSAGES.headersTooLarge]
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', MESSAGES.requestTimeout]
          : [400, 'Bad Request', MESSAGES.malformedRequest];
    socket.end(rawJsonResponse(status, reason, message));
  });
}

function rawJsonResponse(status: number, reason: string, message: string): string {
  const body = JSON.stringify(errorBody(message));
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`;
}
