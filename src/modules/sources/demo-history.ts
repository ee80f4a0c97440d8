// First start on an empty catalogue: imports the demo sources' items that say they were first imported
// on an earlier day, through the same import as the refresh, with each one's first import dated back to
// that day, so the demo shows a believable spread of import ages. Items of today are left to the
// refresh itself. One import per source (as of the latest earlier day, one transaction) gives the rows a
// day-by-day replay gave, in a fraction of the start-up time.
import type { Db } from '../../infra/prisma.js';
import { berlinDate } from '../../time/berlin-calendar.js';
import { importSourceItems } from '../causes/cause-import.service.js';
import { readDemoFeed } from './demo-feed.js';
import type { SourceConfig } from './sources-config.js';

const DAY_MS = 86_400_000;

export async function importDemoHistory(prisma: Db, sources: SourceConfig[], now: Date): Promise<boolean> {
  const demos = sources.filter((s) => s.type === 'demo');
  if (!demos.length || (await prisma.cause.count()) > 0) return false;
  const today = berlinDate(now);
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const feeds = demos.map((source) => ({ source, earlier: readDemoFeed(source.location, today).filter((i) => i.importedDaysAgo > 0) }));
  // the day-by-day replay ended on the latest earlier import day of all sources: last seen then
  const ages = feeds.flatMap((f) => f.earlier.map((i) => i.importedDaysAgo));
  if (!ages.length) return true;
  const lastSeen = daysAgo(Math.min(...ages));
  for (const { source, earlier } of feeds) {
    if (!earlier.length) continue;
    const firstImported = new Map(earlier.map((i) => [String(i.item.externalId).trim(), daysAgo(i.importedDaysAgo)]));
    await importSourceItems(
      prisma,
      source,
      earlier.map((i) => i.item),
      lastSeen,
      {
        firstImportedAt: (externalId) => firstImported.get(externalId),
        region: source.region,
      },
    );
  }
  return true;
}
