// A TCP proxy in front of a real server that a test can cut (existing connections dropped, new ones
// refused), slow down (replies held back) or make hang (connections taken, nothing forwarded), and
// restore: how the tests take Redis or Postgres away from an app and give it back.
import net from 'node:net';

export interface TcpProxy {
  port: number;
  cut(): void;
  /** replies from the server reach the client this many ms late (0: at once) */
  delay(ms: number): void;
  /** resolves once a reply is being held back by delay(): a client's query has reached the server */
  replyHeld(): Promise<void>;
  /** nothing is forwarded any more, on open connections or new ones (which are accepted): a hung server */
  hang(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(connectUpstream: () => net.Socket): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let accepting = true;
  let hanging = false;
  let delayMs = 0;
  let onHeld: (() => void)[] = [];
  const server = net.createServer((client) => {
    if (!accepting) return client.destroy();
    if (hanging) {
      sockets.add(client);
      client.on('error', () => client.destroy());
      return;
    }
    const upstream = connectUpstream();
    sockets.add(client).add(upstream);
    client.on('data', (chunk: Buffer) => {
      if (!hanging) upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (hanging) return;
      if (delayMs === 0) client.write(chunk);
      else {
        setTimeout(() => client.writable && client.write(chunk), delayMs);
        for (const resolve of onHeld) resolve();
        onHeld = [];
      }
    });
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) socket.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const cut = () => {
    accepting = false;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    cut,
    delay: (ms) => {
      delayMs = ms;
    },
    replyHeld: () => new Promise((resolve) => onHeld.push(resolve)),
    hang: () => {
      hanging = true;
    },
    restore: () => {
      // connections that lost bytes while hanging are out of step with the server: dropped
      if (hanging) {
        for (const socket of sockets) socket.destroy();
        sockets.clear();
      }
      accepting = true;
      hanging = false;
      delayMs = 0;
    },
    close: () => {
      cut();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A proxy in front of the test database, whether a real Postgres (host and port) or the embedded one
 * (a Unix socket in its data directory), and the database URL that goes through it.
 */
export async function proxyDatabase(databaseUrl: string): Promise<{ proxy: TcpProxy; url: string }> {
  const target = new URL(databaseUrl);
  const host = decodeURIComponent(target.hostname);
  const viaSocket = host.startsWith('/');
  const proxy = await startTcpProxy(() =>
    viaSocket ? net.connect({ path: `${host}/.s.PGSQL.${target.port || 5432}` }) : net.connect(Number(target.port || 5432), host),
  );
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return { proxy, url: url.toString() };
}
