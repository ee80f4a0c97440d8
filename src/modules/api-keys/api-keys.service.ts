// API keys: issued by the operator, stored as a sha256 hash (the key is shown once, never stored).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../infra/prisma.js';
import type { ApiKeyTier } from '../../generated/prisma/client.js';

export const TIERS = ['free', 'standard', 'growth', 'enterprise'] as const satisfies readonly ApiKeyTier[];
export type Tier = (typeof TIERS)[number];
/** Tiers that may use /graphql (internal dashboards). */
export const DASHBOARD_TIERS: readonly Tier[] = ['growth', 'enterprise'];

const KEY_PREFIX = 'esk_';
/** how much of a key listings show */
const SHOWN_PREFIX_LENGTH = 10;

export interface AuthenticatedKey {
  id: string;
  tier: Tier;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function generateApiKey(): string {
  return `${KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
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
}

export interface CreatedKey {
  id: string;
  key: string;
  label: string;
  tier: Tier;
  contactEmail: string | null;
  createdAt: Date;
  expiresAt: Date | null;
}

/** Keys change the version that every process's key cache is checked against. */
const bumpKeysVersion = (prisma: Db) => prisma.contentState.update({ where: { id: 1 }, data: { keysVersion: { increment: 1 } } });

export async function createApiKeys(prisma: Db, input: CreateKeyInput, now: Date, count = 1): Promise<CreatedKey[]> {
  const expiresAt = input.expiresAt ?? defaultExpiry(input.tier, now);
  const created = Array.from({ length: count }, () => {
    const key = generateApiKey();
    return {
      key,
      row: {
        id: randomUUID(),
        keyHash: hashApiKey(key),
        keyPrefix: key.slice(0, SHOWN_PREFIX_LENGTH),
        label: input.label,
        tier: input.tier,
        contactEmail: input.contactEmail ?? null,
        createdAt: now,
        expiresAt,
      },
    };
  });
  const BATCH = 5000;
  const batches = [];
  for (let i = 0; i < created.length; i += BATCH) {
    batches.push(prisma.apiKey.createMany({ data: created.slice(i, i + BATCH).map((c) => c.row) }));
  }
  await prisma.$transaction([...batches, bumpKeysVersion(prisma)]);
  return created.map(({ key, row }) => ({
    id: row.id,
    key,
    label: row.label,
    tier: row.tier,
    contactEmail: row.contactEmail,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  }));
}

/** Keys this service issued have this shape; anything else is rejected without a look-up. */
export function looksLikeApiKey(presented: string): boolean {
  return presented.startsWith(KEY_PREFIX) && presented.length <= 200;
}

export async function listApiKeys(prisma: Db) {
  return prisma.apiKey.findMany({
    orderBy: { createdAt: 'asc' },
    select: { id: true, keyPrefix: true, label: true, tier: true, contactEmail: true, createdAt: true, expiresAt: true, revokedAt: true },
  });
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
