// REST v1 on Express: what the controller (controller.ts) leaves to it. The OpenAPI document, 405 for
// other methods on the endpoints, and a JSON 404 for any other path under the prefix, behind the
// key check and the limit like every path there.
import type { Express, Request, RequestHandler, Response } from 'express';
import { MESSAGES, sendError } from '../../http/errors.js';
import { RATE_LIMIT_POLICY } from '../../http/rate-limit.js';
import { ROUTES } from './controller.js';
import { openApiDocumentFor } from './openapi.js';
import type { SupportContact } from './getting-started.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Mounts the Express side of v1 under `prefix`, each path behind `guards` (key, limit) but the document. */
export function mountRestV1(app: Express, prefix: string, guards: RequestHandler[], support: SupportContact = {}) {
  const openApiBody = Buffer.from(JSON.stringify(openApiDocumentFor(support)), 'utf8');

  // The policy is the same for everyone, so every response under the prefix carries it (401s included).
  app.use(prefix, (_req: Request, res: Response, next) => {
    res.setHeader('RateLimit-Policy', RATE_LIMIT_POLICY);
    next();
  });
  // The description of this API: no key, no limit.
  app.get(`${prefix}/openapi.json`, (_req: Request, res: Response) => {
    res.setHeader('Content-Type', JSON_TYPE);
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.send(openApiBody);
  });
  app.all(`${prefix}/openapi.json`, (_req: Request, res: Response) => {
    res.set('Allow', 'GET, HEAD');
    sendError(res, 405, MESSAGES.methodNotAllowed);
  });

  // The route pattern is named before the guards, so a 401 or 429 is logged and counted under its route.
  const patterns = ROUTES.map((route) => ({ pattern: `${prefix}${route.path}`, match: route.match }));
  app.use(prefix, (req: Request, res: Response, next) => {
    res.locals.route = patterns.find((p) => p.match.test(req.path))?.pattern;
    next();
  });
  app.use(prefix, ...guards);
  for (const route of ROUTES) {
    app.all(`${prefix}${route.path}`, (_req: Request, res: Response) => {
      res.set('Allow', 'GET, HEAD');
      sendError(res, 405, MESSAGES.methodNotAllowed);
    });
  }
  // Any other path under the prefix: still behind the key check, then a JSON 404.
  app.use(prefix, (_req: Request, res: Response) => sendError(res, 404, MESSAGES.notFound));
}
