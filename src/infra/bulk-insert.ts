// Bulk inserts (and updates by id) as one `INSERT … SELECT FROM unnest(arrays)` statement per batch. Prisma's createMany
// builds a query plan holding every value, which took ~300 MB of heap for 10,000 causes; one array per
// column keeps the refresh's memory flat.
import type { Db } from './prisma.js';

type Executor = Pick<Db, '$executeRawUnsafe'>;

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
  const assignments = columns.filter((c) => c.name !== 'id').map((c) => `"${c.name}" = u."${c.name}"`).join(', ');
  const sql = `UPDATE "${table}" AS t SET ${assignments} FROM unnest(${arrays}) AS u(${names}) WHERE t."id" = u."id"`;
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    await db.$executeRawUnsafe(sql, ...columns.map((column) => batch.map((row) => column.value(row) ?? null)));
  }
}
