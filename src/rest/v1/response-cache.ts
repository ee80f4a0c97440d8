// REST responses are the same for every key holder until the content version, the Berlin date (scores
// count days) or the content day (the daily action changes at 02:00) moves, so each distinct request is
// answered by the resolvers once and then served from memory. Concurrent first requests share one
// execution. The cache empties itself when the version or day moves; within a generation it is bounded
// by entries and by the bytes of its bodies, the oldest entries going first.
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
  private entries = new Map<string, Promise<CachedResponse>>();
  /** bytes of each kept body, by key (an entry is counted once its body exists) */
  private sizes = new Map<string, number>();
  private heldBytes = 0;

  constructor(private readonly bounds: RestCacheBounds = REST_CACHE_BOUNDS) {}

  get bytes(): number {
    return this.heldBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  /** whether an answer for `key` of the current generation is held (or being computed) */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  private clear(): void {
    this.entries.clear();
    this.sizes.clear();
    this.heldBytes = 0;
  }

  private drop(key: string): void {
    this.entries.delete(key);
    this.heldBytes -= this.sizes.get(key) ?? 0;
    this.sizes.delete(key);
  }

  get(generation: Generation, key: string, compute: () => Promise<CachedResponse>): Promise<CachedResponse> {
    // A request that read an older version than the cache holds (it raced a bump) is answered without
    // touching the cache, so the cache never moves back and forth between versions.
    if (generation.version < this.generation.version && generation.days === this.generation.days) return compute();
    if (generation.version !== this.generation.version || generation.days !== this.generation.days) {
      this.clear();
      this.generation = generation;
    }
    let entry = this.entries.get(key);
    if (!entry) {
      if (this.entries.size >= this.bounds.maxEntries) this.drop(this.entries.keys().next().value!);
      const computing = compute();
      entry = computing;
      this.entries.set(key, computing);
      // Not kept: failures, 503s (the database was down), and 404s (any number of unknown slugs would fill the cache).
      computing.then(
        (response) => {
          if (this.entries.get(key) !== computing) return;
          if (response.status === 404 || response.status >= 500) return this.drop(key);
          this.sizes.set(key, response.body.length);
          this.heldBytes += response.body.length;
          // the oldest go first; a body larger than the whole budget is answered but not kept
          for (const oldest of this.entries.keys()) {
            if (this.heldBytes <= this.bounds.maxBytes) break;
            this.drop(oldest);
          }
        },
        () => {
          if (this.entries.get(key) === computing) this.drop(key);
        },
      );
    }
    return entry;
  }
}
