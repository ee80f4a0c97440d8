// One observation per answered request: a JSON log line (method, route pattern, status, duration, key id
// — never the key — and request id) and the request metrics. Express's requests are observed by the
// middleware (observeRequests).
import type { RequestHandler } from 'express';
import type { Counter, Histogram } from 'prom-client';
import type { Logger } from 'pino';
import type { Metrics } from '../infra/metrics.js';

export interface ObservedRequest {
  method: string;
  /** the route pattern, not the path, so that slugs do not multiply the series; unmatched paths share one */
  route: string;
  path: string;
  status: number;
  /** performance.now() when the request arrived */
  arrivedAt: number;
  keyId: string | null;
  requestId: string | undefined;
}

export type RequestRecorder = (request: ObservedRequest) => void;

/** Records requests through label children bound once per series, not a label lookup per request. */
export function createRequestRecorder(logger: Logger, metrics: Metrics): RequestRecorder {
  const counted = new Map<string, Counter.Internal>();
  const timed = new Map<string, Histogram.Internal<'method' | 'route'>>();
  const limited = new Map<string, Counter.Internal>();
  const logs = logger.isLevelEnabled('info');
  return ({ method, route, path, status, arrivedAt, keyId, requestId }) => {
    const ms = performance.now() - arrivedAt;
    const series = `${method} ${route}`;
    const withStatus = `${series} ${status}`;
    let count = counted.get(withStatus);
    if (!count) counted.set(withStatus, (count = metrics.httpRequests.labels(method, route, String(status))));
    count.inc();
    let duration = timed.get(series);
    if (!duration) timed.set(series, (duration = metrics.httpDuration.labels(method, route)));
    duration.observe(ms / 1000);
    if (status === 429) {
      let refused = limited.get(route);
      if (!refused) limited.set(route, (refused = metrics.rateLimited.labels(route)));
      refused.inc();
    }
    if (logs) logger.info({ method, route, path, status, durationMs: Math.round(ms * 10) / 10, keyId, requestId }, 'request');
  };
}

/** The path of a request target, without its query. */
const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/**
 * The status recorded for a request whose client went away before its answer was sent (nginx's "client
 * closed request"): it is logged and counted like any other, never lost.
 */
export const CLIENT_CLOSED_REQUEST = 499;

export function observeRequests(record: RequestRecorder): RequestHandler {
  return (req, res, next) => {
    const arrivedAt = res.locals.arrivedAt ?? performance.now();
    // 'close' comes once for every response: after its last byte was handed to the connection, or when the
    // connection was lost before that
    res.once('close', () => {
      record({
        method: req.method,
        // a router's route is below its mount point (REST v1's router under /api/v1)
        route: req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched',
        path: pathOf(req.originalUrl),
        status: res.writableFinished ? res.statusCode : CLIENT_CLOSED_REQUEST,
        arrivedAt,
        keyId: res.locals.apiKey?.id ?? null,
        requestId: res.locals.requestId,
      });
    });
    next();
  };
}
