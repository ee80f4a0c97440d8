// The one text-cleaning path of the adapters, the language detection, and the RSS mapping of authors and
// pictures in the feed vocabularies the real files do not all use (media:*, dc:creator, enclosures).
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { firstImageUrl, htmlToPlainText, plainTextField, shortenLine, shortenText } from '../../src/modules/sources/html-text.js';
import { clearLanguage, detectLanguage, languageDataFile, languageDataSource, languageOfTag } from '../../src/modules/sources/language.js';
import { rssFeedItems } from '../../src/modules/sources/rss.js';

describe('text cleaning', () => {
  it('plain-text fields: entities decoded once, whitespace (no-break spaces too) collapsed and trimmed', () => {
    expect(plainTextField(' Unterstütze Skateistan - Sport &amp; Bildung\u00a0für Kinder ')).toBe('Unterstütze Skateistan - Sport & Bildung für Kinder');
    expect(plainTextField('Tierhilfe - Bluemoon &amp; Pfötchenfreunde e.V.')).toBe('Tierhilfe - Bluemoon & Pfötchenfreunde e.V.');
    expect(plainTextField('A &amp;amp; B &quot;C&quot; &#8211; D')).toBe('A &amp; B "C" – D');
    expect(plainTextField('Tom & Jerry <3')).toBe('Tom & Jerry <3');
  });

  it('zero-width spaces, word joiners and byte-order marks are removed; the zero-width joiner of an emoji stays', () => {
    expect(plainTextField('\ufeffBürger\u200bgeld\u2060-Reform &#8203;jetzt')).toBe('Bürgergeld-Reform jetzt');
    expect(htmlToPlainText('<p>Digital\u200bpakt&#x200B; <b>Schule</b></p><p>\u200b</p>')).toBe('Digitalpakt Schule');
    expect(plainTextField('Familie 👩\u200d👧')).toBe('Familie 👩\u200d👧');
  });

  it('HTML: <br> is a line break, paragraphs blank lines, decoration lines and trailing no-break spaces dropped', () => {
    expect(htmlToPlainText('Titel   : X <br/>Datum: 30.03.2023<br/>Neu')).toBe('Titel: X\nDatum: 30.03.2023\nNeu');
    expect(htmlToPlainText('<div>▾▾▾▾▾<br><strong>Satz eins.&nbsp;</strong><br><br>Satz&nbsp;zwei.\u00a0<br>* * *</div>')).toBe('Satz eins.\n\nSatz zwei.');
    expect(htmlToPlainText('<p>Mit <a href="https://x.example">Link</a> und <img src="https://x.example/a.jpg"> Bild</p>')).toBe('Mit Link und Bild');
  });

  it('label padding before a colon at the start of a line goes; a single space before a colon stays (French typography)', () => {
    expect(htmlToPlainText('\n\t\tTitel                     : Photovoltaik <br/>Datum Erstveröffentlichung: 30.03.2023<br/>Neuer Status\t\t: offen')).toBe(
      'Titel: Photovoltaik\nDatum Erstveröffentlichung: 30.03.2023\nNeuer Status: offen',
    );
    expect(htmlToPlainText('<p>Titre : Énergie solaire</p><p>Il a dit : « non ». La date\u00a0: demain</p>')).toBe(
      'Titre : Énergie solaire\n\nIl a dit : « non ». La date : demain',
    );
    // padding in the middle of a line is not a label's
    expect(htmlToPlainText('Zuerst die Frage, dann sagte er   : laut und deutlich')).toBe('Zuerst die Frage, dann sagte er : laut und deutlich');
  });

  it('a table gives a line per row, its cells separated by a space (the CRE contributors table)', () => {
    const table = `<p>Dauer: 1:36:29</p><table class="podlove-contributors-table"><tbody>
<tr><th colspan="5">On Air</th></tr>
<tr><td><img alt="avatar" src="https://x.example/a.jpg"></td><td>Tim Pritlove</td><td><a href="http://metaebene.me"><img alt="Website" src="https://x.example/w.png"></a></td><td><a href="http://cre.fm/x">Flattr Tim Pritlove@CRE207 Planetarien</a></td></tr>
<tr><td>Tim Florian Horn<br><em>Leiter Zeiss-Großplanetarium Berlin</em></td><td></td></tr>
</tbody></table><p>Shownotes:</p>`;
    expect(htmlToPlainText(table)).toBe(
      'Dauer: 1:36:29\n\nOn Air\nTim Pritlove Flattr Tim Pritlove@CRE207 Planetarien\nTim Florian Horn\nLeiter Zeiss-Großplanetarium Berlin\n\nShownotes:',
    );
    expect(htmlToPlainText('<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>')).toBe('a b\nc');
  });

  it('long text is shortened after its last whole sentence that fits, and marked; a line shortened at a word', () => {
    const text = 'Erster Satz ist hier. Zweiter Satz folgt sogleich. Dritter Satz ist zu lang für den Platz.';
    expect(shortenText(text, 200)).toBe(text);
    expect(shortenText(text, 60)).toBe('Erster Satz ist hier. Zweiter Satz folgt sogleich. […]');
    expect(shortenText(text, 30)).toBe('Erster Satz ist hier. […]');
    expect(shortenText('Ein sehr langer erster Satz ohne Ende', 20)).toBe('Ein sehr langer […]');
    expect(shortenText('Zeile eins\nZeile zwei\nZeile drei', 28)).toBe('Zeile eins\nZeile zwei […]');
    expect(shortenLine('Ein sehr langer Titel mit vielen Wörtern', 20)).toBe('Ein sehr langer…');
  });

  it('the first picture of HTML: http(s) only, relative ones resolved, tracking pixels skipped', () => {
    expect(
      firstImageUrl('<img src="data:image/png;base64,AAAA"><img src="//x.example/1.gif" width="1" height="1"><img src="/b.jpg">', 'https://site.example/a/'),
    ).toBe('https://site.example/b.jpg');
    expect(firstImageUrl('<p>kein Bild</p>')).toBeUndefined();
    expect(firstImageUrl('<img src="javascript:alert(1)">')).toBeUndefined();
  });
});

describe('language of the source text', () => {
  it('a stated tag gives its language', () => {
    expect([languageOfTag('de-DE'), languageOfTag('en_GB'), languageOfTag('DE'), languageOfTag('deutsch!'), languageOfTag(undefined)]).toEqual([
      'de',
      'en',
      'de',
      undefined,
      undefined,
    ]);
  });

  it('detects German and English text; too little text is not guessed', async () => {
    expect(
      await detectLanguage('Skateistan Cambodia', "Skateistan Cambodia began operations in March 2011, building the country's first skatepark in Phnom Penh."),
    ).toBe('en');
    expect(await detectLanguage('Wir sammeln fürs Tierheim Berlin', 'Wir sammeln fürs Tierheim Berlin')).toBe('de');
    expect(await detectLanguage('Skateistan Afghanistan', 'Skateistan Afghanistan')).toBeNull();
    expect(await detectLanguage('CRE207 Planetarien', '')).toBeNull();
  });

  it("a clear text is decided by its function words: eight of one language, four of them different, none of the other; anything less is eld's", () => {
    expect(clearLanguage('Wir sammeln für das Tierheim, damit die Tiere auch im Winter ein Dach über dem Kopf haben und nicht frieren.')).toBe('de');
    expect(clearLanguage('We are raising money for the shelter so that the animals have a roof over their heads and can stay warm.')).toBe('en');
    // six German function words: not enough
    expect(clearLanguage('Wir sammeln für das Tierheim, damit die Tiere auch im Winter ein warmes Dach haben.')).toBeNull();
    // German with an English name in it ("Save the Children"): eld decides
    expect(clearLanguage('Wir sammeln mit Save the Children für das Tierheim, damit die Tiere auch im Winter ein Dach über dem Kopf haben.')).toBeNull();
    // Finnish "on" ten times is one English word, not four
    expect(
      clearLanguage(
        'Talo on iso ja auto on punainen, kissa on musta, koira on valkoinen, järvi on kylmä, sää on hyvä, tie on pitkä, kirja on uusi, ovi on auki, kuu on täysi.',
      ),
    ).toBeNull();
  });

  it("the detector is built from the database `npm ci` wrote as JSON, which is eld's own", async () => {
    await detectLanguage('Wir sammeln fürs Tierheim Berlin', 'Wir sammeln fürs Tierheim Berlin');
    expect(languageDataSource()).toBe('prepared');
    const eldModule = new URL('../../node_modules/eld/src/ngrams/extrasmall.js', import.meta.url).href;
    const { ngramsData } = (await import(eldModule)) as { ngramsData: unknown };
    expect(JSON.parse(fs.readFileSync(languageDataFile(), 'utf8'))).toEqual(JSON.parse(JSON.stringify(ngramsData)));
  });
});

describe('rss mapping of authors, pictures and dates', () => {
  const options = { category: 'Petition', organisationName: 'Plattform e.V.', organisationUrl: 'https://plattform.example' } as const;
  const rss = (items: string, channel = '') => `<?xml version="1.0"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel><title>T</title><link>https://feed-site.example/</link><description>D</description>${channel}${items}</channel></rss>`;

  it("author, dc:creator or itunes:author names the organisation, at the channel's <link>; a bare e-mail address or nothing names nobody", () => {
    const items = rssFeedItems(
      rss(`
<item><guid>a</guid><title>A</title><link>https://plattform.example/a</link><author>mia@example.org (Mia Muster)</author></item>
<item><guid>b</guid><title>B</title><link>https://plattform.example/b</link><dc:creator>Initiative Saubere Luft</dc:creator></item>
<item><guid>c</guid><title>C</title><link>https://plattform.example/c</link><itunes:author>Podcast-Team</itunes:author></item>
<item><guid>d</guid><title>D</title><link>https://plattform.example/d</link><author>nobody@example.org</author></item>
<item><guid>e</guid><title>E</title><link>https://plattform.example/e</link></item>`),
      options,
    ) as any[];
    expect(items.map((i) => [i.organisationName, i.organisationUrl, i.organisationIsPublisher ?? false])).toEqual([
      // the configured address is the platform's: never paired with a name the feed gives
      ['Mia Muster', 'https://feed-site.example/', false],
      ['Initiative Saubere Luft', 'https://feed-site.example/', false],
      ['Podcast-Team', 'https://feed-site.example/', false],
      ['Plattform e.V.', 'https://plattform.example', true],
      ['Plattform e.V.', 'https://plattform.example', true],
    ]);
  });

  it("Atom: the entry author with its uri, else the source's, else the feed's; without a uri at the feed's site, else at the entry's link", () => {
    const atom = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom" xml:lang="de"><title>t</title><id>f</id><updated>2026-01-01T00:00:00Z</updated>
<author><name>Redaktion</name></author>
<entry><id>1</id><title>Eins</title><updated>2026-01-01T00:00:00Z</updated><link href="https://x.example/1"/><author><name>Eva Beispiel</name><uri>https://eva.example</uri></author></entry>
<entry><id>2</id><title>Zwei</title><updated>2026-01-01T00:00:00Z</updated><link href="https://x.example/2"/><source><author><name>Quelle e.V.</name></author></source></entry>
<entry xml:lang="en"><id>3</id><title>Three</title><updated>2026-01-01T00:00:00Z</updated><link href="https://x.example/3"/></entry></feed>`;
    expect((rssFeedItems(atom, options) as any[]).map((i) => [i.organisationName, i.organisationUrl, i.language])).toEqual([
      ['Eva Beispiel', 'https://eva.example', 'de'],
      ['Quelle e.V.', 'https://x.example/2', 'de'],
      ['Redaktion', 'https://x.example/3', 'en'],
    ]);
    const withSite = atom.replace(
      '<author><name>Redaktion</name></author>',
      '<link rel="self" href="https://x.example/feed.atom"/><link rel="alternate" href="https://x.example/"/><author><name>Redaktion</name></author>',
    );
    expect((rssFeedItems(withSite, options) as any[]).map((i) => i.organisationUrl)).toEqual([
      'https://eva.example',
      'https://x.example/',
      'https://x.example/',
    ]);
  });

  it('the day an item was published, in Berlin: RSS pubDate, Atom published (never updated), else dc:date; a date without a zone is the day it names; none given or readable, none', () => {
    const items = rssFeedItems(
      rss(`<item><guid>1</guid><title>1</title><link>https://x.example/1</link><pubDate>Fri, 13 Feb 2015 23:38:52 +0000</pubDate></item>
<item><guid>2</guid><title>2</title><link>https://x.example/2</link><dc:date>2009-07-04T13:28:09+01:00</dc:date></item>
<item><guid>3</guid><title>3</title><link>https://x.example/3</link><pubDate>gestern</pubDate></item>
<item><guid>4</guid><title>4</title><link>https://x.example/4</link></item>
<item><guid>5</guid><title>5</title><link>https://x.example/5</link><pubDate>gestern</pubDate><dc:date>2026-03-01</dc:date></item>
<item><guid>6</guid><title>6</title><link>https://x.example/6</link><dc:date>2026-01-01T23:30:00</dc:date></item>`),
      options,
    ) as any[];
    // 23:38 UTC on 13 February is 00:38 on the 14th in Berlin; an unreadable pubDate gives way to dc:date
    expect(items.map((i) => i.publishedOn)).toEqual(['2015-02-14', '2009-07-04', undefined, undefined, '2026-03-01', '2026-01-01']);
    const atom = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><id>f</id><updated>2026-01-01T00:00:00Z</updated>
<entry><id>1</id><title>Eins</title><published>2016-02-01T17:22:00+01:00</published><updated>2016-03-01T17:54:50+01:00</updated><link href="https://x.example/1"/></entry>
<entry><id>2</id><title>Zwei</title><updated>2016-03-01T17:54:50+01:00</updated><link href="https://x.example/2"/></entry></feed>`;
    expect((rssFeedItems(atom, options) as any[]).map((i) => i.publishedOn)).toEqual(['2016-02-01', undefined]);
  });

  it("no author named: the feed's own dc:publisher (the item's, else the channel's) is the publisher, at the channel's <link>; else the configured one", () => {
    const items = rssFeedItems(
      rss(
        `<item><guid>1</guid><title>1</title><link>https://x.example/1</link></item>
<item><guid>2</guid><title>2</title><link>https://x.example/2</link><dc:publisher>Stadtanzeiger &amp; Co</dc:publisher></item>
<item><guid>3</guid><title>3</title><link>https://x.example/3</link><dc:creator>Mia Muster</dc:creator></item>`,
        '<dc:publisher>Feed-Verlag</dc:publisher>',
      ),
      options,
    ) as any[];
    expect(items.map((i) => [i.organisationName, i.organisationUrl, i.organisationIsPublisher ?? false])).toEqual([
      ['Feed-Verlag', 'https://feed-site.example/', true],
      ['Stadtanzeiger & Co', 'https://feed-site.example/', true],
      ['Mia Muster', 'https://feed-site.example/', false],
    ]);
  });

  it('pictures: image enclosure, media:content, media:thumbnail, itunes:image, then the first <img>; only http(s)', () => {
    const items = rssFeedItems(
      rss(`
<item><guid>1</guid><title>1</title><link>https://x.example/1</link><enclosure url="https://x.example/e.png" type="image/png" length="1"/><media:content url="https://x.example/m.jpg" medium="image"/></item>
<item><guid>2</guid><title>2</title><link>https://x.example/2</link><enclosure url="https://x.example/a.mp3" type="audio/mpeg" length="1"/><media:content url="https://x.example/v.mp4" type="video/mp4"/><media:thumbnail url="https://x.example/t.jpg"/></item>
<item><guid>3</guid><title>3</title><link>https://x.example/3</link><media:group><media:content url="https://x.example/g.jpg" type="image/jpeg"/></media:group></item>
<item><guid>4</guid><title>4</title><link>https://x.example/4</link><itunes:image href="https://x.example/i.jpg"/><description><![CDATA[<img src="https://x.example/late.jpg">]]></description></item>
<item><guid>5</guid><title>5</title><link>https://x.example/5</link><media:thumbnail url="ftp://x.example/t.jpg"/><description><![CDATA[<p><img src="bilder/b.jpg"> Text</p>]]></description></item>
<item><guid>6</guid><title>6</title><link>https://x.example/6</link><description>kein Bild</description></item>`),
      options,
    ) as any[];
    expect(items.map((i) => i.imageUrl)).toEqual([
      'https://x.example/e.png',
      'https://x.example/t.jpg',
      'https://x.example/g.jpg',
      'https://x.example/i.jpg',
      'https://x.example/bilder/b.jpg',
      undefined,
    ]);
  });

  it("the channel's stated language applies to its items, an item's dc:language wins", () => {
    const items = rssFeedItems(
      rss(
        '<item><guid>1</guid><title>1</title><link>https://x.example/1</link></item><item><guid>2</guid><title>2</title><link>https://x.example/2</link><dc:language>en</dc:language></item>',
        '<language>de-AT</language>',
      ),
      options,
    ) as any[];
    expect(items.map((i) => i.language)).toEqual(['de', 'en']);
  });
});
