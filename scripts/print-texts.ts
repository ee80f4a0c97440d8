// Prints every text the built-in generator writes for a catalogue, in German and English, for an editor
// to read: `node --import tsx scripts/print-texts.ts [--as-of YYYY-MM-DD] [FEED.json …]` (default: the
// demo catalogue in config/demo; a demo file's deadlineInDays count from --as-of, default today).
import fs from 'node:fs';
import path from 'node:path';
import { berlinDate, daysBetween, isCalendarDate } from '../src/time/berlin-calendar.js';
import { parseScriptArgs, usageError } from '../src/cli/script-args.js';
import { fundingProgressPct } from '../src/modules/causes/urgency.js';
import { demoFeedItems } from '../src/modules/sources/demo-feed.js';
import { checkFeedItem } from '../src/modules/sources/feed-item.js';
import { writeAction, writeSummary } from '../src/modules/texts/default-generator.js';
import { editorialHold } from '../src/modules/texts/editorial-check.js';
import type { CauseFacts } from '../src/modules/texts/text-generator.js';

const USAGE = `Usage: node --import tsx scripts/print-texts.ts [--as-of YYYY-MM-DD] [FEED.json …]
  Prints every text the built-in generator writes for the causes of the feeds (default: the demo
  catalogue in config/demo), in German and English, for an editor to read.
  --as-of DATE   the day the texts are written on (default: today in Berlin); a demo file's
                 deadlineInDays count from it`;
const { values, positionals } = parseScriptArgs(USAGE, { 'as-of': { type: 'string' } });
if (values['as-of'] !== undefined && !isCalendarDate(values['as-of'])) usageError('--as-of must be a date written YYYY-MM-DD.', USAGE);
const today = values['as-of'] ?? berlinDate(new Date());
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
    const facts: CauseFacts = {
      title: item.title,
      description: item.description,
      titleEn: item.titleEn ?? null,
      descriptionEn: item.descriptionEn ?? null,
      category: item.category,
      organisationName: item.organisationName,
      deadline: item.deadline ?? null,
      daysUntilDeadline: item.deadline ? daysBetween(today, item.deadline) : null,
      fundingProgressPct: fundingProgressPct({ fundingGoal: item.fundingGoal ?? null, fundingCurrent: item.fundingCurrent ?? null, progressPct: item.progressPct ?? null }),
      fundingGoal: item.fundingGoal ?? null,
      fundingCurrent: item.fundingCurrent ?? null,
      actionsToTippingPoint: item.actionsToTippingPoint ?? null,
      statusOpen: item.statusOpen ?? false,
      figuresAsOf: item.figuresAsOf ?? null,
    };
    console.log(`${item.externalId} · ${item.category} · ${item.organisationName}`);
    const hold = editorialHold({ ...facts, sourceLanguage: item.language ?? null });
    if (hold) console.log(`  needs an editor: ${hold} (never the daily action)`);
    for (const lang of ['de', 'en'] as const) {
      const action = writeAction(facts, lang);
      console.log(`  [${lang}] summary:  ${writeSummary(facts, lang)}`);
      console.log(`  [${lang}] headline: ${action.headline}`);
      console.log(`  [${lang}] whyNow:   ${action.whyNow}`);
      console.log(`  [${lang}] whyYou:   ${action.whyYou}`);
      console.log(`  [${lang}] impact:   ${action.impactStatement}`);
    }
    console.log('');
  }
}
