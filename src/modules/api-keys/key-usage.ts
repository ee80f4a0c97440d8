// Key usage: how many requests each key made per Berlin calendar day, and when it was last used, so that an
// operator sees unused and runaway keys. Counted in the API process's memory on each authenticated request
// (a map lookup, no I/O) and added to the database in one transaction per flush (KEY_USAGE_FLUSH_MS, and at a
// stop): never a write per request. A flush that fails keeps its counts for the next one.
import { bulkPool, type Db } from '../../infra/prisma.js';
import { inPgTransaction } from '../../infra/bulk-insert.js';
import { addDays, dateToDb, servingDays } from '../../time/berlin-calendar.js';
import { raiseKeysLastUsed } from '../../sql/api-key.js';
import { addKeyUsage } from '../../sql/api-key-usage.js';

export const KEY_USAGE_FLUSH_MS = 10_000;
/** The Berlin calendar days `keys list` sums the requests of (today and the days before). */
export const KEY_USAGE_LIST_DAYS = 7;

interface Count {
  requests: number;
  /** epoch ms of the last request */
  last: number;
}

export class KeyUsage {
  /** day (YYYY-MM-DD, Berlin) → key id → count */
  private byDay = new Map<string, Map<string, Count>>();

  count(keyId: string, now: Date): void {
    this.add(servingDays(now).date, keyId, 1, now.getTime());
  }

  private add(day: string, keyId: string, requests: number, last: number): void {
    let keys = this.byDay.get(day);
    if (!keys) this.byDay.set(day, (keys = new Map()));
    const counted = keys.get(keyId);
    if (counted) {
      counted.requests += requests;
      if (last > counted.last) counted.last = last;
    } else keys.set(keyId, { requests, last });
  }

  /** Adds the counts held since the last flush to the database; the number of key-days written. */
  async flush(prisma: Db): Promise<number> {
    if (!this.byDay.size) return 0;
    const taken = this.byDay;
    this.byDay = new Map();
    const rows = [...taken].flatMap(([day, keys]) => [...keys].map(([keyId, { requests, last }]) => ({ keyId, day, requests, last: new Date(last) })));
    try {
      // over plain pg: a row per key seen, whose arrays cost several times as much CPU through Prisma
      await inPgTransaction(bulkPool(prisma), async (client) => {
        // a key deleted since (never by the service: revoked keys stay) is left out
        await addKeyUsage(client, rows);
        await raiseKeysLastUsed(client, rows);
      });
    } catch (error) {
      // kept for the next flush: nothing counted is lost while the database is away
      for (const row of rows) this.add(row.day, row.keyId, row.requests, row.last.getTime());
      throw error;
    }
    return rows.length;
  }
}

/** Requests per key over the `days` Berlin calendar days up to `today` (inclusive). */
export async function requestsPerKey(prisma: Db, today: string, days: number): Promise<Map<string, number>> {
  const rows = await prisma.apiKeyUsage.groupBy({
    by: ['keyId'],
    where: { day: { gte: dateToDb(addDays(today, -(days - 1))), lte: dateToDb(today) } },
    _sum: { requests: true },
  });
  return new Map(rows.map((r) => [r.keyId, r._sum.requests ?? 0]));
}
