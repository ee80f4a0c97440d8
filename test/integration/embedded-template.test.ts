// A new embedded database starts from the template npm ci prepared: migrated and empty, without running
// initdb, and the migration step then has nothing to do. (Without a template the database is created the
// slow way; the global setup and `npm start` in embedded-start.test.ts exercise the migration path.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openEmbeddedPostgres } from '../../src/infra/embedded-postgres.js';
import { isDataDirectory, migrationNames, templateDir } from '../../src/infra/embedded-template.js';
import { applyMigrations } from '../../src/infra/migrations.js';
import { ROOT } from '../helpers/processes.js';

async function appliedMigrations(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('SELECT "migration_name" AS name FROM "_prisma_migrations" ORDER BY 1');
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

describe('the embedded database template', () => {
  it('is named by the migrations and, once prepared, gives a new database every migration and no rows', async () => {
    expect(path.basename(templateDir())).toMatch(/^pglite-[0-9a-f]{16}$/);
    // prepared by npm ci; prepare it here when the install skipped scripts
    if (!isDataDirectory(templateDir())) execFileSync(process.execPath, ['--import', 'tsx', 'scripts/prepare-embedded-template.ts'], { cwd: ROOT });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'es-template-test-'));
    const embedded = await openEmbeddedPostgres(dir);
    try {
      expect(await appliedMigrations(embedded.url)).toEqual(migrationNames());
      const client = new pg.Client({ connectionString: embedded.url });
      await client.connect();
      expect((await client.query('SELECT count(*)::int AS n FROM "Cause"')).rows[0].n).toBe(0);
      await client.query(
        `INSERT INTO "Source" ("id", "name", "platform", "type", "url", "updatedAt") VALUES (gen_random_uuid(), 'Nur hier', 'p', 'demo', 'x.json', now())`,
      );
      await client.end();
      // nothing left to apply: returns without starting Prisma's CLI
      await applyMigrations(embedded.url);
    } finally {
      await embedded.stop();
    }
    // The database is a copy: what one wrote is not in the template, so not in the next new database.
    const sourceNames = async (where: string) => {
      const embedded = await openEmbeddedPostgres(where);
      const client = new pg.Client({ connectionString: embedded.url });
      await client.connect();
      try {
        return (await client.query('SELECT "name" FROM "Source"')).rows;
      } finally {
        await client.end();
        await embedded.stop();
      }
    };
    try {
      expect(await sourceNames(`${dir}-second`)).toEqual([]);
      expect(await sourceNames(dir)).toEqual([{ name: 'Nur hier' }]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(`${dir}-second`, { recursive: true, force: true });
    }
  }, 120_000);
});
