// Prints every text the built-in generator writes for a catalogue, in German and English, for an editor
// to read: `node --import tsx scripts/print-texts.ts [--as-of YYYY-MM-DD] [FEED.json …]` (default: the
// demo catalogue in config/demo; a demo file's deadlineInDays count from --as-of, default today), or
// with --real-data the texts of the real platforms' data (test/fixtures/real-data) as the service serves
// them after a refresh of every file into the DATABASE_URL database, configured as an operator configures
// it (--every-item-an-action: every feed item taken as an action, the texts' stress).
import fs from 'node:fs';
import path from 'node:path';
import { allRealDataSources, configuredRealDataSources } from '../test/helpers/real-data-sources.js';
import { loadConfig } from '../src/config/env.js';
import { openDatabase } from '../src/infra/database.js';
import { currentSummary, servedTitle } from '../src/modules/causes/served-text.js';
import { berlinDate, dateFromDb, isCalendarDate } from '../src/time/berlin-calendar.js';
import { oldestPickableFigures } from '../src/modules/daily-action/daily-pick.service.js';
import { FIGURES_MAX_AGE_DAYS } from '../src/modules/causes/staleness.js';
import { parseScriptArgs, usageError } from '../src/cli/script-args.js';
import { itemFacts } from '../src/modules/causes/cause-import.service.js';
import { countByReason, runRefresh } from '../src/modules/refresh/refresh.service.js';
import { demoFeedItems } from '../src/modules/sources/demo-feed.js';
import { checkFeedItem } from '../src/modules/sources/feed-item.js';
import { parseSourcesConfig } from '../src/modules/sources/sources-config.js';
import { defaultTextGenerator, writeAction, writeSummary } from '../src/modules/texts/default-generator.js';
import { editorialHold } from '../src/modules/texts/editorial-check.js';
import { causeFacts, type CauseFacts } from '../src/modules/texts/text-generator.js';

const USAGE = `Usage: node --import tsx scripts/print-texts.ts [--as-of YYYY-MM-DD] [FEED.json …]
       DATABASE_URL=postgres://… node --import tsx scripts/print-texts.ts --real-data [--every-item-an-action] [--as-of YYYY-MM-DD]
  Prints every text the built-in generator writes for the causes of the feeds (default: the demo
  catalogue in config/demo), in German and English, for an editor to read.
  --as-of DATE   the day the texts are written on (default: today in Berlin); a demo file's
                 deadlineInDays count from it
  --real-data    instead: every file of test/fixtures/real-data, one source each, configured as
                 docs/sources.md tells an operator to (the news and podcast feeds with no action
                 rule: none of their items is an action), refreshed at 10:00 UTC of --as-of into
                 the DATABASE_URL database (empty, or filled by this option before: it refuses one
                 holding other sources); then, per active cause as stored: slug, category,
                 organisation, source, editorial state, the title and summary as served, and for a
                 cause that may be the daily action the action texts as the generator writes them (a
                 cause held for an editor, or whose figures are more than a year old, gets none), in
                 German and English
  --every-item-an-action
                 with --real-data: every feed item taken as an action, as the end-to-end test
                 configures the files (the stress of the texts' rules; use a database of its own)`;
const { values, positionals } = parseScriptArgs(USAGE, {
  'as-of': { type: 'string' },
  'real-data': { type: 'boolean' },
  'every-item-an-action': { type: 'boolean' },
});
if (values['as-of'] !== undefined && !isCalendarDate(values['as-of'])) usageError('--as-of must be a date written YYYY-MM-DD.', USAGE);
if (values['real-data'] && positionals.length) usageError('--real-data takes no feed files.', USAGE);
if (values['every-item-an-action'] && !values['real-data']) usageError('--every-item-an-action goes with --real-data.', USAGE);
const today = values['as-of'] ?? berlinDate(new Date());

/**
 * A cause's texts in both languages; the action texts only for a cause that may be the daily action: the
 * service writes them at the pick, never for a cause held for an editor or one whose figures are too old
 * to be picked (`noAction`).
 */
function printTexts(facts: CauseFacts, noAction: boolean, summary: (lang: 'de' | 'en') => string, title?: (lang: 'de' | 'en') => string) {
  for (const lang of ['de', 'en'] as const) {
    if (title) console.log(`  [${lang}] title:    ${title(lang)}`);
    console.log(`  [${lang}] summary:  ${summary(lang)}`);
    if (noAction) continue;
    const action = writeAction(facts, lang);
    console.log(`  [${lang}] headline: ${action.headline}`);
    console.log(`  [${lang}] whyNow:   ${action.whyNow}`);
    console.log(`  [${lang}] whyYou:   ${action.whyYou}`);
    console.log(`  [${lang}] impact:   ${action.impactStatement}`);
  }
  console.log('');
}

async function printRealData() {
  const config = loadConfig();
  if (!config.databaseUrl) usageError('--real-data writes into the DATABASE_URL database: set DATABASE_URL.', USAGE);
  const now = new Date(`${today}T10:00:00Z`);
  const sources = parseSourcesConfig({ sources: values['every-item-an-action'] ? allRealDataSources() : configuredRealDataSources() }, '/');
  const db = await openDatabase(config, { maxConnections: 2 });
  try {
    const { prisma } = db;
    const others = await prisma.source.findMany({ where: { name: { notIn: sources.map((s) => s.name) } }, select: { name: true } });
    if (others.length) usageError(`The database holds other sources (${others.map((s) => s.name).join(', ')}): use an empty one.`, USAGE);
    const log = { info: () => {}, warn: () => {} };
    const result = await runRefresh({ prisma, sources, generator: defaultTextGenerator, now, clock: () => now, trigger: 'manual', log, force: true });
    if (result.status !== 'succeeded') throw new Error(`the refresh ${result.status}: ${result.error ?? ''}`);
    const causes = await prisma.cause.findMany({
      where: { active: true },
      include: { source: true, texts: true },
      orderBy: [{ source: { name: 'asc' } }, { externalId: 'asc' }],
    });
    const inactive = await prisma.cause.findMany({ where: { active: false }, select: { inactiveReason: true, source: { select: { name: true } } } });
    console.log(`${causes.length} active causes of ${sources.length} sources, refreshed for ${result.day}; daily action: ${result.pick?.slug ?? 'none'}`);
    for (const source of result.sources) {
      const skipped = Object.entries(source.skippedByReason ?? {}).map(([reason, n]) => `${n} ${reason}`);
      const ended = Object.entries(
        countByReason(inactive.filter((cause) => cause.source.name === source.name).map((cause) => ({ reason: cause.inactiveReason ?? 'no reason' }))),
      ).map(([reason, n]) => `${n} ${reason}`);
      const active = causes.filter((cause) => cause.source.name === source.name).length;
      console.log(
        `  ${source.name}: ${active} active; ${source.counts?.new ?? 0} new, ${source.merged ?? 0} merged${source.takenOver ? `, ${source.takenOver} taken over` : ''}` +
          `${ended.length ? `; inactive: ${ended.join(', ')}` : ''}${skipped.length ? `; skipped: ${skipped.join(', ')}` : ''}`,
      );
    }
    console.log('');
    for (const cause of causes) {
      const text = (lang: 'de' | 'en') => cause.texts.find((t) => t.language === lang);
      console.log(`${cause.slug} · ${cause.category} · ${cause.organisationName} · ${cause.source.name} (${cause.externalId})`);
      // figures too old for a call to act today: never the daily action, so no action texts are written for it
      const figuresAsOf = cause.figuresAsOf ? dateFromDb(cause.figuresAsOf) : null;
      const stale = figuresAsOf !== null && figuresAsOf < oldestPickableFigures(result.day);
      const staleNote = stale ? `; figures of ${figuresAsOf}, more than ${FIGURES_MAX_AGE_DAYS} days old` : '';
      console.log(
        cause.editorialState !== 'ok'
          ? `  needs an editor: ${cause.editorialReason ?? 'no reason recorded'}${staleNote} (never the daily action)`
          : stale
            ? `  editorial state: ok${staleNote} (never the daily action, no action texts)`
            : `  editorial state: ok${cause.slug === result.pick?.slug ? ' (the daily action)' : ''}`,
      );
      printTexts(
        causeFacts(cause, today),
        cause.editorialState !== 'ok' || stale,
        (lang) => currentSummary(cause, text(lang), lang, now),
        (lang) => servedTitle(cause, text(lang), lang),
      );
    }
  } finally {
    await db.close();
  }
}

function printDemo() {
  const files = positionals.length ? positionals : ['spenden', 'petitionen', 'briefe'].map((f) => path.join('config', 'demo', `${f}.json`));
  for (const file of files) {
    const document = JSON.parse(fs.readFileSync(file, 'utf8'));
    for (const { item: raw } of demoFeedItems(document, today)) {
      const checked = checkFeedItem(raw);
      if (!checked.ok) {
        console.log(`(skipped ${checked.externalId}: ${checked.reason})\n`);
        continue;
      }
      const item = checked.item;
      // written on --as-of: figures the item dates that day are current
      const facts = { ...itemFacts(item, item.language ?? null, today), writtenOn: today };
      console.log(`${item.externalId} · ${item.category} · ${item.organisationName}`);
      const hold = editorialHold(facts);
      if (hold) console.log(`  needs an editor: ${hold} (never the daily action)`);
      printTexts(
        facts,
        hold !== null,
        (lang) => writeSummary(facts, lang),
        (lang) => servedTitle({ title: item.title, titleEn: item.titleEn ?? null }, undefined, lang),
      );
    }
  }
}

if (values['real-data']) await printRealData();
else printDemo();
