// Runs in each worker before its test files: the servers and commands a test starts with the test's
// environment (`...process.env`) reach this worker's database too, not the one given to the suite, and
// write to Redis (REDIS_URL's database) only under this worker's key prefix.
// On the embedded default DATABASE_URL stays unset, as the tests of that set-up expect.
import { testDatabaseUrl, testRedisPrefix } from './workers.js';

if (process.env.DATABASE_URL) process.env.DATABASE_URL = testDatabaseUrl();
process.env.REDIS_KEY_PREFIX = testRedisPrefix();

// The GraphQL schema is assembled first, as in the server and in `npm run schema:print`: Pothos keeps the
// order in which modules register their types and root fields, and a worker that first imported one
// domain module (for its service) would otherwise build the schema in another order.
await import('../../src/graphql/schema.js');
