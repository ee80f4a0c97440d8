// A webhook receiver on the loopback for tests: records every request it gets (path, headers, body) and
// answers each path with the statuses planned for it, in order (then 200); a planned 0 never answers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { vi } from 'vitest';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url(path: string): string;
  received: Received[];
  /** the statuses the next requests to `path` get, in order (0: no answer at all) */
  plan(path: string, statuses: number[]): void;
  /** resolves once `count` requests to `path` have arrived (a bound on a hang: `boundMs`) */
  waitFor(path: string, count: number, boundMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const plans = new Map<string, number[]>();
  const waiters: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      for (const wake of waiters.splice(0)) wake();
      const status = plans.get(path)?.shift() ?? 200;
      if (status === 0) return; // hangs: the sender's timeout (or its death) ends it
      res
        .writeHead(status, status >= 300 && status < 400 ? { location: 'http://127.0.0.1:1/elsewhere' } : {})
        .end(status >= 400 ? 'receiver says no\nsecond line' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const forPath = (path: string) => received.filter((r) => r.path === path);
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    plan: (path, statuses) => plans.set(path, [...statuses]),
    async waitFor(path, count, boundMs = 60_000) {
      const until = Date.now() + boundMs;
      while (forPath(path).length < count) {
        if (Date.now() > until) throw new Error(`the receiver got ${forPath(path).length} of ${count} requests to ${path} within ${boundMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 250);
        });
      }
      return forPath(path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A delivery's body, verified as a receiver verifies it (Standard Webhooks' reference implementation) at
 * the instant the attempt was made: the receiver's clock is the sender's (pinned, or shifted by
 * libfaketime), not this machine's; the signature's timestamp is checked against "now" within five minutes.
 */
export function verifiedDelivery(secret: string, request: { headers: Record<string, unknown>; body: string }) {
  const clock = vi.spyOn(Date, 'now').mockReturnValue(Number(request.headers['webhook-timestamp']) * 1000);
  try {
    return new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as { type: string; timestamp: string; data: unknown };
  } finally {
    clock.mockRestore();
  }
}
