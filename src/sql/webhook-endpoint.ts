// "WebhookEndpoint": counts and a look, read through the version probe's pool. Called by
// webhooks/webhook-store.ts (does any endpoint want deliveries?), serving/readiness.ts (/status) and
// infra/metrics.ts (/metrics); endpoints are registered, changed and listed through Prisma.
import type { SmallRead } from '../infra/small-read.js';

export interface AnyEnabledRow {
  any: boolean;
}

/** Whether any endpoint is enabled. */
export async function anyEndpointEnabled(read: SmallRead): Promise<AnyEnabledRow | undefined> {
  const [row] = await read<AnyEnabledRow>(`SELECT EXISTS (SELECT 1 FROM "WebhookEndpoint" WHERE "disabledAt" IS NULL) AS "any"`);
  return row;
}

export interface EndpointStatesRow {
  enabled: number;
  disabled: number;
}

/** Endpoints enabled and disabled. */
export async function endpointCountsByState(read: SmallRead): Promise<EndpointStatesRow | undefined> {
  const [row] = await read<EndpointStatesRow>(
    `SELECT count(*) FILTER (WHERE "disabledAt" IS NULL)::int AS enabled, count(*) FILTER (WHERE "disabledAt" IS NOT NULL)::int AS disabled FROM "WebhookEndpoint"`,
  );
  return row;
}

export interface WebhookCountsRow {
  endpoints: number;
  disabled: number;
  pending: number;
}

/** Endpoints, those disabled, and deliveries waiting, in one read. */
export async function webhookCounts(read: SmallRead): Promise<WebhookCountsRow | undefined> {
  const [row] = await read<WebhookCountsRow>(
    `SELECT (SELECT count(*)::int FROM "WebhookEndpoint") AS "endpoints",
              (SELECT count(*)::int FROM "WebhookEndpoint" WHERE "disabledAt" IS NOT NULL) AS "disabled",
              (SELECT count(*)::int FROM "WebhookDelivery" WHERE "status" = 'pending') AS "pending"`,
  );
  return row;
}
