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
import { webhookBody } from '../webhooks/webhook-events.js';
import { recordWebhookEvents } from '../webhooks/webhook-store.js';
import type { DeliveryWriter } from '../../sql/webhook-delivery.js';
import { applySyncDelta, causeChangeEntries, stageSyncDelta } from '../../sql/cause.js';
import { recordSyncRemovals, type RecordedRemovalRow } from '../../sql/cause-removal.js';
import { makeSyncSecret } from '../../sql/content-state.js';
import { lockChangeRecording } from '../../sql/locks.js';

/** How long tombstones are answered for; a client position older than this gets a full sync. */
export const SYNC_RETENTION_DAYS = 90;
/** Tombstones are deleted a day after they stop being answered, so that a position just inside the window finds all of its. */
const TOMBSTONE_KEEP_DAYS = SYNC_RETENTION_DAYS + 1;
const DAY_MS = 86_400_000;

/**
 * Why a cause is no longer in the synced list (the tombstone's `reason`). The SQL that tells which one
 * (but `recategorised`) is src/sql/cause.ts's goneReasonSql; what a cause serves, compared with what the
 * last recording saw, its SYNC_STATE_SQL.
 */
export const REMOVAL_REASONS = ['removed', 'expired', 'inactive', 'rejected', 'unreviewed', 'suppressed', 'recategorised'] as const;

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
      await stageSyncDelta(tx);
      // Tombstones first, so that a cause that moved to another category is numbered after its tombstone.
      const removals = await recordSyncRemovals(tx, now);
      await recordRemovalEvents(tx, removals, now);
      const changed = await applySyncDelta(tx, now);
      await tx.causeRemoval.deleteMany({ where: { removedAt: { lt: new Date(now.getTime() - TOMBSTONE_KEEP_DAYS * DAY_MS) } } });
      return { causes: changed, tombstones: removals.length };
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}

/**
 * cause.removed for each tombstone but a recategorisation (the cause is still listed, under another
 * category): its data is the sync's removal entry, as GET /causes?cursor=… answers it.
 */
function recordRemovalEvents(tx: DeliveryWriter, removals: RecordedRemovalRow[], now: Date) {
  const type = 'cause.removed';
  const events = removals
    .filter((removal) => removal.reason !== 'recategorised')
    .map(({ seq, id, slug, reason }) => ({ eventKey: `${type}:${seq}`, payload: webhookBody(type, now, { id, slug, removedAt: now.toISOString(), reason }) }));
  return recordWebhookEvents(tx, type, events, now);
}

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
      const state = await prisma.contentState.findUnique({ where: { id: 1 }, select: { syncSecret: true } });
      if (state?.syncSecret) return state.syncSecret;
      // Two processes may make it at once: the row lock orders them, and the second keeps the first's.
      const made = await makeSyncSecret(prisma);
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
  const rows = await causeChangeEntries(prisma, {
    after,
    category,
    since,
    limit,
    tombstonesAfter: full ? (query.position?.fullUntil ?? Number.MAX_SAFE_INTEGER) : 0,
  });
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
