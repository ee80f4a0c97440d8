// The per-key limit of spec 8: "more than 1 request per second" is refused. A request is allowed when
// no request of the same key was allowed in the last second (less a small tolerance for the jitter
// between a client's send and our check), so a client that keeps one second between its requests is
// never refused, and two requests within a second always are.
//
// The second is counted from when a request arrived, not from when its key check finished: a first
// request that waited on the database must not shorten the client's next second.
// With Redis the rule is one `SET key 1 PX <window> NX` shared by every API process, the window being
// what is left of the second since the request arrived (Redis's clock decides expiry, so process clocks
// need not agree). Redis is given REDIS_TIMEOUT_MS per command; when it
// fails or is slower, this process decides in memory (the same rule, counted here only) and stops
// asking Redis until a background probe finds it healthy again, so no request waits on a slow Redis
// for longer than that bound. Without REDIS_URL the in-memory rule is the only one.
import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { MESSAGES, sendError } from './errors.js';

export const RATE_LIMIT = {
  /** one request per this many ms per key */
  intervalMs: 1000,
  /** a request this much earlier than a full second after the last allowed one still passes */
  toleranceMs: 20,
  /** how long a request waits for Redis before the in-memory rule decides */
  redisTimeoutMs: 50,
  /** how often a Redis given up on is probed */
  probeEveryMs: 500,
} as const;
/** Retry-After of a 429, in seconds. */
const RETRY_AFTER_S = 1;
const WINDOW_MS = RATE_LIMIT.intervalMs - RATE_LIMIT.toleranceMs;
/** In-memory entries kept at most; expired ones are dropped first. */
const MAX_MEMORY_ENTRIES = 200_000;

export interface KeyRateLimiter {
  /** true: allowed (and counted); false: refused. `arrivedAt` is on the limiter's clock (default: performance.now()). */
  allow(keyId: string, arrivedAt?: number): Promise<boolean>;
  /** 'redis' while Redis decides, 'memory' while this process does */
  readonly mode: 'redis' | 'memory';
  close(): void;
}

class MemoryPace {
  private readonly lastAllowed = new Map<string, number>();

  allow(key: string, now: number): boolean {
    const last = this.lastAllowed.get(key);
    if (last !== undefined && now - last < WINDOW_MS) return false;
    this.record(key, now);
    return true;
  }

  record(key: string, now: number): void {
    if (this.lastAllowed.size >= MAX_MEMORY_ENTRIES) {
      for (const [k, t] of this.lastAllowed) if (now - t >= WINDOW_MS) this.lastAllowed.delete(k);
      if (this.lastAllowed.size >= MAX_MEMORY_ENTRIES) this.lastAllowed.clear();
    }
    // re-inserted so that the map's order stays the order of last use
    this.lastAllowed.delete(key);
    this.lastAllowed.set(key, now);
  }
}

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });

export function createKeyRateLimiter(
  redis: Redis | undefined,
  keyPrefix = 'esapi:rl',
  logger?: Pick<Logger, 'warn' | 'info'>,
  // A monotonic clock: wall-clock jumps must not open or close the window.
  clock: () => number = () => performance.now(),
): KeyRateLimiter {
  const memory = new MemoryPace();
  if (!redis) return { allow: async (key, arrivedAt = clock()) => memory.allow(key, arrivedAt), mode: 'memory', close: () => {} };

  let healthy = true;
  let probe: NodeJS.Timeout | undefined;
  const giveUp = (reason: string) => {
    if (!healthy) return;
    healthy = false;
    logger?.warn({ reason }, `Redis failed or took longer than ${RATE_LIMIT.redisTimeoutMs} ms: per-key limits are held in memory until it answers in time again`);
    probe = setInterval(() => {
      if (redis.status !== 'ready') return;
      withTimeout(redis.ping(), RATE_LIMIT.redisTimeoutMs).then(
        () => {
          if (healthy) return;
          healthy = true;
          clearInterval(probe);
          logger?.info('Redis answers in time again: per-key limits are shared again');
        },
        () => {},
      );
    }, RATE_LIMIT.probeEveryMs);
    probe.unref();
  };

  // A new connection is presumed healthy; if it is slow, its first command gives up on it again.
  redis.on('ready', () => {
    if (healthy) return;
    healthy = true;
    clearInterval(probe);
    logger?.info('Redis is back: per-key limits are shared again');
  });

  return {
    get mode() {
      return healthy ? 'redis' : 'memory';
    },
    close: () => clearInterval(probe),
    async allow(key, arrivedAt = clock()) {
      const now = arrivedAt;
      if (!healthy || redis.status !== 'ready') {
        if (healthy) giveUp(`connection ${redis.status}`);
        return memory.allow(key, now);
      }
      try {
        const windowMs = Math.max(1, Math.round(WINDOW_MS - (clock() - arrivedAt)));
        const set = await withTimeout(redis.set(`${keyPrefix}:${key}`, '1', 'PX', windowMs, 'NX'), RATE_LIMIT.redisTimeoutMs);
        // Also counted here, so that a switch to memory mid-second does not hand out a second request.
        if (set === 'OK') memory.record(key, now);
        return set === 'OK';
      } catch (error) {
        giveUp((error as Error).message);
        return memory.allow(key, now);
      }
    },
  };
}

declare module 'express-serve-static-core' {
  interface Locals {
    /** performance.now() when the request reached the app */
    arrivedAt?: number;
  }
}

/** First middleware of the app: notes when the request arrived, for the limit. */
export const noteArrival: RequestHandler = (_req, res, next) => {
  res.locals.arrivedAt = performance.now();
  next();
};

export function rateLimitPerKey(limiter: KeyRateLimiter): RequestHandler {
  return async (_req, res, next) => {
    const key = res.locals.apiKey;
    if (!key) return next();
    if (await limiter.allow(key.id, res.locals.arrivedAt)) return next();
    res.set('Retry-After', String(RETRY_AFTER_S));
    sendError(res, 429, MESSAGES.rateLimited);
  };
}
