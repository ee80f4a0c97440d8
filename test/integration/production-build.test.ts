// The production build as the operator runs it: `npm run build` compiles to dist/, and the server runs
// from there with plain node (no TypeScript loader), the refresh worker and the texts' message files
// included.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedEnv, ROOT, runScript, SERVER_FROM_BUILD, startServer, type RunningServer } from '../helpers/processes.js';
import { getJson } from '../helpers/test-app.js';
import { DEFAULT_GENERATOR_NAME } from '../../src/modules/texts/default-generator.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'es-build-'));
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function npmRunBuild(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build', '--silent'], { cwd: ROOT, env: process.env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('npm run build, then npm run start:prod', () => {
  it('compiles the server, the refresh job and copies the message files', async () => {
    const build = await npmRunBuild();
    expect(build.output.trim()).toBe(`copied 2 asset file(s) into dist/src\ntext generator version ${DEFAULT_GENERATOR_NAME}`);
    expect(build.code).toBe(0);
    for (const file of ['src/server.js', 'jobs/refresh.job.js', 'src/modules/texts/messages/de.ftl', 'src/modules/texts/messages/en.ftl']) {
      expect(fs.existsSync(path.join(ROOT, 'dist', file)), file).toBe(true);
    }
    // the compiled code names the version the sources do: texts written by either are not rewritten by the other
    const compiled = spawnSync(
      process.execPath,
      ['-e', "import('./dist/src/modules/texts/default-generator.js').then((m) => console.log(m.DEFAULT_GENERATOR_NAME))"],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    );
    expect(compiled.stdout.trim()).toBe(DEFAULT_GENERATOR_NAME);
  });

  it('the compiled commands run as their own process (node dist/src/cli/keys.js)', async () => {
    const help = await runScript('dist/src/cli/keys.js', ['--help'], process.env, []);
    expect([help.code, help.stderr, help.stdout.split('\n')[0]]).toEqual([0, '', 'Usage:']);
    const wrong = await runScript('dist/src/cli/jobs.js', ['frobnicate'], process.env, []);
    expect([wrong.code, wrong.stderr.split('\n')[0]]).toEqual([2, 'Unknown command "frobnicate".']);
  });

  it('serves the daily action with generated texts from the compiled code, and stops on SIGTERM', async () => {
    server = await startServer(embeddedEnv(dataDir), 120_000, SERVER_FROM_BUILD);
    const key = /Demo API key .*: (esk_[A-Za-z0-9_-]+)/.exec(server.output())?.[1] ?? '';
    const daily = await getJson(server.baseUrl, '/api/v1/daily-action?lang=en', key);
    expect(daily.status).toBe(200);
    expect(daily.body.action).toMatchObject({ language: 'en', isAiGenerated: true });
    for (const field of ['headline', 'whyNow', 'whyYou', 'impactStatement']) expect(daily.body.action[field]).toMatch(/^[A-Z“"].{10,}[.!?”]?$/);
    expect(daily.body.cause.summary.length).toBeGreaterThan(40);
    expect(await server.stop()).toBe(0);
    server = undefined;
  });
});
