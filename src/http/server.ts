// The HTTP server around the app: Node's own answers made JSON, and a drain on shutdown that lets
// in-flight requests finish and closes idle keep-alive connections.
import http, { type Server } from 'node:http';
import type { Express } from 'express';
import { answerClientErrorsWithJson } from './errors.js';

export interface HttpServer {
  server: Server;
  /**
   * Stops taking connections, lets in-flight requests finish (their connections close after the
   * response), closes idle keep-alive connections at once, and resolves when every connection is
   * gone, or after `deadlineMs` when the rest are cut: resolves with how it ended.
   */
  drain(deadlineMs: number): Promise<'drained' | 'deadline'>;
}

export function createHttpServer(app: Express): HttpServer {
  // Host is checked by the app (a JSON 400) rather than by Node (an empty one).
  const server = http.createServer({ requireHostHeader: false }, app);
  answerClientErrorsWithJson(server);
  let draining = false;
  // While draining, every response closes its connection rather than keeping it alive: those under way
  // when the drain starts (if their headers are not out yet) and those that arrive on open connections.
  const active = new Set<http.ServerResponse>();
  server.on('request', (_req, res: http.ServerResponse) => {
    if (draining) res.shouldKeepAlive = false;
    active.add(res);
    res.on('close', () => {
      active.delete(res);
      // a connection whose response was already under way may stay open: closed as soon as it is idle
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  });
  return {
    server,
    drain: (deadlineMs) =>
      new Promise((resolve) => {
        draining = true;
        for (const res of active) if (!res.headersSent) res.shouldKeepAlive = false;
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
      }),
  };
}
