// The operator's use cases for webhooks (the CLI runs them): register an endpoint for a key and get its
// signing secret once, list endpoints, read an endpoint's delivery log, redeliver, send a test delivery,
// disable, enable and remove.
import { randomBytes, randomUUID } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { Db } from '../../infra/prisma.js';
import type { Language } from '../texts/text-generator.js';
import { isPublicAddress } from '../sources/fetch-source.js';
import { isWebhookEvent, TEST_EVENT, WEBHOOK_EVENT_TYPES, webhookBody, webhookId, type WebhookEvent } from './webhook-events.js';
import { sendDelivery, recordAttempt, type AttemptOutcome, type DeliveryOptions } from './webhook-delivery.js';
import { PROCESS_NAME, WEBHOOK_LEASE_MS, type ClaimedDelivery } from './webhook-store.js';
import { claimDeliveryNow, retryPendingDeliveriesNow } from '../../sql/webhook-delivery.js';

/** A request the operator can correct; `unknown` when an id names nothing (GraphQL's 404, else 400). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class WebhookInputError extends Error {
  constructor(
    message: string,
    readonly unknown = false,
  ) {
    super(message);
  }
}

/** A new signing secret as Standard Webhooks writes it: `whsec_` and 32 random bytes in base64. */
export const generateWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** Why `url` cannot be an endpoint, or null: http(s), no credentials, and (unless allowed) not a private address. */
export function endpointUrlProblem(url: string, allowPrivate: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `"${url}" is not a URL.`;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return `The URL must start with https:// or http://.`;
  if (parsed.username || parsed.password) return 'The URL must not hold a user name or password.';
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const literal = ipaddr.isValid(host);
  if (!allowPrivate && ((literal && !isPublicAddress(host)) || (!literal && /(^|\.)localhost$/i.test(host)))) {
    return `${parsed.hostname} is not a public address: endpoints are untrusted, like feeds (--allow-private allows a receiver on this host or network).`;
  }
  return null;
}

export function parseEvents(value: string | undefined): WebhookEvent[] {
  if (value === undefined) return [...WEBHOOK_EVENT_TYPES];
  const events = [...new Set(value.split(',').map((part) => part.trim()))];
  const unknown = events.filter((event) => !isWebhookEvent(event));
  if (unknown.length || !events.length) {
    throw new WebhookInputError(`Unknown event ${unknown.map((e) => `"${e}"`).join(', ') || '""'}: choose from ${WEBHOOK_EVENT_TYPES.join(', ')}.`);
  }
  return events as WebhookEvent[];
}

export interface EndpointInput {
  keyId: string;
  url: string;
  events: WebhookEvent[];
  language: Language;
  allowPrivate: boolean;
}

export async function registerEndpoint(prisma: Db, input: EndpointInput, now: Date) {
  const problem = endpointUrlProblem(input.url, input.allowPrivate);
  if (problem) throw new WebhookInputError(problem);
  const key = UUID.test(input.keyId) ? await prisma.apiKey.findUnique({ where: { id: input.keyId } }) : null;
  if (!key) throw new WebhookInputError(`No key with the id ${input.keyId} (npm run keys -- list shows the ids).`, true);
  if (key.revokedAt) throw new WebhookInputError(`The key ${input.keyId} is revoked: its endpoint would get nothing.`);
  const secret = generateWebhookSecret();
  const endpoint = await prisma.webhookEndpoint.create({
    data: { keyId: key.id, url: input.url, events: input.events, language: input.language, allowPrivate: input.allowPrivate, secret, createdAt: now },
  });
  return { endpoint, keyLabel: key.label, secret };
}

export async function listEndpoints(prisma: Db) {
  const endpoints = await prisma.webhookEndpoint.findMany({
    orderBy: { createdAt: 'asc' },
    include: { key: { select: { label: true } } },
    omit: { secret: true },
  });
  const counts = await prisma.webhookDelivery.groupBy({ by: ['endpointId', 'status'], _count: { _all: true } });
  const count = (id: string, status: string) => counts.find((c) => c.endpointId === id && c.status === status)?._count._all ?? 0;
  return endpoints.map((e) => ({ ...e, pending: count(e.id, 'pending'), delivered: count(e.id, 'delivered'), failed: count(e.id, 'failed') }));
}

const endpointOrThrow = async (prisma: Db, id: string) => {
  const endpoint = UUID.test(id) ? await prisma.webhookEndpoint.findUnique({ where: { id } }) : null;
  if (!endpoint) throw new WebhookInputError(`No webhook endpoint with the id ${id} (npm run webhooks -- list shows the ids).`, true);
  return endpoint;
};

/** The endpoint's last `limit` deliveries, newest first, each with its attempts. */
export async function deliveryLog(prisma: Db, endpointId: string, limit: number) {
  await endpointOrThrow(prisma, endpointId);
  return prisma.webhookDelivery.findMany({
    where: { endpointId },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    take: limit,
    omit: { payload: true },
    include: { attemptLog: { orderBy: { attempt: 'asc' } } },
  });
}

/** Disables (with the operator's reason) or enables an endpoint; enabled again, its waiting deliveries are due at once. */
export async function setEndpointEnabled(prisma: Db, id: string, enabled: boolean, now: Date, reason = 'disabled by the operator') {
  await endpointOrThrow(prisma, id);
  if (!enabled) return prisma.webhookEndpoint.update({ where: { id }, data: { disabledAt: now, disabledReason: reason } });
  return prisma.$transaction(async (tx) => {
    // what waited is due at once, each with the whole retry schedule ahead of it again
    await retryPendingDeliveriesNow(tx, id, now);
    return tx.webhookEndpoint.update({ where: { id }, data: { disabledAt: null, disabledReason: null } });
  });
}

export async function removeEndpoint(prisma: Db, id: string) {
  await endpointOrThrow(prisma, id);
  await prisma.webhookEndpoint.delete({ where: { id } });
}

/**
 * Claims one delivery for an attempt now (whatever its state), as the delivery loop would, with the whole
 * retry schedule ahead of it again: a redelivery that fails is retried, not taken for the schedule's end.
 */
async function claimOne(prisma: Db, deliveryId: string, now: Date): Promise<ClaimedDelivery> {
  const claimed = await claimDeliveryNow(prisma, { deliveryId, now, leaseUntil: new Date(now.getTime() + WEBHOOK_LEASE_MS), by: PROCESS_NAME });
  if (!claimed) throw new WebhookInputError(`Delivery ${webhookId(deliveryId)} is being attempted by a server right now: look at its log in a moment.`);
  return claimed;
}

/** Attempts a delivery now from this process, and records it like any attempt (a failure is retried on the schedule). */
async function attemptNow(
  prisma: Db,
  deliveryId: string,
  now: () => Date,
  options: DeliveryOptions,
): Promise<{ id: string; outcome: AttemptOutcome; result: string }> {
  const claimed = await claimOne(prisma, deliveryId, now());
  const outcome = await sendDelivery(claimed, now(), options.timeoutMs);
  const result = await recordAttempt(prisma, claimed, outcome, now(), options);
  return { id: webhookId(deliveryId), outcome, result };
}

/** Sends a delivery again (one delivered, failed or waiting for its next attempt), with its webhook-id. */
export async function redeliver(prisma: Db, reference: string, now: () => Date, options: DeliveryOptions) {
  const id = reference.replace(/^msg_/, '');
  const delivery = UUID.test(id) ? await prisma.webhookDelivery.findUnique({ where: { id } }) : null;
  if (!delivery) throw new WebhookInputError(`No delivery ${reference} (npm run webhooks -- log ENDPOINT shows them).`, true);
  return attemptNow(prisma, id, now, options);
}

/** A `webhook.test` delivery to one endpoint, sent now (also to a disabled one: checking it is why one sends it). */
export async function sendTestDelivery(prisma: Db, endpointId: string, now: () => Date, options: DeliveryOptions) {
  const endpoint = await endpointOrThrow(prisma, endpointId);
  const at = now();
  const id = randomUUID();
  const payload = webhookBody(TEST_EVENT, at, { endpoint: endpoint.id, url: endpoint.url, events: endpoint.events, lang: endpoint.language });
  // written already claimed by this process, so that no server's loop takes it before this attempt
  await prisma.webhookDelivery.create({
    data: {
      id,
      endpointId: endpoint.id,
      type: TEST_EVENT,
      eventKey: `${TEST_EVENT}:${id}`,
      payload,
      createdAt: at,
      nextAttemptAt: at,
      attempts: 1,
      lockedUntil: new Date(at.getTime() + WEBHOOK_LEASE_MS),
      lockedBy: PROCESS_NAME,
    },
  });
  const claimed: ClaimedDelivery = {
    id,
    type: TEST_EVENT,
    payload,
    attempt: 1,
    retriesFrom: 0,
    endpointId: endpoint.id,
    url: endpoint.url,
    secret: endpoint.secret,
    allowPrivate: endpoint.allowPrivate,
  };
  const outcome = await sendDelivery(claimed, now(), options.timeoutMs);
  const result = await recordAttempt(prisma, claimed, outcome, now(), options);
  return { id: webhookId(id), outcome, result };
}
