// The OpenAPI component schemas of REST v1, derived from the GraphQL schema and the operations behind the
// routes (operations.ts), so a field is declared once: in Pothos, with its description and, in
// `extensions.jsonSchema`, what GraphQL cannot say (src/graphql/rest-extensions.ts). The selections give
// the JSON field order.
//
// Which schemas are components, and their names, is decided by the operations:
// - each operation's response (its one root field) is the component named after the operation
//   (`query CauseDetail { cause … }` → CauseDetail);
// - a fragment `XFields` is the component X wherever it is a field's whole selection
//   (`items { ...CauseFields }` → items: Cause[]); spread among other fields, its fields are inlined, since
//   with `additionalProperties: false` an object schema cannot be extended.
// Every other object is inlined where it is selected. Components come after those they refer to, the
// operations in the order given.
//
// Objects are `{ type: 'object', required: [every selected field], additionalProperties: false,
// properties }` in selection order, with the GraphQL type's description. A property takes its field's
// description (a root field's describes the query, so only its `jsonSchema.description` is used), a
// nullable value `type: [T, 'null']` (`oneOf: [schema, { type: 'null' }]` for a reference), an enum the
// GraphQL enum's values; String and ID are strings, Int integers, Float numbers, Boolean booleans.
import type {} from '../../graphql/rest-extensions.js';
import {
  GraphQLNonNull,
  Kind,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  parse,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

export type JsonSchema = Record<string, unknown>;

const SCALAR_TYPES: Record<string, string> = { String: 'string', ID: 'string', Int: 'integer', Float: 'number', Boolean: 'boolean' };

export const componentRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The component a fragment stands for: its name without the `Fields` suffix. */
export const fragmentComponentName = (fragmentName: string) => fragmentName.replace(/Fields$/, '');

function orNull(schema: JsonSchema): JsonSchema {
  if (typeof schema.type !== 'string') return { oneOf: [schema, { type: 'null' }] };
  return { ...schema, type: [schema.type, 'null'], ...(Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {}) };
}

/**
 * Derives the component schemas from the operations (GraphQL documents by route operation, each with
 * one named query of one root field) against the schema. Throws on what JSON Schema cannot state from
 * the selection alone: conditional fields (@skip, @include), abstract types, unknown scalars.
 */
export function deriveComponentSchemas(schema: GraphQLSchema, operations: Readonly<Record<string, string>>): Record<string, JsonSchema> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  const roots: { name: string; field: FieldNode }[] = [];
  for (const [key, source] of Object.entries(operations)) {
    const document = parse(source, { noLocation: true });
    const queries = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    const [query] = queries;
    const [root] = query?.selectionSet.selections ?? [];
    if (queries.length !== 1 || query.operation !== 'query' || !query.name || query.selectionSet.selections.length !== 1 || root.kind !== Kind.FIELD) {
      throw new Error(`REST operation ${key}: expected one named query with one root field`);
    }
    if ((root.alias ?? root.name).value !== key) throw new Error(`REST operation ${key}: its root field must be ${key}`);
    roots.push({ name: query.name.value, field: root });
  }

  const components: Record<string, JsonSchema> = {};
  const building = new Set<string>();
  const define = (name: string, build: () => JsonSchema) => {
    if (name in components || building.has(name)) throw new Error(`OpenAPI component ${name} is defined twice`);
    building.add(name);
    const built = build();
    building.delete(name);
    components[name] = built;
  };

  const fragmentOfComponent = new Map<string, string>();
  const fragmentComponent = (fragment: FragmentDefinitionNode) => {
    const name = fragmentComponentName(fragment.name.value);
    if (fragmentOfComponent.get(name) !== fragment.name.value) {
      fragmentOfComponent.set(name, fragment.name.value);
      define(name, () => objectSchema(objectType(fragment.typeCondition.name.value), fragment.selectionSet));
    }
    return componentRef(name);
  };

  const objectType = (name: string): GraphQLObjectType => {
    const type = schema.getType(name);
    if (!isObjectType(type)) throw new Error(`${name} is not an object type`);
    return type;
  };

  function collectProperties(type: GraphQLObjectType, selectionSet: SelectionSetNode, into: Map<string, JsonSchema>) {
    for (const selection of selectionSet.selections) {
      if (selection.directives?.length) throw new Error(`${type.name}: directives on selections are not supported`);
      if (selection.kind === Kind.FIELD) {
        const field = type.getFields()[selection.name.value];
        if (!field) throw new Error(`${type.name} has no field ${selection.name.value}`);
        const key = (selection.alias ?? selection.name).value;
        if (into.has(key)) throw new Error(`${type.name}.${key} is selected twice`);
        into.set(key, fieldSchema(field, selection.selectionSet, false));
        continue;
      }
      const fragment = selection.kind === Kind.FRAGMENT_SPREAD ? fragments.get(selection.name.value) : selection;
      if (!fragment) throw new Error(`unknown fragment ${(selection as { name: { value: string } }).name.value}`);
      if (fragment.typeCondition && fragment.typeCondition.name.value !== type.name) {
        throw new Error(`a fragment on ${fragment.typeCondition.name.value} inside ${type.name} is not supported`);
      }
      collectProperties(type, fragment.selectionSet, into);
    }
  }

  function objectSchema(type: GraphQLObjectType, selectionSet: SelectionSetNode): JsonSchema {
    const [only] = selectionSet.selections;
    if (selectionSet.selections.length === 1 && only.kind === Kind.FRAGMENT_SPREAD && !only.directives?.length) {
      const fragment = fragments.get(only.name.value);
      if (fragment?.typeCondition.name.value === type.name) return fragmentComponent(fragment);
    }
    const properties = new Map<string, JsonSchema>();
    collectProperties(type, selectionSet, properties);
    return {
      type: 'object',
      ...(type.description ? { description: type.description } : {}),
      required: [...properties.keys()],
      additionalProperties: false,
      properties: Object.fromEntries(properties),
    };
  }

  /** The schema of a value of `type`; `constraints` (the field's refinements) apply to the non-null value. */
  function valueSchema(type: GraphQLOutputType, selectionSet: SelectionSetNode | undefined, constraints: JsonSchema): JsonSchema {
    if (!isNonNullType(type)) return orNull(valueSchema(new GraphQLNonNull(type), selectionSet, constraints));
    const inner = type.ofType;
    if (isListType(inner)) return { type: 'array', items: valueSchema(inner.ofType, selectionSet, {}), ...constraints };
    if (isScalarType(inner)) {
      const jsonType = SCALAR_TYPES[inner.name];
      if (!jsonType) throw new Error(`no JSON type for the scalar ${inner.name}`);
      return { type: jsonType, ...constraints };
    }
    if (isEnumType(inner)) return { type: 'string', enum: inner.getValues().map((value) => value.name), ...constraints };
    if (isObjectType(inner)) {
      if (!selectionSet) throw new Error(`${inner.name} selected without fields`);
      return { ...objectSchema(inner, selectionSet), ...constraints };
    }
    throw new Error(`${inner.name} (an abstract type) is not supported`);
  }

  function fieldSchema(field: GraphQLField<unknown, unknown>, selectionSet: SelectionSetNode | undefined, root: boolean): JsonSchema {
    const { description, ...constraints } = field.extensions.jsonSchema ?? {};
    const schema = valueSchema(field.type, selectionSet, constraints);
    const text = description ?? (root ? undefined : (field.description ?? undefined));
    return text ? { ...schema, description: text } : schema;
  }

  const queryFields = schema.getQueryType()?.getFields() ?? {};
  for (const { name, field } of roots) {
    const rootField = queryFields[field.name.value];
    if (!rootField) throw new Error(`the schema has no query field ${field.name.value}`);
    define(name, () => fieldSchema(rootField, field.selectionSet, true));
  }
  return components;
}
