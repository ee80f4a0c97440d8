// The key table each process holds, against the real database: when the table reads of two key versions
// overlap and the older read ends last, the newer table stays (a key revoked in between keeps failing).
// The interleaving is forced, not timed: the older read is held after its rows came back and released
// only once the revocation and the newer read are done.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeys, hashApiKey, revokeApiKey } from '../../src/modules/api-keys/api-keys.service.js';
import { KeyCache } from '../../src/modules/api-keys/key-cache.js';
import type { Db } from '../../src/infra/prisma.js';
import { NOW } from '../helpers/catalogue.js';
import { resetDatabase, testPrisma } from '../helpers/test-app.js';

const prisma = testPrisma();
beforeAll(() => resetDatabase(prisma));
afterAll(() => prisma.$disconnect());

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

type KeyRows = Awaited<ReturnType<Db['apiKey']['findMany']>>;

/**
 * The real client, whose first read of the key table is held once its rows are read: `firstRead` resolves
 * with those rows, and the read answers the cache only after `releaseFirst()`. Later reads pass through.
 * `finished` lists the reads in the order they answered the cache.
 */
function holdFirstTableRead(db: Db) {
  const firstRead = deferred<KeyRows>();
  const release = deferred();
  const finished: number[] = [];
  let calls = 0;
  const apiKey = new Proxy(db.apiKey, {
    get(target, name, receiver) {
      if (name !== 'findMany') return Reflect.get(target, name, receiver);
      return async (...args: Parameters<typeof target.findMany>) => {
        const call = ++calls;
        const rows = await target.findMany(...args);
        if (call === 1) {
          firstRead.resolve(rows);
          await release.promise;
        }
        finished.push(call);
        return rows;
      };
    },
  });
  const held = new Proxy(db, { get: (target, name, receiver) => (name === 'apiKey' ? apiKey : Reflect.get(target, name, receiver)) });
  return { db: held, firstRead: firstRead.promise, releaseFirst: () => release.resolve(), finished };
}

describe('the key table per key version', () => {
  it('an older table read that ends last does not replace the newer one: a key revoked in between stays refused', async () => {
    const [key] = await createApiKeys(prisma, { label: 'Rennen', tier: 'standard' }, NOW);
    const hash = hashApiKey(key.key);
    const cache = new KeyCache();
    const { db, firstRead, releaseFirst, finished } = holdFirstTableRead(prisma);

    // version 1: the table is read while the key is active, then held before it answers the cache
    let olderSettled = false;
    const olderRead = cache.authenticate(db, hash, 1, NOW).finally(() => (olderSettled = true));
    const rowsOfVersion1 = await firstRead;
    expect(rowsOfVersion1.map((row) => row.keyHash)).toEqual([hash]);

    // meanwhile the key is revoked (version 2) and a request of version 2 reads the table anew
    await revokeApiKey(prisma, key.id, NOW);
    expect(await cache.authenticate(db, hash, 2, NOW)).toBeNull();
    // the race the guard is for did happen: the version-1 read, holding the key as active, is still in flight
    expect(olderSettled).toBe(false);
    expect(finished).toEqual([2]);

    // now the older read ends, last
    releaseFirst();
    expect(await olderRead).toBeNull(); // it answers from the newer table, which no longer has the key
    expect(finished).toEqual([2, 1]);
    expect(await cache.authenticate(db, hash, 2, NOW)).toBeNull();
    expect(cache.queries).toBe(2);
  });
});
