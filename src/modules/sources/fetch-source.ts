// Reads a source document from an http(s) URL or a local file, with a timeout and a size limit.
// Feeds are untrusted: an http(s) source may only reach public addresses (no loopback, private,
// link-local, unique-local, CGNAT, multicast or reserved ranges) unless it is configured
// `"local": true`. The check runs where the connection is made (every DNS answer, so a name that
// resolves differently the second time cannot slip through) and on every redirect. The bytes are decoded
// in the charset the source declares (see decodeSourceBytes).
import fs from 'node:fs/promises';
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch } from 'undici';
import { DEFAULT_FETCH_LIMITS, type FetchLimits } from './fetch-limits.js';

/** Redirects followed at most (each one checked like the first URL). */
const MAX_REDIRECTS = 5;

/** Only globally routed unicast addresses (IPv4-mapped IPv6 addresses count as their IPv4 address). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** A connection refused because the host is, or resolves to, a non-public address; the message names both. */
export class PrivateAddressError extends Error {}

const refusal = (host: string, address: string) => new PrivateAddressError(`${host} resolves to ${address}, which is not a public address`);
const SOURCE_ALLOW_HINT = ' (configure the source with "local": true to allow it)';

const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return (callback as (e: Error) => void)(error);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => !isPublicAddress(a.address));
    if (bad) return (callback as (e: Error) => void)(refusal(hostname, bad.address));
    if ((options as dns.LookupOptions).all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    (callback as (e: null, a: string, f: number) => void)(null, list[0].address, list[0].family);
  });
};

/** Connects only to public addresses (every DNS answer checked); the other connects anywhere. */
export const publicOnlyAgent = new Agent({ connect: { lookup: publicOnlyLookup } });
export const anyAddressAgent = new Agent();

/** Throws a PrivateAddressError when the URL's host is a non-public address written as such. */
export function checkLiteralHost(url: URL): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // an address written in the URL is connected to without a DNS look-up: checked here
  if (ipaddr.isValid(host) && !isPublicAddress(host)) throw refusal(url.hostname, host);
}

export class SourceFetchError extends Error {}

export async function fetchSourceText(location: string, limits: FetchLimits = DEFAULT_FETCH_LIMITS, headers: Record<string, string> = {}): Promise<string> {
  if (!/^https?:\/\//i.test(location)) {
    const stat = await fs.stat(location).catch((error) => {
      throw new SourceFetchError(`cannot read ${location}: ${(error as Error).message}`);
    });
    if (stat.size > limits.maxBytes) throw new SourceFetchError(`${location} is larger than ${limits.maxBytes} bytes`);
    return decodeSourceBytes(await fs.readFile(location), undefined, location);
  }
  let response: Awaited<ReturnType<typeof undiciFetch>>;
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const dispatcher = limits.allowPrivateAddresses ? anyAddressAgent : publicOnlyAgent;
  try {
    let url = new URL(location);
    for (let hop = 0; ; hop++) {
      if (!limits.allowPrivateAddresses) checkLiteralHost(url);
      response = await undiciFetch(url, { signal, dispatcher, redirect: 'manual', headers: { accept: 'application/json, */*', ...headers } });
      const next = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !next) break;
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`);
      url = new URL(next, url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`redirect to ${url.protocol} refused`);
      // credentials are for the configured host only
      if (url.host !== new URL(location).host) headers = {};
    }
  } catch (error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    const reason = signal.aborted
      ? `no answer within ${limits.timeoutMs} ms`
      : error instanceof PrivateAddressError
        ? error.message + SOURCE_ALLOW_HINT
        : cause instanceof PrivateAddressError
          ? cause.message + SOURCE_ALLOW_HINT
          : (error as Error).message;
    throw new SourceFetchError(`cannot fetch ${location}: ${reason}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new SourceFetchError(`cannot fetch ${location}: HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > limits.maxBytes) {
    await response.body?.cancel();
    throw new SourceFetchError(`${location} is larger than ${limits.maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body ?? []) {
      size += chunk.byteLength;
      // leaving the loop by throwing cancels the stream
      if (size > limits.maxBytes) throw new SourceFetchError(`${location} is larger than ${limits.maxBytes} bytes`);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof SourceFetchError) throw error;
    const reason = signal.aborted ? `no complete answer within ${limits.timeoutMs} ms` : (error as Error).message;
    throw new SourceFetchError(`cannot fetch ${location}: ${reason}`);
  }
  return decodeSourceBytes(Buffer.concat(chunks), response.headers.get('content-type') ?? undefined, location);
}

/** Encodings in which one character may take several bytes; every other one maps a byte to a character. */
const MULTI_BYTE = new Set(['utf-8', 'utf-16le', 'utf-16be', 'shift_jis', 'euc-jp', 'iso-2022-jp', 'euc-kr', 'gbk', 'gb18030', 'big5']);

const charsetOfContentType = (contentType: string | undefined) => /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '')?.[1];
/** The encoding an XML declaration names (`<?xml version="1.0" encoding="ISO-8859-1"?>`); the declaration
 *  is ASCII in every encoding a feed uses, so it is read from the first bytes as such. */
const charsetOfXmlDeclaration = (bytes: Uint8Array) =>
  /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(Buffer.from(bytes.subarray(0, 200)).toString('latin1'))?.[1];

function isUtf8WithMultiByteSequences(bytes: Uint8Array): boolean {
  if (!bytes.some((byte) => byte >= 0x80)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * A source's bytes as text, in the charset it declares: a byte-order mark, else the HTTP Content-Type's
 * `charset`, else an XML declaration's `encoding`, else UTF-8 (as JSON always is). Feeds misdeclare: a
 * single-byte charset (ISO-8859-1, windows-1252, …) whose bytes are valid UTF-8 with multi-byte sequences
 * is UTF-8 (laut.de's RDF declares ISO-8859-1 and is UTF-8; real ISO-8859-1 text practically never forms
 * valid UTF-8 sequences such as "Ã¶"), and so is a UTF-16 label on bytes without zero bytes at the start.
 * A charset that cannot be decoded fails the source, unless the bytes are plain ASCII or valid UTF-8.
 */
export function decodeSourceBytes(bytes: Uint8Array, contentType: string | undefined, location: string): string {
  const bom =
    bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf
      ? 'utf-8'
      : bytes[0] === 0xff && bytes[1] === 0xfe
        ? 'utf-16le'
        : bytes[0] === 0xfe && bytes[1] === 0xff
          ? 'utf-16be'
          : undefined;
  const declared = bom ?? charsetOfContentType(contentType) ?? charsetOfXmlDeclaration(bytes);
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(declared ?? 'utf-8');
  } catch {
    if (!bytes.some((byte) => byte >= 0x80) || isUtf8WithMultiByteSequences(bytes)) return new TextDecoder('utf-8').decode(bytes);
    throw new SourceFetchError(`${location} declares the charset "${declared}", which cannot be decoded`);
  }
  if (!bom && !MULTI_BYTE.has(decoder.encoding) && isUtf8WithMultiByteSequences(bytes)) return new TextDecoder('utf-8').decode(bytes);
  // UTF-16 text has a zero byte in every ASCII character; a declaration that could be read as ASCII
  // ("<?xml … encoding="UTF-16"?>" without a byte-order mark) proves the bytes are not UTF-16.
  if (!bom && decoder.encoding.startsWith('utf-16') && bytes[0] !== 0 && bytes[1] !== 0) return new TextDecoder('utf-8').decode(bytes);
  return decoder.decode(bytes);
}
