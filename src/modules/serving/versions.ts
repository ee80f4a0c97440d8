// The content and key versions every API process checks before it serves from memory.
//
// A process hears of a new version through Postgres LISTEN/NOTIFY: every bump of the versions is
// announced on the channel es_versions (content-version.ts), and the listener takes it within
// milliseconds of the commit. Requests then wait for nothing. A read every
// VERSIONS_POLL_MS still confirms the versions (a lost connection, a database that hangs rather than
// refuses), and its failure is what marks the database as down.
//
// Until the listener is connected and has shown that notifications arrive (the embedded database may
// not deliver them), and whenever it loses its connection, each request waits for a read instead, one
// per batch of requests: a read that started after the request arrived (so a change is seen by the very
// next request), shared by concurrent requests, so the database sees about one read per read-time.
// Reads use their own small pg pool rather than the Prisma client: a plain query costs a fraction of the
// CPU of a Prisma query.
import pg from 'pg';
import { readVersions, VERSIONS_CHANNEL } from '../../sql/content-state.js';
import { epochMs } from '../../time/clock.js';

export interface Versions {
  content: number;
  keys: number;
}

/** Reads start at least this far apart, so under load the probe costs a bounded, small share of CPU. */
const MIN_GAP_MS = 2;
/** While the database is known to be down, one read in the background at most this often. */
export const DOWN_RETRY_MS = 500;
/** While the listener hears of changes, the versions are still read this often. */
export const VERSIONS_POLL_MS = 1000;
/** How long the listener waits for its own test notification before it concludes none are delivered. */
const NOTIFY_CHECK_MS = 2000;
/** The listener reconnects after this long, doubling up to RELISTEN_MAX_MS. */
const RELISTEN_MIN_MS = 500;
export const RELISTEN_MAX_MS = 30_000;
/** The listener's application_name, followed by the process id, as pg_stat_activity shows it. */
export const LISTENER_NAME = 'es-versions-listener';

export class VersionProbe {
  private inFlight: Promise<Versions> | undefined;
  private queued: Promise<Versions> | undefined;
  private lastStart = 0;
  private lastKnown: Versions | undefined;
  private failing = false;
  /** monotonic() of the last successful read */
  private confirmedAt = 0;
  /**
   * The clock of how long the versions have gone unconfirmed (the bound on honouring keys in memory):
   * performance.now(), which a test may replace to move past the bound without waiting for it.
   */
  monotonic: () => number = () => performance.now();

  private readonly pool: pg.Pool;
  /** the last versions, as an answer ready to hand out while the listener is trusted */
  private current: Promise<Versions> | undefined;
  private listener: pg.Client | undefined;
  /** true while the listener is connected and notifications have been seen to arrive */
  private listenerReady = false;
  /** a read that started after the listener was ready has succeeded */
  private confirmedSinceListen = false;
  /** counts the times the listener became ready */
  private listenGeneration = 0;
  /** notifications of new versions taken, counted */
  private heard = 0;
  private listenWanted = false;
  private relistenMs = RELISTEN_MIN_MS;
  private relistenTimer: NodeJS.Timeout | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private pollMs = VERSIONS_POLL_MS;
  /** reads of the versions made, for tests and metrics */
  reads = 0;

  constructor(private readonly databaseUrl: string) {
    this.pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 2,
      allowExitOnIdle: true,
      connectionTimeoutMillis: 1000,
      query_timeout: 1000,
    });
    this.pool.on('error', () => {}); // a broken idle connection is replaced on the next read
  }

  async close(): Promise<void> {
    this.listenWanted = false;
    this.dropListener();
    clearTimeout(this.relistenTimer);
    await this.pool.end();
  }

  /** true while changes are heard of through notifications (requests then wait for no read) */
  get listening(): boolean {
    return this.listenerReady && this.confirmedSinceListen;
  }

  /**
   * Hears of changes through LISTEN/NOTIFY from now on, reconnecting when the connection is lost.
   * Resolves once the first attempt is settled: true when notifications arrive, false when they do not
   * (then requests keep waiting for reads, and the listener tries again later).
   */
  listen(options: { pollMs?: number } = {}): Promise<boolean> {
    this.listenWanted = true;
    this.pollMs = options.pollMs ?? VERSIONS_POLL_MS;
    return this.connectListener();
  }

  private async connectListener(): Promise<boolean> {
    clearTimeout(this.relistenTimer);
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      connectionTimeoutMillis: 2000,
      keepAlive: true,
      application_name: `${LISTENER_NAME} ${process.pid}`,
    });
    this.listener = client;
    const lost = () => {
      if (this.listener !== client) return;
      this.dropListener();
      this.scheduleRelisten();
    };
    client.on('error', lost);
    client.on('end', lost);
    const token = `check-${process.pid}-${Math.random().toString(36).slice(2)}`;
    let heard: () => void = () => {};
    const checkArrived = new Promise<void>((resolve) => (heard = resolve));
    client.on('notification', ({ channel, payload }) => {
      if (channel !== VERSIONS_CHANNEL || !payload) return;
      if (payload === token) return heard();
      const [content, keys] = payload.split(',').map(Number);
      if (!Number.isInteger(content) || !Number.isInteger(keys)) return;
      this.heard++;
      this.learn({ content, keys });
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${VERSIONS_CHANNEL}`);
      // Sent from another connection: the listener hears it only if notifications are delivered here.
      await this.pool.query('SELECT pg_notify($1, $2)', [VERSIONS_CHANNEL, token]);
      let timer: NodeJS.Timeout | undefined;
      const arrived = await Promise.race([
        checkArrived.then(() => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(resolve, NOTIFY_CHECK_MS, false))),
      ]);
      clearTimeout(timer);
      if (this.listener !== client) return false;
      if (!arrived) {
        this.dropListener();
        this.scheduleRelisten(RELISTEN_MAX_MS);
        return false;
      }
      this.listenerReady = true;
      this.listenGeneration++;
      this.relistenMs = RELISTEN_MIN_MS;
      this.pollTimer = setInterval(() => {
        if (!this.inFlight) this.start().catch(() => undefined);
      }, this.pollMs);
      this.pollTimer.unref();
      // Listening since before this read: whatever changed before it is in the read, the rest is heard
      // of. If it fails, the next successful read (a request's or the poll's) counts.
      await this.start().catch(() => undefined);
      return this.listening;
    } catch {
      if (this.listener === client) {
        this.dropListener();
        this.scheduleRelisten();
      }
      return false;
    }
  }

  private dropListener(): void {
    this.listenerReady = false;
    this.confirmedSinceListen = false;
    clearInterval(this.pollTimer);
    const client = this.listener;
    this.listener = undefined;
    client?.end().catch(() => undefined);
  }

  private scheduleRelisten(delayMs = this.relistenMs): void {
    if (!this.listenWanted) return;
    clearTimeout(this.relistenTimer);
    this.relistenTimer = setTimeout(() => void this.connectListener(), delayMs);
    this.relistenTimer.unref();
    this.relistenMs = Math.min(RELISTEN_MAX_MS, this.relistenMs * 2);
  }

  /** Takes the newer of what is known and `versions` (notifications arrive in commit order). */
  private learn(versions: Versions): void {
    const known = this.lastKnown;
    this.set(known ? { content: Math.max(known.content, versions.content), keys: Math.max(known.keys, versions.keys) } : versions);
  }

  private set(versions: Versions): void {
    const known = this.lastKnown;
    if (known && known.content === versions.content && known.keys === versions.keys) return;
    this.lastKnown = versions;
    this.current = Promise.resolve(versions);
  }

  /** A read that starts now, whatever the listener knows: after a failure, it tells whether the database is down. */
  check(): Promise<Versions> {
    return this.inFlight ?? this.start();
  }

  /**
   * After an unexpected failure of a request's database work: is the database down? A fresh read of the
   * versions tells (one read shared by every request that asks meanwhile). REST, /graphql and the key check
   * answer such a failure with the database's 503 when it is down, and log it as an error when it is not.
   */
  async failedJustNow(): Promise<boolean> {
    await this.check().catch(() => undefined);
    return this.failing;
  }

  read(): Promise<Versions> {
    // Changes are heard of as they are committed: nothing to wait for.
    if (this.listenerReady && this.confirmedSinceListen && !this.failing && this.current) return this.current;
    // A database known to be down is not waited on (it may hang rather than refuse): the last versions
    // read answer at once, and one read in the background finds out when it is back.
    if (this.failing && this.lastKnown) {
      if (!this.inFlight && epochMs() - this.lastStart >= DOWN_RETRY_MS) this.start().catch(() => undefined);
      return Promise.resolve(this.lastKnown);
    }
    const wait = this.lastStart + MIN_GAP_MS - epochMs();
    if (!this.inFlight && wait <= 0) return this.start();
    // A read is under way (it may have started before this request) or one started a moment ago:
    // this request waits for the next read, which starts after it arrived.
    this.queued ??= (this.inFlight ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => new Promise((resolve) => setTimeout(resolve, Math.max(0, this.lastStart + MIN_GAP_MS - epochMs()))))
      .then(() => this.inFlight ?? this.start());
    return this.queued;
  }

  private start(): Promise<Versions> {
    this.lastStart = epochMs();
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
    const listenedFrom = this.listenerReady ? this.listenGeneration : -1;
    try {
      const heardBefore = this.heard;
      const read = await this.query();
      // A read is the truth (a database restored from a backup may go back), unless a notification
      // brought a newer version while it was under way.
      if (this.heard === heardBefore) this.set(read);
      else this.learn(read);
      this.confirmedAt = this.monotonic();
      if (listenedFrom === this.listenGeneration && this.listenerReady) this.confirmedSinceListen = true;
      if (this.failing) this.onRecovery?.();
      this.failing = false;
      return this.lastKnown!;
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
    return this.failing ? this.monotonic() - this.confirmedAt : 0;
  }

  /**
   * A small read for the readiness check on the same short-timeout pool (1 s to connect, 1 s per
   * query), so an unreachable database is reported within about two seconds.
   */
  async probe<Row extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<Row[]> {
    return (await this.pool.query<Row>(sql, params)).rows;
  }

  onFailure: ((error: Error) => void) | undefined;
  onRecovery: (() => void) | undefined;

  private async query(): Promise<Versions> {
    this.reads++;
    // Unnamed statement: the embedded PGlite serves every connection from one session, where a named
    // statement prepared by two connections would clash.
    const row = await readVersions(this.pool);
    return { content: row?.version ?? 0, keys: row?.keysVersion ?? 0 };
  }
}
