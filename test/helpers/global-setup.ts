// Prepares the databases the integration tests use, one per test worker (test files run in parallel):
// with DATABASE_URL (CI always gives it, with a throw-away database) that database is migrated and
// copied once per worker (CREATE DATABASE … TEMPLATE), otherwise each worker gets an embedded Postgres
// in a temporary folder. With REDIS_URL the tests use only the database it names, each worker under a
// key prefix of its own (`es-test:<run>:w<n>:`, workers.ts), and every key they write expires within
// a minute. Migrations are applied with the same command `npm start` uses.
// In CI a missing server is an error, never a skip.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openEmbeddedPostgres, type EmbeddedPostgres } from '../../src/infra/embedded-postgres.js';
import { applyMigrations } from '../../src/infra/migrations.js';
import { checkNode } from '../../scripts/check-node.mjs';
import { TEST_WORKERS } from './workers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** one database per worker (index: workerIndex()) */
    databaseUrls: string[];
    /** REDIS_URL as given, or null without it */
    redisUrl: string | null;
    /** what this run's Redis keys start with (each worker adds its number) */
    redisPrefix: string;
  }
}

const workers = Array.from({ length: TEST_WORKERS }, (_, i) => i + 1);

/** Copies the migrated database once per worker; returns their URLs and how to drop them. */
async function workerDatabases(baseUrl: string): Promise<{ urls: string[]; drop: () => Promise<void> }> {
  const base = new URL(baseUrl);
  const baseName = decodeURIComponent(base.pathname.slice(1));
  const names = workers.map((n) => `${baseName}_w${n}`);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  try {
    for (const name of names) {
      await admin.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
  // CREATE DATABASE … TEMPLATE needs the template without sessions: run it from the maintenance database.
  const maintenance = new pg.Client({ connectionString: Object.assign(new URL(baseUrl), { pathname: '/postgres' }).toString() });
  await maintenance.connect();
  try {
    for (const name of names) await maintenance.query(`CREATE DATABASE ${quote(name)} TEMPLATE ${quote(baseName)}`);
  } finally {
    await maintenance.end();
  }
  const urls = names.map((name) => Object.assign(new URL(baseUrl), { pathname: `/${encodeURIComponent(name)}` }).toString());
  return {
    urls,
    drop: async () => {
      const client = new pg.Client({ connectionString: Object.assign(new URL(baseUrl), { pathname: '/postgres' }).toString() });
      await client.connect();
      try {
        for (const name of names) await client.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export default async function setup(project: TestProject) {
  // On an unsupported Node the suite would run and fail on data it decodes wrongly: stop with the fix.
  const unsupported = checkNode();
  if (unsupported) throw new Error(unsupported);
  const inCi = Boolean(process.env.CI);
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL || null;
  if (inCi && (!databaseUrl || !redisUrl)) {
    throw new Error('In CI the tests need DATABASE_URL and REDIS_URL (see .ci/run); refusing to skip them.');
  }
  const cleanups: (() => Promise<void>)[] = [];
  let databaseUrls: string[];
  if (databaseUrl) {
    await applyMigrations(databaseUrl);
    const copies = await workerDatabases(databaseUrl);
    cleanups.push(copies.drop);
    databaseUrls = copies.urls;
  } else {
    const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'es-test-db-'));
    cleanups.push(async () => fs.rmSync(tmpDir, { recursive: true, force: true }));
    const embedded: EmbeddedPostgres[] = [];
    for (const n of workers) {
      const dir = path.join(tmpDir, `w${n}`);
      fs.mkdirSync(dir);
      embedded.push(await openEmbeddedPostgres(dir));
    }
    cleanups.unshift(async () => void (await Promise.all(embedded.map((db) => db.stop()))));
    databaseUrls = embedded.map((db) => db.url);
    for (const url of databaseUrls) await applyMigrations(url);
    console.warn(`\n[tests] DATABASE_URL is not set: using ${TEST_WORKERS} embedded Postgres databases in ${tmpDir}.`);
  }
  if (!redisUrl) {
    console.warn('[tests] REDIS_URL is not set: the tests of the Redis-backed rate limit are SKIPPED (CI runs them).\n');
  }
  project.provide('databaseUrls', databaseUrls);
  project.provide('redisUrl', redisUrl);
  project.provide('redisPrefix', `es-test:${randomUUID().slice(0, 8)}:`);

  return async () => {
    for (const cleanup of cleanups) await cleanup();
  };
}
