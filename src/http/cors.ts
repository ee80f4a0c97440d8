// Keys travel in a header, never in cookies: any page may call the API, and no response is ever shared
// with credentials. Preflights are answered before the key check (browsers send them without the key).
import type { RequestHandler } from 'express';

/**
 * What a browser client needs to read: when to retry, the limit's state, the validator, the language,
 * and the request id to quote in a support mail.
 */
export const CORS_EXPOSED_HEADERS = 'Retry-After, ETag, RateLimit, RateLimit-Policy, Content-Language, X-Request-Id, X-Test-Mode';
/** If-None-Match: browsers revalidate a kept answer with its ETag (a 304 costs no body). */
export const CORS_ALLOWED_HEADERS = 'X-Api-Key, Content-Type, If-None-Match';

export const corsWithoutCredentials: RequestHandler = (req, res, next) => {
  if (!req.headers.origin) return next();
  res.setHeader('Access-Control-Allow-Origin', '*');
  if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
    // REST v1 is read-only; only /graphql takes POST
    res.setHeader('Access-Control-Allow-Methods', req.path.startsWith('/graphql') ? 'GET, POST' : 'GET, HEAD');
    res.setHeader('Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS);
    res.setHeader('Access-Control-Max-Age', '600');
    res.setHeader('Cache-Control', 'no-store');
    res.status(204).end();
    return;
  }
  res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS);
  next();
};
