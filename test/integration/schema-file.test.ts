import fs from 'node:fs';
import { GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { printSchemaFile } from '../../src/graphql/print-schema.js';
import { schema } from '../../src/graphql/schema.js';

describe('schema.graphql', () => {
  it('is the printed schema (run `npm run schema:print` after changing a type)', () => {
    const committed = fs.readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');
    expect(committed).toBe(printSchemaFile(schema));
  });

  it('does not depend on the order in which the modules registered their types', () => {
    const config = schema.toConfig();
    const reversed = new GraphQLSchema({ ...config, types: [...config.types].reverse() });
    expect(printSchemaFile(reversed)).toBe(printSchemaFile(schema));
  });
});
