// Prints every text the built-in generator writes for a catalogue, in German and English, for an editor
// to read: `node --import tsx scripts/print-texts.ts [--as-of YYYY-MM-DD] [FEED.json …]` (default: the
// demo catalogue in config/demo; a demo file's deadlineInDays count from --as-of, default today).
import fs from 'node:fs';
import path from 'node:path';
import { berlinDate, isCalendarDate } from '../src/time/berlin-calendar.js';
import { parseScriptArgs, usageError } from '../src/cli/script-args.js';
import { itemFacts } from '../src/modules/causes/cause-import.service.js';
import { demoFeedItems } from '../src/modules/sources/demo-feed.js';
import { checkFeedItem } from '../src/modules/sources/feed-item.js';
import { writeAction, writeSummary } from '../src/modules/texts/default-generator.js';
import { editorialHold } from '../src/modules/texts/editorial-check.js';

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
    const facts = itemFacts(item, item.language ?? null, today);
    console.log(`${item.externalId} · ${item.category} · ${item.organisationName}`);
    const hold = editorialHold(facts);
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
