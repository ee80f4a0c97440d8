import { describe, expect, it } from 'vitest';
import { ResponseCache, type CachedResponse } from '../../src/rest/v1/response-cache.js';

const generation = { version: 1, days: '2026-11-25|2026-11-25' };
const answer = (status: number, bytes: number): CachedResponse => ({ status, body: Buffer.alloc(bytes, 'x'), etag: `W/"${status}-${bytes}"` });

/** Fills `key` with a body of `bytes` and waits until the cache has counted it. */
async function put(cache: ResponseCache, key: string, bytes: number, status = 200) {
  await cache.get(generation, key, async () => answer(status, bytes));
  await new Promise((resolve) => setImmediate(resolve));
}

/** Which of `keys` the cache still holds. */
const held = (cache: ResponseCache, keys: string[]) => keys.filter((key) => cache.has(key));

describe('the REST response cache', () => {
  it('holds at most maxBytes of bodies: past it the least recently used answers go', async () => {
    const cache = new ResponseCache({ maxEntries: 100, maxBytes: 3000 });
    for (const key of ['a', 'b', 'c']) await put(cache, key, 1000);
    expect({ bytes: cache.bytes, entries: cache.size }).toEqual({ bytes: 3000, entries: 3 });
    await put(cache, 'd', 1500);
    expect(held(cache, ['a', 'b', 'c', 'd'])).toEqual(['c', 'd']);
    expect(cache.bytes).toBe(2500);
  });

  it('a body larger than the whole budget is answered but not kept, and takes none of the others away', async () => {
    const cache = new ResponseCache({ maxEntries: 100, maxBytes: 3000 });
    await put(cache, 'small', 100);
    const large = await cache.get(generation, 'large', async () => answer(200, 5000));
    expect(large.body.length).toBe(5000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(held(cache, ['small', 'large'])).toEqual(['small']);
    expect({ bytes: cache.bytes, entries: cache.size }).toEqual({ bytes: 100, entries: 1 });
  });

  it('holds at most maxEntries answers, the least recently used going first', async () => {
    const cache = new ResponseCache({ maxEntries: 2, maxBytes: 1_000_000 });
    for (const key of ['a', 'b', 'c']) await put(cache, key, 10);
    expect(held(cache, ['a', 'b', 'c'])).toEqual(['b', 'c']);
    // b asked for again: c is now the least recently used
    await put(cache, 'b', 10);
    await put(cache, 'd', 10);
    expect(held(cache, ['b', 'c', 'd'])).toEqual(['b', 'd']);
    expect(cache.bytes).toBe(20);
  });

  it('404s and 5xx are not kept and count no bytes; a new version empties it', async () => {
    const cache = new ResponseCache({ maxEntries: 100, maxBytes: 1_000_000 });
    await put(cache, 'missing', 40, 404);
    await put(cache, 'down', 60, 503);
    await put(cache, 'page', 700);
    expect({ bytes: cache.bytes, entries: cache.size }).toEqual({ bytes: 700, entries: 1 });
    await cache.get({ ...generation, version: 2 }, 'other', async () => answer(200, 5));
    await new Promise((resolve) => setImmediate(resolve));
    expect({ bytes: cache.bytes, entries: cache.size }).toEqual({ bytes: 5, entries: 1 });
  });
});
