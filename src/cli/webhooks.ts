// The operator's command for webhooks (modules/webhooks):
//   npm run webhooks -- add --key KEY_ID --url URL [--events LIST] [--lang de|en] [--allow-private] [--json]
//   npm run webhooks -- list [--json]
//   npm run webhooks -- log ENDPOINT_ID [--limit N] [--json]
//   npm run webhooks -- test ENDPOINT_ID
//   npm run webhooks -- redeliver DELIVERY_ID
//   npm run webhooks -- disable|enable|remove ENDPOINT_ID
// Works with or without a running server, on DATABASE_URL or the embedded database in DATA_DIR.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env.js';
import { runCommand, UsageError } from './command.js';
import { openDatabase } from '../infra/database.js';
import { systemClock } from '../time/clock.js';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS, webhookId } from '../modules/webhooks/webhook-events.js';
import {
  deliveryLog,
  listEndpoints,
  parseEvents,
  redeliver,
  registerEndpoint,
  removeEndpoint,
  sendTestDelivery,
  setEndpointEnabled,
} from '../modules/webhooks/webhooks.service.js';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../modules/causes/list-params.js';
import type { AttemptOutcome } from '../modules/webhooks/webhook-delivery.js';

const HELP = {
  add: `npm run webhooks -- add --key KEY_ID --url URL [--events LIST] [--lang ${LANGUAGES.join('|')}] [--allow-private] [--json]
  Registers an endpoint for the key KEY_ID (see npm run keys -- list) and prints its signing secret once.
  --events LIST       comma-separated, from: ${WEBHOOK_EVENT_TYPES.join(', ')} (default: all)
${WEBHOOK_EVENT_TYPES.map((type) => `                        ${type}: ${WEBHOOK_EVENTS[type]}`).join('\n')}
  --lang LANG         the language of the bodies (default ${DEFAULT_LANGUAGE})
  --allow-private     allow a loopback or private address (a receiver on this host or network)
  --json              one JSON object: id, url, events, lang, key, secret`,
  list: `npm run webhooks -- list [--json]
  Every endpoint with its key, events, language, state (enabled, or disabled with why) and its deliveries
  by state (pending, delivered, failed).`,
  log: `npm run webhooks -- log ENDPOINT_ID [--limit N] [--json]
  The endpoint's last deliveries (default 20), newest first: the webhook-id, event, state and every attempt
  (when, which process, HTTP status, latency, error).`,
  test: `npm run webhooks -- test ENDPOINT_ID
  Sends a signed webhook.test delivery to the endpoint now, from this command, and says what it answered.`,
  redeliver: `npm run webhooks -- redeliver DELIVERY_ID
  Sends a delivery (its webhook-id, msg_…, from the log) again now, with the same webhook-id and body; if it
  fails, the retry schedule starts over.`,
  disable: `npm run webhooks -- disable ENDPOINT_ID
  Stops deliveries to the endpoint; its events keep being recorded and wait.`,
  enable: `npm run webhooks -- enable ENDPOINT_ID
  Delivers to the endpoint again (also one disabled after its deliveries kept failing); what waited is due at
  once, with the whole retry schedule ahead of it again.`,
  remove: `npm run webhooks -- remove ENDPOINT_ID
  Deletes the endpoint with its deliveries and their log.`,
};
const USAGE = `Usage:\n${Object.values(HELP)
  .map((text) => `  ${text.split('\n')[0]}`)
  .join('\n')}\n  npm run webhooks -- COMMAND --help   more about one command`;

const COMMANDS = Object.keys(HELP) as (keyof typeof HELP)[];
const TAKES_ID = new Set(['log', 'test', 'redeliver', 'disable', 'enable', 'remove']);

const describeOutcome = (id: string, outcome: AttemptOutcome) =>
  outcome.error
    ? `${id}: not delivered: ${outcome.error} (${outcome.latencyMs} ms); it is tried again on the retry schedule.`
    : `${id}: delivered, HTTP ${outcome.status} in ${outcome.latencyMs} ms.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!COMMANDS.includes(command as keyof typeof HELP)) throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      key: { type: 'string' },
      url: { type: 'string' },
      events: { type: 'string' },
      lang: { type: 'string' },
      'allow-private': { type: 'boolean' },
      limit: { type: 'string' },
      json: { type: 'boolean' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (TAKES_ID.has(command) && positionals.length !== 1) throw new UsageError(`${command} takes exactly one id.`);
  if (!TAKES_ID.has(command) && positionals.length) throw new UsageError(`${command} takes no id.`);
  const addOnly = (['key', 'url', 'events', 'lang', 'allow-private'] as const).filter((name) => values[name] !== undefined);
  if (command !== 'add' && addOnly.length) throw new UsageError(`--${addOnly[0]} goes with add.`);
  if (command !== 'log' && values.limit !== undefined) throw new UsageError('--limit goes with log.');
  if (values.json && !['add', 'list', 'log'].includes(command)) throw new UsageError(`${command} takes no --json.`);
  if (values.limit !== undefined && !/^[1-9]\d{0,3}$/.test(values.limit)) throw new UsageError('--limit is a whole number from 1 to 9999.');
  if (command === 'add') {
    if (!values.key || !values.url) throw new UsageError('add needs --key KEY_ID and --url URL.');
    if (values.lang !== undefined && !(LANGUAGES as readonly string[]).includes(values.lang)) throw new UsageError(`--lang is one of ${LANGUAGES.join(', ')}.`);
  }

  const config = loadConfig();
  const db = await openDatabase(config, { maxConnections: 2, mustExist: true });
  const options = { schedule: config.webhookRetrySchedule };
  try {
    if (command === 'add') {
      const events = parseEvents(values.events);
      const language = (values.lang ?? DEFAULT_LANGUAGE) as (typeof LANGUAGES)[number];
      const { endpoint, keyLabel, secret } = await registerEndpoint(
        db.prisma,
        { keyId: values.key!, url: values.url!, events, language, allowPrivate: Boolean(values['allow-private']) },
        systemClock(),
      );
      if (values.json) {
        console.log(JSON.stringify({ id: endpoint.id, url: endpoint.url, events, lang: language, key: endpoint.keyId, secret }));
      } else {
        console.log(
          [
            `Endpoint ${endpoint.id} for the key ${endpoint.keyId} (${keyLabel}): ${endpoint.url}`,
            `  events: ${events.join(', ')}; bodies in ${language}`,
            `  signing secret (shown once; give it to the receiver): ${secret}`,
            `  try it: npm run webhooks -- test ${endpoint.id}`,
          ].join('\n'),
        );
      }
      return 0;
    }
    if (command === 'list') {
      const endpoints = await listEndpoints(db.prisma);
      if (values.json) {
        for (const e of endpoints) {
          console.log(
            JSON.stringify({
              id: e.id,
              key: e.keyId,
              keyName: e.key.label,
              url: e.url,
              events: e.events,
              lang: e.language,
              allowPrivate: e.allowPrivate,
              createdAt: e.createdAt.toISOString(),
              disabledAt: e.disabledAt?.toISOString() ?? null,
              disabledReason: e.disabledReason,
              pending: e.pending,
              delivered: e.delivered,
              failed: e.failed,
            }),
          );
        }
        return 0;
      }
      if (!endpoints.length) {
        console.log('No webhook endpoint is registered (npm run webhooks -- add --help).');
        return 0;
      }
      for (const e of endpoints) {
        const state = e.disabledAt ? `DISABLED since ${e.disabledAt.toISOString()}: ${e.disabledReason}` : 'enabled';
        console.log(`${e.id}  ${e.url}\n  key ${e.keyId} (${e.key.label}); ${e.events.join(', ')}; ${e.language}; ${state}`);
        console.log(`  deliveries: ${e.pending} pending, ${e.delivered} delivered, ${e.failed} failed`);
      }
      return 0;
    }
    const id = positionals[0];
    if (command === 'log') {
      const deliveries = await deliveryLog(db.prisma, id, Number(values.limit ?? 20));
      if (values.json) {
        for (const d of deliveries) {
          console.log(
            JSON.stringify({
              id: webhookId(d.id),
              type: d.type,
              status: d.status,
              createdAt: d.createdAt.toISOString(),
              attempts: d.attemptLog.map((a) => ({
                attempt: a.attempt,
                at: a.at.toISOString(),
                by: a.by,
                status: a.status,
                latencyMs: a.latencyMs,
                error: a.error,
              })),
              nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
            }),
          );
        }
        return 0;
      }
      if (!deliveries.length) console.log('No delivery to this endpoint yet.');
      for (const d of deliveries) {
        const next = d.status === 'pending' ? `; next attempt ${d.nextAttemptAt.toISOString()}` : '';
        console.log(`${webhookId(d.id)}  ${d.type}  ${d.status}${next}  (recorded ${d.createdAt.toISOString()})`);
        for (const a of d.attemptLog) {
          console.log(
            `  #${a.attempt} ${a.at.toISOString()} by ${a.by}: ${a.status === null ? 'no answer' : `HTTP ${a.status}`} in ${a.latencyMs} ms${a.error ? ` (${a.error})` : ''}`,
          );
        }
      }
      return 0;
    }
    if (command === 'test') {
      const sent = await sendTestDelivery(db.prisma, id, systemClock, options);
      console.log(describeOutcome(sent.id, sent.outcome));
      return sent.outcome.error ? 1 : 0;
    }
    if (command === 'redeliver') {
      const sent = await redeliver(db.prisma, id, systemClock, options);
      console.log(describeOutcome(sent.id, sent.outcome));
      return sent.outcome.error ? 1 : 0;
    }
    if (command === 'remove') {
      await removeEndpoint(db.prisma, id);
      console.log(`Endpoint ${id} removed, with its deliveries.`);
      return 0;
    }
    await setEndpointEnabled(db.prisma, id, command === 'enable', systemClock());
    console.log(
      command === 'enable'
        ? `Endpoint ${id} enabled: what waited is delivered by a running server within half a minute, each with the whole retry schedule again.`
        : `Endpoint ${id} disabled: its events wait.`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

export const command = { main, usage: USAGE, help: HELP };

runCommand(command, import.meta.url);
