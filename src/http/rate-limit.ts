// The per-key limit of spec 8: "more than 1 request per second" is refused. The rule is GCRA (the
// generic cell rate algorithm, a leaky bucket of one): each key has a theoretical arrival time (TAT) for
// its next request; a request passes when it arrives no earlier than TAT − tolerance, and moves the TAT
// to max(TAT, arrival) + 1 s. So a client that keeps one second between its requests is never refused,
// even when network and server jitter bring one of them up to `toleranceMs` early; two requests closer
// than 1 s − tolerance are always refused; a refused request changes nothing; and over any stretch of
// time a key gets at most one request per second plus one (the tolerance never adds up).
//
// Time is counted from when a request arrived, not from when its key check finished: a first request
// that waited on the database must not shorten the client's next second.
// With Redis the rule is one Lua script on Redis's clock, shared by every API process. Redis is given
// `redisTimeoutMs` per call; when it fails or is slower, this process decides in memory (the same
// rule, counted here only) and stops asking Redis until it reconnects or a ping answers in time, so no
// request waits on a slow Redis for longer than that bound. Without REDIS_URL the in-memory rule is the
// only one.
import type { RequestHandler } from 'express';
import type { Redis, Result } from 'ioredis';
import type { Logger } from 'pino';
import { MESSAGES, sendError } from './errors.js';
import { LIMIT_REQUESTS, LIMIT_WINDOW_S, RATE_LIMIT_RETRY_AFTER_S, RATE_LIMIT_STATE } from './limit-policy.js';

export const RATE_LIMIT = {
  /** one request per this many ms per key */
  intervalMs: (LIMIT_WINDOW_S * 1000) / LIMIT_REQUESTS,
  /** how much earlier than its second a request may arrive and still pass (jitter), never adding up */
  toleranceMs: 100,
  /** how long a request waits for Redis before the in-memory rule decides */
  redisTimeoutMs: 50,
  /** how often a Redis given up on is probed */
  probeEveryMs: 500,
} as const;
const { intervalMs: T, toleranceMs: TAU } = RATE_LIMIT;
/** In-memory entries kept at most; those whose TAT has passed are dropped first. */
const MAX_MEMORY_ENTRIES = 200_000;

export interface KeyRateLimiter {
  /** true: allowed (and counted); false: refused. `arrivedAt` is on the limiter's clock (default: performance.now()). */
  allow(keyId: string, arrivedAt?: number): Promise<boolean>;
  /** 'redis' while Redis decides, 'memory' while this process does */
  readonly mode: 'redis' | 'memory';
  close(): void;
}

/** GCRA in memory: key → theoretical arrival time of its next request (limiter clock, ms). */
class MemoryPace {
  private readonly tat = new Map<string, number>();

  allow(key: string, now: number): boolean {
    const tat = this.tat.get(key) ?? now;
    if (now < tat - TAU) return false;
    this.record(key, Math.max(tat, now) + T, now);
    return true;
  }

  /** Counts an allowed request that another store (Redis) decided on. */
  mirror(key: string, now: number): void {
    this.record(key, Math.max(this.tat.get(key) ?? now, now) + T, now);
  }

  private record(key: string, tat: number, now: number): void {
    if (this.tat.size >= MAX_MEMORY_ENTRIES) {
      for (const [k, t] of this.tat) if (t <= now) this.tat.delete(k);
      if (this.tat.size >= MAX_MEMORY_ENTRIES) this.tat.clear();
    }
    this.tat.set(key, tat);
  }
}

/**
 * How much longer than its TAT a key's entry stays in Redis. A TAT in the past counts as no entry at all,
 * so the extra life changes no decision; it only keeps an entry's life in Redis's real time apart from the
 * rule's clock (a test's clock may run slower than Redis's).
 */
const KEEP_AFTER_TAT_MS = 60_000;

/**
 * GCRA on Redis's clock. KEYS[1]: the key's TAT (ms); ARGV: interval, tolerance, ms the request has
 * already spent in this process (its arrival is that much before now), the time to keep the entry after
 * its TAT, and, only from a test, the rule's now (ms) in place of Redis's TIME. Returns 1 (allowed) or 0.
 */
const GCRA_SCRIPT = `
local now
if ARGV[5] then
  now = tonumber(ARGV[5])
else
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
now = now - tonumber(ARGV[3])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if now < tat - tonumber(ARGV[2]) then return 0 end
local next = math.max(tat, now) + tonumber(ARGV[1])
redis.call('SET', KEYS[1], next, 'PX', math.max(1, next - now) + tonumber(ARGV[4]))
return 1`;

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
  /** the limit's keys in Redis are `<keyPrefix>:<key id>` (the server's: REDIS_KEY_PREFIX + "rl") */
  keyPrefix: string,
  logger?: Pick<Logger, 'warn' | 'info'>,
  // A monotonic clock: wall-clock jumps must not open or close the window.
  clock: () => number = () => performance.now(),
  /**
   * Test only: the shared rule's clock (ms) in place of Redis's own (TIME), which every process shares and
   * no test controls.
   */
  sharedClock?: () => number,
  /** how long a request waits for Redis (tests that are not about a slow Redis give a loaded machine more) */
  redisTimeoutMs: number = RATE_LIMIT.redisTimeoutMs,
): KeyRateLimiter {
  const memory = new MemoryPace();
  if (!redis) return { allow: async (key, arrivedAt = clock()) => memory.allow(key, arrivedAt), mode: 'memory', close: () => {} };

  if (!redis.esPace) redis.defineCommand('esPace', { numberOfKeys: 1, lua: GCRA_SCRIPT });
  let healthy = true;
  let probe: NodeJS.Timeout | undefined;
  const giveUp = (reason: string) => {
    if (!healthy) return;
    healthy = false;
    logger?.warn({ reason }, `Redis failed or took longer than ${redisTimeoutMs} ms: per-key limits are held in memory until it answers in time again`);
    probe = setInterval(() => {
      if (redis.status !== 'ready') return;
      withTimeout(redis.ping(), redisTimeoutMs).then(
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
        const spent = Math.max(0, Math.round(clock() - arrivedAt));
        const pace = redis.esPace(`${keyPrefix}:${key}`, T, TAU, spent, KEEP_AFTER_TAT_MS, ...(sharedClock ? [sharedClock()] : []));
        const allowed = (await withTimeout(pace, redisTimeoutMs)) === 1;
        // Also counted here, so that a switch to memory mid-second does not hand out a second request.
        if (allowed) memory.mirror(key, now);
        return allowed;
      } catch (error) {
        giveUp((error as Error).message);
        return memory.allow(key, now);
      }
    },
  };
}

declare module 'ioredis' {
  interface RedisCommander<Context> {
    esPace(key: string, intervalMs: number, toleranceMs: number, spentMs: number, keepMs: number, nowMs?: number): Result<number, Context>;
  }
}

export function rateLimitPerKey(limiter: KeyRateLimiter): RequestHandler {
  return async (_req, res, next) => {
    const key = res.locals.apiKey;
    if (!key) return next();
    const allowed = await limiter.allow(key.id, res.locals.arrivedAt);
    res.set('RateLimit', RATE_LIMIT_STATE);
    if (allowed) return next();
    res.set('Retry-After', String(RATE_LIMIT_RETRY_AFTER_S));
    sendError(res, 429, MESSAGES.rateLimited);
  };
}
