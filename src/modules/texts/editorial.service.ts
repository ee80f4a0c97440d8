// An editor's view of a cause's texts and corrections to them. A correction is stored like a generated
// text, with generator "editor" and isAiGenerated false, under the cause's current contentHash and the
// words it was written for: when the source changes the cause, the refresh keeps it while those words stay
// and it still states the new facts truly; else it writes a new text and records the lapse
// (CorrectionLapse), which `texts held` and `texts show` tell the editor.
import type { Db } from '../../infra/prisma.js';
import { UnknownCauseError } from '../causes/unknown-cause-error.js';
import { EDITOR_GENERATOR } from './editor-generator.js';
import type { Language } from './messages.js';
import { bumpContentVersion } from '../serving/content-version.js';
import { recordServedDailyAction } from '../daily-action/served-snapshot.service.js';
import { recordCauseChanges } from '../causes/cause-changes.service.js';
import { EditorialError, FIELD_MAX_CHARS, MARKUP_REFUSED, type ActionField, type TextField } from './text-fields.js';
import { reviewedWordsOf } from '../review/review-state.js';
import { cleanText, hasMarkup } from '../../text/plain-text.js';

export interface CauseTexts {
  slug: string;
  title: string;
  titleEn: string | null;
  contentHash: string;
  editorialState: 'ok' | 'needs_editor';
  editorialReason: string | null;
  texts: { language: Language; summary: string; generator: string; isAiGenerated: boolean; generatedAt: Date }[];
  actions: ({ language: Language; generator: string; isAiGenerated: boolean; generatedAt: Date } & Record<ActionField, string>)[];
  /** corrections replaced because they no longer fitted the data, newest first */
  correctionLapses: CorrectionLapseView[];
}

export interface CorrectionLapseView {
  language: Language;
  field: string;
  text: string;
  reason: string;
  at: Date;
}
const LAPSE_SELECT = { language: true, field: true, text: true, reason: true, at: true } as const;

export async function causeTexts(prisma: Db, slug: string): Promise<CauseTexts> {
  const cause = await prisma.cause.findUnique({
    where: { slug },
    select: {
      slug: true,
      title: true,
      titleEn: true,
      contentHash: true,
      editorialState: true,
      editorialReason: true,
      texts: { orderBy: { language: 'asc' } },
      actions: { orderBy: { language: 'asc' } },
      correctionLapses: { select: LAPSE_SELECT, orderBy: { at: 'desc' } },
    },
  });
  if (!cause) throw new UnknownCauseError(slug);
  return cause;
}

/** Active causes held for an editor, with their reasons, by slug; at most `limit`, and how many there are in all. */
export async function heldCauses(
  prisma: Db,
  limit: number,
): Promise<{ total: number; causes: { slug: string; title: string; editorialReason: string | null }[] }> {
  const where = { active: true, editorialState: 'needs_editor' as const };
  const [total, causes] = await Promise.all([
    prisma.cause.count({ where }),
    prisma.cause.findMany({ where, select: { slug: true, title: true, editorialReason: true }, orderBy: { slug: 'asc' }, take: limit }),
  ]);
  return { total, causes };
}

/** Corrections of active causes that lapsed, newest first: at most `limit`, and how many there are in all. */
export async function lapsedCorrections(prisma: Db, limit: number): Promise<{ total: number; lapses: (CorrectionLapseView & { slug: string })[] }> {
  const where = { cause: { active: true } };
  const [total, rows] = await Promise.all([
    prisma.correctionLapse.count({ where }),
    prisma.correctionLapse.findMany({
      where,
      select: { ...LAPSE_SELECT, cause: { select: { slug: true } } },
      orderBy: [{ at: 'desc' }, { id: 'asc' }],
      take: limit,
    }),
  ]);
  return { total, lapses: rows.map(({ cause, ...lapse }) => ({ ...lapse, slug: cause.slug })) };
}

/**
 * Stores a person's text for one field in one language. A summary is kept through changes of the cause's data it still fits (see above)
 * changes. An action field needs the cause's action texts (they exist for causes that were the daily
 * action); the corrected action is kept for later picks of the same cause while its data is unchanged.
 */
export async function setText(prisma: Db, slug: string, lang: Language, field: TextField, value: string, now: Date): Promise<void> {
  // Plain text on one line (src/text/plain-text.ts): control, bidi and zero-width characters removed,
  // NFC, spaces collapsed (no-break spaces stay); markup is refused, not guessed away.
  const text = cleanText(value, 'line').replace(/[^\S\u00a0\u2007\u202f]+/g, ' ');
  if (hasMarkup(text)) throw new EditorialError(MARKUP_REFUSED);
  if (!text) throw new EditorialError('The text is empty.');
  if (text.length > FIELD_MAX_CHARS[field]) {
    throw new EditorialError(`The text has ${text.length} characters; ${field} holds at most ${FIELD_MAX_CHARS[field]}.`);
  }
  const cause = await prisma.cause.findUnique({
    where: { slug },
    select: { id: true, contentHash: true, title: true, description: true, organisationName: true, titleEn: true, descriptionEn: true },
  });
  if (!cause) throw new UnknownCauseError(slug);
  // kept through new figures while the source keeps these words and the text stays true (texts.service.ts)
  const edited = { isAiGenerated: false, generator: EDITOR_GENERATOR, contentHash: cause.contentHash, correctedWords: reviewedWordsOf(cause) };
  await prisma.$transaction(async (tx) => {
    if (field === 'summary') {
      await tx.causeText.upsert({
        where: { causeId_language: { causeId: cause.id, language: lang } },
        create: { causeId: cause.id, language: lang, summary: text, generatedAt: now, ...edited },
        update: { summary: text, generatedAt: now, ...edited },
      });
    } else {
      const action = await tx.causeAction.findUnique({ where: { causeId_language: { causeId: cause.id, language: lang } } });
      if (!action) {
        throw new EditorialError(`${slug} has no action texts in "${lang}" yet: they are written when a cause becomes the daily action.`);
      }
      // generatedAt stays: it says for which content day the action is served.
      await tx.causeAction.update({ where: { causeId_language: { causeId: cause.id, language: lang } }, data: { [field]: text, ...edited } });
    }
    await bumpContentVersion(tx);
  });
  // a corrected summary is a change of the served cause (incremental sync)
  if (field === 'summary') await recordCauseChanges(prisma, now);
  // when the cause is today's daily action, the archive keeps the corrected text as served
  await recordServedDailyAction(prisma, now);
}
