// The webhook tables' SQL: recording events as deliveries (in the transaction that makes the event), and
// claiming due deliveries for an attempt. A delivery is claimed by one process at a time: FOR UPDATE SKIP
// LOCKED picks rows no other process is claiming, and the claim is a lease (lockedUntil), so a process
// that dies while it holds one only delays it: after the lease another process attempts it again, with
// the same webhook-id.
import os from 'node:os';
import type { Db } from '../../infra/prisma.js';
import type { Language } from '../texts/text-generator.js';

type Writer = Pick<Db, '$executeRaw'>;

/** How long a claim holds a delivery: an attempt's timeout and then some. */
export const WEBHOOK_LEASE_MS = 30_000;

/** Who claims: this process, as the delivery log shows it. */
export const PROCESS_NAME = `${os.hostname()}:${process.pid}`;

export interface RecordedEvent {
  /** what makes it one event: recorded twice for an endpoint, it is still one delivery */
  eventKey: string;
  /** the body (webhookBody) */
  payload: string;
}

/**
 * Records `events` of one type for every endpoint that wants that type (in `language` only, when given)
 * and whose key is live and not a test key (a test key's endpoint gets test deliveries on demand, never
 * production events), as pending deliveries due at `now`. Returns how many deliveries were added.
 */
export function recordWebhookEvents(db: Writer, type: string, events: RecordedEvent[], now: Date, language: Language | null = null): Promise<number> {
  if (!events.length) return Promise.resolve(0);
  return db.$executeRaw`
    INSERT INTO "WebhookDelivery" ("id", "endpointId", "type", "eventKey", "payload", "createdAt", "nextAttemptAt")
    SELECT gen_random_uuid(), e."id", ${type}, ev."key", ev."payload", ${now}, ${now}
    FROM unnest(${events.map((e) => e.eventKey)}::text[], ${events.map((e) => e.payload)}::text[]) AS ev("key", "payload")
    CROSS JOIN "WebhookEndpoint" e
    JOIN "ApiKey" k ON k."id" = e."keyId"
    WHERE ${type} = ANY(e."events") AND (${language}::text IS NULL OR e."language"::text = ${language}::text)
      AND k."revokedAt" IS NULL AND (k."expiresAt" IS NULL OR k."expiresAt" > ${now}) AND NOT k."test"
    ORDER BY ev."key", e."id"
    ON CONFLICT ("endpointId", "eventKey") DO NOTHING`;
}

export interface ClaimedDelivery {
  id: string;
  type: string;
  payload: string;
  /** this attempt's number (1 for the first) */
  attempt: number;
  /** the attempts made before the retry schedule last started over */
  retriesFrom: number;
  endpointId: string;
  url: string;
  secret: string;
  allowPrivate: boolean;
}

/** Claims up to `limit` due deliveries of enabled endpoints for an attempt each, oldest due first. */
export function claimDueDeliveries(db: Db, now: Date, limit: number, by = PROCESS_NAME): Promise<ClaimedDelivery[]> {
  const leaseUntil = new Date(now.getTime() + WEBHOOK_LEASE_MS);
  return db.$queryRaw<ClaimedDelivery[]>`
    UPDATE "WebhookDelivery" d
    SET "lockedUntil" = ${leaseUntil}, "lockedBy" = ${by}, "attempts" = d."attempts" + 1
    FROM "WebhookEndpoint" e
    WHERE e."id" = d."endpointId" AND d."id" IN (
      SELECT due."id" FROM "WebhookDelivery" due
      JOIN "WebhookEndpoint" de ON de."id" = due."endpointId"
      WHERE due."status" = 'pending' AND due."nextAttemptAt" <= ${now}
        AND (due."lockedUntil" IS NULL OR due."lockedUntil" <= ${now}) AND de."disabledAt" IS NULL
      ORDER BY due."nextAttemptAt", due."id"
      LIMIT ${limit}
      FOR UPDATE OF due SKIP LOCKED)
    RETURNING d."id"::text AS "id", d."type", d."payload", d."attempts" AS "attempt", d."retriesFrom", e."id"::text AS "endpointId",
              e."url", e."secret", e."allowPrivate"`;
}

/** Runs a small SQL read: the version probe's pool (serving/versions.ts), apart from the requests' pool. */
export type SmallRead = <Row extends Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<Row[]>;

/**
 * Whether any endpoint is enabled: a process with none to serve does not look for due deliveries. Asked
 * through `read`, so that the look never waits for a connection beside the requests.
 */
export async function hasEnabledEndpoints(read: SmallRead): Promise<boolean> {
  const [row] = await read<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM "WebhookEndpoint" WHERE "disabledAt" IS NULL) AS "any"`);
  return row?.any === true;
}
