// The API keys in memory, per key version (each found by the hash of the key or of its feed token). Creating, rotating or revoking a key bumps the version, so a
// revocation takes effect in every process as soon as it hears of the new version (serving/versions.ts);
// expiry is checked against the clock on every request.
//
// The whole table of active keys (their hashes, ids, tiers and expiries) is read once per key version:
// every key is then answered from memory, so a flood of made-up keys — with a valid checksum or in the
// old format without one — never reaches the database, and a valid key is known without a query (which
// lets it past the per-address limit on bad keys, see http/auth.ts). Only a table larger than
// MAX_TABLE_ROWS is not held whole: then each key is looked up once and its answer remembered.
// Keys revoked within REVOKED_KEPT_MS are held too (refused like any revoked key), so that one still
// presented is known as revoked rather than taken for a made-up key (http/auth.ts).
import type { Db } from '../../infra/prisma.js';
import type { AuthenticatedKey, Tier } from './api-keys.service.js';

interface KeyRecord {
  id: string;
  tier: Tier;
  test: boolean;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/**
 * Active keys held whole at most (a key took about 200 bytes: 20 MB; its feed token adds a second map
 * entry and hash string to the same record, an estimate of another 150 bytes, not measured).
 */
export const MAX_TABLE_ROWS = 100_000;
/** How long a revoked key stays in the table, known as revoked: 90 days. */
export const REVOKED_KEPT_MS = 90 * 24 * 60 * 60 * 1000;
/** Answers remembered per version when the table is too large to hold whole. */
const MAX_LOOKUPS = 100_000;

/** The answer needs the database, which is known to be down. */
export class DatabaseUnavailableError extends Error {
  constructor() {
    super('database unavailable');
  }
}

const answer = (record: KeyRecord | null | undefined, now: Date): AuthenticatedKey | null =>
  !record || record.revokedAt || (record.expiresAt && record.expiresAt <= now)
    ? null
    : record.test
      ? { id: record.id, tier: record.tier, test: true }
      : { id: record.id, tier: record.tier };

export class KeyCache {
  private version = -1;
  /** every active key of `version` by hash, or null when the table is too large (then `lookups`) */
  private table: Map<string, KeyRecord> | null = null;
  private loading: { version: number; promise: Promise<void> } | null = null;
  private lookups = new Map<string, KeyRecord | null>();
  /** database queries made, for tests and metrics */
  queries = 0;

  /**
   * `databaseDown`: nothing is read (it would fail or hang); what is not in memory for this version is
   * answered with a DatabaseUnavailableError. `lookUpUnknown` false: a key that would need a query of
   * its own (only when the table is too large to hold whole) is answered null instead — the table of a
   * new version is still read, once.
   */
  async authenticate(
    prisma: Db,
    keyHash: string,
    keysVersion: number,
    now: Date,
    databaseDown = false,
    lookUpUnknown = true,
  ): Promise<AuthenticatedKey | null> {
    if (keysVersion !== this.version) {
      if (databaseDown) throw new DatabaseUnavailableError();
      await this.load(prisma, keysVersion, now);
    }
    if (this.table) {
      const record = this.table.get(keyHash);
      // not in the last table read, which may predate the key: only the database can say
      if (!record && databaseDown) throw new DatabaseUnavailableError();
      return answer(record, now);
    }
    let record = this.lookups.get(keyHash);
    if (record === undefined) {
      if (databaseDown) throw new DatabaseUnavailableError();
      if (!lookUpUnknown) return null;
      this.queries++;
      record = await prisma.apiKey.findFirst({
        where: { OR: [{ keyHash }, { feedTokenHash: keyHash }] },
        select: { id: true, tier: true, test: true, expiresAt: true, revokedAt: true },
      });
      if (this.lookups.size >= MAX_LOOKUPS) this.lookups.clear();
      if (keysVersion === this.version) this.lookups.set(keyHash, record);
    }
    return answer(record, now);
  }

  /**
   * Whether the key of `keyHash` is known, from memory only, as revoked (within REVOKED_KEPT_MS) or
   * expired: asked after `authenticate` refused it, which read what there was to read.
   */
  knownInactive(keyHash: string, now: Date): boolean {
    const record = this.table ? this.table.get(keyHash) : this.lookups.get(keyHash);
    return !!record && answer(record, now) === null;
  }

  private async load(prisma: Db, keysVersion: number, now: Date): Promise<void> {
    if (this.loading?.version !== keysVersion) {
      const promise = (async () => {
        this.queries++;
        const rows = await prisma.apiKey.findMany({
          where: { OR: [{ revokedAt: null }, { revokedAt: { gt: new Date(now.getTime() - REVOKED_KEPT_MS) } }] },
          select: { keyHash: true, feedTokenHash: true, id: true, tier: true, test: true, expiresAt: true, revokedAt: true },
          take: MAX_TABLE_ROWS + 1,
        });
        // Loads of two versions may overlap: the older one, ending last, must not replace the newer table
        // (it could hold a key revoked since). Versions only grow.
        if (keysVersion < this.version) return;
        this.version = keysVersion;
        this.lookups = new Map();
        // A key's feed token answers for the key: both hashes lead to the same record (keys and tokens
        // have different prefixes, so their hashes never meet).
        this.table =
          rows.length > MAX_TABLE_ROWS
            ? null
            : new Map(
                rows.flatMap(({ keyHash, feedTokenHash, ...record }) =>
                  feedTokenHash
                    ? [
                        [keyHash, record],
                        [feedTokenHash, record],
                      ]
                    : [[keyHash, record]],
                ),
              );
      })();
      this.loading = { version: keysVersion, promise };
      promise.catch(() => {
        if (this.loading?.promise === promise) this.loading = null;
      });
    }
    await this.loading.promise;
  }
}
