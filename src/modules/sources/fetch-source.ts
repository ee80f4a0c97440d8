// Reads a source document from an http(s) URL or a local file, with a timeout and a size limit.
import fs from 'node:fs/promises';

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
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
  let response: Response;
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    response = await fetch(location, { signal, headers: { accept: 'application/json, */*', ...headers } });
  } catch (error) {
    const reason = signal.aborted ? `no answer within ${limits.timeoutMs} ms` : (error as Error).message;
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
