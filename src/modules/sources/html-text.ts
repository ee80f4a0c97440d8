// The one text-cleaning path of every adapter (rss, betterplace): HTML becomes plain text with
// html-to-text, plain-text fields (titles, organisation names) get their HTML entities decoded with
// `entities`, whitespace is normalised the same way everywhere, and text over a bound is shortened at a
// sentence boundary. No adapter cleans text by hand.
import { decodeHTML } from 'entities';
import { convert } from 'html-to-text';
import { Parser } from 'htmlparser2';
import { splitSentences } from '../../text/sentences.js';

/**
 * Characters that show nothing and join or split nothing a reader would see: the zero-width space, the
 * word joiner and the byte-order mark (also a zero-width no-break space). Feeds carry them (a CMS's
 * line-break hints) and they would reach the texts and break word matching; they are removed. The
 * zero-width joiner and non-joiner stay: emoji sequences and some scripts need them.
 */
const INVISIBLE = /[\u200b\u2060\ufeff]/g;

/** A line that carries no word or number ("▾▾▾▾", "-----", "* * *") is decoration, not text. */
const DECORATION = /^[^\p{L}\p{N}]*$/u;

/** Normalises plain text line by line: spaces (no-break spaces too) collapsed and trimmed, decoration
 *  lines dropped, at most one blank line between paragraphs. */
function tidyLines(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(INVISIBLE, '')
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0\u2007\u202f]+/g, ' ').trim())
    .map((line) => (line && DECORATION.test(line) ? null : line))
    .filter((line): line is string => line !== null)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Alignment padding between a line's label and its colon (the Bundestag's "Titel                     :
 * Photovoltaik …", labels padded to line up their colons): two or more spaces or tabs before a colon
 * that follows a label of one to five words at the start of a line. A single space before a colon is
 * kept: in French it is typography ("Titre : …", "il a dit : …"), and text in the middle of a line is
 * never touched. Read from the source's HTML, because html-to-text collapses the padding to one space.
 */
const LABEL_PADDING = /(^|[>\n])([ \t]*[\p{L}\p{N}][\p{L}\p{N}.\-/]*(?: [\p{L}\p{N}][\p{L}\p{N}.\-/]*){0,4})[ \t]{2,}:/gu;

/**
 * Plain text from a source's HTML: no tags, no image or link targets, `<br>` a line break, paragraphs
 * kept as blank lines, table rows as lines (cells separated by spaces), entities decoded, trailing
 * (no-break) spaces and label padding before a colon gone.
 */
export function htmlToPlainText(html: string | null | undefined): string {
  if (!html) return '';
  return tidyLines(
    convert(html.replace(LABEL_PADDING, '$1$2:'), {
      wordwrap: false,
      // html-to-text counts the zero-width space as whitespace (a word break); here it is nothing at all
      // (INVISIBLE, removed by tidyLines), so "Digital\u200bpakt" stays one word
      whitespaceCharacters: ' \t\r\n\f',
      formatters: {
        // a cell's text, then a space, so that neighbouring cells never run into one word
        tableCell(elem, walk, builder) {
          walk(elem.children, builder);
          builder.addInline(' ');
        },
      },
      selectors: [
        // A table is a block and each row a line of its cells. html-to-text's data-table layout pads
        // columns and wraps cells at a width, which interleaves the paragraphs of a layout table.
        { selector: 'table', format: 'block', options: { leadingLineBreaks: 2, trailingLineBreaks: 2 } },
        { selector: 'tr', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
        { selector: 'td', format: 'tableCell' },
        { selector: 'th', format: 'tableCell' },
        { selector: 'a', options: { ignoreHref: true } },
        { selector: 'img', format: 'skip' },
        { selector: 'h1', options: { uppercase: false } },
        { selector: 'h2', options: { uppercase: false } },
        { selector: 'h3', options: { uppercase: false } },
        { selector: 'h4', options: { uppercase: false } },
        { selector: 'h5', options: { uppercase: false } },
        { selector: 'h6', options: { uppercase: false } },
      ],
    }),
  );
}

/**
 * A one-line plain-text field (a title, an organisation's name): HTML entities decoded ("Sport &amp;
 * Bildung" → "Sport & Bildung"), invisible characters removed, whitespace collapsed to single spaces
 * and trimmed.
 */
export function plainTextField(value: string | null | undefined): string {
  if (!value) return '';
  return decodeHTML(value)
    .replace(INVISIBLE, '')
    .replace(/[\s\u00a0\u2007\u202f]+/g, ' ')
    .trim();
}

const ELLIPSIS = ' […]';

/**
 * The text itself when it has at most `max` characters; otherwise its leading whole sentences that fit,
 * followed by " […]". A text whose first sentence alone is too long is cut at the last word boundary.
 * Sentences end where the text generator's excerpt ends them, and at line breaks (text/sentences.ts).
 * They were Intl.Segmenter's before, which ends sentences at a few more places and a few fewer (the
 * differences are listed there); descriptions are shortened at 20,000 characters, so only a longer one
 * can be cut at another place than before.
 */
export function shortenText(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = max - ELLIPSIS.length;
  let end = 0;
  for (const { end: stop } of splitSentences(text)) {
    if (stop > room) break;
    end = stop;
  }
  if (end === 0) {
    const space = text.slice(0, room + 1).lastIndexOf(' ');
    end = space > 0 ? space : room;
  }
  return text.slice(0, end).trimEnd() + ELLIPSIS;
}

/** One-line fields are shortened at a word boundary with "…". */
export function shortenLine(text: string, max: number): string {
  if (text.length <= max) return text;
  const space = text.slice(0, max).lastIndexOf(' ');
  return `${text.slice(0, space > max / 2 ? space : max - 1).trimEnd()}…`;
}

/** An http(s) URL, resolved against `base` when relative; undefined for anything else. */
export function httpUrlOf(value: string | null | undefined, base?: string): string | undefined {
  if (!value?.trim()) return undefined;
  try {
    const url = new URL(value.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    // An absolute address is kept as the source wrote it; a relative one is resolved.
    return /^https?:\/\//i.test(value.trim()) ? value.trim() : url.toString();
  } catch {
    return undefined;
  }
}

/**
 * The first picture of an HTML text: the `src` of its first `<img>` that is an http(s) URL (relative ones
 * resolved against `base`) and not a 1×1 tracking pixel.
 */
export function firstImageUrl(html: string | null | undefined, base?: string): string | undefined {
  if (!html || !html.includes('<')) return undefined;
  let found: string | undefined;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (found || name !== 'img') return;
      if (attributes.width === '1' || attributes.height === '1') return;
      found = httpUrlOf(attributes.src, base);
    },
  });
  parser.write(html);
  parser.end();
  return found;
}
