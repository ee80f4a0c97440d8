// URL-safe names with German transliteration (ä → ae, ß → ss).

/** Every slug the service makes (slugify, at most 100 characters): anything else cannot exist and is not worth a query. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,99}$/;
const GERMAN: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'ae', Ö: 'oe', Ü: 'ue', ß: 'ss', ẞ: 'ss' };

export function slugify(text: string, maxLength: number): string {
  const ascii = text
    .replace(/[äöüÄÖÜßẞ]/g, (c) => GERMAN[c])
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (ascii.length <= maxLength) return ascii;
  const cut = ascii.slice(0, maxLength + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > maxLength / 2 ? cut.slice(0, lastHyphen) : ascii.slice(0, maxLength)).replace(/-+$/, '');
}
