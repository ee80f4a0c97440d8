// Every text the API serves is plain text (src/text/plain-text.ts), whatever a source or an editor sent:
// a json-feed item with markup, control, bidi and zero-width characters, imported over HTTP by the real
// refresh, is served clean on REST, GraphQL and the feeds; `texts set` and the setCauseText mutation
// store an editor's text without those characters and refuse markup; a generator's texts are stored plain.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseRssFeed } from 'feedsmith';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeys } from '../../src/modules/api-keys/api-keys.service.js';
import { runRefresh } from '../../src/modules/refresh/refresh.service.js';
import { parseSourcesConfig } from '../../src/modules/sources/sources-config.js';
import { DEFAULT_GENERATOR_NAME, defaultTextGenerator, writeAction, writeSummary } from '../../src/modules/texts/default-generator.js';
import { causeFacts, type TextGenerator } from '../../src/modules/texts/text-generator.js';
import { generateActions, generateSummaries } from '../../src/modules/texts/texts.service.js';
import { MARKUP_REFUSED } from '../../src/modules/texts/text-fields.js';
import { addDays } from '../../src/time/berlin-calendar.js';
import { runCommandInProcess } from '../helpers/cli.js';
import { NOW, SOURCE, TODAY } from '../helpers/catalogue.js';
import { getJson, issueKey, resetDatabase, startTestApp, testPrisma, unlimited, type TestApp } from '../helpers/test-app.js';
import { testDatabaseUrl } from '../helpers/workers.js';

const prisma = testPrisma();
const env = { ...process.env, DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'warn' };
const texts = (...args: string[]) => runCommandInProcess('texts', args, env);
let app: TestApp;
let slug = '';

const HOSTILE = {
  externalId: 'spielplatz',
  title: '<script>alert("t")</script><img src=x onerror=alert(1)>Spielplatz retten',
  description: 'Der Spielplatz\x1b[2J\x07 am Park soll \u202eschließen\u202c.\r\nWir sammeln\u200b Spenden für neue Geräte.',
  category: 'Spenden',
  organisationName: '<b>Org</b> <img src=x>',
  organisationUrl: 'https://org.example',
  url: 'https://plattform.example/spielplatz',
  deadline: addDays(TODAY, 5),
  statusOpen: true,
  fundingGoal: 5000,
  fundingCurrent: 3000,
};

const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items: [HOSTILE] })));

/** Strict XML 1.0 (saxes): the first well-formedness error, or null. */
function xmlError(text: string): string | null {
  const parser = new SaxesParser();
  let error: string | null = null;
  parser.on('error', (e) => (error ??= e.message));
  parser.write(text).close();
  return error;
}

const graphql = async (key: string, query: string) => {
  const response = await fetch(`${app.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query }),
  });
  return response.json();
};

beforeAll(async () => {
  await resetDatabase(prisma);
  const base = await new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
  const sources = parseSourcesConfig({ sources: [{ ...SOURCE, url: `${base}/feed.json`, local: true }] }, '/');
  const result = await runRefresh({
    prisma,
    sources,
    generator: defaultTextGenerator,
    now: NOW,
    clock: () => NOW,
    trigger: 'test',
    log: { info: () => {}, warn: () => {} },
  });
  expect(result.sources.map((s) => [s.ok, s.counts?.new])).toEqual([[true, 1]]);
  slug = (await prisma.cause.findFirstOrThrow()).slug;
  app = await startTestApp({ prisma, now: NOW, limiter: unlimited });
});

afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => server.close(resolve));
  await prisma.$disconnect();
});

const SUMMARY =
  'Bis zum 26. November 2026 läuft die Spendenaktion; verantwortlich ist Org. Im Text zur Spendenaktion heißt es: „Der Spielplatz[2J am Park soll ' +
  'schließen.“ Erreicht sind 3.000 € der angestrebten 5.000 €.';

describe('a json-feed item with markup, control, bidi and zero-width characters', () => {
  it('is stored as plain text', async () => {
    expect(await prisma.cause.findFirstOrThrow({ select: { title: true, organisationName: true, description: true } })).toEqual({
      title: 'Spielplatz retten',
      organisationName: 'Org',
      description: 'Der Spielplatz[2J am Park soll schließen.\nWir sammeln Spenden für neue Geräte.',
    });
    expect(slug).toMatch(/^spielplatz-retten-[0-9a-f]{6}$/);
  });

  it('REST /api/v1/causes and GraphQL serve exactly the plain texts', async () => {
    const key = await issueKey(prisma, 'growth', NOW);
    const list = await getJson(app.baseUrl, '/api/v1/causes', key);
    expect(list.body.items.map((c: any) => ({ title: c.title, organisationName: c.organisationName, summary: c.summary }))).toEqual([
      { title: 'Spielplatz retten', organisationName: 'Org', summary: SUMMARY },
    ]);
    const answer = await graphql(key, '{ causes { items { title organisationName summary } } }');
    expect(answer).toEqual({ data: { causes: { items: [{ title: 'Spielplatz retten', organisationName: 'Org', summary: SUMMARY }] } } });
  });

  it('the RSS feed is well-formed XML with the plain title', async () => {
    const [created] = await createApiKeys(prisma, { label: 'feed', tier: 'standard' }, NOW);
    const response = await fetch(`${app.baseUrl}/api/v1/feeds/daily-action.rss?token=${created.feedToken}`);
    const body = await response.text();
    expect(xmlError(body)).toBeNull();
    expect(parseRssFeed(body).items?.map((item) => item.title)).toEqual(['Spielplatz retten']);
  });
});

describe("an editor's text", () => {
  it('texts set: control, bidi and zero-width characters are removed before it is stored', async () => {
    const result = await texts(
      'set',
      slug,
      '--lang',
      'de',
      '--field',
      'summary',
      'Der Spielplatz\x1b[2J\x07 bleibt\u202e offen\u200b,\r\nsagt der Verein\u00a0Org.',
    );
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const stored = await prisma.causeText.findFirstOrThrow({ where: { cause: { slug }, language: 'de' }, select: { summary: true, generator: true } });
    // the no-break space stays
    expect(stored).toEqual({ summary: 'Der Spielplatz[2J bleibt offen, sagt der Verein\u00a0Org.', generator: 'editor' });
  });

  it('texts set: markup is refused with the reason, and nothing is stored', async () => {
    const before = await prisma.causeText.findFirstOrThrow({ where: { cause: { slug }, language: 'de' }, select: { summary: true } });
    expect(await texts('set', slug, '--lang', 'de', '--field', 'summary', 'Der Spielplatz bleibt <b>markup</b>.')).toMatchObject({
      code: 1,
      stderr:
        'The text contains markup (such as "<b>"): texts are served as plain text, so write it without tags. A "<" meant as a character needs a space after it ("a < b").\n',
    });
    expect(await prisma.causeText.findFirstOrThrow({ where: { cause: { slug }, language: 'de' }, select: { summary: true } })).toEqual(before);
  });

  it('setCauseText (GraphQL) refuses markup with the same message and stores plain text', async () => {
    const [editor] = await createApiKeys(prisma, { label: 'Desk', tier: 'growth', editor: true }, NOW);
    const set = (text: string) => graphql(editor.key, `mutation { setCauseText(slug: "${slug}", lang: en, field: summary, text: ${JSON.stringify(text)}) }`);
    expect(await set('<img src=x onerror=alert(1)>Save the playground')).toMatchObject({
      errors: [{ message: MARKUP_REFUSED, extensions: { code: 'BAD_USER_INPUT' } }],
    });
    expect(await set('Save\u2066 the\x00 playground\u200b: a < b, 5 > 3.')).toEqual({ data: { setCauseText: true } });
    const en = await getJson(app.baseUrl, `/api/v1/causes/${slug}?lang=en`, await issueKey(prisma, 'standard', NOW));
    expect(en.body.summary).toBe('Save the playground: a < b, 5 > 3.');
  });
});

describe('generated texts', () => {
  /** A generator (a language model, say) whose answers have markup and control characters, or nothing else. */
  const stub = (summary: string, headline: string): TextGenerator => ({
    summary: async () => ({ text: summary, title: 'Spielplatz\r\nretten\u200b', generator: 'stub-model' }),
    action: async () => ({
      action: { type: 'donate', headline, whyNow: 'Noch\x1b 5 Tage\u202e.', whyYou: 'Sie\r\nhelfen.', impactStatement: 'Der Spielplatz bleibt.' },
      generator: 'stub-model',
    }),
  });
  const storedTexts = () =>
    prisma.causeText.findMany({ orderBy: { language: 'asc' }, select: { language: true, summary: true, title: true, generator: true } });

  it('are stored as plain text', async () => {
    await prisma.causeText.deleteMany();
    const generator = stub('Der Spielplatz\x07 soll <b>bleiben</b>\u200b.', '<i>Jetzt</i>\n spenden');
    expect(await generateSummaries(prisma, generator, NOW)).toBe(2);
    expect(await storedTexts()).toEqual([
      { language: 'de', summary: 'Der Spielplatz soll bleiben.', title: 'Spielplatz retten', generator: 'stub-model' },
      { language: 'en', summary: 'Der Spielplatz soll bleiben.', title: 'Spielplatz retten', generator: 'stub-model' },
    ]);
    const cause = await prisma.cause.findFirstOrThrow();
    await generateActions(prisma, generator, cause.id, NOW);
    const [action] = await prisma.causeAction.findMany({ where: { language: 'de' }, select: { headline: true, whyNow: true, whyYou: true, generator: true } });
    expect(action).toEqual({ headline: 'Jetzt spenden', whyNow: 'Noch 5 Tage.', whyYou: 'Sie\nhelfen.', generator: 'stub-model' });
  });

  it("a text that is empty once plain is replaced by the built-in generator's", async () => {
    await prisma.causeText.deleteMany();
    const generator = stub('\u200b<img src=x onerror=alert(1)>\x07', '<b></b>');
    await generateSummaries(prisma, generator, NOW);
    const cause = await prisma.cause.findFirstOrThrow();
    const facts = causeFacts(cause, TODAY);
    expect(await storedTexts()).toEqual([
      { language: 'de', summary: writeSummary(facts, 'de'), title: 'Spielplatz retten', generator: DEFAULT_GENERATOR_NAME },
      { language: 'en', summary: writeSummary(facts, 'en'), title: 'Spielplatz retten', generator: DEFAULT_GENERATOR_NAME },
    ]);
    await generateActions(prisma, generator, cause.id, NOW);
    const stored = await prisma.causeAction.findFirstOrThrow({
      where: { language: 'de' },
      select: { type: true, headline: true, whyNow: true, whyYou: true, impactStatement: true, generator: true },
    });
    expect(stored).toEqual({ ...writeAction(facts, 'de'), generator: DEFAULT_GENERATOR_NAME });
  });
});
