// Prepares the embedded database template (src/infra/embedded-template.ts): creates a PGlite data
// directory and applies the migrations. Run by `npm ci` (postinstall); a failure only warns, since
// `npm start` then creates the database the slow way.
import fs from 'node:fs';
import path from 'node:path';
import { openEmbeddedPostgres } from '../src/infra/embedded-postgres.js';
import { templateDir } from '../src/infra/embedded-template.js';
import { applyMigrations } from '../src/infra/migrations.js';

const target = templateDir();
const shown = path.relative(process.cwd(), target);
if (fs.existsSync(path.join(target, 'PG_VERSION'))) {
  console.log(`embedded database template: ${shown} is current`);
} else {
  // Beside the target, so the finished directory is renamed into place (never half a template).
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const work = fs.mkdtempSync(`${target}.work-`);
  try {
    const embedded = await openEmbeddedPostgres(work, { useTemplate: false });
    try {
      await applyMigrations(embedded.url);
    } finally {
      await embedded.stop();
    }
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(path.join(work, 'pglite'), target);
    console.log(`embedded database template written: ${shown}`);
  } catch (error) {
    console.warn(`embedded database template not prepared (npm start will create the database itself): ${(error as Error).message}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
