// "Cause": the statements on causes that Prisma cannot express (fragments of SQL shared by several,
// expressions over columns, bulk updates over arrays of ids, the reads over plain pg of a catalogue's
// worth of rows), with review-state.ts's "listed" as SQL. Called by causes/cause-changes.service.ts
// and causes/cause-ending.ts (the sync's served state), causes/cause-import.service.ts (the import's
// transaction over plain pg), causes/cause-sources.service.ts (action keys), review/moderation.ts (a
// model's verdicts), texts/texts.service.ts (stale summaries, the editorial verdicts) and
// infra/metrics.ts (the causes by state).
import type pg from 'pg';
import { Prisma, type Category, type EditorialState, type ReviewState } from '../generated/prisma/client.js';
import type { Executor } from '../infra/bulk-insert.js';
import type { Db } from '../infra/prisma.js';
import type { SmallRead } from '../infra/small-read.js';
import type { ReviewFlag } from '../modules/review/flags.js';
import type { PreviousCause } from '../modules/causes/import-plan.js';
import { LISTED_STATES, PENDING_STATES } from '../modules/review/review-state.js';
import { INACTIVE_REASONS } from '../modules/causes/inactive-reasons.js';

const sqlList = (states: ReviewState[]) => states.map((state) => `'${state}'`).join(', ');
/** LISTED_WHERE (review-state.ts) as SQL over the "Cause" row aliased `alias`. */
const listedSql = (alias: string) => `${alias}."active" AND ${alias}."reviewState" IN (${sqlList(LISTED_STATES)})`;

/**
 * Why the cause (the "Cause" row aliased `alias`) is not in the synced list, as SQL: one of
 * REMOVAL_REASONS (cause-changes.service.ts) but `recategorised`, or NULL while it is listed. Also what
 * `GET /causes/{slug}` says of a cause that ended (causeEndingState).
 */
const goneReasonSql = (alias: string) => `
  CASE
    WHEN NOT ${alias}."active" THEN CASE ${alias}."inactiveReason" WHEN '${INACTIVE_REASONS.leftTheFeed}' THEN 'removed' WHEN '${INACTIVE_REASONS.deadlinePassed}' THEN 'expired' ELSE 'inactive' END
    WHEN ${alias}."reviewState" = 'rejected' THEN 'rejected'
    WHEN NOT (${listedSql(alias)}) THEN 'unreviewed'
    WHEN ${alias}."suppressed" THEN 'suppressed'
  END`;

/**
 * What a cause serves, as one string: `listed:<category>:<hash>` or `gone:<reason>`. The hash covers each
 * field of the REST cause in both languages (the title as served per language, the summary as served: the
 * stored one while it matches the cause's data, else a stand-in written from that data), and the stored
 * values the score is computed from.
 */
const SYNC_STATE_SQL = `
  COALESCE(
    'gone:' || ${goneReasonSql('c')},
    'listed:' || c."category"::text || ':' || md5(ROW(
      c."title", c."titleEn", td."title", te."title",
      CASE WHEN td."contentHash" = c."contentHash" THEN td."summary" ELSE 'data:' || c."contentHash" END,
      CASE WHEN te."contentHash" = c."contentHash" THEN te."summary" ELSE 'data:' || c."contentHash" END,
      c."organisationName", c."organisationUrl", c."imageUrl", c."fundingProgressPct", c."deadline",
      c."urgencyScore", c."firstImportedAt", c."sourceUrl", s."name", s."platform"
    )::text)
  )`;

/**
 * The temporary table of a recording of the sync (dropped at its transaction's commit): each cause whose
 * served state differs from the one last recorded, with both ("old", "new").
 */
export const SYNC_DELTA_TABLE = 'cause_sync_delta';

/** Fills SYNC_DELTA_TABLE, in the recording's transaction (after lockChangeRecording). */
export function stageSyncDelta(tx: Pick<Db, '$executeRawUnsafe'>): Promise<number> {
  return tx.$executeRawUnsafe(`
        CREATE TEMP TABLE ${SYNC_DELTA_TABLE} ON COMMIT DROP AS
        SELECT * FROM (
          SELECT c."id", c."slug", c."syncState" AS "old", ${SYNC_STATE_SQL} AS "new"
          FROM "Cause" c
          JOIN "Source" s ON s."id" = c."sourceId"
          LEFT JOIN "CauseText" td ON td."causeId" = c."id" AND td."language" = 'de'
          LEFT JOIN "CauseText" te ON te."causeId" = c."id" AND te."language" = 'en'
        ) states
        WHERE "old" IS DISTINCT FROM "new"`);
}

/**
 * Records the staged states on the causes (dated `now`): a cause listed now takes the next number of
 * cause_change_seq, in the order of the slugs. Returns how many causes changed.
 */
export function applySyncDelta(tx: Pick<Db, '$executeRawUnsafe'>, now: Date): Promise<number> {
  return tx.$executeRawUnsafe(
    `UPDATE "Cause" c SET "syncState" = d."new",
           "changeSeq" = CASE WHEN d."new" LIKE 'listed:%' THEN nextval('cause_change_seq') ELSE c."changeSeq" END,
           "changedAt" = $1
         FROM (SELECT * FROM ${SYNC_DELTA_TABLE} ORDER BY "slug") d
         WHERE c."id" = d."id"`,
    now,
  );
}

/** One entry of a page of the sync: a changed cause ('c'), a tombstone ('r'), or the last number ('m'). */
export interface CauseChangeEntryRow {
  kind: 'c' | 'r' | 'm';
  seq: bigint | number | null;
  id: string | null;
  slug: string | null;
  reason: string | null;
  at: Date | null;
}

export interface CauseChangeEntriesQuery {
  /** entries numbered after this */
  after: number;
  category: Category | null;
  /** only entries dated after this; null: by number alone */
  since: Date | null;
  /** at most this many of each kind */
  limit: number;
  /** tombstones only after this number too (a full sync leaves out those written before it started) */
  tombstonesAfter: number;
}

/**
 * Changed causes and tombstones after a position, with the last number of both, in one statement and
 * so one snapshot: the last number is consistent with the entries. Unordered across the kinds.
 */
export function causeChangeEntries(db: Pick<Db, '$queryRawUnsafe'>, query: CauseChangeEntriesQuery): Promise<CauseChangeEntryRow[]> {
  return db.$queryRawUnsafe<CauseChangeEntryRow[]>(
    `(SELECT 'c' AS "kind", "changeSeq" AS "seq", "id"::text AS "id", "slug", NULL AS "reason", NULL::timestamptz AS "at"
       FROM "Cause"
      WHERE "syncState" LIKE 'listed:%' AND "changeSeq" > $1
        AND ($2::text IS NULL OR "category"::text = $2) AND ($3::timestamptz IS NULL OR "changedAt" > $3)
      ORDER BY "changeSeq" LIMIT $4)
     UNION ALL
     (SELECT 'r', "seq", "causeId"::text, "slug", "reason", "removedAt"
       FROM "CauseRemoval"
      WHERE "seq" > GREATEST($1, $5)
        AND ($2::text IS NULL OR "category"::text = $2) AND ($3::timestamptz IS NULL OR "removedAt" > $3)
      ORDER BY "seq" LIMIT $4)
     UNION ALL
     SELECT 'm', GREATEST((SELECT max("changeSeq") FROM "Cause"), (SELECT max("seq") FROM "CauseRemoval")), NULL, NULL, NULL, NULL`,
    query.after,
    query.category,
    query.since,
    query.limit,
    query.tombstonesAfter,
  );
}

export interface CauseEndingRow {
  /** goneReasonSql: null while the cause is listed */
  reason: string | null;
  syncState: string | null;
  changedAt: Date | null;
  deadline: Date | null;
  /** the sync has ever listed it (it has a change number) */
  wasListed: boolean;
}

/** Why the cause of `slug` is not listed now, and what the sync recorded of it; undefined when no cause has the slug. */
export async function causeEndingState(db: Pick<Db, '$queryRawUnsafe'>, slug: string): Promise<CauseEndingRow | undefined> {
  const [cause] = await db.$queryRawUnsafe<CauseEndingRow[]>(
    `SELECT ${goneReasonSql('c')} AS "reason", c."syncState", c."changedAt", c."deadline", c."changeSeq" IS NOT NULL AS "wasListed"
       FROM "Cause" c WHERE c."slug" = $1`,
    slug,
  );
  return cause;
}

/** What a model judges a cause under review by, with what its verdict is written against. */
export interface UnjudgedCauseRow {
  id: string;
  contentHash: string;
  reviewFlags: ReviewFlag[] | null;
  title: string;
  description: string;
  titleEn: string | null;
  descriptionEn: string | null;
  organisationName: string;
  category: Category;
}

/** Active causes waiting for an editor whose current words no model has judged, in the queue's order. */
export function unjudgedCauses(db: Pick<Db, '$queryRaw'>): Promise<UnjudgedCauseRow[]> {
  return db.$queryRaw<UnjudgedCauseRow[]>`
    SELECT id, "contentHash", "reviewFlags", title, description, "titleEn", "descriptionEn", "organisationName", category::text AS category
      FROM "Cause"
     WHERE active AND "reviewState"::text IN (${Prisma.join(PENDING_STATES)})
       AND "moderatedHash" IS DISTINCT FROM "contentHash"
     ORDER BY "reviewWeight" DESC, "firstImportedAt", id`;
}

/**
 * Writes a model's verdict (the flags and their weight) as judged on the cause's words, only while they
 * are the words judged (`contentHash`). Returns 0 when they changed meanwhile.
 */
export function setModelVerdict(db: Pick<Db, '$executeRaw'>, cause: { id: string; contentHash: string }, flags: ReviewFlag[], weight: number): Promise<number> {
  return db.$executeRaw`
        UPDATE "Cause" SET "reviewFlags" = ${JSON.stringify(flags)}::jsonb, "reviewWeight" = ${weight}, "moderatedHash" = "contentHash"
         WHERE id = ${cause.id}::uuid AND "contentHash" = ${cause.contentHash}`;
}

type PgQuery = Pick<pg.ClientBase, 'query'>;

export interface SlugRow {
  slug: string;
}

/** Which of `slugs` causes have already (the import, in its transaction). */
export async function takenSlugs(client: PgQuery, slugs: string[]): Promise<SlugRow[]> {
  const { rows } = await client.query<SlugRow>('SELECT slug FROM "Cause" WHERE slug = ANY($1::text[])', [slugs]);
  return rows;
}

/** What the import reads of each cause of the source: import-plan.ts's PreviousCause. */
export type ImportedCauseRow = PreviousCause;

/** The source's causes as the import reads them (in its transaction). */
export async function causesOfSourceForImport(client: PgQuery, sourceId: string): Promise<ImportedCauseRow[]> {
  // the deadline as text: pg would read a date as local midnight of the process's time zone
  const { rows } = await client.query<ImportedCauseRow>(
    `SELECT id, "externalId", "contentHash", active, "inactiveReason", region, latitude, longitude,
              deadline::text AS deadline, "deadlineSequence", "deadlineChangedAt", "refreshedWithSource",
              "reviewState", "reviewedWords", "reviewFlags" IS NOT NULL AS screened,
              category, "sourceUrl", "organisationUrl", "imageUrl"
         FROM "Cause" WHERE "sourceId" = $1`,
    [sourceId],
  );
  return rows;
}

/** Causes the source lists now: refreshed with it at `now`. */
export function stampSeenCauses(db: Executor, ids: string[], now: Date): PromiseLike<number> {
  return db.$executeRawUnsafe('UPDATE "Cause" SET "refreshedAt" = $1, "updatedAt" = $1, "refreshedWithSource" = true WHERE id = ANY($2::uuid[])', now, ids);
}

/** Causes the source no longer lists (or the run did not see): refreshed when its causes were last seen, not by it now. */
export function stampUnseenCauses(db: Executor, ids: string[], causesSeenAt: Date | null): PromiseLike<number> {
  return db.$executeRawUnsafe(
    'UPDATE "Cause" SET "refreshedAt" = COALESCE($1, "refreshedAt"), "refreshedWithSource" = false WHERE id = ANY($2::uuid[])',
    causesSeenAt,
    ids,
  );
}

/** Ends the given causes with the reason. */
export function endCauses(db: Executor, ids: string[], reason: string, now: Date): PromiseLike<number> {
  return db.$executeRawUnsafe('UPDATE "Cause" SET active = false, "inactiveReason" = $1, "updatedAt" = $2 WHERE id = ANY($3::uuid[])', reason, now, ids);
}

/** Gives ended causes another reason. */
export function setInactiveReason(db: Executor, ids: string[], reason: string, now: Date): PromiseLike<number> {
  return db.$executeRawUnsafe('UPDATE "Cause" SET "inactiveReason" = $1, "updatedAt" = $2 WHERE id = ANY($3::uuid[])', reason, now, ids);
}

/** Ends the source's active causes whose deadline is before `today` (YYYY-MM-DD); returns how many. */
export function endPassedDeadlines(db: Executor, sourceId: string, now: Date, today: string): PromiseLike<number> {
  return db.$executeRawUnsafe(
    `UPDATE "Cause" SET active = false, "inactiveReason" = '${INACTIVE_REASONS.deadlinePassed}', "updatedAt" = $1
      WHERE "sourceId" = $2::uuid AND active AND deadline < $3::date`,
    now,
    sourceId,
    today,
  );
}

/**
 * Ends the source's active causes without deadline, not open by their status, whose figures are dated
 * more than `maxAgeDays` before `today`, with `reasonPrefix` followed by that date; returns how many.
 */
export function endStaleFigures(
  db: Executor,
  sourceId: string,
  stale: { now: Date; today: string; reasonPrefix: string; maxAgeDays: number },
): PromiseLike<number> {
  return db.$executeRawUnsafe(
    `UPDATE "Cause" SET active = false, "inactiveReason" = $4 || "figuresAsOf"::text, "updatedAt" = $1
      WHERE "sourceId" = $2::uuid AND active AND deadline IS NULL AND NOT "statusOpen" AND "figuresAsOf" < $3::date - $5::int`,
    stale.now,
    sourceId,
    stale.today,
    stale.reasonPrefix,
    stale.maxAgeDays,
  );
}

export interface SourceCauseKeyRow {
  externalId: string;
  sourceUrl: string;
  actionKey: string | null;
}

/** The source's causes' ids, URLs and action keys (over plain pg: a catalogue's worth of rows). */
export async function causeKeysOfSource(pool: PgQuery, sourceId: string): Promise<SourceCauseKeyRow[]> {
  const { rows } = await pool.query<SourceCauseKeyRow>('SELECT "externalId", "sourceUrl", "actionKey" FROM "Cause" WHERE "sourceId" = $1', [sourceId]);
  return rows;
}

/** Sets each cause's action key, in one statement (callers batch by a few thousand). */
export function setActionKeys(db: Pick<Db, '$executeRaw'>, rows: { id: string; key: string | null }[]): Promise<number> {
  return db.$executeRaw`UPDATE "Cause" AS c SET "actionKey" = v.key FROM unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.key)}::text[]) AS v(id, key) WHERE c.id = v.id`;
}

export interface CauseIdRow {
  id: string;
}

/**
 * The ids (ascending) of active causes with fewer current summaries than `languages`: a summary is current
 * when it was written from the cause's data (its contentHash) and is not the wording of an earlier
 * version of the built-in generator (a generator matching `builtInPattern` other than `generator`). One
 * hash join of the current texts, counted per cause, with the causes (over plain pg: up to a catalogue's
 * worth of ids).
 */
export async function causesWithStaleSummaries(
  pool: PgQuery,
  current: { languages: readonly string[]; generator: string; builtInPattern: string },
): Promise<CauseIdRow[]> {
  const { rows } = await pool.query<CauseIdRow>(
    `SELECT c.id FROM "Cause" c
       LEFT JOIN (
         SELECT t."causeId", t."contentHash", count(*) AS current
           FROM "CauseText" t
          WHERE t.language::text = ANY($1::text[]) AND NOT (t.generator ~ $3 AND t.generator <> $2)
          GROUP BY t."causeId", t."contentHash" -- one text per cause and language (the primary key)
       ) t ON t."causeId" = c.id AND t."contentHash" = c."contentHash"
      WHERE c.active AND COALESCE(t.current, 0) < cardinality($1::text[])
      ORDER BY c.id`,
    [current.languages, current.generator, current.builtInPattern],
  );
  return rows;
}

/** The editorial check's verdict on the causes, written only where it changed (a row rewritten costs its whole width). */
export async function setEditorialVerdict(client: PgQuery, ids: string[], state: EditorialState, reason: string | null): Promise<void> {
  await client.query(
    `UPDATE "Cause" SET "editorialState" = $1::"EditorialState", "editorialReason" = $2
          WHERE id = ANY($3::uuid[]) AND ("editorialState", "editorialReason") IS DISTINCT FROM ($1::"EditorialState", $2::text)`,
    [state, reason, ids],
  );
}

export interface CauseCountsRow {
  active: number;
  suppressed: number;
  inactive: number;
}

/** The catalogue's causes by state (active includes suppressed). */
export async function causeCountsByState(read: SmallRead): Promise<CauseCountsRow | undefined> {
  const [row] = await read<CauseCountsRow>(
    `SELECT count(*) FILTER (WHERE "active")::int AS active, count(*) FILTER (WHERE "active" AND "suppressed")::int AS suppressed,
                  count(*) FILTER (WHERE NOT "active")::int AS inactive FROM "Cause"`,
  );
  return row;
}
