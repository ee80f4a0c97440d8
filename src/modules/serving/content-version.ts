// Every change of what is served (an import, texts, a pick, a suppression) bumps one counter, and every
// created or revoked key another, so API processes can tell cheaply that what they hold in memory is
// stale. The bump also announces the new versions on the channel es_versions (delivered when its
// transaction commits), which API processes listen to (versions.ts); a process that misses it reads
// the versions within a second anyway. Returned unawaited, so that it can join a batch transaction.
import type { Db } from '../../infra/prisma.js';

type Writer = Pick<Db, '$executeRawUnsafe'>;

/** The channel of the announcements, "<version>,<keysVersion>". */
export const VERSIONS_CHANNEL = 'es_versions';

/** Bumps one counter and announces both, in one statement without parameters (Prisma or plain pg). */
const bumpSql = (counter: 'version' | 'keysVersion') =>
  `WITH bumped AS (UPDATE "ContentState" SET "${counter}" = "${counter}" + 1 WHERE "id" = 1 RETURNING "version", "keysVersion")
    SELECT pg_notify('${VERSIONS_CHANNEL}', "version"::text || ',' || "keysVersion"::text) FROM bumped`;

/** The content bump as SQL, for a plain pg connection (the bulk writes). */
export const BUMP_CONTENT_VERSION_SQL = bumpSql('version');
const BUMP_KEYS_VERSION_SQL = bumpSql('keysVersion');

export const bumpContentVersion = (db: Writer) => db.$executeRawUnsafe(BUMP_CONTENT_VERSION_SQL);

export const bumpKeysVersion = (db: Writer) => db.$executeRawUnsafe(BUMP_KEYS_VERSION_SQL);
