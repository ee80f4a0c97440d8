// The OpenAPI 3.1 description of REST v1, served at /api/v1/openapi.json and rendered at /docs. Schemas
// are JSON Schema 2020-12 with `additionalProperties: false`, so the conformance test
// (test/integration/openapi.test.ts) fails when a response gains, loses or retypes a field.
//
// The response schemas are derived from the GraphQL schema and the operations behind the routes
// (openapi-schemas.ts): a field's type, description and JSON refinements are declared once, in Pothos.
// The paths are the route table's (ROUTES, controller.ts), each with the path item written here for its
// operation: a route without one, or one without a route, fails at start-up. What is written here is
// what GraphQL and the route table do not know: descriptions, parameters, headers, error responses and
// the Error schema.
import {
  CATEGORY_VALUES,
  DEFAULT_LANGUAGE,
  invalidValueMessages,
  LANGUAGES,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  regionParamMessages,
} from '../../modules/causes/list-params.js';
import { NATIONWIDE, REGION_CODES } from '../../modules/causes/regions.js';
import { SYNC_RETENTION_DAYS } from '../../modules/causes/cause-changes.service.js';
import { MESSAGES } from '../../http/errors.js';
import { NO_ACTION_TODAY } from '../../modules/daily-action/daily-action.schema.js';
import { ARCHIVE_DEFAULT_DAYS, ARCHIVE_MAX_DAYS, ARCHIVE_REASONS, archiveMessages } from '../../modules/daily-action/daily-action-archive.service.js';
import { CACHE_MAX_AGE_SECONDS } from './http-headers.js';
import { gettingStarted, KEY_ISSUED_WITHIN, type SupportContact } from './getting-started.js';
import { KEY_SHAPE_IN_WORDS } from '../../modules/api-keys/api-keys.service.js';
import { LIMIT_IN_WORDS, LIMIT_PACE, RATE_LIMIT_POLICY, RATE_LIMIT_POLICY_NAME, RATE_LIMIT_RETRY_AFTER_S } from '../../http/limit-policy.js';
import { schema } from '../../graphql/schema.js';
import { componentRef as ref, deriveComponentSchemas } from './openapi-schemas.js';
import { OPERATION_SOURCES } from './operations.js';
import { DAILY_ACTION_FEED_DAYS, FEED_CONTENT_TYPES, type FeedFormat } from './feed-render.js';
import { OPENAPI_DOCUMENT_PATH, ROUTES, type Route } from './controller.js';
import { queryMessages, type ParamKind } from './query-params.js';
import { ENDED_MESSAGE_PATTERN, ENDED_REASONS, endedMessage, type EndedReason } from '../../modules/causes/cause-ending.js';
import { CONTENT_DAY_START, CONTENT_DAY_START_TIME } from '../../time/content-day-start.js';

const header = (name: string) => ({ $ref: `#/components/headers/${name}` });
// Headers are listed only on the responses that always carry them, so each is marked required there.
const errorContent = (schema: Record<string, unknown>) => ({
  'application/json': { schema: { ...ref('Error'), ...schema } },
});

const langParameter = {
  name: 'lang',
  in: 'query',
  required: false,
  description: 'Language of the generated texts; case-sensitive. The response carries it as `Content-Language`.',
  schema: { type: 'string', enum: [...LANGUAGES], default: DEFAULT_LANGUAGE },
} as const;

const categoryParameter = (description: string) =>
  ({ name: 'category', in: 'query', required: false, description, schema: { type: 'string', enum: [...CATEGORY_VALUES] } }) as const;
const regionParameter = (description: string) =>
  ({ name: 'region', in: 'query', required: false, description, schema: { type: 'string', enum: [...REGION_CODES] } }) as const;
const includeUnknownRegionParameter = (description: string) =>
  ({ name: 'includeUnknownRegion', in: 'query', required: false, description, schema: { type: 'boolean', default: false } }) as const;

/** How `region` filters, as every route that takes it filters (the list, the calendar, the daily-action feeds). */
const REGION_RULE = `A Land as ISO 3166-2:DE (case-sensitive): that Land's causes and the nationwide ones (\`region\` \`${NATIONWIDE}\`); those whose place is not known (\`region\` null) only with \`includeUnknownRegion=true\`.`;
const INCLUDE_UNKNOWN_RULE =
  '`true`: with `region`, the causes whose place is not known (`region` null) too; `false` (the default): not. Only with `region` (a 400 without it).';

const PAGE_PARAMETER = {
  name: 'page',
  in: 'query',
  required: false,
  description: '1-based page number.',
  schema: { type: 'integer', minimum: 1, default: 1 },
} as const;
const pageSizeParameter = (what: string) =>
  ({
    name: 'pageSize',
    in: 'query',
    required: false,
    description: `${what} per page, 1 to ${PAGE_SIZE_MAX}.`,
    schema: { type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT },
  }) as const;

/** The query parameters of GET /causes; the route lists those it takes (ROUTES). */
const CAUSES_PARAMETERS: Partial<Record<ParamKind, object>> = {
  page: PAGE_PARAMETER,
  pageSize: pageSizeParameter('Entries'),
  category: categoryParameter('Only causes of this category (case-sensitive).'),
  lang: langParameter,
  region: regionParameter(
    `${REGION_RULE} In the same order, and every cause then carries its \`region\` (the answer is a \`RegionalCausePage\`). Without it the list is as the specification has it, with no \`region\` field.`,
  ),
  includeUnknownRegion: includeUnknownRegionParameter(INCLUDE_UNKNOWN_RULE),
  changedSince: {
    name: 'changedSince',
    in: 'query',
    required: false,
    description: `Starts an incremental sync: the causes changed after this instant and those that left the list (an ISO 8601 date and time with a time zone). The answer is a CauseChanges, not a page; \`page\` cannot be combined with it. Older than ${SYNC_RETENTION_DAYS} days (or \`1970-01-01T00:00:00Z\` for a first sync): a full sync.`,
    schema: { type: 'string', format: 'date-time' },
  },
  cursor: {
    name: 'cursor',
    in: 'query',
    required: false,
    description: 'Continues an incremental sync from the `cursor` of its last answer (the next page, or the next sync). Not with `changedSince` or `page`.',
    schema: { type: 'string', pattern: '^[A-Za-z0-9_-]+$' },
  },
};

/** The query parameters of the feeds, by route kind; each feed lists those its route takes (ROUTES). */
const FEED_PARAMETERS: Record<'dailyAction' | 'calendar', Partial<Record<ParamKind, object>>> = {
  dailyAction: {
    lang: langParameter,
    category: categoryParameter(
      'Only the days whose daily action is a cause of this category (case-sensitive); the others are left out, as days without one are.',
    ),
    region: regionParameter(
      `${REGION_RULE} Only the days whose daily action is such a cause, as \`GET /causes?region=\` filters the list. The place is the cause's as it is now (a cause no longer stored counts as of unknown place).`,
    ),
    includeUnknownRegion: includeUnknownRegionParameter(INCLUDE_UNKNOWN_RULE),
  },
  calendar: {
    lang: langParameter,
    category: categoryParameter('Only the deadlines of causes of this category (case-sensitive).'),
    region: regionParameter(`${REGION_RULE} Only the deadlines of such causes, as \`GET /causes?region=\`.`),
    includeUnknownRegion: includeUnknownRegionParameter(INCLUDE_UNKNOWN_RULE),
  },
};

/**
 * The route's query parameters, from the route table: a parameter a route takes but this document does
 * not describe fails at start-up. `token` is a feed's credential: a security scheme (feedToken), not a
 * parameter.
 */
function routeParameters(route: Route, described: Partial<Record<ParamKind, object>>) {
  return route.params
    .filter((kind) => kind !== 'token')
    .map((kind) => {
      const parameter = described[kind];
      if (!parameter) throw new Error(`the route ${route.path} takes "${kind}", which the OpenAPI document does not describe`);
      return parameter;
    });
}

const CAUSES_ROUTE = ROUTES.find((candidate) => candidate.path === '/causes')!;

const feedParameters = (format: FeedFormat) =>
  routeParameters(
    ROUTES.find((candidate) => candidate.feed === format)!,
    FEED_PARAMETERS[format === 'ics' ? 'calendar' : 'dailyAction'],
  );

/** One example of the 410's message per reason (dates made up). */
const ENDED_EXAMPLES: Record<EndedReason, string> = Object.fromEntries(
  ENDED_REASONS.map((reason) => [
    reason,
    endedMessage({ reason, endedAt: new Date('2026-11-21T01:00:03.412Z'), deadline: reason === 'expired' ? '2026-11-20' : null }),
  ]),
) as Record<EndedReason, string>;

const rateHeaders = { 'RateLimit-Policy': header('RateLimit-Policy'), RateLimit: header('RateLimit') };
// Answers given before the key could be checked (the database is down, or the address sent too many bad
// keys) carry the policy but no key state.
const policyAndMaybeState = { 'RateLimit-Policy': header('RateLimit-Policy'), RateLimit: header('RateLimitIfKeyChecked') };
const successHeaders = {
  ETag: header('ETag'),
  'Cache-Control': header('Cache-Control'),
  'Content-Language': header('Content-Language'),
  ...rateHeaders,
};

const commonErrors = {
  '304': {
    description: 'Not modified: the `If-None-Match` header matched the current `ETag`. No body.',
    headers: { ETag: header('ETag'), 'Cache-Control': header('Cache-Control'), ...rateHeaders },
  },
  '400': { $ref: '#/components/responses/BadRequest' },
  '401': { $ref: '#/components/responses/Unauthorized' },
  '429': { $ref: '#/components/responses/TooManyRequests' },
  '500': { $ref: '#/components/responses/InternalError' },
  '503': { $ref: '#/components/responses/Unavailable' },
} as const;

const FEED_MEDIA_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml',
  atom: 'application/atom+xml',
  json: 'application/feed+json',
  ics: 'text/calendar',
};

/** A feed route: its credential is the key's feed token in `token`; errors are JSON as everywhere. */
function feedPath(format: FeedFormat, operationId: string, summary: string, description: string) {
  return {
    get: {
      operationId,
      tags: ['Feeds'],
      summary,
      description,
      security: [{ feedToken: [] }],
      parameters: feedParameters(format),
      responses: {
        '200': {
          description: `The feed (\`${FEED_CONTENT_TYPES[format]}\`).`,
          headers: successHeaders,
          content: { [FEED_MEDIA_TYPES[format]]: { schema: { type: 'string' } } },
        },
        ...commonErrors,
        '401': { $ref: '#/components/responses/FeedUnauthorized' },
        '429': { $ref: '#/components/responses/FeedTooManyRequests' },
      },
    },
  };
}

const dailyActionFeedDescription = (format: string) =>
  `The daily action of the last ${DAILY_ACTION_FEED_DAYS} content days as ${format}, newest first, with the texts as they were served that day (the archive, \`GET /daily-actions\`); days on which nothing was served are left out. Each item: the cause's title, a link to its \`source_url\`, the summary, the action's headline, why now and impact statement, the attribution of spec 2.5 (\`Source: Engagement-Signal API (<this host>)\`, \`source_name\` linked to \`source_url\`, \`original_platform\`), the start of its content day (${CONTENT_DAY_START}) as date, and an id that stays the same for the day and language. With \`category\` or \`region\`, only the days whose cause matches (the feed's title names the filter).`;

/**
 * The document as this service serves it: with the operator's contact (SUPPORT_EMAIL, SUPPORT_URL) in
 * `info.contact` and in the getting-started text. The types it describes do not depend on it.
 */
/** Each route's path item (ROUTES, controller.ts), by routeKey: a route without one fails at start-up. */
const ROUTE_DOCS: Record<string, object> = {
  dailyAction: {
    get: {
      operationId: 'getDailyAction',
      tags: ['Daily action'],
      summary: 'The daily action',
      description: `The cause chosen for the current content day (it starts at ${CONTENT_DAY_START}) and its action object in \`lang\`. Identical for every key holder; suppressed causes are never chosen. When the operator suppresses the current pick, a replacement is chosen at once.`,
      parameters: [langParameter],
      responses: {
        '200': {
          description: 'The daily action.',
          headers: successHeaders,
          content: { 'application/json': { schema: ref('DailyAction') } },
        },
        ...commonErrors,
        '503': {
          description: [
            `\`${NO_ACTION_TODAY}\`: no daily action for the current content day. With \`Retry-After\`, the day's refresh is still to come or running (at start-up, and for the seconds after ${CONTENT_DAY_START} until the day's pick is stored): ask again after that many seconds. Without it, the refresh has finished and no cause was eligible (or the pick was suppressed or withdrawn and none is left): show nothing today.`,
            `\`${MESSAGES.unavailable}\` with \`Retry-After\`: the database is unreachable and the answer is not in memory.`,
          ].join('\n\n'),
          headers: { 'Retry-After': header('RetryAfterSeconds'), ...policyAndMaybeState },
          content: errorContent({ properties: { error: { enum: [NO_ACTION_TODAY, MESSAGES.unavailable] } } }),
        },
      },
    },
  },
  causes: {
    get: {
      operationId: 'listCauses',
      tags: ['Causes'],
      summary: 'The ranked list of active causes',
      description:
        'Active causes, suppressed ones included, ordered by urgency score total (descending), then the nearer deadline (none last), then the higher stored urgency value (none last), then the slug: pages are stable. A page past the end is 200 with `items: []` and the real `total`.',
      parameters: routeParameters(CAUSES_ROUTE, CAUSES_PARAMETERS),
      responses: {
        '200': {
          description:
            'One page of the list: a `CausePage`, or with `region` a `RegionalCausePage`; with `changedSince` or `cursor`, one page of an incremental sync (`CauseChanges`), whose `Cache-Control` has `max-age=0`.',
          headers: successHeaders,
          content: { 'application/json': { schema: { anyOf: [ref('CausePage'), ref('RegionalCausePage'), ref('CauseChanges')] } } },
        },
        ...commonErrors,
      },
    },
  },
  cause: {
    get: {
      operationId: 'getCause',
      tags: ['Causes'],
      summary: 'One active cause',
      description:
        'The cause object, then the fields the list hides, then `action`. A suppressed cause is served (it stays in the list, spec 2.3). A cause that was listed and has ended (its deadline passed, its source dropped or closed it, an editor withdrew it) answers 410 saying why and since when; an unknown slug answers 404.',
      parameters: [{ name: 'slug', in: 'path', required: true, description: 'The `slug` of a cause.', schema: { type: 'string' } }, langParameter],
      responses: {
        '200': { description: 'The cause.', headers: successHeaders, content: { 'application/json': { schema: ref('CauseDetail') } } },
        ...commonErrors,
        '404': {
          description: 'No cause has this slug, or none that was ever listed (also for slugs that cannot exist).',
          headers: rateHeaders,
          content: errorContent({ properties: { error: { type: 'string', pattern: '^No cause with the slug ".*"\\.$' } } }),
        },
        '410': {
          description: [
            "Gone: the cause was listed and has ended. The message says why, then the day (Europe/Berlin) the service took it off the list; the reasons are those of an incremental sync's `removed`:",
            ...ENDED_REASONS.map((reason) => `- \`${reason}\`: ${ENDED_EXAMPLES[reason]}`),
            '',
            `A cause withdrawn for review (\`unreviewed\`) answers 200 again once an editor releases it. A cause deleted since answers 410 while the incremental sync keeps its tombstone (at least ${SYNC_RETENTION_DAYS} days), then 404.`,
          ].join('\n'),
          headers: rateHeaders,
          content: {
            'application/json': {
              schema: { ...ref('Error'), properties: { error: { type: 'string', pattern: ENDED_MESSAGE_PATTERN } } },
              examples: Object.fromEntries(ENDED_REASONS.map((reason) => [reason, { value: { error: ENDED_EXAMPLES[reason] } }])),
            },
          },
        },
      },
    },
  },
  dailyActions: {
    get: {
      operationId: 'listDailyActions',
      tags: ['Daily action'],
      summary: 'The archive of daily actions',
      description: [
        "The daily action of each content day from `from` to `to`, newest first, exactly as `GET /daily-action` served it that day: the texts, the urgency score and `refreshed_at` as they stood then, not as they are now. The service keeps a copy whenever the day's pick is stored, its texts are written, a suppression replaces it or an editor corrects a text; the last version of the day is the one kept.",
        '',
        `A day without an action is listed with \`cause\` and \`action\` null and a \`reason\`: ${Object.values(ARCHIVE_REASONS)
          .map((r) => `\`${r}\``)
          .join(
            ' ',
          )} Days before the service's first recorded day (its first refresh or pick) are not listed; \`total\` counts the days listed. A page past the end is 200 with \`items: []\` and the real \`total\`.`,
      ].join('\n'),
      parameters: [
        {
          name: 'from',
          in: 'query',
          required: false,
          description: `The first content day (YYYY-MM-DD). Default: ${ARCHIVE_DEFAULT_DAYS - 1} days before \`to\`. At most ${ARCHIVE_MAX_DAYS - 1} days before \`to\`, and not after it.`,
          schema: { type: 'string', format: 'date' },
        },
        {
          name: 'to',
          in: 'query',
          required: false,
          description: `The last content day (YYYY-MM-DD). Default and latest: the current content day (it starts at ${CONTENT_DAY_START}).`,
          schema: { type: 'string', format: 'date' },
        },
        PAGE_PARAMETER,
        pageSizeParameter('Days'),
        langParameter,
      ],
      responses: {
        '200': { description: 'One page of the archive.', headers: successHeaders, content: { 'application/json': { schema: ref('DailyActionPage') } } },
        ...commonErrors,
      },
    },
  },
  dailyActionOn: {
    get: {
      operationId: 'getDailyActionOn',
      tags: ['Daily action'],
      summary: 'The daily action of one past day',
      description:
        "The entry of one content day, as in the archive: the cause and action as they were served, or `reason` when there were none. A day before the service's first recorded day answers 404.",
      parameters: [
        {
          name: 'date',
          in: 'path',
          required: true,
          description: 'The content day, YYYY-MM-DD, no later than the current one.',
          schema: { type: 'string', format: 'date' },
        },
        langParameter,
      ],
      responses: {
        '200': { description: 'The day.', headers: successHeaders, content: { 'application/json': { schema: ref('DailyActionDay') } } },
        ...commonErrors,
        '404': {
          description: "Nothing is recorded for this day: it is before the service's first refresh or pick.",
          headers: rateHeaders,
          content: errorContent({ properties: { error: { type: 'string', pattern: '^No daily action recorded for the day "\\d{4}-\\d{2}-\\d{2}"\\.$' } } }),
        },
      },
    },
  },
  sources: {
    get: {
      operationId: 'listSources',
      tags: ['Sources'],
      summary: 'The sources and the health of their last fetch',
      description: [
        "Every configured source (in the configuration's order), then any source no longer configured whose causes are still served (`configured: false`). `name` and `platform` are the `source_name` and `original_platform` of its causes. `status` is the outcome of the last fetch (`ok`, `incomplete`, `failed`, `never_fetched`) with its `reason`; `lastSuccessAt` says how fresh its causes are: a failed fetch leaves them as they were, so they may be older than the last refresh.",
        'Takes no query parameters. The answer changes at each refresh (and with the catalogue); it carries no `Content-Language`.',
      ].join('\n\n'),
      parameters: [],
      responses: {
        '200': {
          description: 'The sources.',
          headers: { ETag: header('ETag'), 'Cache-Control': header('Cache-Control'), ...rateHeaders },
          content: { 'application/json': { schema: ref('SourceList') } },
        },
        ...commonErrors,
      },
    },
  },
  'feed:rss': feedPath('rss', 'getDailyActionRss', 'The daily action as RSS 2.0', dailyActionFeedDescription('RSS 2.0')),
  'feed:atom': feedPath('atom', 'getDailyActionAtom', 'The daily action as Atom', dailyActionFeedDescription('Atom (RFC 4287)')),
  'feed:json': feedPath('json', 'getDailyActionJsonFeed', 'The daily action as JSON Feed 1.1', dailyActionFeedDescription('JSON Feed 1.1')),
  'feed:ics': feedPath(
    'ics',
    'getDeadlineCalendar',
    'The deadlines of the active causes as iCalendar',
    "One all-day event per active, not suppressed cause with a deadline, on the deadline, titled with the cause's title in `lang`, with its summary, organisation, the attribution of spec 2.5 and its `source_url`. The UID stays the same for the cause (and language); when a source moves a deadline, the event keeps its UID and gets a higher `SEQUENCE` and a newer `DTSTAMP` and `LAST-MODIFIED`, so calendar apps move it. A cause that ends, leaves its source or is suppressed is no longer in the calendar. `category` and `region` filter the causes as they filter `GET /causes` (the calendar's name then names the filter).",
  ),
};

const OPENAPI_DOCUMENT_ITEM = {
  get: {
    operationId: 'getOpenApiDocument',
    tags: ['Meta'],
    summary: 'This OpenAPI document',
    description: 'No key needed; not counted against the limit.',
    security: [],
    responses: {
      '200': {
        description: 'The OpenAPI 3.1 document.',
        headers: { 'RateLimit-Policy': header('RateLimit-Policy') },
        content: { 'application/json': { schema: { type: 'object', required: ['openapi', 'info', 'paths'] } } },
      },
    },
  },
};

/** A route's key among ROUTE_DOCS: its operation, or a feed's format (three feeds share one operation). */
const routeKey = (route: Route) => (route.feed ? `feed:${route.feed}` : route.operation);
/** Express's `:slug` as OpenAPI's `{slug}`. */
const openApiPath = (routePath: string) => routePath.replace(/:([A-Za-z]+)/g, '{$1}');
function routeDoc(route: Route): object {
  const doc = ROUTE_DOCS[routeKey(route)];
  if (!doc) throw new Error(`the route ${route.path} has no entry in the OpenAPI document`);
  return doc;
}
for (const key of Object.keys(ROUTE_DOCS)) {
  if (!ROUTES.some((route) => routeKey(route) === key)) throw new Error(`the OpenAPI document describes ${key}, which no route serves`);
}

export const openApiDocumentFor = (support: SupportContact) => ({
  ...openApiDocument,
  info: {
    ...openApiDocument.info,
    description: openApiDocument.info.description.replace(gettingStarted({}), gettingStarted(support)),
    contact: { name: 'Operator (keys and support)', ...(support.email ? { email: support.email } : {}), ...(support.url ? { url: support.url } : {}) },
  },
});

/** The document with no contact configured (the typed client and the conformance tests use it). */
export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Engagement-Signal API',
    version: '1.0.0',
    summary: 'Civic actions in Germany (donations, petitions, letters), scored for urgency, with a daily action.',
    description: [
      `A read-only JSON API. Every request needs an API key in the \`X-Api-Key\` header; keys are issued by the operator on request by e-mail (${KEY_ISSUED_WITHIN}).`,
      '',
      `**Limit**: ${LIMIT_IN_WORDS}, across all endpoints; a client that keeps that pace between its requests is never refused. Every \`/api/v1\` response carries \`RateLimit-Policy: ${RATE_LIMIT_POLICY}\`; responses to a request with a valid key also carry \`RateLimit: "${RATE_LIMIT_POLICY_NAME}";r=<remaining>;t=<seconds until a request is allowed again>\` (draft-ietf-httpapi-ratelimit-headers). Over the limit: 429 with \`Retry-After: ${RATE_LIMIT_RETRY_AFTER_S}\`; wait that long and retry.`,
      '',
      `**Caching**: content changes at the daily refresh (${CONTENT_DAY_START}), at Berlin midnight (scores count days), and when the operator suppresses a cause (the daily action may then change during its day). 200 responses carry an \`ETag\` and \`Cache-Control: private, max-age=<at most ${CACHE_MAX_AGE_SECONDS}, never past the next Berlin midnight or ${CONTENT_DAY_START_TIME}>, must-revalidate\`; revalidate with \`If-None-Match\` for a body-less 304.`,
      '',
      '**Attribution (spec 2.5)**: wherever a cause is displayed, show `Source: <service name> (<service domain>)`, render `source_url` as a clickable link, and keep `source_name`, `source_url` and `original_platform` visible.',
      '',
      '**Errors** are JSON `{ "error": "…" }`. Other methods than GET and HEAD on an endpoint answer 405 with `Allow: GET, HEAD`; unknown paths under `/api/v1` answer 404 `' +
        MESSAGES.notFound +
        '` (after the key check).',
      gettingStarted({}),
    ].join('\n'),
    contact: { name: 'Operator (keys and support)' },
  },
  servers: [{ url: '/api/v1', description: 'This service' }],
  security: [{ apiKey: [] }],
  tags: [
    { name: 'Daily action', description: `One cause per content day (from ${CONTENT_DAY_START}), the same for every key holder.` },
    { name: 'Causes', description: 'All active causes, ranked by urgency score.' },
    { name: 'Sources', description: 'Where the causes come from and how fresh they are.' },
    {
      name: 'Feeds',
      description:
        "The daily action as RSS, Atom and JSON Feed, the deadlines as iCalendar, for feed readers and calendar apps: authenticated by the key's feed token in `token` instead of `X-Api-Key`.",
    },
    { name: 'Meta', description: 'This document.' },
  ],
  paths: {
    ...Object.fromEntries(ROUTES.map((route) => [openApiPath(route.path), routeDoc(route)])),
    [OPENAPI_DOCUMENT_PATH]: OPENAPI_DOCUMENT_ITEM,
  },
  components: {
    securitySchemes: {
      apiKey: {
        type: 'apiKey',
        in: 'header',
        name: 'X-Api-Key',
        description: `The key the operator issued (${KEY_SHAPE_IN_WORDS}). Keep it on a server: never put it into a web page.`,
      },
      feedToken: {
        type: 'apiKey',
        in: 'query',
        name: 'token',
        description:
          "The feed token of a key (`esf_` followed by 38 letters and digits), for the feeds only: feed readers and calendar apps cannot send `X-Api-Key`. Issued with the key (`npm run keys -- create`, `rotate`) and replaceable on its own (`npm run keys -- feed-token ID`); it is never the key, works only for the feeds, is revoked and expires with its key, and counts against the key's limit.",
      },
    },
    headers: {
      ETag: { required: true, description: 'Weak validator of the body; send it back as `If-None-Match`.', schema: { type: 'string', pattern: '^W/".+"$' } },
      'Cache-Control': {
        required: true,
        description: `\`private, max-age=N, must-revalidate\` with N at most ${CACHE_MAX_AGE_SECONDS} and never past the next Berlin midnight or ${CONTENT_DAY_START_TIME} (when days and the daily action change); 0 on an incremental sync's answer.`,
        schema: { type: 'string', pattern: '^private, max-age=\\d+, must-revalidate$' },
      },
      'Content-Language': { required: true, description: 'The `lang` of the response.', schema: { type: 'string', enum: [...LANGUAGES] } },
      'RateLimit-Policy': {
        required: true,
        description: `The per-key quota policy: ${LIMIT_PACE}.`,
        schema: { type: 'string', const: RATE_LIMIT_POLICY },
      },
      RateLimit: {
        required: true,
        description: "The key's remaining quota `r` in the current window and the seconds `t` until it resets. Absent when no valid key was presented.",
        schema: { type: 'string', pattern: `^"${RATE_LIMIT_POLICY_NAME}";r=\\d+;t=\\d+$` },
      },
      RateLimitIfKeyChecked: {
        required: false,
        description:
          'As `RateLimit`, when the key was checked before the answer: absent when the database was needed for the key and is down, or when the address was limited for bad keys.',
        schema: { type: 'string', pattern: `^"${RATE_LIMIT_POLICY_NAME}";r=\\d+;t=\\d+$` },
      },
      RetryAfterLimit: {
        required: true,
        description: `\`${RATE_LIMIT_RETRY_AFTER_S}\` for the per-key limit; for the limit on missing or invalid keys from one address, the seconds until that address may try again.`,
        schema: { type: 'string', pattern: '^[1-9][0-9]*$' },
      },
      RetryAfterSeconds: {
        required: false,
        description: "Seconds after which asking again may succeed (see the response's description for when it is sent).",
        schema: { type: 'string', pattern: '^[1-9][0-9]*$' },
      },
      RetryAfterUnavailable: {
        required: true,
        description: 'Seconds after which asking again may succeed.',
        schema: { type: 'string', pattern: '^[1-9][0-9]*$' },
      },
    },
    responses: {
      BadRequest: {
        description:
          'Bad input: an invalid value (the message names the parameter and the allowed values), an unknown or a repeated query parameter. Never a silent clamp.',
        headers: rateHeaders,
        content: {
          'application/json': {
            schema: ref('Error'),
            examples: {
              pageSize: { value: { error: invalidValueMessages.pageSize } },
              region: { value: { error: invalidValueMessages.region } },
              includeUnknownRegion: { value: { error: regionParamMessages.unknownWithoutRegion } },
              unknown: { value: { error: queryMessages.unknown('sort', CAUSES_ROUTE.params) } },
              archiveTo: { value: { error: archiveMessages.future('to') } },
            },
          },
        },
      },
      Unauthorized: {
        description: 'No `X-Api-Key` header, or a key that is unknown, revoked or expired.',
        headers: { 'RateLimit-Policy': header('RateLimit-Policy') },
        content: errorContent({ properties: { error: { enum: [MESSAGES.missingKey, MESSAGES.invalidKey] } } }),
      },
      FeedUnauthorized: {
        description: 'No `token` query parameter, or a feed token that is unknown, replaced, or belongs to a key that is revoked or expired.',
        headers: { 'RateLimit-Policy': header('RateLimit-Policy') },
        content: errorContent({ properties: { error: { enum: [MESSAGES.missingFeedToken, MESSAGES.invalidFeedToken] } } }),
      },
      FeedTooManyRequests: {
        description: [
          `\`${MESSAGES.rateLimited}\`: more than ${LIMIT_PACE} with this key (its feed token and the key share the limit). Wait \`Retry-After\` (${RATE_LIMIT_RETRY_AFTER_S}) seconds.`,
          `\`${MESSAGES.tooManyBadFeedTokens}\`: this address sent too many requests without a valid key or feed token. Wait \`Retry-After\` seconds, and fix the token.`,
        ].join('\n\n'),
        headers: { 'Retry-After': header('RetryAfterLimit'), ...policyAndMaybeState },
        content: errorContent({ properties: { error: { enum: [MESSAGES.rateLimited, MESSAGES.tooManyBadFeedTokens] } } }),
      },
      TooManyRequests: {
        description: [
          `\`${MESSAGES.rateLimited}\`: more than ${LIMIT_PACE} with this key. Wait \`Retry-After\` (${RATE_LIMIT_RETRY_AFTER_S}) seconds.`,
          `\`${MESSAGES.tooManyBadKeys}\`: this address sent too many requests without a valid key (checked before the key, so no \`RateLimit\` key state). Wait \`Retry-After\` seconds, and fix the key.`,
        ].join('\n\n'),
        headers: { 'Retry-After': header('RetryAfterLimit'), ...policyAndMaybeState },
        content: errorContent({ properties: { error: { enum: [MESSAGES.rateLimited, MESSAGES.tooManyBadKeys] } } }),
      },
      Unavailable: {
        description: `The database is unreachable and the answer is not in memory: \`${MESSAGES.unavailable}\` Retry after \`Retry-After\` seconds; the service recovers by itself.`,
        headers: { 'Retry-After': header('RetryAfterUnavailable'), ...policyAndMaybeState },
        content: errorContent({ properties: { error: { const: MESSAGES.unavailable } } }),
      },
      InternalError: {
        description: 'An unexpected failure (logged by the service); no details.',
        content: errorContent({ properties: { error: { const: MESSAGES.internal } } }),
      },
    },
    schemas: {
      Error: {
        type: 'object',
        required: ['error'],
        additionalProperties: false,
        properties: { error: { type: 'string' } },
      },
      ...deriveComponentSchemas(schema, OPERATION_SOURCES),
    },
  },
} as const;
