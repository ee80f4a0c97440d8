// Source adapters: each turns one configured source into raw feed items (validated later, item by item
// by the import) plus the items it left out on purpose, with the reason.
import { readSecret } from '../../config/env.js';
import type { SkippedItem } from '../causes/cause-import.service.js';
import { readDemoFeed } from './demo-feed.js';
import { feedItemsOf, parseJson } from './feed-item.js';
import { DEFAULT_FETCH_LIMITS, type FetchLimits } from './fetch-limits.js';
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

// The network adapters and their parsers (undici, feedsmith, html-to-text) are loaded by the first run
// that needs them: a process that only reads the bundled demo files (every first start) never does.
const fetchText = async (source: SourceConfig, context: AdapterContext) => {
  const { fetchSourceText } = await import('./fetch-source.js');
  return fetchSourceText(source.location, context.limits ?? DEFAULT_FETCH_LIMITS);
};

export const adapters: Record<SourceConfig['type'], SourceAdapter> = {
  'json-feed': async (source, context) => ({
    items: feedItemsOf(parseJson(await fetchText(source, context), source.location)),
    skipped: [],
  }),
  demo: async (source, { today }) => ({ items: readDemoFeed(source.location, today).map((d) => d.item), skipped: [] }),
  rss: async (source, context) => {
    const { rssFeedItems } = await import('./rss.js');
    return { items: rssFeedItems(await fetchText(source, context), source as never), skipped: [] };
  },
  betterplace: async (source, context) => {
    const { fetchBetterplaceItems } = await import('./betterplace.js');
    return fetchBetterplaceItems(source as never, { ...context, secret: context.secret ?? readSecret });
  },
};
