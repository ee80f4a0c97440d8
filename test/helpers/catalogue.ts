// A small catalogue whose scores are known by construction, imported through the real import path and
// refreshed with the real refresh, as of a fixed time.
import { addDays, berlinDate } from '../../src/time/berlin-calendar.js';
import { importSourceItems } from '../../src/modules/causes/cause-import.service.js';
import { runRefresh } from '../../src/modules/refresh/refresh.service.js';
import type { RefreshResult } from '../../src/modules/refresh/refresh-result.js';
import { defaultTextGenerator } from '../../src/modules/texts/default-generator.js';
import type { SourceConfig } from '../../src/modules/sources/sources-config.js';
import type { Db } from '../../src/infra/prisma.js';

// 11:00 in Berlin; the content day is 2026-11-21
export const NOW = new Date('2026-11-21T10:00:00Z');
export const TODAY = berlinDate(NOW);
const DAY_MS = 86_400_000;

export interface FixtureCause {
  externalId: string;
  title: string;
  category: 'Spenden' | 'Petition' | 'Brief';
  deadlineInDays?: number;
  progressPct?: number;
  urgencyScore?: number;
  importedDaysAgo: number;
}

export const feedItem = (c: FixtureCause) => feedItemAsOf(c, TODAY);

/** The feed item with its deadline counted from `today`. */
export function feedItemAsOf(c: FixtureCause, today: string) {
  return {
    externalId: c.externalId,
    title: c.title,
    description: `${c.title}. Eine Aktion für die Region, getragen von Ehrenamtlichen.`,
    category: c.category,
    organisationName: `Verein ${c.externalId} e.V.`,
    organisationUrl: `https://verein-${c.externalId}.example`,
    url: `https://plattform.example/aktionen/${c.externalId}`,
    // the platform states that its actions are open: without it (or a deadline) a cause is held for an editor
    statusOpen: true,
    ...(c.deadlineInDays === undefined ? {} : { deadline: addDays(today, c.deadlineInDays) }),
    ...(c.progressPct === undefined ? {} : { progressPct: c.progressPct }),
    ...(c.urgencyScore === undefined ? {} : { urgencyScore: c.urgencyScore }),
  };
}

// a source that needs no review: these tests are about scores and lists (review.test.ts tests the review)
export const SOURCE = { name: 'Testquelle', platform: 'testplattform', type: 'json-feed', url: 'https://plattform.example/feed.json', review: 'none' as const };

/** Imports the causes, each as of its own import day, then runs the refresh at NOW with no sources. */
export async function seedCatalogue(prisma: Db, causes: FixtureCause[]): Promise<RefreshResult> {
  const ages = [...new Set(causes.map((c) => c.importedDaysAgo))].sort((a, b) => b - a);
  for (const age of ages) {
    const items = causes.filter((c) => c.importedDaysAgo >= age).map(feedItem);
    await importSourceItems(prisma, SOURCE, items, new Date(NOW.getTime() - age * DAY_MS));
  }
  return runRefresh({
    prisma,
    sources: [] as SourceConfig[],
    generator: defaultTextGenerator,
    now: NOW,
    clock: () => NOW,
    trigger: 'test',
    log: { info: () => {}, warn: () => {} },
  });
}

/** 23 causes: totals 100, 90, 80, … as designed; categories cycle so each filter has several pages of 3. */
export function standardCatalogue(): FixtureCause[] {
  const categories = ['Spenden', 'Petition', 'Brief'] as const;
  return Array.from({ length: 23 }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    // i = 0: deadline today, 80 %, new, engagement → 100; then fewer bonuses as i grows
    return {
      externalId: `c${n}`,
      title: `Aktion ${n}`,
      category: categories[i % 3],
      deadlineInDays: i < 8 ? i : i < 16 ? 10 + i : undefined,
      progressPct: i % 2 === 0 ? 80 : 40,
      urgencyScore: i % 4 === 0 ? 90 : 50,
      importedDaysAgo: i < 12 ? 2 : 30,
    };
  });
}
