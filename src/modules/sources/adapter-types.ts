// What a source adapter is: the shape every adapter (adapters.ts and the ones it loads on demand, such
// as betterplace.ts) is called with and returns, so that they need not import one another.
import type { FetchLimits } from './fetch-limits.js';
import type { SkippedItem } from './skipped-item.js';
import type { SourceConfig } from './sources-config.js';

export interface AdapterContext {
  /** the Berlin date the run is for; the demo adapter dates its deadlines from it */
  today: string;
  limits?: FetchLimits;
  /** reads a credential named in the configuration */
  secret?: (name: string) => string | undefined;
}

export interface AdapterResult {
  items: unknown[];
  /** items of the feed that are not causes (any more), with the reason; their causes end */
  skipped: SkippedItem[];
  /** false when the run could not see the whole feed; nothing is then deactivated for being absent */
  complete?: boolean;
  /** what the operator should know about this fetch (which page failed, a page limit reached) */
  warnings?: string[];
  /** pages read, for paged sources */
  pagesRead?: number;
}

export type SourceAdapter = (source: SourceConfig, context: AdapterContext) => Promise<AdapterResult>;
