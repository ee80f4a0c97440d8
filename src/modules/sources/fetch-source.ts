// Reads a source document from an http(s) URL or a local file, with a timeout and a size limit.
// Feeds are untrusted: an http(s) source may only reach public addresses (no loopback, private,
// link-local, unique-local, CGNAT, multicast or reserved ranges) unless it is configured
// `"local": true`. The check runs where the connection is made (every DNS answer, so a name that
// resolves differently the second time cannot slip through) and on every redirect.
import fs from 'node:fs/promises';
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch } from 'undici';

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  /** the source is configured `"local": true`: loopback and private addresses are allowed */
  allowPrivateAddresses?: boolean;
}

/** Redirects followed at most (each one checked like the first URL). */
const MAX_REDIRECTS = 5;

/** Only globally routed unicast addresses (IPv4-mapped IPv6 addresses count as their IPv4 address). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

class PrivateAddressError extends Error {}

const refusal = (host: string, address: string) =>
  new PrivateAddressError(`${host} resolves to ${address}, which is not a public address (configure the source with "local": true to allow it)`);

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

const publicOnlyAgent = new Agent({ connect: { lookup: publicOnlyLookup } });
const anyAddressAgent = new Agent();

function checkLiteralHost(url: URL): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // an address written in the URL is connected to without a DNS look-up: checked here
  if (ipaddr.isValid(host) && !isPublicAddress(host)) throw refusal(url.hostname, host);
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = { timeoutMs: 15_000, maxBytes: 10 * 1024 * 1024 };

export class SourceFetchError extends Error {}

export async function fetchSourceText(
  location: string,
  limits: FetchLimits = DEFAULT_FETCH_LIMITS,
  headers: Record<string, string> = {},
): Promise<string> {
  if (!/^https?:\/\//i.test(location)) {
    const stat = await fs.stat(location).catch((error) => {
      throw new SourceFetchError(`cannot read ${location}: ${(error as Error).message}`);
    });
    if (stat.size > limits.maxBytes) throw new SourceFetchError(`${location} is larger than ${limits.maxBytes} bytes`);
    return fs.readFile(location, 'utf8');
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
        ? error.message
        : cause instanceof PrivateAddressError
          ? cause.message
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
  return Buffer.concat(chunks).toString('utf8');
}

export function parseJson(text: string, location: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${location} is not valid JSON: ${(error as Error).message}`);
  }
}
