// X-Api-Key authentication and the tier check of /graphql.
import type { RequestHandler } from 'express';
import type { AppDeps } from '../context.js';
import { hashApiKey, looksLikeApiKey, type AuthenticatedKey, type Tier } from '../modules/api-keys/api-keys.service.js';
import type { Versions } from '../modules/serving/versions.js';
import { MESSAGES, sendError } from './errors.js';
import type { KeyCheckOutcome } from '../infra/metrics.js';

declare module 'express-serve-static-core' {
  interface Locals {
    apiKey?: AuthenticatedKey;
    versions?: Versions;
  }
}

export function requireApiKey(deps: AppDeps, onOutcome: (outcome: KeyCheckOutcome) => void = () => {}): RequestHandler {
  return async (req, res, next) => {
    const presented = req.get('x-api-key');
    if (presented === undefined) {
      onOutcome('missing');
      return sendError(res, 401, MESSAGES.missingKey);
    }
    const key = presented.trim();
    if (!looksLikeApiKey(key)) {
      onOutcome('invalid');
      return sendError(res, 401, MESSAGES.invalidKey);
    }
    const versions = await deps.versions.read();
    const apiKey = await deps.keys.authenticate(deps.prisma, hashApiKey(key), versions.keys, deps.clock());
    onOutcome(apiKey ? 'valid' : 'invalid');
    if (!apiKey) return sendError(res, 401, MESSAGES.invalidKey);
    res.locals.apiKey = apiKey;
    res.locals.versions = versions;
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
