// The number of SQL queries a GraphQL document costs: executed on the real schema with a Prisma client
// whose pool counts every query sent to Postgres, so a resolver that queries once per row shows.
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { execute, parse } from 'graphql';
import { expect } from 'vitest';
import { PrismaClient } from '../../src/generated/prisma/client.js';
import { createAppDeps, createContext } from '../../src/context.js';
import { schema } from '../../src/graphql/schema.js';
import type { ConfiguredSource } from '../../src/modules/sources/sources-config.js';
import { testDatabaseUrl } from './workers.js';

/** A Prisma client over a pool that counts every query sent to Postgres. */
function countingPrisma() {
  const counter = { queries: 0 };
  class CountingPool extends pg.Pool {
    override query = ((...args: any[]) => {
      counter.queries++;
      return (super.query as any)(...args);
    }) as any;
    override connect = (async (...args: any[]) => {
      if (args.length) return (super.connect as any)(...args);
      const client = await super.connect();
      const query = client.query.bind(client);
      client.query = ((...queryArgs: any[]) => {
        counter.queries++;
        return (query as any)(...queryArgs);
      }) as any;
      return client;
    }) as any;
  }
  const client = new PrismaClient({ adapter: new PrismaPg(new CountingPool({ connectionString: testDatabaseUrl(), max: 2 })) });
  return { client, counter };
}

/** The SQL queries `document` costs (it must succeed), as of `now`. */
export async function queriesOf(document: string, now: Date, sources: readonly ConfiguredSource[] = []): Promise<number> {
  const { client, counter } = countingPrisma();
  try {
    const deps = createAppDeps(client, testDatabaseUrl(), () => now, sources);
    await client.$queryRawUnsafe('SELECT 1'); // connects, so the count starts on a warm client
    counter.queries = 0;
    const result = await execute({ schema, document: parse(document), contextValue: createContext(deps, null, { content: 1, keys: 1 }) });
    expect(result.errors).toBeUndefined();
    return counter.queries;
  } finally {
    await client.$disconnect();
  }
}
