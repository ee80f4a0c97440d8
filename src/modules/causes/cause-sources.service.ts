// One cause per real action. Before a source's items are imported, an item that points at the same
// action (actionKeyOf: platform id or canonical URL) as a cause of another source is not imported again:
// the source is recorded beside that cause (CauseSource). A cause stays active while any of its sources
// lists it: when its own source stops listing it, a source that still lists it takes it over, and a cause
// that had ended as "left the feed" is taken over by the source that lists it again.
//
// The newest word on an action wins, whichever source says it and in whichever order the sources are
// read. An item whose figures the source dates later than the cause's (figuresAsOf) takes the cause
// over, and its import brings the cause up to date: open again, or ended with the item's closedReason.
// An item that says the action is over ends it too when it cannot be told to be older (one of the two is
// undated): a closed action is not offered as open on a guess. A closing item that does not end the
// cause is skipped with its reason (older than the cause's figures: SUPERSEDED_CLOSING; the cause has
// ended already: CLOSED_ELSEWHERE); an open item not newer than a closed cause's is recorded beside it
// and does not reopen it. This runs before and after importSourceItems, on the
// fetched items, and leaves the import itself as it is.
import { bulkPool, type Db } from '../../infra/prisma.js';
import type { SkippedItem } from '../sources/skipped-item.js';
import { actionKeyOf } from './action-key.js';
import { dateFromDb, isCalendarDate } from '../../time/berlin-calendar.js';
import { chunks, upsertSource, type ImportSource } from './cause-import.service.js';
import { causeKeysOfSource, setActionKeys } from '../../sql/cause.js';
import { linkCauseSources } from '../../sql/cause-source.js';
import { INACTIVE_REASONS } from './inactive-reasons.js';

export const SAME_ACTION_IN_FEED = 'the same action as an earlier item of the feed';
export const SUPERSEDED_CLOSING = 'says the action is over, but another source has newer figures for it';
export const CLOSED_ELSEWHERE = "says the action is over, and another source's cause of it has ended already";

interface RawItem {
  externalId: string | null;
  key: string | null;
  /** YYYY-MM-DD: the day the source dates the item's figures, when it does */
  figuresAsOf: string | null;
  /** the item says the action is over */
  closing: boolean;
  raw: unknown;
}

/**
 * The item's id and action key. `known` holds the keys of the source's causes by URL (trimmed): an item
 * whose URL its cause already has takes the stored key (actionKeyOf of that URL), so an unchanged feed
 * normalises no URL; every key used is kept in `keys`, for the import.
 */
function rawItemOf(raw: unknown, known: Map<string, string | null>, keys: Map<string, string | null>): RawItem {
  const { externalId, url, figuresAsOf, closedReason } = (raw ?? {}) as { externalId?: unknown; url?: unknown; figuresAsOf?: unknown; closedReason?: unknown };
  const id = typeof externalId === 'string' ? externalId.trim() : typeof externalId === 'number' ? String(externalId) : null;
  let key: string | null = null;
  if (typeof url === 'string') {
    const trimmed = url.trim();
    const stored = known.get(trimmed);
    key = stored !== undefined ? stored : actionKeyOf(trimmed);
    keys.set(trimmed, key);
  }
  return {
    externalId: id || null,
    key,
    figuresAsOf: typeof figuresAsOf === 'string' && isCalendarDate(figuresAsOf) ? figuresAsOf : null,
    closing: typeof closedReason === 'string' && closedReason.trim() !== '',
    raw,
  };
}

/** What the merge reads of another source's cause of the same action. */
interface CauseOfAction {
  id: string;
  sourceId: string;
  externalId: string;
  active: boolean;
  inactiveReason: string | null;
  figuresAsOf: Date | null;
}

/**
 * Whether the item's word on the action is to replace the cause's: its figures are dated later; or it
 * says the action is over, the cause is still active, and the cause's figures are not dated later than
 * its own (an undated closing word ends an open cause). Strictly so, or two sources with the same word
 * would take the cause from each other on every run.
 */
function supersedes(item: RawItem, cause: CauseOfAction): boolean {
  const causeDay = cause.figuresAsOf ? dateFromDb(cause.figuresAsOf) : null;
  if (item.closing) return cause.active && (item.figuresAsOf === null || causeDay === null || item.figuresAsOf >= causeDay);
  return item.figuresAsOf !== null && causeDay !== null && item.figuresAsOf > causeDay;
}

export interface ListedActions {
  /** the items left for the import: the actions this source is the first to list, and its own causes */
  items: unknown[];
  /** items that repeat an earlier item of the same feed (same action under another id), and closing items older than another source's figures */
  skipped: SkippedItem[];
  /** items recorded as a further source of another source's cause */
  merged: number;
  /** causes of other sources this one took over (they left their feed, or its word on them is newer): its import updates them */
  takenOver: number;
  /** the source's id (its row is created if it had none) */
  sourceId: string;
  /** the action key of each item's URL (trimmed), as computed here: the import stores it with a new or changed cause */
  actionKeys: Map<string, string | null>;
}

/**
 * Records which of a source's items are actions another source's cause already stands for, and hands
 * over the source's causes it no longer lists to a source that still does. `complete` false (a run that
 * saw part of the feed): no link ends and nothing is handed over for being absent.
 */
export async function mergeListedActions(
  prisma: Db,
  source: ImportSource,
  rawItems: unknown[],
  options: { now: Date; complete: boolean; excludedIds: (string | null)[] },
): Promise<ListedActions> {
  const { now, complete } = options;
  // The import takes this id instead of upserting the row again (one round trip).
  const sourceRow = await upsertSource(prisma, source);
  const sourceId = sourceRow.id;
  // The source's causes (over plain pg: a catalogue's worth of rows): which items are its own, and the keys of their URLs.
  const ownRows = await causeKeysOfSource(bulkPool(prisma), sourceId);
  const known = new Map<string, string | null>();
  for (const row of ownRows) if (row.actionKey !== null) known.set(row.sourceUrl, row.actionKey);
  const result: ListedActions = { items: [], skipped: [], merged: 0, takenOver: 0, sourceId, actionKeys: new Map() };
  // Within the feed: the first item of an action stands for it (the same id twice is the import's to skip).
  const firstIdOfKey = new Map<string, string | null>();
  const fetched = rawItems.map((raw) => rawItemOf(raw, known, result.actionKeys));
  const items: RawItem[] = [];
  for (const item of fetched) {
    const first = item.key === null ? undefined : firstIdOfKey.get(item.key);
    if (first !== undefined && first !== item.externalId) result.skipped.push({ externalId: item.externalId, reason: SAME_ACTION_IN_FEED });
    else {
      if (item.key !== null) firstIdOfKey.set(item.key, item.externalId);
      items.push(item);
    }
  }

  const listedIds = new Set(fetched.map((item) => item.externalId).filter((id): id is string => id !== null));

  // Items that are not yet causes of this source, and whose action another source's cause stands for.
  const own = new Set(ownRows.map((row) => row.externalId));
  const candidates = items.filter((i) => i.externalId !== null && i.key !== null && !own.has(i.externalId));
  const causeOfKey = new Map<string, CauseOfAction>();
  for (const batch of chunks([...new Set(candidates.map((i) => i.key!))], 5000)) {
    const rows = await prisma.cause.findMany({
      where: { actionKey: { in: batch }, sourceId: { not: sourceId } },
      select: { id: true, sourceId: true, externalId: true, actionKey: true, active: true, inactiveReason: true, figuresAsOf: true },
      // where duplicates from before one cause per action exist: the active one, else the first
      orderBy: [{ active: 'desc' }, { firstImportedAt: 'asc' }, { id: 'asc' }],
    });
    for (const row of rows) if (!causeOfKey.has(row.actionKey!)) causeOfKey.set(row.actionKey!, row);
  }
  const linked = new Map<string, string>(); // externalId → the cause it is recorded beside
  const takenOver = new Set<string>(); // causes this source took over in this run
  for (const item of items) {
    const cause = item.externalId !== null && !own.has(item.externalId) && item.key !== null ? causeOfKey.get(item.key) : undefined;
    // another item with the id of one that took the cause over: the import's to skip as a duplicate
    if (!cause || takenOver.has(cause.id)) {
      result.items.push(item.raw);
      continue;
    }
    const externalId = item.externalId!;
    if ((!cause.active && cause.inactiveReason === INACTIVE_REASONS.leftTheFeed) || supersedes(item, cause)) {
      // Its source no longer lists it, or this source's word on it is newer: this source takes it over,
      // and its import brings it up to date as its own. The source it had, while it lists it open, is
      // recorded beside it (until that source stops listing it; one whose word is that it is over is
      // not, and its next run skips that word as older).
      await prisma.$transaction([
        prisma.causeSource.deleteMany({ where: { causeId: cause.id, sourceId } }),
        prisma.cause.update({ where: { id: cause.id }, data: { sourceId, externalId } }),
        ...(!cause.active
          ? []
          : [
              prisma.causeSource.upsert({
                where: { sourceId_externalId: { sourceId: cause.sourceId, externalId: cause.externalId } },
                create: { causeId: cause.id, sourceId: cause.sourceId, externalId: cause.externalId, seenAt: now },
                update: { causeId: cause.id, seenAt: now },
              }),
            ]),
      ]);
      takenOver.add(cause.id);
      result.items.push(item.raw);
      continue;
    }
    if (item.closing) {
      // an older word than the open cause's, or one on a cause that has ended: it neither ends the cause
      // nor stands beside it as a listing
      result.skipped.push({ externalId, reason: cause.active ? SUPERSEDED_CLOSING : CLOSED_ELSEWHERE });
      continue;
    }
    linked.set(externalId, cause.id);
  }
  result.merged = linked.size;
  result.takenOver = takenOver.size;
  const links = [...linked];
  for (const batch of chunks(links, 5000)) {
    await linkCauseSources(
      prisma,
      sourceId,
      batch.map(([externalId, causeId]) => ({ causeId, externalId })),
      now,
    );
  }

  // Links of items this source no longer lists as open actions end; on an incomplete run only those
  // it says are over.
  const ended = [...options.excludedIds, ...result.skipped.map((s) => s.externalId)].filter((id): id is string => id !== null);
  await prisma.causeSource.deleteMany({
    where: complete ? { sourceId, externalId: { notIn: [...linked.keys()] } } : { sourceId, externalId: { in: ended } },
  });

  if (complete) await handOverUnlisted(prisma, sourceRow, listedIds);
  return result;
}

/** This source's causes that it no longer lists, while another source does: that source takes them over. */
async function handOverUnlisted(prisma: Db, source: { id: string; causesSeenAt: Date | null }, listedIds: Set<string>): Promise<void> {
  const listedElsewhere = await prisma.cause.findMany({
    where: { sourceId: source.id, alsoListedBy: { some: {} }, OR: [{ active: true }, { inactiveReason: INACTIVE_REASONS.leftTheFeed }] },
    select: {
      id: true,
      externalId: true,
      active: true,
      refreshedWithSource: true,
      alsoListedBy: { orderBy: [{ seenAt: 'desc' }, { sourceId: 'asc' }], take: 1 },
    },
  });
  for (const cause of listedElsewhere) {
    if (listedIds.has(cause.externalId)) continue;
    const [heir] = cause.alsoListedBy;
    await prisma.$transaction([
      prisma.causeSource.delete({ where: { sourceId_externalId: { sourceId: heir.sourceId, externalId: heir.externalId } } }),
      prisma.cause.update({
        where: { id: cause.id },
        data: {
          sourceId: heir.sourceId,
          externalId: heir.externalId,
          ...(cause.active ? {} : { active: true, inactiveReason: null }),
          // its refreshed_at was the old source's stamp: it keeps that time as its own
          ...(cause.refreshedWithSource ? { refreshedWithSource: false, ...(source.causesSeenAt ? { refreshedAt: source.causesSeenAt } : {}) } : {}),
        },
      }),
    ]);
  }
}

/** Sets the action key of the source's causes that have none yet (new ones, and all after the upgrade). */
export async function recordActionKeys(prisma: Db, sourceName: string): Promise<void> {
  const rows = await prisma.cause.findMany({ where: { actionKey: null, source: { name: sourceName } }, select: { id: true, sourceUrl: true } });
  const keyed = rows.map((row) => ({ id: row.id, key: actionKeyOf(row.sourceUrl) })).filter((row) => row.key !== null);
  for (const batch of chunks(keyed, 5000)) await setActionKeys(prisma, batch);
}
