// REST responses are the same for every key holder until the content version, the Berlin date (scores
// count days) or the content day (the daily action changes at 02:00) moves, so each distinct request is
// answered by the resolvers once and then served from memory. Concurrent first requests share one
// execution. The cache empties itself when the version or day moves, or when it is full.
export interface CachedResponse {
  status: number;
  /** encoded once, sent as is */
  body: Buffer;
  etag: string;
}

const MAX_ENTRIES = 20_000;

export interface Generation {
  version: number;
  /** the Berlin date and the content day, joined */
  days: string;
}

export class ResponseCache {
  private generation: Generation = { version: -1, days: '' };
  private entries = new Map<string, Promise<CachedResponse>>();

  get(generation: Generation, key: string, compute: () => Promise<CachedResponse>): Promise<CachedResponse> {
    // A request that read an older version than the cache holds (it raced a bump) is answered without
    // touching the cache, so the cache never moves back and forth between versions.
    if (generation.version < this.generation.version && generation.days === this.generation.days) return compute();
    if (generation.version !== this.generation.version || generation.days !== this.generation.days) {
      this.entries.clear();
      this.generation = generation;
    }
    let entry = this.entries.get(key);
    if (!entry) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      entry = compute();
      this.entries.set(key, entry);
      // Not kept: failures, 503s (the database was down), and 404s (any number of unknown slugs would fill the cache).
      entry.then(
        (response) => {
          if ((response.status === 404 || response.status >= 500) && this.entries.get(key) === entry) this.entries.delete(key);
        },
        () => {
          if (this.entries.get(key) === entry) this.entries.delete(key);
        },
      );
    }
    return entry;
  }
}
