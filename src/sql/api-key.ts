// "ApiKey": the one statement on keys Prisma cannot express. Called by api-keys/key-usage.ts (a flush of
// the counts over plain pg, beside api-key-usage.ts's); keys are created, revoked and read through Prisma.
import type pg from 'pg';

export interface KeyLastUse {
  keyId: string;
  last: Date;
}

/** Moves each key's lastUsedAt to the latest of its uses given, never back. */
export async function raiseKeysLastUsed(client: Pick<pg.ClientBase, 'query'>, uses: KeyLastUse[]): Promise<void> {
  await client.query(
    `UPDATE "ApiKey" k SET "lastUsedAt" = GREATEST(k."lastUsedAt", u."last")
     FROM (SELECT "keyId", max("last") AS "last" FROM unnest($1::uuid[], $2::timestamptz[]) AS v("keyId", "last") GROUP BY "keyId") u
     WHERE k."id" = u."keyId"`,
    [uses.map((r) => r.keyId), uses.map((r) => r.last)],
  );
}
