// Prepares the embedded database template (src/infra/embedded-template.ts): creates a PGlite data
// directory, applies the migrations, and dumps it. Run by `npm ci` (postinstall); a failure only warns,
// since `npm start` then creates the database the slow way.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openEmbeddedPostgres } from '../src/infra/embedded-postgres.js';
import { templatePath } from '../src/infra/embedded-template.js';
import { applyMigrations } from '../src/infra/migrations.js';

const target = templatePath();
if (fs.existsSync(target)) {
  console.log(`embedded database template: ${path.relative(process.cwd(), target)} is current`);
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'es-template-'));
  try {
    const embedded = await openEmbeddedPostgres(dir, { useTemplate: false });
    try {
      await applyMigrations(embedded.url);
    } finally {
      await embedded.stop();
    }
    const db = await PGlite.create(path.join(dir, 'pglite'));
    const dump = await db.dumpDataDir('gzip');
    await db.close();
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(`${target}.tmp`, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(`${target}.tmp`, target);
    console.log(`embedded database template written: ${path.relative(process.cwd(), target)}`);
  } catch (error) {
    console.warn(`embedded database template not prepared (npm start will create the database itself): ${(error as Error).message}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
