// Writes the generated texts of the catalogue: summaries for every active cause whose data changed, and
// the action objects of the daily pick.
import type { Db } from '../../infra/prisma.js';
import { berlinDate, contentDay } from '../causes/berlin-calendar.js';
import { causeFacts, LANGUAGES, type TextGenerator } from './text-generator.js';

/** Summaries in every language for active causes without a current one; returns how many were written. */
export async function generateSummaries(prisma: Db, generator: TextGenerator, now: Date): Promise<number> {
  const today = berlinDate(now);
  const causes = await prisma.cause.findMany({
    where: { active: true },
    include: { texts: { select: { language: true, contentHash: true } } },
    orderBy: { id: 'asc' },
  });
  let count = 0;
  for (const cause of causes) {
    for (const language of LANGUAGES) {
      const current = cause.texts.find((t) => t.language === language);
      if (current?.contentHash === cause.contentHash) continue;
      const summary = await generator.summary(causeFacts(cause, today), language);
      const data = { summary: summary.text, isAiGenerated: true, generator: summary.generator, contentHash: cause.contentHash, generatedAt: now };
      await prisma.causeText.upsert({
        where: { causeId_language: { causeId: cause.id, language } },
        create: { causeId: cause.id, language, ...data },
        update: data,
      });
      count += 1;
    }
  }
  if (count) await prisma.contentState.update({ where: { id: 1 }, data: { version: { increment: 1 } } });
  return count;
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
