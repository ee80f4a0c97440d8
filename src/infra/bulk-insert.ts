// Bulk inserts (and updates by id) as one `INSERT … SELECT FROM unnest(arrays)` statement per batch. Prisma's createMany
// builds a query plan holding every value, which took ~300 MB of heap for 10,000 causes; one array per
// column keeps the refresh's memory flat.
import type pg from 'pg';

/** Prisma (a client or a transaction) or a pg connection (`overPg`) */
export interface Executor {
  $executeRawUnsafe(query: string, ...values: unknown[]): PromiseLike<number>;
}

/** A pg connection as an executor of the bulk statements (see bulkPool in prisma.ts). */
export function overPg(client: Pick<pg.ClientBase, 'query'>): Executor {
  return { $executeRawUnsafe: async (query, ...values) => (await client.query(query, values)).rowCount ?? 0 };
}

/** Runs `work` in a transaction on a connection of the pool: committed when it resolves, else rolled back. */
export async function inPgTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export interface Column<Row> {
  name: string;
  /** the Postgres array type of the column's values, e.g. 'text[]' or '"Category"[]' */
  arrayType: string;
  value: (row: Row) => unknown;
}

export async function bulkInsert<Row>(db: Executor, table: string, columns: Column<Row>[], rows: Row[], batchSize = 1000): Promise<void> {
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  const arrays = columns.map((c, i) => `$${i + 1}::${c.arrayType}`).join(', ');
  const sql = `INSERT INTO "${table}" (${names}) SELECT * FROM unnest(${arrays})`;
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    await db.$executeRawUnsafe(sql, ...columns.map((column) => batch.map((row) => column.value(row) ?? null)));
  }
}

/**
 * Updates rows by their "id" (the column named id among `columns`) with one `UPDATE … FROM unnest(arrays)`
 * statement per batch: each row's other columns take its values.
 */
export async function bulkUpdate<Row>(db: Executor, table: string, columns: Column<Row>[], rows: Row[], batchSize = 1000): Promise<void> {
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  const arrays = columns.map((c, i) => `$${i + 1}::${c.arrayType}`).join(', ');
  const assignments = columns
    .filter((c) => c.name !== 'id')
    .map((c) => `"${c.name}" = u."${c.name}"`)
    .join(', ');
  const sql = `UPDATE "${table}" AS t SET ${assignments} FROM unnest(${arrays}) AS u(${names}) WHERE t."id" = u."id"`;
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    await db.$executeRawUnsafe(sql, ...columns.map((column) => batch.map((row) => column.value(row) ?? null)));
  }
}
