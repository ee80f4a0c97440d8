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
  de: new Set([
    'und',
    'oder',
    'nicht',
    'für',
    'mit',
    'ist',
    'sind',
    'wird',
    'werden',
    'der',
    'das',
    'des',
    'dem',
    'den',
    'ein',
    'eine',
    'einen',
    'einem',
    'einer',
    'auf',
    'bis',
    'noch',
    'wir',
    'sie',
    'ihr',
    'ihre',
    'auch',
    'nur',
    'zum',
    'zur',
    'vom',
    'beim',
    'im',
    'über',
    'gegen',
    'jetzt',
    'schon',
    'wie',
    'dass',
    'sich',
    'von',
    'zu',
    'bei',
    'aus',
    'nach',
    'um',
  ]),
  en: new Set([
    'the',
    'and',
    'or',
    'not',
    'with',
    'is',
    'are',
    'were',
    'be',
    'been',
    'has',
    'have',
    'of',
    'to',
    'for',
    'by',
    'until',
    'this',
    'that',
    'these',
    'it',
    'its',
    'their',
    'they',
    'we',
    'you',
    'your',
    'yours',
    'more',
    'only',
    'just',
    'from',
    'at',
    'on',
    'who',
    'which',
    'can',
    'could',
    'every',
    'already',
    'now',
    'there',
    'still',
    'after',
    'before',
    'people',
  ]),
};

/** How many of the text's words are function words of each language, and how many different ones. */
export function functionWordTally(text: string): Record<FunctionWordLanguage, { count: number; distinct: number }> {
  const seen = { de: new Set<string>(), en: new Set<string>() };
  const tally = { de: { count: 0, distinct: 0 }, en: { count: 0, distinct: 0 } };
  for (const word of text.toLowerCase().match(/[\p{L}]+/gu) ?? []) {
    // the two lists share no word
    const lang = FUNCTION_WORDS.de.has(word) ? 'de' : FUNCTION_WORDS.en.has(word) ? 'en' : null;
    if (!lang) continue;
    tally[lang].count += 1;
    seen[lang].add(word);
  }
  tally.de.distinct = seen.de.size;
  tally.en.distinct = seen.en.size;
  return tally;
}

/** How many of the text's words are function words of `lang` and how many of the other language's. */
export function functionWordCounts(text: string, lang: FunctionWordLanguage): { own: number; other: number } {
  const tally = functionWordTally(text);
  return { own: tally[lang].count, other: tally[lang === 'de' ? 'en' : 'de'].count };
}
