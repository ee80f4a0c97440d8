// Test files run in parallel, up to TEST_WORKERS at a time. Each worker has a database of its own
// (prepared by global-setup.ts) and, in the Redis database REDIS_URL names (no other), a key prefix of
// its own, so files that empty tables, count rows or limit an address never see another file's data. The
// worker's number comes from vitest (VITEST_POOL_ID, 1 to maxWorkers).
import { inject } from 'vitest';

/** How many test files run at once (vitest's maxWorkers, and the databases global-setup prepares). */
export const TEST_WORKERS = 4;

/** This worker's index, 0 to TEST_WORKERS - 1. */
export function workerIndex(): number {
  const id = Number(process.env.VITEST_POOL_ID ?? '1');
  if (!Number.isInteger(id) || id < 1 || id > TEST_WORKERS) {
    throw new Error(`test worker ${process.env.VITEST_POOL_ID} has no database: at most ${TEST_WORKERS} workers (TEST_WORKERS in test/helpers/workers.ts)`);
  }
  return id - 1;
}

/** This worker's database: a real Postgres database of its own, or an embedded one of its own. */
export const testDatabaseUrl = (): string => inject('databaseUrls')[workerIndex()];

/** REDIS_URL as given (its database, no other), or null when it is not set (the Redis tests are skipped). */
export const testRedisUrl = (): string | null => inject('redisUrl');

/**
 * What every Redis key of this worker starts with: the run's prefix (another run on the same Redis has
 * another) and the worker's number. Servers the tests start get it as REDIS_KEY_PREFIX (worker-setup.ts).
 */
export const testRedisPrefix = (): string => `${inject('redisPrefix')}w${workerIndex() + 1}:`;
