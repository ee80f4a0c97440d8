// Imports one source's items into the catalogue: validates every item, upserts by (source, externalId)
// in one transaction, keeps the first import time, and marks causes that left the feed, that the source
// says are over (the adapter's exclusions), or whose deadline has passed as inactive. A bad item is
// skipped with its reason; it never aborts the import. A run that saw only part of the feed deactivates
// nothing for having left it.
import { createHash, randomUUID } from 'node:crypto';
import { bulkInsert, type Column } from '../../infra/bulk-insert.js';
import type { Db } from '../../infra/prisma.js';
import { berlinDate, dateToDb, daysBetween } from '../../time/berlin-calendar.js';
import { dataHold } from '../texts/editorial-check.js';
import type { CauseFacts } from '../texts/text-generator.js';
import { checkFeedItem, type FeedItem } from '../sources/feed-item.js';
import { detectLanguage } from '../sources/language.js';
import type { SkippedItem } from '../sources/skipped-item.js';
import { fundingProgressPct } from './urgency.js';
import { slugify } from './slug.js';
import { bumpContentVersion } from '../serving/content-version.js';

export interface ImportSource {
  name: string;
  platform: string;
  type: string;
  url: string;
}

export interface ImportOptions {
  /**
   * Items the adapter saw in the feed and left out on purpose (a closed or fully funded project): they
   * are counted as skipped with their reason, and a cause of theirs that is still active becomes
   * inactive with that reason; one already inactive for another reason takes this one.
   */
  excluded?: SkippedItem[];
  /** when a new cause was first imported (default: the run's time); the demo history dates it back */
  firstImportedAt?: (externalId: string) => Date | undefined;
  /**
   * false when the run could not see the whole feed (a page failed, the page limit was reached): what
   * it saw is imported, but no cause is deactivated for being absent. Default true.
   */
  complete?: boolean;
  /** the source's Land (its `region` setting): the region of every item that names none */
  region?: string;
  /** items of the feed left out of rawItems because another source's cause stands for them: the feed is not empty */
  listedElsewhere?: number;
}

export interface ImportCounts {
  new: number;
  updated: number;
  unchanged: number;
  reactivated: number;
  deactivated: number;
  skipped: SkippedItem[];
}

function contentHashOf(item: FeedItem): string {
  const fields = [
    item.title, item.description, item.category, item.organisationName, item.organisationUrl, item.url,
    item.imageUrl ?? null, item.deadline ?? null, item.fundingGoal ?? null, item.fundingCurrent ?? null,
    item.progressPct ?? null, item.urgencyScore ?? null, item.leverageScore ?? null, item.actionsToTippingPoint ?? null,
    // The detected language follows from title and description; only a stated one is a field of its own.
    item.organisationIsPublisher ?? false, item.language ?? null,
  ];
  // Appended only when present, so the hash of an item without English (and its texts) stays as it was.
  if (item.titleEn || item.descriptionEn) fields.push(item.titleEn ?? null, item.descriptionEn ?? null);
  if (item.statusOpen || item.figuresAsOf) fields.push(item.statusOpen ?? false, item.figuresAsOf ?? null);
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex').slice(0, 32);
}

/**
 * Where the cause is: not part of the content hash (no text is written from it), so a source that starts
 * giving a place changes no texts; an item whose place changed is rewritten all the same.
 */
function causePlace(item: FeedItem, sourceRegion: string | undefined) {
  return { region: item.region ?? sourceRegion ?? null, latitude: item.latitude ?? null, longitude: item.longitude ?? null };
}

const samePlace = (a: ReturnType<typeof causePlace>, b: ReturnType<typeof causePlace>) =>
  a.region === b.region && a.latitude === b.latitude && a.longitude === b.longitude;

function causeData(item: FeedItem, today: string) {
  const progress = fundingProgressPct({
    fundingGoal: item.fundingGoal ?? null,
    fundingCurrent: item.fundingCurrent ?? null,
    progressPct: item.progressPct ?? null,
  });
  const deadlinePassed = item.deadline != null && item.deadline < today;
  return {
    title: item.title,
    description: item.description,
    titleEn: item.titleEn ?? null,
    descriptionEn: item.descriptionEn ?? null,
    category: item.category,
    organisationName: item.organisationName,
    organisationUrl: item.organisationUrl,
    organisationIsPublisher: item.organisationIsPublisher ?? false,
    imageUrl: item.imageUrl ?? null,
    sourceUrl: item.url,
    deadline: item.deadline ? dateToDb(item.deadline) : null,
    fundingGoal: item.fundingGoal ?? null,
    fundingCurrent: item.fundingCurrent ?? null,
    progressPct: item.progressPct ?? null,
    fundingProgressPct: progress,
    urgencyScore: item.urgencyScore ?? null,
    leverageScore: item.leverageScore ?? null,
    actionsToTippingPoint: item.actionsToTippingPoint ?? null,
    statusOpen: item.statusOpen ?? false,
    figuresAsOf: item.figuresAsOf ? dateToDb(item.figuresAsOf) : null,
    contentHash: contentHashOf(item),
    active: !deadlinePassed,
    inactiveReason: deadlinePassed ? 'deadline passed' : null,
  };
}

/** What is written for a new or changed item: its data and the language of its text. */
async function causeRow(item: FeedItem, today: string, sourceRegion: string | undefined) {
  const sourceLanguage = item.language ?? (await detectLanguage(item.title, item.description));
  const data = causeData(item, today);
  // Held for an editor from the start, so a new cause that cannot be written honestly is never picked
  // before its summaries are written (the pick comes first in a refresh).
  const hold = dataHold(itemFacts(item, sourceLanguage, today));
  return { ...data, ...causePlace(item, sourceRegion), sourceLanguage, editorialState: hold ? ('needs_editor' as const) : ('ok' as const), editorialReason: hold };
}

/** The facts a text is written from, as the cause will have them once stored. */
function itemFacts(item: FeedItem, sourceLanguage: string | null, today: string): CauseFacts {
  return {
    title: item.title,
    description: item.description,
    sourceLanguage,
    titleEn: item.titleEn ?? null,
    descriptionEn: item.descriptionEn ?? null,
    category: item.category,
    organisationName: item.organisationName,
    organisationIsPublisher: item.organisationIsPublisher ?? false,
    deadline: item.deadline ?? null,
    daysUntilDeadline: item.deadline ? daysBetween(today, item.deadline) : null,
    fundingProgressPct: fundingProgressPct({ fundingGoal: item.fundingGoal ?? null, fundingCurrent: item.fundingCurrent ?? null, progressPct: item.progressPct ?? null }),
    fundingGoal: item.fundingGoal ?? null,
    fundingCurrent: item.fundingCurrent ?? null,
    actionsToTippingPoint: item.actionsToTippingPoint ?? null,
    statusOpen: item.statusOpen ?? false,
    figuresAsOf: item.figuresAsOf ?? null,
  };
}

type NewCause = Awaited<ReturnType<typeof causeRow>> & {
  id: string;
  sourceId: string;
  externalId: string;
  slug: string;
  firstImportedAt: Date;
  refreshedAt: Date;
};

const col = (name: keyof NewCause & string, arrayType: string): Column<NewCause> => ({ name, arrayType, value: (row) => row[name] });
const CAUSE_COLUMNS: Column<NewCause>[] = [
  col('id', 'uuid[]'),
  col('sourceId', 'uuid[]'),
  col('externalId', 'text[]'),
  col('slug', 'text[]'),
  col('title', 'text[]'),
  col('description', 'text[]'),
  col('titleEn', 'text[]'),
  col('descriptionEn', 'text[]'),
  col('category', 'text[]::"Category"[]'),
  col('organisationName', 'text[]'),
  col('organisationUrl', 'text[]'),
  col('organisationIsPublisher', 'bool[]'),
  col('sourceLanguage', 'text[]'),
  col('imageUrl', 'text[]'),
  col('sourceUrl', 'text[]'),
  col('deadline', 'date[]'),
  col('fundingGoal', 'numeric[]'),
  col('fundingCurrent', 'numeric[]'),
  col('progressPct', 'numeric[]'),
  col('fundingProgressPct', 'numeric[]'),
  col('urgencyScore', 'int[]'),
  col('leverageScore', 'float8[]'),
  col('actionsToTippingPoint', 'int[]'),
  col('region', 'text[]'),
  col('latitude', 'float8[]'),
  col('longitude', 'float8[]'),
  col('statusOpen', 'bool[]'),
  col('figuresAsOf', 'date[]'),
  col('editorialState', 'text[]::"EditorialState"[]'),
  col('editorialReason', 'text[]'),
  col('contentHash', 'text[]'),
  col('active', 'bool[]'),
  col('inactiveReason', 'text[]'),
  col('firstImportedAt', 'timestamptz[]'),
  col('refreshedAt', 'timestamptz[]'),
  { name: 'updatedAt', arrayType: 'timestamptz[]', value: (row) => row.refreshedAt },
];

export function causeSlug(sourceName: string, externalId: string, title: string, suffixLength = 6): string {
  const suffix = createHash('sha256').update(`${sourceName}\u0000${externalId}`).digest('hex').slice(0, suffixLength);
  return `${slugify(title, 60) || 'aktion'}-${suffix}`;
}

function* chunks<T>(list: T[], size: number): Generator<T[]> {
  for (let i = 0; i < list.length; i += size) yield list.slice(i, i + size);
}

type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0];

/** Six hex digits almost never clash; where one would (same title), that cause gets a longer suffix. */
async function resolveSlugClashes(tx: Tx, creates: { slug: string; externalId: string; title: string }[], sourceName: string) {
  const taken = new Set<string>();
  for (const batch of chunks(creates, 5000)) {
    const rows = await tx.cause.findMany({ where: { slug: { in: batch.map((c) => c.slug) } }, select: { slug: true } });
    for (const row of rows) taken.add(row.slug);
  }
  for (const create of creates) {
    if (taken.has(create.slug)) create.slug = causeSlug(sourceName, create.externalId, create.title, 16);
    taken.add(create.slug);
  }
}

/** Validates raw items; duplicates of an externalId within one feed are skipped after the first. */
export function validateItems(rawItems: unknown[]): { items: FeedItem[]; skipped: SkippedItem[] } {
  const items: FeedItem[] = [];
  const skipped: SkippedItem[] = [];
  const seen = new Set<string>();
  for (const raw of rawItems) {
    const check = checkFeedItem(raw);
    if (!check.ok) skipped.push({ externalId: check.externalId, reason: check.reason });
    else if (seen.has(check.item.externalId)) skipped.push({ externalId: check.item.externalId, reason: 'duplicate externalId in the feed' });
    else {
      seen.add(check.item.externalId);
      items.push(check.item);
    }
  }
  return { items, skipped };
}

export async function importSourceItems(
  prisma: Db,
  source: ImportSource,
  rawItems: unknown[],
  now: Date,
  options: ImportOptions = {},
): Promise<ImportCounts> {
  const today = berlinDate(now);
  const excluded = options.excluded ?? [];
  const complete = options.complete ?? true;
  const { items, skipped: invalid } = validateItems(rawItems);
  if (rawItems.length > 0 && items.length === 0) {
    // Nothing usable at all is a changed format upstream, not every cause ending at once.
    throw new Error(`every item of the feed is invalid (first: ${invalid[0].reason}); its causes are kept`);
  }
  const skipped = [...excluded, ...invalid];
  if (rawItems.length === 0 && excluded.length === 0 && !options.listedElsewhere) {
    // An empty feed is far more often an upstream failure than every cause ending at once.
    const active = await prisma.cause.count({ where: { active: true, source: { name: source.name } } });
    if (active > 0) throw new Error(`the feed is empty; its ${active} active causes are kept`);
  }
  const counts: ImportCounts = { new: 0, updated: 0, unchanged: 0, reactivated: 0, deactivated: 0, skipped };

  await prisma.$transaction(
    async (tx) => {
      const sourceRow = await tx.source.upsert({
        where: { name: source.name },
        create: { name: source.name, platform: source.platform, type: source.type, url: source.url },
        update: { platform: source.platform, type: source.type, url: source.url },
      });
      const existing = new Map(
        (
          await tx.cause.findMany({
            where: { sourceId: sourceRow.id },
            select: { id: true, externalId: true, contentHash: true, active: true, inactiveReason: true, region: true, latitude: true, longitude: true, deadline: true },
          })
        ).map((row) => [row.externalId, row]),
      );

      // New causes and unchanged ones are written in batches; changed ones one by one.
      const creates = [];
      const seen: string[] = [];
      for (const item of items) {
        const data = causeData(item, today);
        const previous = existing.get(item.externalId);
        existing.delete(item.externalId);
        if (!previous) {
          creates.push({
            ...(await causeRow(item, today, options.region)),
            sourceId: sourceRow.id,
            externalId: item.externalId,
            slug: causeSlug(source.name, item.externalId, item.title),
            firstImportedAt: options.firstImportedAt?.(item.externalId) ?? now,
            refreshedAt: now,
          });
          continue;
        }
        if (previous.contentHash === data.contentHash && previous.active === data.active && samePlace(previous, causePlace(item, options.region))) {
          seen.push(previous.id);
          continue;
        }
        // A moved deadline is a new version of the cause's calendar event (feeds/deadline-calendar.ts).
        const deadlineMoved = (previous.deadline?.getTime() ?? null) !== (data.deadline?.getTime() ?? null);
        const deadlineVersion = deadlineMoved ? { deadlineSequence: { increment: 1 }, deadlineChangedAt: now } : {};
        await tx.cause.update({ where: { id: previous.id }, data: { ...(await causeRow(item, today, options.region)), ...deadlineVersion, refreshedAt: now } });
        if (previous.active && !data.active) counts.deactivated += 1;
        else if (!previous.active && data.active) counts.reactivated += 1;
        else counts.updated += 1;
      }
      await resolveSlugClashes(tx, creates, source.name);
      await bulkInsert(tx, 'Cause', CAUSE_COLUMNS, creates.map((c) => ({ ...c, id: randomUUID() })));
      counts.new = creates.length;
      for (const batch of chunks(seen, 5000)) await tx.cause.updateMany({ where: { id: { in: batch } }, data: { refreshedAt: now } });
      counts.unchanged = seen.length;

      // Items the source says are over: their causes end with the source's reason. A cause that had
      // already ended for another reason ("left the feed" before it reappeared as closed) takes the
      // reason the source states now.
      const endedByReason = new Map<string, string[]>();
      const reasonChanged = new Map<string, string[]>();
      for (const { externalId, reason } of excluded) {
        const row = externalId === null ? undefined : existing.get(externalId);
        if (!row) continue;
        existing.delete(externalId!);
        if (row.active) endedByReason.set(reason, [...(endedByReason.get(reason) ?? []), row.id]);
        else if (row.inactiveReason !== reason) reasonChanged.set(reason, [...(reasonChanged.get(reason) ?? []), row.id]);
      }
      for (const [reason, ids] of endedByReason) {
        await tx.cause.updateMany({ where: { id: { in: ids } }, data: { active: false, inactiveReason: reason } });
        counts.deactivated += ids.length;
      }
      for (const [reason, ids] of reasonChanged) {
        await tx.cause.updateMany({ where: { id: { in: ids } }, data: { inactiveReason: reason } });
        counts.updated += ids.length;
      }
      // Items that were in the feed but invalid did not leave it: they keep their last good state. A run
      // that saw only part of the feed cannot tell what left it.
      const presentButInvalid = new Set(invalid.map((skip) => skip.externalId));
      const gone = complete
        ? [...existing.entries()].filter(([externalId, row]) => row.active && !presentButInvalid.has(externalId)).map(([, row]) => row.id)
        : [];
      if (gone.length) {
        await tx.cause.updateMany({ where: { id: { in: gone } }, data: { active: false, inactiveReason: 'left the feed' } });
        counts.deactivated += gone.length;
      }
      // Causes of this source whose deadline passed since they were last seen.
      const expired = await tx.cause.updateMany({
        where: { sourceId: sourceRow.id, active: true, deadline: { lt: dateToDb(today) } },
        data: { active: false, inactiveReason: 'deadline passed' },
      });
      counts.deactivated += expired.count;
      await bumpContentVersion(tx);
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
  return counts;
}
