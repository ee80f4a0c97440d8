// Incremental sync of the cause list: which causes changed, and which left the list, since a position.
//
// Every write path (the refresh, a suppression, an editor's correction) calls recordCauseChanges after
// its own writes. It compares what each cause now serves with what the last recording saw (Cause.syncState:
// the category and a hash of every field the REST cause shows, in both languages, or why it is not
// listed), so a change is recorded only when a served field really changed: `refreshed_at`, rewritten by
// every refresh, is not in the hash, nor is anything the calendar alone moves (the score's day counts).
// A changed cause takes the next number of the sequence cause_change_seq (Cause.changeSeq) and the
// writer's `now` (changedAt); a cause that left the list gets a tombstone (CauseRemoval) numbered from
// the same sequence. Recordings are serialised by an advisory lock, so numbers are committed in order and
// a reader that has seen number n will never later find a new number below n: the cursor (the last number
// a client has seen) misses nothing, however many changes share a timestamp.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../infra/prisma.js';
import type { Category } from '../sources/feed-item.js';
import { listedSql } from '../review/review-state.js';
import { webhookBody } from '../webhooks/webhook-events.js';
import { recordWebhookEvents } from '../webhooks/webhook-store.js';

/** How long tombstones are answered for; a client position older than this gets a full sync. */
export const SYNC_RETENTION_DAYS = 90;
/** Tombstones are deleted a day after they stop being answered, so that a position just inside the window finds all of its. */
const TOMBSTONE_KEEP_DAYS = SYNC_RETENTION_DAYS + 1;
const DAY_MS = 86_400_000;
/** pg_advisory_xact_lock key of recordCauseChanges ("sync" in ASCII). */
const RECORDING_LOCK = 0x73796e63;

/** Why a cause is no longer in the synced list (the tombstone's `reason`). */
export const REMOVAL_REASONS = ['removed', 'expired', 'inactive', 'rejected', 'unreviewed', 'suppressed', 'recategorised'] as const;

/**
 * Why the cause (the "Cause" row aliased `alias`) is not in the synced list, as SQL: one of
 * REMOVAL_REASONS but `recategorised`, or NULL while it is listed. Also what `GET /causes/{slug}` says of
 * a cause that ended (cause-ending.ts).
 */
export const goneReasonSql = (alias: string) => `
  CASE
    WHEN NOT ${alias}."active" THEN CASE ${alias}."inactiveReason" WHEN 'left the feed' THEN 'removed' WHEN 'deadline passed' THEN 'expired' ELSE 'inactive' END
    WHEN ${alias}."reviewState" = 'rejected' THEN 'rejected'
    WHEN NOT (${listedSql(alias)}) THEN 'unreviewed'
    WHEN ${alias}."suppressed" THEN 'suppressed'
  END`;

/**
 * What a cause serves, as one string: `listed:<category>:<hash>` or `gone:<reason>`. The hash covers each
 * field of the REST cause in both languages (the title as served per language, the summary as served: the
 * stored one while it matches the cause's data, else a stand-in written from that data), and the stored
 * values the score is computed from.
 */
const SYNC_STATE_SQL = `
  COALESCE(
    'gone:' || ${goneReasonSql('c')},
    'listed:' || c."category"::text || ':' || md5(ROW(
      c."title", c."titleEn", td."title", te."title",
      CASE WHEN td."contentHash" = c."contentHash" THEN td."summary" ELSE 'data:' || c."contentHash" END,
      CASE WHEN te."contentHash" = c."contentHash" THEN te."summary" ELSE 'data:' || c."contentHash" END,
      c."organisationName", c."organisationUrl", c."imageUrl", c."fundingProgressPct", c."deadline",
      c."urgencyScore", c."firstImportedAt", c."sourceUrl", s."name", s."platform"
    )::text)
  )`;

export interface RecordedChanges {
  /** causes whose served state changed (listed again, changed, or gone) */
  causes: number;
  /** tombstones written */
  tombstones: number;
}

/**
 * Records the causes whose served fields changed since the last recording (dated `now`), tombstones for
 * those that left the list, and deletes tombstones past their keeping. Safe to call at any time and
 * from any process; a recording that did not happen (a crash between a write and this) is made by the
 * next one.
 */
export async function recordCauseChanges(prisma: Db, now: Date): Promise<RecordedChanges> {
  return prisma.$transaction(
    async (tx) => {
      await lockChangeRecording(tx);
      await tx.$executeRawUnsafe(`
        CREATE TEMP TABLE cause_sync_delta ON COMMIT DROP AS
        SELECT * FROM (
          SELECT c."id", c."slug", c."syncState" AS "old", ${SYNC_STATE_SQL} AS "new"
          FROM "Cause" c
          JOIN "Source" s ON s."id" = c."sourceId"
          LEFT JOIN "CauseText" td ON td."causeId" = c."id" AND td."language" = 'de'
          LEFT JOIN "CauseText" te ON te."causeId" = c."id" AND te."language" = 'en'
        ) states
        WHERE "old" IS DISTINCT FROM "new"`);
      // Tombstones first, so that a cause that moved to another category is numbered after its tombstone.
      const removals = await tx.$queryRawUnsafe<{ seq: bigint; id: string; slug: string; reason: string }[]>(
        `INSERT INTO "CauseRemoval" ("causeId", "slug", "category", "reason", "removedAt")
         SELECT "id", "slug", split_part("old", ':', 2)::"Category",
                CASE WHEN "new" LIKE 'gone:%' THEN substr("new", 6) ELSE 'recategorised' END, $1
         FROM cause_sync_delta
         WHERE "old" LIKE 'listed:%' AND ("new" LIKE 'gone:%' OR split_part("old", ':', 2) <> split_part("new", ':', 2))
         ORDER BY "slug"
         RETURNING "seq", "causeId"::text AS "id", "slug", "reason"`,
        now,
      );
      await recordRemovalEvents(tx, removals, now);
      const changed = await tx.$executeRawUnsafe(
        `UPDATE "Cause" c SET "syncState" = d."new",
           "changeSeq" = CASE WHEN d."new" LIKE 'listed:%' THEN nextval('cause_change_seq') ELSE c."changeSeq" END,
           "changedAt" = $1
         FROM (SELECT * FROM cause_sync_delta ORDER BY "slug") d
         WHERE c."id" = d."id"`,
        now,
      );
      await tx.$executeRawUnsafe(`DELETE FROM "CauseRemoval" WHERE "removedAt" < $1`, new Date(now.getTime() - TOMBSTONE_KEEP_DAYS * DAY_MS));
      return { causes: changed, tombstones: removals.length };
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}

/**
 * cause.removed for each tombstone but a recategorisation (the cause is still listed, under another
 * category): its data is the sync's removal entry, as GET /causes?cursor=… answers it.
 */
function recordRemovalEvents(tx: Pick<Db, '$executeRaw'>, removals: { seq: bigint; id: string; slug: string; reason: string }[], now: Date) {
  const type = 'cause.removed';
  const events = removals
    .filter((removal) => removal.reason !== 'recategorised')
    .map(({ seq, id, slug, reason }) => ({ eventKey: `${type}:${seq}`, payload: webhookBody(type, now, { id, slug, removedAt: now.toISOString(), reason }) }));
  return recordWebhookEvents(tx, type, events, now);
}

/** Takes the recordings' lock for the rest of the caller's transaction (taken before any number is drawn). */
export const lockChangeRecording = (db: Pick<Db, '$executeRawUnsafe'>) => db.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${RECORDING_LOCK})`);

/**
 * Tombstones for causes about to be deleted (the demo catalogue's removal), in the caller's transaction
 * before the delete, after lockChangeRecording. Only causes the sync lists get one; the others' tombstones were written when they left.
 */
export const recordDeletedCauses = (db: Pick<Db, '$executeRaw'>, sourceIds: string[], now: Date) =>
  db.$executeRaw`INSERT INTO "CauseRemoval" ("causeId", "slug", "category", "reason", "removedAt")
    SELECT "id", "slug", split_part("syncState", ':', 2)::"Category", 'removed', ${now}
    FROM "Cause" WHERE "sourceId"::text = ANY(${sourceIds}::text[]) AND "syncState" LIKE 'listed:%' ORDER BY "slug"`;

/** Where a client stands: after change number `seq`, as of `at`; `fullUntil` while a full sync is paged. */
export interface SyncPosition {
  seq: number;
  at: Date;
  /** during a full sync: tombstones up to this number are left out (the client replaces its copy) */
  fullUntil?: number;
}

/**
 * The key that signs cursors: ContentState.syncSecret, made at its first use (so that no two databases
 * share one, not even two made from the embedded template) and read once per client and process.
 */
const cursorKeys = new WeakMap<Db, Promise<string>>();

export function syncCursorKey(prisma: Db): Promise<string> {
  let key = cursorKeys.get(prisma);
  if (!key) {
    key = (async () => {
      const [state] = await prisma.$queryRaw<{ secret: string | null }[]>`SELECT "syncSecret" AS "secret" FROM "ContentState" WHERE "id" = 1`;
      if (state?.secret) return state.secret;
      // Two processes may make it at once: the row lock orders them, and the second keeps the first's.
      const [made] = await prisma.$queryRaw<{ secret: string }[]>`
        UPDATE "ContentState" SET "syncSecret" = COALESCE("syncSecret", md5(gen_random_uuid()::text) || md5(gen_random_uuid()::text))
        WHERE "id" = 1 RETURNING "syncSecret" AS "secret"`;
      if (!made) throw new Error('ContentState has no row: the migrations did not run');
      return made.secret;
    })();
    // a failure (the database away) is not kept: the next request reads again
    key.catch(() => cursorKeys.delete(prisma));
    cursorKeys.set(prisma, key);
  }
  return key;
}

/** Bytes of the HMAC-SHA256 kept in a cursor (128 bits: a forgery needs the key). */
const MAC_BYTES = 16;
const mac = (payload: string, key: string) => createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES);

/** `<position as base64url JSON>.<its MAC>`: a client can read a cursor but not make one. */
export function encodeCursor(position: SyncPosition, key: string): string {
  const value: Record<string, number> = { s: position.seq, t: position.at.getTime() };
  if (position.fullUntil !== undefined) value.f = position.fullUntil;
  const payload = Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
  return `${payload}.${mac(payload, key).toString('base64url')}`;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
/** The largest instant a Date holds (ECMA-262: 8.64e15 ms after the epoch). */
const MAX_TIME_MS = 8.64e15;
const CURSOR = new RegExp(`^([A-Za-z0-9_-]{1,200})\\.([A-Za-z0-9_-]{${Math.ceil((MAC_BYTES * 4) / 3)}})$`);

/** The position a cursor stands for, or null when it is not one this service wrote (with this key). */
export function decodeCursor(cursor: string, key: string): SyncPosition | null {
  const parts = CURSOR.exec(cursor);
  if (!parts) return null;
  const [, payload, signature] = parts;
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== MAC_BYTES || !timingSafeEqual(given, mac(payload, key))) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { s, t, f, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length || !isCount(s) || !isCount(t) || t > MAX_TIME_MS || (f !== undefined && !isCount(f))) return null;
  return { seq: s, at: new Date(t), ...(f !== undefined ? { fullUntil: f } : {}) };
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The instant of an ISO 8601 date and time with a zone, or null. */
export function parseChangedSince(value: string): Date | null {
  if (!ISO_TIMESTAMP.test(value)) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  // 2026-02-30T… parses to March: compare the calendar fields given with the UTC ones of the instant
  const [, y, m, d] = /^(\d{4})-(\d{2})-(\d{2})/.exec(value)!;
  const local = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return local.getUTCMonth() === Number(m) - 1 && local.getUTCDate() === Number(d) ? date : null;
}

export interface CauseRemovalEntry {
  id: string;
  slug: string;
  removedAt: Date;
  reason: string;
}

export interface CauseChangePage {
  /** the changed causes' ids, in the order of changes */
  changedIds: string[];
  removed: CauseRemovalEntry[];
  cursor: string;
  hasMore: boolean;
  full: boolean;
}

export interface CauseChangeQuery {
  /** where the client stands; absent with `since` */
  position?: SyncPosition;
  since?: Date;
  pageSize: number;
  category?: Category | null;
  now: Date;
}

interface EntryRow {
  kind: 'c' | 'r' | 'm';
  seq: bigint | number | null;
  id: string | null;
  slug: string | null;
  reason: string | null;
  at: Date | null;
}

/**
 * One page of changes after a position, or since an instant. A position or instant older than the
 * retention makes it a full sync: every listed cause, and tombstones only from its start on.
 */
export async function readCauseChanges(prisma: Db, query: CauseChangeQuery): Promise<CauseChangePage> {
  const horizon = query.now.getTime() - SYNC_RETENTION_DAYS * DAY_MS;
  const startedAt = query.position ? query.position.at : query.since!;
  const full = query.position?.fullUntil !== undefined || startedAt.getTime() < horizon;
  const after = full && query.position?.fullUntil === undefined ? 0 : (query.position?.seq ?? 0);
  // Without a position, `since` selects by time; from the second page on the cursor's number does.
  const since = !full && !query.position ? query.since! : null;
  const limit = query.pageSize + 1;
  const category = query.category ?? null;
  // One statement, so one snapshot: the last number it reports is consistent with the entries it returns.
  const rows = await prisma.$queryRawUnsafe<EntryRow[]>(
    `(SELECT 'c' AS "kind", "changeSeq" AS "seq", "id"::text AS "id", "slug", NULL AS "reason", NULL::timestamptz AS "at"
       FROM "Cause"
      WHERE "syncState" LIKE 'listed:%' AND "changeSeq" > $1
        AND ($2::text IS NULL OR "category"::text = $2) AND ($3::timestamptz IS NULL OR "changedAt" > $3)
      ORDER BY "changeSeq" LIMIT $4)
     UNION ALL
     (SELECT 'r', "seq", "causeId"::text, "slug", "reason", "removedAt"
       FROM "CauseRemoval"
      WHERE "seq" > GREATEST($1, $5)
        AND ($2::text IS NULL OR "category"::text = $2) AND ($3::timestamptz IS NULL OR "removedAt" > $3)
      ORDER BY "seq" LIMIT $4)
     UNION ALL
     SELECT 'm', GREATEST((SELECT max("changeSeq") FROM "Cause"), (SELECT max("seq") FROM "CauseRemoval")), NULL, NULL, NULL, NULL`,
    after,
    category,
    since,
    limit,
    full ? (query.position?.fullUntil ?? Number.MAX_SAFE_INTEGER) : 0,
  );
  const last = Number(rows.find((row) => row.kind === 'm')?.seq ?? 0);
  const entries = rows
    .filter((row) => row.kind !== 'm')
    .map((row) => ({ ...row, seq: Number(row.seq) }))
    .sort((a, b) => a.seq - b.seq);
  const hasMore = entries.length > query.pageSize;
  const page = entries.slice(0, query.pageSize);
  // A full sync leaves out the tombstones written before it started.
  const fullUntil = full ? (query.position?.fullUntil ?? last) : undefined;
  const next: SyncPosition = hasMore
    ? { seq: page[page.length - 1].seq, at: query.now, ...(fullUntil !== undefined ? { fullUntil } : {}) }
    : { seq: last, at: query.now };
  // Within a page, an entry is superseded by a later one of the same cause (removed, then listed again).
  const lastIndex = new Map(page.map((entry, index) => [entry.slug!, index]));
  const current = page.filter((entry, index) => lastIndex.get(entry.slug!) === index);
  return {
    changedIds: current.filter((entry) => entry.kind === 'c').map((entry) => entry.id!),
    removed: current.filter((entry) => entry.kind === 'r').map((entry) => ({ id: entry.id!, slug: entry.slug!, removedAt: entry.at!, reason: entry.reason! })),
    cursor: encodeCursor(next, await syncCursorKey(prisma)),
    hasMore,
    full,
  };
}
