// A small SQL read with a short timeout, on the version probe's own pg pool (serving/versions.ts), apart
// from the requests' pool: what /status, /metrics, the webhook loop's look for endpoints and the REST
// controller's question about the day's refresh read through; the catch-up reads its statement through Prisma. The statements are src/sql/'s.
import type { QueryResultRow } from 'pg';
import type { Db } from './prisma.js';

export type SmallRead = <Row extends QueryResultRow>(sql: string, params?: unknown[]) => Promise<Row[]>;

/** Prisma's client (or a transaction) as a SmallRead, for a caller that holds Prisma but not the probe's pool. */
export function readThroughPrisma(db: Pick<Db, '$queryRawUnsafe'>): SmallRead {
  return (sql, params = []) => db.$queryRawUnsafe(sql, ...params);
}
