// The embedded default database: PGlite (Postgres in WebAssembly) served over a Unix socket in DATA_DIR,
// so the server, the CLI commands and worker threads all speak the Postgres wire protocol to it through
// the same driver as to a real Postgres. Exactly one process owns the data directory (a lock file with
// its pid); every other process connects to the owner's socket.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { copyTemplate, isDataDirectory } from './embedded-template.js';
import { epochMs } from '../time/clock.js';

export interface EmbeddedPostgres {
  /** connection string for pg / Prisma */
  url: string;
  /** true when this process started PGlite and must stop it */
  owned: boolean;
  stop(): Promise<void>;
}

// PGlite multiplexes client connections onto one session; every process's pool counts against this.
const MAX_CONNECTIONS = 40;
const SOCKET_NAME = '.s.PGSQL.5432';
const WAIT_FOR_OWNER_MS = 30_000;

export function embeddedDatabaseUrl(dataDir: string): string {
  return `postgres://postgres@${encodeURIComponent(path.resolve(dataDir))}/postgres`;
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock file; returns false when another live process holds it. */
function tryLock(lockFile: string): boolean {
  try {
    fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const holder = Number(fs.readFileSync(lockFile, 'utf8').trim());
  if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && processAlive(holder)) return false;
  fs.rmSync(lockFile, { force: true }); // stale: its owner died without cleaning up
  return tryLock(lockFile);
}

/** DATA_DIR is not usable: said in words, not as a raw EEXIST or EACCES. */
export class DataDirError extends Error {}

function prepareDataDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'EEXIST' || code === 'ENOTDIR'
        ? 'it (or a folder on its path) is a file, not a folder'
        : code === 'EACCES' || code === 'EPERM'
          ? 'this user may not create it'
          : (error as Error).message;
    throw new DataDirError(
      `DATA_DIR ${dir} cannot hold the embedded database: ${why}. Set DATA_DIR to a folder (it is created if missing), or set DATABASE_URL.`,
    );
  }
  if (!fs.statSync(dir).isDirectory()) {
    throw new DataDirError(
      `DATA_DIR ${dir} cannot hold the embedded database: it is a file, not a folder. Set DATA_DIR to a folder (it is created if missing), or set DATABASE_URL.`,
    );
  }
}

/** True when DATA_DIR holds an embedded database (created by a server's first start). */
export function embeddedDatabaseExists(dataDir: string): boolean {
  return isDataDirectory(path.join(path.resolve(dataDir), 'pglite'));
}

/**
 * Connects to the embedded Postgres of `dataDir`, starting it in this process when no other process
 * serves it yet.
 */
export async function openEmbeddedPostgres(dataDir: string, options: { useTemplate?: boolean } = {}): Promise<EmbeddedPostgres> {
  const dir = path.resolve(dataDir);
  prepareDataDir(dir);
  const url = embeddedDatabaseUrl(dir);
  const socketPath = path.join(dir, SOCKET_NAME);
  const lockFile = path.join(dir, 'embedded-postgres.lock');
  const deadline = epochMs() + WAIT_FOR_OWNER_MS;

  for (;;) {
    if (fs.existsSync(socketPath) && (await canConnect(url))) {
      return { url, owned: false, stop: async () => {} };
    }
    if (tryLock(lockFile)) break;
    if (epochMs() > deadline) {
      throw new Error(`The embedded database in ${dir} is locked by another process that does not answer.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200)); // the owner is still starting
  }

  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
    const pgliteDir = path.join(dir, 'pglite');
    // A new database starts from the prepared, migrated template when there is one (docs/operating.md, "Start-up").
    if (options.useTemplate !== false && !embeddedDatabaseExists(dir)) {
      fs.rmSync(pgliteDir, { recursive: true, force: true });
      copyTemplate(pgliteDir);
    }
    const db = await PGlite.create(pgliteDir);
    fs.rmSync(socketPath, { force: true });
    const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: MAX_CONNECTIONS });
    await server.start();
    let stopped = false;
    return {
      url,
      owned: true,
      async stop() {
        if (stopped) return;
        stopped = true;
        await server.stop();
        await db.close();
        fs.rmSync(socketPath, { force: true });
        fs.rmSync(lockFile, { force: true });
      },
    };
  } catch (error) {
    fs.rmSync(lockFile, { force: true });
    throw error;
  }
}
