// The per-request context every resolver receives, built by the same factory for Yoga and REST, and the
// long-lived dependencies of one API process.
import { KeyUsage } from './modules/api-keys/key-usage.js';
import type { Db } from './infra/prisma.js';
import { CauseRankingCache } from './modules/causes/cause-ranking.js';
import type { AuthenticatedKey } from './modules/api-keys/api-keys.service.js';
import { KeyCache } from './modules/api-keys/key-cache.js';
import { VersionProbe, type Versions } from './modules/serving/versions.js';
import type { ConfiguredSource } from './modules/sources/sources-config.js';
import { systemClock } from './time/clock.js';
import type { TextGenerator } from './modules/texts/text-generator.js';
import { defaultTextGenerator } from './modules/texts/default-generator.js';
import type { Desk } from './modules/review/desk.js';
import { WEBHOOK_RETRY_SCHEDULE_S } from './modules/webhooks/webhook-schedule.js';

export interface AppDeps {
  prisma: Db;
  /** the current time; tests hand in a fixed clock */
  clock: () => Date;
  ranking: CauseRankingCache;
  versions: VersionProbe;
  keys: KeyCache;
  /** set on SIGTERM: /readyz turns 503 while in-flight requests finish */
  lifecycle: { draining: boolean };
  /** the sources this process was configured with (SOURCES_CONFIG), in the file's order */
  sources: readonly ConfiguredSource[];
  /** writes the action texts of an editor's preview and of a replacement pick (the configured model, or the built-in generator) */
  generator: TextGenerator;
  /** the editor's desk (review.service.ts), handed in by createApp */
  desk?: Desk;
  /** requests per key and day, counted in memory and flushed in batches (key-usage.ts) */
  usage: KeyUsage;
  /** seconds to wait after each failed webhook attempt (WEBHOOK_RETRY_SCHEDULE), for the operator's mutations */
  webhookRetrySchedule: readonly number[];
}

export function createAppDeps(
  prisma: Db,
  databaseUrl: string,
  clock: () => Date = systemClock,
  sources: readonly ConfiguredSource[] = [],
  generator: TextGenerator = defaultTextGenerator,
): AppDeps {
  const configured = sources.map(({ name, platform, type, licence }) => ({ name, platform, type, licence }));
  return {
    prisma,
    clock,
    ranking: new CauseRankingCache(),
    versions: new VersionProbe(databaseUrl),
    keys: new KeyCache(),
    usage: new KeyUsage(),
    lifecycle: { draining: false },
    sources: configured,
    generator,
    webhookRetrySchedule: WEBHOOK_RETRY_SCHEDULE_S,
  };
}

export interface GraphQLContext {
  prisma: Db;
  ranking: CauseRankingCache;
  now: Date;
  apiKey: AuthenticatedKey | null;
  /** the content version read for this request */
  contentVersion: number;
  /** the configured sources (AppDeps.sources) */
  sources: readonly ConfiguredSource[];
  generator: TextGenerator;
  desk: Desk;
  webhookRetrySchedule: readonly number[];
}

export function createContext(deps: AppDeps, apiKey: AuthenticatedKey | null, versions: Versions): GraphQLContext {
  return {
    prisma: deps.prisma,
    ranking: deps.ranking,
    now: deps.clock(),
    apiKey,
    contentVersion: versions.content,
    sources: deps.sources,
    generator: deps.generator,
    desk: deps.desk!,
    webhookRetrySchedule: deps.webhookRetrySchedule,
  };
}
