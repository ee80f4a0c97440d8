// Applies the committed SQL migrations with `prisma migrate deploy` (through the offline wrapper).
// Asynchronous on purpose: when this process serves the embedded database it must keep answering
// the CLI's queries while the CLI runs.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { PROJECT_ROOT } from './project-root.js';
import { migrationNames } from './embedded-template.js';

const root = PROJECT_ROOT;

/** The database named by the URL cannot be reached: said without Prisma's noise, with where it pointed. */
export class DatabaseUnreachableError extends Error {}

/** The URL without its password, for messages. */
export function describeDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    const host = decodeURIComponent(url.hostname);
    return host.startsWith('/') ? `the embedded database (socket in ${host})` : `${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** True when every migration folder is recorded as finished in the database (then Prisma's CLI is not needed). */
async function allApplied(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    const reason = (error as Error).message || (error as NodeJS.ErrnoException).code || 'no answer';
    throw new DatabaseUnreachableError(
      `Cannot reach the database at ${describeDatabaseUrl(databaseUrl)}: ${reason}. Check DATABASE_URL and that the server runs and accepts connections.`,
    );
  }
  try {
    const { rows } = await client.query<{ name: string }>(
      'SELECT "migration_name" AS name FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL',
    );
    const applied = new Set(rows.map((r) => r.name));
    return migrationNames().every((name) => applied.has(name));
  } catch {
    return false; // no table yet, or any doubt: let Prisma decide
  } finally {
    await client.end().catch(() => {});
  }
}

export async function applyMigrations(databaseUrl: string): Promise<void> {
  // Starting Prisma's CLI costs a second or more; most starts have nothing to apply.
  if (await allApplied(databaseUrl)) return;
  try {
    await promisify(execFile)(process.execPath, [path.join(root, 'scripts', 'prisma.mjs'), 'migrate', 'deploy'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
      timeout: 120_000,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`prisma migrate deploy failed:\n${stdout}\n${stderr}`.trim(), { cause: error });
  }
}
