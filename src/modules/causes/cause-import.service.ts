// Imports one source's items into the catalogue: validates every item, upserts by (source, externalId)
// in one transaction, keeps the first import time, and marks causes that left the feed, that the source
// says are over (the adapter's exclusions), or whose deadline has passed as inactive. A bad item is
// skipped with its reason; it never aborts the import. A run that saw only part of the feed deactivates
// nothing for having left it.
import { createHash, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { bulkInsert, bulkUpdate, inPgTransaction, overPg, type Column } from '../../infra/bulk-insert.js';
import { bulkPool, type Db } from '../../infra/prisma.js';
import { berlinDate, daysBetween } from '../../time/berlin-calendar.js';
import { dataHold } from '../texts/editorial-check.js';
import { pageHostOf, type CauseFacts } from '../texts/text-generator.js';
import { checkFeedItem, prepareFeedItems, type FeedItem } from '../sources/feed-item.js';
import { detectLanguage } from '../sources/language.js';
import type { SkippedItem } from '../sources/skipped-item.js';
import { fundingProgressPct } from './urgency.js';
import { slugify } from './slug.js';
import { actionKeyOf } from './action-key.js';
import { REOPEN_REASON, reviewModeOf, type ReviewMode } from '../review/review-state.js';
import type { ReviewFlag } from '../review/flags.js';
import type { ReviewState } from '../../generated/prisma/client.js';
import { FIGURES_MAX_AGE_DAYS } from './staleness.js';
import {
  causePlace,
  planImport,
  type ImportPlan,
  screened,
  staleReason,
  type CauseData,
  type PlanCounts,
  type PreviousCause,
  type ReviewMove,
} from './import-plan.js';
import {
  causesOfSourceForImport,
  endCauses,
  endPassedDeadlines,
  endStaleFigures,
  setInactiveReason,
  stampSeenCauses,
  stampUnseenCauses,
  takenSlugs,
} from '../../sql/cause.js';
import { bumpContentVersionOverPg } from '../../sql/content-state.js';
import { recordReopenings } from '../../sql/review-event.js';
import { lockSourceForImport, markSourceImported } from '../../sql/source.js';
import { INACTIVE_REASONS } from './inactive-reasons.js';

export interface ImportSource {
  name: string;
  platform: string;
  type: string;
  url: string;
  /** the source's review setting (review-state.ts); unset, reviewModeOf's default */
  review?: ReviewMode;
}

export interface ImportOptions {
  /**
   * Items the adapter saw in the feed and left out on purpose (a project without carrier, an item that
   * is not an action): they are counted as skipped with their reason, and a cause of theirs that is
   * still active becomes inactive with that reason; one already inactive for another reason takes this one.
   */
  excluded?: SkippedItem[];
  /** when a new cause was first imported (default: the run's time); the demo history dates it back */
  firstImportedAt?: (externalId: string) => Date | undefined;
  /**
   * false when the run could not see the whole feed (a page failed, the page limit was reached): what
   * it saw is imported, but no cause is deactivated for being absent. Default true.
   */
  complete?: boolean;
  /** the source's `region` setting (a Land, or `DE`: nationwide): the region of every item that names none */
  region?: string;
  /** items of the feed left out of rawItems because another source's cause stands for them: the feed is not empty */
  listedElsewhere?: number;
  /** the source's row id when the caller has just upserted it with these values (mergeListedActions): saves the upsert */
  sourceId?: string;
  /** action keys already computed by URL (trimmed; mergeListedActions): a new or changed cause is stored with its key */
  actionKeys?: Map<string, string | null>;
}

export interface ImportCounts extends PlanCounts {
  skipped: SkippedItem[];
}

/** The screens' flags as the jsonb[] column of a bulk write. */
const flagsColumn = <Row extends { reviewFlags: ReviewFlag[] | null }>(): Column<Row> => ({
  name: 'reviewFlags',
  arrayType: 'jsonb[]',
  value: (row) => (row.reviewFlags === null ? null : JSON.stringify(row.reviewFlags)),
});

/** What is written for a new or changed item: its data (causeData), its place, the language of its text and whether an editor must see it first. */
async function causeRow(item: FeedItem, data: CauseData, today: string, sourceRegion: string | undefined, review: { mode: ReviewMode; state: ReviewState }) {
  const sourceLanguage = item.language ?? (await detectLanguage(item.title, item.description));
  // Held for an editor from the start, so a new cause that cannot be written honestly is never picked
  // before its summaries are written (the pick comes first in a refresh).
  const hold = dataHold(itemFacts(item, sourceLanguage, today));
  return {
    ...data,
    ...causePlace(item, sourceRegion),
    sourceLanguage,
    editorialState: hold ? ('needs_editor' as const) : ('ok' as const),
    editorialReason: hold,
    reviewState: review.state,
    ...screened(item, review.mode),
  };
}

/** The facts a text is written from, as the cause will have them once stored (also scripts/print-texts.ts). */
export function itemFacts(item: FeedItem, sourceLanguage: string | null, today: string): CauseFacts {
  return {
    title: item.title,
    description: item.description,
    sourceLanguage,
    titleEn: item.titleEn ?? null,
    descriptionEn: item.descriptionEn ?? null,
    category: item.category,
    organisationName: item.organisationName,
    organisationIsPublisher: item.organisationIsPublisher ?? false,
    pageHost: pageHostOf(item.url),
    deadline: item.deadline ?? null,
    daysUntilDeadline: item.deadline ? daysBetween(today, item.deadline) : null,
    fundingProgressPct: fundingProgressPct({
      fundingGoal: item.fundingGoal ?? null,
      fundingCurrent: item.fundingCurrent ?? null,
      progressPct: item.progressPct ?? null,
    }),
    fundingGoal: item.fundingGoal ?? null,
    fundingCurrent: item.fundingCurrent ?? null,
    actionsToTippingPoint: item.actionsToTippingPoint ?? null,
    statusOpen: item.statusOpen ?? false,
    figuresAsOf: item.figuresAsOf ?? null,
  };
}

type NewCause = Awaited<ReturnType<typeof causeRow>> & {
  id: string;
  /** actionKeyOf(sourceUrl) */
  actionKey: string | null;
  sourceId: string;
  externalId: string;
  slug: string;
  firstImportedAt: Date;
  refreshedAt: Date;
  refreshedWithSource: boolean;
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
  col('actionKey', 'text[]'),
  // as YYYY-MM-DD: pg would send a Date in the process's time zone, and the cast to date would keep its local day
  { name: 'deadline', arrayType: 'date[]', value: (row) => row.deadline?.toISOString().slice(0, 10) ?? null },
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
  { name: 'figuresAsOf', arrayType: 'date[]', value: (row) => row.figuresAsOf?.toISOString().slice(0, 10) ?? null },
  col('editorialState', 'text[]::"EditorialState"[]'),
  col('reviewState', 'text[]::"ReviewState"[]'),
  flagsColumn(),
  col('reviewWeight', 'int[]'),
  col('editorialReason', 'text[]'),
  col('contentHash', 'text[]'),
  col('active', 'bool[]'),
  col('inactiveReason', 'text[]'),
  col('firstImportedAt', 'timestamptz[]'),
  col('refreshedAt', 'timestamptz[]'),
  col('refreshedWithSource', 'bool[]'),
  { name: 'updatedAt', arrayType: 'timestamptz[]', value: (row) => row.refreshedAt },
];

type ChangedCause = Awaited<ReturnType<typeof causeRow>> & {
  id: string;
  actionKey: string | null;
  refreshedAt: Date;
  refreshedWithSource: boolean;
  deadlineSequence: number;
  deadlineChangedAt: Date | null;
};
/** What an update of a changed cause writes: every column of its data and its deadline's version, keyed by id. */
const CHANGED_COLUMNS = [
  ...(CAUSE_COLUMNS.filter((column) => !['sourceId', 'externalId', 'slug', 'firstImportedAt'].includes(column.name)) as unknown as Column<ChangedCause>[]),
  { name: 'deadlineSequence', arrayType: 'int[]', value: (row) => row.deadlineSequence },
  { name: 'deadlineChangedAt', arrayType: 'timestamptz[]', value: (row) => row.deadlineChangedAt },
] satisfies Column<ChangedCause>[];

const REVIEW_MOVE_COLUMNS: Column<ReviewMove>[] = [
  { name: 'id', arrayType: 'uuid[]', value: (row) => row.id },
  { name: 'reviewState', arrayType: 'text[]::"ReviewState"[]', value: (row) => row.reviewState },
  flagsColumn(),
  { name: 'reviewWeight', arrayType: 'int[]', value: (row) => row.reviewWeight },
];

/** The source's row, created or brought up to date with its configuration (platform, type, URL). */
export function upsertSource(prisma: Db, source: ImportSource) {
  return prisma.source.upsert({
    where: { name: source.name },
    create: { name: source.name, platform: source.platform, type: source.type, url: source.url },
    update: { platform: source.platform, type: source.type, url: source.url },
    select: { id: true, causesSeenAt: true },
  });
}

export function causeSlug(sourceName: string, externalId: string, title: string, suffixLength = 6): string {
  const suffix = createHash('sha256').update(`${sourceName}\u0000${externalId}`).digest('hex').slice(0, suffixLength);
  return `${slugify(title, 60) || 'aktion'}-${suffix}`;
}

/** New causes per INSERT statement */
const INSERT_BATCH = 1000;

/** The list in consecutive slices of at most `size` items (for statements with bounded parameters). */
export function* chunks<T>(list: T[], size: number): Generator<T[]> {
  for (let i = 0; i < list.length; i += size) yield list.slice(i, i + size);
}

/** Six hex digits almost never clash; where one would (same title), that cause gets a longer suffix. */
async function resolveSlugClashes(
  client: pg.ClientBase,
  creates: { slug: string; externalId: string; title: string }[],
  sourceName: string,
  /** slugs given to this run's earlier batches */
  taken = new Set<string>(),
) {
  for (const batch of chunks(creates, 10_000)) {
    const slugs = batch.map((c) => c.slug);
    for (const row of await takenSlugs(client, slugs)) taken.add(row.slug);
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

export async function importSourceItems(prisma: Db, source: ImportSource, rawItems: unknown[], now: Date, options: ImportOptions = {}): Promise<ImportCounts> {
  const today = berlinDate(now);
  const excluded = options.excluded ?? [];
  const complete = options.complete ?? true;
  await prepareFeedItems(rawItems);
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

  // The import is one transaction on a plain pg connection (bulkPool): the rows' bytes (descriptions)
  // cost several times as much through Prisma.
  const sourceRow = options.sourceId ? { id: options.sourceId } : await upsertSource(prisma, source);
  return inPgTransaction(bulkPool(prisma), async (client): Promise<ImportCounts> => {
    // The source's row stays locked until the end: a concurrent import of the same source (replicas
    // starting together) waits for this one and then sees its causes.
    const [{ causesSeenAt, review: previousMode }] = await lockSourceForImport(client, sourceRow.id);
    const mode = reviewModeOf(source);
    const current: PreviousCause[] = await causesOfSourceForImport(client, sourceRow.id);
    const plan = planImport({ items, current, excluded, invalid, complete, mode, previousMode, today, region: options.region });

    const ended = await writePlan(client, plan, { source, sourceId: sourceRow.id, mode, now, today, causesSeenAt, options });
    await bumpContentVersionOverPg(client);
    return { ...plan.counts, deactivated: plan.counts.deactivated + ended, skipped };
  });
}

interface WriteContext {
  source: ImportSource;
  sourceId: string;
  mode: ReviewMode;
  now: Date;
  today: string;
  /** when the source's causes were last seen before this run */
  causesSeenAt: Date | null;
  options: ImportOptions;
}

/**
 * Writes an import's plan inside its transaction: the rows of new and changed causes, review moves and
 * reopenings, refreshed_at stamps, the ended and gone causes, and the source's review setting. Returns
 * how many causes it ended for a passed deadline or stale figures, which the plan cannot know.
 */
async function writePlan(
  client: pg.PoolClient,
  plan: ImportPlan,
  { source, sourceId, mode, now, today, causesSeenAt, options }: WriteContext,
): Promise<number> {
  const tx = overPg(client);
  const actionKey = (url: string) => {
    const key = options.actionKeys?.get(url);
    return key !== undefined ? key : actionKeyOf(url);
  };
  // Only new and changed items are turned into rows (language detection, slugs). New causes are inserted
  // in batches as each is made, so the database writes one batch while the next is made here.
  const takenSlugs = new Set<string>();
  let inserting: Promise<unknown> = Promise.resolve();
  for (const batch of chunks(plan.creates, INSERT_BATCH)) {
    const rows: NewCause[] = [];
    for (const { item, data, reviewState } of batch) {
      rows.push({
        ...(await causeRow(item, data, today, options.region, { mode, state: reviewState })),
        id: randomUUID(),
        sourceId: sourceId,
        externalId: item.externalId,
        slug: causeSlug(source.name, item.externalId, item.title),
        actionKey: actionKey(item.url),
        firstImportedAt: options.firstImportedAt?.(item.externalId) ?? now,
        refreshedAt: now,
        refreshedWithSource: true,
      });
    }
    await inserting; // the previous batch: written while this one was made
    await resolveSlugClashes(client, rows, source.name, takenSlugs);
    inserting = bulkInsert(tx, 'Cause', CAUSE_COLUMNS, rows);
    inserting.catch(() => undefined); // awaited with the next batch or after the last; not unhandled meanwhile
  }
  const changes: ChangedCause[] = [];
  for (const { item, data, previous, reviewState, deadlineMoved } of plan.changes) {
    changes.push({
      ...(await causeRow(item, data, today, options.region, { mode, state: reviewState })),
      id: previous.id,
      actionKey: actionKey(item.url),
      refreshedAt: now,
      refreshedWithSource: true,
      deadlineSequence: previous.deadlineSequence + (deadlineMoved ? 1 : 0),
      deadlineChangedAt: deadlineMoved ? now : previous.deadlineChangedAt,
    });
  }

  // The writes, all or none.
  await inserting;
  await bulkUpdate(tx, 'Cause', CHANGED_COLUMNS, changes);
  await bulkUpdate(tx, 'Cause', REVIEW_MOVE_COLUMNS, plan.reviewMoves);
  if (plan.reopened.length) {
    // an approval or release holds for the words the editor read: the source has changed them
    await recordReopenings(tx, plan.reopened, REOPEN_REASON, now);
  }
  if (plan.seen.length) await stampSeenCauses(tx, plan.seen, now);
  if (plan.unseen.length) await stampUnseenCauses(tx, plan.unseen, causesSeenAt);
  await markSourceImported(tx, sourceId, now, mode);
  for (const [reason, ids] of plan.ended) await endCauses(tx, ids, reason, now);
  for (const [reason, ids] of plan.reasonChanged) await setInactiveReason(tx, ids, reason, now);
  if (plan.gone.length) await endCauses(tx, plan.gone, INACTIVE_REASONS.leftTheFeed, now);
  // Causes of this source whose deadline passed since they were last seen, or whose figures grew stale.
  const passed = await endPassedDeadlines(tx, sourceId, now, today);
  const stale = await endStaleFigures(tx, sourceId, { now, today, reasonPrefix: staleReason(''), maxAgeDays: FIGURES_MAX_AGE_DAYS });
  return passed + stale;
}
