// Property-based tests (fast-check): hostile strings (any UTF-16 code unit, lone surrogates included;
// controls, bidi and zero-width characters, markup fragments, entities, emoji) go through the import's
// validation, `texts set` (setText) and every renderer (RSS, Atom, JSON Feed, iCalendar, the JSON of
// REST and GraphQL). Every XML feed is well-formed for a strict XML 1.0 parser (saxes), and no served
// text field has a C0 control (but "\n" and "\t" in a description), a DEL or C1 control, a bidi control,
// a zero-width character (but the joiner inside an emoji), a lone surrogate, a noncharacter or markup.
// The properties without the database run 200 cases each; the one through the app 30 (each an import, an
// edit and seven requests), so that the file takes a few seconds.
import fc from 'fast-check';
import { parseAtomFeed, parseJsonFeed, parseRssFeed } from 'feedsmith';
import { Parser } from 'htmlparser2';
import ICAL from 'ical.js';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeys } from '../../src/modules/api-keys/api-keys.service.js';
import { importSourceItems } from '../../src/modules/causes/cause-import.service.js';
import { checkFeedItem, prepareFeedItems } from '../../src/modules/sources/feed-item.js';
import { setText } from '../../src/modules/texts/editorial.service.js';
import { EditorialError } from '../../src/modules/texts/text-fields.js';
import { renderDailyActionFeed, renderDeadlineCalendar, type DeadlineCause, type FeedDay } from '../../src/rest/v1/feed-render.js';
import { feedItem, NOW, seedCatalogue, SOURCE } from '../helpers/catalogue.js';
import { getJson, resetDatabase, startTestApp, testPrisma, unlimited, type TestApp } from '../helpers/test-app.js';

type Layout = 'line' | 'paragraphs';

// The oracle, written out here rather than taken from src/text/plain-text.ts.
const CONTROL = { line: /[\u0000-\u001f\u007f-\u009f]/, paragraphs: /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/ };
const BIDI = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/;
// the class holds the emoji variation selector and the skin-tone modifiers on purpose: each is one code point
// eslint-disable-next-line no-misleading-character-class
const ZERO_WIDTH = /[\u200b\u200c\u2060\ufeff]|(?<!\p{Extended_Pictographic}[\ufe0f\u{1f3fb}-\u{1f3ff}]?)\u200d|\u200d(?!\p{Extended_Pictographic})/u;
const UNPAIRED_OR_NONCHARACTER = /[\p{Cs}\ufffe\uffff]/u;
const TAG = /<[a-z/!?]/i;
/** What XML 1.0 does not allow in a document (Char), as it would reach the reader. */
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\p{Cs}\ufffe\uffff]/u;

/** Why a served text is not plain text; [] when it is. */
function notPlain(name: string, value: unknown, layout: Layout = 'line'): string[] {
  if (typeof value !== 'string') return [`${name} is not a string`];
  const found = [
    CONTROL[layout].test(value) && 'a control character',
    BIDI.test(value) && 'a bidi control',
    ZERO_WIDTH.test(value) && 'a zero-width character',
    UNPAIRED_OR_NONCHARACTER.test(value) && 'a lone surrogate or noncharacter',
    TAG.test(value) && 'markup',
  ].filter((problem): problem is string => typeof problem === 'string');
  return found.map((problem) => `${name} ${JSON.stringify(value)} has ${problem}`);
}

/** Strict XML 1.0: the first well-formedness error, or null. */
function xmlError(text: string): string | null {
  if (NOT_XML.test(text)) return `a character XML 1.0 forbids: ${JSON.stringify(text.match(NOT_XML)![0])}`;
  const parser = new SaxesParser();
  let error: string | null = null;
  parser.on('error', (e) => (error ??= e.message));
  parser.write(text).close();
  return error;
}

/** The tags of a feed item's HTML: only the template's own (the texts in it are escaped). */
function tagsOf(html: string): Set<string> {
  const tags = new Set<string>();
  const parser = new Parser({ onopentag: (name) => tags.add(name) });
  parser.write(html);
  parser.end();
  return tags;
}
const TEMPLATE_TAGS = new Set(['p', 'strong', 'br', 'a']);
/** feedsmith gives an Atom text construct as a string or as { value } (which, it decides by the text). */
const textOf = (value: unknown) => (typeof value === 'object' && value !== null && 'value' in value ? value.value : value);

const FRAGMENTS = [
  ...['\u0000', '\u0007', '\u0008', '\u000b', '\u000c', '\u001b[2J', '\r\n', '\r', '\n', '\t', '\u007f', '\u0085', '\u009f'],
  ...['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u200e', '\u200f', '\u061c', '\u202a', '\u202e', '\u202c', '\u2066', '\u2069', '\u2028'],
  ...['\ud800', '\udfff', '\ufffe', '\uffff', '\ufdd0'],
  ...['<b>', '</b>', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '<!--', '-->', '<?xml ?>', '<![CDATA[', ']]>', '<', '>', '</', '<a', '< b'],
  ...[
    '&lt;b&gt;',
    '&amp;',
    '&#27;',
    '&#x202E;',
    '&#0;',
    '&',
    '"',
    "'",
    'a < b',
    '5 > 3',
    '„',
    '“',
    'ü',
    'u\u0308',
    '😀',
    '👩\u200d👧',
    '\u00a0',
    '\u202f',
    'e.V.',
    ' ',
  ],
];
const unit = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FRAGMENTS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
  // any UTF-16 code unit (lone surrogates included), any code point
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0x10ffff }).map((point) => String.fromCodePoint(point)) },
);
const hostile = (maxParts: number) => fc.array(unit, { maxLength: maxParts }).map((parts) => parts.join(''));
const hostileTexts = fc.record({ title: hostile(12), organisationName: hostile(8), description: hostile(20), editor: hostile(12) });

const site = { origin: 'https://api.example', host: 'api.example' };
const BASE = feedItem({ externalId: 'p1', title: 'Aktion p1', category: 'Spenden', deadlineInDays: 5, progressPct: 40, importedDaysAgo: 0 });
/** A valid item beside the hostile one: a feed whose every item is invalid fails the source. */
const OTHER = feedItem({ externalId: 'p2', title: 'Aktion p2', category: 'Petition', deadlineInDays: 9, importedDaysAgo: 0 });

/** The feeds rendered from these texts, each checked: well-formed, and (when `plain`) every text field plain. */
function checkRenderers(texts: { title: string; organisationName: string; summary: string; headline: string }, plain: boolean): string[] {
  const cause = { slug: 's', ...texts, source_name: 'Testquelle', source_url: 'https://plattform.example/a?x=1&y=2', original_platform: 'testplattform' };
  const days: FeedDay[] = [{ date: '2026-11-21', cause, action: { headline: texts.headline, whyNow: texts.summary, impactStatement: texts.title } }];
  const problems: string[] = [];
  const rss = renderDailyActionFeed('rss', days, 'de', site);
  const atom = renderDailyActionFeed('atom', days, 'de', site);
  for (const [name, xml] of [
    ['rss', rss],
    ['atom', atom],
  ]) {
    const error = xmlError(xml);
    if (error) problems.push(`${name}: ${error}`);
  }
  const json = renderDailyActionFeed('json', days, 'de', site);
  const deadline: DeadlineCause = { ...cause, id: 'c1', deadline: '2026-11-26', deadlineSequence: 0, deadlineChangedAt: NOW.toISOString() };
  const ics = renderDeadlineCalendar([deadline], 'de', site);
  if (NOT_XML.test(ics)) problems.push('ics: a character XML 1.0 forbids');
  const [event] = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  if (problems.length || !plain) return problems;
  const rssItem = parseRssFeed(rss).items![0];
  const atomEntry = parseAtomFeed(atom).entries![0];
  const jsonItem = parseJsonFeed(JSON.parse(json)).items![0];
  const atomContent = atomEntry.content!;
  for (const html of [rssItem.description!, typeof atomContent === 'string' ? atomContent : atomContent.value!, jsonItem.content_html!]) {
    const extra = [...tagsOf(html)].filter((tag) => !TEMPLATE_TAGS.has(tag));
    if (extra.length) problems.push(`feed HTML has the tags ${extra.join(', ')}`);
  }
  return [
    ...problems,
    ...notPlain('rss title', rssItem.title),
    ...notPlain('atom title', textOf(atomEntry.title)),
    ...notPlain('atom summary', textOf(atomEntry.summary), 'paragraphs'),
    ...notPlain('atom author', atomEntry.authors?.[0]?.name),
    ...notPlain('json title', jsonItem.title),
    ...notPlain('json summary', jsonItem.summary, 'paragraphs'),
    ...notPlain('json author', jsonItem.authors?.[0]?.name),
    ...notPlain('ics summary', event.summary),
    ...notPlain('ics description', event.description, 'paragraphs'),
  ];
}

describe('plain text for any input (without the database)', () => {
  beforeAll(() => prepareFeedItems([{ title: '<' }]));

  it('the import validation makes every text of an item plain text, or refuses the item because a text is empty; the feeds of what it keeps are well-formed and plain', () => {
    fc.assert(
      fc.property(hostileTexts, ({ title, organisationName, description, editor }) => {
        const check = checkFeedItem({ ...BASE, title, organisationName, description, titleEn: editor, descriptionEn: description });
        if (!check.ok) {
          // every text that is empty once plain is named, each once
          expect(check.reason).toMatch(
            /^(title|organisationName|description): must be a non-empty string(; (organisationName|description): must be a non-empty string)*$/,
          );
          return;
        }
        const { item } = check;
        expect([
          ...notPlain('title', item.title),
          ...(item.titleEn === null ? [] : notPlain('titleEn', item.titleEn)),
          ...notPlain('organisationName', item.organisationName),
          ...notPlain('description', item.description, 'paragraphs'),
          ...(item.descriptionEn === null ? [] : notPlain('descriptionEn', item.descriptionEn, 'paragraphs')),
          ...checkRenderers(
            { title: item.title, organisationName: item.organisationName, summary: item.description, headline: item.titleEn ?? item.title },
            true,
          ),
        ]).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('the renderers never emit a character XML 1.0 forbids, whatever text reaches them', () => {
    fc.assert(
      fc.property(hostileTexts, ({ title, organisationName, description, editor }) => {
        expect(checkRenderers({ title, organisationName, summary: description, headline: editor }, false)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('plain text for any input, through the database and the app', () => {
  const prisma = testPrisma();
  let app: TestApp;
  let slug = '';
  let feedToken = '';
  let key = '';

  beforeAll(async () => {
    await resetDatabase(prisma);
    // one cause: today's daily action, with action texts
    await seedCatalogue(prisma, [{ externalId: 'p1', title: 'Aktion p1', category: 'Spenden', deadlineInDays: 5, progressPct: 40, importedDaysAgo: 0 }]);
    slug = (await prisma.cause.findFirstOrThrow()).slug;
    const [created] = await createApiKeys(prisma, { label: 'property', tier: 'growth' }, NOW);
    [key, feedToken] = [created.key, created.feedToken];
    app = await startTestApp({ prisma, now: NOW, limiter: unlimited });
  });
  afterAll(async () => {
    await app?.close();
    await prisma.$disconnect();
  });

  const fetchText = async (path: string) => (await fetch(`${app.baseUrl}${path}`, { headers: { 'x-api-key': key } })).text();

  it('import and texts set store plain text; REST, GraphQL and every feed serve only plain text, and the XML feeds are well-formed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(hostileTexts, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('summary', 'headline', 'whyNow') as fc.Arbitrary<'summary' | 'headline' | 'whyNow'>,
        async (feed, field) => {
          // the first hostile item is the daily action's cause (p1); the others come and go
          const items = feed.map(({ title, organisationName, description }, i) => ({
            ...BASE,
            ...(i ? { externalId: `h${i}`, url: `${BASE.url}-${i}` } : {}),
            title,
            organisationName,
            description,
          }));
          await importSourceItems(prisma, { ...SOURCE, name: 'Testquelle' }, [...items, OTHER], NOW);
          try {
            await setText(prisma, slug, 'de', field, feed[0].editor, NOW);
          } catch (error) {
            // markup, an empty or too long text: refused with the reason
            expect(error).toBeInstanceOf(EditorialError);
          }
          const problems: string[] = [];
          for (const stored of await prisma.cause.findMany({ include: { texts: true, actions: true } })) {
            problems.push(
              ...notPlain('stored title', stored.title),
              ...notPlain('stored organisationName', stored.organisationName),
              ...notPlain('stored description', stored.description, 'paragraphs'),
              ...stored.texts.flatMap((text) => notPlain(`stored ${text.language} summary`, text.summary)),
              ...stored.actions.flatMap((action) =>
                ['headline', 'whyNow', 'whyYou', 'impactStatement'].flatMap((f) => notPlain(`stored ${action.language} ${f}`, action[f as 'headline'])),
              ),
            );
          }
          const rest = await getJson(app.baseUrl, '/api/v1/causes', key);
          for (const cause of rest.body.items) problems.push(...['title', 'summary', 'organisationName'].flatMap((f) => notPlain(`REST ${f}`, cause[f])));
          const daily = await getJson(app.baseUrl, '/api/v1/daily-action', key);
          if (daily.body.action)
            problems.push(...['headline', 'whyNow', 'whyYou', 'impactStatement'].flatMap((f) => notPlain(`REST action ${f}`, daily.body.action[f])));
          const graphql = await fetch(`${app.baseUrl}/graphql`, {
            method: 'POST',
            headers: { 'x-api-key': key, 'content-type': 'application/json' },
            body: JSON.stringify({ query: '{ causes { items { title summary organisationName } } }' }),
          }).then((response) => response.json());
          for (const item of graphql.data.causes.items) problems.push(...Object.entries(item).flatMap(([f, value]) => notPlain(`GraphQL ${f}`, value)));
          for (const format of ['rss', 'atom']) {
            const error = xmlError(await fetchText(`/api/v1/feeds/daily-action.${format}?token=${feedToken}`));
            if (error) problems.push(`${format}: ${error}`);
          }
          const jsonFeed = JSON.parse(await fetchText(`/api/v1/feeds/daily-action.json?token=${feedToken}`));
          for (const item of jsonFeed.items ?? []) problems.push(...notPlain('json feed title', item.title), ...notPlain('json feed summary', item.summary));
          const ics = await fetchText(`/api/v1/feeds/deadlines.ics?token=${feedToken}`);
          if (NOT_XML.test(ics)) problems.push('ics: a character XML 1.0 forbids');
          for (const vevent of new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent')) {
            const event = new ICAL.Event(vevent);
            problems.push(...notPlain('ics summary', event.summary), ...notPlain('ics description', event.description, 'paragraphs'));
          }
          expect(problems).toEqual([]);
        },
      ),
      { numRuns: 30 },
    );
  });
});
