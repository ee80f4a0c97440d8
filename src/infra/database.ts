// Opens the service's database for any process (server, CLI): the real Postgres of DATABASE_URL, or
// the embedded one in DATA_DIR; applies the migrations and returns a Prisma client.
import type { Config } from '../config/env.js';
import { embeddedDatabaseExists, openEmbeddedPostgres } from './embedded-postgres.js';
import { applyMigrations } from './migrations.js';
import { createPrismaClient, type Db } from './prisma.js';

export interface OpenDatabase {
  url: string;
  prisma: Db;
  embedded: boolean;
  close(): Promise<void>;
}

export class NoDatabaseError extends Error {}

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  /** mustExist: the operator's commands never create an embedded database (only `npm start` does) */
  options: { maxConnections?: number; mustExist?: boolean } = {},
): Promise<OpenDatabase> {
  if (options.mustExist && !config.databaseUrl && !embeddedDatabaseExists(config.dataDir)) {
    throw new NoDatabaseError(
      `No database in DATA_DIR (${config.dataDir}). Run this command with the DATA_DIR (or DATABASE_URL) the server uses, or start the server once with \`npm start\` to create it.`,
    );
  }
  const embedded = config.databaseUrl ? undefined : await openEmbeddedPostgres(config.dataDir);
  const url = config.databaseUrl ?? embedded!.url;
  try {
    await applyMigrations(url);
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  const prisma = createPrismaClient(url, options);
  return {
    url,
    prisma,
    embedded: Boolean(embedded),
    async close() {
      await prisma.$disconnect();
      await embedded?.stop();
    },
  };
}
