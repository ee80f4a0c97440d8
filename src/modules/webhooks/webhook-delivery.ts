// Delivering webhooks: each API process claims due deliveries (webhook-store.ts), sends each one signed
// as Standard Webhooks says (webhook-id, webhook-timestamp, webhook-signature: HMAC-SHA256 with the
// endpoint's secret, through the `standardwebhooks` reference implementation), and records the attempt.
// A 2xx is delivered; anything else is tried again on the retry schedule, and a delivery whose schedule
// runs out disables its endpoint. Endpoints are untrusted like feeds: only public addresses (unless the
// operator allowed private ones), no redirect followed, a timeout, and at most a few KB of the answer read.
import { request } from 'undici';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../infra/prisma.js';
import { anyAddressAgent, checkLiteralHost, PrivateAddressError, publicOnlyAgent } from '../sources/fetch-source.js';
import { webhookId } from './webhook-events.js';
import { nextAttemptAt } from './webhook-schedule.js';
import type { SmallRead } from '../../infra/small-read.js';
import { claimDueDeliveries, hasEnabledEndpoints, PROCESS_NAME, type ClaimedDelivery } from './webhook-store.js';

/** An attempt waits this long for the receiver's answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Of the answer, at most this much is read (its first line goes to the delivery log). */
const ANSWER_READ_BYTES = 4096;
/** Deliveries one look claims at most (each process). */
const CLAIM_BATCH = 20;
/** How often each process looks for due deliveries while an endpoint is enabled. */
export const WEBHOOK_POLL_MS = 2_000;
/** How often a process with no enabled endpoint checks whether one was registered. */
const ENDPOINT_CHECK_MS = 30_000;

export const WEBHOOK_USER_AGENT = 'Engagement-Signal-Webhooks/1';

export interface AttemptOutcome {
  /** the HTTP status answered, or null when there was none */
  status: number | null;
  latencyMs: number;
  /** why it failed; null when delivered */
  error: string | null;
}

const delivered = (status: number | null) => status !== null && status >= 200 && status < 300;

/** One signed POST of `delivery` to its endpoint at `now`. Never throws: a failure is an outcome. */
export async function sendDelivery(delivery: ClaimedDelivery, now: Date, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<AttemptOutcome> {
  const id = webhookId(delivery.id);
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    const url = new URL(delivery.url);
    if (!delivery.allowPrivate) checkLiteralHost(url);
    const signature = new Webhook(delivery.secret).sign(id, now, delivery.payload);
    const response = await request(url, {
      method: 'POST',
      body: delivery.payload,
      headers: {
        'content-type': 'application/json',
        'user-agent': WEBHOOK_USER_AGENT,
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signature,
      },
      dispatcher: delivery.allowPrivate ? anyAddressAgent : publicOnlyAgent,
      signal: AbortSignal.timeout(timeoutMs),
    });
    let answer = '';
    for await (const chunk of response.body) {
      answer += Buffer.from(chunk as Uint8Array).toString('utf8');
      if (answer.length >= ANSWER_READ_BYTES) {
        response.body.destroy();
        break;
      }
    }
    const status = response.statusCode;
    if (delivered(status)) return { status, latencyMs: latency(), error: null };
    const firstLine = answer.split('\n', 1)[0].slice(0, 200);
    const redirect = status >= 300 && status < 400 ? ' (redirects are not followed)' : '';
    return { status, latencyMs: latency(), error: `HTTP ${status}${redirect}${firstLine ? `: ${firstLine}` : ''}` };
  } catch (error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    const refused = error instanceof PrivateAddressError ? error : cause instanceof PrivateAddressError ? cause : null;
    const reason =
      (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError'
        ? `no answer within ${timeoutMs} ms`
        : refused
          ? `${refused.message} (register the endpoint with --allow-private to allow it)`
          : (error as Error).message;
    return { status: null, latencyMs: latency(), error: reason };
  }
}

export interface DeliveryOptions {
  /** seconds to wait after each failed attempt (WEBHOOK_RETRY_SCHEDULE) */
  schedule: readonly number[];
  random?: () => number;
  timeoutMs?: number;
  /** told of each attempt, and of an endpoint disabled */
  onAttempt?: (delivery: ClaimedDelivery, outcome: AttemptOutcome) => void;
  onDisabled?: (endpoint: { id: string; url: string }, reason: string) => void;
  by?: string;
}

/**
 * Records an attempt's outcome: delivered; due again after the schedule's wait; or, when the schedule
 * has run out, failed for good, and its endpoint disabled. Returns what became of the delivery.
 */
export async function recordAttempt(
  prisma: Db,
  delivery: ClaimedDelivery,
  outcome: AttemptOutcome,
  at: Date,
  options: DeliveryOptions,
): Promise<'delivered' | 'retrying' | 'failed'> {
  const attemptRow = prisma.webhookAttempt.create({
    data: {
      deliveryId: delivery.id,
      attempt: delivery.attempt,
      at,
      status: outcome.status,
      latencyMs: outcome.latencyMs,
      error: outcome.error,
      by: options.by ?? PROCESS_NAME,
    },
  });
  if (!outcome.error) {
    await prisma.$transaction([
      attemptRow,
      prisma.webhookDelivery.update({ where: { id: delivery.id }, data: { status: 'delivered', deliveredAt: at, lockedUntil: null } }),
    ]);
    return 'delivered';
  }
  const next = nextAttemptAt(delivery.attempt - delivery.retriesFrom, at, options.schedule, options.random);
  if (next) {
    await prisma.$transaction([attemptRow, prisma.webhookDelivery.update({ where: { id: delivery.id }, data: { nextAttemptAt: next, lockedUntil: null } })]);
    return 'retrying';
  }
  const reason = `delivery ${webhookId(delivery.id)} failed ${delivery.attempt} times (last: ${outcome.error})`;
  const [, , disabled] = await prisma.$transaction([
    attemptRow,
    prisma.webhookDelivery.update({ where: { id: delivery.id }, data: { status: 'failed', lockedUntil: null } }),
    prisma.webhookEndpoint.updateMany({ where: { id: delivery.endpointId, disabledAt: null }, data: { disabledAt: at, disabledReason: reason } }),
  ]);
  if (disabled.count) options.onDisabled?.({ id: delivery.endpointId, url: delivery.url }, reason);
  return 'failed';
}

/** Claims the deliveries due at `clock()`, attempts them together, and records each outcome. */
export async function deliverDue(prisma: Db, clock: () => Date, options: DeliveryOptions): Promise<{ attempted: number; delivered: number }> {
  const claimed = await claimDueDeliveries(prisma, clock(), CLAIM_BATCH, options.by);
  // every attempt is waited for, also when another's record fails (its endpoint removed meanwhile)
  const results = await Promise.allSettled(
    claimed.map(async (delivery) => {
      const outcome = await sendDelivery(delivery, clock(), options.timeoutMs);
      options.onAttempt?.(delivery, outcome);
      return recordAttempt(prisma, delivery, outcome, clock(), options);
    }),
  );
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return { attempted: claimed.length, delivered: results.filter((r) => r.status === 'fulfilled' && r.value === 'delivered').length };
}

/**
 * Every API process delivers: it looks for due deliveries every WEBHOOK_POLL_MS while an endpoint is
 * enabled (and checks for one every ENDPOINT_CHECK_MS while none is, so a service without webhooks
 * reads nothing more). stop() waits for the attempts under way.
 */
export function startWebhookDeliveries(
  prisma: Db,
  clock: () => Date,
  options: DeliveryOptions & { log: { warn(message: string): void }; read: SmallRead },
): { stop(): Promise<void> } {
  let running: Promise<unknown> | undefined;
  let stopped = false;
  let lastEndpointCheck = -Infinity;
  let anyEnabled = false;
  const tick = async () => {
    const nowMs = performance.now();
    if (!anyEnabled && nowMs - lastEndpointCheck < ENDPOINT_CHECK_MS) return;
    if (!anyEnabled) {
      lastEndpointCheck = nowMs;
      anyEnabled = await hasEnabledEndpoints(options.read);
      if (!anyEnabled) return;
    }
    // drain what is due, a batch at a time
    for (;;) {
      const { attempted } = await deliverDue(prisma, clock, options);
      if (attempted < CLAIM_BATCH || stopped) break;
    }
    // looked again now and then: an endpoint disabled meanwhile (by a failure or the operator) stops the looks
    if (nowMs - lastEndpointCheck >= ENDPOINT_CHECK_MS) anyEnabled = false;
  };
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = tick()
      .catch((error: Error) => options.log.warn(`webhook deliveries: ${error.message}`))
      .finally(() => {
        running = undefined;
      });
  }, WEBHOOK_POLL_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
