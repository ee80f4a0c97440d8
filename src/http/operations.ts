// The operator's endpoints: /healthz (the process is up), /readyz (this process can answer: for load
// balancers), /health (the former health check, kept as an alias of /readyz), /status (the content's
// state: the day's pick, the last refresh, the sources, the stores; no content), and /metrics
// (Prometheus, only with METRICS_TOKEN and only for a request bearing it). None needs an API key.
import { timingSafeEqual, createHash } from 'node:crypto';
import type { Express, Request, Response } from 'express';
import type { Metrics } from '../infra/metrics.js';
import { Gauge } from 'prom-client';
import { changesSeen, checkProcessReadiness, contentStatus, type ProcessState, type StatusProbes } from '../modules/serving/readiness.js';
import { MESSAGES, sendError } from './errors.js';

export interface OperationsOptions {
  /** what /status reads and reports */
  probes: StatusProbes;
  /** what /readyz decides on; `draining` is true once SIGTERM arrived, so the load balancer stops sending requests */
  process: () => ProcessState;
  /** true while the database cannot be reached (the process serves what it holds) */
  databaseDown: () => boolean;
  clock: () => Date;
  metrics: Metrics;
  /** unset: /metrics answers 404 (not served at all) */
  metricsToken: string | undefined;
}

/** A process not ready (starting, draining): a load balancer may ask again this many seconds later. */
export const NOT_READY_RETRY_AFTER_S = 5;

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

export function mountOperations(app: Express, options: OperationsOptions): void {
  const noStore = (res: Response) => res.setHeader('Cache-Control', 'no-store');

  app.get('/healthz', (_req, res) => {
    noStore(res);
    res.json({ status: 'ok' });
  });

  const ready = async (_req: Request, res: Response) => {
    const readiness = await checkProcessReadiness(options.process());
    noStore(res);
    if (readiness.ready) return res.json({ status: 'ready' });
    res.setHeader('Retry-After', String(NOT_READY_RETRY_AFTER_S));
    res.status(503).json({ status: 'not ready', reason: readiness.reason });
  };
  app.get('/readyz', ready);
  app.get('/health', ready);

  app.get('/status', async (_req, res) => {
    const state = options.process();
    const readiness = await checkProcessReadiness(state);
    const content = await contentStatus(options.probes, options.clock());
    noStore(res);
    res.json({ ready: readiness.ready, draining: state.draining, changes: changesSeen(state.listening), ...content });
  });

  // The process's own state for alerting: a limit held in memory is not shared with the other replicas.
  const registers = [options.metrics.registry];
  new Gauge({
    name: 'es_rate_limit_in_memory',
    help: "1 while the per-key limit is decided in this process's memory (no REDIS_URL, or Redis unreachable), 0 while Redis decides",
    registers,
    collect() {
      this.set(options.probes.rateLimit().store === 'memory' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'es_database_reachable',
    help: '0 while this process cannot reach the database and serves what it holds, else 1',
    registers,
    collect() {
      this.set(options.databaseDown() ? 0 : 1);
    },
  });
  new Gauge({
    name: 'es_versions_listening',
    help: '1 while this process hears of content and key changes through LISTEN/NOTIFY, 0 while each request reads the versions',
    registers,
    collect() {
      this.set(options.process().listening ? 1 : 0);
    },
  });
  new Gauge({
    name: 'es_draining',
    help: '1 from SIGTERM on (/readyz answers 503), else 0',
    registers,
    collect() {
      this.set(options.process().draining ? 1 : 0);
    },
  });

  const expected = options.metricsToken === undefined ? undefined : digest(options.metricsToken);
  app.get('/metrics', async (req, res) => {
    if (!expected) return sendError(res, 404, MESSAGES.notFound);
    const presented = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    if (!presented || !timingSafeEqual(digest(presented), expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      return sendError(res, 401, MESSAGES.metricsToken);
    }
    noStore(res);
    res.setHeader('Content-Type', options.metrics.registry.contentType);
    res.send(await options.metrics.registry.metrics());
  });

  for (const path of ['/healthz', '/readyz', '/health', '/status', '/metrics']) {
    app.all(path, (_req, res) => {
      res.set('Allow', 'GET, HEAD');
      sendError(res, 405, MESSAGES.methodNotAllowed);
    });
  }
}
