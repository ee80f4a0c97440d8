// The ioredis client of the rate limiter. No offline queue and a short command timeout: while Redis is
// away, commands fail at once and the in-memory insurance limiter answers instead of requests waiting.
import { Redis } from 'ioredis';
import type { Logger } from 'pino';

export function createRedisClient(url: string, logger: Logger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: 250,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    lazyConnect: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    // The limiter's commands from one event-loop turn go out in one write.
    enableAutoPipelining: true,
  });
  let down = false;
  redis.on('error', (error) => {
    if (!down) logger.warn({ err: error.message }, 'Redis unavailable: per-key limits are held in memory until it is back');
    down = true;
  });
  redis.on('ready', () => {
    if (down) logger.info('Redis is back: per-key limits are shared again');
    down = false;
  });
  return redis;
}
