// The bundled demo catalogue (config/demo/*.json): json-feed items whose deadline is written as
// `deadlineInDays` relative to the run's date, so the demo looks the same on any day, and with an
// `importedDaysAgo` that the first start uses to import them as of those earlier days.
import fs from 'node:fs';
import { addDays } from '../../time/berlin-calendar.js';
import { feedItemsOf, parseJson } from './feed-item.js';

export interface DemoItem {
  item: Record<string, unknown>;
  importedDaysAgo: number;
}

export function demoFeedItems(document: unknown, today: string): DemoItem[] {
  return feedItemsOf(document).map((raw) => {
    const { deadlineInDays, importedDaysAgo, ...item } = raw as Record<string, unknown>;
    if (typeof deadlineInDays === 'number') item.deadline = addDays(today, deadlineInDays);
    // the demo catalogue is made of running actions; an item may still say otherwise
    if (item.statusOpen === undefined) item.statusOpen = true;
    return { item, importedDaysAgo: typeof importedDaysAgo === 'number' ? importedDaysAgo : 0 };
  });
}

/** The demo items of a feed file, dated from `today`. */
export function readDemoFeed(location: string, today: string): DemoItem[] {
  return demoFeedItems(parseJson(fs.readFileSync(location, 'utf8'), location), today);
}
