// The getting-started part of the documentation page (/docs): Markdown that Scalar renders above the
// endpoint reference.
import { LIMIT_IN_WORDS, RATE_LIMIT_POLICY, RATE_LIMIT_POLICY_NAME, RATE_LIMIT_RETRY_AFTER_S, RATE_LIMITED_MESSAGE } from '../../http/limit-policy.js';
import { MESSAGES } from '../../http/errors.js';
import { KEY_SHAPE_IN_WORDS } from '../../modules/api-keys/api-keys.service.js';
import { NO_ACTION_TODAY } from '../../modules/daily-action/daily-action.schema.js';
import { CACHE_MAX_AGE_SECONDS } from './http-headers.js';
import { CONTENT_DAY_START, CONTENT_DAY_START_TIME } from '../../time/content-day-start.js';

/** How soon the operator issues a key asked for by e-mail (what /docs and the OpenAPI document promise). */
export const KEY_ISSUED_WITHIN = 'within 48 hours';

/** Where integrators ask for a key and for support (SUPPORT_EMAIL, SUPPORT_URL); either may be unset. */
export interface SupportContact {
  email?: string;
  url?: string;
}

/** One sentence on how to reach the operator, for the getting-started text. */
export function contactSentence(support: SupportContact): string {
  const ways = [support.email ? `write to [${support.email}](mailto:${support.email})` : '', support.url ? `see [${support.url}](${support.url})` : ''].filter(
    Boolean,
  );
  if (!ways.length) return 'The operator of this service has not published a contact address here yet; ask whoever pointed you to it.';
  return `To ask for a key or for support, ${ways.join(', or ')}.`;
}

/** The getting-started text with the operator's contact. */
export const gettingStarted = (support: SupportContact): string => text(contactSentence(support));

const text = (contact: string) => `
## Getting started

### 1. Ask for a key
Keys are issued by the operator on request by e-mail, ${KEY_ISSUED_WITHIN}; there is no sign-up page. ${contact}
The first month is free (the key then carries an expiry date); afterwards the flat plan continues. A key looks like
${KEY_SHAPE_IN_WORDS}. Keep it on a server: a key in a web page is readable by anyone.

### 2. A first request
\`\`\`sh
curl -H 'X-Api-Key: esk_…' https://<this service>/api/v1/daily-action
curl -H 'X-Api-Key: esk_…' 'https://<this service>/api/v1/causes?category=Petition&pageSize=5&lang=en'
\`\`\`

### 3. The daily-action flow
1. Once per content day (it starts at ${CONTENT_DAY_START}) the service chooses one cause, the same for every
   key holder, and writes its action texts in German and English.
2. Fetch \`GET /api/v1/daily-action?lang=de\` (or \`en\`) and show \`cause\` and \`action\`. \`action\` may be
   null; show the cause then. A 503 \`${NO_ACTION_TODAY}\` with a \`Retry-After\` header means the
   day's action is still being prepared (at start-up, or in the seconds after ${CONTENT_DAY_START_TIME}): ask again after that many
   seconds. Without \`Retry-After\` there is none today: show nothing or a cause from \`GET /api/v1/causes\`.
3. Keep the answer as \`Cache-Control\` allows (at most ${CACHE_MAX_AGE_SECONDS / 60} minutes, never past midnight or ${CONTENT_DAY_START_TIME} in Berlin)
   and then revalidate with \`If-None-Match: <ETag>\`: an unchanged answer is a body-less 304. The operator can
   replace the daily action during its day (when a cause must no longer be promoted), so do not keep it longer.
4. Link the call to action to \`cause.source_url\`: the action happens on the source platform.

### 4. Attribution (spec 2.5), required wherever a cause is displayed
- the line \`Source: <service name> (<service domain>)\` must be visible;
- \`source_url\` must be a clickable link;
- \`source_name\`, \`source_url\` and \`original_platform\` must remain visible.

The widget at \`/widget.js\` does all of this for you.

### 5. The limit and what to do on 429
${LIMIT_IN_WORDS[0].toUpperCase()}${LIMIT_IN_WORDS.slice(1)}, across all endpoints (no quota beyond that). Every response says so in
\`RateLimit-Policy: ${RATE_LIMIT_POLICY}\`, and \`RateLimit: "${RATE_LIMIT_POLICY_NAME}";r=<left>;t=<seconds>\` tells how much of the
current window is left. A 429 \`${RATE_LIMITED_MESSAGE}\` carries \`Retry-After: ${RATE_LIMIT_RETRY_AFTER_S}\`: wait that
many seconds and send the request again. Serve your readers from your own cache rather than calling the API
for each page view.

### 6. Beyond the daily action
\`\`\`sh
# the daily actions of past days, exactly as they were served
curl -H 'X-Api-Key: esk_…' 'https://<this service>/api/v1/daily-actions?pageSize=5&lang=en'
# one Land's causes and the nationwide ones (each cause then carries its region: the Land, DE or null);
# add includeUnknownRegion=true for those whose place is not known
curl -H 'X-Api-Key: esk_…' 'https://<this service>/api/v1/causes?region=DE-BY'
# an incremental sync: a first one, then always the cursor of the last answer
curl -H 'X-Api-Key: esk_…' 'https://<this service>/api/v1/causes?changedSince=1970-01-01T00:00:00Z&pageSize=50'
# each source's licence note and freshness
curl -H 'X-Api-Key: esk_…' https://<this service>/api/v1/sources
# feeds for readers and calendar apps: opened by the key's feed token (esf_…), not by the key
curl 'https://<this service>/api/v1/feeds/daily-action.rss?lang=de&token=esf_…'
curl 'https://<this service>/api/v1/feeds/deadlines.ics?lang=en&token=esf_…'
\`\`\`
The reference below describes each endpoint, its parameters and its answers.

### Errors
Every error is JSON \`{ "error": "…" }\`. 400 names the parameter and the allowed values; 401 is a missing,
unknown, revoked or expired key; 404 an unknown slug or path; 410 the slug of a cause that has ended (the
message says why and since when); 405 a method other than GET or HEAD. A 429
\`${MESSAGES.tooManyBadKeys}\` means your requests carried no valid
key: fix the key, then wait \`Retry-After\` seconds. A 503 \`${MESSAGES.unavailable}\`
(with \`Retry-After\`) means the service cannot reach its database for this answer; it recovers by itself.
`;
