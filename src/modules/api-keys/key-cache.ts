// Key look-ups kept in memory while the key version is unchanged. Creating or revoking a key bumps the
// version, so a revocation takes effect on the next request in every process; expiry is checked
// against the clock on every request. Unknown keys are remembered too, so a flood of bad keys does not
// reach the database.
import type { Db } from '../../infra/prisma.js';
import type { AuthenticatedKey, Tier } from './api-keys.service.js';

interface KeyRecord {
  id: string;
  tier: Tier;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

const MAX_ENTRIES = 100_000;

/** The answer needs the database, which is known to be down. */
export class DatabaseUnavailableError extends Error {
  constructor() {
    super('database unavailable');
  }
}

export class KeyCache {
  private version = -1;
  private entries = new Map<string, KeyRecord | null>();

  /**
   * `databaseDown`: a key not in memory is not looked up (the look-up would fail or hang) but answered
   * with a DatabaseUnavailableError.
   */
  async authenticate(prisma: Db, keyHash: string, keysVersion: number, now: Date, databaseDown = false): Promise<AuthenticatedKey | null> {
    if (keysVersion !== this.version) {
      this.entries.clear();
      this.version = keysVersion;
    }
    let record = this.entries.get(keyHash);
    if (record === undefined) {
      if (databaseDown) throw new DatabaseUnavailableError();
      record = await prisma.apiKey.findUnique({
        where: { keyHash },
        select: { id: true, tier: true, expiresAt: true, revokedAt: true },
      });
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      if (keysVersion === this.version) this.entries.set(keyHash, record);
    }
    if (!record || record.revokedAt || (record.expiresAt && record.expiresAt <= now)) return null;
    return { id: record.id, tier: record.tier };
  }
}
