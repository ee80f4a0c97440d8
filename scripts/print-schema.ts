// Writes the printed SDL to schema.graphql (a test fails when the committed file is out of date).
import fs from 'node:fs';
import { printSchema } from 'graphql';
import { schema } from '../src/graphql/schema.js';

fs.writeFileSync(new URL('../schema.graphql', import.meta.url), `${printSchema(schema)}\n`);
console.log('schema.graphql written');
