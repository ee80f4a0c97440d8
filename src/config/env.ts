// The service's configuration: the one place that reads process.env, validated once at start.
import path from 'node:path';
import { z } from 'zod';
import { PROJECT_ROOT } from '../infra/project-root.js';
import { CLAIM_LEASE_MS } from '../modules/refresh/job-claim.js';
import { parseRetrySchedule, WEBHOOK_RETRY_SCHEDULE_S } from '../modules/webhooks/webhook-schedule.js';

const optionalUrl = (protocols: string[], name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || protocols.some((p) => value.startsWith(`${p}://`)), {
      message: `${name} must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

/** "true" or "false"; unset leaves the default. */
const flag = (name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || value === 'true' || value === 'false', { message: `${name} must be true or false` })
    .transform((value) => (value === undefined ? undefined : value === 'true'));

/**
 * The refresh process's default old-generation heap limit (REFRESH_HEAP_MB). The refresh holds one source's items
 * at a time; V8 lets garbage pile up to about 210 MB of heap before it collects when allowed to, so a
 * limit below that makes it collect sooner: at 100,000 causes in sources of 10,000 items of 2 KB (a
 * 23 MB file each), peak RSS 420 MB with 512, 382 MB with 192, for about 1 s more CPU. 150,000 causes
 * in 15 such sources refresh within it (383 MB); 160 did not. A larger catalogue or larger sources
 * (a raised `maxBytes`) need a higher limit.
 */
export const REFRESH_HEAP_MB = 192;

/**
 * The HTTP server's limits on clients (HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS,
 * HTTP_KEEP_ALIVE_TIMEOUT_MS, HTTP_MAX_CONNECTIONS): a request line and headers must arrive within 12 s
 * and a whole request (body included) within 30 s, else 408; an idle keep-alive connection is closed
 * after 5 s (above the 4 s after which deploy/nginx closes its idle upstream connections, so nginx never
 * reuses one the service is closing); past 1024 open connections new ones are closed at once.
 */
export const HTTP_LIMITS = { headersTimeoutMs: 12_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000, maxConnections: 1024 } as const;
export type HttpLimits = { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number; maxConnections: number };

/** What the keys the service writes to Redis start with (REDIS_KEY_PREFIX): the per-key limit's are `esapi:rl:<key id>`. */
export const REDIS_KEY_PREFIX = 'esapi:';

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql'], 'DATABASE_URL'),
  REDIS_URL: optionalUrl(['redis', 'rediss'], 'REDIS_URL'),
  SANDBOX_DATABASE_URL: optionalUrl(['postgres', 'postgresql'], 'SANDBOX_DATABASE_URL'),
  /** what every key the service writes to Redis starts with (processes that share limits share it) */
  REDIS_KEY_PREFIX: z
    .string()
    .optional()
    .transform((value) => (value ? value : REDIS_KEY_PREFIX))
    .refine((value) => /^[\x21-\x7e]{1,100}$/.test(value), { message: 'REDIS_KEY_PREFIX must be 1 to 100 printable ASCII characters without spaces' }),
  /** a sources file, or "demo" for the bundled demo catalogue; unset: see resolveSources */
  SOURCES_CONFIG: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined)),
  LLM_BASE_URL: optionalUrl(['http', 'https'], 'LLM_BASE_URL'),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  LLM_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  LLM_MAX_CALLS_PER_REFRESH: z.coerce.number().int().min(0).max(10_000_000).default(2_000),
  REFRESH_HEAP_MB: z.coerce.number().int().min(64).max(16_384).default(REFRESH_HEAP_MB),
  REFRESH_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(CLAIM_LEASE_MS),
  NODE_ENV: z.string().optional(),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(HTTP_LIMITS.headersTimeoutMs),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(HTTP_LIMITS.requestTimeoutMs),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(HTTP_LIMITS.keepAliveTimeoutMs),
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(HTTP_LIMITS.maxConnections),
  SUPPORT_EMAIL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || z.email().safeParse(value).success, { message: 'SUPPORT_EMAIL must be an e-mail address' }),
  SUPPORT_URL: optionalUrl(['http', 'https'], 'SUPPORT_URL'),
  GRAPHQL_INTROSPECTION: flag('GRAPHQL_INTROSPECTION'),
  GRAPHQL_SUGGESTIONS: flag('GRAPHQL_SUGGESTIONS'),
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || value.length >= 16, { message: 'METRICS_TOKEN must be at least 16 characters' }),
  /** seconds to wait after each failed webhook attempt, comma-separated */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? parseRetrySchedule(value) : [...WEBHOOK_RETRY_SCHEDULE_S]))
    .refine((value) => value !== null, { message: 'WEBHOOK_RETRY_SCHEDULE must be whole seconds (1 to 604800) separated by commas, for example 5,300,1800' })
    .transform((value) => value!),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
}).refine((e) => e.HTTP_HEADERS_TIMEOUT_MS <= e.HTTP_REQUEST_TIMEOUT_MS, {
  message: 'HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)',
  path: ['HTTP_HEADERS_TIMEOUT_MS'],
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /**
   * The sandbox's database, where test keys are answered from (SANDBOX_DATABASE_URL); unset: beside
   * DATABASE_URL's database ("<name>_sandbox", created when missing), or embedded in DATA_DIR/sandbox
   */
  sandboxDatabaseUrl: string | undefined;
  /** what every key written to Redis starts with (REDIS_KEY_PREFIX; default `esapi:`) */
  redisKeyPrefix: string;
  /**
   * Where the sources come from: a file, the bundled demo catalogue, or none. The demo is the default
   * only on the embedded database outside production; with DATABASE_URL or NODE_ENV=production it must
   * be asked for (SOURCES_CONFIG=demo), so made-up causes never reach a real database by accident.
   */
  sources: SourcesSetting;
  /**
   * After SIGTERM, /readyz answers 503 at once but the listener keeps accepting and serving for this
   * long, so that a load balancer's health check notices before connections are refused.
   */
  shutdownGraceMs: number;
  /** where integrators ask for keys and support, shown in /docs: SUPPORT_EMAIL and/or SUPPORT_URL */
  support: { email?: string; url?: string };
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  /**
   * How many reverse proxies stand in front of the service: the client address (for the limit on
   * invalid keys) is taken this many hops back in X-Forwarded-For; 0 (default) uses the peer address.
   */
  trustProxyHops: number;
  /** timeouts and the connection limit of the HTTP server (HTTP_LIMITS) */
  http: HttpLimits;
  /** NODE_ENV=production: the defaults below are the safe ones */
  production: boolean;
  /** /graphql answers introspection queries and "Did you mean …" hints: on by default only outside production */
  graphql: { introspection: boolean; suggestions: boolean };
  /** /metrics is served only when set, to requests with `Authorization: Bearer <token>` */
  metricsToken: string | undefined;
  /** heap limit of the refresh worker thread, in MB */
  refreshHeapMb: number;
  /**
   * How long a refresh's claim of its day outlives the last renewal (a third of it apart): when its
   * process dies, another run takes the day over after at most this long. REFRESH_LEASE_MS, 60 s.
   */
  refreshLeaseMs: number;
  /** seconds to wait after each failed webhook attempt (WEBHOOK_RETRY_SCHEDULE; default WEBHOOK_RETRY_SCHEDULE_S) */
  webhookRetrySchedule: number[];
  /** set when LLM_BASE_URL is: texts are written by an OpenAI-compatible chat-completions endpoint */
  llm:
    | { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number; concurrency: number; maxCallsPerRefresh: number }
    | undefined;
};

export type SourcesSetting =
  | { kind: 'file'; file: string }
  /** the bundled demo catalogue: `explicit` when SOURCES_CONFIG=demo, else the embedded default */
  | { kind: 'demo'; file: string; explicit: boolean }
  | { kind: 'none'; reason: string };

/** The bundled demo catalogue's sources file. */
export const DEMO_SOURCES_FILE = path.join(PROJECT_ROOT, 'config', 'demo', 'sources.json');

function resolveSources(value: string | undefined, databaseUrl: string | undefined, production: boolean): SourcesSetting {
  if (value === 'demo') return { kind: 'demo', file: DEMO_SOURCES_FILE, explicit: true };
  if (value) return { kind: 'file', file: path.resolve(value) };
  if (!databaseUrl && !production) return { kind: 'demo', file: DEMO_SOURCES_FILE, explicit: false };
  const why = databaseUrl ? 'DATABASE_URL is set' : 'NODE_ENV=production';
  return {
    kind: 'none',
    reason: `no sources configured (SOURCES_CONFIG is not set and ${why}, so the demo catalogue is not loaded): set SOURCES_CONFIG to a sources file, or to "demo" for the made-up demo causes`,
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment; throws a ConfigError that lists every problem at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    sandboxDatabaseUrl: e.SANDBOX_DATABASE_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    sources: resolveSources(e.SOURCES_CONFIG, e.DATABASE_URL, e.NODE_ENV === 'production'),
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    support: { ...(e.SUPPORT_EMAIL ? { email: e.SUPPORT_EMAIL } : {}), ...(e.SUPPORT_URL ? { url: e.SUPPORT_URL } : {}) },
    logLevel: e.LOG_LEVEL,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: e.HTTP_MAX_CONNECTIONS,
    },
    production: e.NODE_ENV === 'production',
    graphql: {
      introspection: e.GRAPHQL_INTROSPECTION ?? e.NODE_ENV !== 'production',
      suggestions: e.GRAPHQL_SUGGESTIONS ?? e.NODE_ENV !== 'production',
    },
    metricsToken: e.METRICS_TOKEN,
    refreshHeapMb: e.REFRESH_HEAP_MB,
    refreshLeaseMs: e.REFRESH_LEASE_MS,
    webhookRetrySchedule: e.WEBHOOK_RETRY_SCHEDULE,
    llm: e.LLM_BASE_URL
      ? {
          baseUrl: e.LLM_BASE_URL,
          apiKey: e.LLM_API_KEY || undefined,
          model: e.LLM_MODEL,
          timeoutMs: e.LLM_TIMEOUT_MS,
          concurrency: e.LLM_CONCURRENCY,
          maxCallsPerRefresh: e.LLM_MAX_CALLS_PER_REFRESH,
        }
      : undefined,
  };
}

/**
 * A credential named in the sources configuration (for example the variable holding a platform's
 * password). Read here so that this module stays the only reader of the environment.
 */
export function readSecret(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env[name];
  return value ? value : undefined;
}
