// The SDL committed as schema.graphql. Types are printed in the order of their names: the order in which
// Pothos registered them depends on which module was imported first (a test worker that imports one
// domain module before the schema would print another order). Fields keep their declared order.
import { GraphQLSchema, printSchema } from 'graphql';

export function printSchemaFile(schema: GraphQLSchema): string {
  const config = schema.toConfig();
  const types = [...config.types].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return `${printSchema(new GraphQLSchema({ ...config, types }))}\n`;
}
