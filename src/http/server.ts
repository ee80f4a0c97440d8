// The HTTP server around the app: limits on slow and idle clients, Node's own answers made JSON, and a
// drain on shutdown that lets in-flight requests finish and closes idle keep-alive connections.
import http, { type RequestListener, type Server } from 'node:http';
import { HTTP_LIMITS, type HttpLimits } from '../config/env.js';
import { answerClientErrorsWithJson } from './errors.js';

/**
 * How often Node looks for requests past their headers or request timeout (its default, 30 s, would let
 * a slow client hold its connection up to 30 s beyond the timeout).
 */
const TIMEOUT_CHECK_MS = 1000;

export interface HttpServer {
  server: Server;
  /**
   * The drain of a shutdown. For `graceMs` the server goes on accepting and serving, but every
   * response closes its connection (so clients and load balancers reconnect, and find this process
   * gone once the grace is over); then it stops taking connections, lets in-flight requests finish,
   * closes idle keep-alive connections, and resolves when every connection is gone, or after
   * `deadlineMs` when the rest are cut: resolves with how it ended.
   */
  drain(deadlineMs: number, graceMs?: number): Promise<'drained' | 'deadline'>;
}

/**
 * `limits` (config.http): a request whose line and headers are not in within `headersTimeoutMs`, or that
 * is not wholly in (body included) within `requestTimeoutMs`, gets a JSON 408 and its connection is
 * closed (a slow client cannot hold a connection open); an idle keep-alive connection is closed after
 * `keepAliveTimeoutMs` (Node waits its keepAliveTimeoutBuffer, 1 s, longer than the `Keep-Alive:
 * timeout=` it announces); beyond `maxConnections` open connections a new one is closed at once.
 */
export function createHttpServer(app: RequestListener, limits: HttpLimits = HTTP_LIMITS): HttpServer {
  // Host is checked by the app (a JSON 400) rather than by Node (an empty one).
  const server = http.createServer(
    {
      requireHostHeader: false,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_MS, limits.headersTimeoutMs),
    },
    app,
  );
  server.maxConnections = limits.maxConnections;
  answerClientErrorsWithJson(server);
  let draining = false;
  let closing = false;
  // While draining, every response closes its connection rather than keeping it alive: those under way
  // when the drain starts (if their headers are not out yet) and those that arrive on open connections.
  const active = new Set<http.ServerResponse>();
  server.on('request', (_req, res: http.ServerResponse) => {
    if (draining) res.shouldKeepAlive = false;
    active.add(res);
    res.on('close', () => {
      active.delete(res);
      // a connection whose response was already under way may stay open: closed as soon as it is idle
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
  });
  return {
    server,
    drain: (deadlineMs, graceMs = 0) =>
      new Promise((resolve) => {
        draining = true;
        for (const res of active) if (!res.headersSent) res.shouldKeepAlive = false;
        const close = () => {
          closing = true;
          let ended: 'drained' | 'deadline' = 'drained';
          const timer = setTimeout(() => {
            ended = 'deadline';
            server.closeAllConnections();
          }, deadlineMs);
          timer.unref();
          server.close(() => {
            clearTimeout(timer);
            resolve(ended);
          });
          server.closeIdleConnections();
        };
        // Idle keep-alive connections stay open during the grace: closing one a client is about to reuse
        // would fail that client's request. Each is closed after its next response, or after the grace.
        if (graceMs > 0) setTimeout(close, graceMs);
        else close();
      }),
  };
}
