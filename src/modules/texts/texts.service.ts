// Writes the generated texts of the catalogue: summaries for every active cause whose data changed, and
// the action objects of the daily pick.
import { bulkPool, type Db } from '../../infra/prisma.js';
import { bulkInsert, inPgTransaction, overPg, type Column } from '../../infra/bulk-insert.js';
import { berlinDate, contentDay } from '../../time/berlin-calendar.js';
import { causeFacts, type CauseFacts, type GeneratedAction, type Language, type TextGenerator } from './text-generator.js';
import { LANGUAGES } from '../causes/list-params.js';
import { BUILT_IN_GENERATOR_PATTERN, DEFAULT_GENERATOR_NAME, writeAction, writeSummary } from './default-generator.js';
import { EDITOR_GENERATOR } from './editor-generator.js';
import { correctionProblem, editorialHold } from './editorial-check.js';
import { ACTION_FIELDS } from './text-fields.js';
import { reviewedWordsOf } from '../review/review-state.js';
import { randomUUID } from 'node:crypto';
import { bumpContentVersion } from '../serving/content-version.js';
import { causesWithStaleSummaries, setEditorialVerdict } from '../../sql/cause.js';
import { deleteCauseTexts } from '../../sql/cause-text.js';
import { bumpContentVersionOverPg } from '../../sql/content-state.js';
import { toPlainText } from '../../text/plain-text.js';

// Generated texts are stored as plain text (src/text/plain-text.ts), whatever a generator returned: no
// markup, control, bidi or zero-width characters, NFC. The built-in generator's texts are plain already
// and stay as written; a text that is empty once made plain is replaced by the built-in generator's.

/** A generated summary (and translated title) as plain text. */
async function plainSummary(written: { text: string; generator: string; title?: string }, facts: CauseFacts, language: Language) {
  const text = await toPlainText(written.text, 'paragraphs');
  const title = written.title === undefined ? null : (await toPlainText(written.title, 'line')) || null;
  return text ? { text, title, generator: written.generator } : { text: writeSummary(facts, language), title, generator: DEFAULT_GENERATOR_NAME };
}

/** A generated action as plain text: the headline on one line. */
async function plainAction(written: { action: GeneratedAction; generator: string }, facts: CauseFacts, language: Language) {
  const { headline, whyNow, whyYou, impactStatement } = written.action;
  const action = {
    ...written.action,
    headline: await toPlainText(headline, 'line'),
    whyNow: await toPlainText(whyNow, 'paragraphs'),
    whyYou: await toPlainText(whyYou, 'paragraphs'),
    impactStatement: await toPlainText(impactStatement, 'paragraphs'),
  };
  return ACTION_FIELDS.every((field) => action[field])
    ? { action, generator: written.generator }
    : { action: writeAction(facts, language), generator: DEFAULT_GENERATOR_NAME };
}

interface TextRow {
  causeId: string;
  language: string;
  summary: string;
  title: string | null;
  isAiGenerated: boolean;
  generator: string;
  contentHash: string;
  generatedAt: Date;
  correctedWords: string | null;
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
  { name: 'correctedWords', arrayType: 'text[]', value: (r) => r.correctedWords },
];

/** An editor's correction replaced because it no longer fitted the data (CorrectionLapse). */
interface LapseRow {
  id: string;
  causeId: string;
  language: string;
  field: string;
  text: string;
  reason: string;
  at: Date;
}
const LAPSE_COLUMNS: Column<LapseRow>[] = [
  { name: 'id', arrayType: 'uuid[]', value: (r) => r.id },
  { name: 'causeId', arrayType: 'uuid[]', value: (r) => r.causeId },
  { name: 'language', arrayType: 'text[]::"Language"[]', value: (r) => r.language },
  { name: 'field', arrayType: 'text[]', value: (r) => r.field },
  { name: 'text', arrayType: 'text[]', value: (r) => r.text },
  { name: 'reason', arrayType: 'text[]', value: (r) => r.reason },
  { name: 'at', arrayType: 'timestamptz[]', value: (r) => r.at },
];

/**
 * Summaries in every language for active causes whose texts are missing or were written from older
 * data; returns how many were written. Written in batches: the stale rows of a batch are replaced in
 * one transaction.
 */
export async function generateSummaries(prisma: Db, generator: TextGenerator, now: Date): Promise<number> {
  const today = berlinDate(now);
  // The check is one query, decided in the database from the hashes alone (see staleCauseIds): an
  // unchanged catalogue costs one scan of narrow rows, not a read of every cause and its texts. The
  // texts are written for the stale causes in small batches, whose full rows are read then, so memory
  // stays flat whatever the catalogue's size (the stale ids themselves are ~60 bytes a cause).
  const WRITE_BATCH = generator.summaryBatch ?? 250;
  const staleIds = await staleCauseIds(prisma);
  // A batch's write runs in the database while the next batch's texts are written here (at most one
  // write in flight).
  let written = 0;
  let writing: Promise<number> | null = null;
  try {
    for (let i = 0; i < staleIds.length; i += WRITE_BATCH) {
      const batch = await writeSummaries(prisma, generator, staleIds.slice(i, i + WRITE_BATCH), today);
      if (writing) written += await writing;
      writing = storeSummaries(prisma, batch, now);
      writing.catch(() => undefined); // awaited above or below; a failure must not go unhandled meanwhile
    }
  } finally {
    if (writing) written += await writing;
  }
  return written;
}

/**
 * The ids (ascending) of active causes whose summary in some language is missing, was written from
 * other data (its contentHash is not the cause's), or is the wording of an earlier version of the
 * built-in generator (an older version than the current one: such a text is rewritten once with the
 * current wording). One hash join of the texts that are current, counted per cause, with the causes: a
 * probe per cause and language (the query before) cost a second at 100,000 causes.
 */
async function staleCauseIds(prisma: Db): Promise<string[]> {
  // over plain pg: up to a catalogue's worth of ids
  const rows = await causesWithStaleSummaries(bulkPool(prisma), {
    languages: LANGUAGES,
    generator: DEFAULT_GENERATOR_NAME,
    builtInPattern: BUILT_IN_GENERATOR_PATTERN,
  });
  return rows.map((row) => row.id);
}

interface WrittenBatch {
  causeIds: string[];
  rows: Omit<TextRow, 'generatedAt'>[];
  lapses: Omit<LapseRow, 'id' | 'at'>[];
  /** the causes' ids by the editorial check's verdict ('' passes) */
  verdicts: Map<string, string[]>;
}

/** Writes the summaries of the given causes in every language and checks them (storeSummaries stores them). */
async function writeSummaries(prisma: Db, generator: TextGenerator, ids: string[], today: string): Promise<WrittenBatch> {
  const stale = await prisma.cause.findMany({
    where: { id: { in: ids } },
    orderBy: { id: 'asc' },
    include: { texts: { where: { generator: EDITOR_GENERATOR } } },
  });
  const lapses: WrittenBatch['lapses'] = [];
  // Every text of the batch is asked for at once; a language-model generator bounds its own concurrency.
  const rows = await Promise.all(
    stale.flatMap((cause) => {
      const facts = causeFacts(cause, today);
      const words = reviewedWordsOf(cause);
      return LANGUAGES.map(async (language): Promise<WrittenBatch['rows'][number]> => {
        // An editor's correction is kept through new data it still fits; else the lapse is recorded.
        const corrected = cause.texts.find((text) => text.language === language);
        if (corrected) {
          const problem = correctionProblem([corrected.summary], facts, language, corrected.correctedWords !== words);
          if (!problem) return { ...corrected, contentHash: cause.contentHash };
          lapses.push({ causeId: cause.id, language, field: 'summary', text: corrected.summary, reason: problem });
        }
        const summary = await plainSummary(await generator.summary(facts, language), facts, language);
        return {
          causeId: cause.id,
          language,
          summary: summary.text,
          title: summary.title,
          isAiGenerated: true,
          generator: summary.generator,
          contentHash: cause.contentHash,
          correctedWords: null,
        };
      });
    }),
  );
  // The editorial check with the texts just written (another generator's may fail where the built-in
  // one passes); causes with the same verdict are updated together.
  const summaries = new Map(rows.map((r) => [`${r.causeId}|${r.language}`, r.summary]));
  const verdicts = new Map<string, string[]>();
  for (const cause of stale) {
    const written = Object.fromEntries(LANGUAGES.map((language) => [language, { summary: summaries.get(`${cause.id}|${language}`) }]));
    const hold = editorialHold(causeFacts(cause, today), written);
    const key = hold ?? '';
    const ids = verdicts.get(key);
    if (ids) ids.push(cause.id);
    else verdicts.set(key, [cause.id]);
  }
  return { causeIds: stale.map((c) => c.id), rows, lapses, verdicts };
}

/** Stores a batch's summaries, replacing the causes' texts, with their verdicts; returns how many. */
async function storeSummaries(prisma: Db, { causeIds, rows, lapses, verdicts }: WrittenBatch, now: Date): Promise<number> {
  // Each batch is announced with its own version bump, so an interrupted run loses nothing it wrote. The
  // texts go over plain pg (bulkPool): through Prisma, their bytes cost several times as much.
  await inPgTransaction(bulkPool(prisma), async (client) => {
    await deleteCauseTexts(client, causeIds);
    // a kept correction keeps the time it was made
    await bulkInsert(
      overPg(client),
      'CauseText',
      TEXT_COLUMNS,
      rows.map((row) => ({ generatedAt: now, ...row })),
    );
    await bulkInsert(
      overPg(client),
      'CorrectionLapse',
      LAPSE_COLUMNS,
      lapses.map((lapse) => ({ ...lapse, id: randomUUID(), at: now })),
    );
    for (const [reason, ids] of verdicts) {
      // only where the verdict changed (the import stored the data's verdict): a row rewritten costs its whole width
      await setEditorialVerdict(client, ids, reason ? 'needs_editor' : 'ok', reason || null);
    }
    await bumpContentVersionOverPg(client);
  });
  return rows.length;
}

/** The action objects of one cause in every language, written for the given Berlin date, together. */
export async function generateActions(prisma: Db, generator: TextGenerator, causeId: string, now: Date): Promise<void> {
  const cause = await prisma.cause.findUniqueOrThrow({ where: { id: causeId }, include: { actions: true } });
  const facts = causeFacts(cause, berlinDate(now));
  const writes = [];
  const words = reviewedWordsOf(cause);
  for (const language of LANGUAGES) {
    const where = { causeId_language: { causeId, language } };
    // An editor's correction is served again (its wording names dates, never "today") while the data is
    // unchanged, or changed in what it still fits; else the lapse is recorded and the action written anew.
    const corrected = cause.actions.find((a) => a.language === language && a.generator === EDITOR_GENERATOR);
    if (corrected) {
      const texts = ACTION_FIELDS.map((field) => corrected[field]);
      const problem =
        corrected.contentHash === cause.contentHash ? null : correctionProblem(texts, facts, language, corrected.correctedWords !== words, { action: true });
      if (!problem) {
        writes.push(prisma.causeAction.update({ where, data: { generatedAt: now, contentHash: cause.contentHash } }));
        continue;
      }
      const text = ACTION_FIELDS.map((field, i) => `${field}: ${texts[i]}`).join('\n');
      writes.push(prisma.correctionLapse.create({ data: { causeId, language, field: 'action', text, reason: problem, at: now } }));
    }
    const written = await plainAction(await generator.action(facts, language), facts, language);
    const data = {
      ...written.action,
      isAiGenerated: true,
      generator: written.generator,
      contentHash: cause.contentHash,
      generatedAt: now,
      correctedWords: null,
    };
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
