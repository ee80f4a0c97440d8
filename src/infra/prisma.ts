// Builds a Prisma client over the pg driver adapter; nothing connects until the first query.
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;

export function createPrismaClient(databaseUrl: string, options: { maxConnections?: number; queryTimeoutMs?: number } = {}): Db {
  // A database that does not answer fails the query instead of holding the request forever.
  const timeout = options.queryTimeoutMs ?? 10_000;
  const adapter = new PrismaPg({
    connectionString: databaseUrl,
    max: options.maxConnections ?? 8,
    connectionTimeoutMillis: Math.min(timeout, 5000),
    query_timeout: timeout,
  });
  return new PrismaClient({ adapter });
}
