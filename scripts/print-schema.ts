// Writes the printed SDL to schema.graphql (a test fails when the committed file is out of date).
import fs from 'node:fs';
import { printSchemaFile } from '../src/graphql/print-schema.js';
import { schema } from '../src/graphql/schema.js';

fs.writeFileSync(new URL('../schema.graphql', import.meta.url), printSchemaFile(schema));
console.log('schema.graphql written');
