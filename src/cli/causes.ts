// Operator command for suppression:
//   npm run causes -- suppress SLUG --reason TEXT
//   npm run causes -- unsuppress SLUG
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env.js';
import { runCommand, UsageError } from './command.js';
import { openDatabase } from '../infra/database.js';
import { createLogger } from '../infra/logger.js';
import { suppressCause, UnknownCauseError, unsuppressCause } from '../modules/causes/suppression.service.js';
import { createLlmGenerator } from '../modules/texts/llm-generator.js';
import { defaultTextGenerator } from '../modules/texts/text-generator.js';

const USAGE = `Usage:
  npm run causes -- suppress SLUG --reason TEXT
  npm run causes -- unsuppress SLUG`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'suppress' && command !== 'unsuppress') throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
  const { values, positionals } = parseArgs({ args: rest, options: { reason: { type: 'string' } }, allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new UsageError(`${command} takes exactly one slug.`);
  const reason = values.reason?.trim();
  if (command === 'suppress' && !reason) throw new UsageError('--reason is required: say why the cause is suppressed.');
  if (command === 'unsuppress' && values.reason !== undefined) throw new UsageError('unsuppress takes no --reason.');

  const config = loadConfig();
  const logger = createLogger({ logLevel: 'warn' });
  const generator = config.llm
    ? createLlmGenerator(config.llm, defaultTextGenerator, { warn: (m) => logger.warn(m) })
    : defaultTextGenerator;
  const db = await openDatabase(config, { maxConnections: 2 });
  try {
    const slug = positionals[0];
    if (command === 'suppress') {
      const outcome = await suppressCause(db.prisma, slug, reason!, new Date(), generator);
      console.log(outcome.changed ? `Suppressed ${slug}: it stays in the list and is never the daily action.` : `${slug} was already suppressed; reason updated.`);
      if (outcome.replacement !== undefined) {
        console.log(
          outcome.replacement
            ? `It was today's daily action; the daily action is now ${outcome.replacement.slug} (score ${outcome.replacement.scoreTotal}).`
            : `It was today's daily action; no other cause is eligible, so /api/v1/daily-action answers 503 today.`,
        );
      }
    } else {
      const outcome = await unsuppressCause(db.prisma, slug);
      console.log(outcome.changed ? `Unsuppressed ${slug}: it can be chosen as the daily action again.` : `${slug} was not suppressed.`);
    }
    return 0;
  } catch (error) {
    if (error instanceof UnknownCauseError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}

runCommand(main, USAGE);
