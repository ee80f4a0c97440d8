// Recording events as deliveries (in the transaction that makes the event), and claiming due deliveries
// for an attempt. A delivery is claimed by one process at a time: the claim is a lease (lockedUntil), so
// a process that dies while it holds one only delays it: after the lease another process attempts it
// again, with the same webhook-id. The statements are src/sql/webhook-delivery.ts's and
// src/sql/webhook-endpoint.ts's.
import os from 'node:os';
import type { Db } from '../../infra/prisma.js';
import type { SmallRead } from '../../infra/small-read.js';
import type { Language } from '../texts/text-generator.js';
import {
  claimDueDeliveries as claimDue,
  recordEventDeliveries,
  type ClaimedDelivery,
  type DeliveryWriter,
  type EventToRecord,
} from '../../sql/webhook-delivery.js';
import { anyEndpointEnabled } from '../../sql/webhook-endpoint.js';

export type { ClaimedDelivery } from '../../sql/webhook-delivery.js';

/** How long a claim holds a delivery: an attempt's timeout and then some. */
export const WEBHOOK_LEASE_MS = 30_000;

/** Who claims: this process, as the delivery log shows it. */
export const PROCESS_NAME = `${os.hostname()}:${process.pid}`;

/**
 * Records `events` of one type for every endpoint that wants that type (in `language` only, when given)
 * and whose key is live and not a test key (a test key's endpoint gets test deliveries on demand, never
 * production events), as pending deliveries due at `now`. Returns how many deliveries were added.
 */
export function recordWebhookEvents(db: DeliveryWriter, type: string, events: EventToRecord[], now: Date, language: Language | null = null): Promise<number> {
  if (!events.length) return Promise.resolve(0);
  return recordEventDeliveries(db, type, events, now, language);
}

/** Claims up to `limit` due deliveries of enabled endpoints for an attempt each, oldest due first. */
export function claimDueDeliveries(db: Db, now: Date, limit: number, by = PROCESS_NAME): Promise<ClaimedDelivery[]> {
  return claimDue(db, { now, leaseUntil: new Date(now.getTime() + WEBHOOK_LEASE_MS), limit, by });
}

/**
 * Whether any endpoint is enabled: a process with none to serve does not look for due deliveries. Asked
 * through `read` (the version probe's pool), so that the look never waits for a connection beside the requests.
 */
export async function hasEnabledEndpoints(read: SmallRead): Promise<boolean> {
  const row = await anyEndpointEnabled(read);
  return row?.any === true;
}
