// The widget and the documentation page in a real headless browser (Debian's chromium driven by
// playwright-core) against the running app: the card renders with the spec 2.5 attribution linking to
// source_url, through an integrator's proxy (examples/widget-proxy.mjs, the one docs/integrating.md shows) and with a trial
// key, in German and English, readable at 320 px; readers see plain sentences when there is no card, and
// a refused key hides the widget with a console error for the integrator; a page on another origin
// revalidates with If-None-Match; /docs renders from the OpenAPI document with no request leaving this
// machine.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { dailyActionProxy } from '../../examples/widget-proxy.mjs';
import type { Browser, Page } from 'playwright-core';
import { browserSkipped, launchChromium } from '../helpers/browser.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeys } from '../../src/modules/api-keys/api-keys.service.js';
import { NOW, seedCatalogue, standardCatalogue } from '../helpers/catalogue.js';
import { bumpContentVersion, resetDatabase, startTestApp, testPrisma, type TestApp } from '../helpers/test-app.js';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const prisma = testPrisma();
let app: TestApp;
let browser: Browser;
let site: Server;
let siteUrl = '';
let keys: string[] = [];
const outside: string[] = [];
// A 1×1 PNG the integrator's site serves as the cause's image.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let pick: { slug: string; title: string; sourceUrl: string };
// a cause of Bayern (the daily pick is nationwide): what a widget with data-region="DE-BY" shows
let bavarian: { title: string; sourceUrl: string; category: string };
// the service's answer of GET /api/v1/daily-action?lang=de, for a proxy that answers it without the action
let dailyActionDe: Record<string, unknown>;
let action: { de: { headline: string; whyNow: string; impactStatement: string }; en: { headline: string; whyNow: string; impactStatement: string } };

beforeAll(async () => {
  if (browserSkipped) return;
  await resetDatabase(prisma);
  await seedCatalogue(prisma, standardCatalogue());
  keys = (await createApiKeys(prisma, { label: 'widget tests', tier: 'standard' }, NOW, 20)).map((k) => k.key);
  app = await startTestApp({ prisma, now: NOW });

  // The integrator's site: a page with the widget tag and the small proxy docs/integrating.md shows.
  const proxyKey = keys.pop()!;
  const web = express();
  web.get('/image.png', (_req, res) => res.type('png').send(PNG));
  web.get('/page', (req, res) => {
    const lang = req.query.lang === 'en' ? 'en' : 'de';
    res.type('html').send(`<!doctype html><html lang="${lang}"><head><meta name="viewport" content="width=device-width, initial-scale=1"></head>
      <body><h1>Lokalzeitung</h1><script src="${app.baseUrl}/widget.js" data-proxy="/api/daily-action" data-lang="${lang}" defer></script></body></html>`);
  });
  // The documented proxy (docs/integrating.md, "Widget", examples/widget-proxy.mjs): the key stays on the server.
  web.get('/api/daily-action', dailyActionProxy({ serviceUrl: app.baseUrl, apiKey: proxyKey }));
  // The same proxy with a key the service refuses, and with the service away.
  web.get('/api/refused', dailyActionProxy({ serviceUrl: app.baseUrl, apiKey: 'esk_thisisnotakeyatall' }));
  web.get('/api/away', dailyActionProxy({ serviceUrl: 'http://127.0.0.1:1', apiKey: proxyKey }));
  // Proxies answering what a widget may meet: none today, a tier the key lacks, an action not yet
  // written, and pages that are not the API's JSON (an outage behind a gateway, a wrong data-proxy).
  web.get('/api/none', (_req, res) => res.status(503).json({ error: 'No action available today.' }));
  web.get('/api/tier', (_req, res) => res.status(403).json({ error: 'This endpoint requires Growth or Enterprise tier.' }));
  web.get('/api/without-action', (_req, res) => res.json({ ...dailyActionDe, action: null }));
  web.get('/api/html-500', (_req, res) => res.status(500).type('html').send('<!DOCTYPE html><html><body><pre>Internal Server Error</pre></body></html>'));
  web.get('/api/html-404', (_req, res) => res.status(404).type('html').send('<!DOCTYPE html><html><body><pre>Cannot GET /api/html-404</pre></body></html>'));
  web.get('/page-region', (req, res) => {
    const lang = req.query.lang === 'en' ? 'en' : 'de';
    res
      .type('html')
      .send(
        `<!doctype html><html lang="${lang}"><body><h1>Lokalzeitung</h1><script src="${app.baseUrl}/widget.js" data-proxy="/api/daily-action" data-region="${String(req.query.region)}" data-lang="${lang}" defer></script></body></html>`,
      );
  });
  web.get('/page-region-old-proxy', (req, res) => {
    res
      .type('html')
      .send(
        `<!doctype html><html lang="de"><body><h1>Lokalzeitung</h1><script src="${app.baseUrl}/widget.js" data-proxy="/api/daily-action-only" data-region="${String(req.query.region)}" data-lang="de" defer></script></body></html>`,
      );
  });
  // a proxy written before regions: it answers the daily action whatever it is asked
  web.get('/api/daily-action-only', (_req, res) => res.json(dailyActionDe));
  web.get('/page-with', (req, res) => {
    const lang = req.query.lang === 'en' ? 'en' : 'de';
    res
      .type('html')
      .send(
        `<!doctype html><html lang="${lang}"><body><h1>Lokalzeitung</h1><script src="${app.baseUrl}/widget.js" data-proxy="${String(req.query.proxy)}" data-lang="${lang}" defer></script></body></html>`,
      );
  });
  site = await new Promise((resolve) => {
    const s = web.listen(0, '127.0.0.1', () => resolve(s));
  });
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

  const dailyPick = await prisma.dailyPick.findFirstOrThrow({ include: { cause: { include: { actions: true } } } });
  await prisma.cause.update({ where: { id: dailyPick.causeId }, data: { imageUrl: `${siteUrl}/image.png` } });
  const inBavaria = await prisma.cause.findFirstOrThrow({ where: { externalId: 'c07', id: { not: dailyPick.causeId } } });
  await prisma.cause.update({ where: { id: inBavaria.id }, data: { region: 'DE-BY' } });
  bavarian = { title: inBavaria.title, sourceUrl: inBavaria.sourceUrl, category: inBavaria.category };
  await bumpContentVersion(prisma);
  const byLang = (l: string) => dailyPick.cause.actions.find((a) => a.language === l)!;
  pick = { slug: dailyPick.cause.slug, title: dailyPick.cause.title, sourceUrl: dailyPick.cause.sourceUrl };
  action = { de: byLang('de'), en: byLang('en') };
  const daily = await fetch(`${app.baseUrl}/api/v1/daily-action?lang=de`, { headers: { 'X-Api-Key': keys.pop()! } });
  expect(daily.status).toBe(200);
  dailyActionDe = (await daily.json()) as Record<string, unknown>;

  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  if (browserSkipped) return;
  await browser?.close();
  if (site) await new Promise((resolve) => site!.close(resolve));
  await app.close();
  await prisma.$disconnect();
});

function listen(handler: express.Express): Promise<Server> {
  return new Promise((resolve) => {
    const s = handler.listen(0, '127.0.0.1', () => resolve(s));
  });
}

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const close = (server: Server) => new Promise((resolve) => server.close(resolve));

async function openPage(width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  // Nothing may leave this machine: any other request is recorded and refused.
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1') return route.continue();
    outside.push(url.toString());
    return route.abort();
  });
  return page;
}

async function expectCard(page: Page, lang: 'de' | 'en', options: { imageLoads: boolean } = { imageLoads: true }) {
  const card = page.locator('article.card');
  await card.waitFor({ state: 'visible', timeout: 10_000 });
  expect(await card.getAttribute('lang')).toBe(lang);
  await expect.poll(() => card.locator('h2').textContent()).toBe(pick.title);
  expect(await card.locator('.headline').textContent()).toBe(action[lang].headline);
  expect(await card.locator('.why').textContent()).toBe(action[lang].whyNow);
  expect(await card.locator('.impact').textContent()).toBe(action[lang].impactStatement);
  // the CTA links to source_url
  expect(await card.locator('a.cta').getAttribute('href')).toBe(pick.sourceUrl);
  expect(await card.locator('a.cta').evaluate((a) => a.firstChild!.textContent)).toBe(lang === 'de' ? 'Jetzt unterschreiben' : 'Sign now');
  // the fixture's pick has 80 % progress and its deadline on 2026-11-25
  expect(await card.locator('progress').getAttribute('value')).toBe('80');
  expect(await card.locator('.progress-label').textContent()).toBe(lang === 'de' ? '80 % des Ziels erreicht' : '80% of the goal reached');
  expect(await card.locator('time').getAttribute('datetime')).toBe('2026-11-25');
  expect(await card.locator('time').textContent()).toBe(lang === 'de' ? '25. November 2026' : '25 November 2026');
  // the image, loaded
  expect(await card.locator('img').getAttribute('src')).toBe(`${siteUrl}/image.png`);
  if (options.imageLoads) await expect.poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  // spec 2.5: the attribution line, source_url clickable, source_name and original_platform visible
  const service = card.locator('.attribution .service');
  expect(await service.textContent()).toBe(`Source: Engagement-Signal API (${new URL(app.baseUrl).host})`);
  expect(await service.isVisible()).toBe(true);
  const link = card.locator('.attribution a.source-url');
  expect(await link.getAttribute('href')).toBe(pick.sourceUrl);
  expect(await link.isVisible()).toBe(true);
  expect(await card.locator('.attribution .source-name').textContent()).toBe('Testquelle');
  expect(await card.locator('.attribution .platform').textContent()).toBe('testplattform');
  for (const part of ['.source-name', '.platform']) expect(await card.locator(`.attribution ${part}`).isVisible()).toBe(true);
  return card;
}

describe.skipIf(browserSkipped)('the widget', () => {
  it("renders the daily action through the integrator's proxy, in German, with the attribution", async () => {
    const page = await openPage(1280);
    try {
      await page.goto(`${siteUrl}/page?lang=de`);
      await expectCard(page, 'de');
      // keyboard: the first Tab reaches the call to action, the next the source link
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.querySelector('.es-daily-action')!.shadowRoot!.activeElement?.className)).toBe('cta');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.querySelector('.es-daily-action')!.shadowRoot!.activeElement?.className)).toBe('source-url');
      // a screen reader hears where the link goes
      expect(await page.locator('a.cta .sr').textContent()).toBe(' (öffnet die Seite der Aktion)');
    } finally {
      await page.close();
    }
  });

  it('stays readable at 320 px: nothing wider than the screen, the attribution and its link visible', async () => {
    const page = await openPage(320);
    try {
      await page.goto(`${siteUrl}/page?lang=en`);
      const card = await expectCard(page, 'en');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      const box = (await card.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
      const link = (await card.locator('.attribution a.source-url').boundingBox())!;
      expect(link.x + link.width).toBeLessThanOrEqual(320);
      // body text at 16 px, the attribution no smaller than 13 px
      expect(await card.locator('.summary').evaluate((e) => getComputedStyle(e).fontSize)).toBe('16px');
      expect(Number.parseFloat(await card.locator('.attribution').evaluate((e) => getComputedStyle(e).fontSize))).toBeGreaterThanOrEqual(13);
      // a host page that shrinks its root font (html { font-size: 62.5% }, common) does not shrink the card
      await page.addStyleTag({ content: 'html { font-size: 62.5% }' });
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('10px');
      expect(await card.locator('h2').evaluate((e) => getComputedStyle(e).fontSize)).toBe('20px');
      expect(Number.parseFloat(await card.locator('.attribution').evaluate((e) => getComputedStyle(e).fontSize))).toBeGreaterThanOrEqual(13);
      expect(await card.locator('.attribution .service').getAttribute('lang')).toBe('en');
    } finally {
      await page.close();
    }
  });

  it.each([
    [320, 'en'],
    [1280, 'de'],
  ] as const)('at %i px (%s): no accessibility violation (axe-core), no cookie or storage, nothing asked of another machine', async (width, lang) => {
    const page = await openPage(width);
    try {
      await page.goto(`${siteUrl}/page?lang=${lang}`);
      await expectCard(page, lang);
      // axe-core (from the registry, as a string: no request for it) checks the page with the card in
      // its open shadow root, against WCAG 2.1 A and AA and axe's best practices
      await page.addScriptTag({ content: AXE_SOURCE });
      // (the widget's element and its shadow root: the host page around it is the integrator's)
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as { axe: { run(context: Element, options: object): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }
        ).axe;
        const result = await axe.run(document.querySelector('.es-daily-action')!, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
        });
        return result.violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => JSON.stringify(n.target)) }));
      });
      expect(violations).toEqual([]);
      // privacy: the widget sets no cookie and keeps nothing in the browser
      expect(await page.context().cookies()).toEqual([]);
      expect(await page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie])).toEqual([0, 0, '']);
      expect(outside).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('works with a trial key against the service itself', async () => {
    const page = await openPage(800);
    try {
      // a page on the service's own origin (the trial case needs no proxy)
      await page.route(`${app.baseUrl}/trial`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><html lang="en"><body><div id="slot"></div><script src="/widget.js" data-key="${keys.pop()}" data-lang="en" data-target="#slot"></script></body></html>`,
        }),
      );
      await page.goto(`${app.baseUrl}/trial`);
      // A page fulfilled by the test has no network address of its own, so Chromium's local-network
      // rules refuse it the image on the other loopback port: the image is checked in the tests above.
      await expectCard(page, 'en', { imageLoads: false });
      expect(await page.locator('#slot .es-daily-action').count()).toBe(1);
    } finally {
      await page.close();
    }
  });

  it("with data-region shows the Land's top cause, labelled with the Land (through the proxy and with a trial key), else the daily action", async () => {
    const page = await openPage(800);
    try {
      await page.goto(`${siteUrl}/page-region?region=DE-BY&lang=de`);
      const card = page.locator('article.card');
      await card.waitFor({ state: 'visible', timeout: 10_000 });
      expect(await card.locator('.label').textContent()).toBe('Aktion in Bayern');
      expect(await page.locator('.es-daily-action').getAttribute('aria-label')).toBe('Aktion in Bayern');
      expect(await card.locator('h2').textContent()).toBe(bavarian.title);
      expect(await card.locator('.headline, .why, .impact').count()).toBe(0);
      const cta = { Spenden: 'Jetzt spenden', Petition: 'Jetzt unterschreiben', Brief: 'Jetzt Brief schreiben' }[bavarian.category];
      expect(await card.locator('a.cta').evaluate((a) => a.firstChild!.textContent)).toBe(cta);
      expect(await card.locator('a.cta').getAttribute('href')).toBe(bavarian.sourceUrl);
      // spec 2.5 all the same
      expect(await card.locator('.attribution .service').textContent()).toBe(`Source: Engagement-Signal API (${new URL(app.baseUrl).host})`);
      expect(await card.locator('.attribution a.source-url').getAttribute('href')).toBe(bavarian.sourceUrl);
      expect(await card.locator('.attribution .source-name').textContent()).toBe('Testquelle');

      // a Land without a cause of its own: the daily action, as without data-region
      await page.goto(`${siteUrl}/page-region?region=DE-HH&lang=en`);
      await expectCard(page, 'en');
      expect(await page.locator('article.card .label').textContent()).toBe('Action of the day');

      // a proxy that does not know region (it answers the daily action): the daily action
      await page.goto(`${siteUrl}/page-region-old-proxy?region=DE-BY&lang=de`);
      await expectCard(page, 'de');
      expect(await page.locator('article.card .label').textContent()).toBe('Aktion des Tages');

      // a trial key against the service itself
      await page.route(`${app.baseUrl}/trial-region`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><html lang="en"><body><script src="/widget.js" data-key="${keys.pop()}" data-region="DE-BY" data-lang="en"></script></body></html>`,
        }),
      );
      await page.goto(`${app.baseUrl}/trial-region`);
      const trial = page.locator('article.card');
      await trial.waitFor({ state: 'visible', timeout: 10_000 });
      expect(await trial.locator('.label').textContent()).toBe('Action in Bavaria');
      expect(await trial.locator('a.cta').getAttribute('href')).toBe(bavarian.sourceUrl);
    } finally {
      await page.close();
    }
  });

  it('the documented proxy answers German and English asked for at once (it keeps one second between its calls)', async () => {
    // a new site with its own key: nothing kept yet, so both languages are fetched from the service
    const fresh = express().get('/api/daily-action', dailyActionProxy({ serviceUrl: app.baseUrl, apiKey: keys.pop()! }));
    const server = await listen(fresh);
    try {
      const base = urlOf(server);
      const [de, en] = await Promise.all(
        ['de', 'en'].map((lang) => fetch(`${base}/api/daily-action?lang=${lang}`).then(async (r) => ({ status: r.status, body: await r.json() }))),
      );
      expect([de.status, en.status]).toEqual([200, 200]);
      expect([de.body.action.language, en.body.action.language]).toEqual(['de', 'en']);
      // and now from what it keeps: no call to the service (which would be refused within the second)
      const again = await Promise.all(['de', 'en'].map((lang) => fetch(`${base}/api/daily-action?lang=${lang}`).then((r) => r.status)));
      expect(again).toEqual([200, 200]);
    } finally {
      await close(server);
    }
  });

  it("when the key was just used elsewhere, the documented proxy asks again after the 429's Retry-After and answers 200", async () => {
    const shared = keys.pop()!;
    // another program on the integrator's side spends the key's second …
    const elsewhere = await fetch(`${app.baseUrl}/api/v1/daily-action?lang=de`, { headers: { 'X-Api-Key': shared } });
    expect(elsewhere.status).toBe(200);
    // … and the proxy's first call within it is refused, its second one second later is not
    const server = await listen(express().get('/api/daily-action', dailyActionProxy({ serviceUrl: app.baseUrl, apiKey: shared })));
    try {
      const answer = await fetch(`${urlOf(server)}/api/daily-action?lang=en`);
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { action: { language: string } }).action.language).toBe('en');
    } finally {
      await close(server);
    }
  });

  it('when the service has stopped, the documented proxy answers a JSON 503, not an HTML error page', async () => {
    const stopped = await listen(express());
    const stoppedUrl = urlOf(stopped);
    await close(stopped);
    const server = await listen(express().get('/api/daily-action', dailyActionProxy({ serviceUrl: stoppedUrl, apiKey: keys.pop()! })));
    try {
      const away = await fetch(`${urlOf(server)}/api/daily-action?lang=de`);
      expect(away.status).toBe(503);
      expect(away.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await away.json()).toEqual({ error: 'Service temporarily unavailable. Retry later.' });
    } finally {
      await close(server);
    }
  });

  it("shows the action's headline above its why-now, and no headline when the action is not written yet", async () => {
    const page = await openPage(800);
    try {
      await page.goto(`${siteUrl}/page?lang=de`);
      const card = await expectCard(page, 'de');
      expect(await card.locator('.body > p').evaluateAll((ps) => ps.map((p) => p.className))).toEqual([
        'label',
        'summary',
        'headline',
        'why',
        'impact',
        'progress-label',
        'attribution',
      ]);

      await page.goto(`${siteUrl}/page-with?proxy=/api/without-action&lang=de`);
      const bare = page.locator('article.card');
      await bare.waitFor({ state: 'visible', timeout: 10_000 });
      expect(await bare.locator('h2').textContent()).toBe(pick.title);
      expect(await bare.locator('.headline, .why, .impact').count()).toBe(0);
      expect(await bare.locator('a.cta').evaluate((a) => a.firstChild!.textContent)).toBe('Mitmachen');
      expect(await bare.locator('.attribution a.source-url').getAttribute('href')).toBe(pick.sourceUrl);
    } finally {
      await page.close();
    }
  });

  /** Opens a page whose widget asks `proxy`; returns what readers see and what the console says. */
  async function widgetAnswering(proxy: string, lang: 'de' | 'en') {
    const page = await openPage(800);
    // the console as the page wrote it, read from the page itself (so nothing arrives after the check)
    await page.addInitScript(() => {
      const logged: string[] = [];
      (window as unknown as { logged: string[] }).logged = logged;
      for (const type of ['error', 'warn', 'info', 'log'] as const) {
        const original = console[type].bind(console);
        console[type] = (...args: unknown[]) => {
          logged.push(`${type}: ${args.map(String).join(' ')}`);
          original(...args);
        };
      }
    });
    try {
      // the tag is deferred: the widget has mounted by the time the page has loaded
      await page.goto(`${siteUrl}/page-with?proxy=${proxy}&lang=${lang}`);
      const status = page.locator('.es-daily-action p[role=status]');
      // the widget ends in one of two ways: a sentence for readers, or gone from the page
      await expect.poll(async () => (await status.count()) + ((await page.locator('.es-daily-action').count()) === 0 ? 1 : 0), { timeout: 10_000 }).toBe(1);
      return {
        shown: (await status.count()) ? await status.textContent() : null,
        widgets: await page.locator('.es-daily-action').count(),
        logged: (await page.evaluate(() => (window as unknown as { logged: string[] }).logged)).filter((line) => line.includes('Engagement-Signal widget:')),
      };
    } finally {
      await page.close();
    }
  }

  it('tells readers plainly that there is no action today, in German and in English, only when the service says so', async () => {
    expect(await widgetAnswering('/api/none', 'de')).toEqual({ shown: 'Heute gibt es keine Aktion des Tages.', widgets: 1, logged: [] });
    expect(await widgetAnswering('/api/none', 'en')).toEqual({ shown: 'There is no action of the day today.', widgets: 1, logged: [] });
  });

  it('tells readers to try again later when the service is away, also behind a proxy that answers an HTML 500', async () => {
    expect(await widgetAnswering('/api/away', 'de')).toEqual({
      shown: 'Die Aktion des Tages lässt sich gerade nicht laden. Bitte versuchen Sie es später noch einmal.',
      widgets: 1,
      logged: [
        'warn: Engagement-Signal widget: the daily action answered HTTP 503 "Service temporarily unavailable. Retry later."; readers are asked to try again later.',
      ],
    });
    expect(await widgetAnswering('/api/html-500', 'en')).toEqual({
      shown: 'The action of the day can’t be loaded right now. Please try again later.',
      widgets: 1,
      logged: [
        'warn: Engagement-Signal widget: the daily action answered HTTP 500 (not the JSON of GET /api/v1/daily-action); readers are asked to try again later.',
      ],
    });
  });

  it("hides itself on a refused key (401, 403) and names the status and the service's error text in the console", async () => {
    expect(await widgetAnswering('/api/refused', 'de')).toEqual({
      shown: null,
      widgets: 0,
      logged: [
        'error: Engagement-Signal widget: the daily action answered HTTP 401 "Invalid or expired API key."; check the API key your proxy (or data-key) sends. The widget is hidden.',
      ],
    });
    expect(await widgetAnswering('/api/tier', 'en')).toEqual({
      shown: null,
      widgets: 0,
      logged: [
        'error: Engagement-Signal widget: the daily action answered HTTP 403 "This endpoint requires Growth or Enterprise tier."; check the API key your proxy (or data-key) sends. The widget is hidden.',
      ],
    });
  });

  it('hides itself when data-proxy names no such route (an HTML 404) and says so in the console', async () => {
    expect(await widgetAnswering('/api/html-404', 'de')).toEqual({
      shown: null,
      widgets: 0,
      logged: [
        'error: Engagement-Signal widget: the daily action answered HTTP 404 (not the JSON of GET /api/v1/daily-action); check data-proxy: it must answer like GET /api/v1/daily-action. The widget is hidden.',
      ],
    });
  });

  it('sent no request anywhere but this machine', () => {
    expect(outside).toEqual([]);
  });
});

describe.skipIf(browserSkipped)('/docs in the browser', () => {
  it('renders the reference and the getting-started part from the OpenAPI document, offline; the key box is empty; no request fails', async () => {
    const page = await openPage(1280);
    const before = outside.length;
    const failed: string[] = [];
    page.on('response', (response) => void (response.status() >= 400 && failed.push(`${response.status()} ${response.url()}`)));
    try {
      await page.goto(`${app.baseUrl}/docs`);
      await page.getByText('Getting started', { exact: true }).first().waitFor({ timeout: 20_000 });
      await page.getByText('The daily action', { exact: true }).first().waitFor({ timeout: 20_000 });
      expect(await page.getByText('Ask for a key').first().isVisible()).toBe(true);
      expect(await page.getByText('Beyond the daily action').first().isVisible()).toBe(true);
      // the X-Api-Key box: nothing filled in, the shape of a key as its placeholder
      const keyBox = page.getByPlaceholder('esk_… (your API key)').first();
      await keyBox.waitFor({ state: 'attached', timeout: 20_000 });
      expect(await keyBox.inputValue()).toBe('');
      expect(failed).toEqual([]);
      expect(outside.slice(before)).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);
});

describe.skipIf(browserSkipped)('a page on another origin', () => {
  it('revalidates a kept answer with If-None-Match (the preflight allows it) and gets a body-less 304', async () => {
    const page = await openPage(1280);
    try {
      await page.goto(`${siteUrl}/page?lang=de`);
      const [first, second] = [keys.pop()!, keys.pop()!]; // two keys: the second request is not held back by the limit
      const outcome = await page.evaluate(
        async ({ api, first, second }) => {
          const url = `${api}/api/v1/daily-action`;
          const initial = await fetch(url, { headers: { 'X-Api-Key': first }, cache: 'no-store' });
          const etag = initial.headers.get('ETag');
          await initial.text();
          const again = await fetch(url, { headers: { 'X-Api-Key': second, 'If-None-Match': etag ?? '' }, cache: 'no-store' });
          return { first: initial.status, etag, second: again.status, body: await again.text(), requestId: again.headers.get('X-Request-Id') };
        },
        { api: app.baseUrl, first, second },
      );
      expect(outcome.first).toBe(200);
      expect(outcome.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
      expect(outcome.second).toBe(304);
      expect(outcome.body).toBe('');
      // readable across origins, to quote in a support mail
      expect(outcome.requestId).toMatch(/^[A-Za-z0-9_-]{8}-[0-9a-z]+$/);
    } finally {
      await page.close();
    }
  });
});
