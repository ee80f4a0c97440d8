// Builds a Prisma client over the pg driver adapter; nothing connects until the first query.
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;

export function createPrismaClient(databaseUrl: string, options: { maxConnections?: number } = {}): Db {
  // A database that does not answer fails a query after 5 s instead of holding it forever.
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: options.maxConnections ?? 8, connectionTimeoutMillis: 5000 });
  return new PrismaClient({ adapter });
}
