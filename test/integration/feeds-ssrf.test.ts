// Feeds are untrusted: a source URL that leads to loopback, private or link-local addresses is refused
// unless the operator configured the source as local.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../src/modules/sources/fetch-source.js';
import { parseSourcesConfig } from '../../src/modules/sources/sources-config.js';
import { importAllSources } from '../../src/modules/refresh/refresh.service.js';
import { feedItem, NOW, SOURCE, standardCatalogue } from '../helpers/catalogue.js';
import { resetDatabase, testPrisma } from '../helpers/test-app.js';

const prisma = testPrisma();
const log = { info: () => {}, warn: () => {} };
let port = 0;
let hits = 0;
const server = http.createServer((req, res) => {
  hits++;
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items: standardCatalogue().slice(0, 2).map(feedItem) }));
});

beforeAll(async () => {
  await resetDatabase(prisma);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await prisma.$disconnect();
});

const importFrom = (url: string, extra: Record<string, unknown> = {}) =>
  importAllSources({
    prisma,
    sources: parseSourcesConfig({ sources: [{ ...SOURCE, url, ...extra }] }, '/'),
    now: NOW,
    log,
    limits: { timeoutMs: 2000, maxBytes: 100_000 },
  });

describe('which addresses a feed may be fetched from', () => {
  it.each([
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['100.64.0.1', false],
    ['169.254.169.254', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['8.8.8.8', true],
    ['2001:4860:4860::8888', true],
    ['::ffff:8.8.8.8', true],
  ])('%s: public %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('SSRF: sources reaching private addresses', () => {
  it.each([
    ['an address in the URL', () => `http://127.0.0.1:${port}/feed.json`, '127.0.0.1'],
    ['a name that resolves to loopback', () => `http://localhost:${port}/feed.json`, '127.0.0.1'],
    ['an IPv6 loopback literal', () => `http://[::1]:${port}/feed.json`, '::1'],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
  ])('%s is refused without a request', async (_name, url, address) => {
    hits = 0;
    const [outcome] = await importFrom(url());
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toContain(`resolves to ${address}, which is not a public address (configure the source with "local": true to allow it)`);
    expect(hits).toBe(0);
  });

  it('a source configured "local": true may use a local server', async () => {
    const [outcome] = await importFrom(`http://127.0.0.1:${port}/feed.json`, { local: true });
    expect(outcome).toMatchObject({ ok: true, counts: { new: 2 } });
  });
});
