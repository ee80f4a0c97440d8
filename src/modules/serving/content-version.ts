// Every change of what is served (an import, texts, a pick, a suppression) bumps one counter, and every
// created or revoked key another, so API processes can tell cheaply that what they hold in memory is
// stale. The bump also announces the new versions on the channel es_versions (delivered when its
// transaction commits), which API processes listen to (versions.ts); a process that misses it reads
// the versions within a second anyway. Returned unawaited, so that it can join a batch transaction.
import type { Db } from '../../infra/prisma.js';

type Writer = Pick<Db, '$executeRaw'>;

/** The channel of the announcements, "<version>,<keysVersion>". */
export const VERSIONS_CHANNEL = 'es_versions';

export const bumpContentVersion = (db: Writer) =>
  db.$executeRaw`WITH bumped AS (UPDATE "ContentState" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version", "keysVersion")
    SELECT pg_notify(${VERSIONS_CHANNEL}, "version"::text || ',' || "keysVersion"::text) FROM bumped`;

/** The same bump as one statement without parameters, for a plain pg connection (the bulk writes). */
export const BUMP_CONTENT_VERSION_SQL = `WITH bumped AS (UPDATE "ContentState" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version", "keysVersion")
    SELECT pg_notify('${VERSIONS_CHANNEL}', "version"::text || ',' || "keysVersion"::text) FROM bumped`;

export const bumpKeysVersion = (db: Writer) =>
  db.$executeRaw`WITH bumped AS (UPDATE "ContentState" SET "keysVersion" = "keysVersion" + 1 WHERE "id" = 1 RETURNING "version", "keysVersion")
    SELECT pg_notify(${VERSIONS_CHANNEL}, "version"::text || ',' || "keysVersion"::text) FROM bumped`;
