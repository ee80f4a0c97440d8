// The typed client, the workspace package in client/: v1.d.ts is what openapi-typescript generates from the
// document today, the package packs what an integrator installs, and examples/daily-action.ts (type-checked
// with the project by `npm run typecheck`) runs against the app through it, waiting out a 429 as Retry-After says.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateClientTypes } from '../../scripts/generate-client.js';
import { NOW, seedCatalogue, standardCatalogue } from '../helpers/catalogue.js';
import { issueKey, resetDatabase, startTestApp, testPrisma, type TestApp } from '../helpers/test-app.js';
import { ROOT, runScript } from '../helpers/processes.js';

const prisma = testPrisma();
let app: TestApp;

beforeAll(async () => {
  await resetDatabase(prisma);
  await seedCatalogue(prisma, standardCatalogue());
  app = await startTestApp({ prisma, now: NOW });
});

afterAll(async () => {
  await app.close();
  await prisma.$disconnect();
});

describe('client/v1.d.ts', () => {
  it('is the generated one (run `npm run client:generate` after changing the OpenAPI document)', async () => {
    expect(fs.readFileSync(new URL('../../client/v1.d.ts', import.meta.url), 'utf8')).toBe(await generateClientTypes());
  });
});

describe('the workspace package engagement-signal-client', () => {
  it('packs its module, its types and the generated v1.d.ts, and depends on openapi-fetch only', async () => {
    const packed = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--workspace', 'client'], { cwd: ROOT });
    const [pack] = JSON.parse(packed.stdout) as { name: string; version: string; files: { path: string }[] }[];
    expect([pack.name, pack.version, pack.files.map((file) => file.path).sort()]).toEqual([
      'engagement-signal-client',
      '1.0.0',
      ['index.d.ts', 'index.js', 'package.json', 'v1.d.ts'],
    ]);
    const manifest = JSON.parse(fs.readFileSync(new URL('../../client/package.json', import.meta.url), 'utf8'));
    const root = JSON.parse(fs.readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8'));
    expect(manifest.dependencies).toEqual({ 'openapi-fetch': root.packages['node_modules/openapi-fetch'].version });
  });
});

describe('examples/daily-action.ts', () => {
  it('prints the daily action with its attribution; after a 429 it waits as Retry-After says and succeeds', async () => {
    const key = await issueKey(prisma, 'standard', NOW);
    const pick = await prisma.dailyPick.findFirstOrThrow({ include: { cause: { include: { actions: { where: { language: 'en' } } } } } });
    // In front of the app: the example's first request gets the limit's real 429 (its key has just been
    // used by the proxy), every later one is passed on. A process start takes longer than the limit's
    // one-second window, so the budget cannot be spent beforehand.
    const arrivals: number[] = [];
    const front = http.createServer(async (req, res) => {
      arrivals.push(Date.now());
      const forward = () => fetch(`${app.baseUrl}${req.url}`, { headers: { 'x-api-key': String(req.headers['x-api-key']) } });
      if (arrivals.length === 1) await forward();
      const upstream = await forward();
      res.writeHead(upstream.status, Object.fromEntries(upstream.headers));
      res.end(Buffer.from(await upstream.arrayBuffer()));
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
    const run = await runScript('examples/daily-action.ts', ['en'], { ...process.env, ES_BASE_URL: frontUrl, ES_API_KEY: key }).finally(
      () => new Promise((resolve) => front.close(resolve)),
    );
    expect(arrivals).toHaveLength(2);
    expect(arrivals[1] - arrivals[0]).toBeGreaterThanOrEqual(1000);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('429: waiting 1 s as Retry-After says\n');
    expect(run.stdout).toBe(
      [
        pick.cause.title,
        pick.cause.actions[0].headline,
        pick.cause.actions[0].whyNow,
        `→ ${pick.cause.sourceUrl}`,
        `Source: Engagement-Signal API (${new URL(frontUrl).host}) · Testquelle on testplattform`,
        '',
      ].join('\n'),
    );
  });
});
