// "ContentState" (one row, id 1): the content and key versions every API process checks, and the key
// that signs sync cursors. Called by serving/content-version.ts (the bumps every writer makes, through
// Prisma), the bulk writes over plain pg (causes/cause-import.service.ts, texts/texts.service.ts),
// serving/versions.ts (the versions' read) and causes/cause-changes.service.ts (the cursor key).
import type pg from 'pg';
import type { Db } from '../infra/prisma.js';

/** The channel of the announcements, "<version>,<keysVersion>" (serving/versions.ts listens to it). */
export const VERSIONS_CHANNEL = 'es_versions';

/** Bumps one counter and announces both, in one statement without parameters (Prisma or plain pg). */
const bumpSql = (counter: 'version' | 'keysVersion') =>
  `WITH bumped AS (UPDATE "ContentState" SET "${counter}" = "${counter}" + 1 WHERE "id" = 1 RETURNING "version", "keysVersion")
    SELECT pg_notify('${VERSIONS_CHANNEL}', "version"::text || ',' || "keysVersion"::text) FROM bumped`;

const BUMP_CONTENT_VERSION_SQL = bumpSql('version');
const BUMP_KEYS_VERSION_SQL = bumpSql('keysVersion');

type Writer = Pick<Db, '$executeRawUnsafe'>;

/** Bumps the content version (returned unawaited, so that it can join a batch transaction). */
export const bumpContentVersion = (db: Writer) => db.$executeRawUnsafe(BUMP_CONTENT_VERSION_SQL);

/** Bumps the keys version (returned unawaited, so that it can join a batch transaction). */
export const bumpKeysVersion = (db: Writer) => db.$executeRawUnsafe(BUMP_KEYS_VERSION_SQL);

/** bumpContentVersion on a plain pg connection, in its transaction (the bulk writes). */
export async function bumpContentVersionOverPg(client: Pick<pg.ClientBase, 'query'>): Promise<void> {
  await client.query(BUMP_CONTENT_VERSION_SQL);
}

export interface VersionsRow {
  version: number;
  keysVersion: number;
}

/** The two versions; undefined while the table has no row (the migrations did not run). */
export async function readVersions(pool: Pick<pg.Pool, 'query'>): Promise<VersionsRow | undefined> {
  const { rows } = await pool.query<VersionsRow>('SELECT "version", "keysVersion" FROM "ContentState" WHERE "id" = 1');
  return rows[0];
}

export interface SyncSecretRow {
  secret: string;
}

/**
 * The key that signs sync cursors, made now unless it was made already: two processes may make it at
 * once, the row lock orders them and the second keeps the first's. Undefined when the table has no row.
 */
export async function makeSyncSecret(db: Pick<Db, '$queryRaw'>): Promise<SyncSecretRow | undefined> {
  const [made] = await db.$queryRaw<SyncSecretRow[]>`
        UPDATE "ContentState" SET "syncSecret" = COALESCE("syncSecret", md5(gen_random_uuid()::text) || md5(gen_random_uuid()::text))
        WHERE "id" = 1 RETURNING "syncSecret" AS "secret"`;
  return made;
}
