// Prepares the embedded database template (src/infra/embedded-template.ts): creates a PGlite data
// directory and applies the migrations. Run by `npm ci` (postinstall); a failure only warns, since
// `npm start` then creates the database the slow way.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedPostgres } from '../src/infra/embedded-postgres.js';
import { isDataDirectory, templateDir } from '../src/infra/embedded-template.js';
import { applyMigrations } from '../src/infra/migrations.js';

const target = templateDir();
const cache = path.dirname(target);
const shown = path.relative(process.cwd(), target);
if (isDataDirectory(target)) {
  console.log(`embedded database template: ${shown} is current`);
} else {
  // Built in the temporary directory (the database's Unix socket lives there, and a socket path may not
  // exceed 107 bytes), copied beside the target and renamed into place: never half a template.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'es-template-'));
  fs.mkdirSync(cache, { recursive: true });
  const staged = fs.mkdtempSync(`${target}.work-`);
  try {
    const embedded = await openEmbeddedPostgres(work, { useTemplate: false });
    try {
      await applyMigrations(embedded.url);
    } finally {
      await embedded.stop();
    }
    fs.cpSync(path.join(work, 'pglite'), staged, { recursive: true });
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(staged, target);
    console.log(`embedded database template written: ${shown}`);
  } catch (error) {
    console.warn(`embedded database template not prepared (npm start will create the database itself): ${(error as Error).message}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(staged, { recursive: true, force: true });
  }
}
// Templates of earlier migrations (and the tarballs of earlier versions, and work left by a killed run)
// are never used again.
for (const entry of fs.existsSync(cache) ? fs.readdirSync(cache) : []) {
  if (entry.startsWith('pglite-') && entry !== path.basename(target)) fs.rmSync(path.join(cache, entry), { recursive: true, force: true });
}
