// Source adapters: each turns one configured source into raw feed items (validated later, item by item).
import fs from 'node:fs';
import { fetchSourceText, type FetchLimits, DEFAULT_FETCH_LIMITS } from './fetch-source.js';
import { feedItemsOf } from './feed-item.js';
import { demoFeedItems } from './demo-feed.js';
import type { SourceConfig } from './sources-config.js';

export interface AdapterContext {
  /** the Berlin date the run is for; the demo adapter dates its deadlines from it */
  today: string;
  limits?: FetchLimits;
}

export type SourceAdapter = (source: SourceConfig, context: AdapterContext) => Promise<unknown[]>;

function parseJson(text: string, location: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${location} is not valid JSON: ${(error as Error).message}`);
  }
}

export const adapters: Record<SourceConfig['type'], SourceAdapter> = {
  'json-feed': async (source, { limits }) =>
    feedItemsOf(parseJson(await fetchSourceText(source.location, limits ?? DEFAULT_FETCH_LIMITS), source.location)),
  demo: async (source, { today }) =>
    demoFeedItems(parseJson(fs.readFileSync(source.location, 'utf8'), source.location), today).map((d) => d.item),
};
