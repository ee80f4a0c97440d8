// The operator's GraphQL (what `npm run webhooks` and `npm run keys -- list` show): webhook endpoints with
// their delivery log, registering one, a test delivery, a redelivery, enabling and disabling; and each
// key's usage. Every field here needs an operator's key (`keys create --operator`); the answers are never
// cached (yoga.ts).
import { builder, LanguageEnum } from '../../graphql/builder.js';
import { badInput, forbidden, notFound } from '../../graphql/errors.js';
import type { GraphQLContext } from '../../context.js';
import type { Language } from '../texts/text-generator.js';
import { DEFAULT_LANGUAGE } from '../causes/list-params.js';
import { berlinDate } from '../../time/berlin-calendar.js';
import { requestsPerKey } from '../api-keys/key-usage.js';
import { WEBHOOK_EVENT_TYPES, webhookId } from './webhook-events.js';
import type { AttemptOutcome } from './webhook-delivery.js';
import {
  deliveryLog,
  listEndpoints,
  parseEvents,
  redeliver,
  registerEndpoint,
  sendTestDelivery,
  setEndpointEnabled,
  WebhookInputError,
} from './webhooks.service.js';

/** The operator's query fields: never answered from the response cache, which is shared by every key. */
export const OPERATOR_QUERY_FIELDS = ['Query.webhookEndpoints', 'Query.keyUsage'] as const;
export const NOT_AN_OPERATOR = "This operation requires an operator's key.";
/** Deliveries of one endpoint's log at most. */
const LOG_MAX = 200;
/** Days of key usage at most (usage is kept per day). */
const USAGE_MAX_DAYS = 90;

async function requireOperator(ctx: GraphQLContext): Promise<void> {
  const key = ctx.apiKey && (await ctx.prisma.apiKey.findUnique({ where: { id: ctx.apiKey.id }, select: { operator: true } }));
  if (!key?.operator) throw forbidden(NOT_AN_OPERATOR);
}

/** The service's input errors as GraphQL's 400 (404 for an id that names nothing). */
async function asGraphqlErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof WebhookInputError) throw error.unknown ? notFound(error.message) : badInput(error.message);
    throw error;
  }
}

const WebhookEventEnum = builder.enumType('WebhookEvent', {
  description: 'What a webhook endpoint can receive.',
  values: Object.fromEntries(WEBHOOK_EVENT_TYPES.map((type) => [type.replace('.', '_'), { value: type }])) as Record<string, { value: string }>,
});

type Endpoint = Awaited<ReturnType<typeof listEndpoints>>[number];
type Delivery = Awaited<ReturnType<typeof deliveryLog>>[number];
type Attempt = Delivery['attemptLog'][number];

const AttemptRef = builder.objectRef<Attempt>('WebhookAttempt').implement({
  description: 'One attempt at a delivery.',
  fields: (t) => ({
    attempt: t.exposeInt('attempt'),
    at: t.string({ resolve: (a) => a.at.toISOString() }),
    by: t.exposeString('by', { description: 'The process that made it (host:pid).' }),
    status: t.exposeInt('status', { nullable: true, description: 'The HTTP status answered; null when there was none.' }),
    latencyMs: t.exposeInt('latencyMs'),
    error: t.exposeString('error', { nullable: true }),
  }),
});

const DeliveryRef = builder.objectRef<Delivery>('WebhookDelivery').implement({
  description: 'One event for one endpoint, with every attempt.',
  fields: (t) => ({
    id: t.string({ description: 'The webhook-id of every attempt (msg_…).', resolve: (d) => webhookId(d.id) }),
    type: t.exposeString('type'),
    status: t.exposeString('status', { description: 'pending, delivered, or failed (the retry schedule ran out).' }),
    createdAt: t.string({ resolve: (d) => d.createdAt.toISOString() }),
    nextAttemptAt: t.string({ nullable: true, resolve: (d) => (d.status === 'pending' ? d.nextAttemptAt.toISOString() : null) }),
    attempts: t.field({ type: [AttemptRef], resolve: (d) => d.attemptLog }),
  }),
});

const EndpointRef = builder.objectRef<Endpoint>('WebhookEndpoint').implement({
  description: "Where a key's events are delivered.",
  fields: (t) => ({
    id: t.exposeID('id'),
    keyId: t.exposeString('keyId'),
    keyName: t.string({ resolve: (e) => e.key.label }),
    url: t.exposeString('url'),
    events: t.exposeStringList('events'),
    lang: t.field({ type: LanguageEnum, resolve: (e) => e.language as Language }),
    enabled: t.boolean({ resolve: (e) => e.disabledAt === null }),
    disabledAt: t.string({ nullable: true, resolve: (e) => e.disabledAt?.toISOString() ?? null }),
    disabledReason: t.exposeString('disabledReason', { nullable: true }),
    pending: t.exposeInt('pending'),
    delivered: t.exposeInt('delivered'),
    failed: t.exposeInt('failed'),
    deliveries: t.field({
      type: [DeliveryRef],
      description: `The last deliveries, newest first (at most ${LOG_MAX}).`,
      args: { first: t.arg.int({ defaultValue: 20 }) },
      resolve: (e, args, ctx) => {
        const first = args.first ?? 20;
        if (first < 1 || first > LOG_MAX) throw badInput(`Invalid value for "first": expected 1 to ${LOG_MAX}.`);
        return deliveryLog(ctx.prisma, e.id, first);
      },
    }),
  }),
});

const RegisteredRef = builder.objectRef<{ endpoint: Endpoint; secret: string }>('RegisteredWebhookEndpoint').implement({
  fields: (t) => ({
    endpoint: t.field({ type: EndpointRef, resolve: (r) => r.endpoint }),
    secret: t.exposeString('secret', { description: 'The signing secret (whsec_…): shown only now.' }),
  }),
});

const SentRef = builder.objectRef<{ id: string; outcome: AttemptOutcome }>('WebhookAttemptResult').implement({
  fields: (t) => ({
    id: t.exposeString('id', { description: 'The webhook-id (msg_…).' }),
    delivered: t.boolean({ resolve: (r) => r.outcome.error === null }),
    status: t.int({ nullable: true, resolve: (r) => r.outcome.status }),
    latencyMs: t.int({ resolve: (r) => r.outcome.latencyMs }),
    error: t.string({ nullable: true, resolve: (r) => r.outcome.error }),
  }),
});

interface UsageRow {
  id: string;
  name: string;
  tier: string;
  test: boolean;
  lastUsedAt: Date | null;
  requests: number;
}

const KeyUsageRef = builder.objectRef<UsageRow>('KeyUsage').implement({
  description: "A key's use: when it was last used and its requests of the days asked for (unused and runaway keys show).",
  fields: (t) => ({
    keyId: t.exposeString('id'),
    name: t.exposeString('name'),
    tier: t.exposeString('tier'),
    test: t.exposeBoolean('test'),
    lastUsedAt: t.string({ nullable: true, resolve: (u) => u.lastUsedAt?.toISOString() ?? null }),
    requests: t.exposeInt('requests'),
  }),
});

const endpointById = async (ctx: GraphQLContext, id: string) => (await listEndpoints(ctx.prisma)).find((e) => e.id === id)!;

builder.queryFields((t) => ({
  webhookEndpoints: t.field({
    type: [EndpointRef],
    description: 'Operators only. Every webhook endpoint with its state and deliveries.',
    resolve: async (_root, _args, ctx) => {
      await requireOperator(ctx);
      return listEndpoints(ctx.prisma);
    },
  }),
  keyUsage: t.field({
    type: [KeyUsageRef],
    description: `Operators only. Every key that is not revoked, with when it was last used and its requests of the last \`days\` Berlin days (1 to ${USAGE_MAX_DAYS}), busiest first.`,
    args: { days: t.arg.int({ defaultValue: 7 }) },
    resolve: async (_root, args, ctx) => {
      await requireOperator(ctx);
      const days = args.days ?? 7;
      if (days < 1 || days > USAGE_MAX_DAYS) throw badInput(`Invalid value for "days": expected 1 to ${USAGE_MAX_DAYS}.`);
      const keys = await ctx.prisma.apiKey.findMany({
        where: { revokedAt: null },
        select: { id: true, label: true, tier: true, test: true, lastUsedAt: true },
        orderBy: { createdAt: 'asc' },
      });
      const requests = await requestsPerKey(ctx.prisma, berlinDate(ctx.now), days);
      return keys
        .map((k) => ({ id: k.id, name: k.label, tier: k.tier, test: k.test, lastUsedAt: k.lastUsedAt, requests: requests.get(k.id) ?? 0 }))
        .sort((a, b) => b.requests - a.requests);
    },
  }),
}));

builder.mutationFields((t) => ({
  registerWebhookEndpoint: t.field({
    type: RegisteredRef,
    description: 'Operators only. An endpoint for the key `keyId`; its signing secret is in the answer, and never again.',
    args: {
      keyId: t.arg.string({ required: true }),
      url: t.arg.string({ required: true }),
      events: t.arg({ type: [WebhookEventEnum], description: 'Default: every event.' }),
      lang: t.arg({ type: LanguageEnum, defaultValue: DEFAULT_LANGUAGE }),
    },
    resolve: async (_root, args, ctx) => {
      await requireOperator(ctx);
      return asGraphqlErrors(async () => {
        const events = parseEvents(args.events?.join(','));
        const { endpoint, secret } = await registerEndpoint(
          ctx.prisma,
          { keyId: args.keyId, url: args.url, events, language: (args.lang ?? DEFAULT_LANGUAGE) as Language, allowPrivate: false },
          ctx.now,
        );
        return { endpoint: await endpointById(ctx, endpoint.id), secret };
      });
    },
  }),
  sendTestWebhook: t.field({
    type: SentRef,
    description: 'Operators only. A signed webhook.test delivery to the endpoint, now; a failure is retried on the schedule.',
    args: { endpointId: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await requireOperator(ctx);
      return asGraphqlErrors(() => sendTestDelivery(ctx.prisma, args.endpointId, () => ctx.now, { schedule: ctx.webhookRetrySchedule }));
    },
  }),
  redeliverWebhook: t.field({
    type: SentRef,
    description: 'Operators only. Sends a delivery (its webhook-id, msg_…) again now, with the same id and body.',
    args: { deliveryId: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await requireOperator(ctx);
      return asGraphqlErrors(() => redeliver(ctx.prisma, args.deliveryId, () => ctx.now, { schedule: ctx.webhookRetrySchedule }));
    },
  }),
  setWebhookEndpointEnabled: t.field({
    type: EndpointRef,
    description: 'Operators only. Disables an endpoint (its events wait) or enables it (what waited is due at once).',
    args: { endpointId: t.arg.string({ required: true }), enabled: t.arg.boolean({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await requireOperator(ctx);
      await asGraphqlErrors(() => setEndpointEnabled(ctx.prisma, args.endpointId, args.enabled, ctx.now));
      return endpointById(ctx, args.endpointId);
    },
  }),
}));
