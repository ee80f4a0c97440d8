// "CauseSource": the further sources of a cause (one cause per real action). Called by
// causes/cause-sources.service.ts, which records the links of a source's items in batches; the rest of
// its reads and writes of the table are Prisma's.
import type { Db } from '../infra/prisma.js';

/** An item of a source recorded beside another source's cause of the same action. */
export interface CauseSourceLink {
  causeId: string;
  /** the item's id in its source */
  externalId: string;
}

/** Records the source's items beside their causes as seen at `now`, in one statement (callers batch by a few thousand). */
export function linkCauseSources(db: Pick<Db, '$executeRaw'>, sourceId: string, links: CauseSourceLink[], now: Date): Promise<number> {
  return db.$executeRaw`
      INSERT INTO "CauseSource" ("causeId", "sourceId", "externalId", "seenAt")
      SELECT v.cause, ${sourceId}::uuid, v.id, ${now} FROM unnest(${links.map((link) => link.causeId)}::uuid[], ${links.map((link) => link.externalId)}::text[]) AS v(cause, id)
      ON CONFLICT ("sourceId", "externalId") DO UPDATE SET "causeId" = EXCLUDED."causeId", "seenAt" = EXCLUDED."seenAt"`;
}
