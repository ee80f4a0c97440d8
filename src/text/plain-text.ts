// Every text the API serves is plain text, whatever a source, a language model or an editor sent. This
// module says what that means and makes a string so:
// - Unicode NFC;
// - line breaks are "\n" (CR LF, CR, U+2028 and U+2029 become one); a one-line field (a title, an
//   organisation's name, a headline) has none: a run of line breaks and tabs becomes one space;
// - no C0 control but tab and line feed, no DEL or C1 control (U+007F–U+009F): ESC, BEL and their kind
//   make XML feeds not well-formed and terminals do what they say;
// - no bidi control (U+200E, U+200F, U+061C, U+202A–U+202E, U+2066–U+2069, and the deprecated format
//   characters U+206A–U+206F): "Paypal\u202Egnp.exe\u202C" shows as "Paypalexe.png";
// - no zero-width character (U+200B, U+200C, U+2060, U+FEFF; U+200D, the zero-width joiner, except
//   between two emoji, where it joins them into one: "👩\u200D👧");
// - no lone surrogate and no noncharacter (U+FFFE, U+FFFF and the other 64);
// - no markup: an HTML tag, comment or declaration starts where HTML's tokenizer starts one, at "<"
//   followed by a letter, "/", "!" or "?". Source and generated text is converted like the adapters'
//   HTML (html-text.ts: tags dropped, `<script>` and `<style>` with their content, entities decoded);
//   an editor's text with markup is refused (editorial.service.ts). "a < b", "5 > 3", "Kinder & Jugend"
//   stay as written.
// No-break spaces (U+00A0, U+202F), typographic quotes, umlauts and emoji are text and stay.
//
// The HTML conversion (html-to-text) is loaded on first need (loadMarkupConversion): a run whose texts
// carry no markup, as every first start's demo import, never loads it (docs/operating.md).

/** How a field is laid out: one line (titles, names, headlines) or paragraphs (descriptions, summaries). */
export type TextLayout = 'line' | 'paragraphs';

const LINE_BREAKS = /\r\n?|[\u2028\u2029]/g;
/** C0 controls but tab and line feed (CR is made a line feed first), DEL and the C1 controls. */
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/** Bidi controls, and the deprecated format characters U+206A–U+206F (symmetric swapping, shaping). */
const BIDI = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u206f]/g;
/** Zero-width characters; the zero-width joiner only where it does not join two emoji. */
const ZERO_WIDTH =
  // the class holds the emoji variation selector and the skin-tone modifiers on purpose: each is one code point
  // eslint-disable-next-line no-misleading-character-class
  /[\u200b\u200c\u2060\ufeff]|(?<!\p{Extended_Pictographic}[\ufe0f\u{1f3fb}-\u{1f3ff}]?)\u200d|\u200d(?!\p{Extended_Pictographic})/gu;
/** A surrogate that is not half of a pair (with the u flag a pair is one code point), and noncharacters. */
const UNPAIRED_AND_NONCHARACTERS = /[\p{Cs}\p{Noncharacter_Code_Point}]/gu;
/** Where HTML's tokenizer opens a tag, an end tag, a comment or declaration, or a processing instruction. */
const TAG_OPEN = /<[a-z/!?]/i;
const TAG_OPENS = /<+(?=[a-z/!?])/gi;
/** A run of line breaks and tabs with the spaces around it: one space in a one-line field. */
const LINE_SPACE = / *[\t\n][\t\n ]*/g;

/** Everything `plainText` removes, for checking a value that must not be changed (a URL). */
const UNSAFE = new RegExp(`[\\t\\n\\r\\u2028\\u2029]|${[CONTROLS, BIDI, ZERO_WIDTH, UNPAIRED_AND_NONCHARACTERS].map((re) => re.source).join('|')}`, 'u');

/** True when the text has markup: "<" followed by a letter, "/", "!" or "?" ("<b>", "</p", "<!--", "<?xml"). */
export function hasMarkup(text: string): boolean {
  return TAG_OPEN.test(text);
}

/** True when the value has a character plain text does not: a control, line break or tab, bidi control, zero-width character, lone surrogate or noncharacter. */
export function hasUnsafeCharacters(value: string): boolean {
  return UNSAFE.test(value);
}

/**
 * The text without the characters plain text does not have (above), in NFC, with "\n" line breaks (a
 * one-line field: spaces), trimmed. Markup is left as it is: see `plainText` and `hasMarkup`.
 */
export function cleanText(text: string, layout: TextLayout): string {
  const cleaned = text
    .replace(UNPAIRED_AND_NONCHARACTERS, '')
    .replace(LINE_BREAKS, '\n')
    .replace(CONTROLS, '')
    .replace(BIDI, '')
    .replace(ZERO_WIDTH, '')
    .normalize('NFC');
  return (layout === 'line' ? cleaned.replace(LINE_SPACE, ' ') : cleaned).trim();
}

let convertHtml: ((html: string) => string) | undefined;

/** Loads the HTML conversion that `plainText` needs for a text with markup (html-text.ts, html-to-text). */
export async function loadMarkupConversion(): Promise<void> {
  convertHtml ??= (await import('../modules/sources/html-text.js')).htmlToPlainText;
}

/** At most this many conversions: each one can reveal markup that was escaped ("&lt;b&gt;" → "<b>"). */
const MAX_CONVERSIONS = 4;

/**
 * Source or generated text made plain text: cleaned (`cleanText`), and when it has markup, converted as
 * the adapters convert HTML (tags dropped, `<script>`/`<style>` with their content, entities decoded),
 * again while the conversion reveals markup; a "<" that still opens a tag after that (an unfinished
 * "</" at the end) is dropped. The conversion must be loaded (`loadMarkupConversion`) when the text has
 * markup.
 */
export function plainText(text: string, layout: TextLayout): string {
  let result = cleanText(text, layout);
  for (let i = 0; i < MAX_CONVERSIONS && hasMarkup(result); i++) {
    if (!convertHtml) throw new Error('plainText: the HTML conversion is not loaded (await loadMarkupConversion() first)');
    result = cleanText(convertHtml(result), layout);
  }
  return hasMarkup(result) ? result.replace(TAG_OPENS, '').trim() : result;
}

/** `plainText`, loading the HTML conversion when the text has markup. */
export async function toPlainText(text: string, layout: TextLayout): Promise<string> {
  if (text.includes('<')) await loadMarkupConversion();
  return plainText(text, layout);
}

/**
 * Characters XML 1.0 does not allow (C0 controls but tab, line feed and carriage return; lone surrogates;
 * U+FFFE, U+FFFF) and those it discourages (DEL, C1 controls, the other noncharacters).
 */
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\p{Cs}\p{Noncharacter_Code_Point}]/gu;

/** The text without the characters XML 1.0 forbids or discourages: the feeds' last line of defence. */
export function xmlSafe(text: string): string {
  return text.replace(NOT_XML, '');
}
