// The key table each process holds, against the real database: when the table reads of two key versions
// overlap and the older read ends last, the newer table stays (a key revoked in between keeps failing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeys, hashApiKey, revokeApiKey } from '../../src/modules/api-keys/api-keys.service.js';
import { KeyCache } from '../../src/modules/api-keys/key-cache.js';
import type { Db } from '../../src/infra/prisma.js';
import { NOW } from '../helpers/catalogue.js';
import { resetDatabase, testPrisma } from '../helpers/test-app.js';

const prisma = testPrisma();
beforeAll(() => resetDatabase(prisma));
afterAll(() => prisma.$disconnect());

/** The real client, whose first read of the key table answers 300 ms late (it read the rows on time). */
function firstTableReadLate(db: Db): Db {
  let calls = 0;
  const apiKey = new Proxy(db.apiKey, {
    get(target, name, receiver) {
      if (name !== 'findMany') return Reflect.get(target, name, receiver);
      return async (...args: Parameters<typeof target.findMany>) => {
        const rows = await target.findMany(...args);
        if (calls++ === 0) await new Promise((resolve) => setTimeout(resolve, 300));
        return rows;
      };
    },
  });
  return new Proxy(db, { get: (target, name, receiver) => (name === 'apiKey' ? apiKey : Reflect.get(target, name, receiver)) });
}

describe('the key table per key version', () => {
  it('an older table read that ends last does not replace the newer one: a key revoked in between stays refused', async () => {
    const [key] = await createApiKeys(prisma, { label: 'Rennen', tier: 'standard' }, NOW);
    const hash = hashApiKey(key.key);
    const cache = new KeyCache();
    const db = firstTableReadLate(prisma);

    const olderRead = cache.authenticate(db, hash, 1, NOW); // reads the table with the key active, answers late
    await new Promise((resolve) => setTimeout(resolve, 100));
    await revokeApiKey(prisma, key.id, NOW);
    expect(await cache.authenticate(db, hash, 2, NOW)).toBeNull(); // version 2: the key is revoked
    await olderRead;
    expect(await cache.authenticate(db, hash, 2, NOW)).toBeNull();
    expect(cache.queries).toBe(2);
  });
});
