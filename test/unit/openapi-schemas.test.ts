// The OpenAPI component schemas derived from the GraphQL schema and the REST operations: every selected
// field is in its component with its JSON type and nullability, in selection order and nothing more;
// the naming and inlining rules; the refinements declared in Pothos.
import {
  GraphQLEnumType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  Kind,
  getNamedType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  parse,
  visit,
  type FragmentDefinitionNode,
  type GraphQLOutputType,
  type SelectionNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/graphql/schema.js';
import { openApiDocument } from '../../src/rest/v1/openapi.js';
import { deriveComponentSchemas, type JsonSchema } from '../../src/rest/v1/openapi-schemas.js';
import { OPERATION_SOURCES } from '../../src/rest/v1/operations.js';

// the served document's schemas: Error is written by hand, every other one derived from GraphQL
const { Error: errorSchema, ...components } = openApiDocument.components.schemas as Record<string, JsonSchema>;
const JSON_TYPES: Record<string, string> = { String: 'string', ID: 'string', Int: 'integer', Float: 'number', Boolean: 'boolean' };

/** Follows a $ref and a `oneOf: [x, null]`; tells whether null was allowed on the way. */
function unwrap(node: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  if (Array.isArray(node.oneOf)) {
    const [inner, nullSchema] = node.oneOf as JsonSchema[];
    expect(nullSchema).toEqual({ type: 'null' });
    return { schema: unwrap(inner).schema, nullable: true };
  }
  if (typeof node.$ref === 'string') {
    const name = node.$ref.replace('#/components/schemas/', '');
    expect(components, node.$ref).toHaveProperty(name);
    return { schema: unwrap(components[name]).schema, nullable: false };
  }
  if (Array.isArray(node.type)) {
    expect(node.type[1]).toBe('null');
    return { schema: { ...node, type: node.type[0] }, nullable: true };
  }
  return { schema: node, nullable: false };
}

/** Checks a JSON Schema against a GraphQL value type and its selection, independently of the derivation. */
function expectValue(
  where: string,
  node: JsonSchema,
  type: GraphQLOutputType,
  selections: readonly SelectionNode[] | undefined,
  fragments: Map<string, FragmentDefinitionNode>,
) {
  const { schema: value, nullable } = unwrap(node);
  expect(nullable, `${where}: nullable`).toBe(!isNonNullType(type));
  if (nullable && value.enum) expect(value.enum, `${where}: null among the enum values`).toContain(null);
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    expect(value.type, where).toBe('array');
    expectValue(`${where}[]`, value.items as JsonSchema, inner.ofType, selections, fragments);
    return;
  }
  const named = getNamedType(inner);
  if (isObjectType(named)) {
    expect(value, where).toMatchObject({ type: 'object', additionalProperties: false });
    // the selection with its fragments spread, as GraphQL executes it
    const fields: { key: string; type: GraphQLOutputType; selections?: readonly SelectionNode[] }[] = [];
    const collect = (list: readonly SelectionNode[]) => {
      for (const s of list) {
        if (s.kind === Kind.FIELD) {
          fields.push({ key: (s.alias ?? s.name).value, type: named.getFields()[s.name.value].type, selections: s.selectionSet?.selections });
        } else if (s.kind === Kind.FRAGMENT_SPREAD) collect(fragments.get(s.name.value)!.selectionSet.selections);
        else collect(s.selectionSet.selections);
      }
    };
    collect(selections ?? []);
    const keys = fields.map((f) => f.key);
    expect(Object.keys(value.properties as object), `${where}: properties in selection order`).toEqual(keys);
    expect(value.required, `${where}: every property required`).toEqual(keys);
    for (const field of fields)
      expectValue(`${where}.${field.key}`, (value.properties as Record<string, JsonSchema>)[field.key], field.type, field.selections, fragments);
    return;
  }
  if (isEnumType(named)) {
    expect(value.type, where).toBe('string');
    expect(
      (value.enum as unknown[]).filter((v) => v !== null),
      where,
    ).toEqual(named.getValues().map((v) => v.name));
    return;
  }
  expect(value.type, where).toBe(JSON_TYPES[named.name]);
}

describe('the derived component schemas', () => {
  it('every field each REST operation selects is in its component, with its JSON type and nullability, in selection order, and nothing else', () => {
    for (const [key, source] of Object.entries(OPERATION_SOURCES)) {
      const document = parse(source);
      const fragments = new Map(
        document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
      );
      const query = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION)!;
      const [root] = query.selectionSet.selections;
      if (root.kind !== Kind.FIELD || !query.name) throw new Error(`${key}: not one root field of a named query`);
      const field = schema.getQueryType()!.getFields()[root.name.value];
      // the response is the component named after the query
      expectValue(query.name.value, { $ref: `#/components/schemas/${query.name.value}` }, field.type, root.selectionSet?.selections, fragments);
      // a fragment that is a field's whole selection is the component named after it
      visit(document, {
        SelectionSet(node) {
          const [only] = node.selections;
          if (node.selections.length !== 1 || only.kind !== Kind.FRAGMENT_SPREAD) return;
          const fragment = fragments.get(only.name.value)!;
          const component = fragment.name.value.replace(/Fields$/, '');
          const type = new GraphQLNonNull(schema.getType(fragment.typeCondition.name.value) as GraphQLObjectType);
          expectValue(component, components[component], type, fragment.selectionSet.selections, fragments);
        },
      });
    }
  });

  it('are the schemas of the served document: the operations and the fragments used whole, each after those it refers to', () => {
    expect(Object.keys(components)).toEqual([
      'UrgencyScore',
      'Cause',
      'Action',
      'DailyAction',
      'CausePage',
      'RegionalCause',
      'RegionalCausePage',
      'CauseChanges',
      'CauseDetail',
      'ArchivedCause',
      'ArchivedDailyAction',
      'DailyActionPage',
      'DailyActionDay',
      'SourceFetchCounts',
      'Source',
      'SourceList',
    ]);
    expect(errorSchema).toEqual({ type: 'object', required: ['error'], additionalProperties: false, properties: { error: { type: 'string' } } });
  });

  it('Action, exactly: descriptions from the GraphQL type and fields, the enum GraphQL does not know from extensions.jsonSchema', () => {
    expect(components.Action).toEqual({
      type: 'object',
      description: 'Spec 2.2: the generated call to action.',
      required: ['type', 'headline', 'whyNow', 'whyYou', 'impactStatement', 'isAiGenerated', 'language'],
      additionalProperties: false,
      properties: {
        type: { type: 'string', enum: ['donate', 'sign', 'write'], description: 'donate for Spenden, sign for Petition, write for Brief.' },
        headline: { type: 'string' },
        whyNow: { type: 'string' },
        whyYou: { type: 'string' },
        impactStatement: { type: 'string' },
        isAiGenerated: { type: 'boolean', description: 'True for generated content (every action object is).' },
        language: { type: 'string', enum: ['de', 'en'] },
      },
    });
  });

  it('refinements of nullable fields stay beside the type, and a nullable reference is oneOf with null', () => {
    const cause = components.CauseDetail.properties as Record<string, JsonSchema>;
    expect(cause.imageUrl).toEqual({ type: ['string', 'null'], format: 'uri', description: 'Null when the source supplies no image.' });
    expect(cause.urgency_score).toEqual({ $ref: '#/components/schemas/UrgencyScore' });
    expect(cause.action).toMatchObject({ oneOf: [{ $ref: '#/components/schemas/Action' }, { type: 'null' }] });
    // a root field's GraphQL description tells what the query does; its jsonSchema.description the response
    expect(components.CauseDetail.description).toBe('A cause with the fields the list hides and its action object.');
    expect(components.CausePage.properties).toMatchObject({ pageSize: { type: 'integer', minimum: 1, maximum: 50 } });
  });

  it('an archived cause has the fields of Cause in the same order, with the same JSON types and refinements', () => {
    const withoutDescriptions = (properties: object) =>
      Object.entries(properties).map(([name, { description: _d, ...schema }]: [string, JsonSchema]) => [name, schema]);
    const { textSource: archivedSource, ...archived } = components.ArchivedCause.properties as Record<string, JsonSchema>;
    const { textSource, ...live } = components.Cause.properties as Record<string, JsonSchema>;
    expect(Object.keys(components.ArchivedCause.properties as object)).toEqual(Object.keys(components.Cause.properties as object));
    expect(withoutDescriptions(archived)).toEqual(withoutDescriptions(live));
    // textSource may be null in the copy of a day served before the service recorded it
    expect(textSource).toMatchObject({ type: 'string', enum: ['source', 'service', 'model', 'editor'] });
    expect(archivedSource).toMatchObject({ type: ['string', 'null'], enum: ['source', 'service', 'model', 'editor', null] });
  });

  it('every Cause field marked for a REST fragment is selected by it, in the order declared', () => {
    const cause = schema.getType('Cause') as GraphQLObjectType;
    const marked = Object.values(cause.getFields()).filter((f) => f.extensions.restFragment);
    const listed = Object.keys(components.Cause.properties as object);
    const regional = Object.keys(components.RegionalCause.properties as object).filter((key) => !listed.includes(key));
    const detail = Object.keys(components.CauseDetail.properties as object).filter((key) => !listed.includes(key));
    expect(regional).toEqual(['region']);
    expect(marked.map((f) => f.name)).toEqual([...listed, ...regional, ...detail]);
    expect(marked.map((f) => f.extensions.restFragment)).toEqual([
      ...listed.map(() => 'CauseFields'),
      ...regional.map(() => 'CauseRegionFields'),
      ...detail.map(() => 'CauseDetailFields'),
    ]);
  });

  it('the cause of a list by Land is the cause of the list, then its region (a Land code, DE or null)', () => {
    const { region, ...rest } = components.RegionalCause.properties as Record<string, JsonSchema>;
    expect(rest).toEqual(components.Cause.properties);
    expect(components.RegionalCause.required).toEqual([...(components.Cause.required as string[]), 'region']);
    expect(region).toEqual({
      type: ['string', 'null'],
      enum: [
        'DE-BB',
        'DE-BE',
        'DE-BW',
        'DE-BY',
        'DE-HB',
        'DE-HE',
        'DE-HH',
        'DE-MV',
        'DE-NI',
        'DE-NW',
        'DE-RP',
        'DE-SH',
        'DE-SL',
        'DE-SN',
        'DE-ST',
        'DE-TH',
        'DE',
        null,
      ],
      description: 'The Land the cause is about, as ISO 3166-2:DE (`DE-BY`); `DE` for a nationwide cause (all of Germany); null when its place is not known.',
    });
  });
});

describe('the derivation rules, on a small schema', () => {
  const Colour = new GraphQLEnumType({ name: 'Colour', values: { red: {}, green: {} } });
  const Part = new GraphQLObjectType({
    name: 'Part',
    description: 'A part.',
    fields: {
      code: { type: new GraphQLNonNull(GraphQLString), description: 'The code.', extensions: { jsonSchema: { pattern: '^[A-Z]+$' } } },
      colour: { type: Colour },
      sizes: { type: new GraphQLList(new GraphQLNonNull(GraphQLInt)), extensions: { jsonSchema: { description: 'Sizes.' } } },
    },
  });
  const Query = new GraphQLObjectType({
    name: 'Query',
    fields: {
      part: { type: new GraphQLNonNull(Part), description: 'Not copied: it describes the query.', resolve: () => null },
      parts: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(Part))), resolve: () => [] },
      spare: { type: Part, resolve: () => null },
    },
  });
  const small = new GraphQLSchema({ query: Query });
  const FRAGMENT = 'fragment PartFields on Part { code colour }';

  it('a fragment used whole is a reference; spread among other fields, it is inlined', () => {
    const derived = deriveComponentSchemas(small, {
      parts: `query PartList { parts { ...PartFields } } ${FRAGMENT}`,
      part: `query PartDetail { part { ...PartFields sizes } } ${FRAGMENT}`,
      spare: `query Spare { spare { ...PartFields } } ${FRAGMENT}`,
    });
    expect(derived).toEqual({
      Part: {
        type: 'object',
        description: 'A part.',
        required: ['code', 'colour'],
        additionalProperties: false,
        properties: {
          code: { type: 'string', pattern: '^[A-Z]+$', description: 'The code.' },
          colour: { type: ['string', 'null'], enum: ['red', 'green', null] },
        },
      },
      PartList: { type: 'array', items: { $ref: '#/components/schemas/Part' } },
      PartDetail: {
        type: 'object',
        description: 'A part.',
        required: ['code', 'colour', 'sizes'],
        additionalProperties: false,
        properties: {
          code: { type: 'string', pattern: '^[A-Z]+$', description: 'The code.' },
          colour: { type: ['string', 'null'], enum: ['red', 'green', null] },
          sizes: { type: ['array', 'null'], items: { type: 'integer' }, description: 'Sizes.' },
        },
      },
      Spare: { oneOf: [{ $ref: '#/components/schemas/Part' }, { type: 'null' }] },
    });
  });

  it('refuses what a schema cannot state from the selection: conditional fields, a field twice, a root field not named as the route', () => {
    expect(() => deriveComponentSchemas(small, { part: 'query P($c: Boolean!) { part { code colour @include(if: $c) } }' })).toThrow(/directives/);
    expect(() => deriveComponentSchemas(small, { part: `query P { part { code ...PartFields } } ${FRAGMENT}` })).toThrow(/Part.code is selected twice/);
    expect(() => deriveComponentSchemas(small, { parts: 'query P { part { code } }' })).toThrow(/root field must be parts/);
    expect(() => deriveComponentSchemas(small, { part: `query Part { part { ...PartFields } } ${FRAGMENT}` })).toThrow(/Part is defined twice/);
  });
});
