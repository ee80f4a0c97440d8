// Builds a Prisma client over the pg driver adapter; nothing connects until the first query.
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;

interface PoolSettings {
  url: string;
  timeout: number;
  pool?: pg.Pool;
}
const poolSettings = new WeakMap<Db, PoolSettings>();

/**
 * A small plain pg pool on the client's database, for the refresh's bulk writes only: Prisma passes every
 * byte of a raw query's parameters through its query compiler, which made writing 2 MB of descriptions
 * take ~4x longer than pg itself and left a large transient heap. Opened on first use; its idle
 * connections close after a second and never keep the process alive.
 */
export function bulkPool(db: Db): pg.Pool {
  const settings = poolSettings.get(db);
  if (!settings) throw new Error('bulkPool: the Prisma client was not made by createPrismaClient');
  settings.pool ??= new pg.Pool({
    connectionString: settings.url,
    max: 2,
    idleTimeoutMillis: 1000,
    allowExitOnIdle: true,
    connectionTimeoutMillis: Math.min(settings.timeout, 5000),
    query_timeout: settings.timeout,
  });
  return settings.pool;
}

export function createPrismaClient(databaseUrl: string, options: { maxConnections?: number; queryTimeoutMs?: number } = {}): Db {
  // A database that does not answer fails the query instead of holding the request forever.
  const timeout = options.queryTimeoutMs ?? 10_000;
  const adapter = new PrismaPg({
    connectionString: databaseUrl,
    max: options.maxConnections ?? 8,
    connectionTimeoutMillis: Math.min(timeout, 5000),
    query_timeout: timeout,
  });
  const client = new PrismaClient({ adapter });
  poolSettings.set(client, { url: databaseUrl, timeout });
  return client;
}
