// The per-request context every resolver receives, built by the same factory for Yoga and REST, and the
// long-lived dependencies of one API process.
import type { Db } from './infra/prisma.js';
import { CauseRankingCache } from './modules/causes/cause-ranking.js';
import type { AuthenticatedKey } from './modules/api-keys/api-keys.service.js';
import { KeyCache } from './modules/api-keys/key-cache.js';
import { VersionProbe, type Versions } from './modules/serving/versions.js';
import { systemClock } from './time/clock.js';

export interface AppDeps {
  prisma: Db;
  /** the current time; tests hand in a fixed clock */
  clock: () => Date;
  ranking: CauseRankingCache;
  versions: VersionProbe;
  keys: KeyCache;
  /** set on SIGTERM: /readyz turns 503 while in-flight requests finish */
  lifecycle: { draining: boolean };
}

export function createAppDeps(prisma: Db, databaseUrl: string, clock: () => Date = systemClock): AppDeps {
  return { prisma, clock, ranking: new CauseRankingCache(), versions: new VersionProbe(databaseUrl), keys: new KeyCache(), lifecycle: { draining: false } };
}

export interface GraphQLContext {
  prisma: Db;
  ranking: CauseRankingCache;
  now: Date;
  apiKey: AuthenticatedKey | null;
  /** the content version read for this request */
  contentVersion: number;
}

export function createContext(deps: AppDeps, apiKey: AuthenticatedKey | null, versions: Versions): GraphQLContext {
  return { prisma: deps.prisma, ranking: deps.ranking, now: deps.clock(), apiKey, contentVersion: versions.content };
}
