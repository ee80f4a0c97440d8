// The one sentence splitter, used by the generator's description excerpt and by the adapters' shortening
// of long descriptions.
import { describe, expect, it } from 'vitest';
import { splitSentences } from '../../src/text/sentences.js';

const texts = (text: string) => Array.from(splitSentences(text), (sentence) => sentence.text);

describe('splitSentences', () => {
  it('ends a sentence at . ! ? … before an upper-case word, a digit or an opening quotation mark', () => {
    expect(texts('Erster Satz. Zweiter Satz! Dritter? „Vierter“ … 5 Leute kamen.')).toEqual([
      'Erster Satz.',
      'Zweiter Satz!',
      'Dritter?',
      '„Vierter“ …',
      '5 Leute kamen.',
    ]);
  });

  it('does not end one after an abbreviation, an initial or an ordinal, nor before a lower-case word', () => {
    expect(texts('Der Verein z. B. sammelt ca. 100 Euro bis zum 5. Dezember bei Dr. Meier. Warum? und wie? Das e.V. hilft.')).toEqual([
      'Der Verein z. B. sammelt ca. 100 Euro bis zum 5. Dezember bei Dr. Meier.',
      'Warum? und wie?',
      'Das e.V. hilft.',
    ]);
  });

  it('does not end one after a degree between a title and a name', () => {
    expect(texts('Ärzte wie Dr. med. Wolfgang Wodarg und Dipl. Ing. Eva Roth prüfen das. Dann der Rat.')).toEqual([
      'Ärzte wie Dr. med. Wolfgang Wodarg und Dipl. Ing. Eva Roth prüfen das.',
      'Dann der Rat.',
    ]);
  });

  it('ends one at every line break, and says where each sentence ends in the text', () => {
    expect([...splitSentences('Überschrift ohne Punkt\n\nErster Satz.  \nzweite Zeile')]).toEqual([
      { text: 'Überschrift ohne Punkt', end: 22 },
      { text: 'Erster Satz.', end: 36 },
      { text: 'zweite Zeile', end: 51 },
    ]);
  });

  it('finds no sentence in whitespace', () => {
    expect(texts(' \n\t ')).toEqual([]);
  });

  it('reads a long run of marks not followed by a space once (a hostile feed cannot make it quadratic)', () => {
    // 200,000 marks: read from each of them in turn, the run would take minutes; read once, milliseconds
    const run = '!'.repeat(200_000);
    expect(texts(`Vorher. Laut${run}nachher. Ende.`)).toEqual(['Vorher.', `Laut${run}nachher.`, 'Ende.']);
    expect(texts(`Frage?!? Antwort...“ Schluss`)).toEqual(['Frage?!?', 'Antwort...“', 'Schluss']);
  });
});
