// "ApiKeyUsage": requests per key and Berlin calendar day. Called by api-keys/key-usage.ts, which adds the
// counts an API process held since its last flush in one statement (beside api-key.ts's); the sums per
// key are read through Prisma.
import type { Db } from '../infra/prisma.js';

export interface KeyDayCount {
  keyId: string;
  /** YYYY-MM-DD (Berlin) */
  day: string;
  requests: number;
  /** the last request's time */
  last: Date;
}

/**
 * Adds the counts to each key's day (a key deleted since is left out). Returned unawaited, so that it
 * can join a batch transaction.
 */
export function addKeyUsage(db: Pick<Db, '$executeRaw'>, counts: KeyDayCount[]) {
  const ids = counts.map((r) => r.keyId);
  const days = counts.map((r) => r.day);
  const requests = counts.map((r) => r.requests);
  const lasts = counts.map((r) => r.last);
  return db.$executeRaw`
          INSERT INTO "ApiKeyUsage" ("keyId", "day", "requests", "lastUsedAt")
          SELECT u."keyId", u."day", u."requests", u."lastUsedAt"
          FROM unnest(${ids}::uuid[], ${days}::date[], ${requests}::int[], ${lasts}::timestamptz[]) AS u("keyId", "day", "requests", "lastUsedAt")
          WHERE EXISTS (SELECT 1 FROM "ApiKey" k WHERE k."id" = u."keyId")
          ON CONFLICT ("keyId", "day") DO UPDATE SET
            "requests" = "ApiKeyUsage"."requests" + EXCLUDED."requests",
            "lastUsedAt" = GREATEST("ApiKeyUsage"."lastUsedAt", EXCLUDED."lastUsedAt")`;
}
