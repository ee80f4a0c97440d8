// The GraphQL operations behind the REST v1 routes. Each selection lists the spec's fields in the
// spec's order; the JSON a route returns is one field of `data`, unchanged. They also name the OpenAPI
// components (openapi-schemas.ts): each query's response is the component named after the query, a
// fragment `XFields` the component X.
//
// The cause's fields are selected where they are declared: a Cause field marked
// `extensions: { restFragment: 'CauseFields' }` (every cause) or `'CauseDetailFields'` (the single cause)
// in causes.schema.ts is in that fragment, at its place in the declaration.
import { getNamedType, isObjectType, parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import type {} from '../../graphql/rest-extensions.js';
import { schema as appSchema } from '../../graphql/schema.js';
import { DEFAULT_LANGUAGE } from '../../modules/causes/list-params.js';

/**
 * `fragment <name> on <typeName>` selecting the fields of the type marked `extensions: { restFragment:
 * name }`, in the order they are declared: each argument given the operation variable of its name
 * (`title(lang: $lang)`), an object the fragment of its type (`urgency_score { ...UrgencyScoreFields }`).
 */
export function markedFragment(schema: GraphQLSchema, name: string, typeName: string): string {
  const type = schema.getType(typeName);
  if (!isObjectType(type)) throw new Error(`${typeName} is not an object type`);
  const selections = Object.values(type.getFields())
    .filter((field) => field.extensions.restFragment === name)
    .map((field) => {
      const args = field.args.length ? `(${field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ')})` : '';
      const named = getNamedType(field.type);
      return `${field.name}${args}${isObjectType(named) ? ` { ...${named.name}Fields }` : ''}`;
    });
  if (!selections.length) throw new Error(`no field of ${typeName} is marked for ${name}`);
  return `\n  fragment ${name} on ${typeName} {\n    ${selections.join('\n    ')}\n  }\n`;
}

const URGENCY_SCORE_FIELDS = /* GraphQL */ `
  fragment UrgencyScoreFields on UrgencyScore {
    total
    breakdown {
      deadline_proximity
      funding_gap
      recency
      engagement
    }
    signals {
      days_until_deadline
      progress_percentage
      days_since_import
      has_above_average_ctr
    }
  }
`;

const ACTION_FIELDS = /* GraphQL */ `
  fragment ActionFields on Action {
    type
    headline
    whyNow
    whyYou
    impactStatement
    isAiGenerated
    language
  }
`;

const CAUSE_FIELDS = markedFragment(appSchema, 'CauseFields', 'Cause') + URGENCY_SCORE_FIELDS;
const CAUSE_DETAIL_FIELDS = markedFragment(appSchema, 'CauseDetailFields', 'Cause');
// The cause of an answer to a request with `region`: every cause field, then where it is.
const REGIONAL_CAUSE_FIELDS = /* GraphQL */ `
  fragment RegionalCauseFields on Cause {
    ...CauseFields
    ...CauseRegionFields
  }
  ${markedFragment(appSchema, 'CauseRegionFields', 'Cause')}
`;

// GET /sources
const SOURCE_FETCH_COUNTS_FIELDS = /* GraphQL */ `
  fragment SourceFetchCountsFields on SourceFetchCounts {
    new
    updated
    unchanged
    reactivated
    deactivated
    skipped
  }
`;
const SOURCE_FIELDS = markedFragment(appSchema, 'SourceFields', 'Source') + SOURCE_FETCH_COUNTS_FIELDS;

// The archive: a day's cause and action as they were served (daily-action-archive.schema.ts).
const ARCHIVED_CAUSE_FIELDS = markedFragment(appSchema, 'ArchivedCauseFields', 'ArchivedCause') + URGENCY_SCORE_FIELDS;
const ARCHIVED_DAY_FIELDS = /* GraphQL */ `
  fragment ArchivedDailyActionFields on ArchivedDailyAction {
    date
    cause(lang: $lang) {
      ...ArchivedCauseFields
    }
    action(lang: $lang) {
      ...ActionFields
    }
    reason
  }
`;

export const OPERATION_SOURCES = {
  dailyAction: /* GraphQL */ `
    query DailyAction($lang: Language! = ${DEFAULT_LANGUAGE}) {
      dailyAction {
        cause {
          ...CauseFields
        }
        action(lang: $lang) {
          ...ActionFields
        }
      }
    }
    ${CAUSE_FIELDS}
    ${ACTION_FIELDS}
  `,
  causes: /* GraphQL */ `
    query CausePage($page: Int! = 1, $pageSize: Int! = 20, $category: Category, $lang: Language! = ${DEFAULT_LANGUAGE}) {
      causes(page: $page, pageSize: $pageSize, category: $category) {
        total
        page
        pageSize
        items {
          ...CauseFields
        }
      }
    }
    ${CAUSE_FIELDS}
  `,
  // GET /causes with `region`: its own operation (and so its own cached answers), so that the cause
  // gains `region` only there and the default list stays as the spec has it
  causesInRegion: /* GraphQL */ `
    query RegionalCausePage(
      $page: Int! = 1
      $pageSize: Int! = 20
      $category: Category
      $lang: Language! = ${DEFAULT_LANGUAGE}
      $region: String!
      $includeUnknownRegion: Boolean! = false
    ) {
      causesInRegion: causes(page: $page, pageSize: $pageSize, category: $category, region: $region, includeUnknownRegion: $includeUnknownRegion) {
        total
        page
        pageSize
        items {
          ...RegionalCauseFields
        }
      }
    }
    ${REGIONAL_CAUSE_FIELDS}
    ${CAUSE_FIELDS}
  `,
  // GET /causes?changedSince=… or ?cursor=…: an incremental sync
  causeChanges: /* GraphQL */ `
    query CauseChanges($changedSince: String, $cursor: String, $pageSize: Int! = 20, $category: Category, $lang: Language! = ${DEFAULT_LANGUAGE}) {
      causeChanges(changedSince: $changedSince, cursor: $cursor, pageSize: $pageSize, category: $category) {
        changed {
          ...CauseFields
        }
        removed {
          id
          slug
          removedAt
          reason
        }
        cursor
        hasMore
        full
      }
    }
    ${CAUSE_FIELDS}
  `,
  cause: /* GraphQL */ `
    query CauseDetail($slug: String!, $lang: Language! = ${DEFAULT_LANGUAGE}) {
      cause(slug: $slug) {
        ...CauseFields
        ...CauseDetailFields
      }
    }
    ${CAUSE_FIELDS}
    ${CAUSE_DETAIL_FIELDS}
    ${ACTION_FIELDS}
  `,
  dailyActions: /* GraphQL */ `
    query DailyActionPage($from: String, $to: String, $page: Int! = 1, $pageSize: Int! = 20, $lang: Language! = ${DEFAULT_LANGUAGE}) {
      dailyActions(from: $from, to: $to, page: $page, pageSize: $pageSize) {
        from
        to
        total
        page
        pageSize
        items {
          ...ArchivedDailyActionFields
        }
      }
    }
    ${ARCHIVED_DAY_FIELDS}
    ${ARCHIVED_CAUSE_FIELDS}
    ${ACTION_FIELDS}
  `,
  dailyActionOn: /* GraphQL */ `
    query DailyActionDay($date: String!, $lang: Language! = ${DEFAULT_LANGUAGE}) {
      dailyActionOn(date: $date) {
        ...ArchivedDailyActionFields
      }
    }
    ${ARCHIVED_DAY_FIELDS}
    ${ARCHIVED_CAUSE_FIELDS}
    ${ACTION_FIELDS}
  `,
  // GET /sources
  sources: /* GraphQL */ `
    query SourceList {
      sources {
        ...SourceFields
      }
    }
    ${SOURCE_FIELDS}
  `,
} as const;

/**
 * The operations behind the feeds (/feeds/…, feed-render.ts renders their data). Kept apart from
 * OPERATION_SOURCES: their answers are not JSON components of the OpenAPI document. Each root field is
 * aliased to the operation's name, which is how the controller finds its data.
 */
/** The days of a daily-action feed; with `region`, each cause's Land too (feed-render.ts filters by them). */
const dailyActionFeed = (name: string, query: string, regionField: string) => /* GraphQL */ `
    query ${query}($pageSize: Int! = 30, $lang: Language! = ${DEFAULT_LANGUAGE}) {
      ${name}: dailyActions(pageSize: $pageSize) {
        items {
          date
          cause(lang: $lang) { slug title summary organisationName source_name source_url original_platform category${regionField} }
          action(lang: $lang) { headline whyNow impactStatement }
        }
      }
    }`;

export const FEED_OPERATION_SOURCES = {
  dailyActionFeed: dailyActionFeed('dailyActionFeed', 'DailyActionFeed', ''),
  // a daily-action feed with `region`: its own operation, so that the feed without it reads no Land
  dailyActionFeedInRegion: dailyActionFeed('dailyActionFeedInRegion', 'RegionalDailyActionFeed', ' region'),
  deadlineCalendar: /* GraphQL */ `
    query DeadlineCalendar($lang: Language! = ${DEFAULT_LANGUAGE}, $category: Category, $region: String, $includeUnknownRegion: Boolean! = false) {
      deadlineCalendar: causeDeadlines(category: $category, region: $region, includeUnknownRegion: $includeUnknownRegion) {
        id
        slug
        title(lang: $lang)
        summary(lang: $lang)
        organisationName
        deadline
        source_name
        source_url
        original_platform
        deadlineSequence
        deadlineChangedAt
      }
    }
  `,
} as const;

export type OperationName = keyof typeof OPERATION_SOURCES | keyof typeof FEED_OPERATION_SOURCES;

/** Parses and validates every operation once, at start-up; a mismatch with the schema fails loudly. */
export function compileOperations(schema: GraphQLSchema): Record<OperationName, DocumentNode> {
  const compiled = {} as Record<OperationName, DocumentNode>;
  for (const [name, source] of Object.entries({ ...OPERATION_SOURCES, ...FEED_OPERATION_SOURCES }) as [OperationName, string][]) {
    const document = parse(source);
    const errors = validate(schema, document);
    if (errors.length) throw new Error(`REST operation ${name} does not match the schema: ${errors.map((e) => e.message).join('; ')}`);
    compiled[name] = document;
  }
  return compiled;
}
