// A prepared embedded database: an initialised, migrated PGlite data directory. Creating a PGlite data
// directory runs initdb in WebAssembly (about 1.5 s on a quiet machine, over 10 s on a busy one), and
// loading a dumped tarball of one still took 0.7 s; copying this directory takes 0.05 s (docs/operating.md,
// "Start-up"). `npm ci` prepares it (postinstall) in node_modules/.cache, named by a hash of the migrations,
// so a new migration never loads a stale one.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './project-root.js';

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'prisma', 'migrations');

/** The migration folders, in order. */
export function migrationNames(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const name of migrationNames()) hash.update(name).update(fs.readFileSync(path.join(MIGRATIONS_DIR, name, 'migration.sql')));
  return hash.digest('hex').slice(0, 16);
}

/** True when `dir` is an initialised PGlite (Postgres) data directory. */
export function isDataDirectory(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'PG_VERSION'));
}

/** The prepared data directory for the current migrations (it may not exist). */
export function templateDir(): string {
  return path.join(PROJECT_ROOT, 'node_modules', '.cache', 'engagement-signal-api', `pglite-${migrationsHash()}`);
}

/**
 * Copies the prepared data directory to `target` (which must not exist yet); false when none was
 * prepared or the copy failed (the caller then creates the database itself). The copy is made beside the
 * target and renamed, so a crash never leaves half a database.
 */
export function copyTemplate(target: string): boolean {
  const source = templateDir();
  const partial = `${target}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  if (!isDataDirectory(source)) return false;
  try {
    fs.cpSync(source, partial, { recursive: true });
    fs.renameSync(partial, target);
    return true;
  } catch {
    fs.rmSync(partial, { recursive: true, force: true });
    return false;
  }
}
