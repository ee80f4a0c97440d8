// A small SQL read with a short timeout, on the version probe's own pg pool (serving/versions.ts), apart
// from the requests' pool: what /status, /metrics, the webhook loop's look for endpoints and the REST
// controller's question about the day's refresh read through. The statements are src/sql/'s.
import type { QueryResultRow } from 'pg';

export type SmallRead = <Row extends QueryResultRow>(sql: string, params?: unknown[]) => Promise<Row[]>;
