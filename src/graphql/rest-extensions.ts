// What REST v1 needs to know about a field beyond its GraphQL type, declared on the field in Pothos as
// `extensions`: which REST fragment selects it (src/rest/v1/operations.ts), and its JSON Schema
// refinements for the OpenAPI document (src/rest/v1/openapi-schemas.ts).

/** JSON Schema keywords a field may add to the schema derived from its GraphQL type. */
export interface JsonSchemaRefinement {
  format?: 'uri' | 'date' | 'date-time';
  pattern?: string;
  minimum?: number;
  maximum?: number;
  /** the only values the field takes (a String or Int field whose values GraphQL does not list) */
  enum?: readonly (string | number)[];
  /**
   * The schema's description where the GraphQL description does not fit: on a root field, whose
   * GraphQL description tells what the query does, it describes the REST response.
   */
  description?: string;
}

declare module 'graphql' {
  // the type parameters must repeat graphql's declaration, `any` included, for the interfaces to merge
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  interface GraphQLFieldExtensions<_TSource, _TContext, _TArgs = any> {
    /**
     * The REST fragment that selects this field (operations.ts builds it from the marked fields, in the
     * order they are declared, which is the order of the JSON).
     */
    restFragment?: string;
    jsonSchema?: JsonSchemaRefinement;
  }
}
