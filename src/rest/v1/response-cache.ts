// REST responses are the same for every key holder until the content version, the Berlin date (scores
// count days) or the content day (the daily action changes at 02:00) moves, so each distinct request is
// answered by the resolvers once and then served from memory. Concurrent first requests share one
// execution. The cache empties itself when the version or day moves; within a generation it is an LRU
// cache (lru-cache, as /graphql's) bounded by entries and by the bytes of its bodies.
import { LRUCache } from 'lru-cache';
import { Gauge, type Registry } from 'prom-client';

export interface CachedResponse {
  status: number;
  /** encoded once, sent as is */
  body: Buffer;
  etag: string;
  /** the feeds' types; JSON when absent */
  contentType?: string;
}

export interface RestCacheBounds {
  maxEntries: number;
  /** bytes of the bodies held (a page of 50 causes is about 45 KB) */
  maxBytes: number;
}

export const REST_CACHE_BOUNDS: RestCacheBounds = { maxEntries: 20_000, maxBytes: 64 * 1024 * 1024 };

export interface Generation {
  version: number;
  /** the Berlin date and the content day, joined */
  days: string;
}

export class ResponseCache {
  private generation: Generation = { version: -1, days: '' };
  /** answers of the current generation, kept */
  private readonly kept: LRUCache<string, CachedResponse>;
  /** answers being computed: concurrent first requests share one execution */
  private readonly computing = new Map<string, Promise<CachedResponse>>();

  constructor(bounds: RestCacheBounds = REST_CACHE_BOUNDS) {
    // a body larger than the whole budget is answered but not kept (maxEntrySize defaults to maxSize)
    this.kept = new LRUCache({ max: bounds.maxEntries, maxSize: bounds.maxBytes, sizeCalculation: (response) => Math.max(1, response.body.length) });
  }

  get bytes(): number {
    return this.kept.calculatedSize;
  }

  get size(): number {
    return this.kept.size;
  }

  /** whether an answer for `key` of the current generation is held (or being computed) */
  has(key: string): boolean {
    return this.kept.has(key) || this.computing.has(key);
  }

  /** The kept answer, or the one being computed, or a new computation (kept unless a 404, 5xx or failure). */
  get(generation: Generation, key: string, compute: () => Promise<CachedResponse>): Promise<CachedResponse> {
    // A request that read an older version than the cache holds (it raced a bump) is answered without
    // touching the cache, so the cache never moves back and forth between versions.
    if (generation.version < this.generation.version && generation.days === this.generation.days) return compute();
    if (generation.version !== this.generation.version || generation.days !== this.generation.days) {
      this.kept.clear();
      this.computing.clear();
      this.generation = generation;
    }
    const held = this.kept.get(key);
    if (held) return Promise.resolve(held);
    let entry = this.computing.get(key);
    if (entry) return entry;
    const computing = compute();
    entry = computing;
    this.computing.set(key, computing);
    // Not kept: failures, 503s (the database was down), and 404s (any number of unknown slugs would fill the cache).
    computing.then(
      (response) => {
        if (this.computing.get(key) !== computing) return;
        this.computing.delete(key);
        if (response.status !== 404 && response.status < 500) this.kept.set(key, response);
      },
      () => {
        if (this.computing.get(key) === computing) this.computing.delete(key);
      },
    );
    return entry;
  }
}

/** The cache's size as gauges of `registry`, read when /metrics is scraped. */
export function registerCacheGauges(cache: ResponseCache, registry: Registry): void {
  new Gauge({
    name: 'es_rest_response_cache_bytes',
    help: 'Bytes of the bodies held by the REST v1 response cache (bounded, see docs/performance.md "Speed")',
    registers: [registry],
    collect() {
      this.set(cache.bytes);
    },
  });
  new Gauge({
    name: 'es_rest_response_cache_entries',
    help: 'Answers held by the REST v1 response cache',
    registers: [registry],
    collect() {
      this.set(cache.size);
    },
  });
}
