// The editor's desk on the command line (the same use cases as /desk and the GraphQL mutations):
//   npm run review -- queue [--limit N] [--flagged-first]
//   npm run review -- show SLUG
//   npm run review -- approve|release SLUG --by NAME [--reason TEXT]
//   npm run review -- reject SLUG --by NAME --reason TEXT
//   npm run review -- preview
//   npm run review -- choose SLUG --by NAME
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env.js';
import { runCommand, UsageError } from './command.js';
import { generatorFor } from './generator.js';
import { openDatabase } from '../infra/database.js';
import { chooseNextDailyAction, DECISIONS, decideReview, previewNextDailyAction, reviewHistory, reviewQueue } from '../modules/review/review.service.js';
import type { EditorDecision } from '../modules/review/desk.js';
import { ACTION_FIELDS } from '../modules/texts/text-fields.js';
import { systemClock } from '../time/clock.js';

const HELP = {
  queue: `npm run review -- queue [--limit N] [--flagged-first]
  The causes waiting for an editor, in the order the coming day's pick would take them once approved,
  with the screens' flags and both summaries.
  --limit N          how many to show (default 20)
  --flagged-first    the heaviest flags first`,
  show: `npm run review -- show SLUG
  A cause's review state and every decision on it (who, when, why).`,
  approve: `npm run review -- approve SLUG --by NAME [--reason TEXT]
  Listed, and may be the daily action, while the source keeps the words you read.`,
  release: `npm run review -- release SLUG --by NAME [--reason TEXT]
  Listed, but never the daily action.`,
  reject: `npm run review -- reject SLUG --by NAME --reason TEXT
  Listed nowhere; incremental sync reports it removed ("rejected"). Today's daily action is replaced.`,
  preview: `npm run review -- preview
  The coming day's daily action as things stand, with its eight action texts (German and English).`,
  choose: `npm run review -- choose SLUG --by NAME
  Makes an eligible cause the coming day's daily action (before the 02:00 refresh chooses one).`,
};
const USAGE = `Usage:\n${Object.values(HELP)
  .map((text) => `  ${text.split('\n')[0]}`)
  .join('\n')}\n  npm run review -- COMMAND --help   more about one command`;

const COMMANDS = Object.keys(HELP) as (keyof typeof HELP)[];

function indent(text: string, by = '    '): string {
  return text.replace(/^/gm, by);
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!COMMANDS.includes(command as keyof typeof HELP)) throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
  const { values, positionals } = parseArgs({
    args: rest,
    options: { limit: { type: 'string' }, 'flagged-first': { type: 'boolean' }, by: { type: 'string' }, reason: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const takesSlug = command !== 'queue' && command !== 'preview';
  if (takesSlug && positionals.length !== 1) throw new UsageError(`${command} takes exactly one slug.`);
  if (!takesSlug && positionals.length) throw new UsageError(`${command} takes no slug.`);
  if ((values.limit !== undefined || values['flagged-first']) && command !== 'queue') throw new UsageError('--limit and --flagged-first go with queue.');
  if (values.limit !== undefined && !/^[1-9]\d{0,3}$/.test(values.limit)) throw new UsageError('--limit is a whole number from 1 to 9999.');
  const decides = command in DECISIONS;
  const by = values.by?.trim();
  if ((decides || command === 'choose') && !by) throw new UsageError(`${command} needs --by NAME: every decision is recorded with who made it.`);
  if (!decides && command !== 'choose' && values.by !== undefined) throw new UsageError(`${command} takes no --by.`);
  if (!decides && values.reason !== undefined) throw new UsageError(`${command} takes no --reason.`);

  const config = loadConfig();
  const db = await openDatabase(config, { maxConnections: 2, mustExist: true });
  const now = systemClock();
  try {
    if (command === 'queue') {
      const queue = await reviewQueue(db.prisma, now, { limit: Number(values.limit ?? 20), flaggedFirst: values['flagged-first'] });
      if (!queue.total) {
        console.log('No cause is waiting for an editor.');
        return 0;
      }
      const lines = [`${queue.total} ${queue.total === 1 ? 'cause is' : 'causes are'} waiting for an editor:`];
      for (const item of queue.items) {
        lines.push(
          '',
          `${item.slug}  (${item.category}, ${item.sourceName}; ${item.listed ? 'listed meanwhile' : 'not listed until reviewed'}; score ${item.urgencyTotal})`,
        );
        lines.push(`  title: ${item.title}`, `  by: ${item.organisationName}`, `  page: ${item.sourceUrl}`);
        lines.push(item.flags.length ? `  flags: ${item.flags.map((flag) => flag.reason).join('; ')}` : '  flags: none');
        if (item.editorialReason) lines.push(`  held for an editor: ${item.editorialReason}`);
        for (const lang of ['de', 'en'] as const) lines.push(`  summary ${lang}: ${item.summaries[lang] ?? '(not written yet)'}`);
      }
      if (queue.total > queue.items.length) lines.push('', `… and ${queue.total - queue.items.length} more (--limit N shows more)`);
      console.log(lines.join('\n'));
      return 0;
    }
    if (command === 'preview') {
      const preview = await previewNextDailyAction(db.prisma, generatorFor(config), now);
      if (!preview) {
        console.log("No cause is eligible as the coming day's daily action: /api/v1/daily-action would answer 503.");
        return 0;
      }
      const lines = [
        `The daily action of ${preview.day}: ${preview.slug} (${preview.title})`,
        preview.chosenBy ? `  chosen by ${preview.chosenBy}` : '  as the 02:00 pick would choose it now',
      ];
      for (const lang of ['de', 'en'] as const) {
        lines.push(`  ${lang}:`);
        for (const field of ACTION_FIELDS) lines.push(indent(`${field}: ${preview.actions[lang][field]}`));
      }
      console.log(lines.join('\n'));
      return 0;
    }
    const slug = positionals[0];
    if (command === 'show') {
      const history = await reviewHistory(db.prisma, slug);
      const lines = [`${slug}: ${history.state}`];
      for (const event of history.events) {
        lines.push(
          `  ${event.at.toISOString()} ${event.decision} by ${event.by} (${event.fromState} → ${event.toState})${event.reason ? `: ${event.reason}` : ''}`,
        );
      }
      if (!history.events.length) lines.push('  no decision yet');
      console.log(lines.join('\n'));
      return 0;
    }
    if (command === 'choose') {
      const chosen = await chooseNextDailyAction(db.prisma, slug, { by: by! }, now);
      console.log(`${chosen.slug} is the daily action of ${chosen.day}; the 02:00 refresh writes its texts.`);
      return 0;
    }
    const outcome = await decideReview(db.prisma, generatorFor(config), slug, command as EditorDecision, { by: by!, reason: values.reason }, now);
    const meaning = { approved: 'listed, and may be the daily action', released: 'listed, never the daily action', rejected: 'listed nowhere' } as const;
    console.log(`${slug}: ${outcome.from} → ${outcome.state} (${meaning[outcome.state as keyof typeof meaning]}).`);
    if (outcome.replacement !== undefined) {
      console.log(
        outcome.replacement
          ? `It was today's daily action; the daily action is now ${outcome.replacement.slug}.`
          : `It was today's daily action; no other cause is eligible, so /api/v1/daily-action answers 503 today.`,
      );
    }
    return 0;
  } finally {
    await db.close();
  }
}

export const command = { main, usage: USAGE, help: HELP };

runCommand(command, import.meta.url);
