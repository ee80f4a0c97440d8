// Signed webhooks against the real database and a receiver on the loopback, with the clock pinned: the
// operator registers endpoints with the CLI; the day's pick, an editor's correction and a suppression
// record events in the same transactions; deliveries are signed as Standard Webhooks says (checked with
// its reference implementation), carry the REST body, keep their webhook-id through retries on the
// schedule, disable an endpoint whose schedule runs out, and are claimed by one process at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeys, rotateApiKey } from '../../src/modules/api-keys/api-keys.service.js';
import { storeDailyAction } from '../../src/modules/daily-action/daily-pick.service.js';
import { suppressCause } from '../../src/modules/daily-action/suppress-cause.service.js';
import { defaultTextGenerator } from '../../src/modules/texts/default-generator.js';
import { setText } from '../../src/modules/texts/editorial.service.js';
import { runRefresh } from '../../src/modules/refresh/refresh.service.js';
import type { SourceConfig } from '../../src/modules/sources/sources-config.js';
import { deliverDue, sendDelivery } from '../../src/modules/webhooks/webhook-delivery.js';
import { claimDueDeliveries, WEBHOOK_LEASE_MS } from '../../src/modules/webhooks/webhook-store.js';
import { contentDay } from '../../src/time/berlin-calendar.js';
import { NOW, seedCatalogue, standardCatalogue } from '../helpers/catalogue.js';
import { runCommandInProcess } from '../helpers/cli.js';
import { getJson, resetDatabase, startTestApp, testPrisma, unlimited, type TestApp } from '../helpers/test-app.js';
import { startReceiver, verifiedDelivery, type Receiver } from '../helpers/webhook-receiver.js';
import { testDatabaseUrl } from '../helpers/workers.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error: a plain JavaScript example, without types
import { webhookHandler } from '../../examples/webhook-receiver.mjs';

const prisma = testPrisma();
const DAY_MS = 86_400_000;
/** 03:00 Berlin of the next content day: its pick is made then */
const NEXT = new Date(NOW.getTime() + DAY_MS - 8 * 3_600_000);
const NEXT_DAY = contentDay(NEXT);
const SCHEDULE = [5, 300, 1800];
const noJitter = () => 0;
const env = () => ({ ...process.env, DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'warn' });
const webhooks = (...args: string[]) => runCommandInProcess('webhooks', args, env());
const at = (ms: number) => () => new Date(NEXT.getTime() + ms);

let receiver: Receiver;
let app: TestApp;
let key: { id: string; key: string };
const secrets: Record<string, string> = {};
const endpointIds: Record<string, string> = {};

async function register(path: string, extra: string[]) {
  const result = await webhooks('add', '--key', key.id, '--url', receiver.url(path), '--allow-private', '--json', ...extra);
  expect(result.code, result.stderr).toBe(0);
  const created = JSON.parse(result.stdout) as { id: string; secret: string; events: string[]; lang: string };
  secrets[path] = created.secret;
  endpointIds[path] = created.id;
  return created;
}

const verified = (path: string, request: { headers: Record<string, unknown>; body: string }, secret = secrets[path]) => verifiedDelivery(secret, request);

beforeAll(async () => {
  await resetDatabase(prisma);
  await seedCatalogue(prisma, standardCatalogue());
  [key] = await createApiKeys(prisma, { label: 'newsroom CMS', tier: 'standard' }, NOW);
  receiver = await startReceiver();
  app = await startTestApp({ prisma, now: NEXT, limiter: unlimited });
});

afterAll(async () => {
  await app?.close();
  await receiver?.close();
  await prisma.$disconnect();
});

describe('webhooks', () => {
  it('registers endpoints with the CLI: the secret once, public addresses only unless allowed, known events only', async () => {
    const all = await register('/all-de', []);
    expect(all.events).toEqual(['daily_action.published', 'daily_action.corrected', 'cause.removed']);
    expect(all.lang).toBe('de');
    expect(all.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect((await register('/published-en', ['--events', 'daily_action.published', '--lang', 'en'])).events).toEqual(['daily_action.published']);
    await register('/flaky', ['--events', 'daily_action.published']);

    const loopback = await webhooks('add', '--key', key.id, '--url', receiver.url('/x'));
    expect([loopback.code, loopback.stderr.trim()]).toEqual([
      1,
      '127.0.0.1 is not a public address: endpoints are untrusted, like feeds (--allow-private allows a receiver on this host or network).',
    ]);
    const unknown = await webhooks('add', '--key', key.id, '--url', 'https://cms.example/hook', '--events', 'daily_action.published,cause.deleted');
    expect([unknown.code, unknown.stderr.trim()]).toEqual([
      1,
      'Unknown event "cause.deleted": choose from daily_action.published, daily_action.corrected, cause.removed.',
    ]);
    const listed = await webhooks('list');
    expect(listed.stdout).toContain(
      `${endpointIds['/all-de']}  ${receiver.url('/all-de')}\n  key ${key.id} (newsroom CMS); daily_action.published, daily_action.corrected, cause.removed; de; enabled\n  deliveries: 0 pending, 0 delivered, 0 failed`,
    );
  });

  it("the day's pick is one daily_action.published per endpoint, signed, with GET /daily-action's body in the endpoint's language", async () => {
    receiver.plan('/flaky', [500, 500, 500]);
    await storeDailyAction(prisma, defaultTextGenerator, NEXT_DAY, NEXT, null);
    // recorded again (the catch-up, another replica): still one event per endpoint
    await storeDailyAction(prisma, defaultTextGenerator, NEXT_DAY, NEXT, null);
    expect(await prisma.webhookDelivery.count()).toBe(3);

    expect(await deliverDue(prisma, at(0), { schedule: SCHEDULE, random: noJitter })).toEqual({ attempted: 3, delivered: 2 });
    const [de] = receiver.received.filter((r) => r.path === '/all-de');
    const [en] = receiver.received.filter((r) => r.path === '/published-en');
    const deBody = verified('/all-de', de);
    const enBody = verified('/published-en', en);
    expect(deBody).toEqual({
      type: 'daily_action.published',
      timestamp: NEXT.toISOString(),
      data: (await getJson(app.baseUrl, '/api/v1/daily-action', key.key)).body,
    });
    expect(enBody).toEqual({
      type: 'daily_action.published',
      timestamp: NEXT.toISOString(),
      data: (await getJson(app.baseUrl, '/api/v1/daily-action?lang=en', key.key)).body,
    });
    expect(de.headers['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect(de.headers['webhook-timestamp']).toBe(String(NEXT.getTime() / 1000));
    expect(de.headers['content-type']).toBe('application/json');
    // signed with its own endpoint's secret: another endpoint's secret does not verify it
    expect(() => verified('/all-de', de, secrets['/published-en'])).toThrow('No matching signature found');
  });

  it('a receiver that answers 500 three times gets the same webhook-id on the fourth try, on the schedule', async () => {
    // due 5 s after the first failure: not at 4 s
    expect(await deliverDue(prisma, at(4_000), { schedule: SCHEDULE, random: noJitter })).toEqual({ attempted: 0, delivered: 0 });
    expect(await deliverDue(prisma, at(5_000), { schedule: SCHEDULE, random: noJitter })).toEqual({ attempted: 1, delivered: 0 });
    expect(await deliverDue(prisma, at(5_000 + 299_000), { schedule: SCHEDULE, random: noJitter })).toEqual({ attempted: 0, delivered: 0 });
    expect(await deliverDue(prisma, at(5_000 + 300_000), { schedule: SCHEDULE, random: noJitter })).toEqual({ attempted: 1, delivered: 0 });
    expect(await deliverDue(prisma, at(5_000 + 300_000 + 1_800_000), { schedule: SCHEDULE, random: noJitter })).toEqual({ attempted: 1, delivered: 1 });
    const tries = receiver.received.filter((r) => r.path === '/flaky');
    expect(tries.map((t) => t.headers['webhook-id'])).toEqual(Array(4).fill(tries[0].headers['webhook-id']));
    expect(tries.map((t) => verified('/flaky', t).type)).toEqual(Array(4).fill('daily_action.published'));
    // the same body every time; the signature's timestamp is the attempt's
    expect(new Set(tries.map((t) => t.body)).size).toBe(1);
    expect(tries.map((t) => Number(t.headers['webhook-timestamp']) - NEXT.getTime() / 1000)).toEqual([0, 5, 305, 2105]);

    const log = await webhooks('log', endpointIds['/flaky'], '--json');
    const [entry] = log.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(entry.id).toBe(tries[0].headers['webhook-id']);
    expect([entry.type, entry.status, entry.nextAttemptAt]).toEqual(['daily_action.published', 'delivered', null]);
    expect(entry.attempts.map((a: { attempt: number; status: number; error: string | null }) => [a.attempt, a.status, a.error])).toEqual([
      [1, 500, 'HTTP 500: receiver says no'],
      [2, 500, 'HTTP 500: receiver says no'],
      [3, 500, 'HTTP 500: receiver says no'],
      [4, 200, null],
    ]);
  });

  it("an editor's correction is daily_action.corrected with the new body; a suppression is cause.removed with the sync's entry", async () => {
    const pick = await prisma.dailyPick.findUniqueOrThrow({ where: { day: new Date(`${NEXT_DAY}T00:00:00Z`) }, include: { cause: true } });
    const corrected = new Date(NEXT.getTime() + 3_600_000);
    await setText(prisma, pick.cause.slug, 'de', 'summary', 'Eine von der Redaktion korrigierte Zusammenfassung.', corrected);
    const listedSlug = (
      await prisma.cause.findFirstOrThrow({ where: { active: true, suppressed: false, NOT: { id: pick.causeId } }, orderBy: { slug: 'asc' } })
    ).slug;
    await suppressCause(prisma, listedSlug, 'Quelle unklar', corrected, defaultTextGenerator);
    const clock = () => corrected;
    expect(await deliverDue(prisma, clock, { schedule: SCHEDULE, random: noJitter })).toEqual({ attempted: 2, delivered: 2 });
    // attempted together: in either order
    const events = receiver.received.filter((r) => r.path === '/all-de').map((r) => verified('/all-de', r));
    expect(events.map((e) => e.type).sort()).toEqual(['cause.removed', 'daily_action.corrected', 'daily_action.published']);
    const [correction, removal] = ['daily_action.corrected', 'cause.removed'].map((type) => events.find((e) => e.type === type)!);
    const served = await startTestApp({ prisma, now: corrected, limiter: unlimited });
    try {
      expect(correction).toEqual({
        type: 'daily_action.corrected',
        timestamp: corrected.toISOString(),
        data: (await getJson(served.baseUrl, '/api/v1/daily-action', key.key)).body,
      });
      expect((correction.data as { cause: { summary: string } }).cause.summary).toBe('Eine von der Redaktion korrigierte Zusammenfassung.');
    } finally {
      await served.close();
    }
    const suppressed = await prisma.cause.findUniqueOrThrow({ where: { slug: listedSlug } });
    expect(removal).toEqual({
      type: 'cause.removed',
      timestamp: corrected.toISOString(),
      data: { id: suppressed.id, slug: listedSlug, removedAt: corrected.toISOString(), reason: 'suppressed' },
    });
    // the English endpoint wanted neither event
    expect(receiver.received.filter((r) => r.path === '/published-en')).toHaveLength(1);
  });

  it('an endpoint whose deliveries fail through the whole schedule is disabled, and /status and the list say why', async () => {
    const endpoint = await register('/gone', ['--events', 'daily_action.published']);
    receiver.plan('/gone', [503, 302, 503, 503]);
    const test = await webhooks('test', endpoint.id);
    expect([test.code, test.stdout]).toEqual([
      1,
      expect.stringMatching(/^msg_[0-9a-f-]{36}: not delivered: HTTP 503: receiver says no \(\d+ ms\); it is tried again on the retry schedule\.\n$/),
    ]);
    const [delivery] = await prisma.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    const t0 = delivery.nextAttemptAt.getTime() - 5_000;
    const tick = (ms: number) => deliverDue(prisma, () => new Date(t0 + ms), { schedule: SCHEDULE, random: noJitter });
    expect(await tick(5_000)).toEqual({ attempted: 1, delivered: 0 }); // 302: not followed
    expect(await tick(305_000)).toEqual({ attempted: 1, delivered: 0 });
    expect(await tick(2_105_000)).toEqual({ attempted: 1, delivered: 0 }); // the fourth attempt: the schedule ran out
    const attempts = await prisma.webhookAttempt.findMany({ where: { deliveryId: delivery.id }, orderBy: { attempt: 'asc' } });
    expect(attempts.map((a) => [a.status, a.error])).toEqual([
      [503, 'HTTP 503: receiver says no'],
      [302, 'HTTP 302 (redirects are not followed): ok'],
      [503, 'HTTP 503: receiver says no'],
      [503, 'HTTP 503: receiver says no'],
    ]);
    const disabled = await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect([disabled.disabledAt, disabled.disabledReason]).toEqual([
      new Date(t0 + 2_105_000),
      `delivery msg_${delivery.id} failed 4 times (last: HTTP 503: receiver says no)`,
    ]);
    expect((await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).status).toBe('failed');
    // /status needs no key: counts only (an endpoint's URL or a receiver's answer may hold a secret)
    const status = await getJson(app.baseUrl, '/status');
    expect(status.body.webhooks).toEqual({ endpoints: 4, disabled: 1, pending: 0 });
    expect(JSON.stringify(status.body)).not.toContain(receiver.url('/gone'));
    // enabled again and redelivered by hand: the same webhook-id
    expect((await webhooks('enable', endpoint.id)).code).toBe(0);
    const again = await webhooks('redeliver', `msg_${delivery.id}`);
    expect(again.stdout).toMatch(new RegExp(`^msg_${delivery.id}: delivered, HTTP 200 in \\d+ ms\\.\\n$`));
    expect(receiver.received.filter((r) => r.path === '/gone').map((r) => r.headers['webhook-id'])).toEqual(Array(5).fill(`msg_${delivery.id}`));
    // the redelivery started the schedule over: a failure now would be retried, not the end of it
    expect(await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id }, select: { attempts: true, retriesFrom: true, status: true } })).toEqual(
      {
        attempts: 5,
        retriesFrom: 4,
        status: 'delivered',
      },
    );
  });

  it('a claimed delivery is held by one process; when that process dies, another takes it after the lease, with the same id', async () => {
    const endpoint = await register('/held', ['--events', 'daily_action.published']);
    await prisma.webhookDelivery.create({
      data: {
        endpointId: endpoint.id,
        type: 'daily_action.published',
        eventKey: 'held',
        payload: '{"type":"daily_action.published"}',
        createdAt: NEXT,
        nextAttemptAt: NEXT,
      },
    });
    const [first] = await claimDueDeliveries(prisma, NEXT, 20, 'host-a:1');
    expect(first.attempt).toBe(1);
    // process A died without recording anything: nobody else may take it within the lease
    expect(await claimDueDeliveries(prisma, new Date(NEXT.getTime() + WEBHOOK_LEASE_MS - 1), 20, 'host-b:2')).toEqual([]);
    const [taken] = await claimDueDeliveries(prisma, new Date(NEXT.getTime() + WEBHOOK_LEASE_MS), 20, 'host-b:2');
    expect([taken.id, taken.attempt]).toEqual([first.id, 2]);
    expect((await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: first.id } })).lockedBy).toBe('host-b:2');
  });

  it('endpoints are untrusted: a private address is refused at the connection unless allowed; a receiver that hangs times out', async () => {
    const base = {
      id: '00000000-0000-4000-8000-000000000001',
      type: 'webhook.test',
      payload: '{}',
      attempt: 1,
      retriesFrom: 0,
      endpointId: endpointIds['/all-de'],
      secret: secrets['/all-de'],
    };
    const refused = await sendDelivery({ ...base, url: receiver.url('/private'), allowPrivate: false }, NEXT);
    expect([refused.status, refused.error]).toEqual([
      null,
      '127.0.0.1 resolves to 127.0.0.1, which is not a public address (register the endpoint with --allow-private to allow it)',
    ]);
    receiver.plan('/slow', [0]);
    const slow = await sendDelivery({ ...base, url: receiver.url('/slow'), allowPrivate: true }, NEXT, 300);
    expect([slow.status, slow.error]).toEqual([null, 'no answer within 300 ms']);
    expect(receiver.received.some((r) => r.path === '/private')).toBe(false);
  });

  it("the day's refresh announces its daily action once, after the day's summaries are written: published, never corrected", async () => {
    const third = new Date(NEXT.getTime() + DAY_MS);
    const result = await runRefresh({
      prisma,
      sources: [] as SourceConfig[],
      generator: defaultTextGenerator,
      now: third,
      clock: () => third,
      trigger: 'test',
      log: { info: () => {}, warn: () => {} },
    });
    expect([result.status, result.day]).toEqual(['succeeded', contentDay(third)]);
    const recorded = await prisma.webhookDelivery.findMany({
      where: { createdAt: third },
      include: { endpoint: { select: { url: true } } },
      orderBy: { eventKey: 'asc' },
    });
    const wantPublished = ['/all-de', '/published-en', '/flaky', '/gone', '/held'].map((path) => receiver.url(path)).sort();
    expect(
      recorded
        .filter((d) => d.type === 'daily_action.published')
        .map((d) => d.endpoint.url)
        .sort(),
    ).toEqual(wantPublished);
    expect(recorded.filter((d) => d.type !== 'daily_action.published' && d.type !== 'cause.removed')).toEqual([]);
  });

  it('the receiver example of docs/integrating.md accepts a delivery once and refuses a forged one', async () => {
    const handled: { type: string }[] = [];
    let endpoint: { id: string; secret: string } | undefined;
    // the handler is made once the endpoint's secret is known, and then kept (it remembers the ids it saw)
    let handler: http.RequestListener | undefined;
    const server = http.createServer((req, res) => {
      handler ??= webhookHandler(endpoint!.secret, (event: { type: string }) => handled.push(event));
      handler!(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      const added = await webhooks('add', '--key', key.id, '--url', url, '--allow-private', '--json');
      endpoint = JSON.parse(added.stdout);
      // its clock is this machine's: the delivery is signed now
      const sent = await webhooks('test', endpoint!.id);
      expect([sent.code, sent.stdout]).toEqual([0, expect.stringMatching(/^msg_[0-9a-f-]{36}: delivered, HTTP 204 in \d+ ms\.\n$/)]);
      const delivery = await prisma.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint!.id } });
      expect((await webhooks('redeliver', `msg_${delivery.id}`)).code).toBe(0);
      expect(handled.map((e) => e.type)).toEqual(['webhook.test']);
      const forged = await fetch(url, {
        method: 'POST',
        body: delivery.payload.replace('webhook.test', 'cause.removed'),
        headers: {
          'webhook-id': `msg_${delivery.id}`,
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          'webhook-signature': 'v1,bm90IGEgc2lnbmF0dXJl',
        },
      });
      expect(forged.status).toBe(400);
      expect(handled).toHaveLength(1);
    } finally {
      server.close();
    }
  });

  it("an operator's key registers an endpoint and reads every endpoint's log and each key's usage over GraphQL; other keys get 403", async () => {
    const [operator] = await createApiKeys(prisma, { label: 'operations desk', tier: 'growth', operator: true }, NOW);
    const [dashboard] = await createApiKeys(prisma, { label: 'dashboard', tier: 'growth' }, NOW);
    const graphql = async (apiKey: string, query: string, variables: Record<string, unknown> = {}) => {
      const response = await fetch(`${app.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      return { status: response.status, body: (await response.json()) as { data?: any; errors?: { message: string }[] } };
    };
    const registration = `mutation ($keyId: String!, $url: String!) {
      registerWebhookEndpoint(keyId: $keyId, url: $url, events: [daily_action_published], lang: en) {
        secret endpoint { id url events lang enabled keyName }
      }
    }`;
    const cms = 'https://cms.example/hooks/engagement-signal';
    const refused = await graphql(dashboard.key, registration, { keyId: key.id, url: cms });
    expect([refused.status, refused.body.errors?.[0].message]).toEqual([403, "This operation requires an operator's key."]);

    const registered = await graphql(operator.key, registration, { keyId: key.id, url: cms });
    expect(registered.status).toBe(200);
    const { secret, endpoint } = registered.body.data.registerWebhookEndpoint;
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint).toMatchObject({
      url: cms,
      events: ['daily_action.published'],
      lang: 'en',
      enabled: true,
      keyName: 'newsroom CMS',
    });
    // GraphQL registers public addresses only: a receiver on a private network is the CLI's, on the host
    const loopback = await graphql(operator.key, registration, { keyId: key.id, url: receiver.url('/x') });
    expect([loopback.status, loopback.body.errors?.[0].message]).toEqual([
      400,
      '127.0.0.1 is not a public address: endpoints are untrusted, like feeds (--allow-private allows a receiver on this host or network).',
    ]);

    const nowhere = await graphql(
      operator.key,
      `
        mutation ($id: String!) {
          sendTestWebhook(endpointId: $id) {
            id
          }
        }
      `,
      {
        id: '00000000-0000-4000-8000-000000000000',
      },
    );
    expect([nowhere.status, nowhere.body.errors?.[0].message]).toEqual([
      404,
      'No webhook endpoint with the id 00000000-0000-4000-8000-000000000000 (npm run webhooks -- list shows the ids).',
    ]);
    const local = await register('/graphql-hook', ['--events', 'daily_action.published']);
    const sent = await graphql(
      operator.key,
      `
        mutation ($id: String!) {
          sendTestWebhook(endpointId: $id) {
            id
            delivered
            status
            error
          }
        }
      `,
      { id: local.id },
    );
    expect(sent.body.data.sendTestWebhook).toMatchObject({ delivered: true, status: 200, error: null });
    const [test] = receiver.received.filter((r) => r.path === '/graphql-hook');
    expect(verifiedDelivery(secrets['/graphql-hook'], test).type).toBe('webhook.test');

    const listed = await graphql(
      operator.key,
      `
        {
          webhookEndpoints {
            id
            url
            delivered
            deliveries(first: 5) {
              id
              type
              status
              attempts {
                attempt
                status
              }
            }
          }
        }
      `,
    );
    const byId = (id: string) => listed.body.data.webhookEndpoints.find((e: { id: string }) => e.id === id);
    expect(byId(endpoint.id)).toEqual({ id: endpoint.id, url: cms, delivered: 0, deliveries: [] });
    expect(byId(local.id)).toEqual({
      id: local.id,
      url: receiver.url('/graphql-hook'),
      delivered: 1,
      deliveries: [{ id: sent.body.data.sendTestWebhook.id, type: 'webhook.test', status: 'delivered', attempts: [{ attempt: 1, status: 200 }] }],
    });

    const usage = await graphql(
      operator.key,
      `
        {
          keyUsage(days: 7) {
            keyId
            name
            test
            requests
            lastUsedAt
          }
        }
      `,
    );
    expect(usage.body.data.keyUsage.map((u: { name: string }) => u.name).sort()).toEqual(['dashboard', 'newsroom CMS', 'operations desk'].sort());
    expect(
      (
        await graphql(
          operator.key,
          `
            {
              keyUsage(days: 0) {
                keyId
              }
            }
          `,
        )
      ).body.errors?.[0].message,
    ).toBe('Invalid value for "days": expected 1 to 90.');
  });

  it("rotating a key takes its endpoints to the new key: the old key's stop does not stop its deliveries", async () => {
    const before = await prisma.webhookEndpoint.count({ where: { keyId: key.id } });
    const rotated = (await rotateApiKey(prisma, key.id, new Date(NEXT.getTime() + DAY_MS), NEXT))!;
    expect(await prisma.webhookEndpoint.count({ where: { keyId: key.id } })).toBe(0);
    expect(await prisma.webhookEndpoint.count({ where: { keyId: rotated.created.id } })).toBe(before);
    expect(before).toBeGreaterThan(0);
  });
});
