// What plain text is (src/text/plain-text.ts): the characters it loses, the markup it loses, and the
// text it keeps exactly as written.
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanText, hasMarkup, hasUnsafeCharacters, loadMarkupConversion, plainText, toPlainText, xmlSafe } from '../../src/text/plain-text.js';
import { checkFeedItem } from '../../src/modules/sources/feed-item.js';

beforeAll(() => loadMarkupConversion());

describe('plain text: characters', () => {
  it('removes C0 controls but tab and newline, DEL and C1 controls; CR LF and CR become a newline', () => {
    expect(plainText('Spiel\x1b[2Jplatz\x07 retten\x00\x08\x0b\x0c\x1f\x7f\x80\x85\x9f', 'paragraphs')).toBe('Spiel[2Jplatz retten');
    expect(plainText('Zeile 1\r\nZeile 2\rZeile 3\n\tEingerückt', 'paragraphs')).toBe('Zeile 1\nZeile 2\nZeile 3\n\tEingerückt');
  });

  it('a one-line field has no newline or tab: each run of them (with the spaces around it) becomes one space', () => {
    expect(plainText('Titel\r\nmit \n\n Umbruch\tund\u2028Trenner', 'line')).toBe('Titel mit Umbruch und Trenner');
    expect(plainText('  zwei  Leerzeichen  ', 'line')).toBe('zwei  Leerzeichen');
  });

  it('removes bidi controls and zero-width characters', () => {
    expect(plainText('Paypal\u202Egnp.exe\u202C Spende', 'line')).toBe('Paypalgnp.exe Spende');
    expect(plainText('a\u200eb\u200fc\u061cd\u202ae\u202bf\u202dg\u2066h\u2067i\u2068j\u2069k\u206al', 'line')).toBe('abcdefghijkl');
    expect(plainText('\ufeffBürger\u200bgeld\u2060-Re\u200cform\u200d', 'line')).toBe('Bürgergeld-Reform');
  });

  it('keeps the zero-width joiner inside an emoji sequence', () => {
    expect(plainText('Familie 👩\u200d👧, Flagge 🏳️\u200d🌈, Ärztin 👩🏽\u200d⚕️', 'line')).toBe('Familie 👩\u200d👧, Flagge 🏳️\u200d🌈, Ärztin 👩🏽\u200d⚕️');
    expect(plainText('👩\u200d a\u200d👧', 'line')).toBe('👩 a👧');
  });

  it('removes lone surrogates and noncharacters, keeps pairs', () => {
    expect(plainText('a\ud800b\udc00c\uffffd\ufffee\ufdd0f 😀', 'line')).toBe('abcdef 😀');
  });

  it('applies NFC', () => {
    expect(plainText('Mu\u0308nchen Cafe\u0301', 'line')).toBe('München Café');
    expect(plainText('Mu\u0308nchen', 'line')).toHaveLength(7);
  });

  it('keeps legitimate text exactly', () => {
    const text = 'a < b, 5 > 3, Kinder & Jugend, „Gut“ e.V. – 5\u00a0% und 6\u202f€ 😀 ‚ja‘ «non» A&B <3 x<-y';
    expect(plainText(text, 'line')).toBe(text);
    expect(plainText('Erster Absatz.\n\nZweiter Absatz.', 'paragraphs')).toBe('Erster Absatz.\n\nZweiter Absatz.');
    // entities in text without markup are text: a json-feed says what it means
    expect(plainText('Sport &amp; Bildung', 'line')).toBe('Sport &amp; Bildung');
  });
});

describe('plain text: markup', () => {
  it('strips tags; script and style go with their content', () => {
    expect(plainText('<script>alert("t")</script><img src=x onerror=alert(1)>Spielplatz retten', 'line')).toBe('Spielplatz retten');
    expect(plainText('<b>Org</b> <img src=x>', 'line')).toBe('Org');
    expect(plainText('<style>p { color: red }</style><p>Kinder &amp; Jugend</p>', 'line')).toBe('Kinder & Jugend');
    expect(plainText('<!-- Kommentar -->Text<?xml version="1.0"?>', 'line')).toBe('Text');
    expect(plainText('<p>Absatz 1</p><p>Absatz 2</p>', 'paragraphs')).toBe('Absatz 1\n\nAbsatz 2');
    expect(plainText('<p>Absatz 1</p><p>Absatz 2</p>', 'line')).toBe('Absatz 1 Absatz 2');
  });

  it('markup that the conversion reveals or that hides behind removed characters goes too', () => {
    expect(plainText('<i>x</i> &lt;b&gt;fett&lt;/b&gt;', 'line')).toBe('x fett');
    expect(plainText('<<b>b>Text', 'line')).toBe('Text');
    expect(plainText('<\u200bb>fett</\u202eb>', 'line')).toBe('fett');
    // an unfinished end tag at the end: its "<" is dropped
    expect(plainText('Text </', 'line')).toBe('Text /');
  });

  it('hasMarkup: "<" followed by a letter, "/", "!" or "?"', () => {
    expect(['<b>', 'a<b', '</p', '<!--', '<?xml'].map(hasMarkup)).toEqual([true, true, true, true, true]);
    expect(['a < b', '5 > 3', '<3', '<-', '<', 'a <= b'].map(hasMarkup)).toEqual([false, false, false, false, false, false]);
  });

  it('toPlainText loads the conversion itself when the text has markup', async () => {
    expect(await toPlainText('<b>Org</b>', 'line')).toBe('Org');
  });
});

describe('cleanText, hasUnsafeCharacters, xmlSafe', () => {
  it('cleanText removes the characters and leaves markup to the caller', () => {
    expect(cleanText('<b>\u202eOrg\x07</b>\r\n', 'line')).toBe('<b>Org</b>');
  });

  it('hasUnsafeCharacters finds what plain text removes, and whitespace breaks', () => {
    expect(['https://x.example/a?b=c&d=ä', 'https://x.example/😀'].map(hasUnsafeCharacters)).toEqual([false, false]);
    expect(
      ['https://x.example/\u202e', 'https://x.example/\x1b', 'https://x.example/\n', 'https://x.example/\u200b', 'https://x.example/\ud800'].map(
        hasUnsafeCharacters,
      ),
    ).toEqual([true, true, true, true, true]);
  });

  it('xmlSafe removes what XML 1.0 forbids or discourages and nothing else', () => {
    expect(xmlSafe('a\x00b\x1bc\td\ne\rf\ud800g\uffffh\x85i\u202ej <b>')).toBe('abc\td\ne\rfghi\u202ej <b>');
  });
});

describe('the import validation (feed-item.ts) makes the texts plain', () => {
  const item = {
    externalId: 'x1',
    title: 'Spielplatz\r\nretten\u200b',
    description: 'Zeile 1\r\nZeile 2\x07',
    category: 'Spenden',
    organisationName: '<b>Org</b> <img src=x>',
    organisationUrl: 'https://org.example',
    url: 'https://plattform.example/x1',
  };

  it('cleans every text; an optional text that is empty once plain is missing', () => {
    const check = checkFeedItem({ ...item, titleEn: '\u200b\u202e', descriptionEn: '<p></p>' });
    expect(check.ok && [check.item.title, check.item.description, check.item.organisationName, check.item.titleEn, check.item.descriptionEn]).toEqual([
      'Spielplatz retten',
      'Zeile 1\nZeile 2',
      'Org',
      null,
      null,
    ]);
  });

  it('refuses a required text that is empty once plain, and a URL with a bidi control or a line break', () => {
    expect(checkFeedItem({ ...item, title: '<script>alert(1)</script>\u200b' })).toEqual({
      ok: false,
      externalId: 'x1',
      reason: 'title: must be a non-empty string',
    });
    expect(checkFeedItem({ ...item, organisationName: '\x1b\x07' })).toEqual({
      ok: false,
      externalId: 'x1',
      reason: 'organisationName: must be a non-empty string',
    });
    expect(checkFeedItem({ ...item, url: 'https://plattform.example/\u202egnp.exe' })).toEqual({
      ok: false,
      externalId: 'x1',
      reason: 'url: must be an http(s) URL',
    });
    expect(checkFeedItem({ ...item, imageUrl: 'https://plattform.example/a\nb.jpg' })).toEqual({
      ok: false,
      externalId: 'x1',
      reason: 'imageUrl: must be an http(s) URL',
    });
  });
});
