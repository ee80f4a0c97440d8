// The GraphQL operations behind the REST v1 routes. Each selection lists the spec's fields in the
// spec's order; the JSON a route returns is one field of `data`, unchanged.
import { parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';

const CAUSE_FIELDS = /* GraphQL */ `
  fragment CauseFields on Cause {
    id
    slug
    title(lang: $lang)
    summary(lang: $lang)
    category
    organisationName
    organisationUrl
    imageUrl
    fundingProgressPct
    deadline
    urgency_score {
      total
      breakdown { deadline_proximity funding_gap recency engagement }
      signals { days_until_deadline progress_percentage days_since_import has_above_average_ctr }
    }
    source_name
    source_url
    original_platform
    refreshed_at
  }
`;

const ACTION_FIELDS = /* GraphQL */ `
  fragment ActionFields on Action { type headline whyNow whyYou impactStatement isAiGenerated language }
`;

export const OPERATION_SOURCES = {
  dailyAction: /* GraphQL */ `
    query DailyAction($lang: Language! = de) {
      dailyAction { cause { ...CauseFields } action(lang: $lang) { ...ActionFields } }
    }
    ${CAUSE_FIELDS} ${ACTION_FIELDS}`,
  causes: /* GraphQL */ `
    query Causes($page: Int! = 1, $pageSize: Int! = 20, $category: Category, $lang: Language! = de) {
      causes(page: $page, pageSize: $pageSize, category: $category) { total page pageSize items { ...CauseFields } }
    }
    ${CAUSE_FIELDS}`,
  cause: /* GraphQL */ `
    query Cause($slug: String!, $lang: Language! = de) {
      cause(slug: $slug) {
        ...CauseFields
        description(lang: $lang) fundingGoal fundingCurrent leverageScore actionsToTippingPoint
        action(lang: $lang) { ...ActionFields }
      }
    }
    ${CAUSE_FIELDS} ${ACTION_FIELDS}`,
} as const;

export type OperationName = keyof typeof OPERATION_SOURCES;

/** Parses and validates every operation once, at start-up; a mismatch with the schema fails loudly. */
export function compileOperations(schema: GraphQLSchema): Record<OperationName, DocumentNode> {
  const compiled = {} as Record<OperationName, DocumentNode>;
  for (const [name, source] of Object.entries(OPERATION_SOURCES) as [OperationName, string][]) {
    const document = parse(source);
    const errors = validate(schema, document);
    if (errors.length) throw new Error(`REST operation ${name} does not match the schema: ${errors.map((e) => e.message).join('; ')}`);
    compiled[name] = document;
  }
  return compiled;
}
