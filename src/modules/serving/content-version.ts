// Every change of what is served (an import, texts, a pick, a suppression) bumps one counter, and every
// created or revoked key another, so API processes can tell cheaply that what they hold in memory is
// stale (versions.ts reads both). Returned unawaited, so that it can join a batch transaction.
import type { Db } from '../../infra/prisma.js';

type Writer = Pick<Db, 'contentState'>;

export const bumpContentVersion = (db: Writer) => db.contentState.update({ where: { id: 1 }, data: { version: { increment: 1 } } });

export const bumpKeysVersion = (db: Writer) => db.contentState.update({ where: { id: 1 }, data: { keysVersion: { increment: 1 } } });
