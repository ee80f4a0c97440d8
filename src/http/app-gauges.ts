// Gauges of what the app holds in memory, read when /metrics is scraped.
import { Gauge, type Registry } from 'prom-client';
import type { BoundedResponseCache } from '../graphql/response-cache.js';

/** The size of the /graphql response cache, in bytes and results. */
export function registerGraphqlCacheGauges(registry: Registry, cache: Pick<BoundedResponseCache, 'bytes' | 'entries'>): void {
  new Gauge({
    name: 'es_graphql_response_cache_bytes',
    help: 'Bytes held by the /graphql response cache (bounded, see docs/decisions.md "GraphQL")',
    registers: [registry],
    collect() {
      this.set(cache.bytes);
    },
  });
  new Gauge({
    name: 'es_graphql_response_cache_entries',
    help: 'Results held by the /graphql response cache',
    registers: [registry],
    collect() {
      this.set(cache.entries);
    },
  });
}
