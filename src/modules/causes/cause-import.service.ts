// Imports one source's items into the catalogue: validates every item, upserts by (source, externalId)
// in one transaction, keeps the first import time, and marks causes that left the feed, that the source
// says are over (the adapter's exclusions), or whose deadline has passed as inactive. A bad item is
// skipped with its reason; it never aborts the import. A run that saw only part of the feed deactivates
// nothing for having left it.
import { createHash, hash, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { bulkInsert, bulkUpdate, inPgTransaction, overPg, type Column, type Executor } from '../../infra/bulk-insert.js';
import { bulkPool, type Db } from '../../infra/prisma.js';
import { berlinDate, dateToDb, daysBetween } from '../../time/berlin-calendar.js';
import { dataHold } from '../texts/editorial-check.js';
import { pageHostOf, type CauseFacts } from '../texts/text-generator.js';
import { checkFeedItem, prepareFeedItems, type FeedItem } from '../sources/feed-item.js';
import { detectLanguage } from '../sources/language.js';
import type { SkippedItem } from '../sources/skipped-item.js';
import { fundingProgressPct } from './urgency.js';
import { slugify } from './slug.js';
import { actionKeyOf } from './action-key.js';
import { BUMP_CONTENT_VERSION_SQL } from '../serving/content-version.js';
import { nextReviewState, pendingState, REOPEN_REASON, reviewedWordsOf, reviewModeOf, type ReviewMode } from '../review/review-state.js';
import { weighFlags, type ReviewFlag } from '../review/flags.js';
import { screenCause } from '../review/screens.js';
import type { ReviewState } from '../../generated/prisma/client.js';
import { FIGURES_MAX_AGE_DAYS } from './staleness.js';

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
    item.title,
    item.description,
    item.category,
    item.organisationName,
    item.organisationUrl,
    item.url,
    item.imageUrl ?? null,
    item.deadline ?? null,
    item.fundingGoal ?? null,
    item.fundingCurrent ?? null,
    item.progressPct ?? null,
    item.urgencyScore ?? null,
    item.leverageScore ?? null,
    item.actionsToTippingPoint ?? null,
    // The detected language follows from title and description; only a stated one is a field of its own.
    item.organisationIsPublisher ?? false,
    item.language ?? null,
  ];
  // Appended only when present, so the hash of an item without English (and its texts) stays as it was.
  if (item.titleEn || item.descriptionEn) fields.push(item.titleEn ?? null, item.descriptionEn ?? null);
  if (item.statusOpen || item.figuresAsOf) fields.push(item.statusOpen ?? false, item.figuresAsOf ?? null);
  if (item.closedReason) fields.push(item.closedReason);
  return hash('sha256', JSON.stringify(fields), 'hex').slice(0, 32);
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
  // figures the source has not touched for over a year, with neither a deadline nor an open status, say nothing of now
  const stale =
    !item.deadline && !item.statusOpen && !item.closedReason && item.figuresAsOf != null && daysBetween(item.figuresAsOf, today) > FIGURES_MAX_AGE_DAYS;
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
    // the source says the action is over (a closed status), or its deadline passed: stored, not served
    active: !deadlinePassed && !item.closedReason && !stale,
    inactiveReason: item.closedReason ?? (deadlinePassed ? 'deadline passed' : stale ? staleReason(item.figuresAsOf!) : null),
  };
}

type CauseData = ReturnType<typeof causeData>;

/** Why a cause is stored inactive when its source has not updated it for too long (figuresAsOf: YYYY-MM-DD). */
export const staleReason = (figuresAsOf: string) => `not updated by its source since ${figuresAsOf}`;

/** The screens' flags as the jsonb[] column of a bulk write. */
const flagsColumn = <Row extends { reviewFlags: ReviewFlag[] | null }>(): Column<Row> => ({
  name: 'reviewFlags',
  arrayType: 'jsonb[]',
  value: (row) => (row.reviewFlags === null ? null : JSON.stringify(row.reviewFlags)),
});

/** What the screens found in an item of a source under review (null for a source that needs none), and their weight. */
function screened(item: FeedItem, mode: ReviewMode): { reviewFlags: ReviewFlag[] | null; reviewWeight: number } {
  if (mode === 'none') return { reviewFlags: null, reviewWeight: 0 };
  const { flags, weight } = weighFlags(screenCause(item));
  return { reviewFlags: flags, reviewWeight: weight };
}

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

/** What the import reads of a source's causes. */
interface PreviousCause {
  id: string;
  externalId: string;
  contentHash: string;
  active: boolean;
  inactiveReason: string | null;
  region: string | null;
  latitude: number | null;
  longitude: number | null;
  /** YYYY-MM-DD */
  deadline: string | null;
  deadlineSequence: number;
  deadlineChangedAt: Date | null;
  refreshedWithSource: boolean;
  reviewState: ReviewState;
  reviewedWords: string | null;
  /** whether the screens have looked at it (reviewFlags is set) */
  screened: boolean;
}

/** A cause whose review state (and flags) a change of the source's review setting moves, its data unchanged. */
interface ReviewMove {
  id: string;
  reviewState: ReviewState;
  reviewFlags: ReviewFlag[] | null;
  reviewWeight: number;
}
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
    const { rows } = await client.query<{ slug: string }>('SELECT slug FROM "Cause" WHERE slug = ANY($1::text[])', [slugs]);
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
  const counts: ImportCounts = { new: 0, updated: 0, unchanged: 0, reactivated: 0, deactivated: 0, skipped };

  // The import is one transaction on a plain pg connection (bulkPool): the rows' bytes (descriptions)
  // cost several times as much through Prisma.
  const sourceRow = options.sourceId ? { id: options.sourceId } : await upsertSource(prisma, source);
  const actionKey = (url: string) => {
    const key = options.actionKeys?.get(url);
    return key !== undefined ? key : actionKeyOf(url);
  };
  await inPgTransaction(bulkPool(prisma), async (client) => {
    const tx = overPg(client);
    // The source's row stays locked until the end: a concurrent import of the same source (replicas
    // starting together) waits for this one and then sees its causes.
    const {
      rows: [{ causesSeenAt, review: previousMode }],
    } = await client.query<{ causesSeenAt: Date | null; review: string | null }>('SELECT "causesSeenAt", review FROM "Source" WHERE id = $1 FOR UPDATE', [
      sourceRow.id,
    ]);
    const mode = reviewModeOf(source);
    // a changed setting moves the pending causes of the source (and screens those never screened); a source
    // last imported before review existed had none
    const modeChanged = (previousMode ?? 'none') !== mode;
    const reviewMoves: ReviewMove[] = [];
    const reopened: string[] = [];
    // the deadline as text: pg would read a date as local midnight of the process's time zone
    const { rows: current } = await client.query<PreviousCause>(
      `SELECT id, "externalId", "contentHash", active, "inactiveReason", region, latitude, longitude,
              deadline::text AS deadline, "deadlineSequence", "deadlineChangedAt", "refreshedWithSource",
              "reviewState", "reviewedWords", "reviewFlags" IS NOT NULL AS screened
         FROM "Cause" WHERE "sourceId" = $1`,
      [sourceRow.id],
    );
    const existing = new Map(current.map((row) => [row.externalId, row]));

    // Only new and changed items are turned into rows (language detection, slugs); an unchanged one
    // costs its hash. All three kinds are written in batches. New causes are inserted as each batch is
    // made, so the database writes one batch while the next is made here (and they are not all held).
    let creates: NewCause[] = [];
    const takenSlugs = new Set<string>();
    let inserting: Promise<unknown> = Promise.resolve();
    const insertCreates = async () => {
      const batch = creates;
      creates = [];
      await inserting; // the previous batch: written while this one was made
      await resolveSlugClashes(client, batch, source.name, takenSlugs);
      inserting = bulkInsert(tx, 'Cause', CAUSE_COLUMNS, batch);
      inserting.catch(() => undefined); // awaited with the next batch or after the last; not unhandled meanwhile
      counts.new += batch.length;
    };
    const changes: ChangedCause[] = [];
    const seen: string[] = [];
    for (const item of items) {
      const data = causeData(item, today);
      const previous = existing.get(item.externalId);
      existing.delete(item.externalId);
      if (!previous) {
        creates.push({
          ...(await causeRow(item, data, today, options.region, { mode, state: pendingState(mode) })),
          id: randomUUID(),
          sourceId: sourceRow.id,
          externalId: item.externalId,
          slug: causeSlug(source.name, item.externalId, item.title),
          actionKey: actionKey(item.url),
          firstImportedAt: options.firstImportedAt?.(item.externalId) ?? now,
          refreshedAt: now,
          refreshedWithSource: true,
        });
        if (creates.length === INSERT_BATCH) await insertCreates();
        continue;
      }
      const review = nextReviewState(previous.reviewState, mode, previous.reviewedWords === null || previous.reviewedWords === reviewedWordsOf(item));
      if (review.reopened) reopened.push(previous.id);
      if (previous.contentHash === data.contentHash && previous.active === data.active && samePlace(previous, causePlace(item, options.region))) {
        counts.unchanged += 1;
        if (modeChanged && (review.state !== previous.reviewState || (mode !== 'none') !== previous.screened)) {
          reviewMoves.push({ id: previous.id, reviewState: review.state, ...screened(item, mode) });
        }
        // its refreshed_at follows the source's stamp from now on (already does: nothing to write)
        if (!previous.refreshedWithSource) seen.push(previous.id);
        continue;
      }
      // A moved deadline is a new version of the cause's calendar event (feeds/deadline-calendar.ts).
      const deadlineMoved = previous.deadline !== (data.deadline?.toISOString().slice(0, 10) ?? null);
      changes.push({
        ...(await causeRow(item, data, today, options.region, { mode, state: review.state })),
        id: previous.id,
        actionKey: actionKey(item.url),
        refreshedAt: now,
        refreshedWithSource: true,
        deadlineSequence: previous.deadlineSequence + (deadlineMoved ? 1 : 0),
        deadlineChangedAt: deadlineMoved ? now : previous.deadlineChangedAt,
      });
      if (previous.active && !data.active) counts.deactivated += 1;
      else if (!previous.active && data.active) counts.reactivated += 1;
      else counts.updated += 1;
    }

    // The writes, all or none.
    if (creates.length) await insertCreates();
    await inserting;
    await bulkUpdate(tx, 'Cause', CHANGED_COLUMNS, changes);
    await bulkUpdate(tx, 'Cause', REVIEW_MOVE_COLUMNS, reviewMoves);
    if (reopened.length) {
      // an approval or release holds for the words the editor read: the source has changed them
      await tx.$executeRawUnsafe(
        `INSERT INTO "ReviewEvent" (id, "causeId", decision, "fromState", "toState", reason, "by", "at")
         SELECT gen_random_uuid(), c.id, 'reopen', prev."reviewState"::"ReviewState", c."reviewState", $1, 'import', $2
           FROM "Cause" c JOIN unnest($3::uuid[], $4::text[]) AS prev(id, "reviewState") ON prev.id = c.id`,
        REOPEN_REASON,
        now,
        reopened,
        reopened.map((id) => current.find((row) => row.id === id)!.reviewState),
      );
    }
    // Every cause this run saw takes its refreshed_at from the source's stamp (set below): an unchanged
    // one that already did costs no write. A cause it did not see (gone, ended by the source, invalid
    // today, or absent from an incomplete run) keeps the time the source last saw it, as its own.
    if (seen.length) {
      await tx.$executeRawUnsafe('UPDATE "Cause" SET "refreshedAt" = $1, "updatedAt" = $1, "refreshedWithSource" = true WHERE id = ANY($2::uuid[])', now, seen);
    }
    const unseen = [...existing.values()].filter((row) => row.refreshedWithSource).map((row) => row.id);
    if (unseen.length) {
      await tx.$executeRawUnsafe(
        'UPDATE "Cause" SET "refreshedAt" = COALESCE($1, "refreshedAt"), "refreshedWithSource" = false WHERE id = ANY($2::uuid[])',
        causesSeenAt,
        unseen,
      );
    }
    await tx.$executeRawUnsafe('UPDATE "Source" SET "causesSeenAt" = $1, review = $3 WHERE id = $2::uuid', now, sourceRow.id, mode);

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
      await endCauses(tx, ids, reason, now);
      counts.deactivated += ids.length;
    }
    for (const [reason, ids] of reasonChanged) {
      await tx.$executeRawUnsafe('UPDATE "Cause" SET "inactiveReason" = $1, "updatedAt" = $2 WHERE id = ANY($3::uuid[])', reason, now, ids);
      counts.updated += ids.length;
    }
    // Items that were in the feed but invalid did not leave it: they keep their last good state. A run
    // that saw only part of the feed cannot tell what left it.
    const presentButInvalid = new Set(invalid.map((skip) => skip.externalId));
    const gone = complete
      ? [...existing.entries()].filter(([externalId, row]) => row.active && !presentButInvalid.has(externalId)).map(([, row]) => row.id)
      : [];
    if (gone.length) {
      await endCauses(tx, gone, 'left the feed', now);
      counts.deactivated += gone.length;
    }
    // Causes of this source whose deadline passed since they were last seen, or whose figures grew stale.
    counts.deactivated += await tx.$executeRawUnsafe(
      `UPDATE "Cause" SET active = false, "inactiveReason" = 'deadline passed', "updatedAt" = $1
        WHERE "sourceId" = $2::uuid AND active AND deadline < $3::date`,
      now,
      sourceRow.id,
      today,
    );
    counts.deactivated += await tx.$executeRawUnsafe(
      `UPDATE "Cause" SET active = false, "inactiveReason" = $4 || "figuresAsOf"::text, "updatedAt" = $1
        WHERE "sourceId" = $2::uuid AND active AND deadline IS NULL AND NOT "statusOpen" AND "figuresAsOf" < $3::date - $5::int`,
      now,
      sourceRow.id,
      today,
      staleReason(''),
      FIGURES_MAX_AGE_DAYS,
    );
    await client.query(BUMP_CONTENT_VERSION_SQL);
  });
  return counts;
}

/** Ends the given causes with the reason. */
function endCauses(db: Executor, ids: string[], reason: string, now: Date) {
  return db.$executeRawUnsafe('UPDATE "Cause" SET active = false, "inactiveReason" = $1, "updatedAt" = $2 WHERE id = ANY($3::uuid[])', reason, now, ids);
}
