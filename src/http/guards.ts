// Request guards: each answers with our JSON error what Node, Express or Yoga would otherwise answer with
// an empty body or the wrong status. requireHost guards every request; the others guard /graphql.
import type { RequestHandler } from 'express';
import { MESSAGES, sendError } from './errors.js';

/** HTTP/1.1 requires Host; Node's own check answers with an empty body, so the server leaves it to us. */
export const requireHost: RequestHandler = (req, res, next) => {
  if (req.httpVersion === '1.1' && !req.headers.host) {
    res.setHeader('Connection', 'close');
    return sendError(res, 400, MESSAGES.missingHost);
  }
  next();
};

/**
 * Yoga's response cache would answer If-None-Match from entries of an older content version (they stay
 * until their TTL): conditional GraphQL requests are answered in full instead.
 */
export const unconditional: RequestHandler = (req, _res, next) => {
  delete req.headers['if-none-match'];
  delete req.headers['if-modified-since'];
  next();
};

/** An empty POST body would reach Yoga as an already-read stream (and get an empty answer). */
export const requireBody: RequestHandler = (req, res, next) => {
  if (req.method !== 'POST' || (Buffer.isBuffer(req.body) && req.body.length > 0)) return next();
  sendError(res, 400, MESSAGES.emptyGraphqlBody);
};

/** What /graphql can answer in; Yoga answers any other Accept with an empty 406. */
const GRAPHQL_RESPONSE_TYPES = ['application/graphql-response+json', 'application/json', 'multipart/mixed', 'text/event-stream'];

export const requireAcceptableType: RequestHandler = (req, res, next) => {
  if (req.accepts(GRAPHQL_RESPONSE_TYPES)) return next();
  sendError(res, 406, MESSAGES.notAcceptable);
};

const GRAPHQL_BODY_TYPES = ['application/json', 'application/graphql+json', 'application/graphql'];

/** POST bodies of /graphql are JSON (Yoga would answer other types with an empty 415). */
export const requireGraphqlContentType: RequestHandler = (req, res, next) => {
  if (req.method !== 'POST') return next();
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (GRAPHQL_BODY_TYPES.includes(type)) return next();
  sendError(res, 415, MESSAGES.unsupportedGraphqlType);
};
