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

export class ResponseCache {
  private generation = '';
  private entries = new Map<string, Promise<CachedResponse>>();

  get(generation: string, key: string, compute: () => Promise<CachedResponse>): Promise<CachedResponse> {
    if (generation !== this.generation) {
      this.entries.clear();
      this.generation = generation;
    }
    let entry = this.entries.get(key);
    if (!entry) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      entry = compute();
      this.entries.set(key, entry);
      // a failure (not an error response: an exception) is not kept
      entry.catch(() => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      });
    }
    return entry;
  }
}
