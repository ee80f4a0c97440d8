// "CauseText": the summaries. Called by texts/texts.service.ts, whose batches of summaries are written
// over plain pg (their bytes cost several times as much through Prisma): the delete is here, the rows
// are inserted by infra/bulk-insert.ts.
import type pg from 'pg';

/** Deletes the causes' summaries (before their new ones are inserted, in the same transaction). */
export async function deleteCauseTexts(client: Pick<pg.ClientBase, 'query'>, causeIds: string[]): Promise<void> {
  await client.query('DELETE FROM "CauseText" WHERE "causeId" = ANY($1::uuid[])', [causeIds]);
}
