// The HTTP server around the app: Node's own answers made JSON, and a drain on shutdown that lets
// in-flight requests finish and closes idle keep-alive connections.
import http, { type RequestListener, type Server } from 'node:http';
import { answerClientErrorsWithJson } from './errors.js';

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

export function createHttpServer(app: RequestListener): HttpServer {
  // Host is checked by the app (a JSON 400) rather than by Node (an empty one).
  const server = http.createServer({ requireHostHeader: false }, app);
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
