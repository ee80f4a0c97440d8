// Writes the generated texts of the catalogue: summaries for every active cause whose data changed, and
// the action objects of the daily pick.
import type { Db } from '../../infra/prisma.js';
import { berlinDate, contentDay } from '../causes/berlin-calendar.js';
import { causeFacts, LANGUAGES, type TextGenerator } from './text-generator.js';

/**
 * Summaries in every language for active causes whose texts are missing or were written from older
 * data; returns how many were written. Written in batches: the stale rows of a batch are replaced in
 * one transaction.
 */
export async function generateSummaries(prisma: Db, generator: TextGenerator, now: Date): Promise<number> {
  const today = berlinDate(now);
  const causes = await prisma.cause.findMany({
    where: { active: true },
    include: { texts: { select: { language: true, contentHash: true } } },
    orderBy: { id: 'asc' },
  });
  const stale = causes.filter((cause) =>
    LANGUAGES.some((language) => cause.texts.find((t) => t.language === language)?.contentHash !== cause.contentHash),
  );
  const BATCH = 500;
  for (let i = 0; i < stale.length; i += BATCH) {
    const batch = stale.slice(i, i + BATCH);
    const rows = [];
    for (const cause of batch) {
      const facts = causeFacts(cause, today);
      for (const language of LANGUAGES) {
        const summary = await generator.summary(facts, language);
        rows.push({
          causeId: cause.id,
          language,
          summary: summary.text,
          isAiGenerated: true,
          generator: summary.generator,
          contentHash: cause.contentHash,
          generatedAt: now,
        });
      }
    }
    await prisma.$transaction([
      prisma.causeText.deleteMany({ where: { causeId: { in: batch.map((c) => c.id) } } }),
      prisma.causeText.createMany({ data: rows }),
    ]);
  }
  if (stale.length) await prisma.contentState.update({ where: { id: 1 }, data: { version: { increment: 1 } } });
  return stale.length * LANGUAGES.length;
}

/** The action objects of one cause in every language, written for the given Berlin date. */
export async function generateActions(prisma: Db, generator: TextGenerator, causeId: string, now: Date): Promise<void> {
  const cause = await prisma.cause.findUniqueOrThrow({ where: { id: causeId } });
  const facts = causeFacts(cause, berlinDate(now));
  for (const language of LANGUAGES) {
    const written = await generator.action(facts, language);
    const data = { ...written.action, isAiGenerated: true, generator: written.generator, contentHash: cause.contentHash, generatedAt: now };
    await prisma.causeAction.upsert({
      where: { causeId_language: { causeId, language } },
      create: { causeId, language, ...data },
      update: data,
    });
  }
  await prisma.contentState.update({ where: { id: 1 }, data: { version: { increment: 1 } } });
}

/** True when the cause has action texts in every language written on the content day of `now`. */
export async function hasCurrentActions(prisma: Db, causeId: string, now: Date): Promise<boolean> {
  const actions = await prisma.causeAction.findMany({ where: { causeId }, select: { generatedAt: true } });
  return actions.length === LANGUAGES.length && actions.every((a) => contentDay(a.generatedAt) === contentDay(now));
}
