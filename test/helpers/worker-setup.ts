// Runs in each worker before its test files: the servers and commands a test starts with the test's
// environment (`...process.env`) reach this worker's databases too, not the ones given to the suite.
// On the embedded default DATABASE_URL stays unset, as the tests of that set-up expect.
import { testDatabaseUrl, testRedisUrl } from './workers.js';

if (process.env.DATABASE_URL) process.env.DATABASE_URL = testDatabaseUrl();
const redisUrl = testRedisUrl();
if (process.env.REDIS_URL && redisUrl) process.env.REDIS_URL = redisUrl;
