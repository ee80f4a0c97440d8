// A prepared embedded database: an initialised, migrated PGlite data directory dumped as a tarball.
// Creating a PGlite data directory runs initdb in WebAssembly (about 4 s on a quiet machine, over 10 s
// on a busy one); loading this dump takes a fraction of that. `npm ci` prepares it (postinstall) in
// node_modules/.cache, named by a hash of the migrations, so a new migration never loads a stale one.
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

export function templatePath(): string {
  return path.join(PROJECT_ROOT, 'node_modules', '.cache', 'engagement-signal-api', `pglite-${migrationsHash()}.tar.gz`);
}

/** The dump for the current migrations, or undefined when none was prepared. */
export function readTemplate(): Buffer | undefined {
  try {
    return fs.readFileSync(templatePath());
  } catch {
    return undefined;
  }
}
