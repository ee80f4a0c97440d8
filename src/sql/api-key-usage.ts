// "ApiKeyUsage": requests per key and Berlin calendar day. Called by api-keys/key-usage.ts, which adds the
// counts an API process held since its last flush in one statement (beside api-key.ts's) over plain pg:
// a flush carries a row per key seen, and through Prisma its arrays cost several times as much CPU. The
// sums per key are read through Prisma.
import type pg from 'pg';

export interface KeyDayCount {
  keyId: string;
  /** YYYY-MM-DD (Berlin) */
  day: string;
  requests: number;
  /** the last request's time */
  last: Date;
}

/** Adds the counts to each key's day (a key deleted since is left out). */
export async function addKeyUsage(client: Pick<pg.ClientBase, 'query'>, counts: KeyDayCount[]): Promise<void> {
  await client.query(
    `INSERT INTO "ApiKeyUsage" ("keyId", "day", "requests", "lastUsedAt")
     SELECT u."keyId", u."day", u."requests", u."lastUsedAt"
     FROM unnest($1::uuid[], $2::date[], $3::int[], $4::timestamptz[]) AS u("keyId", "day", "requests", "lastUsedAt")
     WHERE EXISTS (SELECT 1 FROM "ApiKey" k WHERE k."id" = u."keyId")
     ON CONFLICT ("keyId", "day") DO UPDATE SET
       "requests" = "ApiKeyUsage"."requests" + EXCLUDED."requests",
       "lastUsedAt" = GREATEST("ApiKeyUsage"."lastUsedAt", EXCLUDED."lastUsedAt")`,
    [counts.map((r) => r.keyId), counts.map((r) => r.day), counts.map((r) => r.requests), counts.map((r) => r.last)],
  );
}
