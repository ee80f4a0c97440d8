// Errors that mean the database is not the one this version of the service was built for: a table or a
// column it needs is missing (a migration not applied, a table renamed or dropped by hand). They are
// not the client's fault and not a bug of the request: the answer is a 503 with Retry-After, like an
// unreachable database, and /status says what is missing.

/** SQLSTATEs of an object the query names that does not exist (class 42) or of a missing schema (3F000). */
const SCHEMA_SQLSTATES = new Set(['42P01', '42703', '42883', '42704', '3F000']);
/** Prisma's own codes for the same: the table, the column does not exist. */
const SCHEMA_PRISMA_CODES = new Set(['P2021', 'P2022']);

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; originalMessage?: unknown } } };
  originalError?: unknown;
  cause?: unknown;
}

/**
 * What is missing, when the error (or one it wraps: a GraphQL error's originalError, an error's cause,
 * Prisma's driver adapter error, a pg error) says the database lacks a table, column or function the
 * query needs; else null.
 */
export function schemaFaultOf(error: unknown, depth = 0): string | null {
  if (!error || typeof error !== 'object' || depth > 4) return null;
  const e = error as ErrorLike;
  const adapter = e.meta?.driverAdapterError?.cause;
  if (adapter && typeof adapter.originalCode === 'string' && SCHEMA_SQLSTATES.has(adapter.originalCode)) {
    return typeof adapter.originalMessage === 'string' ? adapter.originalMessage : `SQLSTATE ${adapter.originalCode}`;
  }
  if (typeof e.code === 'string' && (SCHEMA_SQLSTATES.has(e.code) || SCHEMA_PRISMA_CODES.has(e.code))) {
    return typeof e.message === 'string' ? (e.message.trim().split('\n').pop() ?? e.code) : e.code;
  }
  return schemaFaultOf(e.originalError, depth + 1) ?? schemaFaultOf(e.cause, depth + 1);
}

/**
 * Whether an execution failed because a table or column this version needs is missing: then its answer is
 * the 503 of a database that cannot serve it (REST and /graphql alike), and `report` counts and logs what
 * is missing (createSchemaFaultReporter), never a masked 500.
 */
function failedForSchema(errors: readonly unknown[], report: (fault: string) => void): boolean {
  const fault = errors.map((error) => schemaFaultOf(error)).find((found) => found !== null);
  if (!fault) return false;
  report(fault);
  return true;
}

export type DatabaseFaultCheck = (errors: readonly unknown[]) => Promise<boolean>;

/**
 * Whether a request's failure is the database's, answered with its 503 by REST, the key check and /graphql
 * alike: the database is known to be down; a table or column this version needs is missing (counted and
 * logged by `report`); or a fresh read of the versions finds it down now (`failedJustNow`, logged once per
 * outage by the version probe). Anything else is a fault of this service: a 500, logged with its cause.
 */
export function databaseFaultCheck(
  versions: { readonly databaseDown: boolean; failedJustNow(): Promise<boolean> },
  report: (fault: string) => void,
): DatabaseFaultCheck {
  return async (errors) => versions.databaseDown || failedForSchema(errors, report) || versions.failedJustNow();
}

/** Repeats of one fault are logged at most this often (each is counted). */
export const SCHEMA_FAULT_LOG_EVERY_MS = 10_000;

/**
 * Notes a request that failed on a schema fault: counted each time, logged with its cause at once and
 * then at most every SCHEMA_FAULT_LOG_EVERY_MS with the number of requests since.
 */
export function createSchemaFaultReporter(
  log: { error(details: object, message: string): void },
  count: () => void,
  nowMs: () => number,
): (fault: string) => void {
  let loggedAt = Number.NEGATIVE_INFINITY;
  let since = 0;
  return (fault) => {
    count();
    since++;
    const now = nowMs();
    if (now - loggedAt < SCHEMA_FAULT_LOG_EVERY_MS) return;
    log.error({ fault, requests: since }, 'the database lacks what this version needs (answered 503): apply the migrations (npm run db:migrate)');
    loggedAt = now;
    since = 0;
  };
}
