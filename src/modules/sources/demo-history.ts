// First start on an empty catalogue: imports the demo sources as of the days their items say they were
// first imported (oldest first), through the same import as the refresh, so the demo shows a believable
// spread of import ages. Later refreshes keep those first import times.
import type { Db } from '../../infra/prisma.js';
import { berlinDate } from '../causes/berlin-calendar.js';
import { importSourceItems } from '../causes/cause-import.service.js';
import { readDemoFeed } from './demo-feed.js';
import type { SourceConfig } from './sources-config.js';

const DAY_MS = 86_400_000;

export async function importDemoHistory(prisma: Db, sources: SourceConfig[], now: Date): Promise<boolean> {
  const demos = sources.filter((s) => s.type === 'demo');
  if (!demos.length || (await prisma.cause.count()) > 0) return false;
  const today = berlinDate(now);
  const feeds = demos.map((source) => ({
    source,
    items: readDemoFeed(source.location, today),
  }));
  const ages = [...new Set(feeds.flatMap((f) => f.items.map((i) => i.importedDaysAgo)))].sort((a, b) => b - a);
  for (const age of ages) {
    if (age === 0) continue; // today's import is the refresh itself
    for (const { source, items } of feeds) {
      const known = items.filter((i) => i.importedDaysAgo >= age).map((i) => i.item);
      await importSourceItems(prisma, source, known, new Date(now.getTime() - age * DAY_MS));
    }
  }
  return true;
}
