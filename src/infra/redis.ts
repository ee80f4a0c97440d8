// The ioredis client of the rate limiter. No offline queue: while Redis is away, commands fail at once.
// The limiter itself waits at most 50 ms for an answer (src/http/rate-limit.ts); the command timeout
// here only clears commands a slow Redis never answers.
import { Redis } from 'ioredis';
import type { Logger } from 'pino';

export function createRedisClient(url: string, logger: Logger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: 1000,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    lazyConnect: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    // The limiter's commands from one event-loop turn go out in one write.
    enableAutoPipelining: true,
  });
  let down = false;
  redis.on('error', (error) => {
    if (!down) logger.warn({ err: error.message }, 'Redis connection failed; reconnecting');
    down = true;
  });
  redis.on('ready', () => {
    down = false;
  });
  return redis;
}
