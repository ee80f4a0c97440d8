// The example queries for the dashboards in docs/integrating.md (and those for freshness and the cursor connections) run as written (with a real slug) and
// answer 200 without errors, so the documentation cannot drift from the schema.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOW, seedCatalogue, standardCatalogue } from '../helpers/catalogue.js';
import { issueKey, resetDatabase, startTestApp, testPrisma, type TestApp } from '../helpers/test-app.js';

const prisma = testPrisma();
let app: TestApp;
let slug = '';

const guide = fs.readFileSync(new URL('../../docs/integrating.md', import.meta.url), 'utf8');
const block = /```graphql\n([\s\S]*?)```/.exec(guide)![1];
const queries = block.split('\n').filter((line) => line.startsWith('{'));
const blocks = [...guide.matchAll(/```graphql\n([\s\S]*?)```/g)].map((match) => match[1].split('\n').filter((line) => line.startsWith('{')));
// the freshness queries (sources, jobRuns) are the second `graphql` block, the cursor connections the third
const freshness = blocks[1];
const connections = blocks[2];

beforeAll(async () => {
  await resetDatabase(prisma);
  await seedCatalogue(prisma, standardCatalogue());
  app = await startTestApp({ prisma, now: NOW });
  slug = (await prisma.dailyPick.findFirstOrThrow({ include: { cause: true } })).cause.slug;
});

afterAll(async () => {
  await app.close();
  await prisma.$disconnect();
});

describe('docs/integrating.md dashboard queries', () => {
  it('there are eight', () => {
    expect(queries).toHaveLength(8);
  });

  it('and two for freshness', () => {
    expect(freshness).toHaveLength(2);
  });

  it('and three for the cursor connections', () => {
    expect(connections).toHaveLength(3);
  });

  it.each([...queries, ...freshness, ...connections].map((q, i) => [i + 1, q]))('query %i answers 200 with data and no errors', async (_n, query) => {
    const response = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'x-api-key': await issueKey(prisma, 'growth', NOW) },
      body: JSON.stringify({ query: String(query).replace('"…"', JSON.stringify(slug)) }),
    });
    const body = await response.json();
    expect(body.errors).toBeUndefined();
    expect(response.status).toBe(200);
    expect(Object.keys(body.data).length).toBeGreaterThan(0);
  });
});
