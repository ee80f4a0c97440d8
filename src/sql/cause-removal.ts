// "CauseRemoval": the sync's tombstones, written from the causes in one statement each. Called by
// causes/cause-changes.service.ts (a recording: the causes that left the list or changed category) and
// refresh/demo-removal.service.ts (causes about to be deleted). Reading a tombstone and deleting those
// past their keeping are Prisma's.
import type { Db } from '../infra/prisma.js';
import { SYNC_DELTA_TABLE } from './cause.js';

export interface RecordedRemovalRow {
  seq: bigint;
  /** the cause's id */
  id: string;
  slug: string;
  reason: string;
}

/**
 * Tombstones (dated `now`) for the staged causes (cause.ts, stageSyncDelta) that were listed and are now
 * gone or listed under another category (`recategorised`), numbered in the order of their slugs.
 */
export function recordSyncRemovals(tx: Pick<Db, '$queryRawUnsafe'>, now: Date): Promise<RecordedRemovalRow[]> {
  return tx.$queryRawUnsafe<RecordedRemovalRow[]>(
    `INSERT INTO "CauseRemoval" ("causeId", "slug", "category", "reason", "removedAt")
         SELECT "id", "slug", split_part("old", ':', 2)::"Category",
                CASE WHEN "new" LIKE 'gone:%' THEN substr("new", 6) ELSE 'recategorised' END, $1
         FROM ${SYNC_DELTA_TABLE}
         WHERE "old" LIKE 'listed:%' AND ("new" LIKE 'gone:%' OR split_part("old", ':', 2) <> split_part("new", ':', 2))
         ORDER BY "slug"
         RETURNING "seq", "causeId"::text AS "id", "slug", "reason"`,
    now,
  );
}

/**
 * Tombstones for the causes of the sources about to be deleted (the demo catalogue's removal), in the
 * caller's transaction before the delete, after lockChangeRecording. Only causes the sync lists get one;
 * the others' tombstones were written when they left. Returned unawaited, so that it can join a batch transaction.
 */
export const recordDeletedCauses = (db: Pick<Db, '$executeRaw'>, sourceIds: string[], now: Date) =>
  db.$executeRaw`INSERT INTO "CauseRemoval" ("causeId", "slug", "category", "reason", "removedAt")
    SELECT "id", "slug", split_part("syncState", ':', 2)::"Category", 'removed', ${now}
    FROM "Cause" WHERE "sourceId"::text = ANY(${sourceIds}::text[]) AND "syncState" LIKE 'listed:%' ORDER BY "slug"`;
