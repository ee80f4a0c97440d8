// "Source": the statements of an import's transaction over plain pg (causes/cause-import.service.ts) and
// the sources' last fetches for /status (serving/readiness.ts). The upsert of a source and the rest are
// Prisma's.
import type pg from 'pg';
import type { Executor } from '../infra/bulk-insert.js';
import type { SmallRead } from '../infra/small-read.js';

export interface SourceImportStateRow {
  /** when the source's causes were last seen */
  causesSeenAt: Date | null;
  /** its review setting at its last import (null: before review existed) */
  review: string | null;
}

/**
 * Locks the source's row for the rest of the import's transaction (a concurrent import of the same source
 * waits for this one and then sees its causes), and reads what its last import left.
 */
export async function lockSourceForImport(client: Pick<pg.ClientBase, 'query'>, sourceId: string): Promise<SourceImportStateRow[]> {
  const { rows } = await client.query<SourceImportStateRow>('SELECT "causesSeenAt", review FROM "Source" WHERE id = $1 FOR UPDATE', [sourceId]);
  return rows;
}

/** The import's mark on the source: its causes seen at `now`, with this review setting. */
export function markSourceImported(db: Executor, sourceId: string, now: Date, review: string): PromiseLike<number> {
  return db.$executeRawUnsafe('UPDATE "Source" SET "causesSeenAt" = $1, review = $3 WHERE id = $2::uuid', now, sourceId, review);
}

export interface SourceFetchRow {
  name: string;
  lastFetchAt: Date | null;
  lastOutcome: string | null;
  lastError: string | null;
}

/** Every source's last fetch, by name. */
export function lastFetches(read: SmallRead): Promise<SourceFetchRow[]> {
  return read<SourceFetchRow>('SELECT "name", "lastFetchAt", "lastOutcome", "lastError" FROM "Source" ORDER BY "name"');
}
