// Editorial command for the generated texts:
//   npm run texts -- show SLUG
//   npm run texts -- held [--limit N]
//   npm run texts -- set SLUG --lang de|en --field summary|headline|whyNow|whyYou|impactStatement TEXT
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env.js';
import { runCommand, UsageError } from './command.js';
import { openDatabase } from '../infra/database.js';
import { causeTexts, heldCauses, lapsedCorrections, setText } from '../modules/texts/editorial.service.js';
import { ACTION_FIELDS, TEXT_FIELDS, type TextField } from '../modules/texts/text-fields.js';
import { systemClock } from '../time/clock.js';
import { LANGUAGES, type Language } from '../modules/causes/list-params.js';

const USAGE = `Usage:
  npm run texts -- show SLUG
  npm run texts -- held [--limit N]
  npm run texts -- set SLUG --lang de|en --field ${TEXT_FIELDS.join('|')} TEXT`;

const who = (t: { generator: string; isAiGenerated: boolean }) => (t.isAiGenerated ? `written by ${t.generator}` : 'written by an editor');

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'show' && command !== 'set' && command !== 'held') throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
  const { values, positionals } = parseArgs({
    args: rest,
    options: { lang: { type: 'string' }, field: { type: 'string' }, limit: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (command === 'show' && (positionals.length !== 1 || values.lang || values.field || values.limit)) throw new UsageError('show takes exactly one slug.');
  if (command === 'held' && (positionals.length || values.lang || values.field)) throw new UsageError('held takes no arguments but --limit N.');
  if (values.limit !== undefined && (command !== 'held' || !/^[1-9]\d{0,5}$/.test(values.limit)))
    throw new UsageError('--limit goes with held and is a whole number from 1.');
  if (command === 'set') {
    if (positionals.length !== 2) throw new UsageError('set takes a slug and the text (quote it).');
    if (!LANGUAGES.includes(values.lang as Language)) throw new UsageError(`--lang must be ${LANGUAGES.join(' or ')}.`);
    if (!TEXT_FIELDS.includes(values.field as TextField)) throw new UsageError(`--field must be one of ${TEXT_FIELDS.join(', ')}.`);
  }

  const config = loadConfig();
  const db = await openDatabase(config, { maxConnections: 2, mustExist: true });
  try {
    if (command === 'held') {
      const limit = Number(values.limit ?? 50);
      const [held, lapsed] = await Promise.all([heldCauses(db.prisma, limit), lapsedCorrections(db.prisma, limit)]);
      const lines = held.total
        ? [`${held.total} active ${held.total === 1 ? 'cause is' : 'causes are'} held for an editor (never the daily action):`]
        : ['No active cause is held for an editor.'];
      for (const cause of held.causes) lines.push(`  ${cause.slug}: ${cause.editorialReason ?? 'no reason recorded'}`);
      if (held.total > held.causes.length) lines.push(`  … and ${held.total - held.causes.length} more (--limit N shows more)`);
      if (lapsed.total) {
        lines.push(
          '',
          `${lapsed.total} ${lapsed.total === 1 ? 'correction was' : 'corrections were'} replaced because the source's data changed under ${lapsed.total === 1 ? 'it' : 'them'}:`,
        );
        for (const lapse of lapsed.lapses) lines.push(`  ${lapse.slug} [${lapse.language}] ${lapse.field}, ${lapse.at.toISOString()}: ${lapse.reason}`);
        if (lapsed.total > lapsed.lapses.length) lines.push(`  … and ${lapsed.total - lapsed.lapses.length} more (--limit N shows more)`);
      }
      console.log(lines.join('\n'));
      return 0;
    }
    const slug = positionals[0];
    if (command === 'set') {
      const field = values.field as TextField;
      const now = systemClock();
      await setText(db.prisma, slug, values.lang as Language, field, positionals[1], now);
      console.log(
        field === 'summary'
          ? `Saved the ${values.lang} summary of ${slug}. It is served while the source keeps the cause's words and it still fits the data.`
          : `Saved ${field} (${values.lang}) of ${slug}'s action. It is served while the source keeps the cause's words and it still fits the data.`,
      );
      return 0;
    }
    const texts = await causeTexts(db.prisma, slug);
    const lines = [
      `${texts.slug}`,
      `  title (de): ${texts.title}`,
      `  title (en): ${texts.titleEn ?? '(none; the German title is shown)'}`,
      texts.editorialState === 'ok'
        ? '  editorial state: ok'
        : `  editorial state: needs an editor (${texts.editorialReason ?? 'no reason recorded'}); never the daily action`,
    ];
    for (const language of LANGUAGES) {
      const text = texts.texts.find((t) => t.language === language);
      lines.push('', `[${language}] summary (${text ? `${who(text)}, ${text.generatedAt.toISOString()}` : 'not written yet'}):`, `  ${text?.summary ?? '-'}`);
      const action = texts.actions.find((a) => a.language === language);
      if (action) {
        lines.push(`[${language}] action (${who(action)}, for the content day of ${action.generatedAt.toISOString()}):`);
        for (const field of ACTION_FIELDS) lines.push(`  ${field}: ${action[field]}`);
      } else lines.push(`[${language}] action: none (written when the cause becomes the daily action)`);
    }
    for (const lapse of texts.correctionLapses) {
      lines.push(
        '',
        `[${lapse.language}] correction of ${lapse.field} replaced ${lapse.at.toISOString()}: ${lapse.reason}`,
        ...lapse.text.split('\n').map((line) => `  ${line}`),
      );
    }
    console.log(lines.join('\n'));
    return 0;
  } finally {
    await db.close();
  }
}

const HELP = {
  show: `npm run texts -- show SLUG
  Prints every text of the cause (summaries, action texts) in both languages, and who wrote each.`,
  held: `npm run texts -- held [--limit N]
  Lists the active causes held for an editor (their data cannot be written up honestly), with the reason.`,
  set: `npm run texts -- set SLUG --lang de|en --field ${TEXT_FIELDS.join('|')} TEXT
  Stores an editor's text; it is served at once and kept until the source changes the cause.`,
};

export const command = { main, usage: USAGE, help: HELP };

runCommand(command, import.meta.url);
