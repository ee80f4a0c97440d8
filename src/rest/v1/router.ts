// REST v1 on Express: the OpenAPI document; each GET endpoint of the route table (controller.ts) behind
// the key check (a feed: its token) and the limit; 405 for other methods on the endpoints; a JSON 404 for
// any other path under the prefix, behind the key check and the limit like every path there.
import { type Express, type Request, type RequestHandler, type Response } from 'express';
import { MESSAGES, sendError } from '../../http/errors.js';
import { RATE_LIMIT_POLICY } from '../../http/limit-policy.js';
import { OPENAPI_DOCUMENT_PATH, ROUTES, type Route } from './controller.js';
import { openApiDocumentFor } from './openapi.js';
import { inOrder } from '../../http/front-door.js';
import type { SupportContact } from './getting-started.js';

const JSON_TYPE = 'application/json; charset=utf-8';

export interface RestV1Guards {
  /** the key check by X-Api-Key */
  key: RequestHandler;
  /** the key check by a feed's `token` */
  feedToken: RequestHandler;
  /** the per-key limit */
  limit: RequestHandler;
}

/** The policy is the same for everyone, so every response under the prefix carries it (401s included). */
const announcePolicy: RequestHandler = (_req: Request, res: Response, next) => {
  res.setHeader('RateLimit-Policy', RATE_LIMIT_POLICY);
  next();
};

/**
 * Mounts v1 under `prefix`: `handler` answers each route (controller.ts), behind `guards` but the document.
 * The routes are the app's own (the prefix written into each path, not a router mounted under it), and each
 * route's steps run as one handler (inOrder): every router layer a request passes costs it time.
 */
export function mountRestV1(app: Express, prefix: string, guards: RestV1Guards, handler: (route: Route) => RequestHandler, support: SupportContact = {}) {
  const openApiBody = Buffer.from(JSON.stringify(openApiDocumentFor(support)), 'utf8');
  const methodNotAllowed = (_req: Request, res: Response) => {
    res.set('Allow', 'GET, HEAD');
    sendError(res, 405, MESSAGES.methodNotAllowed);
  };

  // The description of this API: no key, no limit.
  app
    .route(`${prefix}${OPENAPI_DOCUMENT_PATH}`)
    .get(announcePolicy, (_req: Request, res: Response) => {
      res.setHeader('Content-Type', JSON_TYPE);
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.send(openApiBody);
    })
    .all(announcePolicy, methodNotAllowed);

  // The route is matched before the guards, so a 401 or 429 is logged and counted under its pattern.
  for (const route of ROUTES) {
    const credential = route.feed ? guards.feedToken : guards.key;
    app
      .route(`${prefix}${route.path}`)
      .get(inOrder([announcePolicy, credential, guards.limit, handler(route)]))
      .all(inOrder([announcePolicy, credential, guards.limit, methodNotAllowed]));
  }
  // A feed that does not exist: 404 whatever credential it carries (a feed's token is no X-Api-Key).
  app.use(`${prefix}/feeds`, announcePolicy, (_req: Request, res: Response) => sendError(res, 404, MESSAGES.notFound));
  // Any other path under the prefix: still behind the key check, then a JSON 404.
  app.use(prefix, inOrder([announcePolicy, guards.key, guards.limit, (_req: Request, res: Response) => sendError(res, 404, MESSAGES.notFound)]));
}
