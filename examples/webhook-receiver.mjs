// A webhook receiver for the Engagement-Signal API in plain Node: verifies each delivery's signature
// (Standard Webhooks, with the `standardwebhooks` package) on the raw body, drops a webhook-id it has seen
// (deliveries are at least once), answers 2xx at once, and handles the event after.
//
//   ES_WEBHOOK_SECRET=whsec_… PORT=8080 node examples/webhook-receiver.mjs
import http from 'node:http';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

/** A request handler for the endpoint whose signing secret is `secret`; `onEvent` gets each new event. */
export function webhookHandler(secret, onEvent) {
  const webhook = new Webhook(secret);
  const seen = new Set(); // in production: a table with a unique key on the id
  return (req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      let event;
      try {
        // the raw body: parsed and serialised again, it would no longer match the signature
        event = webhook.verify(Buffer.concat(chunks).toString('utf8'), req.headers);
      } catch (error) {
        res.writeHead(error instanceof WebhookVerificationError ? 400 : 500).end();
        return;
      }
      const id = req.headers['webhook-id'];
      res.writeHead(204).end(); // answer first: the sender waits 10 s at most
      if (seen.has(id)) return;
      seen.add(id);
      onEvent(event);
    });
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const secret = process.env.ES_WEBHOOK_SECRET;
  if (!secret) {
    console.error('Set ES_WEBHOOK_SECRET to the endpoint’s signing secret (whsec_…).');
    process.exit(2);
  }
  const handler = webhookHandler(secret, (event) => {
    if (event.type === 'daily_action.published' || event.type === 'daily_action.corrected') {
      console.log(`${event.type}: ${event.data.cause.title} (${event.data.action.headline})`);
    } else if (event.type === 'cause.removed') {
      console.log(`cause.removed: ${event.data.slug} (${event.data.reason})`);
    } else console.log(event.type);
  });
  http.createServer(handler).listen(Number(process.env.PORT ?? 8080));
}
