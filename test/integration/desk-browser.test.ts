// The editor's desk (/desk) in a real headless browser (Debian's chromium driven by playwright-core) against
// the running app: causes of a source under review (review "list", imported through the real import path)
// are shown in the queue's order with their flags; an editor approves, rejects (with a reason) and releases
// them, sees tomorrow's daily action and chooses another; the decisions are in the database under the key's
// label; hostile text stays text; the page keeps one second between its requests and waits out a 429;
// a key that is not an editor's is told so; axe finds nothing to fix.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { browserSkipped, launchChromium } from '../helpers/browser.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeys } from '../../src/modules/api-keys/api-keys.service.js';
import { importSourceItems, type ImportSource } from '../../src/modules/causes/cause-import.service.js';
import { runRefresh } from '../../src/modules/refresh/refresh.service.js';
import { storeDailyAction } from '../../src/modules/daily-action/daily-pick.service.js';
import { nextContentDay, previewNextDailyAction } from '../../src/modules/review/review.service.js';
import { defaultTextGenerator } from '../../src/modules/texts/default-generator.js';
import { addDays, dateToDb } from '../../src/time/berlin-calendar.js';
import type { SourceConfig } from '../../src/modules/sources/sources-config.js';
import { NOW, TODAY } from '../helpers/catalogue.js';
import { resetDatabase, startTestApp, testPrisma, type TestApp } from '../helpers/test-app.js';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const prisma = testPrisma();
const EDITOR = 'Desk Anna';
const NOT_AN_EDITOR = "This operation requires an editor's key.";
const TOMORROW = nextContentDay(NOW);

// user-submitted petitions: neither listed nor picked before an editor's review
const PETITIONS: ImportSource = {
  name: 'Bürgerpetitionen',
  platform: 'petitionen',
  type: 'json-feed',
  url: 'https://petitionen.example/feed.json',
  review: 'list',
};
const HOSTILE_TITLE = '<img src=x onerror="window.pwned=1">Radweg an der Talstraße <b>sofort</b> bauen';

interface Item {
  externalId: string;
  title: string;
  titleEn?: string;
  description: string;
  deadlineInDays?: number;
  progressPct?: number;
  statusOpen?: boolean;
}

const ITEMS: Item[] = [
  {
    externalId: 'p-spielplatz',
    title: 'Spielplatz am Stadtpark erhalten',
    titleEn: 'Keep the playground at the city park',
    description: 'Der Spielplatz am Stadtpark soll einem Parkhaus weichen. Wir sammeln Unterschriften, damit die Kinder im Viertel ihren Spielplatz behalten.',
    deadlineInDays: 2,
    progressPct: 80,
  },
  {
    externalId: 'p-meier',
    title: 'Bürgermeister Hans Meier muss sofort entlassen werden',
    description: 'Hans Meier ist ein Betrüger und hat das Geld für die Sanierung der Grundschule verschwendet, deshalb fordern wir Konsequenzen im Rathaus.',
    deadlineInDays: 5,
    progressPct: 40,
  },
  {
    externalId: 'p-hallenbad',
    title: 'RETTET UNSER HALLENBAD!!!',
    description:
      'Das Hallenbad im Norden der Stadt soll geschlossen werden. Schwimmkurse für Kinder und Vereine brauchen es, bitte unterschreiben Sie unsere Petition.',
    deadlineInDays: 10,
    progressPct: 40,
  },
  {
    externalId: 'p-rheinufer',
    title: 'Mehr Bänke am Rheinufer aufstellen',
    description:
      'Am Rheinufer fehlen Sitzbänke für ältere Menschen. Die Stadt soll zwanzig neue Bänke aufstellen, bevor der Frühling beginnt und viele spazieren gehen.',
    deadlineInDays: 20,
    progressPct: 40,
  },
  {
    // no deadline and no open status: the import holds it for an editor (an editorial reason)
    externalId: 'p-radweg',
    title: HOSTILE_TITLE,
    description:
      'Die Talstraße braucht einen sicheren Radweg für die Schulkinder. <script>window.pwned=2</script> ' +
      'Wir bitten den Stadtrat, den Radweg noch in diesem Jahr zu beschließen.',
    statusOpen: false,
  },
];

function feedItem(item: Item, today: string) {
  return {
    externalId: item.externalId,
    title: item.title,
    ...(item.titleEn ? { titleEn: item.titleEn } : {}),
    description: item.description,
    category: 'Petition',
    organisationName: `Initiative ${item.externalId}`,
    organisationUrl: `https://petitionen.example/initiativen/${item.externalId}`,
    url: `https://petitionen.example/p/${item.externalId}`,
    statusOpen: item.statusOpen ?? true,
    ...(item.deadlineInDays === undefined ? {} : { deadline: addDays(today, item.deadlineInDays) }),
    ...(item.progressPct === undefined ? {} : { progressPct: item.progressPct }),
  };
}

let app: TestApp;
let browser: Browser;
let editorKeys: string[] = [];
let otherKey = '';
/** externalId → slug */
const slugs: Record<string, string> = {};
const outside: string[] = [];

beforeAll(async () => {
  if (browserSkipped) return;
  await resetDatabase(prisma);
  const imported = await importSourceItems(
    prisma,
    PETITIONS,
    ITEMS.map((item) => feedItem(item, TODAY)),
    new Date(NOW.getTime() - 86_400_000),
  );
  expect(imported).toMatchObject({ new: ITEMS.length, skipped: [] });
  // the refresh writes the summaries the desk shows (no source configured: nothing is imported again)
  const log = { info: () => {}, warn: () => {} };
  await runRefresh({ prisma, sources: [] as SourceConfig[], generator: defaultTextGenerator, now: NOW, clock: () => NOW, trigger: 'test', log });
  for (const cause of await prisma.cause.findMany({ select: { externalId: true, slug: true } })) slugs[cause.externalId] = cause.slug;
  // The import makes every text plain (markup stripped); the page must not rely on it: the title as a database
  // written before that holds it
  await prisma.cause.updateMany({ where: { externalId: 'p-radweg' }, data: { title: HOSTILE_TITLE } });
  // one key per test: the page of one test never meets the second of another's
  editorKeys = (await createApiKeys(prisma, { label: EDITOR, tier: 'growth', editor: true }, NOW, 4)).map((k) => k.key);
  [{ key: otherKey }] = await createApiKeys(prisma, { label: 'Dashboard Ben', tier: 'growth' }, NOW);
  app = await startTestApp({ prisma, now: NOW });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  if (browserSkipped) return;
  await browser?.close();
  await app?.close();
  await prisma.$disconnect();
}, 60_000);

/** A page on /desk whose requests to /graphql are recorded (their status); nothing may leave this machine. */
async function openDesk(width = 1280): Promise<{ page: Page; graphql: { status: number }[]; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 1000 } });
  // no wait of the page's may hang the file (the test's own bound is 120 s)
  page.setDefaultTimeout(15_000);
  const graphql: { status: number }[] = [];
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1') return route.continue();
    outside.push(url.toString());
    return route.abort();
  });
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql')) graphql.push({ status: 0 });
  });
  page.on('response', (response) => {
    if (!response.url().endsWith('/graphql')) return;
    const pending = graphql.find((entry) => entry.status === 0);
    if (pending) pending.status = response.status();
  });
  await page.goto(`${app.baseUrl}/desk`);
  return { page, graphql, errors };
}

async function useKey(page: Page, key: string) {
  await page.getByLabel("Editor's API key (kept in this tab only)").fill(key);
  await page.getByRole('button', { name: 'Use key' }).click();
}

const cardTitles = (page: Page) => page.locator('#queue > li h3').allTextContents();
/** The cards' titles once they are these, with the page's error (if any) in the failure's diff. */
async function expectCards(page: Page, titles: string[]) {
  const shown = async () => ({ titles: await cardTitles(page), error: await page.locator('#error').textContent() });
  await expect.poll(shown, { timeout: 10_000 }).toEqual({ titles, error: '' });
}
const card = (page: Page, externalId: string) => page.locator(`#queue > li[data-slug="${slugs[externalId]}"]`);
const logLines = (page: Page) => page.locator('#log > li').allTextContents();

/** What axe-core finds on the whole page, against WCAG 2.1 A and AA and axe's best practices. */
async function axeViolations(page: Page) {
  // evaluated through the DevTools protocol: the page's CSP allows no inline script, and must not be loosened for this
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; nodes: { target: unknown }[] }[] };
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<Result> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => JSON.stringify(n.target)) }));
  });
}

/**
 * When the page started each request to /graphql and when the answer's first byte arrived, on the page's own
 * clock (Resource Timing): the test's process also runs the service, so the times its events arrive at say
 * nothing of the page's pacing.
 */
function graphqlTimes(page: Page): Promise<{ start: number; answered: number }[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('/graphql'))
      .map((entry) => ({ start: entry.startTime, answered: (entry as PerformanceResourceTiming).responseStart })),
  );
}

/**
 * Each request to /graphql started at least a second after the answer to the one before arrived: the
 * service counted that one before it answered, so no two reached it within the key's second.
 */
async function expectPaced(page: Page) {
  const times = await graphqlTimes(page);
  expect(times.length).toBeGreaterThan(1);
  expect(times.filter((time) => !(time.answered > time.start))).toEqual([]);
  const gaps = times.slice(1).map((time, i) => Math.round(time.start - times[i].answered));
  expect(gaps.filter((gap) => gap < 1000)).toEqual([]);
}

const events = async (externalId: string) =>
  (
    await prisma.reviewEvent.findMany({
      where: { cause: { externalId } },
      orderBy: { at: 'asc' },
      select: { decision: true, fromState: true, toState: true, reason: true, by: true, at: true },
    })
  ).map((event) => ({ ...event, at: event.at.toISOString() }));

const stateOf = async (externalId: string) => (await prisma.cause.findFirstOrThrow({ where: { externalId }, select: { reviewState: true } })).reviewState;

describe.skipIf(browserSkipped)('/desk', () => {
  it('is served without a key, with its own CSP, and its script and styles by a versioned URL', async () => {
    const page = await fetch(`${app.baseUrl}/desk`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; " +
        "form-action 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
    const html = await page.text();
    const script = /<script src="(\/desk\/desk\.js\?v=[\w-]{12})" defer><\/script>/.exec(html)?.[1];
    const styles = /<link rel="stylesheet" href="(\/desk\/desk\.css\?v=[\w-]{12})">/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect(styles).toBeDefined();
    // no inline script or style: the CSP allows none
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toMatch(/<style|style="/);
    for (const [path, type, file] of [
      [script!, 'text/javascript; charset=utf-8', '../../static/desk.js'],
      [styles!, 'text/css; charset=utf-8', '../../static/desk.css'],
    ]) {
      const asset = await fetch(`${app.baseUrl}${path}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toBe(type);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(await asset.text()).toBe(fs.readFileSync(new URL(file, import.meta.url), 'utf8'));
    }
  });

  it("tells a key that is not an editor's that the desk requires an editor's key, and forgets it", async () => {
    const { page, graphql, errors } = await openDesk();
    try {
      await useKey(page, otherKey);
      await expect.poll(() => page.locator('#error').textContent(), { timeout: 10_000 }).toBe(NOT_AN_EDITOR);
      expect(await page.locator('#key-form').isVisible()).toBe(true);
      expect(await page.locator('#queue-section').isVisible()).toBe(false);
      expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
      expect(graphql.map((entry) => entry.status)).toEqual([403]);
      expect(page.url()).toBe(`${app.baseUrl}/desk`);
      expect(errors.filter((e) => !e.includes('403'))).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("shows the queue as the service orders it; an editor approves, rejects with a reason, releases and chooses tomorrow's action", async () => {
    const { page, graphql, errors } = await openDesk();
    const [A, B, C, D, E] = ['p-spielplatz', 'p-meier', 'p-hallenbad', 'p-rheinufer', 'p-radweg'];
    const title = (externalId: string) => ITEMS.find((item) => item.externalId === externalId)!.title;
    try {
      await useKey(page, editorKeys[0]);
      // the urgency order of tomorrow's pick, as the service answers it
      await expectCards(page, [
        'Spielplatz am Stadtpark erhalten',
        'Bürgermeister Hans Meier muss sofort entlassen werden',
        'RETTET UNSER HALLENBAD!!!',
        'Mehr Bänke am Rheinufer aufstellen',
        HOSTILE_TITLE,
      ]);
      const shownSlugs = await page.locator('#queue > li').evaluateAll((cards) => cards.map((c) => (c as HTMLElement).dataset.slug));
      expect(shownSlugs).toEqual([A, B, C, D, E].map((id) => slugs[id]));
      expect(await page.locator('#queue-count').textContent()).toBe('5 causes wait for a decision; 5 shown here.');
      const flagsOf = (externalId: string) =>
        card(page, externalId)
          .locator('li.flag')
          .evaluateAll((flags) => flags.map((f) => [f.querySelector('.flag-code')!.textContent, f.querySelector('.flag-reason')!.textContent]));
      expect(await flagsOf(A)).toEqual([]);
      expect(await flagsOf(B)).toEqual([
        ['named_target', 'a demand against a named person: "Bürgermeister Hans Meier muss sofort entlassen"'],
        ['crime_allegation', 'an allegation of a crime: "ist ein Betrüger"'],
      ]);
      expect(await flagsOf(C)).toEqual([['shouting', "shouting: 100 % of the title's letters are capitals"]]);
      expect(await card(page, A).locator('.no-flags').textContent()).toBe('No flags.');
      // what the editor reads, as stored: the English title, the holds, both summaries, the source page
      expect(await card(page, A).locator('.title-en').textContent()).toBe('Keep the playground at the city park');
      expect(await card(page, A).locator('.title-en').getAttribute('lang')).toBe('en');
      const stored = await prisma.cause.findMany({ select: { externalId: true, editorialReason: true, texts: { select: { language: true, summary: true } } } });
      for (const cause of stored) {
        const shown = card(page, cause.externalId);
        expect(await shown.locator('.hold-reason').allTextContents()).toEqual(cause.editorialReason ? [cause.editorialReason] : []);
        for (const lang of ['de', 'en']) {
          const summary = cause.texts.find((text) => text.language === lang)?.summary;
          expect(summary).toBeTruthy();
          expect(await shown.locator(`.summary-${lang}`).textContent()).toBe(summary);
          expect(await shown.locator(`.summary-${lang}`).getAttribute('lang')).toBe(lang);
        }
        expect(await shown.locator('.listed').textContent()).toBe('no');
        expect(await shown.locator('.organisation').textContent()).toBe(`Initiative ${cause.externalId}`);
        expect(await shown.locator('.source-name').textContent()).toBe('Bürgerpetitionen');
        const link = shown.locator('a.source-url');
        expect(await link.getAttribute('href')).toBe(`https://petitionen.example/p/${cause.externalId}`);
        expect(await link.getAttribute('target')).toBe('_blank');
        expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      }
      expect(await card(page, E).locator('.hold-reason').textContent()).toBe('the source gives neither an open status nor a deadline');
      // hostile text stays text: no element of it, nothing of it ran
      expect(await card(page, E).locator('h3').textContent()).toBe(HOSTILE_TITLE);
      expect(await page.locator('#queue img, #queue b, #queue script').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
      // nothing is eligible yet: no source of this catalogue needs no review
      expect(await page.locator('#preview .no-preview').textContent()).toBe('No cause is eligible for tomorrow yet: approve one, or choose one below.');
      // the key stays in this tab, never in the URL
      expect(await page.evaluate(() => Object.values(sessionStorage))).toEqual([editorKeys[0]]);
      expect(page.url()).toBe(`${app.baseUrl}/desk`);
      expect(await axeViolations(page)).toEqual([]);

      // flagged first: the heaviest flags first, the urgency order within
      await page.getByLabel('Flagged first').check();
      await expectCards(page, [title(B), title(C), title(A), title(D), HOSTILE_TITLE]);
      await page.getByLabel('Flagged first').uncheck();
      await expectCards(page, [title(A), title(B), title(C), title(D), HOSTILE_TITLE]);

      await card(page, A).getByRole('button', { name: 'Approve' }).click();
      await card(page, A).waitFor({ state: 'detached', timeout: 10_000 });
      expect(await logLines(page)).toEqual([`${title(A)} (${slugs[A]}): approved — may be the daily action.`]);

      // a rejection without a reason is refused on the page; nothing is sent
      const sent = graphql.length;
      await card(page, B).getByRole('button', { name: 'Reject' }).click();
      expect(await page.locator('#error').textContent()).toBe(
        `A rejection needs a reason (it is recorded and reported to integrators). Write it in the field "Reason" of "${title(B)}".`,
      );
      expect(await card(page, B).locator('textarea').getAttribute('aria-invalid')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
      await card(page, B).getByLabel('Reason (required to reject, optional otherwise)').fill('  Unbelegter Vorwurf   gegen eine Person ');
      await card(page, B).getByRole('button', { name: 'Reject' }).click();
      await card(page, B).waitFor({ state: 'detached', timeout: 10_000 });
      expect(await page.locator('#error').textContent()).toBe('');
      await card(page, C).getByRole('button', { name: 'Release' }).click();
      await card(page, C).waitFor({ state: 'detached', timeout: 10_000 });
      expect(graphql.length).toBeGreaterThan(sent);
      expect(await logLines(page)).toEqual([
        `${title(C)} (${slugs[C]}): released — listed, never the daily action.`,
        `${title(B)} (${slugs[B]}): rejected — listed nowhere — reason: Unbelegter Vorwurf gegen eine Person.`,
        `${title(A)} (${slugs[A]}): approved — may be the daily action.`,
      ]);
      expect(await cardTitles(page)).toEqual([title(D), HOSTILE_TITLE]);
      await expect.poll(() => page.locator('#queue-count').textContent(), { timeout: 10_000 }).toBe('2 causes wait for a decision; 2 shown here.');

      expect(await Promise.all([A, B, C, D, E].map(stateOf))).toEqual(['approved', 'rejected', 'released', 'pending_unlisted', 'pending_unlisted']);
      const at = NOW.toISOString();
      expect(await events(A)).toEqual([{ decision: 'approve', fromState: 'pending_unlisted', toState: 'approved', reason: null, by: EDITOR, at }]);
      expect(await events(B)).toEqual([
        { decision: 'reject', fromState: 'pending_unlisted', toState: 'rejected', reason: 'Unbelegter Vorwurf gegen eine Person', by: EDITOR, at },
      ]);
      expect(await events(C)).toEqual([{ decision: 'release', fromState: 'pending_unlisted', toState: 'released', reason: null, by: EDITOR, at }]);
      expect(await events(D)).toEqual([]);

      // tomorrow's daily action is now the approved cause, with its eight texts
      await expect.poll(() => page.locator('#preview .preview-slug').textContent(), { timeout: 10_000 }).toBe(slugs[A]);
      const preview = (await previewNextDailyAction(prisma, defaultTextGenerator, NOW))!;
      expect(preview.slug).toBe(slugs[A]);
      const previewTexts = () =>
        page.locator('#preview dd').evaluateAll((dds) => dds.map((dd) => [dd.getAttribute('lang'), (dd as HTMLElement).dataset.field, dd.textContent]));
      const expectedTexts = (['de', 'en'] as const).flatMap((lang) =>
        (['headline', 'whyNow', 'whyYou', 'impactStatement'] as const).map((field) => [lang, field, preview.actions[lang][field]]),
      );
      expect(expectedTexts.every(([, , text]) => typeof text === 'string' && text.length > 0)).toBe(true);
      expect(await previewTexts()).toEqual(expectedTexts);
      expect(await page.locator('#preview .preview-cause').textContent()).toBe(title(A));
      expect(await page.locator('#preview .preview-day').textContent()).toBe(`For ${TOMORROW}, as the 02:00 refresh would pick it now.`);
      expect(await axeViolations(page)).toEqual([]);

      // a released cause cannot be chosen: the service says why
      const choose = page.getByLabel('Choose another cause (slug)');
      await choose.fill(slugs[C]);
      await page.getByRole('button', { name: 'Choose' }).click();
      await expect
        .poll(() => page.locator('#error').textContent(), { timeout: 10_000 })
        .toBe(
          `${slugs[C]} cannot be the daily action: it must be active, approved (or of a source that needs no review), not suppressed, and its texts publishable.`,
        );
      await choose.fill(slugs[A]);
      await page.getByRole('button', { name: 'Choose' }).click();
      await expect.poll(() => page.locator('#preview .preview-day').textContent(), { timeout: 10_000 }).toBe(`For ${TOMORROW}, chosen by ${EDITOR}.`);
      expect(await previewTexts()).toEqual(expectedTexts);
      expect((await logLines(page))[0]).toBe(`${title(A)} (${slugs[A]}): chosen as the daily action of ${TOMORROW}.`);
      const chosen = await prisma.dailyPick.findUniqueOrThrow({
        where: { day: dateToDb(TOMORROW) },
        select: { chosenBy: true, cause: { select: { slug: true } } },
      });
      expect(chosen).toEqual({ chosenBy: EDITOR, cause: { slug: slugs[A] } });

      // for a look at the page: DESK_SCREENSHOT=/tmp/desk.png
      if (process.env.DESK_SCREENSHOT) await page.screenshot({ path: process.env.DESK_SCREENSHOT, fullPage: true });
      // one second between requests, so the service refused none; the one 400 is the refused choice
      await expectPaced(page);
      expect(graphql.map((entry) => entry.status).filter((status) => status !== 200)).toEqual([400]);
      expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("names the replacement when a rejection takes today's daily action away", async () => {
    const [A, D, E] = ['p-spielplatz', 'p-rheinufer', 'p-radweg'];
    const { page, graphql, errors } = await openDesk();
    try {
      await useKey(page, editorKeys[1]);
      await expectCards(page, ['Mehr Bänke am Rheinufer aufstellen', HOSTILE_TITLE]);
      await card(page, D).getByRole('button', { name: 'Approve' }).click();
      await card(page, D).waitFor({ state: 'detached', timeout: 10_000 });

      // today's daily action is the approved playground; then its source changes the words: back in the queue
      const today = await storeDailyAction(prisma, defaultTextGenerator, TODAY, NOW, null);
      expect(today?.slug).toBe(slugs[A]);
      const changed = ITEMS.filter((item) => item.externalId === A).map((item) => ({ ...item, description: `${item.description} Jetzt auch mit Bolzplatz.` }));
      await importSourceItems(
        prisma,
        PETITIONS,
        changed.map((item) => feedItem(item, TODAY)),
        NOW,
        { complete: false },
      );
      expect(await stateOf(A)).toBe('pending_unlisted');

      await page.getByRole('button', { name: 'Reload' }).click();
      await expectCards(page, ['Spielplatz am Stadtpark erhalten', HOSTILE_TITLE]);
      await card(page, A).getByLabel('Reason (required to reject, optional otherwise)').fill('Der neue Text ist nicht belegt');
      await card(page, A).getByRole('button', { name: 'Reject' }).click();
      await card(page, A).waitFor({ state: 'detached', timeout: 10_000 });
      expect((await logLines(page))[0]).toBe(
        `Spielplatz am Stadtpark erhalten (${slugs[A]}): rejected — listed nowhere — reason: Der neue Text ist nicht belegt. ` +
          `Today’s daily action was replaced by ${slugs[D]}.`,
      );
      const picks = await prisma.dailyPick.findMany({ orderBy: { day: 'asc' }, select: { day: true, chosenBy: true, cause: { select: { slug: true } } } });
      // the editor's choice of tomorrow went with the rejection
      expect(picks.map((pick) => ({ ...pick, day: pick.day.toISOString().slice(0, 10) }))).toEqual([{ day: TODAY, chosenBy: null, cause: { slug: slugs[D] } }]);
      expect((await events(A)).map((event) => [event.decision, event.by, event.reason])).toEqual([
        ['approve', EDITOR, null],
        ['reopen', 'import', 'the source changed the words, links or category after the decision'],
        ['reject', EDITOR, 'Der neue Text ist nicht belegt'],
      ]);
      expect(await cardTitles(page)).toEqual([HOSTILE_TITLE]);
      expect(await stateOf(E)).toBe('pending_unlisted');
      await expectPaced(page);
      // the page's last refresh of the preview may still be under way: its answer is awaited, not taken as missing
      await expect.poll(() => graphql.filter((entry) => entry.status === 0).length, { timeout: 10_000 }).toBe(0);
      expect(graphql.filter((entry) => entry.status !== 200)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('waits out a 429 (the key used elsewhere) for its Retry-After, and loads again from the key kept in the tab', async () => {
    const { page, graphql, errors } = await openDesk();
    try {
      let refused = false;
      await page.route('**/graphql', (route) => {
        if (refused) return route.continue();
        refused = true;
        const body = JSON.stringify({ error: 'Rate limit exceeded. Retry after 1 second.' });
        return route.fulfill({ status: 429, headers: { 'Retry-After': '2', 'Content-Type': 'application/json' }, body });
      });
      await useKey(page, editorKeys[2]);
      await expectCards(page, [HOSTILE_TITLE]);
      expect(graphql.map((entry) => entry.status)).toEqual([429, 200]);
      const [refused429, retried] = await graphqlTimes(page);
      expect(retried.start - refused429.start).toBeGreaterThanOrEqual(2000);
      expect(await page.locator('#error').textContent()).toBe('');

      // a reload of the page keeps the key of this tab (within the key's second: the service's own 429 is waited out)
      await page.reload();
      await expectCards(page, [HOSTILE_TITLE]);
      expect(await page.locator('#key-form').isVisible()).toBe(false);
      expect(await page.locator('#key-prefix').textContent()).toBe(`${editorKeys[2].slice(0, 8)}…`);
      // the last card decided: the page asks for the next ones (here one the page had not seen)
      const late = { externalId: 'p-laterne', title: 'Laternen im Kurpark reparieren', description: ITEMS[3].description, deadlineInDays: 30, progressPct: 10 };
      await importSourceItems(prisma, PETITIONS, [feedItem(late, TODAY)], NOW, { complete: false });
      await page.locator('#queue > li').getByRole('button', { name: 'Release' }).click();
      await expectCards(page, ['Laternen im Kurpark reparieren']);
      expect(await page.locator('#queue-count').textContent()).toBe('1 cause waits for a decision; 1 shown here.');
      expect((await logLines(page))[0]).toBe(`${HOSTILE_TITLE} (${slugs['p-radweg']}): released — listed, never the daily action.`);

      await page.getByRole('button', { name: 'Forget key' }).click();
      expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
      expect(await page.locator('#queue-section').isVisible()).toBe(false);
      expect(errors.filter((e) => !e.includes('status of 429'))).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('sent no request anywhere but this machine', () => {
    expect(outside).toEqual([]);
  });
});
