// Fetches today's daily action with the typed client (the workspace package engagement-signal-client:
// openapi-fetch over the generated client/v1.d.ts) and honours Retry-After when the per-key limit answers 429.
//
//   ES_BASE_URL=http://localhost:3000 ES_API_KEY=esk_… node --import tsx examples/daily-action.ts [de|en]
import { createClient } from 'engagement-signal-client';

const baseUrl = process.env.ES_BASE_URL ?? 'http://localhost:3000';
const apiKey = process.env.ES_API_KEY;
if (!apiKey) {
  console.error('Set ES_API_KEY to your API key.');
  process.exit(2);
}
const lang = process.argv[2] === 'en' ? 'en' : 'de';
const client = createClient({ baseUrl, apiKey });

async function dailyAction(attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const { data, error, response } = await client.GET('/daily-action', { params: { query: { lang } } });
    if (data) return data;
    if (response.status === 429 && attempt < attempts) {
      const seconds = Number(response.headers.get('Retry-After') ?? '1');
      console.error(`429: waiting ${seconds} s as Retry-After says`);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      continue;
    }
    if (response.status === 503) return null; // no daily action today
    throw new Error(`${response.status}: ${error?.error ?? 'unexpected answer'}`);
  }
}

const result = await dailyAction();
if (!result) {
  console.log('No daily action today.');
} else {
  const { cause, action } = result;
  console.log(cause.title);
  if (action) console.log(`${action.headline}\n${action.whyNow}`);
  console.log(`→ ${cause.source_url}`);
  // spec 2.5: the attribution must stay visible wherever the cause is shown
  console.log(`Source: Engagement-Signal API (${new URL(baseUrl).host}) · ${cause.source_name} on ${cause.original_platform}`);
}
