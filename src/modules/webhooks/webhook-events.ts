// The events an endpoint can receive, and the body every delivery carries: {"type","timestamp","data"}
// (the Standard Webhooks payload), where `data` is the JSON the REST endpoint answers for the same thing.
import { CONTENT_DAY_START_TIME } from '../../time/content-day-start.js';
export const WEBHOOK_EVENTS = {
  /** the day's daily action, once its pick and texts are stored: `data` is GET /daily-action's body */
  'daily_action.published': `the day’s daily action was chosen (after ${CONTENT_DAY_START_TIME} Berlin)`,
  /** what GET /daily-action serves changed during the day (a correction, a replacement): its new body */
  'daily_action.corrected': 'the day’s daily action changed (an editor’s correction or a replacement)',
  /** a listed cause left the list: `data` is the incremental sync's removal entry {id, slug, removedAt, reason} */
  'cause.removed': 'a listed cause ended, was rejected or was suppressed',
} as const;

export type WebhookEvent = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEvent[];

/** The operator's test delivery (`webhooks test`): sent to one endpoint, whatever events it chose. */
export const TEST_EVENT = 'webhook.test';

export const isWebhookEvent = (value: string): value is WebhookEvent => Object.hasOwn(WEBHOOK_EVENTS, value);

/** A delivery's body, as sent and signed: fixed when the event is recorded, the same on every attempt. */
export function webhookBody(type: string, at: Date, data: unknown): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/** The webhook-id of a delivery: the same on every attempt, so a receiver can drop what it has seen. */
export const webhookId = (deliveryId: string) => `msg_${deliveryId}`;
