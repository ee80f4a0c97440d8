// Reference for the GraphQL target: bare GraphQL Yoga on Express serving the committed schema with the
// dashboard query's data from memory. Usage: reference-yoga.ts PORT DATA_JSON_FILE
import fs from 'node:fs';
import express, { type RequestHandler } from 'express';
import { createSchema, createYoga } from 'graphql-yoga';
import { positionalArgs } from '../../src/cli/script-args.js';

const [portArg, dataFile] = positionalArgs(
  "Usage: node --import tsx scripts/bench/reference-yoga.ts PORT DATA_JSON_FILE\n  The benchmark's bare Yoga reference (bench.ts starts it), serving the data of the file.",
  2,
);
const port = Number(portArg);
const data = JSON.parse(fs.readFileSync(dataFile, 'utf8'));
const typeDefs = fs.readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');
const yoga = createYoga({
  schema: createSchema({ typeDefs, resolvers: { Query: { causes: () => data.causes } } }),
  graphqlEndpoint: '/graphql',
  graphiql: false,
  landingPage: false,
  logging: false,
});
const app = express();
app.disable('x-powered-by');
app.all('/graphql', yoga as unknown as RequestHandler);
app.listen(port, '127.0.0.1', () => console.log(`listening on ${port}`));
