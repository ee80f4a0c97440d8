// The operator's endpoints: /healthz (the process is up), /readyz (it can serve: database, Redis, the
// day's daily action), /health (the former health check, kept as an alias of /readyz), and /metrics
// (Prometheus, only with METRICS_TOKEN and only for a request bearing it). None needs an API key.
import { timingSafeEqual, createHash } from 'node:crypto';
import type { Express, Request, Response } from 'express';
import type { Metrics } from '../infra/metrics.js';
import { checkReadiness, type ReadinessProbes } from '../modules/serving/readiness.js';
import { MESSAGES, sendError } from './errors.js';

export interface OperationsOptions {
  probes: ReadinessProbes;
  clock: () => Date;
  metrics: Metrics;
  /** unset: /metrics answers 404 (not served at all) */
  metricsToken: string | undefined;
  /** true once SIGTERM arrived: /readyz turns unready so the load balancer stops sending requests */
  draining?: () => boolean;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

export function mountOperations(app: Express, options: OperationsOptions): void {
  const noStore = (res: Response) => res.setHeader('Cache-Control', 'no-store');

  app.get('/healthz', (_req, res) => {
    noStore(res);
    res.json({ status: 'ok' });
  });

  const ready = async (_req: Request, res: Response) => {
    if (options.draining?.()) {
      noStore(res);
      res.setHeader('Retry-After', '5');
      return res.status(503).json({ status: 'not ready', reason: 'shutting down' });
    }
    const readiness = await checkReadiness(options.probes, options.clock());
    noStore(res);
    res.status(readiness.ready ? 200 : 503).json({ status: readiness.ready ? 'ready' : 'not ready', checks: readiness.checks });
  };
  app.get('/readyz', ready);
  app.get('/health', ready);

  const expected = options.metricsToken === undefined ? undefined : digest(options.metricsToken);
  app.get('/metrics', async (req, res) => {
    if (!expected) return sendError(res, 404, MESSAGES.notFound);
    const presented = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    if (!presented || !timingSafeEqual(digest(presented), expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      return sendError(res, 401, 'Missing or wrong metrics token.');
    }
    noStore(res);
    res.setHeader('Content-Type', options.metrics.registry.contentType);
    res.send(await options.metrics.registry.metrics());
  });

  for (const path of ['/healthz', '/readyz', '/health', '/metrics']) {
    app.all(path, (_req, res) => {
      res.set('Allow', 'GET, HEAD');
      sendError(res, 405, MESSAGES.methodNotAllowed);
    });
  }
}
