// The health of each source as integrators and dashboards read it (GET /api/v1/sources, GraphQL
// `sources`): the configured sources in the configuration's order, then any other source whose causes
// are still served, each with its last fetch and the freshness of its causes. One query for them all.
import type { Db } from '../../infra/prisma.js';
import type { ConfiguredSource } from '../sources/sources-config.js';
import { countsOf, type StoredCounts } from './refresh-summary.js';
import { LISTED_WHERE } from '../review/review-state.js';

export const SOURCE_STATES = ['ok', 'incomplete', 'failed', 'never_fetched'] as const;
export type SourceState = (typeof SOURCE_STATES)[number];

export type FetchCounts = ReturnType<typeof countsOf>;

export interface SourceHealthView {
  name: string;
  platform: string;
  type: string;
  licence: string | null;
  configured: boolean;
  status: SourceState;
  reason: string | null;
  lastAttemptAt: string | null;
  lastSuccessAt: string | null;
  activeCauses: number;
  lastFetchCounts: FetchCounts | null;
}

interface SourceRow {
  name: string;
  platform: string;
  type: string;
  lastFetchAt: Date | null;
  lastOutcome: string | null;
  lastError: string | null;
  lastCounts: unknown;
  lastSuccessAt: Date | null;
  activeCauses: number;
}

/**
 * A fetch's error or warning as any key holder may read it: an address only by its origin (a URL's path
 * and query may carry a token, its user info a password), a file only by its name (no server paths).
 */
export function publicReason(text: string): string {
  return text
    .replace(/https?:\/\/[^\s'"<>]+/gi, (found) => {
      const [, url, trailing] = /^(.*?)([.,:;)\]]*)$/.exec(found)!;
      try {
        return new URL(url).origin + trailing;
      } catch {
        return `(an address)${trailing}`;
      }
    })
    .replace(/(?<![\w.:/])\/(?:[^\s'"/]+\/)+(?=[^\s'"/])/g, '');
}

/** One source's view from its configuration (if configured) and its row (if it was ever imported). */
export function sourceHealthView(config: ConfiguredSource | undefined, row: SourceRow | undefined): SourceHealthView {
  const fetched = Boolean(row?.lastFetchAt && row.lastOutcome);
  const status: SourceState = fetched ? (row!.lastOutcome as SourceState) : 'never_fetched';
  const stored = (row?.lastCounts ?? {}) as StoredCounts;
  let reason: string | null = null;
  if (status === 'failed') reason = publicReason(row!.lastError ?? 'unknown error');
  else if (status === 'incomplete') reason = stored.warnings?.length ? publicReason(stored.warnings.join('; ')) : null;
  return {
    // a row's name and platform are what its causes show as source_name and original_platform
    name: row?.name ?? config!.name,
    platform: row?.platform ?? config!.platform,
    type: config?.type ?? row!.type,
    licence: config?.licence ?? null,
    configured: config !== undefined,
    status,
    reason,
    lastAttemptAt: fetched ? row!.lastFetchAt!.toISOString() : null,
    lastSuccessAt: row?.lastSuccessAt?.toISOString() ?? null,
    activeCauses: row?.activeCauses ?? 0,
    lastFetchCounts: status === 'ok' || status === 'incomplete' ? countsOf(stored) : null,
  };
}

export async function listSourceHealth(prisma: Db, configured: readonly ConfiguredSource[]): Promise<SourceHealthView[]> {
  const found = await prisma.source.findMany({
    select: {
      name: true,
      platform: true,
      type: true,
      lastFetchAt: true,
      lastOutcome: true,
      lastError: true,
      lastCounts: true,
      lastSuccessAt: true,
      _count: { select: { causes: { where: LISTED_WHERE } } },
    },
    orderBy: { name: 'asc' },
  });
  const rows = new Map(found.map(({ _count, ...row }) => [row.name, { ...row, activeCauses: _count.causes }]));
  const names = new Set(configured.map((source) => source.name));
  return [
    ...configured.map((config) => sourceHealthView(config, rows.get(config.name))),
    // a source no longer configured whose causes are still served: its attribution must be findable
    ...[...rows.values()].filter((row) => !names.has(row.name) && row.activeCauses > 0).map((row) => sourceHealthView(undefined, row)),
  ];
}
