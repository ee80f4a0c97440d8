// X-Api-Key authentication and the tier check of /graphql.
//
// Before anything reaches the database: a key of the wrong shape or checksum is refused, and an address
// that keeps presenting missing, malformed or unknown keys is refused (429) for a while. A key of the
// right shape is always looked up in the process's memory (the key table, read once per key version):
// a valid one is answered whatever its address sent before, and one known as revoked or expired keeps
// its 401, never the address's 429 — behind a shared address (a newsroom's NAT, a proxy) one stale
// client must not lock out the others, nor be told "too many requests" when its key is the problem.
// While the database is known to be down, keys held in memory are honoured for at most
// KEY_CONFIRM_BOUND_MS after the last successful read of the key version; then, and for keys not in
// memory, the answer is a 503.
import type { RequestHandler } from 'express';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { AppDeps } from '../context.js';
import { hashApiKey, looksLikeApiKey, looksLikeFeedToken, type AuthenticatedKey, type Tier } from '../modules/api-keys/api-keys.service.js';
import { DatabaseUnavailableError } from '../modules/api-keys/key-cache.js';
import type { Versions } from '../modules/serving/versions.js';
import { DATABASE_UNAVAILABLE, MESSAGES, sendError } from './errors.js';
import type { KeyCheckOutcome } from '../infra/metrics.js';
import type { DatabaseFaultCheck } from '../infra/database-errors.js';

declare module 'express-serve-static-core' {
  interface Locals {
    apiKey?: AuthenticatedKey;
    versions?: Versions;
  }
}

/**
 * Missing, malformed or unknown keys allowed per client address in `windowSeconds`, before the 429 for
 * them. Past the limit an unknown key of the right shape is still looked up, in memory only (never with
 * a query of its own), so a valid key is never refused; the made-up ones keep counting and get 429. A
 * key known as revoked or expired counts once per window towards its address (each of its
 * presentations is counted per key) and always gets its 401.
 */
export const BAD_KEY_LIMIT = { points: 30, windowSeconds: 60 } as const;
/**
 * How long a process cut off from the database keeps honouring the keys in its memory: a revocation
 * made meanwhile (in the database, by another process) is honoured at the latest after this.
 */
export const KEY_CONFIRM_BOUND_MS = 30_000;

/** What the key check decided: the key and the versions read for it, or the answer that refuses it. */
export type KeyCheck =
  { ok: true; apiKey: AuthenticatedKey; versions: Versions } | { ok: false; status: 401 | 429 | 503; message: string; retryAfterS?: number };

/**
 * The key check (requireApiKey). `address` gives the client's address, asked only when a key is not valid.
 * `credential` 'feedToken':
 * what is presented is a key's feed token (the `token` of the feed URLs), checked by the same rules, with
 * the same per-address limit on bad ones, and answered for the key it belongs to.
 */
export type KeyGate = (address: () => string, presented: string | undefined, credential?: 'key' | 'feedToken') => Promise<KeyCheck>;

const WORDING = {
  key: { looksRight: looksLikeApiKey, missing: MESSAGES.missingKey, invalid: MESSAGES.invalidKey, tooMany: MESSAGES.tooManyBadKeys },
  feedToken: { looksRight: looksLikeFeedToken, missing: MESSAGES.missingFeedToken, invalid: MESSAGES.invalidFeedToken, tooMany: MESSAGES.tooManyBadFeedTokens },
} as const;

export function createKeyGate(
  deps: AppDeps,
  onOutcome: (outcome: KeyCheckOutcome) => void,
  /** whether a failure of the check is the database's, answered 503 (databaseFaultCheck) */
  databaseFault: DatabaseFaultCheck,
): KeyGate {
  // Per process: an attacker gets at most this many tries per address and window from each process.
  const badKeys = new RateLimiterMemory({ keyPrefix: 'bad-key', points: BAD_KEY_LIMIT.points, duration: BAD_KEY_LIMIT.windowSeconds });
  // Presentations of a key known as revoked or expired, per key and address: only the first of a window
  // counts towards the address.
  const inactiveKeys = new RateLimiterMemory({ keyPrefix: 'inactive-key', points: 1, duration: BAD_KEY_LIMIT.windowSeconds });
  const refuse = async (address: string, message: string): Promise<KeyCheck> => {
    onOutcome(message === MESSAGES.missingKey || message === MESSAGES.missingFeedToken ? 'missing' : 'invalid');
    await badKeys.penalty(address, 1);
    return { ok: false, status: 401, message };
  };
  /** the address's bad keys when it is over the limit, else null */
  const overLimit = async (address: string) => {
    const spent = await badKeys.get(address);
    return spent && spent.consumedPoints >= BAD_KEY_LIMIT.points ? spent : null;
  };
  const tooMany = (spent: { msBeforeNext: number }, message: string): KeyCheck => ({
    ok: false,
    status: 429,
    message,
    retryAfterS: Math.max(1, Math.ceil(spent.msBeforeNext / 1000)),
  });
  return async (addressOf, header, credential = 'key') => {
    const wording = WORDING[credential];
    const presented = header?.trim();
    if (presented === undefined || !wording.looksRight(presented)) {
      const address = addressOf();
      const spent = await overLimit(address);
      if (spent) return tooMany(spent, wording.tooMany);
      return refuse(address, presented === undefined ? wording.missing : wording.invalid);
    }
    // A key of the right shape is checked even from an address over the limit: behind a proxy or a NAT
    // every client may share one, and bad keys must cost their senders, never a client with a valid key.
    // The check is from memory (the key table is read once per key version); a key not in memory is looked
    // up only for an address under the limit (a key from one over it gets no query of its own).
    const keyHash = hashApiKey(presented);
    let apiKey: AuthenticatedKey | null;
    let versions: Versions;
    let spent: Awaited<ReturnType<typeof overLimit>> = null;
    const now = deps.clock();
    try {
      versions = await deps.versions.read();
      if (deps.versions.unconfirmedForMs() > KEY_CONFIRM_BOUND_MS) throw new DatabaseUnavailableError();
      const databaseDown = deps.versions.databaseDown;
      apiKey = await deps.keys.authenticate(deps.prisma, keyHash, versions.keys, now, databaseDown, false);
      if (!apiKey && !deps.keys.knownInactive(keyHash, now)) {
        spent = await overLimit(addressOf());
        if (!spent) apiKey = await deps.keys.authenticate(deps.prisma, keyHash, versions.keys, now, databaseDown, true);
      }
    } catch (error) {
      // Never read the versions, the bound passed, or the key is not in memory: the database is needed.
      if (error instanceof DatabaseUnavailableError || (await databaseFault([error]))) return { ok: false, ...DATABASE_UNAVAILABLE };
      // Anything else is a fault of this service: a 500, logged with its cause (never a quiet 503).
      throw error;
    }
    if (apiKey) {
      onOutcome('valid');
      deps.usage.count(apiKey.id, now);
      return { ok: true, apiKey, versions };
    }
    const address = addressOf();
    // Revoked or expired, and known to be: its 401 whatever the address sent, counted towards the address
    // once per window (a stale client hammering its old key does not push its neighbours' typos into 429).
    if (deps.keys.knownInactive(keyHash, now)) {
      onOutcome('invalid');
      const seen = await inactiveKeys.penalty(`${address} ${keyHash}`, 1);
      if (seen.consumedPoints === 1) await badKeys.penalty(address, 1);
      return { ok: false, status: 401, message: wording.invalid };
    }
    if (spent) {
      onOutcome('invalid');
      return tooMany(await badKeys.penalty(address, 1), wording.tooMany);
    }
    return refuse(address, wording.invalid);
  };
}

/**
 * The key check as middleware: the key from X-Api-Key, or for a feed (`credential` 'feedToken') the feed
 * token from the query parameter `token` (given twice: none). The key and the versions it read go to
 * res.locals.
 */
export function requireApiKey(gate: KeyGate, credential: 'key' | 'feedToken' = 'key'): RequestHandler {
  return async (req, res, next) => {
    let presented: string | undefined;
    if (credential === 'key') {
      const header = req.headers['x-api-key'];
      presented = Array.isArray(header) ? header.join(', ') : header;
    } else {
      const token: unknown = (req.query as Record<string, unknown>).token;
      presented = token === undefined ? undefined : typeof token === 'string' ? token : '';
    }
    const check = await gate(() => req.ip ?? 'unknown', presented, credential);
    if (!check.ok) {
      if (check.retryAfterS !== undefined) res.set('Retry-After', String(check.retryAfterS));
      return sendError(res, check.status, check.message);
    }
    res.locals.apiKey = check.apiKey;
    res.locals.versions = check.versions;
    // every answer to a test key says where its content comes from, its errors and 429s too
    if (check.apiKey.test) res.setHeader(TEST_MODE_HEADER, TEST_MODE);
    next();
  };
}

/** The header that marks an answer to a test key, and its value. */
export const TEST_MODE_HEADER = 'X-Test-Mode';
export const TEST_MODE = 'demo-catalogue';

/** /graphql is for dashboards over production content: a test key gets a 403. */
export const refuseTestKeys: RequestHandler = (_req, res, next) => {
  if (res.locals.apiKey?.test) return sendError(res, 403, MESSAGES.testKeyGraphql);
  next();
};

export function requireTier(tiers: readonly Tier[]): RequestHandler {
  return (_req, res, next) => {
    const key = res.locals.apiKey;
    if (!key || !tiers.includes(key.tier)) return sendError(res, 403, MESSAGES.tier);
    next();
  };
}
