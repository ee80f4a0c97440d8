// Which of a source's items are actions (a petition, a fundraiser, a letter campaign one can join), and
// which of those are over. A news or podcast feed is not a list of actions: an `rss` source takes no item
// as an action unless its configuration says which are (`actionLinkPattern`, or `everyItemIsAnAction`
// for a feed that lists nothing else). The other types are lists of actions by their format; any source
// may narrow them with `actionLinkPattern`. A status the source states (a json-feed item's `status`, or
// the text `statusPattern` reads from an rss item) that says the action is closed or finished ends it:
// the item is imported as an inactive cause with that status in its reason (`closedReason`);
// one that says it is open ("offen", "läuft", "in der Mitzeichnung") lets the texts say so (statusOpen).
// A negated word ("noch nicht abgeschlossen", "not yet closed", "nicht offen") says neither.
// Where an item states neither an open status nor a deadline, a source whose actions run a known time
// (`openForDays`: a platform's signing period) ends one published longer ago than that: the day comes
// from `publishedPattern` (read from the item's text), else the item's `publishedOn` (an rss item's date).
import { daysBetween, isCalendarDate } from '../../time/berlin-calendar.js';
import type { AdapterResult } from './adapter-types.js';
import type { SkippedItem } from './skipped-item.js';
import type { SourceConfig } from './sources-config.js';

export const NOT_AN_ACTION = 'not an action';
export const NO_ACTION_RULE_WARNING =
  'no item is taken as an action: an rss source needs "actionLinkPattern" (the links of its actions) or "everyItemIsAnAction": true';
/** A status that says the action can no longer be joined (German and English, as sources write it). */
const CLOSED_STATUS = /(?<!\p{L})(closed|finished|completed|ended|expired|abgeschlossen|beendet|geschlossen|erledigt|abgelaufen|ausgelaufen)(?!\p{L})/giu;
/** A status that says the action can be joined now. */
const OPEN_STATUS = /(?<!\p{L})(offen|open|läuft|laufend|aktiv|active|running|ongoing|mitzeichnung)(?!\p{L})/giu;
/** A negation in the two words before a status word: "noch nicht abgeschlossen", "not yet closed", "nicht mehr offen". */
const NEGATED = /(?<!\p{L})(nicht|not|kein|keine|nie|never|no longer)(\s+\p{L}+)?\s*$/iu;

/** closed or open when a status word says so and no negation turns it, else unknown. */
export function statusMeaning(status: string): 'closed' | 'open' | 'unknown' {
  const said = (words: RegExp) => [...status.matchAll(words)].some((m) => !NEGATED.test(status.slice(0, m.index)));
  if (said(CLOSED_STATUS)) return 'closed';
  return said(OPEN_STATUS) ? 'open' : 'unknown';
}
export const closedStatusReason = (status: string) => `closed (status "${status}")`;
export const closedByAgeReason = (publishedOn: string, openForDays: number) => `closed (published ${publishedOn}, open for ${openForDays} days)`;

/** A day written DD.MM.YYYY (also D.M.YYYY) or YYYY-MM-DD as YYYY-MM-DD, when it is a real date. */
export function calendarDateOf(text: string): string | undefined {
  const german = /(?<!\d)(\d{1,2})\.(\d{1,2})\.(\d{4})(?!\d)/.exec(text);
  const date = german ? `${german[3]}-${german[2].padStart(2, '0')}-${german[1].padStart(2, '0')}` : /(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)/.exec(text)?.[0];
  return date && isCalendarDate(date) ? date : undefined;
}

/** The text the source's patterns read: the item's title and description. */
const textOf = (item: Record<string, unknown>) => [item.title, item.description].filter((t) => typeof t === 'string').join('\n');

/** The status the item states: its own `status` field, else what `statusPattern` reads from its text. */
function statusOf(item: Record<string, unknown>, statusPattern: RegExp | undefined): string | undefined {
  if (typeof item.status === 'string' && item.status.trim()) return item.status.trim();
  if (!statusPattern) return undefined;
  const match = statusPattern.exec(textOf(item));
  return (match?.[1] ?? match?.[0])?.trim() || undefined;
}

/** The day the item was first published: what `publishedPattern` reads from its text, else the feed's date. */
function publishedOnOf(item: Record<string, unknown>, publishedPattern: RegExp | undefined): string | undefined {
  const match = publishedPattern?.exec(textOf(item));
  const read = match ? calendarDateOf(match[1] ?? match[0]) : undefined;
  if (read) return read;
  return typeof item.publishedOn === 'string' && isCalendarDate(item.publishedOn) ? item.publishedOn : undefined;
}

/** An item that runs no longer: no open status, no deadline, published more than `openForDays` before today. */
function overByAge(item: Record<string, unknown>, publishedOn: string | undefined, openForDays: number | undefined, today: string): boolean {
  if (!openForDays || !publishedOn || item.statusOpen === true || item.closedReason || item.deadline) return false;
  return daysBetween(publishedOn, today) > openForDays;
}

/**
 * The adapter's items narrowed to the actions: the others are skipped (and their causes end) with the
 * reason "not an action"; a closed one stays, marked with its status (`closedReason`), and is imported
 * as an inactive cause. `today` is the refresh's Berlin calendar day, against which `openForDays` counts.
 */
export function selectActions(source: SourceConfig, fetched: AdapterResult, today: string): AdapterResult {
  // the patterns and openForDays are common fields (sources-config.ts); everyItemIsAnAction is an rss option
  const rules = source as SourceConfig & { everyItemIsAnAction?: boolean };
  const linkPattern = rules.actionLinkPattern ? new RegExp(rules.actionLinkPattern, 'i') : undefined;
  const statusPattern = rules.statusPattern ? new RegExp(rules.statusPattern, 'i') : undefined;
  const publishedPattern = rules.publishedPattern ? new RegExp(rules.publishedPattern, 'i') : undefined;
  const noRule = source.type === 'rss' && !linkPattern && rules.everyItemIsAnAction !== true;
  const items: unknown[] = [];
  const skipped: SkippedItem[] = [];
  for (const raw of fetched.items) {
    const item = (raw ?? {}) as Record<string, unknown>;
    const externalId = typeof item.externalId === 'string' || typeof item.externalId === 'number' ? String(item.externalId) : null;
    const url = typeof item.url === 'string' ? item.url.trim() : '';
    if (noRule || (linkPattern && !linkPattern.test(url))) {
      skipped.push({ externalId, reason: NOT_AN_ACTION });
      continue;
    }
    const status = statusOf(item, statusPattern);
    const meaning = status ? statusMeaning(status) : 'unknown';
    // the status is the filter's: the import's format knows whether it is open, or closed and why
    const { status: _status, ...rest } = item;
    const publishedOn = meaning === 'unknown' && rules.openForDays ? publishedOnOf(item, publishedPattern) : undefined;
    if (meaning === 'closed') items.push({ ...rest, statusOpen: false, closedReason: closedStatusReason(status!) });
    else if (meaning === 'unknown' && overByAge(item, publishedOn, rules.openForDays, today)) {
      items.push({ ...rest, statusOpen: false, closedReason: closedByAgeReason(publishedOn!, rules.openForDays!) });
    } else if (meaning === 'open' && rest.statusOpen === undefined) items.push({ ...rest, statusOpen: true });
    else items.push('status' in item ? rest : raw);
  }
  const warnings = noRule && fetched.items.length > 0 ? [...(fetched.warnings ?? []), NO_ACTION_RULE_WARNING] : fetched.warnings;
  return { ...fetched, items, skipped: [...fetched.skipped, ...skipped], ...(warnings ? { warnings } : {}) };
}
