// "ApiKey": the one statement on keys Prisma cannot express. Called by api-keys/key-usage.ts (a flush of
// the counts, beside api-key-usage.ts's); keys are created, revoked and read through Prisma.
import type { Db } from '../infra/prisma.js';

export interface KeyLastUse {
  keyId: string;
  last: Date;
}

/**
 * Moves each key's lastUsedAt to the latest of its uses given, never back. Returned unawaited, so that it
 * can join a batch transaction.
 */
export function raiseKeysLastUsed(db: Pick<Db, '$executeRaw'>, uses: KeyLastUse[]) {
  const ids = uses.map((r) => r.keyId);
  const lasts = uses.map((r) => r.last);
  return db.$executeRaw`
          UPDATE "ApiKey" k SET "lastUsedAt" = GREATEST(k."lastUsedAt", u."last")
          FROM (SELECT "keyId", max("last") AS "last" FROM unnest(${ids}::uuid[], ${lasts}::timestamptz[]) AS v("keyId", "last") GROUP BY "keyId") u
          WHERE k."id" = u."keyId"`;
}
