// One observation per answered request: a JSON log line (method, route pattern, status, duration, key id
// — never the key — and request id) and the request metrics.
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Metrics } from '../infra/metrics.js';

export function observeRequests(logger: Logger, metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // The pattern, not the path, so that slugs do not multiply the series; unmatched paths share one.
      const route = req.route?.path ? String(req.route.path) : (res.locals.route ?? 'unmatched');
      const status = res.statusCode;
      metrics.httpRequests.inc({ method: req.method, route, status: String(status) });
      metrics.httpDuration.observe({ method: req.method, route }, seconds);
      if (status === 429) metrics.rateLimited.inc({ route });
      logger.info(
        { method: req.method, route, path: req.path, status, durationMs: Math.round(seconds * 10_000) / 10, keyId: res.locals.apiKey?.id ?? null, requestId: res.locals.requestId },
        'request',
      );
    });
    next();
  };
}
