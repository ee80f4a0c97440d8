// Every response carries X-Request-Id, which its log line carries too, so an integrator can quote it in
// a support mail. It is the id a proxy in front sent, when that looks like an id, else one made here: a
// random prefix per process and a counter (no random bytes per request on the hot path).
import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';

const PREFIX = randomBytes(6).toString('base64url');
let counter = 0;
/** What a proxy may hand in: up to 128 characters that cannot break a log line or a header. */
const PASSED_ON = /^[A-Za-z0-9._:@+=/-]{1,128}$/;

export function requestIdFor(incoming: string | string[] | undefined): string {
  if (typeof incoming === 'string' && PASSED_ON.test(incoming)) return incoming;
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `${PREFIX}-${counter.toString(36)}`;
}

declare module 'express-serve-static-core' {
  interface Locals {
    /** performance.now() when the request reached the app */
    arrivedAt?: number;
    /** this request's X-Request-Id */
    requestId?: string;
  }
}

/** First middleware of the app: notes when the request arrived (for the limit) and names it. */
export const noteArrival: RequestHandler = (req, res, next) => {
  res.locals.arrivedAt = performance.now();
  const id = requestIdFor(req.headers['x-request-id']);
  res.locals.requestId = id;
  res.setHeader('X-Request-Id', id);
  next();
};
