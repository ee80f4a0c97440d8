// What a summary says, statement by statement, and where each statement comes from. The rule it keeps:
// the service's own sentences say only what data fields say ('field'); a source's words appear only as
// a quotation attributed to it ('quote'). The built-in generator plans the statements
// (default-generator.ts, summaryPlan) and realises them through the message files; nothing else reaches
// a summary.
import { nestedQuotes } from './formatting.js';
import { message, type Language } from './messages.js';
import type { CauseCategory, CauseFacts } from './text-generator.js';

/**
 * Whose words a quotation is: the organisers (the organisation the summary names is behind the campaign,
 * so its description is theirs, and it is certainly an organisation), or only "the description" (the
 * organisation only published the item, and the publisher is not made its author; or its name may be a
 * person's, whom a plural "die Initiatoren" would misname).
 */
export type Speaker = 'organisers' | 'description';

export type Statement =
  | {
      kind: 'field';
      /** the message ids (and tags) the sentence is built from: its skeleton */
      ids: string[];
      /** the data fields it states, and nothing beyond them */
      fields: (keyof CauseFacts)[];
      /** the sentence as written (the message with its placeholders filled in) */
      text: string;
    }
  | {
      kind: 'quote';
      who: Speaker;
      /** the message that attributes it */
      id: string;
      category: CauseCategory;
      /** the source's sentences, verbatim (invisible characters removed, NFC) */
      text: string;
    };

/** The sentence a reader sees. A quotation's own quotation marks become the inner ones (‚…‘ / ‘…’). */
export function realise(statement: Statement, lang: Language): string {
  if (statement.kind === 'field') return statement.text;
  const { category } = statement;
  return message(lang, statement.id, { text: nestedQuotes(statement.text, lang), category, campaign: message(lang, 'campaign', { category }) });
}

/** The summary the statements make, in order. */
export const realiseAll = (statements: Statement[], lang: Language): string => statements.map((statement) => realise(statement, lang)).join(' ');
