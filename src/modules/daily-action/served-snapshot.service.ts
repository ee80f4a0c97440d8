// The archive's writer: keeps what GET /daily-action serves on the content day of `now`, in every
// language, as the JSON it serves. The body is the REST route's own operation run on the GraphQL schema
// (as the controller runs it), so the archive holds the texts, score and refresh time exactly as they
// were served, whatever later refreshes and editors change. Called wherever the served daily action
// changes: the pick and its texts stored, the summaries written, a suppression's replacement, an
// editor's correction. The last version of the day stays.
import { execute, parse, type DocumentNode } from 'graphql';
import type { Db } from '../../infra/prisma.js';
import { Prisma } from '../../generated/prisma/client.js';
import { schema } from '../../graphql/schema.js';
import { OPERATION_SOURCES } from '../../rest/v1/operations.js';
import { contentDay, dateToDb } from '../../time/berlin-calendar.js';
import { CauseRankingCache } from '../causes/cause-ranking.js';
import { LANGUAGES } from '../causes/list-params.js';
import { bumpContentVersion } from '../serving/content-version.js';
import { NO_ACTION_TODAY } from './daily-action.schema.js';
import { createHash } from 'node:crypto';
import { webhookBody } from '../webhooks/webhook-events.js';
import { recordWebhookEvents } from '../webhooks/webhook-store.js';
import { lockDaySnapshots } from '../../sql/locks.js';

let servedDocument: DocumentNode | undefined;

/**
 * What an announcement is about, hashed: the body without what the calendar and the refresh move by
 * themselves (the score's day counts, at Berlin midnight two hours before the content day changes; the
 * time of the last refresh), so only a change of the action or its cause is a correction.
 */
function announcedHash(body: { cause: Record<string, unknown> }): string {
  const { urgency_score: _score, refreshed_at: _refreshed, ...cause } = body.cause;
  return createHash('sha256')
    .update(JSON.stringify({ ...body, cause }))
    .digest('base64url');
}

/** What was written: the served daily action, its withdrawal (nothing is served any more), or nothing. */
export type SnapshotOutcome = 'served' | 'withdrawn' | 'unchanged';

/**
 * `announce` (the default): the version is announced to webhooks (above); false: written only (the refresh's
 * pick before its summaries, the demo archive's past days).
 */
export async function recordServedDailyAction(prisma: Db, now: Date, { announce = true }: { announce?: boolean } = {}): Promise<SnapshotOutcome> {
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
      const { count } = await tx.dailyActionSnapshot.updateMany({ where: { day, body: { not: Prisma.DbNull } }, data: { body: Prisma.DbNull, servedAt: now } });
      if (!count) return 'unchanged';
      await bumpContentVersion(tx);
      return 'withdrawn';
    });
  }
  // Announced (with `announce`): the day's first announced version is daily_action.published to each
  // endpoint of its language, a later one whose body differs from the last announced is
  // daily_action.corrected; recorded in the same transaction as the version, so an event is recorded
  // exactly when what is served changed. The refresh writes the pick's version unannounced and announces
  // once the day's summaries are written, so integrators get one event for the new day, not two.
  await prisma.$transaction(
    async (tx) => {
      // one writer of the day's versions at a time: two that both saw no announcement would both announce
      await lockDaySnapshots(tx, day);
      const before = await tx.dailyActionSnapshot.findMany({ where: { day }, select: { language: true, announcedAt: true, announcedHash: true } });
      for (const { language, body } of bodies) {
        const data = { causeId: body.cause.id, body: body as Prisma.InputJsonValue, servedAt: now };
        const previous = before.find((row) => row.language === language);
        const hash = announcedHash(body);
        const type = !announce ? null : !previous?.announcedAt ? 'daily_action.published' : previous.announcedHash !== hash ? 'daily_action.corrected' : null;
        const announced = type ? { announcedAt: previous?.announcedAt ?? now, announcedHash: hash } : {};
        await tx.dailyActionSnapshot.upsert({
          where: { day_language: { day, language } },
          create: { day, language, ...data, ...announced },
          update: { ...data, ...announced },
        });
        if (!type) continue;
        const eventKey = type === 'daily_action.published' ? `${type}:${contentDay(now)}` : `${type}:${contentDay(now)}:${now.toISOString()}`;
        await recordWebhookEvents(tx, type, [{ eventKey, payload: webhookBody(type, now, body) }], now, language);
      }
      await bumpContentVersion(tx);
    },
    { timeout: 30_000, maxWait: 10_000 },
  );
  return 'served';
}
