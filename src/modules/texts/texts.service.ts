// Writes the generated texts of the catalogue: summaries for every active cause whose data changed, and
// the action objects of the daily pick.
import type { Db } from '../../infra/prisma.js';
import { bulkInsert, type Column } from '../../infra/bulk-insert.js';
import { berlinDate, contentDay } from '../../time/berlin-calendar.js';
import { causeFacts, LANGUAGES, type TextGenerator } from './text-generator.js';
import { DEFAULT_GENERATOR_NAME } from './default-generator.js';
import { EDITOR_GENERATOR } from './editor-generator.js';
import { editorialHold } from './editorial-check.js';
import { bumpContentVersion } from '../serving/content-version.js';

interface TextRow {
  causeId: string;
  language: string;
  summary: string;
  title: string | null;
  isAiGenerated: boolean;
  generator: string;
  contentHash: string;
  generatedAt: Date;
}

const TEXT_COLUMNS: Column<TextRow>[] = [
  { name: 'causeId', arrayType: 'uuid[]', value: (r) => r.causeId },
  { name: 'language', arrayType: 'text[]::"Language"[]', value: (r) => r.language },
  { name: 'summary', arrayType: 'text[]', value: (r) => r.summary },
  { name: 'title', arrayType: 'text[]', value: (r) => r.title },
  { name: 'isAiGenerated', arrayType: 'bool[]', value: (r) => r.isAiGenerated },
  { name: 'generator', arrayType: 'text[]', value: (r) => r.generator },
  { name: 'contentHash', arrayType: 'text[]', value: (r) => r.contentHash },
  { name: 'generatedAt', arrayType: 'timestamptz[]', value: (r) => r.generatedAt },
];

/**
 * Summaries in every language for active causes whose texts are missing or were written from older
 * data; returns how many were written. Written in batches: the stale rows of a batch are replaced in
 * one transaction.
 */
export async function generateSummaries(prisma: Db, generator: TextGenerator, now: Date): Promise<number> {
  const today = berlinDate(now);
  // The check reads only what decides it (the hashes), a large page at a time; the texts are written for
  // the stale causes in small batches, whose full rows are read then: an unchanged catalogue costs a few
  // narrow reads, not every description, and memory stays flat whatever the catalogue's size.
  const CHECK_PAGE = 5000;
  const WRITE_BATCH = 250;
  let written = 0;
  let after: string | undefined;
  for (;;) {
    const page = await prisma.cause.findMany({
      where: { active: true, ...(after ? { id: { gt: after } } : {}) },
      select: { id: true, contentHash: true, texts: { select: { language: true, contentHash: true, generator: true } } },
      orderBy: { id: 'asc' },
      take: CHECK_PAGE,
    });
    if (!page.length) break;
    after = page[page.length - 1].id;
    const staleIds = page
      .filter((cause) =>
        LANGUAGES.some((language) => {
          const text = cause.texts.find((t) => t.language === language);
          return !text || text.contentHash !== cause.contentHash || isOutdatedDefaultText(text.generator);
        }),
      )
      .map((cause) => cause.id);
    for (let i = 0; i < staleIds.length; i += WRITE_BATCH) {
      written += await writeSummaries(prisma, generator, staleIds.slice(i, i + WRITE_BATCH), today, now);
    }
  }
  return written;
}

/** Writes the summaries of the given causes in every language, replacing theirs; returns how many. */
async function writeSummaries(prisma: Db, generator: TextGenerator, ids: string[], today: string, now: Date): Promise<number> {
  const stale = await prisma.cause.findMany({ where: { id: { in: ids } }, orderBy: { id: 'asc' } });
  // Every text of the batch is asked for at once; a language-model generator bounds its own concurrency.
  const rows: TextRow[] = await Promise.all(
    stale.flatMap((cause) => {
      const facts = causeFacts(cause, today);
      return LANGUAGES.map(async (language): Promise<TextRow> => {
        const summary = await generator.summary(facts, language);
        return {
          causeId: cause.id,
          language,
          summary: summary.text,
          title: summary.title ?? null,
          isAiGenerated: true,
          generator: summary.generator,
          contentHash: cause.contentHash,
          generatedAt: now,
        };
      });
    }),
  );
  // The editorial check with the texts just written (another generator's may fail where the built-in
  // one passes); causes with the same verdict are updated together.
  const verdicts = new Map<string, string[]>();
  for (const cause of stale) {
    const written = Object.fromEntries(
      LANGUAGES.map((language) => [language, { summary: rows.find((r) => r.causeId === cause.id && r.language === language)?.summary }]),
    );
    const hold = editorialHold(causeFacts(cause, today), written);
    const key = hold ?? '';
    verdicts.set(key, [...(verdicts.get(key) ?? []), cause.id]);
  }
  // Each batch is announced with its own version bump, so an interrupted run loses nothing it wrote.
  await prisma.$transaction(async (tx) => {
    await tx.causeText.deleteMany({ where: { causeId: { in: stale.map((c) => c.id) } } });
    await bulkInsert(tx, 'CauseText', TEXT_COLUMNS, rows);
    for (const [reason, ids] of verdicts) {
      await tx.cause.updateMany({
        where: { id: { in: ids } },
        data: reason ? { editorialState: 'needs_editor', editorialReason: reason } : { editorialState: 'ok', editorialReason: null },
      });
    }
    await bumpContentVersion(tx);
  });
  return rows.length;
}

/** A text of an earlier version of the built-in generator is rewritten once with the current wording. */
function isOutdatedDefaultText(generator: string): boolean {
  return /^default-v\d+$/.test(generator) && generator !== DEFAULT_GENERATOR_NAME;
}

/** The action objects of one cause in every language, written for the given Berlin date, together. */
export async function generateActions(prisma: Db, generator: TextGenerator, causeId: string, now: Date): Promise<void> {
  const cause = await prisma.cause.findUniqueOrThrow({ where: { id: causeId }, include: { actions: true } });
  const facts = causeFacts(cause, berlinDate(now));
  const writes = [];
  for (const language of LANGUAGES) {
    const where = { causeId_language: { causeId, language } };
    // An editor's correction of unchanged data is served again (its wording names dates, never "today").
    const edited = cause.actions.some((a) => a.language === language && a.generator === EDITOR_GENERATOR && a.contentHash === cause.contentHash);
    if (edited) {
      writes.push(prisma.causeAction.update({ where, data: { generatedAt: now } }));
      continue;
    }
    const written = await generator.action(facts, language);
    const data = { ...written.action, isAiGenerated: true, generator: written.generator, contentHash: cause.contentHash, generatedAt: now };
    writes.push(prisma.causeAction.upsert({ where, create: { causeId, language, ...data }, update: data }));
  }
  await prisma.$transaction([...writes, bumpContentVersion(prisma)]);
}

/** Action texts speak of "today" and "in 3 days": they are current only on the content day they were written. */
export function isCurrentAction(generatedAt: Date, now: Date): boolean {
  return contentDay(generatedAt) === contentDay(now);
}

/** True when the cause has action texts in every language written on the content day of `now`. */
export async function hasCurrentActions(prisma: Db, causeId: string, now: Date): Promise<boolean> {
  const actions = await prisma.causeAction.findMany({ where: { causeId }, select: { generatedAt: true } });
  return actions.length === LANGUAGES.length && actions.every((a) => isCurrentAction(a.generatedAt, now));
}
