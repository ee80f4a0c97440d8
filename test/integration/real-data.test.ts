// Every file of the real platforms' data (test/fixtures/real-data/, unchanged copies of
// ../shared/real-data/ with their provenance) imported as an operator would configure it: a source whose
// `url` is the file, through the real adapter and the real import into Postgres. Each test states what a
// careful person mapping the file by hand would store, field by field, and what is left out and why.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BETTERPLACE_FILES,
  betterplaceSource,
  causesById,
  importSources,
  readRealFile,
  realFile,
  REAL_DATA_DIR,
  startsAndEnds,
  RSS_FILES,
  rssSource,
  view,
} from '../helpers/real-data.js';
import { resetDatabase, testPrisma } from '../helpers/test-app.js';

const prisma = testPrisma();
beforeEach(() => resetDatabase(prisma));
afterAll(() => prisma.$disconnect());

const slug = (words: string) => expect.stringMatching(new RegExp(`^${words}-[0-9a-f]{6}$`));
const NOT_PAGED = (file: string, page: number, of: number) =>
  `${realFile(file)} is a file and holds page ${page} of ${of}; a file cannot be paged; what was read is imported, no cause is deactivated for being absent`;

describe('the fixtures are the real data, unchanged', () => {
  it('every file of ../shared/real-data has a byte-identical copy here (checked by SHA-256 against PROVENANCE)', () => {
    const sums = Object.fromEntries(
      fs
        .readFileSync(`${REAL_DATA_DIR}SHA256SUMS`, 'utf8')
        .trim()
        .split('\n')
        .map((line) => line.split(/\s+/).reverse()),
    );
    const files = [...BETTERPLACE_FILES.map((f) => `betterplace/${f}`), ...RSS_FILES.map((f) => `rss/${f}`)];
    expect(Object.keys(sums).sort()).toEqual([...files].sort());
    for (const file of files) {
      expect(crypto.createHash('sha256').update(fs.readFileSync(`${REAL_DATA_DIR}${file}`)).digest('hex'), file).toBe(sums[file]);
    }
  });
});

describe('betterplace.org API v4 responses, each given as a file path', () => {
  it('bp1 (2025): the open Skateistan project, carrier page as organisation address, German text', async () => {
    const [outcome] = await importSources(prisma, [betterplaceSource(realFile(BETTERPLACE_FILES[0]))]);
    expect(outcome).toMatchObject({ ok: true, status: 'ok', warnings: [], counts: { new: 1, skipped: [] } });
    const causes = await causesById(prisma);
    expect(view(causes['1114'])).toEqual({
      title: 'Unterstütze Skateistan - Sport & Bildung für Kinder',
      slug: slug('unterstuetze-skateistan-sport-bildung-fuer-kinder'),
      category: 'Spenden',
      organisationName: 'Skateistan',
      organisationUrl: 'https://www.betterplace.org/de/organisations/1054',
      organisationIsPublisher: false,
      imageUrl:
        'https://betterplace-assets.betterplace.org/uploads/project/profile_picture/000/001/114/fill_960x500_bp1637750102_A_New_Chapter_Skate_School_Select_10.png',
      sourceUrl: 'https://www.betterplace.org/de/projects/1114-unterstuetze-skateistan-sport-bildung-fuer-kinder',
      fundingGoal: 101298.52,
      fundingCurrent: 97399.87,
      fundingProgressPct: 96.1,
      sourceLanguage: 'de',
      description: startsAndEnds(
        'Skateistan ist eine mehrfach ausgezeichnete, internationale non-profit Organisation, welche Kinder in Afghanistan, Kambodscha und Südafrika durch Skateboarden und Bildung stark macht.',
        'Skateboarding lehrt sie, kreativ zu werden, hinzufallen und wieder aufzustehen und auf ein Ziel hinzuarbeiten.',
      ),
      active: true,
    });
    // Paragraphs (<br><br>, <div>) stay paragraphs; no tag, entity or no-break space is left.
    expect(causes['1114'].description).toContain(
      'Armut, Konflikte und Gefahren sind die Realitäten für die Menschen in den Gebieten, wo wir aktiv sind. In solchen Umständen ist es schwer für die Kinder gehört zu werden und genauso mühsam ihr physisches und mentales Wohl sicherzustellen.\n\nWir von Skateistan glauben',
    );
    expect(causes['1114'].description).not.toMatch(/<|&[a-z]+;|\u00a0/);
  });

  it('bp2 (2022, page 1 of 2): "&amp;" decoded in title and slug; two closed projects left out; the file is one page, so nothing is deactivated for being absent', async () => {
    const [outcome] = await importSources(prisma, [betterplaceSource(realFile(BETTERPLACE_FILES[1]))]);
    expect(outcome).toMatchObject({
      ok: true,
      status: 'incomplete',
      warnings: [NOT_PAGED(BETTERPLACE_FILES[1], 1, 2)],
      counts: {
        new: 1,
        skipped: [
          { externalId: '6233', reason: 'no longer accepts donations' },
          { externalId: '60749', reason: 'no longer accepts donations' },
        ],
      },
      skippedByReason: { 'no longer accepts donations': 2 },
    });
    const causes = await causesById(prisma);
    expect(Object.keys(causes)).toEqual(['1114']);
    expect(view(causes['1114'])).toMatchObject({
      title: 'Unterstütze Skateistan - Sport & Bildung für Kinder',
      slug: slug('unterstuetze-skateistan-sport-bildung-fuer-kinder'),
      organisationName: 'Skateistan',
      organisationUrl: 'https://www.betterplace.org/de/organisations/1054',
      sourceUrl: 'https://www.betterplace.org/de/projects/1114-unterstuetze-skateistan-sport-bildung-fuer-kinder',
      fundingGoal: 101248.52,
      fundingCurrent: 98364.87,
      fundingProgressPct: 97.1,
      sourceLanguage: 'de',
    });
  });

  it('bp2-page2 (derived from bp4): title padding trimmed, decoration line dropped, English descriptions known as English', async () => {
    const [outcome] = await importSources(prisma, [betterplaceSource(realFile(BETTERPLACE_FILES[2]))]);
    expect(outcome).toMatchObject({ ok: true, status: 'incomplete', warnings: [NOT_PAGED(BETTERPLACE_FILES[2], 2, 2)], counts: { new: 3, skipped: [] } });
    const causes = await causesById(prisma);
    expect(view(causes['49876'])).toEqual({
      title: 'Unterstütze gleiche Rechte für Mädchen GIVE HER FIVE. Spende 5€.',
      slug: slug('unterstuetze-gleiche-rechte-fuer-maedchen-give-her-five'),
      category: 'Spenden',
      organisationName: 'Skateistan',
      organisationUrl: 'https://www.betterplace.org/de/organisations/1054',
      organisationIsPublisher: false,
      imageUrl:
        'https://betterplace-assets.betterplace.org/uploads/project/profile_picture/000/049/876/fill_960x500_bp1479987430_Give_Her_Five_-_Campaign_Image_-_Play_sport_-_SA.jpg',
      sourceUrl: 'https://www.betterplace.org/de/projects/49876-unterstutze-gleiche-rechte-fur-madchen-give-her-five-spende-5',
      fundingGoal: 1500,
      fundingCurrent: 374,
      fundingProgressPct: 24.9,
      sourceLanguage: 'de',
      // the first line of the description is "▾▾▾▾…", decoration without a word: dropped
      description: startsAndEnds(
        'Wir brauchen eure Unterstützung für alle Mädchen, denen wir das Skaten ermöglichen möchten. Mach mit und GIVE HER FIVE. Spende 5€.\n\nMit GIVE HER FIVE',
        'eine Führungskraft zu werden.\n\nAb dem 5. Dezember sammeln wir mit GIVE HER FIVE bis zum 31. Dezember 100.000 $',
      ),
      active: true,
    });
    expect(view(causes['6233'])).toMatchObject({
      title: 'Skateistan Cambodia',
      sourceLanguage: 'en',
      fundingGoal: 9733,
      fundingCurrent: 5903.04,
      fundingProgressPct: 60.6,
      description: startsAndEnds(
        "Skateistan Cambodia began operations in March 2011, building the country's first skatepark in Phnom Penh.",
        'Help us grow this grassroots project and create a safe space for all Cambodian youth to be a part of!',
      ),
    });
    expect(view(causes['1114'])).toMatchObject({
      title: 'Skateistan Afghanistan',
      sourceLanguage: 'en',
      sourceUrl: 'https://www.betterplace.org/de/projects/1114-skateistan-afghanistan',
      description: startsAndEnds(
        'With 68% of Afghanistan’s population under the age of 25, Skateistan strongly believes that youth are the ones most capable of bringing about social change.\n\n',
        'Education and the opportunity for self-expression can break the cycles of poverty, illiteracy and exclusion, with sport paving the way.',
      ),
    });
  });

  it('bp3 (2019): a closed and completed project left out; the English description of 6233 is English', async () => {
    const [outcome] = await importSources(prisma, [betterplaceSource(realFile(BETTERPLACE_FILES[3]))]);
    expect(outcome).toMatchObject({
      ok: true,
      status: 'ok',
      counts: { new: 2, skipped: [{ externalId: '49876', reason: 'no longer accepts donations' }] },
    });
    const causes = await causesById(prisma);
    expect(Object.keys(causes)).toEqual(['1114', '6233']);
    expect(view(causes['6233'])).toEqual({
      title: 'Skateistan Cambodia',
      slug: slug('skateistan-cambodia'),
      category: 'Spenden',
      organisationName: 'Skateistan',
      organisationUrl: 'https://www.betterplace.org/de/organisations/1054',
      organisationIsPublisher: false,
      imageUrl:
        'https://betterplace-assets.betterplace.org/uploads/project/profile_picture/000/006/233/fill_960x500_original_327569_368768896527128_1081473646_o.jpg',
      sourceUrl: 'https://www.betterplace.org/de/projects/6233-skateistan-cambodia',
      fundingGoal: 9733,
      fundingCurrent: 6163.04,
      fundingProgressPct: 63.3,
      sourceLanguage: 'en',
      description: startsAndEnds(
        "Skateistan Cambodia began operations in March 2011, building the country's first skatepark in Phnom Penh.",
        'Help us grow this grassroots project and create a safe space for all Cambodian youth to be a part of!',
      ),
      active: true,
    });
    expect(view(causes['1114'])).toMatchObject({
      title: 'Unterstütze Skateistan - Sport & Bildung für Kinder',
      slug: slug('unterstuetze-skateistan-sport-bildung-fuer-kinder'),
      sourceUrl: 'https://www.betterplace.org/de/projects/1114-unterstutze-skateistan-sport-bildung-fur-kinder',
      sourceLanguage: 'de',
      description: startsAndEnds(
        'Skateistan ist eine prämierte internationale gemeinnützige Organisation mit Sitz in Berlin.',
        'Wir wollen noch mehr erreichen, so dass noch mehr Kinder durch Bildung und Skateboarding gestärkt werden.',
      ),
    });
  });

  it('bp4 (2018): three open projects, two with English descriptions', async () => {
    const [outcome] = await importSources(prisma, [betterplaceSource(realFile(BETTERPLACE_FILES[4]))]);
    expect(outcome).toMatchObject({ ok: true, status: 'ok', warnings: [], counts: { new: 3, skipped: [] } });
    const causes = await causesById(prisma);
    expect(Object.fromEntries(Object.entries(causes).map(([id, c]) => [id, [c.title, c.sourceLanguage]]))).toEqual({
      '1114': ['Skateistan Afghanistan', 'en'],
      '49876': ['Unterstütze gleiche Rechte für Mädchen GIVE HER FIVE. Spende 5€.', 'de'],
      '6233': ['Skateistan Cambodia', 'en'],
    });
    expect(view(causes['1114'])).toMatchObject({
      fundingGoal: 65638.52,
      fundingCurrent: 52496.71,
      fundingProgressPct: 79.9,
      imageUrl: 'https://betterplace-assets.betterplace.org/uploads/project/profile_picture/000/001/114/fill_960x500_bp1511454997_20170926-DSC_0337.jpg',
      description: startsAndEnds('With 68% of Afghanistan’s population', 'with sport paving the way.'),
    });
    // The trailing no-break spaces of its lines are gone.
    expect(causes['1114'].description).not.toMatch(/[ \u00a0]$/m);
  });

  it('bp5 (2013 format): all three projects are fully funded (open amount -100 € and 0 €, 112 % and 100 %) and left out', async () => {
    const [outcome] = await importSources(prisma, [betterplaceSource(realFile(BETTERPLACE_FILES[5]))]);
    expect(outcome).toMatchObject({
      ok: true,
      status: 'incomplete',
      warnings: [NOT_PAGED(BETTERPLACE_FILES[5], 1, 3)],
      counts: {
        new: 0,
        skipped: [
          { externalId: '6270', reason: 'fully funded' },
          { externalId: '7559', reason: 'fully funded' },
          { externalId: '7830', reason: 'fully funded' },
        ],
      },
    });
    expect(await prisma.cause.count()).toBe(0);
  });

  it('bp6 (search results, page 1 of 118): carrier name with "&amp;" decoded; no description, so the title stands for it', async () => {
    const [outcome] = await importSources(prisma, [betterplaceSource(realFile(BETTERPLACE_FILES[6]))]);
    expect(outcome).toMatchObject({ ok: true, status: 'incomplete', warnings: [NOT_PAGED(BETTERPLACE_FILES[6], 1, 118)], counts: { new: 3, skipped: [] } });
    const causes = await causesById(prisma);
    expect(view(causes['8081'])).toEqual({
      title: 'Das letzte siebte Leben - Hilfe für Svetlana',
      slug: slug('das-letzte-siebte-leben-hilfe-fuer-svetlana'),
      category: 'Spenden',
      organisationName: 'Tierhilfe - Bluemoon & Pfötchenfreunde e.V.',
      organisationUrl: 'https://www.betterplace.org/de/organisations/4735',
      organisationIsPublisher: false,
      imageUrl: 'https://betterplace-assets.betterplace.org/uploads/project/profile_picture/000/008/081/fill_960x500_bp1658254341_original_IMG_1031.jpg',
      sourceUrl: 'https://www.betterplace.org/de/projects/8081-das-letzte-siebte-leben-hilfe-fuer-svetlana',
      fundingGoal: 187954,
      fundingCurrent: 185294.9,
      fundingProgressPct: 98.5,
      sourceLanguage: 'de',
      description: startsAndEnds('Das letzte siebte Leben - Hilfe für Svetlana', 'Das letzte siebte Leben - Hilfe für Svetlana'),
      active: true,
    });
    expect(view(causes['11289'])).toMatchObject({
      organisationName: 'Ein Zuhause für Tiere e. V.',
      organisationUrl: 'https://www.betterplace.org/de/organisations/12201',
      fundingGoal: 103908,
      fundingCurrent: 103112.74,
      fundingProgressPct: 99.2,
    });
    expect(view(causes['72206'])).toMatchObject({ organisationName: 'Lebenshof Gut Weidensee', organisationUrl: 'https://www.betterplace.org/de/organisations/38291' });
  });

  it('bp7 (2023 staging data): the closed project left out, the tax-blocked one imported; English placeholder text', async () => {
    const [outcome] = await importSources(prisma, [betterplaceSource(realFile(BETTERPLACE_FILES[7]))]);
    expect(outcome).toMatchObject({ ok: true, status: 'ok', counts: { new: 2, skipped: [{ externalId: '4', reason: 'no longer accepts donations' }] } });
    const causes = await causesById(prisma);
    expect(view(causes['1'])).toEqual({
      title: 'my little project',
      slug: slug('my-little-project'),
      category: 'Spenden',
      organisationName: 'Organisation #1',
      organisationUrl: 'https://www.betterplace.org/de/organisations/1',
      organisationIsPublisher: false,
      imageUrl: 'https://betterplace-assets.betterplace.org/uploads/project/profile_picture/000/000/001/fill_960x500_707219c3-2de7-41e4-9f65-1d4427faa8c6.jpg',
      sourceUrl: 'https://www.betterplace.org/de/projects/1-my-little-project',
      // 1,250 € donated and 8,001 € open: 13.5 %, whatever the staging data's progress_percentage (0) says
      fundingGoal: 9251,
      fundingCurrent: 1250,
      fundingProgressPct: 13.5,
      sourceLanguage: 'en',
      description: startsAndEnds('way cool project - my description', 'way cool project - my description'),
      active: true,
    });
    expect(view(causes['3'])).toMatchObject({ title: 'Tax-blocked project', organisationName: 'Organisation #2', fundingGoal: 8001, fundingCurrent: 0, fundingProgressPct: 0 });
  });

  it('bp8 (search results, page 1 of 98): the fundraising event without carrier is left out', async () => {
    const [outcome] = await importSources(prisma, [betterplaceSource(realFile(BETTERPLACE_FILES[8]))]);
    expect(outcome).toMatchObject({
      ok: true,
      status: 'incomplete',
      warnings: [NOT_PAGED(BETTERPLACE_FILES[8], 1, 98)],
      counts: { new: 2, skipped: [{ externalId: '38103', reason: 'not a project but a FundraisingEvent' }] },
    });
    const causes = await causesById(prisma);
    expect(view(causes['80636'])).toEqual({
      title: 'Kastration von ca. 100 Streunerkatzen in und um Würzburg',
      slug: slug('kastration-von-ca-100-streunerkatzen-in-und-um-wuerzburg'),
      category: 'Spenden',
      organisationName: 'Katzenhilfe Würzburg und Umgebung e. V.',
      organisationUrl: 'https://www.betterplace.org/de/organisations/23678',
      organisationIsPublisher: false,
      imageUrl: 'https://betterplace-assets.betterplace.org/uploads/project/profile_picture/000/080/636/fill_960x500_bp1614883522_Collage_Headerbild_Katzenhilfe.jpg',
      sourceUrl: 'https://www.betterplace.org/de/projects/80636-kastration-von-ca-100-streunerkatzen-in-und-um-wuerzburg',
      fundingGoal: 49000,
      fundingCurrent: 34658.4,
      fundingProgressPct: 70.7,
      sourceLanguage: 'de',
      description: startsAndEnds('Kastration von ca. 100 Streunerkatzen in und um Würzburg', 'Kastration von ca. 100 Streunerkatzen in und um Würzburg'),
      active: true,
    });
    expect(view(causes['72206'])).toMatchObject({ fundingGoal: 378998, fundingCurrent: 318107.17, fundingProgressPct: 83.9 });
  });
});

describe('RSS 2.0, Atom and RSS 1.0 (RDF) feeds, each given as a file path', () => {
  it('rss1 (heise developer, Atom): the feed\'s author applies to every entry, at the feed\'s own site; pictures from <img> in the content', async () => {
    const [outcome] = await importSources(prisma, [rssSource(RSS_FILES[0])]);
    expect(outcome).toMatchObject({ ok: true, status: 'ok', counts: { new: 15, skipped: [] } });
    const causes = await causesById(prisma);
    expect(Object.values(causes).filter((c) => c.imageUrl).length).toBe(12);
    expect(new Set(Object.values(causes).map((c) => `${c.organisationName} ${c.organisationUrl} ${c.organisationIsPublisher} ${c.sourceLanguage}`))).toEqual(
      new Set(['heise online http://www.heise.de/developer/ false de']),
    );
    expect(view(causes['http://heise.de/-3088438'])).toEqual({
      title: 'Java-Anwendungsserver: Red Hat gibt WildFly 10 frei',
      slug: slug('java-anwendungsserver-red-hat-gibt-wildfly-10-frei'),
      category: 'Petition',
      organisationName: 'heise online',
      organisationUrl: 'http://www.heise.de/developer/',
      organisationIsPublisher: false,
      imageUrl: 'http://www.heise.de/scale/geometry/264/q80/imgs/18/1/7/3/9/9/2/1/wildfly-2bf4ffd2935e38b6-90200def80b152e9-5ba35d3770232d92.jpeg',
      sourceUrl: 'http://www.heise.de/developer/meldung/Java-Anwendungsserver-Red-Hat-gibt-WildFly-10-frei-3088438.html?wt_mc=rss.developer.beitrag.atom',
      fundingGoal: null,
      fundingCurrent: null,
      fundingProgressPct: null,
      sourceLanguage: 'de',
      description:
        'Die nun verfügbare Version 10 des Enterprise-Java-Servers stellt die Basis für Red Hats kommerzielle JBoss Enterprise Application Platform 7 ist zugleich das dritte größere Release seit dem Namenswechsel des Open-Source-Projekts.',
      active: true,
    });
    // A title with a trailing space in the feed
    expect(causes['http://heise.de/-3087150'].title).toBe('Der Dotnet-Doktor: Auslesen und Sortieren von GPX-Dateien');
  });

  it('rss2 (CRE podcast, RSS 2.0): itunes:author as author, itunes:image as picture, stated language; the 21,818-character episode is shortened, not dropped', async () => {
    const [outcome] = await importSources(prisma, [rssSource(RSS_FILES[1])]);
    expect(outcome).toMatchObject({ ok: true, status: 'ok', counts: { new: 30, skipped: [] } });
    const causes = await causesById(prisma);
    expect(Object.values(causes).filter((c) => c.imageUrl).length).toBe(30);
    expect(view(causes['podlove-2015-02-13t20:15:53+00:00-28d673725224ab3'])).toEqual({
      title: 'CRE207 Planetarien',
      slug: slug('cre207-planetarien'),
      category: 'Petition',
      organisationName: 'Metaebene Personal Media - Tim Pritlove',
      organisationUrl: 'http://cre.fm',
      organisationIsPublisher: false,
      imageUrl: 'http://meta.metaebene.me/media/cre/cre207-planetarien.jpg',
      sourceUrl: 'http://feedproxy.google.com/~r/cre-podcast/~3/8l3cmSSJErA/cre207-planetarien',
      fundingGoal: null,
      fundingCurrent: null,
      fundingProgressPct: null,
      sourceLanguage: 'de',
      // content:encoded as text: subtitle, description, duration, contributors, show notes
      description: startsAndEnds(
        'Digitale Planetarien lassen den Zauber der Wissenschaft neu entstehen\n\nPlantarien waren Anfang des 20. Jahrhunderts die Kathedralen der modernen Wissenschaft.',
        '— IMERSA — Chaos Communication Camp — Fischaugenobjektiv.\n\nErstellt von:',
      ),
      active: true,
    });
    // the contributors table: a line per row, not one run-on line
    expect(causes['podlove-2015-02-13t20:15:53+00:00-28d673725224ab3'].description).toContain(
      '\n\nDauer: 1:36:29\n\nOn Air\nTim Pritlove Flattr Tim Pritlove@CRE207 Planetarien\nTim Florian Horn\nLeiter Zeiss-Großplanetarium Berlin\n\nShownotes:\n\n',
    );
    const long = causes['http://metaebene.me/cre/?p=527'];
    expect(long.title).toBe('CRE197 IPv6');
    expect(long.description.length).toBe(19_995);
    // cut after the last whole line that fits under 20,000 characters, marked as shortened
    expect(long.description).toMatch(/\n\* ftp\.internic\.net\n\* RFC1918: Address Allocation for Private Internets \[…\]$/);
  });

  it('rss3 (heise online, Atom, dates in 2035): author with its address, <img> pictures', async () => {
    const [outcome] = await importSources(prisma, [rssSource(RSS_FILES[2])]);
    expect(outcome).toMatchObject({ ok: true, status: 'ok', counts: { new: 150, skipped: [] } });
    const causes = await causesById(prisma);
    expect(Object.values(causes).filter((c) => c.imageUrl).length).toBe(145);
    expect(Object.values(causes).filter((c) => c.sourceLanguage === 'de').length).toBe(150);
    expect(view(causes['http://heise.de/-7237368'])).toEqual({
      title: 'RISC-V-Prozessor aus China: LeapFive NB2 verspricht Raspi-Rechenleistung',
      slug: slug('risc-v-prozessor-aus-china-leapfive-nb2-verspricht-raspi'),
      category: 'Petition',
      organisationName: 'heise online',
      organisationUrl: 'https://www.heise.de',
      organisationIsPublisher: false,
      imageUrl: 'https://www.heise.de/scale/geometry/450/q80//imgs/18/3/5/9/5/0/2/6/LeapFive-NB2-16-9.jpg-53c28b2fbd5ed906.jpeg',
      sourceUrl: 'https://www.heise.de/news/RISC-V-Prozessor-aus-China-LeapFive-NB2-verspricht-Raspi-Rechenleistung-7237368.html?wt_mc=rss.red.ho.ho.atom.beitrag.beitrag',
      fundingGoal: null,
      fundingCurrent: null,
      fundingProgressPct: null,
      sourceLanguage: 'de',
      description: 'Die chinesische Firma Yuefang Technology stellt einen 12-Nanometer-Chip mit vier RISC-V-Kernen, GPU, KI-Beschleuniger und DDR4-Controller vor.',
      active: true,
    });
  });

  it('rss4 (laut.de, RSS 1.0/RDF): no author named, so the feed\'s own dc:publisher (laut.de, at the channel link) is only the publisher; stated language', async () => {
    const [outcome] = await importSources(prisma, [rssSource(RSS_FILES[3])]);
    expect(outcome).toMatchObject({ ok: true, status: 'ok', counts: { new: 20, skipped: [] } });
    const causes = await causesById(prisma);
    expect(new Set(Object.values(causes).map((c) => `${c.organisationName} ${c.organisationUrl} ${c.organisationIsPublisher} ${c.sourceLanguage} ${c.imageUrl}`))).toEqual(
      new Set(['laut.de http://www.laut.de true de null']),
    );
    expect(view(causes['http://www.laut.de/vorlaut/news/2009/07/04/22426/index.htm'])).toEqual({
      title: 'Angelika Express: MySpace-Aus wegen Sido-Werbung',
      slug: slug('angelika-express-myspace-aus-wegen-sido-werbung'),
      category: 'Petition',
      organisationName: 'laut.de',
      organisationUrl: 'http://www.laut.de',
      organisationIsPublisher: true,
      imageUrl: null,
      sourceUrl: 'http://www.laut.de/vorlaut/news/2009/07/04/22426/index.htm',
      fundingGoal: null,
      fundingCurrent: null,
      fundingProgressPct: null,
      sourceLanguage: 'de',
      description: 'Schon länger haderten die Kölner mit der Plattform des "fiesen Rupert Murdoch". Das Fass zum Überlaufen brachte aber ein Werbebanner von Deutschrapper Sido.',
      active: true,
    });
  });

  it('rss5 (Bundestag e-petition): nobody named, so the committee is the publisher, not the petitioner; <br/> lines stay lines, the padding before "Titel"\'s colon goes', async () => {
    const [outcome] = await importSources(prisma, [
      rssSource(RSS_FILES[4], {
        name: 'Bundestag E-Petitionen',
        organisationName: 'Deutscher Bundestag, Petitionsausschuss',
        organisationUrl: 'https://epetitionen.bundestag.de',
      }),
    ]);
    expect(outcome).toMatchObject({ ok: true, status: 'ok', counts: { new: 1, skipped: [] } });
    const [cause] = await prisma.cause.findMany();
    expect(cause.externalId).toBe('https://epetitionen.bundestag.de/content/petitionen/_2023/_02/_17/Petition_146290.nc.html');
    expect(view(cause)).toEqual({
      title: 'Petition: Photovoltaik - Vereinfachungen für Balkonsolaranlagen',
      slug: slug('petition-photovoltaik-vereinfachungen-fuer'),
      category: 'Petition',
      organisationName: 'Deutscher Bundestag, Petitionsausschuss',
      organisationUrl: 'https://epetitionen.bundestag.de',
      organisationIsPublisher: true,
      imageUrl: null,
      sourceUrl: 'https://epetitionen.bundestag.de/content/petitionen/_2023/_02/_17/Petition_146290.nc.html',
      fundingGoal: null,
      fundingCurrent: null,
      fundingProgressPct: null,
      sourceLanguage: 'de',
      // one line per <br/>; the quote in the provenance ends mid-word, and is stored as it is
      description: 'Titel: Photovoltaik - Vereinfachungen für Balkonsolaranlagen\nDatum Erstveröffentlichung: 30.03.2023\nNeuer Petitionsstat',
      active: true,
    });
  });

  it('all 215 items of the four large feeds: 187 get a picture (every item that carries one)', async () => {
    const outcomes = await importSources(prisma, RSS_FILES.slice(0, 4).map((file, i) => rssSource(file, { name: `Feed ${i + 1}` })));
    expect(outcomes.map((o) => o.counts?.new)).toEqual([15, 30, 150, 20]);
    expect(await prisma.cause.count({ where: { imageUrl: { not: null } } })).toBe(187);
    // Every item without a picture has neither <img>, media:*, itunes:image nor an image enclosure.
    const without = await prisma.cause.findMany({ where: { imageUrl: null }, select: { externalId: true } });
    const xml = RSS_FILES.slice(0, 4).map(readRealFile).join('\n');
    for (const { externalId } of without.filter((c) => c.externalId.startsWith('http://heise.de/'))) {
      const entry = xml.slice(xml.indexOf(`<id>${externalId}</id>`), xml.indexOf('</entry>', xml.indexOf(`<id>${externalId}</id>`)));
      expect(entry, externalId).not.toMatch(/<img|media:|itunes:image|rel="enclosure"/);
    }
  });
});
