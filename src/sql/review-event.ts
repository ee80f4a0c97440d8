// "ReviewEvent": the review's log. Called by causes/cause-import.service.ts, which records the reopenings
// of an import in its transaction over plain pg; the editors' decisions are written through Prisma.
import type { ReviewState } from '../generated/prisma/client.js';
import type { Executor } from '../infra/bulk-insert.js';

/**
 * A reopen event (by `import`, at `now`, for `reason`) for each cause an editor had approved or released
 * whose words the source changed: from the state it had to the one it has now.
 */
export function recordReopenings(db: Executor, reopened: { id: string; fromState: ReviewState }[], reason: string, now: Date): PromiseLike<number> {
  return db.$executeRawUnsafe(
    `INSERT INTO "ReviewEvent" (id, "causeId", decision, "fromState", "toState", reason, "by", "at")
       SELECT gen_random_uuid(), c.id, 'reopen', prev."reviewState"::"ReviewState", c."reviewState", $1, 'import', $2
         FROM "Cause" c JOIN unnest($3::uuid[], $4::text[]) AS prev(id, "reviewState") ON prev.id = c.id`,
    reason,
    now,
    reopened.map((cause) => cause.id),
    reopened.map((cause) => cause.fromState),
  );
}
