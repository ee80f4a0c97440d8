// X-Api-Key authentication and the tier check of /graphql.
import type { RequestHandler } from 'express';
import type { Db } from '../infra/prisma.js';
import { authenticateApiKey, type AuthenticatedKey, type Tier } from '../modules/api-keys/api-keys.service.js';
import { MESSAGES, sendError } from './errors.js';

declare module 'express-serve-static-core' {
  interface Locals {
    apiKey?: AuthenticatedKey;
  }
}

export function requireApiKey(prisma: Db, clock: () => Date): RequestHandler {
  return async (req, res, next) => {
    const presented = req.get('x-api-key');
    if (presented === undefined) return sendError(res, 401, MESSAGES.missingKey);
    const check = await authenticateApiKey(prisma, presented.trim(), clock());
    if (!check.ok) return sendError(res, 401, MESSAGES.invalidKey);
    res.locals.apiKey = check.key;
    next();
  };
}

export function requireTier(tiers: readonly Tier[]): RequestHandler {
  return (_req, res, next) => {
    const key = res.locals.apiKey;
    if (!key || !tiers.includes(key.tier)) return sendError(res, 403, MESSAGES.tier);
    next();
  };
}
