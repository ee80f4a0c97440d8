// JSON error bodies ({ "error": "…" }) for everything the HTTP layer answers with a failure.
import type { ErrorRequestHandler, Response } from 'express';
import type { Logger } from 'pino';

export const MESSAGES = {
  missingKey: 'Missing X-Api-Key header.',
  invalidKey: 'Invalid or expired API key.',
  tier: 'This endpoint requires Growth or Enterprise tier.',
  rateLimited: 'Rate limit exceeded. Retry after 1 second.',
  notFound: 'Not found.',
  methodNotAllowed: 'Method not allowed. Every endpoint of this API answers GET only.',
  internal: 'Internal server error.',
} as const;

export function sendError(res: Response, status: number, message: string): void {
  res.status(status).json({ error: message });
}

/** Last handler: body-parser and other errors keep their 4xx status; anything else is a logged 500. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    const status = Number((error as { status?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode);
    if (status >= 400 && status < 500) {
      sendError(res, status, (error as { expose?: boolean }).expose ? (error as Error).message : 'Bad request.');
      return;
    }
    logger.error({ err: error }, 'unhandled error');
    if (!res.headersSent) sendError(res, 500, MESSAGES.internal);
  };
}
