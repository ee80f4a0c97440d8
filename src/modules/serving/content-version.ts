// Every change of what is served (an import, texts, a pick, a suppression) bumps one counter, and every
// created or revoked key another, so API processes can tell cheaply that what they hold in memory is
// stale. The bump also announces the new versions on the channel es_versions (delivered when its
// transaction commits), which API processes listen to (versions.ts); a process that misses it reads
// the versions within a second anyway. Returned unawaited, so that it can join a batch transaction.
// The statements are src/sql/content-state.ts's (with the bump over a plain pg connection, for the bulk writes).
export { bumpContentVersion, bumpKeysVersion } from '../../sql/content-state.js';
