// GraphQL Armor's cost rule multiplies a field's cost by its `first` or `last`, but only when the
// document writes it as a number: a page size given as a variable, or left to the connection's default,
// would cost as one node. Before execution (when the variables are known), each connection field's page
// size is written into the document and Armor's own rule measures it again. The same document is checked
// against the page-size cap first: a resolver's own check runs only when the page is selected (the Relay
// plugin answers `totalCount` alone without it).
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import {
  getNamedType,
  isObjectType,
  Kind,
  TypeInfo,
  validate,
  visit,
  visitWithTypeInfo,
  type ArgumentNode,
  type DocumentNode,
  type FieldNode,
  type GraphQLError,
  type GraphQLSchema,
  type ValidationContext,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { connectionSizeProblem } from './connection-size.js';

const SIZE_ARGUMENTS = new Set(['first', 'last']);

/** Whether the field TypeInfo stands on is a Relay connection with a page size (`first`). */
function atConnectionField(typeInfo: TypeInfo): boolean {
  const definition = typeInfo.getFieldDef();
  const type = definition && getNamedType(definition.type);
  return !!type && isObjectType(type) && 'pageInfo' in type.getFields() && definition.args.some((arg) => arg.name === 'first');
}

/** The page-size message (connection-size.ts) for the first connection whose `first` or `last`, written as a number, is out of range; else null. */
export function pageSizeProblem(schema: GraphQLSchema, document: DocumentNode): string | null {
  const typeInfo = new TypeInfo(schema);
  let problem: string | null = null;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node: FieldNode) {
        if (problem !== null || !atConnectionField(typeInfo)) return;
        const size: { first?: number; last?: number } = {};
        for (const arg of node.arguments ?? []) {
          if ((arg.name.value === 'first' || arg.name.value === 'last') && arg.value.kind === Kind.INT) size[arg.name.value] = Number(arg.value.value);
        }
        problem = connectionSizeProblem(size);
      },
    }),
  );
  return problem;
}

/**
 * The document with every connection field's `first`/`last` as a number: a variable replaced by its value,
 * and `first: defaultSize` where neither is given. Null when nothing had to change.
 */
export function withPageSizes(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  defaultSize: number,
): DocumentNode | null {
  const typeInfo = new TypeInfo(schema);
  // a variable the request leaves out has its declared default
  const defaults = new Map<string, unknown>();
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    for (const variable of definition.variableDefinitions ?? []) {
      if (variable.defaultValue?.kind === Kind.INT) defaults.set(variable.variable.name.value, Number(variable.defaultValue.value));
    }
  }
  let changed = false;
  const sized = visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field: {
        enter(node: FieldNode) {
          if (!atConnectionField(typeInfo)) return undefined;
          const args: ArgumentNode[] = [];
          let sizedHere = false;
          for (const arg of node.arguments ?? []) {
            if (!SIZE_ARGUMENTS.has(arg.name.value) || arg.value.kind !== Kind.VARIABLE) {
              args.push(arg);
              continue;
            }
            sizedHere = true;
            const value = variables?.[arg.value.name.value] ?? defaults.get(arg.value.name.value);
            if (typeof value === 'number') args.push({ ...arg, value: { kind: Kind.INT, value: String(Math.trunc(value)) } });
          }
          if (!args.some((arg) => SIZE_ARGUMENTS.has(arg.name.value))) {
            sizedHere = true;
            args.push({ kind: Kind.ARGUMENT, name: { kind: Kind.NAME, value: 'first' }, value: { kind: Kind.INT, value: String(defaultSize) } });
          }
          if (!sizedHere) return undefined;
          changed = true;
          return { ...node, arguments: args };
        },
      },
    }),
  );
  return changed ? sized : null;
}

export interface ConnectionCostOptions {
  /** Armor's cost options as the /graphql validation uses them */
  costOptions: Parameters<typeof costLimitRule>[0];
  defaultSize: number;
  /** turns Armor's rejection into the error answered (reported on the validation context) */
  onReject: (context: ValidationContext | null, error: GraphQLError) => void;
  /** the errors reported, as sent (with their HTTP status) */
  toError: (error: GraphQLError) => GraphQLError;
  /** the error sent for a page size over the cap, with pageSizeProblem's message */
  sizeError: (message: string) => GraphQLError;
}

/**
 * Rejects, before execution, a document with a connection's real page size over the cap, whatever the
 * connection selects, or whose connections' real page sizes cost more than the limit.
 */
export function connectionCostPlugin({ costOptions, defaultSize, onReject, toError, sizeError }: ConnectionCostOptions): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const sized = withPageSizes(args.schema, args.document, args.variableValues as Record<string, unknown> | undefined, defaultSize);
      const problem = pageSizeProblem(args.schema, sized ?? args.document);
      if (problem !== null) {
        setResultAndStopExecution({ errors: [sizeError(problem)] });
        return;
      }
      if (!sized) return;
      const errors = validate(args.schema, sized, [costLimitRule({ ...costOptions, propagateOnRejection: false, onReject: [onReject] })]);
      if (errors.length) setResultAndStopExecution({ errors: errors.map(toError) });
    },
  };
}
