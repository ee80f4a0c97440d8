// The per-request context every resolver receives, built by the same factory for Yoga and REST.
import type { Db } from './infra/prisma.js';
import type { CauseRankingCache } from './modules/causes/cause-ranking.js';
import type { AuthenticatedKey } from './modules/api-keys/api-keys.service.js';

export interface AppDeps {
  prisma: Db;
  ranking: CauseRankingCache;
  /** the current time; tests hand in a fixed clock */
  clock: () => Date;
}

export interface GraphQLContext {
  prisma: Db;
  ranking: CauseRankingCache;
  now: Date;
  apiKey: AuthenticatedKey | null;
}

export function createContext(deps: AppDeps, apiKey: AuthenticatedKey | null): GraphQLContext {
  return { prisma: deps.prisma, ranking: deps.ranking, now: deps.clock(), apiKey };
}
