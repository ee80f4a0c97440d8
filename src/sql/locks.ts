// Advisory locks (pg_advisory_xact_lock), each held to the end of the caller's transaction. Every key
// the service takes is here, so that no two uses share one. Called by causes/cause-changes.service.ts
// and refresh/demo-removal.service.ts (the sync's recordings) and daily-action/served-snapshot.service.ts
// (the writers of a day's served versions).
import type { Db } from '../infra/prisma.js';

/** The key of the sync's recordings ("sync" in ASCII). */
const RECORDING_LOCK = 0x73796e63;
/** The first key of a day's served versions ("snap" in ASCII); the second is the day. */
const SNAPSHOT_LOCK = 0x736e6170;

/**
 * Takes the recordings' lock for the rest of the caller's transaction (before any number of the sync is
 * drawn). Returned unawaited, so that it can open a batch transaction.
 */
export const lockChangeRecording = (db: Pick<Db, '$executeRawUnsafe'>) => db.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${RECORDING_LOCK})`);

/** Takes the lock of one day's served versions (`day`: the content day at UTC midnight, dateToDb) for the rest of the transaction. */
export const lockDaySnapshots = (db: Pick<Db, '$executeRaw'>, day: Date) =>
  db.$executeRaw`SELECT pg_advisory_xact_lock(${SNAPSHOT_LOCK}::int, ${Number(day.getTime() / 86_400_000)}::int)`;
