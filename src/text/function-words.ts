// Function words of German and English: the words that mark a sentence as one language or the other.
// The fact check finds a text's foreign words with them (texts/fact-check.ts), an excerpt tells a
// sentence's language by them (texts/excerpt.ts), and the language detection decides a clear case
// without its n-gram model (sources/language.ts).

export type FunctionWordLanguage = 'de' | 'en';

/**
 * Function words that mark a sentence as German or English; a text in one language contains none of
 * the other's (outside names and quoted titles, which are removed first). Words both languages share
 * ("die", "also", "was", "an", "in") are not in the lists.
 */
export const FUNCTION_WORDS: Record<FunctionWordLanguage, Set<string>> = {
  de: new Set(['und', 'oder', 'nicht', 'für', 'mit', 'ist', 'sind', 'wird', 'werden', 'der', 'das', 'des', 'dem', 'den', 'ein', 'eine', 'einen', 'einem', 'einer', 'auf', 'bis', 'noch', 'wir', 'sie', 'ihr', 'ihre', 'auch', 'nur', 'zum', 'zur', 'vom', 'beim', 'im', 'über', 'gegen', 'jetzt', 'schon', 'wie', 'dass', 'sich', 'von', 'zu', 'bei', 'aus', 'nach', 'um']),
  en: new Set(['the', 'and', 'or', 'not', 'with', 'is', 'are', 'were', 'be', 'been', 'has', 'have', 'of', 'to', 'for', 'by', 'until', 'this', 'that', 'these', 'it', 'its', 'their', 'they', 'we', 'you', 'your', 'yours', 'more', 'only', 'just', 'from', 'at', 'on', 'who', 'which', 'can', 'could', 'every', 'already', 'now', 'there', 'still', 'after', 'before', 'people']),
};

/** How many of the text's words are function words of `lang` and how many of the other language's. */
export function functionWordCounts(text: string, lang: FunctionWordLanguage): { own: number; other: number } {
  const own = FUNCTION_WORDS[lang];
  const other = FUNCTION_WORDS[lang === 'de' ? 'en' : 'de'];
  const counts = { own: 0, other: 0 };
  for (const word of text.toLowerCase().match(/[\p{L}]+/gu) ?? []) {
    if (own.has(word)) counts.own += 1;
    else if (other.has(word)) counts.other += 1;
  }
  return counts;
}
