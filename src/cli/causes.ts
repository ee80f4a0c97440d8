// Operator command for causes:
//   npm run causes -- list [--category C] [--suppressed] [--search TEXT] [--all] [--json]
//   npm run causes -- suppress SLUG --reason TEXT [--by NAME]
//   npm run causes -- unsuppress SLUG [--by NAME]
//   npm run causes -- remove-demo
import { parseArgs } from 'node:util';
import { CATEGORY_VALUES } from '../modules/causes/list-params.js';
import { loadConfig } from '../config/env.js';
import { runCommand, UsageError } from './command.js';
import { openDatabase } from '../infra/database.js';
import { suppressCause, unsuppressCauseAndPick } from '../modules/daily-action/suppress-cause.service.js';
import { removeDemoCatalogue } from '../modules/refresh/demo-removal.service.js';
import { generatorFor } from './generator.js';
import { systemClock } from '../time/clock.js';

const HELP = {
  list: `npm run causes -- list [--category Spenden|Petition|Brief] [--suppressed] [--search TEXT] [--all] [--json]
  Lists the active causes to find a slug: slug, category, suppressed or not, title (ordered by title).
  --category C    only this category
  --suppressed    only suppressed causes
  --search TEXT   only causes whose title, slug or organisation contains TEXT (any case)
  --all           inactive causes too (they left their feed or their deadline passed)
  --json          one JSON object per cause: slug, title, category, organisationName, active, suppressed, suppressedReason`,
  suppress: `npm run causes -- suppress SLUG --reason TEXT [--by NAME]
  Keeps the cause out of the daily action (it stays in /causes). If it is today's daily action, a
  replacement is chosen at once. Recorded in the suppression history (GraphQL suppressionEvents).
  --by NAME       who suppresses it, kept in the history`,
  unsuppress: `npm run causes -- unsuppress SLUG [--by NAME]
  Lets the cause be chosen as the daily action again. Recorded in the suppression history.
  --by NAME       who unsuppresses it, kept in the history`,
  'remove-demo': `npm run causes -- remove-demo
  Removes the made-up demo catalogue from the database: the demo sources, their causes with their
  texts, and the daily picks that named them. If today's daily action was a demo cause, another cause
  is chosen at once. Real sources and their causes are left as they are.`,
};

const USAGE = `Usage:
  npm run causes -- list [--category Spenden|Petition|Brief] [--suppressed] [--search TEXT] [--all] [--json]
  npm run causes -- suppress SLUG --reason TEXT [--by NAME]
  npm run causes -- unsuppress SLUG [--by NAME]
  npm run causes -- remove-demo
  npm run causes -- COMMAND --help   more about one command`;

async function list(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      category: { type: 'string' },
      suppressed: { type: 'boolean', default: false },
      search: { type: 'string' },
      all: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.category !== undefined && !(CATEGORY_VALUES as readonly string[]).includes(values.category)) {
    throw new UsageError(`--category must be one of ${CATEGORY_VALUES.join(', ')}.`);
  }
  const search = values.search?.trim();
  const db = await openDatabase(loadConfig(), { maxConnections: 2, mustExist: true });
  try {
    const causes = await db.prisma.cause.findMany({
      where: {
        ...(values.all ? {} : { active: true }),
        ...(values.suppressed ? { suppressed: true } : {}),
        ...(values.category ? { category: values.category as (typeof CATEGORY_VALUES)[number] } : {}),
        ...(search
          ? {
              OR: [
                { title: { contains: search, mode: 'insensitive' as const } },
                { slug: { contains: search, mode: 'insensitive' as const } },
                { organisationName: { contains: search, mode: 'insensitive' as const } },
              ],
            }
          : {}),
      },
      orderBy: [{ title: 'asc' }, { slug: 'asc' }],
      select: { slug: true, title: true, category: true, organisationName: true, active: true, suppressed: true, suppressedReason: true },
    });
    if (values.json) {
      for (const cause of causes) console.log(JSON.stringify(cause));
      return 0;
    }
    if (!causes.length) {
      console.log('No causes match.');
      return 0;
    }
    for (const c of causes) {
      const flags = [c.active ? '' : 'inactive', c.suppressed ? `suppressed: ${c.suppressedReason ?? ''}` : ''].filter(Boolean).join(', ');
      console.log(`${c.slug}  ${c.category}  ${c.title}${flags ? `  (${flags})` : ''}`);
    }
    console.log(`${causes.length} cause${causes.length === 1 ? '' : 's'}`);
    return 0;
  } finally {
    await db.close();
  }
}

async function removeDemo(args: string[]): Promise<number> {
  parseArgs({ args, options: {}, strict: true });
  const config = loadConfig();
  const db = await openDatabase(config, { maxConnections: 2, mustExist: true });
  try {
    const removal = await removeDemoCatalogue(db.prisma, generatorFor(config), systemClock());
    if (!removal.sources.length) {
      console.log('No demo source in this database: nothing removed.');
      return 0;
    }
    const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
    console.log(
      `Removed ${plural(removal.causes, 'demo cause', 'demo causes')} of ${plural(removal.sources.length, 'demo source', 'demo sources')} (${removal.sources.join(', ')}) and ${plural(removal.picks, 'daily pick', 'daily picks')} that named them.`,
    );
    if (removal.replacement !== undefined) {
      console.log(
        removal.replacement
          ? `Today's daily action was a demo cause; it is now ${removal.replacement}.`
          : `Today's daily action was a demo cause; no other cause is eligible, so /api/v1/daily-action answers 503 until the next refresh.`,
      );
    }
    return 0;
  } finally {
    await db.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'list') return list(rest);
  if (command === 'remove-demo') return removeDemo(rest);
  if (command !== 'suppress' && command !== 'unsuppress') throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
  const { values, positionals } = parseArgs({
    args: rest,
    options: { reason: { type: 'string' }, by: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError(`${command} takes exactly one slug.`);
  const reason = values.reason?.trim();
  if (command === 'suppress' && !reason) throw new UsageError('--reason is required: say why the cause is suppressed.');
  if (command === 'unsuppress' && values.reason !== undefined) throw new UsageError('unsuppress takes no --reason.');
  const by = values.by?.trim();
  if (values.by !== undefined && !by) throw new UsageError('--by needs a name.');
  const actor = { by: by ?? null };

  const config = loadConfig();
  const generator = generatorFor(config);
  const db = await openDatabase(config, { maxConnections: 2, mustExist: true });
  try {
    const slug = positionals[0];
    if (command === 'suppress') {
      const outcome = await suppressCause(db.prisma, slug, reason!, systemClock(), generator, actor);
      console.log(
        outcome.changed ? `Suppressed ${slug}: it stays in the list and is never the daily action.` : `${slug} was already suppressed; reason updated.`,
      );
      if (outcome.replacement !== undefined) {
        console.log(
          outcome.replacement
            ? `It was today's daily action; the daily action is now ${outcome.replacement.slug} (score ${outcome.replacement.scoreTotal}).`
            : `It was today's daily action; no other cause is eligible, so /api/v1/daily-action answers 503 today.`,
        );
      }
    } else {
      const outcome = await unsuppressCauseAndPick(db.prisma, slug, systemClock(), generator, actor);
      console.log(outcome.changed ? `Unsuppressed ${slug}: it can be chosen as the daily action again.` : `${slug} was not suppressed.`);
      if (outcome.replacement) {
        console.log(`Today had no daily action; it is now ${outcome.replacement.slug} (score ${outcome.replacement.scoreTotal}).`);
      }
    }
    return 0;
  } finally {
    await db.close();
  }
}

export const command = { main, usage: USAGE, help: HELP };

runCommand(command, import.meta.url);
