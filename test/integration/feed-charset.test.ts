// A feed is decoded in the charset it declares (HTTP Content-Type first, then its XML declaration, else
// UTF-8), and a single-byte declaration contradicted by valid UTF-8 bytes is read as UTF-8. The real
// laut.de RDF (rss4) declares ISO-8859-1 and is UTF-8; its ISO-8859-1 twin is made here from its text, in
// a temporary file, and the real file stays as it is.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeSourceBytes } from '../../src/modules/sources/fetch-source.js';
import { importSources, readRealFile, realFile, RSS_FILES, rssSource } from '../helpers/real-data.js';
import { resetDatabase, testPrisma } from '../helpers/test-app.js';

const prisma = testPrisma();
const RSS4 = RSS_FILES[3];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'es-charset-'));
/** rss4's text saved as real ISO-8859-1 (every character of it is in Latin-1) */
const latin1Bytes = (text: string) => Buffer.from(text, 'latin1');

let served: { body: Buffer; contentType: string } = { body: Buffer.alloc(0), contentType: 'text/xml' };
const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': served.contentType }).end(served.body));
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
beforeEach(() => resetDatabase(prisma));
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
  await prisma.$disconnect();
});

const JACKSON = 'http://www.laut.de/vorlaut/news/2009/07/03/22424/index.htm';
const ANGELIKA = 'http://www.laut.de/vorlaut/news/2009/07/04/22426/index.htm';
const texts = async (source: string) =>
  Object.fromEntries(
    (await prisma.cause.findMany({ where: { source: { name: source } }, orderBy: { externalId: 'asc' } })).map((c) => [c.externalId, [c.title, c.description]]),
  );

describe('feeds are decoded in the charset they declare', () => {
  it('rss4 saved as real ISO-8859-1 (as its declaration says) imports exactly like the UTF-8 original', async () => {
    const text = readRealFile(RSS4);
    expect(text.startsWith('<?xml version="1.0" encoding="ISO-8859-1"?>')).toBe(true);
    const file = path.join(dir, 'laut-latin1.rdf');
    fs.writeFileSync(file, latin1Bytes(text));
    expect(fs.readFileSync(file).includes(Buffer.from('veröffentlicht', 'latin1'))).toBe(true);

    // each alone: together, the second would be recorded beside the first one's causes (the same actions)
    const [fromLatin1] = await importSources(prisma, [rssSource(RSS4, { name: 'latin1', url: file })]);
    const latin1 = await texts('latin1');
    await resetDatabase(prisma);
    const [fromUtf8] = await importSources(prisma, [rssSource(RSS4, { name: 'utf-8 original' })]);
    expect([fromUtf8, fromLatin1].map((o) => [o.status, o.counts!.new])).toEqual([
      ['ok', 20],
      ['ok', 20],
    ]);
    expect(latin1[JACKSON]).toEqual([
      'Michael Jackson: Video der letzten Probe veröffentlicht',
      'Konzertveranstalter AEG Live veröffentlicht ein Video, das Michael Jackson kurz vor seinem Tod beim Proben zeigt. Exfrau Debbie Rowe will unterdessen um das Sorgerecht ihrer Kinder kämpfen.',
    ]);
    expect(latin1[ANGELIKA]).toEqual([
      'Angelika Express: MySpace-Aus wegen Sido-Werbung',
      'Schon länger haderten die Kölner mit der Plattform des "fiesen Rupert Murdoch". Das Fass zum Überlaufen brachte aber ein Werbebanner von Deutschrapper Sido.',
    ]);
    expect(latin1).toEqual(await texts('utf-8 original'));
    expect(JSON.stringify(latin1)).not.toContain('\ufffd');
  });

  it('over HTTP the Content-Type charset comes first; the real rss4 (UTF-8 bytes under an ISO-8859-1 label) still imports right', async () => {
    // ISO-8859-1 bytes whose XML declaration wrongly says UTF-8: the HTTP header decides
    served = {
      body: latin1Bytes(readRealFile(RSS4).replace('encoding="ISO-8859-1"', 'encoding="UTF-8"')),
      contentType: 'application/rdf+xml; charset=ISO-8859-1',
    };
    const [header] = await importSources(prisma, [rssSource(RSS4, { name: 'header', url: `${base}/laut.rdf`, local: true })]);
    expect(header.status).toBe('ok');
    expect((await texts('header'))[JACKSON][0]).toBe('Michael Jackson: Video der letzten Probe veröffentlicht');

    // the real bytes (UTF-8), declared ISO-8859-1 in both the header and the file: read as UTF-8
    await resetDatabase(prisma); // the same actions: else recorded beside the causes of the run before
    served = { body: fs.readFileSync(realFile(RSS4)), contentType: 'application/rdf+xml; charset=iso-8859-1' };
    const [real] = await importSources(prisma, [rssSource(RSS4, { name: 'real', url: `${base}/laut.rdf`, local: true })]);
    expect(real.status).toBe('ok');
    expect((await texts('real'))[ANGELIKA][1]).toBe(
      'Schon länger haderten die Kölner mit der Plattform des "fiesen Rupert Murdoch". Das Fass zum Überlaufen brachte aber ein Werbebanner von Deutschrapper Sido.',
    );
  });

  it('decodeSourceBytes: BOM, header, declaration, UTF-8 default; windows-1252 bytes; UTF-16 with and without zero bytes; a charset that cannot be decoded', () => {
    const xml = (encoding: string, body: string) => `<?xml version="1.0" encoding="${encoding}"?><t>${body}</t>`;
    // "Köln – 5 €" in windows-1252: ö 0xF6, – 0x96, € 0x80
    const cp1252 = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="windows-1252"?><t>K'),
      Buffer.from([0xf6]),
      Buffer.from('ln '),
      Buffer.from([0x96]),
      Buffer.from(' 5 '),
      Buffer.from([0x80]),
      Buffer.from('</t>'),
    ]);
    expect(decodeSourceBytes(cp1252, undefined, 'f')).toBe(xml('windows-1252', 'Köln – 5 €'));
    // ISO-8859-1 is read as windows-1252 (the WHATWG mapping every browser uses)
    expect(decodeSourceBytes(Buffer.from(xml('ISO-8859-1', 'Kölner'), 'latin1'), undefined, 'f')).toBe(xml('ISO-8859-1', 'Kölner'));
    expect(decodeSourceBytes(Buffer.from('{"t":"Kölner"}', 'latin1'), 'application/json; charset="iso-8859-1"', 'f')).toBe('{"t":"Kölner"}');
    expect(decodeSourceBytes(Buffer.from('{"t":"Kölner"}'), 'application/json', 'f')).toBe('{"t":"Kölner"}');
    expect(
      decodeSourceBytes(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"t":"Kölner"}')]), 'application/json; charset=iso-8859-1', 'f'),
    ).toBe('{"t":"Kölner"}');
    // a declared single-byte charset contradicted by valid UTF-8 multi-byte sequences: UTF-8
    expect(decodeSourceBytes(Buffer.from(xml('ISO-8859-1', 'Kölner')), undefined, 'f')).toBe(xml('ISO-8859-1', 'Kölner'));
    // UTF-16 as declared when the bytes are UTF-16; a UTF-16 label on bytes that read as ASCII: UTF-8
    expect(decodeSourceBytes(Buffer.from(xml('UTF-16', 'Kölner'), 'utf16le'), 'text/xml; charset=utf-16le', 'f')).toBe(xml('UTF-16', 'Kölner'));
    expect(decodeSourceBytes(Buffer.from(xml('UTF-16', 'Kölner')), undefined, 'f')).toBe(xml('UTF-16', 'Kölner'));
    // a charset nobody can decode: plain ASCII or UTF-8 still reads, anything else fails the source
    expect(decodeSourceBytes(Buffer.from(xml('x-unbekannt', 'Kölner')), undefined, 'f')).toBe(xml('x-unbekannt', 'Kölner'));
    expect(() => decodeSourceBytes(Buffer.from(xml('x-unbekannt', 'Kölner'), 'latin1'), undefined, 'feed.xml')).toThrow(
      'feed.xml declares the charset "x-unbekannt", which cannot be decoded',
    );
  });
});
