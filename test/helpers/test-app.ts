// Builds the real app in-process against the test database (and the real Redis when asked), with a
// fixed clock, listening on a free port.
import type { Sandbox } from '../../src/modules/sandbox/sandbox.js';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';

import { pino, type Logger } from 'pino';
import type { Redis } from 'ioredis';
import { createApp } from '../../src/app.js';
import { createPrismaClient, type Db } from '../../src/infra/prisma.js';
import { createRedisClient } from '../../src/infra/redis.js';
import { createKeyRateLimiter, type KeyRateLimiter } from '../../src/http/rate-limit.js';
import { createHttpServer } from '../../src/http/server.js';
import { createAppDeps, type AppDeps } from '../../src/context.js';
import { bumpContentVersion as bumpServedVersion } from '../../src/modules/serving/content-version.js';
import { createApiKeys, type Tier } from '../../src/modules/api-keys/api-keys.service.js';
import type { ConfiguredSource } from '../../src/modules/sources/sources-config.js';
import { testDatabaseUrl, testRedisPrefix, testRedisUrl } from './workers.js';

export const silentLogger = pino({ level: 'silent' });

export function testPrisma(): Db {
  return createPrismaClient(testDatabaseUrl(), { maxConnections: 4 });
}

/** Empties every table of the service; migrations stay. */
export async function resetDatabase(prisma: Db): Promise<void> {
  await prisma.$executeRawUnsafe(
    'TRUNCATE "DailyActionSnapshot", "DailyPick", "CauseAction", "CauseText", "CauseRemoval", "ReviewEvent", "Cause", "Source", "ApiKey", "JobRun", "JobClaim" CASCADE',
  );
  await prisma.contentState.upsert({ where: { id: 1 }, create: { id: 1, version: 0 }, update: { version: 0 } });
}

export interface TestApp {
  baseUrl: string;
  prisma: Db;
  close(): Promise<void>;
}

export async function startTestApp(options: {
  prisma: Db;
  now: Date;
  redis?: Redis;
  /** where the limit's keys go, within this worker's Redis prefix (default: a prefix of this app's own) */
  rateLimitPrefix?: string;
  /** where the version reads go (default: the test database) */
  versionsUrl?: string;
  /** introspection and suggestions on /graphql (default: off, as in production) */
  graphql?: { introspection: boolean; suggestions: boolean };
  onLimiter?: (limiter: KeyRateLimiter) => void;
  /**
   * Test only: a per-key limiter in place of the production one (e.g. `unlimited`, to send many requests
   * with one key quickly); the production limiter is what every other test gets.
   */
  limiter?: KeyRateLimiter;
  /** where the app logs (default: nowhere) */
  logger?: Logger;
  onDeps?: (deps: AppDeps) => void;
  /**
   * Hear of changes through LISTEN/NOTIFY, as the server does (started before the app answers). Without
   * it, every request waits for a read of the versions, so a test's change is seen by its next request.
   */
  listen?: { pollMs?: number };
  trustProxyHops?: number;
  /** 0: REST asks on every 503 whether the day's pick is still to come, instead of once a second */
  pickPendingMemoMs?: number;
  metricsToken?: string;
  /** the operator's contact for /docs (SUPPORT_EMAIL, SUPPORT_URL) */
  support?: { email?: string; url?: string };
  /** the configured sources, as GET /api/v1/sources lists them (default: none) */
  sources?: readonly ConfiguredSource[];
  /** where test keys are answered from (default: none, and a test key gets 503) */
  sandbox?: () => Promise<Sandbox>;
}): Promise<TestApp> {
  const limiter = options.limiter ?? createKeyRateLimiter(options.redis, `${testRedisPrefix()}${options.rateLimitPrefix ?? `test:rl:${randomUUID()}`}`);
  options.onLimiter?.(limiter);
  const deps = createAppDeps(options.prisma, options.versionsUrl ?? testDatabaseUrl(), () => options.now, options.sources);
  options.onDeps?.(deps);
  if (options.listen) await deps.versions.listen({ pollMs: options.listen.pollMs });
  const app = createApp({
    deps,
    limiter,
    logger: options.logger ?? silentLogger,
    graphql: options.graphql,
    trustProxyHops: options.trustProxyHops,
    pickPendingMemoMs: options.pickPendingMemoMs,
    redis: options.redis,
    metricsToken: options.metricsToken,
    support: options.support,
    sandbox: options.sandbox,
  });
  const { server } = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    prisma: options.prisma,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      limiter.close();
      await deps.versions.close();
    },
  };
}

/**
 * The production limiter on a clock the test moves (ms) instead of the instants requests arrive, so that a
 * test waits for a key's next second by moving the clock, not by sleeping. Without `redis` the in-memory
 * rule; with it, the shared rule in that Redis under `prefix` (within this worker's), on the same clock in
 * place of Redis's TIME. `peer(client)` is a second process on the same clock and budget.
 */
export function limiterOnTestClock(redis?: Redis, { prefix = `test:rl:${randomUUID()}`, redisTimeoutMs }: { prefix?: string; redisTimeoutMs?: number } = {}) {
  let nowMs = 0;
  const read = () => nowMs;
  const make = (client?: Redis): KeyRateLimiter => {
    const inner = createKeyRateLimiter(client, `${testRedisPrefix()}${prefix}`, undefined, read, client ? read : undefined, redisTimeoutMs);
    return {
      allow: (key) => inner.allow(key, nowMs),
      get mode() {
        return inner.mode;
      },
      close: () => inner.close(),
    };
  };
  return {
    limiter: make(redis),
    /** another process's limiter on the same clock and budget, over its own connection */
    peer: (client: Redis) => make(client),
    advance: (ms: number) => void (nowMs += ms),
  };
}

/** Test only: lets every request through, so that one key can send many in a test. */
export const unlimited: KeyRateLimiter = { allow: async () => true, mode: 'memory', close: () => {} };

export function testRedis(): Redis {
  const url = testRedisUrl();
  if (!url) throw new Error('REDIS_URL is not set');
  return createRedisClient(url, silentLogger);
}

export async function issueKey(prisma: Db, tier: Tier, now: Date, extra: { expiresAt?: Date } = {}): Promise<string> {
  const [created] = await createApiKeys(prisma, { label: `test ${tier}`, tier, ...extra }, now);
  return created.key;
}

export async function getJson(baseUrl: string, path: string, key?: string) {
  const response = await fetch(`${baseUrl}${path}`, { headers: key === undefined ? {} : { 'x-api-key': key } });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, headers: response.headers, body: body as any };
}

/** Tests that change content behind the services' back announce it, as every service does. */
export async function bumpContentVersion(prisma: Db): Promise<void> {
  await bumpServedVersion(prisma);
}
