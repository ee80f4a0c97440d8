// JSON error bodies ({ "error": "…" }) for everything the HTTP layer answers with a failure.
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorRequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { shortenForMessage } from '../modules/serving/message-text.js';

export const MESSAGES = {
  missingKey: 'Missing X-Api-Key header.',
  invalidKey: 'Invalid or expired API key.',
  missingFeedToken: 'Missing "token" query parameter: a feed URL carries the feed token of an API key.',
  invalidFeedToken: 'Invalid or expired feed token.',
  tier: 'This endpoint requires Growth or Enterprise tier.',
  rateLimited: 'Rate limit exceeded. Retry after 1 second.',
  notFound: 'Not found.',
  methodNotAllowed: 'Method not allowed. Every endpoint of this API answers GET only.',
  internal: 'Internal server error.',
  badRequest: 'Bad request.',
  tooManyBadKeys: 'Too many requests with a missing or invalid API key from this address.',
  tooManyBadFeedTokens: 'Too many requests with a missing or invalid feed token from this address.',
  unavailable: 'Service temporarily unavailable. Retry later.',
  requestTimeout: 'Request timeout: the request (its headers and body) did not arrive in time.',
} as const;

/** Retry-After of a 503 while the database is down, in seconds. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

export function sendError(res: Response, status: number, message: string): void {
  res.status(status).json({ error: message });
}

/** Last handler: body-parser and other errors keep their 4xx status; anything else is a logged 500. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    const status = Number((error as { status?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode);
    if (status >= 400 && status < 500) {
      // zlib's own words ("incorrect header check") say nothing useful to a client
      if (String((error as { code?: unknown }).code ?? '').startsWith('Z_')) return sendError(res, 400, 'The request body could not be decompressed.');
      sendError(res, status, (error as { expose?: boolean }).expose ? shortenForMessage((error as Error).message, 200) : MESSAGES.badRequest);
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
        ? [431, 'Request Header Fields Too Large', 'The request line or headers are too large.']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', MESSAGES.requestTimeout]
          : [400, 'Bad Request', 'Malformed HTTP request.'];
    socket.end(rawJsonResponse(status, reason, message));
  });
}

function rawJsonResponse(status: number, reason: string, message: string): string {
  const body = JSON.stringify({ error: message });
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`;
}
