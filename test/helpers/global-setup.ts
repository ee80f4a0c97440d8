// Prepares the database the integration tests use: DATABASE_URL when given (CI always gives it, with a
// throw-away database), otherwise an embedded Postgres in a temporary folder. Migrations are applied
// with the same command `npm start` uses. In CI a missing server is an error, never a skip.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openEmbeddedPostgres, type EmbeddedPostgres } from '../../src/infra/embedded-postgres.js';
import { applyMigrations } from '../../src/infra/migrations.js';
import { checkNode } from '../../scripts/check-node.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    redisUrl: string | null;
  }
}

let embedded: EmbeddedPostgres | undefined;
let tmpDir: string | undefined;

export default async function setup(project: TestProject) {
  // On an unsupported Node the suite would run and fail on data it decodes wrongly: stop with the fix.
  const unsupported = checkNode();
  if (unsupported) throw new Error(unsupported);
  const inCi = Boolean(process.env.CI);
  let databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL || null;
  if (inCi && (!databaseUrl || !redisUrl)) {
    throw new Error('In CI the tests need DATABASE_URL and REDIS_URL (see .ci/run); refusing to skip them.');
  }
  if (!databaseUrl) {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'es-test-db-'));
    embedded = await openEmbeddedPostgres(tmpDir);
    databaseUrl = embedded.url;
    console.warn(`\n[tests] DATABASE_URL is not set: using an embedded Postgres in ${tmpDir}.`);
  }
  if (!redisUrl) {
    console.warn('[tests] REDIS_URL is not set: the tests of the Redis-backed rate limit are SKIPPED (CI runs them).\n');
  }
  await applyMigrations(databaseUrl);
  project.provide('databaseUrl', databaseUrl);
  project.provide('redisUrl', redisUrl);

  return async () => {
    await embedded?.stop();
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  };
}
