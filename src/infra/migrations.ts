// Applies the committed SQL migrations with `prisma migrate deploy` (through the offline wrapper).
// Asynchronous on purpose: when this process serves the embedded database it must keep answering
// the CLI's queries while the CLI runs.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from './project-root.js';

const root = PROJECT_ROOT;

export async function applyMigrations(databaseUrl: string): Promise<void> {
  try {
    await promisify(execFile)(process.execPath, [path.join(root, 'scripts', 'prisma.mjs'), 'migrate', 'deploy'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
      timeout: 120_000,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`prisma migrate deploy failed:\n${stdout}\n${stderr}`.trim());
  }
}
