import { convert } from 'html-to-text';

/** Plain text from a source's HTML: no tags, no image or link targets, paragraphs kept as blank lines. */
export function htmlToPlainText(html: string | null | undefined): string {
  if (!html) return '';
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
    ],
  })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
