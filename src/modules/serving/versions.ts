// The content and key versions every API process checks before it serves from memory. One small read
// per batch of requests: a request waits for a read that started after it arrived (so a refresh, a
// suppression or a revocation is seen by the very next request), but concurrent requests share it, so
// the database sees about one read per read-time, however many requests arrive.
// It uses its own small pg pool rather than the Prisma client: this read runs hundreds of times a
// second under load, and a plain query costs a fraction of the CPU of a Prisma query.
import pg from 'pg';

export interface Versions {
  content: number;
  keys: number;
}

/** Reads start at least this far apart, so under load the probe costs a bounded, small share of CPU. */
const MIN_GAP_MS = 2;
/** While the database is known to be down, one read in the background at most this often. */
export const DOWN_RETRY_MS = 500;

export class VersionProbe {
  private inFlight: Promise<Versions> | undefined;
  private queued: Promise<Versions> | undefined;
  private lastStart = 0;
  private lastKnown: Versions | undefined;
  private failing = false;
  /** performance.now() of the last successful read */
  private confirmedAt = 0;

  private readonly pool: pg.Pool;

  constructor(databaseUrl: string) {
    this.pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 2,
      allowExitOnIdle: true,
      connectionTimeoutMillis: 1000,
      query_timeout: 1000,
    });
    this.pool.on('error', () => {}); // a broken idle connection is replaced on the next read
  }

  close(): Promise<void> {
    return this.pool.end();
  }

  read(): Promise<Versions> {
    // A database known to be down is not waited on (it may hang rather than refuse): the last versions
    // read answer at once, and one read in the background finds out when it is back.
    if (this.failing && this.lastKnown) {
      if (!this.inFlight && Date.now() - this.lastStart >= DOWN_RETRY_MS) this.start().catch(() => undefined);
      return Promise.resolve(this.lastKnown);
    }
    const wait = this.lastStart + MIN_GAP_MS - Date.now();
    if (!this.inFlight && wait <= 0) return this.start();
    // A read is under way (it may have started before this request) or one started a moment ago:
    // this request waits for the next read, which starts after it arrived.
    this.queued ??= (this.inFlight ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => new Promise((resolve) => setTimeout(resolve, Math.max(0, this.lastStart + MIN_GAP_MS - Date.now()))))
      .then(() => this.inFlight ?? this.start());
    return this.queued;
  }

  private start(): Promise<Versions> {
    this.lastStart = Date.now();
    // Requests arriving from now on need a read that starts after them: they queue behind this one.
    this.queued = undefined;
    this.inFlight = this.load().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  /**
   * While the database cannot be reached nothing can change content or keys (every writer writes to
   * it), so the last versions read stay true and the API keeps answering from memory. Only a process
   * that has never read them fails.
   */
  private async load(): Promise<Versions> {
    try {
      this.lastKnown = await this.query();
      this.confirmedAt = performance.now();
      if (this.failing) this.onRecovery?.();
      this.failing = false;
      return this.lastKnown;
    } catch (error) {
      if (!this.failing) this.onFailure?.(error as Error);
      this.failing = true;
      if (this.lastKnown) return this.lastKnown;
      throw error;
    }
  }

  /** true once a read has succeeded: from then on the process can answer from memory */
  get hasRead(): boolean {
    return this.lastKnown !== undefined;
  }

  /** true from a failed read until the next successful one */
  get databaseDown(): boolean {
    return this.failing;
  }

  /** how long the versions have gone without a successful read, while the database is down (else 0) */
  unconfirmedForMs(): number {
    return this.failing ? performance.now() - this.confirmedAt : 0;
  }

  /**
   * A small read for the readiness check on the same short-timeout pool (1 s to connect, 1 s per
   * query), so an unreachable database is reported within about two seconds.
   */
  async probe<Row extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<Row[]> {
    return (await this.pool.query<Row>(sql, params)).rows;
  }

  onFailure: ((error: Error) => void) | undefined;
  onRecovery: (() => void) | undefined;

  private async query(): Promise<Versions> {
    // Unnamed statement: the embedded PGlite serves every connection from one session, where a named
    // statement prepared by two connections would clash.
    const { rows } = await this.pool.query<{ version: number; keysVersion: number }>(
      'SELECT "version", "keysVersion" FROM "ContentState" WHERE "id" = 1',
    );
    return { content: rows[0]?.version ?? 0, keys: rows[0]?.keysVersion ?? 0 };
  }
}
