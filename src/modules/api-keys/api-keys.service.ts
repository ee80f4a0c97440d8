// API keys: issued by the operator, stored as a sha256 hash (the key is shown once, never stored).
//
// Key format: `esk_` + 32 random base62 characters + 6 base62 characters of the CRC32 of those 32
// (42 characters). The fixed prefix lets secret scanners find leaked keys; the checksum lets the API
// refuse a mistyped or made-up key without a database query. Keys issued before the checksum (`esk_` +
// 32 base64url characters, 36 in all) keep working: they are recognised by their exact shape and found
// in the key table each process holds (key-cache.ts), without a query of their own; rotation replaces
// them with keys of the new format.
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { Db } from '../../infra/prisma.js';
import type { ApiKeyTier } from '../../generated/prisma/client.js';
import { bumpKeysVersion } from '../serving/content-version.js';
import { lastsThrough } from '../../time/berlin-calendar.js';

export const TIERS = ['free', 'standard', 'growth', 'enterprise'] as const satisfies readonly ApiKeyTier[];
export type Tier = (typeof TIERS)[number];
/** Tiers that may use /graphql (internal dashboards). */
export const DASHBOARD_TIERS: readonly Tier[] = ['growth', 'enterprise'];

const KEY_PREFIX = 'esk_';
/**
 * Feed tokens (the `token` of a key's feed URLs, for readers and calendar apps that cannot send
 * X-Api-Key) have the key's format with their own prefix: never the key itself, told apart from it by
 * shape, and hashed like it.
 */
const FEED_TOKEN_PREFIX = 'esf_';
/** how much of a key listings show */
const SHOWN_PREFIX_LENGTH = 10;

export interface AuthenticatedKey {
  id: string;
  tier: Tier;
  /** a test key: answered from the sandbox (the demo catalogue), never from production content */
  test?: boolean;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const CURRENT_KEY = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);
/** keys issued before the checksum: 24 random bytes in base64url */
const LEGACY_KEY = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z_-]{32}$`);
/** A test key says so in its first characters, so neither a person nor a secret scanner takes it for a production key. */
export const TEST_KEY_PREFIX = `${KEY_PREFIX}test_`;
const TEST_KEY = new RegExp(`^${TEST_KEY_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);
/** A key's shape in words, for the documentation (/docs, the OpenAPI document). */
export const KEY_SHAPE_IN_WORDS = `\`${KEY_PREFIX}\` followed by ${RANDOM_LENGTH + CHECKSUM_LENGTH} letters and digits: ${RANDOM_LENGTH} random ones and a ${CHECKSUM_LENGTH}-character checksum`;

function checksum(random: string): string {
  let n = crc32(random);
  let out = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out; // 62^6 > 2^32: every CRC32 fits
}

function generateSecret(prefix: string): string {
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) random += BASE62[randomInt(62)];
  return `${prefix}${random}${checksum(random)}`;
}

export function generateApiKey(test = false): string {
  return generateSecret(test ? TEST_KEY_PREFIX : KEY_PREFIX);
}

export function generateFeedToken(): string {
  return generateSecret(FEED_TOKEN_PREFIX);
}

const FEED_TOKEN = new RegExp(`^${FEED_TOKEN_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);

/** Feed tokens this service issued have this shape (and checksum); anything else is refused without a look-up. */
export function looksLikeFeedToken(presented: string): boolean {
  return FEED_TOKEN.test(presented) && presented.endsWith(checksum(presented.slice(FEED_TOKEN_PREFIX.length, FEED_TOKEN_PREFIX.length + RANDOM_LENGTH)));
}

/**
 * A key's expiry as people read it (the operator's command, the start's demo key): the Berlin day it works
 * through, "valid through 2026-12-04 (Berlin)" for a key given `--expires 2026-12-04`, or the Berlin
 * minute it stops; "no expiry" for a key without one. The machine-readable outputs keep the instant.
 */
export function keyValidity(expiresAt: Date | null): string {
  return expiresAt ? `valid through ${lastsThrough(expiresAt)} (Berlin)` : 'no expiry';
}

/** A free key without an explicit expiry runs for one calendar month (the free first month). */
export function defaultExpiry(tier: Tier, createdAt: Date): Date | null {
  if (tier !== 'free') return null;
  const expires = new Date(createdAt);
  const day = expires.getUTCDate();
  expires.setUTCMonth(expires.getUTCMonth() + 1);
  if (expires.getUTCDate() !== day) expires.setUTCDate(0); // 31 January → 28/29 February
  return expires;
}

export interface CreateKeyInput {
  label: string;
  tier: Tier;
  contactEmail?: string | null;
  expiresAt?: Date | null;
  /** an editor's key (the review queue and the editor's mutations); its tier must reach /graphql */
  editor?: boolean;
  /** a test key (esk_test_…), answered from the sandbox */
  test?: boolean;
  /** an operator's key (webhook endpoints and key usage over GraphQL); its tier must reach /graphql */
  operator?: boolean;
}

export interface CreatedKey {
  id: string;
  key: string;
  /** the `token` of the key's feed URLs; shown once, like the key */
  feedToken: string;
  label: string;
  tier: Tier;
  contactEmail: string | null;
  createdAt: Date;
  expiresAt: Date | null;
}

/** Keys change the version that every process's key cache is checked against. */

/** Keys per insert statement when many are issued at once. */
const KEY_BATCH = 2000;
/** How long issuing keys may take (100,000 keys on a busy embedded database take well under a minute). */
const CREATE_KEYS_TIMEOUT_MS = 10 * 60_000;

/** Issues `count` keys with the same settings, all or none; `onProgress` hears of each inserted batch. */
export async function createApiKeys(
  prisma: Db,
  input: CreateKeyInput,
  now: Date,
  count = 1,
  onProgress?: (done: number, total: number) => void,
): Promise<CreatedKey[]> {
  const expiresAt = input.expiresAt ?? defaultExpiry(input.tier, now);
  const created = Array.from({ length: count }, () => {
    const key = generateApiKey(input.test);
    const feedToken = generateFeedToken();
    return {
      key,
      feedToken,
      row: {
        id: randomUUID(),
        keyHash: hashApiKey(key),
        feedTokenHash: hashApiKey(feedToken),
        keyPrefix: key.slice(0, SHOWN_PREFIX_LENGTH),
        label: input.label,
        tier: input.tier,
        contactEmail: input.contactEmail ?? null,
        createdAt: now,
        expiresAt,
        editor: input.editor ?? false,
        test: input.test ?? false,
        operator: input.operator ?? false,
      },
    };
  });
  // All or none, in multi-row inserts of KEY_BATCH; a busy database may take its time over 100,000 keys,
  // so the transaction is given minutes, not Prisma's default of 5 s.
  await prisma.$transaction(
    async (tx) => {
      for (let i = 0; i < created.length; i += KEY_BATCH) {
        await tx.apiKey.createMany({ data: created.slice(i, i + KEY_BATCH).map((c) => c.row) });
        onProgress?.(Math.min(i + KEY_BATCH, created.length), created.length);
      }
      await bumpKeysVersion(tx);
    },
    { maxWait: 60_000, timeout: CREATE_KEYS_TIMEOUT_MS },
  );
  return created.map(({ key, feedToken, row }) => ({
    id: row.id,
    key,
    feedToken,
    label: row.label,
    tier: row.tier,
    contactEmail: row.contactEmail,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  }));
}

/** Keys this service issued have this shape (and checksum); anything else is rejected without a look-up. */
export function looksLikeApiKey(presented: string): boolean {
  for (const [shape, prefix] of [
    [CURRENT_KEY, KEY_PREFIX],
    [TEST_KEY, TEST_KEY_PREFIX],
  ] as const) {
    if (shape.test(presented)) return presented.endsWith(checksum(presented.slice(prefix.length, prefix.length + RANDOM_LENGTH)));
  }
  return LEGACY_KEY.test(presented);
}

export async function listApiKeys(prisma: Db) {
  return prisma.apiKey.findMany({
    orderBy: { createdAt: 'asc' },
    select: {
      id: true,
      keyPrefix: true,
      label: true,
      tier: true,
      contactEmail: true,
      createdAt: true,
      expiresAt: true,
      revokedAt: true,
      lastUsedAt: true,
      test: true,
      editor: true,
      operator: true,
    },
  });
}

/**
 * Rotation: a new key for the same client (label, tier, e-mail and expiry of the old one, and its webhook
 * endpoints); the old one keeps working until `oldExpiresAt` (never later than its own expiry). Null when
 * there is no such key, or it is revoked.
 */
export async function rotateApiKey(prisma: Db, id: string, oldExpiresAt: Date, now: Date): Promise<{ created: CreatedKey; oldExpiresAt: Date } | null> {
  const old = await prisma.apiKey.findUnique({ where: { id } });
  if (!old || old.revokedAt) return null;
  const until = old.expiresAt && old.expiresAt < oldExpiresAt ? old.expiresAt : oldExpiresAt;
  const key = generateApiKey(old.test);
  const feedToken = generateFeedToken();
  const row = {
    id: randomUUID(),
    keyHash: hashApiKey(key),
    feedTokenHash: hashApiKey(feedToken),
    keyPrefix: key.slice(0, SHOWN_PREFIX_LENGTH),
    label: old.label,
    tier: old.tier,
    contactEmail: old.contactEmail,
    createdAt: now,
    expiresAt: old.expiresAt,
    editor: old.editor,
    test: old.test,
    operator: old.operator,
  };
  await prisma.$transaction([
    prisma.apiKey.create({ data: row }),
    prisma.apiKey.update({ where: { id }, data: { expiresAt: until } }),
    // the customer's webhook endpoints go with it: the old key stops, the deliveries must not
    prisma.webhookEndpoint.updateMany({ where: { keyId: id }, data: { keyId: row.id } }),
    bumpKeysVersion(prisma),
  ]);
  return {
    created: { id: row.id, key, feedToken, label: row.label, tier: row.tier, contactEmail: row.contactEmail, createdAt: now, expiresAt: row.expiresAt },
    oldExpiresAt: until,
  };
}

/** Revokes a key by id; returns false when there is no such key. Revoking twice keeps the first time. */
export async function revokeApiKey(prisma: Db, id: string, now: Date): Promise<boolean> {
  const [{ count }] = await prisma.$transaction([
    prisma.apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } }),
    bumpKeysVersion(prisma),
  ]);
  if (count) return true;
  return (await prisma.apiKey.count({ where: { id } })) > 0;
}

/**
 * A new feed token for an active key (the old one stops working at once): how an operator hands out a
 * token again (tokens are stored only as hashes) or replaces a leaked one. Null when there is no such
 * key, or it is revoked or expired.
 */
export async function rotateFeedToken(prisma: Db, id: string, now: Date): Promise<string | null> {
  const feedToken = generateFeedToken();
  const [{ count }] = await prisma.$transaction([
    prisma.apiKey.updateMany({
      where: { id, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
      data: { feedTokenHash: hashApiKey(feedToken) },
    }),
    bumpKeysVersion(prisma),
  ]);
  return count ? feedToken : null;
}
