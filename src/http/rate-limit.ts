// The per-key limit of spec 8: 1 request per second per API key. With Redis the budget is shared by
// every API process; when Redis is unreachable an in-memory limiter of the same size takes over in each
// process (requests are still answered and still limited, never a 500), and Redis is used again as soon
// as it is back. Without REDIS_URL the in-memory limiter is the only one.
import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Logger } from 'pino';
import { MESSAGES, sendError } from './errors.js';

export const RATE_LIMIT = { points: 1, durationSeconds: 1 } as const;

// IETF draft-ietf-httpapi-ratelimit-headers (draft 11): the policy on every response, the key's state on
// every response to a request with a valid key.
export const RATE_LIMIT_POLICY_NAME = 'per-key';
export const RATE_LIMIT_POLICY = `"${RATE_LIMIT_POLICY_NAME}";q=${RATE_LIMIT.points};w=${RATE_LIMIT.durationSeconds}`;

/** `RateLimit: "per-key";r=<remaining>;t=<seconds until the window resets>`. */
export function rateLimitHeader(remaining: number, msBeforeReset: number): string {
  return `"${RATE_LIMIT_POLICY_NAME}";r=${Math.max(0, remaining)};t=${Math.max(0, Math.ceil(msBeforeReset / 1000))}`;
}

export function createKeyRateLimiter(redis: Redis | undefined, keyPrefix = 'esapi:rl'): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ keyPrefix, points: RATE_LIMIT.points, duration: RATE_LIMIT.durationSeconds });
  if (!redis) return memory;
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points: RATE_LIMIT.points,
    duration: RATE_LIMIT.durationSeconds,
    insuranceLimiter: memory,
  });
}

export function rateLimitPerKey(limiter: RateLimiterAbstract, logger: Logger): RequestHandler {
  return async (_req, res, next) => {
    const key = res.locals.apiKey;
    if (!key) return next();
    try {
      const state = await limiter.consume(key.id);
      res.set('RateLimit', rateLimitHeader(state.remainingPoints, state.msBeforeNext));
      next();
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        res.set('RateLimit', rateLimitHeader(0, rejection.msBeforeNext));
        res.set('Retry-After', String(RATE_LIMIT.durationSeconds));
        return sendError(res, 429, MESSAGES.rateLimited);
      }
      // A store failure without a fallback is not the client's fault: answer rather than fail.
      logger.warn({ err: rejection }, 'rate limiter store failed; request let through');
      next();
    }
  };
}
