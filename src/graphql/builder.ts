// The Pothos builder: plugins, the context type and Prisma (passed through the context, never imported).
import SchemaBuilder from '@pothos/core';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import type PrismaTypes from '../generated/pothos-types.js';
import { getDatamodel } from '../generated/pothos-types.js';
import type { GraphQLContext } from '../context.js';
import { CATEGORY_VALUES, LANGUAGES } from '../modules/causes/list-params.js';
// types `extensions: { restFragment, jsonSchema }` on fields (what REST v1 needs to know)
import type {} from './rest-extensions.js';

export const builder = new SchemaBuilder<{ Context: GraphQLContext; PrismaTypes: PrismaTypes; DefaultFieldNullability: false }>({
  // Fields are non-null unless declared nullable, as in the spec's tables.
  defaultFieldNullability: false,
  // Relay for the dashboards' cursor connections (prismaConnection); no global ids, node queries or
  // mutations: only the Connection, Edge and PageInfo types.
  plugins: [RelayPlugin, PrismaPlugin],
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    nodeQueryOptions: false,
    nodesQueryOptions: false,
  },
  prisma: {
    client: (ctx) => ctx.prisma,
    dmmf: getDatamodel(),
    exposeDescriptions: false,
    onUnusedQuery: null,
  },
});

builder.queryType({ description: 'Read-only access to the Engagement-Signal catalogue.' });

export const LanguageEnum = builder.enumType('Language', { values: LANGUAGES });
export const CategoryEnum = builder.enumType('Category', { values: CATEGORY_VALUES });
