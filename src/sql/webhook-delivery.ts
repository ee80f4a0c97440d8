// "WebhookDelivery": events recorded as deliveries (in the transaction that makes the event), and the
// claims on due deliveries. A delivery is claimed by one process at a time: FOR UPDATE SKIP LOCKED picks
// rows no other process is claiming, and the claim is a lease (lockedUntil). Called by
// webhooks/webhook-store.ts (recording, the delivery loop's claims), webhooks/webhooks.service.ts (the
// operator's redelivery, an endpoint enabled again) and infra/metrics.ts (deliveries waiting); attempts
// are recorded through Prisma.
import type { Language } from '../generated/prisma/client.js';
import type { Db } from '../infra/prisma.js';
import type { SmallRead } from '../infra/small-read.js';

/** What records events: Prisma's client or the transaction that makes the event. */
export type DeliveryWriter = Pick<Db, '$executeRaw'>;

export interface EventToRecord {
  /** what makes it one event: recorded twice for an endpoint, it is still one delivery */
  eventKey: string;
  /** the body (webhookBody) */
  payload: string;
}

/**
 * Records `events` of one type for every endpoint that wants that type (in `language` only, when given)
 * and whose key is live and not a test key, as pending deliveries due at `now`; an event an endpoint has
 * already is not recorded again. Returns how many deliveries were added.
 */
export function recordEventDeliveries(db: DeliveryWriter, type: string, events: EventToRecord[], now: Date, language: Language | null): Promise<number> {
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

/** A delivery claimed for an attempt, with what the attempt needs of its endpoint. */
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

export interface DueClaim {
  now: Date;
  /** the claim holds the deliveries until then */
  leaseUntil: Date;
  limit: number;
  /** who claims (host:pid) */
  by: string;
}

/** Claims up to `limit` due deliveries of enabled endpoints that no process holds, oldest due first; each counts an attempt. */
export function claimDueDeliveries(db: Pick<Db, '$queryRaw'>, claim: DueClaim): Promise<ClaimedDelivery[]> {
  const { now, leaseUntil, limit, by } = claim;
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

export interface DeliveryClaim {
  deliveryId: string;
  now: Date;
  leaseUntil: Date;
  by: string;
}

/**
 * Claims one delivery for an attempt now, whatever its state (pending again, with the whole retry
 * schedule ahead of it), unless a process holds it. Undefined when one does.
 */
export async function claimDeliveryNow(db: Pick<Db, '$queryRaw'>, claim: DeliveryClaim): Promise<ClaimedDelivery | undefined> {
  const { deliveryId, now, leaseUntil, by } = claim;
  const [claimed] = await db.$queryRaw<ClaimedDelivery[]>`
    UPDATE "WebhookDelivery" d
    SET "status" = 'pending', "lockedUntil" = ${leaseUntil}, "lockedBy" = ${by},
        "retriesFrom" = d."attempts", "attempts" = d."attempts" + 1
    FROM "WebhookEndpoint" e
    WHERE e."id" = d."endpointId" AND d."id" = ${deliveryId}::uuid AND (d."lockedUntil" IS NULL OR d."lockedUntil" <= ${now})
    RETURNING d."id"::text AS "id", d."type", d."payload", d."attempts" AS "attempt", d."retriesFrom", e."id"::text AS "endpointId", e."url", e."secret", e."allowPrivate"`;
  return claimed;
}

/** The endpoint's waiting deliveries due at `now`, each with the whole retry schedule ahead of it again. */
export function retryPendingDeliveriesNow(db: Pick<Db, '$executeRaw'>, endpointId: string, now: Date): Promise<number> {
  return db.$executeRaw`UPDATE "WebhookDelivery" SET "nextAttemptAt" = ${now}, "retriesFrom" = "attempts" WHERE "endpointId" = ${endpointId}::uuid AND "status" = 'pending'`;
}

export interface PendingCountRow {
  pending: number;
}

/** Deliveries waiting for an attempt (of enabled and disabled endpoints). */
export async function pendingDeliveryCount(read: SmallRead): Promise<PendingCountRow | undefined> {
  const [row] = await read<PendingCountRow>(`SELECT count(*)::int AS pending FROM "WebhookDelivery" WHERE "status" = 'pending'`);
  return row;
}
