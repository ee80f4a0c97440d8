// The integrator's side of the widget (docs/integrating.md, "Widget"): a route on your own site that fetches the daily
// action with your API key on the server, so the key never sits in a web page. Copy it as it is:
//
//   import express from 'express';
//   import { dailyActionProxy } from './widget-proxy.mjs';
//   const app = express();
//   app.get('/api/daily-action', dailyActionProxy({ serviceUrl: 'https://<this service>', apiKey: process.env.ES_API_KEY }));
//
// and point the widget at it: <script src="https://<this service>/widget.js" data-proxy="/api/daily-action" defer>.
//
// - A widget with data-region asks with `region` (a Land, DE-BY): that is answered with the Land's list,
//   GET /api/v1/causes?region=…&pageSize=50, from which the widget takes the Land's top cause.
// - Each language (and Land) is kept as long as the answer's Cache-Control allows (at most five minutes, never past
//   the next change of day), so your readers cost one request per language every five minutes at most.
// - Calls to the service go out one at a time, at least a second apart: the key's limit is one request
//   per second, and a page in German and English asks for both at once.
// - A 429 (the key was used elsewhere within the second) is asked again once after its Retry-After.
// - Other errors are passed on as they are (a JSON body and Retry-After) and never kept; when the service
//   cannot be reached or does not answer within `timeoutMs`, the answer is a JSON 503 the widget
//   understands, not an HTML error page.

const UNREACHABLE = JSON.stringify({ error: 'Service temporarily unavailable. Retry later.' });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function dailyActionProxy({ serviceUrl, apiKey, minGapMs = 1000, timeoutMs = 10_000 }) {
  const base = String(serviceUrl).replace(/\/+$/, '');
  const kept = new Map(); // lang (and region) → { until, status, retryAfter, body }
  let queue = Promise.resolve();
  let lastCall = -Infinity;

  // One call to the service at a time, `minGapMs` after the previous one started.
  async function call(path) {
    const wait = lastCall + minGapMs - Date.now();
    if (wait > 0) await sleep(wait);
    lastCall = Date.now();
    return fetch(`${base}/api/v1${path}`, { headers: { 'X-Api-Key': apiKey }, signal: AbortSignal.timeout(timeoutMs) });
  }

  const paced = (task) => {
    const run = queue.then(task);
    queue = run.catch(() => {});
    return run;
  };

  const fresh = (path) => {
    const answer = kept.get(path);
    return answer && answer.until > Date.now() ? answer : undefined;
  };

  async function fetchAnswer(path) {
    // another request may have fetched it while this one waited its turn
    const already = fresh(path);
    if (already) return already;
    let upstream = await call(path);
    const retryAfter = Number(upstream.headers.get('retry-after'));
    if (upstream.status === 429 && retryAfter > 0 && retryAfter <= 5) {
      await upstream.text();
      await sleep(retryAfter * 1000);
      upstream = await call(path);
    }
    const maxAge = Number(/max-age=(\d+)/.exec(upstream.headers.get('cache-control') ?? '')?.[1] ?? 0);
    const answer = { until: Date.now() + maxAge * 1000, status: upstream.status, retryAfter: upstream.headers.get('retry-after'), body: await upstream.text() };
    if (upstream.status === 200 && maxAge > 0) kept.set(path, answer);
    return answer;
  }

  return async (req, res) => {
    const lang = req.query.lang === 'en' ? 'en' : 'de';
    // a Land is passed on as it is written (the service answers a 400 for anything else)
    const region = typeof req.query.region === 'string' ? req.query.region : undefined;
    const path = region === undefined ? `/daily-action?lang=${lang}` : `/causes?region=${encodeURIComponent(region)}&pageSize=50&lang=${lang}`;
    let answer = fresh(path);
    if (!answer) {
      try {
        answer = await paced(() => fetchAnswer(path));
      } catch {
        answer = { status: 503, retryAfter: null, body: UNREACHABLE };
      }
    }
    res.status(answer.status).type('application/json');
    if (answer.retryAfter) res.set('Retry-After', answer.retryAfter);
    res.send(answer.body);
  };
}
