// Source adapters: each turns one configured source into raw feed items (validated later, item by item
// by the import) plus the items it left out on purpose, with the reason.
import { readSecret } from '../../config/env.js';
import type { AdapterContext, SourceAdapter } from './adapter-types.js';
import { readDemoFeed } from './demo-feed.js';
import { feedItemsOf, parseJson } from './feed-item.js';
import { DEFAULT_FETCH_LIMITS } from './fetch-limits.js';
import type { SourceConfig } from './sources-config.js';

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
