// The sandbox: where test keys (esk_test_…) are answered from. A database of its own holds the bundled demo
// catalogue and its own history, refreshed each content day by the same refresh as production's (run in
// this process: the catalogue is 52 causes) and claimed once per day across replicas like it. Production
// content never reaches it, nor it production: a test key's request is answered by REST handlers bound to
// the sandbox's dependencies (app.ts), and its webhooks get no production events (webhook-store.ts).
import path from 'node:path';
import pg from 'pg';
import { DEMO_SOURCES_FILE, type Config } from '../../config/env.js';
import { openDatabase } from '../../infra/database.js';
import { createAppDeps, type AppDeps } from '../../context.js';
import { loadSourcesConfig } from '../sources/sources-config.js';
import { defaultTextGenerator } from '../texts/default-generator.js';
import { ensureDailyPick, runRefresh } from '../refresh/refresh.service.js';
import { catchUpOnce, startCatchUp, type CatchUpOptions } from '../refresh/refresh-scheduler.js';
import { prepareContent } from '../refresh/startup.js';
import type { JobOutcome } from '../refresh/job-runner.js';

/** The embedded sandbox's directory inside DATA_DIR. */
export const SANDBOX_DIR = 'sandbox';
/** What the derived sandbox database's name ends with. */
const SANDBOX_SUFFIX = '_sandbox';

export type SandboxLocation =
  | { kind: 'url'; url: string; source: 'SANDBOX_DATABASE_URL' }
  /** beside DATABASE_URL's database on its server, created when missing */
  | { kind: 'url'; url: string; source: 'derived'; adminUrl: string; name: string }
  | { kind: 'embedded'; dataDir: string };

/**
 * Where the sandbox's database is: SANDBOX_DATABASE_URL; else, beside DATABASE_URL's database on the same
 * server, the database of the same name with "_sandbox" (shared by every replica, as production's is);
 * else an embedded one in DATA_DIR/sandbox.
 */
export function sandboxLocation(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'sandboxDatabaseUrl'>): SandboxLocation {
  if (config.sandboxDatabaseUrl) return { kind: 'url', url: config.sandboxDatabaseUrl, source: 'SANDBOX_DATABASE_URL' };
  if (!config.databaseUrl) return { kind: 'embedded', dataDir: path.join(config.dataDir, SANDBOX_DIR) };
  const url = new URL(config.databaseUrl);
  const name = `${decodeURIComponent(url.pathname.slice(1)) || 'postgres'}${SANDBOX_SUFFIX}`;
  url.pathname = `/${encodeURIComponent(name)}`;
  return { kind: 'url', url: url.toString(), source: 'derived', adminUrl: config.databaseUrl, name };
}

/** Creates the database `name` on the server of `adminUrl` unless it exists (another replica may create it at the same moment). */
async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return;
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`).catch((error: { code?: string; message: string }) => {
      // 42P04: created meanwhile; 23505: the same race seen through pg_database's unique index
      if (error.code !== '42P04' && error.code !== '23505') {
        throw new Error(`cannot create the sandbox database "${name}" (set SANDBOX_DATABASE_URL to one that exists): ${error.message}`);
      }
    });
  } finally {
    await client.end();
  }
}

export interface Sandbox {
  deps: AppDeps;
  close(): Promise<void>;
}

/**
 * Opens the sandbox: its database (created and migrated when new), the demo catalogue with its history
 * on the first open, the content day's refresh when it has none, and a catch-up every 30 s from then on.
 */
export async function openSandbox(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'sandboxDatabaseUrl'>,
  log: { info(message: string): void; warn(message: string): void },
  clock: () => Date,
): Promise<Sandbox> {
  const location = sandboxLocation(config);
  if (location.kind === 'url' && location.source === 'derived') await ensureDatabase(location.adminUrl, location.name);
  const db = await openDatabase(
    location.kind === 'url' ? { databaseUrl: location.url, dataDir: config.dataDir } : { databaseUrl: undefined, dataDir: location.dataDir },
    {
      maxConnections: 4,
    },
  );
  // Keys live in production's database only: a database that holds any is production's (SANDBOX_DATABASE_URL
  // set to it by mistake), and the demo catalogue must never be imported into it.
  if ((await db.prisma.apiKey.count({ take: 1 })) > 0) {
    await db.close();
    throw new Error(`the sandbox's database holds API keys: it is a production database, not a sandbox (check SANDBOX_DATABASE_URL)`);
  }
  const sources = loadSourcesConfig(DEMO_SOURCES_FILE);
  const refresh = async (): Promise<JobOutcome> => {
    try {
      const now = clock();
      return { ok: true, result: await runRefresh({ prisma: db.prisma, sources, generator: defaultTextGenerator, now, clock, trigger: 'sandbox', log }) };
    } catch (error) {
      return { ok: false, error: (error as Error).message };
    }
  };
  const catchUp: CatchUpOptions = { prisma: db.prisma, refresh, repick: (now) => ensureDailyPick(db.prisma, defaultTextGenerator, now), log };
  try {
    await prepareContent({ prisma: db.prisma, sources, now: clock(), catchUp: (now) => catchUpOnce(catchUp, now), createDemoKey: false });
  } catch (error) {
    await db.close();
    throw error;
  }
  const daily = startCatchUp(catchUp);
  const deps = createAppDeps(db.prisma, db.url, clock, sources, defaultTextGenerator);
  return {
    deps,
    async close() {
      daily.stop();
      await deps.versions.close();
      await db.close();
    },
  };
}

/** A sandbox that could not be opened is tried again after this long (an open runs the migrations). */
export const SANDBOX_RETRY_MS = 30_000;

/**
 * The sandbox opened on first use (the first request of a test key), once; after an open that failed, the
 * uses within `retryMs` get its error and the next one tries again. `close` closes it if it was opened.
 */
export function lazySandbox(open: () => Promise<Sandbox>, retryMs = SANDBOX_RETRY_MS, monotonicMs: () => number = () => performance.now()) {
  let opening: Promise<Sandbox> | undefined;
  /** after a failed open, no new attempt before this (monotonic ms) */
  let retryAt = Infinity;
  return {
    get(): Promise<Sandbox> {
      if (opening && monotonicMs() >= retryAt) opening = undefined;
      opening ??= open().then(
        (sandbox) => {
          retryAt = Infinity;
          return sandbox;
        },
        (error: unknown) => {
          retryAt = monotonicMs() + retryMs;
          throw error;
        },
      );
      return opening;
    },
    async close(): Promise<void> {
      const sandbox = await opening?.catch(() => undefined);
      await sandbox?.close();
    },
  };
}
