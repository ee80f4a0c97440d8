// The archive's writer: keeps what GET /daily-action serves on the content day of `now`, in every
// language, as the JSON it serves. The body is the REST route's own operation run on the GraphQL schema
// (as the controller runs it), so the archive holds the texts, score and refresh time exactly as they
// were served, whatever later refreshes and editors change. Called wherever the served daily action
// changes: the pick and its texts stored, the summaries written, a suppression's replacement, an
// editor's correction. The last version of the day stays.
import { execute, parse, type DocumentNode } from 'graphql';
import type { Db } from '../../infra/prisma.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { schema } from '../../graphql/schema.js';
import { OPERATION_SOURCES } from '../../rest/v1/operations.js';
import { contentDay, dateToDb } from '../../time/berlin-calendar.js';
import { CauseRankingCache } from '../causes/cause-ranking.js';
import { LANGUAGES } from '../texts/text-generator.js';
import { bumpContentVersion } from '../serving/content-version.js';
import { NO_ACTION_TODAY } from './daily-action.schema.js';

let servedDocument: DocumentNode | undefined;

/** What was written: the served daily action, its withdrawal (nothing is served any more), or nothing. */
export type SnapshotOutcome = 'served' | 'withdrawn' | 'unchanged';

export async function recordServedDailyAction(prisma: Db, now: Date): Promise<SnapshotOutcome> {
  servedDocument ??= parse(OPERATION_SOURCES.dailyAction);
  const document = servedDocument;
  const contextValue = { prisma, ranking: new CauseRankingCache(), now, apiKey: null, contentVersion: 0 };
  const served = await Promise.all(
    LANGUAGES.map(async (language) => {
      const result = await execute({ schema, document, variableValues: { lang: language }, contextValue });
      const error = result.errors?.[0];
      if (error?.message === NO_ACTION_TODAY) return { language, body: null };
      if (error) throw error.originalError ?? error;
      // a plain copy: graphql-js builds its results without prototypes
      return { language, body: JSON.parse(JSON.stringify(result.data!.dailyAction)) as { cause: { id: string } } };
    }),
  );
  const day = dateToDb(contentDay(now));
  const bodies = served.flatMap(({ language, body }) => (body ? [{ language, body }] : []));
  if (!bodies.length) {
    // Nothing is served now: a day that had served something was withdrawn (its pick suppressed and no
    // other cause eligible). Its rows stay, without a body, so the archive can say so.
    return prisma.$transaction(async (tx) => {
      const count = await tx.$executeRaw`UPDATE "DailyActionSnapshot" SET "body" = NULL, "servedAt" = ${now} WHERE "day" = ${day}::date AND "body" IS NOT NULL`;
      if (!count) return 'unchanged';
      await bumpContentVersion(tx);
      return 'withdrawn';
    });
  }
  await prisma.$transaction([
    ...bodies.map(({ language, body }) => {
      const data = { causeId: body.cause.id, body: body as Prisma.InputJsonValue, servedAt: now };
      return prisma.dailyActionSnapshot.upsert({ where: { day_language: { day, language } }, create: { day, language, ...data }, update: data });
    }),
    bumpContentVersion(prisma),
  ]);
  return 'served';
}
