// The documentation page: the OpenAPI document rendered by Scalar's standalone bundle, served from
// node_modules (no CDN: the page works offline), with Scalar's web fonts off; and the editor's desk (/desk).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PROJECT_ROOT } from '../infra/project-root.js';
import type { Express } from 'express';
import { MESSAGES, sendError } from './errors.js';

const require = createRequire(import.meta.url);
const SCALAR_BUNDLE = require.resolve('@scalar/api-reference/browser/standalone.js');
// Scalar shows a base64 joke ("ALL YOUR BASE ARE BELONG TO US") in its empty key box, which reads like a
// key filled in for the reader; the box shows the shape of this service's keys instead.
const SCALAR_KEY_PLACEHOLDER = 'placeholder:"QUxMIFlPVVIgQkFTRSBBUkUgQkVMT05HIFRPIFVT"';
export const KEY_BOX_PLACEHOLDER = 'esk_… (your API key)';
const scalarBundle = () =>
  Buffer.from(fs.readFileSync(SCALAR_BUNDLE, 'utf8').replaceAll(SCALAR_KEY_PLACEHOLDER, `placeholder:${JSON.stringify(KEY_BOX_PLACEHOLDER)}`), 'utf8');

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Engagement-Signal API – documentation</title>
  </head>
  <body>
    <noscript>This page needs JavaScript. The API is described by <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</noscript>
    <div id="app"></div>
    <script src="/docs/scalar.js"></script>
    <script>
      Scalar.createApiReference('#app', {
        url: '/api/v1/openapi.json',
        withDefaultFonts: false,
        hideClientButton: true,
        showDeveloperTools: 'never',
        agent: { disabled: true },
        mcp: { disabled: true },
        telemetry: false,
        hideDownloadButton: false,
      });
    </script>
  </body>
</html>
`;

// The page's own Content-Security-Policy (every other response gets the API's `default-src 'none'`): its
// scripts are the bundle from this origin and the one inline call below (allowed by its hash); Scalar
// injects its styles, and fetches the OpenAPI document from this origin.
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/.exec(PAGE)![1];
const DOCS_CSP = [
  "default-src 'none'",
  `script-src 'self' 'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
].join('; ');

const WIDGET = path.join(PROJECT_ROOT, 'static', 'widget.js');

// The editor's desk (static/desk.*): its own script and styles only, requests to this origin only; no form
// may navigate (a submit before the script ran would put the pasted key into a URL).
const DESK_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');
const DESK_FILES = { html: 'desk.html', js: 'desk.js', css: 'desk.css' } as const;

export function mountDocs(app: Express): void {
  let bundle: Buffer | undefined;
  let widget: Buffer | undefined;
  // The embeddable widget (docs/integrating.md, "Widget"): one script tag on any site, so it may be loaded cross-origin.
  app.get('/widget.js', (_req, res) => {
    widget ??= fs.readFileSync(WIDGET);
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.send(widget);
  });
  // The root says where the documentation is (no key), rather than a bare 404.
  const root = Buffer.from(JSON.stringify({ name: 'Engagement-Signal API', documentation: '/docs', openapi: '/api/v1/openapi.json' }), 'utf8');
  app.get('/', (_req, res) => {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.send(root);
  });
  app.all('/', (_req, res) => {
    res.set('Allow', 'GET, HEAD');
    sendError(res, 405, MESSAGES.methodNotAllowed);
  });
  // Browsers ask for it on every page of this origin (/docs, /desk): no icon, and no 404 to log.
  app.get('/favicon.ico', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=604800');
    res.status(204).end();
  });
  app.get('/docs', (_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('Content-Security-Policy', DOCS_CSP);
    res.send(PAGE);
  });
  // The page names its script and styles by a hash of their content, so they may be kept a day and a
  // deploy never pairs a new page with an old script; the page itself is asked for every time.
  let desk: { html: string; js: Buffer; css: Buffer } | undefined;
  const deskFiles = () => {
    if (desk) return desk;
    const [html, js, css] = Object.values(DESK_FILES).map((name) => fs.readFileSync(path.join(PROJECT_ROOT, 'static', name)));
    const version = createHash('sha256').update(js).update(css).digest('base64url').slice(0, 12);
    return (desk = { html: html.toString('utf8').replace(/"\/desk\/desk\.(js|css)"/g, `"/desk/desk.$1?v=${version}"`), js, css });
  };
  app.get('/desk', (_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Security-Policy', DESK_CSP);
    res.send(deskFiles().html);
  });
  app.get('/desk/desk.js', (_req, res) => {
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.send(deskFiles().js);
  });
  app.get('/desk/desk.css', (_req, res) => {
    res.setHeader('Content-Type', 'text/css; charset=utf-8');
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.send(deskFiles().css);
  });
  app.get('/docs/scalar.js', (_req, res) => {
    bundle ??= scalarBundle();
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.send(bundle);
  });
}
