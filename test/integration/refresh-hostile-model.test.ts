// A language model that answers 300 MB to every request, during the real refresh job (the Bree worker and
// its child process, as the server runs it): the API answers /healthz 200 throughout, the refresh succeeds,
// and the day's texts are the built-in generator's.
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { createJobRunner } from '../../src/modules/refresh/job-runner.js';
import { DEFAULT_GENERATOR_NAME } from '../../src/modules/texts/default-generator.js';
import { probeHealth } from '../helpers/health-probe.js';
import { resetDatabase, startTestApp, testPrisma } from '../helpers/test-app.js';
import { testDatabaseUrl } from '../helpers/workers.js';

const prisma = testPrisma();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'es-hostile-model-'));
const THREE_HUNDRED_MB = 300 * 1024 * 1024;
let requests = 0;
let largestAnswer = 0;
/** Answers every request with 300 MB of JSON in 64 KB chunks, as fast as the client takes them. */
const model = http.createServer((req, res) => {
  requests++;
  req.resume();
  let sent = 0;
  const chunk = Buffer.alloc(64 * 1024, 'x');
  void (async () => {
    const closed = once(res, 'close');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"choices":[{"message":{"content":"');
    while (sent < THREE_HUNDRED_MB && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) await Promise.race([once(res, 'drain'), closed]);
    }
    largestAnswer = Math.max(largestAnswer, sent);
    if (!res.destroyed) res.end();
  })();
});

afterAll(async () => {
  model.closeAllConnections();
  await new Promise((resolve) => model.close(resolve));
  await prisma.$disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a model that answers 300 MB', () => {
  it('the refresh succeeds with the built-in texts; /healthz answered 200 throughout', async () => {
    await resetDatabase(prisma);
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
    const item = {
      externalId: 'gross-1',
      title: 'Mehr Schattenbäume auf dem Marktplatz',
      description: 'Der Marktplatz heizt sich im Sommer stark auf. Die Stadt soll zwölf Schattenbäume pflanzen, bevor der nächste Sommer beginnt.',
      category: 'Petition',
      organisationName: 'Initiative Marktplatz',
      organisationUrl: 'https://marktplatz.example',
      url: 'https://marktplatz.example/petition',
      statusOpen: true,
    };
    fs.writeFileSync(path.join(dir, 'feed.json'), JSON.stringify({ items: [item] }));
    fs.writeFileSync(
      path.join(dir, 'sources.json'),
      JSON.stringify({ sources: [{ name: 'Marktplatz', platform: 'marktplatz', type: 'json-feed', url: path.join(dir, 'feed.json'), review: 'none' }] }),
    );
    // read by the refresh process's configuration (restored after the test)
    vi.stubEnv('SOURCES_CONFIG', path.join(dir, 'sources.json'));
    vi.stubEnv('LLM_BASE_URL', `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`);
    vi.stubEnv('LLM_API_KEY', 'test');

    const app = await startTestApp({ prisma, now: new Date() });
    const runner = createJobRunner({ data: { databaseUrl: testDatabaseUrl(), trigger: 'test' }, logger: pino({ level: 'silent' }), timeoutMs: 120_000 });
    const health = probeHealth(app.baseUrl, 100);
    try {
      const outcome = await runner.runRefreshNow();
      expect(outcome).toMatchObject({ ok: true, result: { status: 'succeeded' } });
      // the model was asked (the summaries and the day's action texts) and cut off each time, far below 300 MB
      expect(requests).toBeGreaterThanOrEqual(2);
      expect(largestAnswer).toBeLessThan(64 * 1024 * 1024);
      const texts = await prisma.causeText.findMany({ select: { language: true, generator: true }, orderBy: { language: 'asc' } });
      expect(texts).toEqual([
        { language: 'de', generator: DEFAULT_GENERATOR_NAME },
        { language: 'en', generator: DEFAULT_GENERATOR_NAME },
      ]);
      const statuses = await health.stop();
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
    } finally {
      await health.stop();
      await runner.stop();
      await app.close();
    }
  }, 180_000);
});
