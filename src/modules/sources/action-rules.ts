// Which of a source's items are actions (a petition, a fundraiser, a letter campaign one can join), and
// which of those are over. A news or podcast feed is not a list of actions: an `rss` source takes no item
// as an action unless its configuration says which are (`actionLinkPattern`, or `everyItemIsAnAction`
// for a feed that lists nothing else). The other types are lists of actions by their format; any source
// may narrow them with `actionLinkPattern`. A status the source states (a json-feed item's `status`, or
// the text `statusPattern` reads from an rss item) that says the action is closed or finished ends it:
// the item is imported as an inactive cause with that status in its reason (`closedReason`);
// one that says it is open ("offen", "läuft", "in der Mitzeichnung") lets the texts say so (statusOpen).
// A negated word ("noch nicht abgeschlossen", "not yet closed", "nicht offen") says neither.
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

export interface ActionRules {
  actionLinkPattern?: string;
  statusPattern?: string;
  everyItemIsAnAction?: boolean;
}

/** The status the item states: its own `status` field, else what `statusPattern` reads from its text. */
function statusOf(item: Record<string, unknown>, statusPattern: RegExp | undefined): string | undefined {
  if (typeof item.status === 'string' && item.status.trim()) return item.status.trim();
  if (!statusPattern) return undefined;
  const text = [item.title, item.description].filter((t) => typeof t === 'string').join('\n');
  const match = statusPattern.exec(text);
  return (match?.[1] ?? match?.[0])?.trim() || undefined;
}

/**
 * The adapter's items narrowed to the actions: the others are skipped (and their causes end) with the
 * reason "not an action"; a closed one stays, marked with its status (`closedReason`), and is imported
 * as an inactive cause.
 */
export function selectActions(source: SourceConfig, fetched: AdapterResult): AdapterResult {
  const rules = source as SourceConfig & ActionRules;
  const linkPattern = rules.actionLinkPattern ? new RegExp(rules.actionLinkPattern, 'i') : undefined;
  const statusPattern = rules.statusPattern ? new RegExp(rules.statusPattern, 'i') : undefined;
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
    if (meaning === 'closed') items.push({ ...rest, statusOpen: false, closedReason: closedStatusReason(status!) });
    else items.push(meaning === 'open' && rest.statusOpen === undefined ? { ...rest, statusOpen: true } : 'status' in item ? rest : raw);
  }
  const warnings = noRule && fetched.items.length > 0 ? [...(fetched.warnings ?? []), NO_ACTION_RULE_WARNING] : fetched.warnings;
  return { ...fetched, items, skipped: [...fetched.skipped, ...skipped], ...(warnings ? { warnings } : {}) };
}
