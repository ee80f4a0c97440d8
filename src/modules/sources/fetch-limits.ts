// How long a source may take and how large it may be (per-source `timeoutMs` and `maxBytes` override
// these). Apart from fetch-source.ts so that a run which fetches nothing does not load the HTTP client.
export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  /** the source is configured `"local": true`: loopback and private addresses are allowed */
  allowPrivateAddresses?: boolean;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = { timeoutMs: 15_000, maxBytes: 10 * 1024 * 1024 };
