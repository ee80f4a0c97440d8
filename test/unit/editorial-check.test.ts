import { describe, expect, it } from 'vitest';
import { writeAction, writeSummary } from '../../src/modules/texts/default-generator.js';
import { editorialHold, textProblem } from '../../src/modules/texts/editorial-check.js';
import { excerpt } from '../../src/modules/texts/excerpt.js';
import type { CauseFacts, Language } from '../../src/modules/texts/text-generator.js';

// A petition without deadline or figures: what the data says decides what the texts may claim.
const BASE: CauseFacts = {
  title: 'Tempo 30 vor allen Schulen in Köln',
  description: 'Vor Kölner Schulen passieren immer wieder Unfälle mit Kindern. Die Stadt soll überall Tempo 30 anordnen.',
  category: 'Petition',
  organisationName: 'Eltern für sichere Schulwege e.V.',
  deadline: null,
  daysUntilDeadline: null,
  fundingProgressPct: null,
  fundingGoal: null,
  fundingCurrent: null,
  actionsToTippingPoint: null,
  sourceLanguage: 'de',
};
const facts = (overrides: Partial<CauseFacts>): CauseFacts => ({ ...BASE, ...overrides });
const LANGS: Language[] = ['de', 'en'];
const allTexts = (f: CauseFacts, lang: Language) => {
  const action = writeAction(f, lang);
  return [writeSummary(f, lang), action.headline, action.whyNow, action.whyYou, action.impactStatement];
};

describe('editorial check: what cannot be written honestly is held for an editor', () => {
  it('when the source says the petition is open, nothing is held', () => {
    expect(editorialHold(facts({ statusOpen: true }))).toBeNull();
  });

  it('when a deadline is ahead, nothing is held, even without a stated status', () => {
    expect(editorialHold(facts({ deadline: '2026-12-20', daysUntilDeadline: 25 }))).toBeNull();
  });

  it('when the source gives neither status nor deadline, it is held with that reason', () => {
    expect(editorialHold(facts({}))).toBe('the source gives neither an open status nor a deadline');
  });

  it('when the description has no sentence to quote (a link list, the title again), it is held with that reason', () => {
    expect(editorialHold(facts({ statusOpen: true, description: 'Tempo 30 vor allen Schulen in Köln' }))).toBe(
      'the description has no sentence that can be quoted',
    );
    expect(editorialHold(facts({ statusOpen: true, description: 'Unterwelten e.V.\nHier gibt’s Bier\nImminent Death Of The Net Predicted' }))).toBe(
      'the description has no sentence that can be quoted',
    );
  });

  it('when another generator wrote a text that claims a status the data does not give, it is held with that text as the reason', () => {
    const hold = editorialHold(facts({ deadline: '2026-12-20', daysUntilDeadline: 25, statusOpen: false }), {
      de: { summary: 'Die Petition ist von den Eltern für sichere Schulwege e.V.; Träger der Petition: Eltern für sichere Schulwege e.V.' },
    });
    expect(hold).toBe('the German text: a name is given as a form label, not in a sentence');
  });
});

describe('texts claim only what the data says', () => {
  it('without status or deadline, no text says the petition is still running or that nothing is decided', () => {
    const unknown = facts({});
    for (const lang of LANGS) for (const text of allTexts(unknown, lang)) expect(textProblem(text, unknown, lang), `${lang}: ${text}`).toBeNull();
    expect(writeAction(unknown, 'de').whyNow).not.toMatch(/läuft/);
    expect(writeAction(unknown, 'en').whyNow).not.toMatch(/still|open/);
  });

  it('textProblem finds a status claim without data and a form label, and lets a status claim with an open status pass', () => {
    expect(textProblem('Noch läuft die Petition – jede Unterschrift gibt ihr mehr Gewicht.', facts({}), 'de')).toBe(
      '"Noch läuft" claims a status the source does not give',
    );
    expect(textProblem('There is still time to sign, and every signature adds weight to the petition.', facts({}), 'en')).toBe(
      '"still time" claims a status the source does not give',
    );
    expect(textProblem('Noch läuft die Petition – jede Unterschrift gibt ihr mehr Gewicht.', facts({ statusOpen: true }), 'de')).toBeNull();
    expect(textProblem('Träger der Petition: heise online.', facts({}), 'de')).toBe('a name is given as a form label, not in a sentence');
    expect(textProblem('Die Petition endet am 3. Dezember 2026 (Quelle: laut.de).', facts({}), 'de')).toBe(
      'a name is given as a form label, not in a sentence',
    );
  });

  it('figures the source dates carry their month in both languages', () => {
    const dated = facts({ category: 'Spenden', statusOpen: true, fundingGoal: 9733, fundingCurrent: 6163.04, figuresAsOf: '2019-02-14' });
    expect(writeSummary(dated, 'de')).toContain('(Stand: Februar 2019).');
    expect(writeSummary(dated, 'en')).toContain('(as of February 2019).');
    // what was missing then, in the past: never "still" as if it were so today
    expect(writeAction(dated, 'de').whyNow).toBe('Im Februar 2019 fehlten noch 3.569,96 € bis zum Ziel.');
    expect(writeAction(dated, 'en').whyNow).toBe('In February 2019, the fundraiser was still €3,569.96 short of its goal.');
    const petition = facts({ category: 'Petition', statusOpen: true, fundingGoal: 1000, fundingCurrent: 600, figuresAsOf: '2024-03-02' });
    expect([writeAction(petition, 'de').whyNow, writeAction(petition, 'en').whyNow]).toEqual([
      'Im März 2024 fehlten noch 400 Unterschriften bis zum Ziel.',
      'In March 2024, the petition was still 400 signatures short of its goal.',
    ]);
    expect(editorialHold(dated)).toBeNull();
    // the headline and the impact speak of no gap as present: the goal may have been reached since
    for (const close of [dated, facts({ ...dated, fundingCurrent: 9350 }), petition]) {
      for (const lang of ['de', 'en'] as const) {
        const { headline, impactStatement } = writeAction(close, lang);
        expect(`${headline} ${impactStatement}`, lang).not.toMatch(/Ziel|goal|Abstand|gap|näher|closer|%/u);
      }
    }
  });

  it('dated figures are what stood then: their sentence never says "bislang", "schon", "so far" or "already", whichever variant a title draws', () => {
    const summaries = (figuresAsOf: string | null) =>
      ['Spenden', 'Petition', 'Brief'].flatMap((category) =>
        Array.from({ length: 40 }, (_, i) =>
          facts({
            title: `Aktion Nummer ${i}`,
            category: category as CauseFacts['category'],
            statusOpen: true,
            fundingGoal: 1000,
            fundingCurrent: 400 + i,
            figuresAsOf,
          }),
        ),
      );
    const dated = summaries('2022-08-14').flatMap((f) => [writeSummary(f, 'de'), writeSummary(f, 'en')]);
    expect(dated.filter((text) => /(?<!\p{L})(?:bislang|bisher|schon|inzwischen)(?!\p{L})|\b(?:so far|already|to date)\b/iu.test(text))).toEqual([]);
    expect(dated.every((text) => /\((?:Stand: August 2022|as of August 2022)\)\./u.test(text))).toBe(true);
    // figures of the day the text is written are current, so they may be said in the present ("es fehlen noch")
    const ofTheDay = facts({
      category: 'Spenden',
      statusOpen: true,
      fundingGoal: 1000,
      fundingCurrent: 400,
      figuresAsOf: '2022-08-14',
      writtenOn: '2022-08-14',
    });
    expect(writeSummary(ofTheDay, 'de')).toContain('Gespendet sind 400 €, es fehlen noch 600 € (Stand: August 2022).');
    expect(writeSummary(ofTheDay, 'en')).toContain('Donations stand at €400, with €600 still needed (as of August 2022).');
    // undated figures keep every variant, these words among them
    const undated = summaries(null).flatMap((f) => [writeSummary(f, 'de'), writeSummary(f, 'en')]);
    expect(undated.some((text) => /bislang|so far/u.test(text))).toBe(true);
  });

  it('a name without a certain head noun is named in a sentence, never as a form label', () => {
    const label = facts({ statusOpen: true, organisationName: 'heise online', organisationIsPublisher: true, description: 'Kurz.' });
    expect(writeSummary(label, 'de')).toBe('Die Petition „Tempo 30 vor allen Schulen in Köln“ ist auf der Website heise online erschienen.');
    const person = facts({ statusOpen: true, organisationName: 'Maria Schmidt' });
    // the description is quoted as the petition's, never as a plural "Initiatoren" one person may not be
    expect(writeSummary(person, 'de')).toBe(
      'Verantwortlich für die Petition „Tempo 30 vor allen Schulen in Köln“ ist Maria Schmidt. In der Beschreibung der Petition heißt es: „Vor Kölner ' +
        'Schulen passieren immer wieder Unfälle mit Kindern. Die Stadt soll überall Tempo 30 anordnen.“',
    );
  });

  it('an English title is not called German; a German one is introduced as German-language (where no description says it is in German)', () => {
    const code = facts({ statusOpen: true, title: 'CRE179 GSM Security', description: '' });
    expect(writeSummary(code, 'en')).not.toMatch(/German/);
    expect(writeSummary(facts({ statusOpen: true, description: '' }), 'en')).toContain('German-language petition “Tempo 30 vor allen Schulen in Köln”');
    // with a German description, the summary says so in a sentence of its own instead of the adjective
    expect(writeSummary(facts({ statusOpen: true, description: 'Kurz.' }), 'en')).toBe(
      'The petition “Tempo 30 vor allen Schulen in Köln” is organised by Eltern für sichere Schulwege e.V. The petition is written in German.',
    );
    // German verbs and words beyond the articles tell too (heise's "… gibt WildFly 10 frei", "… wird deutlich teurer")
    for (const title of ['Java-Anwendungsserver: Red Hat gibt WildFly 10 frei', 'Vergleichsportale: Strom wird deutlich teurer']) {
      expect(writeSummary(facts({ statusOpen: true, title, description: '' }), 'en')).toContain(`German-language petition “${title}”`);
    }
    expect(writeSummary(facts({ statusOpen: true, title: 'CRE194 Bier', description: '' }), 'en')).not.toMatch(/German/);
    // forms English has not: -iert, a "ge…t" participle, nouns in -ung, "wie" (the editor's untagged real titles)
    for (const title of [
      'Kurz informiert: Netzhautverpflanzung, Phishing, Roboter',
      'Continuous Lifecycle London: Programm online, Ticketverkauf gestartet',
      'Michael Jackson: Abschiedskonzert ersetzt Aufbahrung',
      "Lady Gaga: 'Bin wie Andy Warhol'",
      'CRE200 Stadtplanung',
    ]) {
      expect(writeSummary(facts({ statusOpen: true, title, description: '' }), 'en'), title).toContain('German-language petition');
    }
    // English titles (without an English function word to tell them) that end alike stay unmarked
    for (const title of ['Young Climate Voices Berlin', 'Hung Jury Watch', 'Greenest Street Contest Hamburg', 'Community Leadership Award']) {
      expect(writeSummary(facts({ statusOpen: true, title, description: '' }), 'en'), title).not.toMatch(/German/);
    }
  });
});

describe('excerpts: relative time and invisible characters', () => {
  /** The excerpt of a description that may be old (no open status, no deadline). */
  const old = (text: string, lang: Language = 'de') => excerpt(text, 220, 2, lang, { mayBeOld: true });

  it('a sentence with time relative to a day the text does not give is not quoted', () => {
    expect(excerpt('Das Konzert im Stadtpark fällt aus. Das hat der Veranstalter gestern abgesagt.', 220, 2, 'de')).toBe('Das Konzert im Stadtpark fällt aus.');
    expect(excerpt('Heute zeigt das Museum neue Bilder aus dem Archiv der Stadt.', 220, 2, 'de')).toBe('');
    expect(excerpt('Die Sitzung findet am Freitag im Rathaus der Stadt statt, alle sind eingeladen.', 220, 2, 'de')).toBe('');
    expect(excerpt('The council votes on the plan today in the town hall of the city.', 220, 2, 'en')).toBe('');
  });

  it('"Morgen" as a noun and a weekday with its date are not relative', () => {
    expect(excerpt('Am Morgen öffnet die Tafel in der Altstadt ihre Türen für alle Gäste.', 220, 2, 'de')).toBe(
      'Am Morgen öffnet die Tafel in der Altstadt ihre Türen für alle Gäste.',
    );
    expect(excerpt('Die Sitzung findet am Freitag, 3. Mai im Rathaus statt, alle sind eingeladen.', 220, 2, 'de')).toBe(
      'Die Sitzung findet am Freitag, 3. Mai im Rathaus statt, alle sind eingeladen.',
    );
  });

  it('a description that may be old: no teaser fragment is quoted, neither a subordinate clause alone nor a German sentence without a finite verb', () => {
    // the real heise and laut.de teasers an editor found
    expect(old('Wie man Microsofts Office-Paket aus der Cloud sicher und in Übereinstimmung mit den unternehmenseigenen Compliance-Regeln einsetzt.')).toBe('');
    expect(
      old('Meredith Whittaker, Mitbegründerin des AI Now Institute und eine der schärfsten Kritikerinnen von Google im Interview mit MIT Technology Review.'),
    ).toBe('');
    expect(old('Angeblich in Richtung Legalität und einer verstärkten Konzentration auf politische Aktivitäten.')).toBe('');
    expect(old('Alles für lau, alles ziemlich super und ganz ohne Anmeldung.')).toBe('');
    expect(old('How to set up a GitLab server for a small team in one afternoon.', 'en')).toBe('');
    // whole sentences stay: a verb after a noun ("… sitzen Intels …"), an irregular past, a clause with its main clause
    expect(old('In der 12. NUC-Pro-Generation sitzen Intels Prozessoren der Baureihe Alder Lake.')).toBe(
      'In der 12. NUC-Pro-Generation sitzen Intels Prozessoren der Baureihe Alder Lake.',
    );
    expect(old('Am 17. August 1982 begann das Zeitalter der optischen Datenträger.')).toBe(
      'Am 17. August 1982 begann das Zeitalter der optischen Datenträger.',
    );
    expect(old('Wer im Verein mitmachen möchte, findet die Termine im Kalender.')).toBe('Wer im Verein mitmachen möchte, findet die Termine im Kalender.');
    // nor is an open action's: a fragment does not stand on its own as a quotation, whatever the description's age
    expect(excerpt('Alles für lau, alles ziemlich super und ganz ohne Anmeldung.', 220, 2, 'de')).toBe('');
    expect(excerpt('Wie man die Stadt zum Handeln bewegt. Die Stadt plant neue Radwege für alle Schulen.', 220, 2, 'de')).toBe(
      'Die Stadt plant neue Radwege für alle Schulen.',
    );
  });

  it('a description that may be old: no year spoken of as ahead, and nothing after a dated sentence', () => {
    // the real heise teasers an editor found: a year then ahead, now past
    expect(old('Die Geneva International Motor Show wird 2023 in Katar ausgerichtet.')).toBe('');
    expect(old('Angesichts rapide steigender Preise soll die Mehrwertsteuer auf Erdgas bis Anfang 2024 sinken.')).toBe('');
    expect(old('Im Oktober 2022 stehen in Karlsruhe Themen von Software Supply Chain Security bis Kryptografie auf dem Programm.')).toBe('');
    expect(old('The show will move to Qatar in 2023 for the first time.', 'en')).toBe('');
    // and what follows it goes on in its time: "Dann soll …" is not quoted instead
    expect(
      old('Tesla wird sein Model Y ab viertem Quartal 2022 mit einer neuen Zellchemie anbieten. Die Zellen kommen aus China und sollen günstiger sein.'),
    ).toBe('');
    // a year in the past tense, and a decade ("1990er"), stay true
    expect(old('Die Station wurde 2011 in Phnom Penh gegründet und betreut Kinder aus der ganzen Stadt.')).toBe(
      'Die Station wurde 2011 in Phnom Penh gegründet und betreut Kinder aus der ganzen Stadt.',
    );
    expect(old('Skateistan Cambodia began operations in March 2011 in Phnom Penh.', 'en')).toBe(
      'Skateistan Cambodia began operations in March 2011 in Phnom Penh.',
    );
    expect(old('Schon in den 1990er Jahren versuchten Kryptographen, Geld in elektronische Form zu bringen.')).toBe(
      'Schon in den 1990er Jahren versuchten Kryptographen, Geld in elektronische Form zu bringen.',
    );
    // an open action's description is quoted as before
    expect(excerpt('Die Geneva International Motor Show wird 2027 in Katar ausgerichtet.', 220, 2, 'de')).toBe(
      'Die Geneva International Motor Show wird 2027 in Katar ausgerichtet.',
    );
  });

  it('zero-width characters are removed', () => {
    expect(excerpt('Der Verein\u200b sammelt Spenden für neue Betten im Kinder\u00adhospiz\ufeff.', 220, 2, 'de')).toBe(
      'Der Verein sammelt Spenden für neue Betten im Kinder\u00adhospiz.',
    );
  });
});
