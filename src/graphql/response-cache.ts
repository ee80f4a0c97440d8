// The store behind Yoga's response cache, bounded by bytes as well as entries: one key at one request a
// second must not be able to fill the process with large results (10 aliased pages of 50 causes answer
// 0.8–3 MB each). Results are kept as their JSON text, whose size is known exactly; a result larger than
// `maxEntryBytes` is answered but not kept, and the least recently used entries go when the total would
// pass `maxBytes`.
import { LRUCache } from 'lru-cache';
import type { Cache } from '@graphql-yoga/plugin-response-cache';
import type { ExecutionResult } from 'graphql';

export interface ResponseCacheBounds {
  /** entries at most */
  maxEntries: number;
  /** bytes of all kept results together */
  maxBytes: number;
  /** a result larger than this is not kept */
  maxEntryBytes: number;
}

export const RESPONSE_CACHE_BOUNDS: ResponseCacheBounds = {
  maxEntries: 1000,
  maxBytes: 32 * 1024 * 1024,
  maxEntryBytes: 512 * 1024,
};

export interface BoundedResponseCache extends Cache {
  /** what the kept results take, in bytes (a JavaScript string takes up to two bytes a character: counted so) */
  readonly bytes: number;
  readonly entries: number;
}

/** V8 keeps a string in one or two bytes a character; count the worse, so the bound is a real one. */
const bytesOf = (text: string) => text.length * 2;

export function createBoundedResponseCache(bounds: ResponseCacheBounds = RESPONSE_CACHE_BOUNDS): BoundedResponseCache {
  const results = new LRUCache<string, string>({
    max: bounds.maxEntries,
    maxSize: bounds.maxBytes,
    maxEntrySize: bounds.maxEntryBytes,
    sizeCalculation: bytesOf,
    allowStale: false,
  });
  return {
    get bytes() {
      return results.calculatedSize;
    },
    get entries() {
      return results.size;
    },
    set(id, result, _entities, ttl) {
      const text = JSON.stringify(result);
      // lru-cache refuses (and does not store) an entry over maxEntrySize by itself; checked here first so
      // that nothing is evicted for it
      if (bytesOf(text) > bounds.maxEntryBytes) return;
      results.set(id, text, { ttl });
    },
    get(id) {
      const text = results.get(id);
      return text === undefined ? null : (JSON.parse(text) as ExecutionResult);
    },
    // Entries are keyed by the content version and the day (see yoga.ts): nothing is invalidated by entity.
    invalidate() {},
  };
}
