import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GENERATOR_NAME,
  writeAction,
  writeSummary,
  type CauseCategory,
  type CauseFacts,
  type Language,
} from '../../src/modules/texts/default-generator.js';

// A donation campaign with a deadline in 5 days at 87.5 %; each case below overrides some facts.
const BASE: CauseFacts = {
  title: 'Winterhilfe für Obdachlose in Leipzig',
  description:
    'Jeden Winter erfrieren in Deutschland Menschen auf der Straße. Die Wärmestube verteilt seit 2015 ab dem 1. Dezember Schlafsäcke, warme Mahlzeiten und Kleidung in der Leipziger Innenstadt.',
  sourceLanguage: 'de',
  category: 'Spenden',
  organisationName: 'Wärmestube Leipzig e. V.',
  organisationIsPublisher: false,
  deadline: '2026-12-05',
  daysUntilDeadline: 5,
  fundingProgressPct: 87.5,
  fundingGoal: 40000,
  fundingCurrent: 35000,
  actionsToTippingPoint: null,
};
const cause = (overrides: Partial<CauseFacts>): CauseFacts => ({ ...BASE, ...overrides });

describe('default generator: exact texts', () => {
  it('has a name', () => {
    expect(DEFAULT_GENERATOR_NAME).toBe('default-v1');
  });

  describe('Spenden, deadline in 5 days, 87.5 % (35.000 of 40.000 €)', () => {
    const facts = cause({});

    it('de', () => {
      expect(writeSummary(facts, 'de')).toBe(
        'Jeden Winter erfrieren in Deutschland Menschen auf der Straße. Die Spendenaktion von Wärmestube Leipzig e. V. läuft bis zum 5. Dezember 2026. 87 % des Ziels von 40.000 € sind erreicht.',
      );
      expect(writeAction(facts, 'de')).toEqual({
        type: 'donate',
        headline: 'Nur noch 5 Tage Zeit, um für „Winterhilfe für Obdachlose in Leipzig“ zu spenden',
        whyNow: 'Die Spendenaktion endet in 5 Tagen, am 5. Dezember 2026. Mit 87 % ist das Ziel schon in Reichweite.',
        whyYou: 'Sie entscheiden selbst, wie viel Sie geben: Jede Spende, ob groß oder klein, bringt das Anliegen von Wärmestube Leipzig e. V. voran.',
        impactStatement: 'Bis zum Ziel von 40.000 € fehlen noch 5.000 € – Ihre Spende hilft, diese Lücke zu schließen.',
      });
    });

    it('en', () => {
      expect(writeSummary(facts, 'en')).toBe(
        '“Winterhilfe für Obdachlose in Leipzig” is a fundraiser by Wärmestube Leipzig e. V., running until 5 December 2026. 87% of the €40,000 goal has been raised.',
      );
      expect(writeAction(facts, 'en')).toEqual({
        type: 'donate',
        headline: 'Only 5 days left to donate to “Winterhilfe für Obdachlose in Leipzig”',
        whyNow: 'The fundraiser ends in 5 days, on 5 December 2026. At 87%, the goal is within reach.',
        whyYou: 'You decide how much to give: every donation, large or small, helps Wärmestube Leipzig e. V. move this cause forward.',
        impactStatement: '€5,000 is still needed to reach the €40,000 goal – your donation helps close that gap.',
      });
    });
  });

  describe('Spenden, deadline today, 120 %', () => {
    const facts = cause({ deadline: '2026-11-21', daysUntilDeadline: 0, fundingProgressPct: 120, fundingCurrent: 48000 });

    it('de', () => {
      expect(writeSummary(facts, 'de')).toBe(
        'Jeden Winter erfrieren in Deutschland Menschen auf der Straße. Die Spendenaktion von Wärmestube Leipzig e. V. läuft bis zum 21. November 2026. Das Ziel von 40.000 € ist mit 120 % bereits übertroffen.',
      );
      expect(writeAction(facts, 'de')).toEqual({
        type: 'donate',
        headline: 'Nur noch heute: Spenden Sie für „Winterhilfe für Obdachlose in Leipzig“',
        whyNow: 'Die Spendenaktion endet heute, am 21. November 2026. Mit 120 % hat sie ihr Ziel bereits übertroffen und sammelt bis dahin weiter Spenden.',
        whyYou: 'Sie entscheiden selbst, wie viel Sie geben: Jede Spende, ob groß oder klein, bringt das Anliegen von Wärmestube Leipzig e. V. voran.',
        impactStatement: 'Das Ziel ist übertroffen – jede weitere Spende gibt Wärmestube Leipzig e. V. zusätzlichen Spielraum.',
      });
    });

    it('en', () => {
      expect(writeSummary(facts, 'en')).toBe(
        '“Winterhilfe für Obdachlose in Leipzig” is a fundraiser by Wärmestube Leipzig e. V., running until 21 November 2026. It has already exceeded its €40,000 goal, at 120%.',
      );
      expect(writeAction(facts, 'en')).toEqual({
        type: 'donate',
        headline: 'Ends today: Donate to “Winterhilfe für Obdachlose in Leipzig” before it closes',
        whyNow: 'The fundraiser ends today, on 21 November 2026. At 120%, it has already passed its goal and is still collecting donations.',
        whyYou: 'You decide how much to give: every donation, large or small, helps Wärmestube Leipzig e. V. move this cause forward.',
        impactStatement: 'The goal has already been exceeded – every further donation gives Wärmestube Leipzig e. V. more room to act.',
      });
    });
  });

  describe('Spenden, no deadline, progress unknown', () => {
    const facts = cause({ deadline: null, daysUntilDeadline: null, fundingProgressPct: null, fundingGoal: null, fundingCurrent: null });

    it('de', () => {
      expect(writeSummary(facts, 'de')).toBe(
        'Jeden Winter erfrieren in Deutschland Menschen auf der Straße. Die Wärmestube verteilt seit 2015 ab dem 1. Dezember Schlafsäcke, warme Mahlzeiten und Kleidung in der Leipziger Innenstadt. Hinter der Spendenaktion steht Wärmestube Leipzig e. V.',
      );
      expect(writeAction(facts, 'de')).toEqual({
        type: 'donate',
        headline: 'Jeder Betrag zählt: Spenden Sie für „Winterhilfe für Obdachlose in Leipzig“',
        whyNow: 'Wärmestube Leipzig e. V. sammelt gerade Spenden für dieses Anliegen, und jede einzelne bringt es ein Stück voran.',
        whyYou: 'Sie entscheiden selbst, wie viel Sie geben: Jede Spende, ob groß oder klein, bringt das Anliegen von Wärmestube Leipzig e. V. voran.',
        impactStatement: 'Ihre Spende hilft Wärmestube Leipzig e. V., dieses Anliegen weiter voranzubringen.',
      });
    });

    it('en', () => {
      expect(writeSummary(facts, 'en')).toBe(
        '“Winterhilfe für Obdachlose in Leipzig” is a fundraiser by Wärmestube Leipzig e. V.',
      );
      expect(writeAction(facts, 'en')).toEqual({
        type: 'donate',
        headline: 'Every amount counts: Donate to “Winterhilfe für Obdachlose in Leipzig”',
        whyNow: 'Wärmestube Leipzig e. V. is collecting donations for this cause right now, and every one of them moves it forward.',
        whyYou: 'You decide how much to give: every donation, large or small, helps Wärmestube Leipzig e. V. move this cause forward.',
        impactStatement: 'Your donation helps Wärmestube Leipzig e. V. keep moving this cause forward.',
      });
    });
  });

  describe('Petition, no deadline, progress unknown, no tipping point', () => {
    const facts = cause({ category: 'Petition', title: 'Tempo 30 vor allen Schulen in Köln', description: 'Worum geht es?\nVor Kölner Schulen passieren immer wieder Unfälle mit Kindern. Wir fordern den Stadtrat auf, vor allen Schulen Tempo 30 einzuführen.', organisationName: 'Eltern für sichere Schulwege', deadline: null, daysUntilDeadline: null, fundingProgressPct: null, fundingGoal: null, fundingCurrent: null });

    it('de', () => {
      expect(writeSummary(facts, 'de')).toBe(
        'Vor Kölner Schulen passieren immer wieder Unfälle mit Kindern. Wir fordern den Stadtrat auf, vor allen Schulen Tempo 30 einzuführen. Hinter der Petition steht Eltern für sichere Schulwege.',
      );
      expect(writeAction(facts, 'de')).toEqual({
        type: 'sign',
        headline: '„Tempo 30 vor allen Schulen in Köln“ braucht Ihre Unterschrift',
        whyNow: 'Eltern für sichere Schulwege sammelt gerade Unterschriften für diese Petition – je mehr zusammenkommen, desto mehr Gewicht hat sie.',
        whyYou: 'Mit Ihrer Unterschrift stellen Sie sich hinter die Forderung von Eltern für sichere Schulwege und geben ihr mehr Gewicht.',
        impactStatement: 'Jede Unterschrift erhöht den Druck auf die Verantwortlichen, sich mit der Forderung zu befassen.',
      });
    });

    it('en', () => {
      expect(writeSummary(facts, 'en')).toBe(
        '“Tempo 30 vor allen Schulen in Köln” is a petition by Eltern für sichere Schulwege.',
      );
      expect(writeAction(facts, 'en')).toEqual({
        type: 'sign',
        headline: '“Tempo 30 vor allen Schulen in Köln” needs your signature',
        whyNow: 'Eltern für sichere Schulwege is gathering signatures for this petition right now – the more people sign, the more weight it carries.',
        whyYou: 'By signing, you add your name to the call from Eltern für sichere Schulwege and give it more weight.',
        impactStatement: 'Every signature adds pressure on those responsible to deal with the demand.',
      });
    });
  });

  describe('Petition, no deadline, 12.400 of 20.000 signatures, 1.200 to the tipping point', () => {
    const facts = cause({ category: 'Petition', title: 'Tempo 30 vor allen Schulen in Köln', description: 'Worum geht es?\nVor Kölner Schulen passieren immer wieder Unfälle mit Kindern. Wir fordern den Stadtrat auf, vor allen Schulen Tempo 30 einzuführen.', organisationName: 'Eltern für sichere Schulwege', deadline: null, daysUntilDeadline: null, fundingProgressPct: 62, fundingGoal: 20000, fundingCurrent: 12400, actionsToTippingPoint: 1200 });

    it('de', () => {
      expect(writeSummary(facts, 'de')).toBe(
        'Vor Kölner Schulen passieren immer wieder Unfälle mit Kindern. Hinter der Petition steht Eltern für sichere Schulwege. Bisher sind 12.400 von 20.000 Unterschriften zusammengekommen.',
      );
      expect(writeAction(facts, 'de')).toEqual({
        type: 'sign',
        headline: 'Erst 62 % erreicht: „Tempo 30 vor allen Schulen in Köln“ braucht Ihre Unterstützung',
        whyNow: 'Bisher sind 62 % des Ziels erreicht, es ist also noch viel Unterstützung nötig.',
        whyYou: 'Mit Ihrer Unterschrift stellen Sie sich hinter die Forderung von Eltern für sichere Schulwege und geben ihr mehr Gewicht.',
        impactStatement: 'Es fehlen noch 1.200 Unterschriften bis zur entscheidenden Schwelle – Ihre kann eine davon sein.',
      });
    });

    it('en', () => {
      expect(writeSummary(facts, 'en')).toBe(
        '“Tempo 30 vor allen Schulen in Köln” is a petition by Eltern für sichere Schulwege. So far, 12,400 of 20,000 signatures have been collected.',
      );
      expect(writeAction(facts, 'en')).toEqual({
        type: 'sign',
        headline: 'Only 62% so far: “Tempo 30 vor allen Schulen in Köln” needs your support',
        whyNow: 'So far, 62% of the goal has been reached, so plenty of support is still needed.',
        whyYou: 'By signing, you add your name to the call from Eltern für sichere Schulwege and give it more weight.',
        impactStatement: '1,200 more signatures are needed to reach the tipping point – yours could be one of them.',
      });
    });
  });

  describe('Petition, deadline tomorrow, one signature short of the goal', () => {
    const facts = cause({ category: 'Petition', title: 'Rettet das Freibad Süd', description: 'Das Freibad Süd soll 2027 schließen.', organisationName: 'Bürgerinitiative Freibad Süd', deadline: '2026-11-22', daysUntilDeadline: 1, fundingProgressPct: 99.9, fundingGoal: 1000, fundingCurrent: 999 });

    it('de', () => {
      expect(writeSummary(facts, 'de')).toBe(
        'Das Freibad Süd soll 2027 schließen. Bürgerinitiative Freibad Süd sammelt mit dieser Petition bis zum 22. November 2026 Unterschriften. Bisher sind 999 von 1.000 Unterschriften zusammengekommen.',
      );
      expect(writeAction(facts, 'de')).toEqual({
        type: 'sign',
        headline: 'Endet morgen: Jetzt noch „Rettet das Freibad Süd“ unterschreiben',
        whyNow: 'Die Petition endet morgen, am 22. November 2026. Mit 99 % ist das Ziel schon in Reichweite.',
        whyYou: 'Ihre Unterschrift kostet Sie nur einen Moment und zeigt den Verantwortlichen, dass Ihnen dieses Anliegen wichtig ist.',
        impactStatement: 'Bis zum Ziel von 1.000 Unterschriften fehlt nur noch eine – das kann Ihre sein.',
      });
    });

    it('en', () => {
      expect(writeSummary(facts, 'en')).toBe(
        'With the petition “Rettet das Freibad Süd”, Bürgerinitiative Freibad Süd is collecting signatures until 22 November 2026. So far, 999 of 1,000 signatures have been collected.',
      );
      expect(writeAction(facts, 'en')).toEqual({
        type: 'sign',
        headline: 'Ends tomorrow: Sign “Rettet das Freibad Süd” now',
        whyNow: 'The petition ends tomorrow, on 22 November 2026. At 99%, the goal is within reach.',
        whyYou: 'Signing takes only a moment and shows those responsible that this issue matters to you.',
        impactStatement: 'Just one more signature is needed to reach the goal of 1,000 – it could be yours.',
      });
    });
  });

  describe('Brief, deadline in 100 days, 35 %', () => {
    const facts = cause({ category: 'Brief', title: 'Mehr Radwege in Dresden', description: 'Dresden plant seinen Verkehr für die nächsten zehn Jahre. Schreiben Sie den Stadträtinnen und Stadträten, warum sichere Radwege dazugehören müssen.', organisationName: 'Radentscheid Dresden', deadline: '2027-03-01', daysUntilDeadline: 100, fundingProgressPct: 35, fundingGoal: 500, fundingCurrent: 175 });

    it('de', () => {
      expect(writeSummary(facts, 'de')).toBe(
        'Dresden plant seinen Verkehr für die nächsten zehn Jahre. Die Briefaktion von Radentscheid Dresden läuft bis zum 1. März 2027. Bisher wurden 175 von 500 Briefen geschrieben.',
      );
      expect(writeAction(facts, 'de')).toEqual({
        type: 'write',
        headline: 'Bis zum 1. März 2027: Schreiben Sie einen Brief für „Mehr Radwege in Dresden“',
        whyNow: 'Die Briefaktion läuft noch 100 Tage, bis zum 1. März 2027. Bisher sind 35 % des Ziels erreicht, es ist also noch viel Unterstützung nötig.',
        whyYou: 'Mit Ihrem Brief unterstützen Sie Radentscheid Dresden und sprechen die Entscheidungsträger direkt an.',
        impactStatement: 'Bis zum Ziel von 500 Briefen fehlen noch 325 – Ihr Brief bringt die Briefaktion diesem Ziel näher.',
      });
    });

    it('en', () => {
      expect(writeSummary(facts, 'en')).toBe(
        '“Mehr Radwege in Dresden” is a letter campaign by Radentscheid Dresden, running until 1 March 2027. So far, 175 of 500 letters have been written.',
      );
      expect(writeAction(facts, 'en')).toEqual({
        type: 'write',
        headline: 'Open until 1 March 2027: Write a letter for “Mehr Radwege in Dresden”',
        whyNow: 'The letter campaign runs for another 100 days, until 1 March 2027. So far, 35% of the goal has been reached, so plenty of support is still needed.',
        whyYou: 'With your letter, you support Radentscheid Dresden and speak directly to the people who make the decisions.',
        impactStatement: '325 more letters are needed to reach the goal of 500 – yours brings the letter campaign closer.',
      });
    });
  });

  describe('Brief, no deadline, no description, 96 %, one letter to the tipping point', () => {
    const facts = cause({ category: 'Brief', title: 'Kein Abriss der Markthalle', description: '', organisationName: 'Initiative Markthalle', deadline: null, daysUntilDeadline: null, fundingProgressPct: 96, fundingGoal: 500, fundingCurrent: 480, actionsToTippingPoint: 1 });

    it('de', () => {
      expect(writeSummary(facts, 'de')).toBe(
        'Hinter der Briefaktion „Kein Abriss der Markthalle“ steht Initiative Markthalle. Bisher wurden 480 von 500 Briefen geschrieben.',
      );
      expect(writeAction(facts, 'de')).toEqual({
        type: 'write',
        headline: 'Schon 96 % erreicht: Schreiben Sie einen Brief für „Kein Abriss der Markthalle“',
        whyNow: 'Mit 96 % ist das Ziel schon in Reichweite – jetzt zählen die letzten Briefe.',
        whyYou: 'Ein persönlicher Brief von Ihnen zeigt den Adressaten, dass hinter dem Anliegen echte Menschen stehen.',
        impactStatement: 'Es fehlt nur noch ein Brief bis zur entscheidenden Schwelle – das kann Ihrer sein.',
      });
    });

    it('en', () => {
      expect(writeSummary(facts, 'en')).toBe(
        '“Kein Abriss der Markthalle” is a letter campaign by Initiative Markthalle. So far, 480 of 500 letters have been written.',
      );
      expect(writeAction(facts, 'en')).toEqual({
        type: 'write',
        headline: 'Already 96% there: Write a letter for “Kein Abriss der Markthalle”',
        whyNow: 'At 96%, the goal is within reach – the last few letters now make the difference.',
        whyYou: 'A personal letter from you shows the recipients that real people stand behind this issue.',
        impactStatement: 'Just one more letter is needed to reach the tipping point – it could be yours.',
      });
    });
  });

  describe('Spenden, long description, deadline in 71 days, only a percentage, 35 donations to the tipping point', () => {
    const facts = cause({ title: 'Stadtbibliothek Gröpelingen retten', organisationName: 'Freundeskreis der Stadtbibliothek', description: 'Die Stadtbibliothek im Stadtteil Gröpelingen ist für viele Kinder und Jugendliche der einzige ruhige Ort zum Lernen, für ältere Menschen ein Treffpunkt und für Geflüchtete oft die erste Anlaufstelle, um Deutsch zu lernen, Bewerbungen zu schreiben und Formulare auszufüllen, weshalb ihre Schließung weit über den Stadtteil hinaus Folgen hätte. Wir sammeln Geld für den Weiterbetrieb.', deadline: '2027-01-31', daysUntilDeadline: 71, fundingProgressPct: 45, fundingGoal: null, fundingCurrent: null, actionsToTippingPoint: 35 });

    it('de', () => {
      expect(writeSummary(facts, 'de')).toBe(
        'Die Stadtbibliothek im Stadtteil Gröpelingen ist für viele Kinder und Jugendliche der einzige ruhige Ort zum Lernen, für ältere Menschen ein Treffpunkt und für Geflüchtete oft die erste Anlaufstelle, um Deutsch zu… Die Spendenaktion von Freundeskreis der Stadtbibliothek läuft bis zum 31. Januar 2027. 45 % des Spendenziels sind erreicht.',
      );
      expect(writeAction(facts, 'de')).toEqual({
        type: 'donate',
        headline: 'Spenden Sie für „Stadtbibliothek Gröpelingen retten“ – noch bis zum 31. Januar 2027',
        whyNow: 'Die Spendenaktion läuft noch 71 Tage, bis zum 31. Januar 2027. Bisher sind 45 % des Ziels erreicht, es ist also noch viel Unterstützung nötig.',
        whyYou: 'Sie entscheiden selbst, wie viel Sie geben: Jede Spende, ob groß oder klein, bringt das Anliegen von Freundeskreis der Stadtbibliothek voran.',
        impactStatement: 'Es fehlen noch 35 Spenden bis zur entscheidenden Schwelle – Ihre kann eine davon sein.',
      });
    });

    it('en', () => {
      expect(writeSummary(facts, 'en')).toBe(
        '“Stadtbibliothek Gröpelingen retten” is a fundraiser by Freundeskreis der Stadtbibliothek, running until 31 January 2027. 45% of the goal has been raised.',
      );
      expect(writeAction(facts, 'en')).toEqual({
        type: 'donate',
        headline: 'Donate to “Stadtbibliothek Gröpelingen retten” by 31 January 2027',
        whyNow: 'The fundraiser runs for another 71 days, until 31 January 2027. So far, 45% of the goal has been reached, so plenty of support is still needed.',
        whyYou: 'You decide how much to give: every donation, large or small, helps Freundeskreis der Stadtbibliothek move this cause forward.',
        impactStatement: '35 more donations are needed to reach the tipping point – yours could be one of them.',
      });
    });
  });

  describe('Brief, no deadline, no description, 0 %', () => {
    const facts = cause({ category: 'Brief', title: 'Kein Abriss der Markthalle', description: '', organisationName: 'Initiative Markthalle', deadline: null, daysUntilDeadline: null, fundingProgressPct: 0, fundingGoal: 500, fundingCurrent: 0 });

    it('de', () => {
      expect(writeSummary(facts, 'de')).toBe(
        'Hinter der Briefaktion „Kein Abriss der Markthalle“ steht Initiative Markthalle. Das Ziel liegt bei 500 Briefen.',
      );
      expect(writeAction(facts, 'de')).toEqual({
        type: 'write',
        headline: '„Kein Abriss der Markthalle“ braucht Ihren Brief',
        whyNow: 'Vom Ziel ist bisher kaum etwas erreicht – gerade jetzt zählt jede Unterstützung.',
        whyYou: 'Ein persönlicher Brief von Ihnen zeigt den Adressaten, dass hinter dem Anliegen echte Menschen stehen.',
        impactStatement: 'Ihr Brief bringt die Briefaktion ihrem Ziel ein Stück näher.',
      });
    });

    it('en', () => {
      expect(writeSummary(facts, 'en')).toBe(
        '“Kein Abriss der Markthalle” is a letter campaign by Initiative Markthalle. The goal is 500 letters.',
      );
      expect(writeAction(facts, 'en')).toEqual({
        type: 'write',
        headline: '“Kein Abriss der Markthalle” needs your letter',
        whyNow: 'Hardly any of the goal has been reached yet, so every bit of support counts right now.',
        whyYou: 'A personal letter from you shows the recipients that real people stand behind this issue.',
        impactStatement: 'Your letter brings the letter campaign a step closer to its goal.',
      });
    });
  });

  describe('Petition, deadline in 3 days, progress unknown, no organisation name', () => {
    const facts = cause({ category: 'Petition', title: 'Nachtzug nach Paris erhalten', description: 'Die Nachtzugverbindung Berlin–Paris soll im Dezember eingestellt werden. Wir fordern die Bundesregierung auf, sie zu erhalten.', organisationName: '', deadline: '2026-11-24', daysUntilDeadline: 3, fundingProgressPct: null, fundingGoal: null, fundingCurrent: null });

    it('de', () => {
      expect(writeSummary(facts, 'de')).toBe(
        'Die Nachtzugverbindung Berlin–Paris soll im Dezember eingestellt werden. Wir fordern die Bundesregierung auf, sie zu erhalten. Die Petition läuft bis zum 24. November 2026.',
      );
      expect(writeAction(facts, 'de')).toEqual({
        type: 'sign',
        headline: 'Nur noch 3 Tage Zeit, um „Nachtzug nach Paris erhalten“ zu unterschreiben',
        whyNow: 'Die Petition endet in 3 Tagen, am 24. November 2026.',
        whyYou: 'Mit Ihrer Unterschrift stellen Sie sich hinter die Forderung der Initiatoren und geben ihr mehr Gewicht.',
        impactStatement: 'Jede Unterschrift erhöht den Druck auf die Verantwortlichen, sich mit der Forderung zu befassen.',
      });
    });

    it('en', () => {
      expect(writeSummary(facts, 'en')).toBe(
        '“Nachtzug nach Paris erhalten” is a petition that runs until 24 November 2026.',
      );
      expect(writeAction(facts, 'en')).toEqual({
        type: 'sign',
        headline: 'Only 3 days left to sign “Nachtzug nach Paris erhalten”',
        whyNow: 'The petition ends in 3 days, on 24 November 2026.',
        whyYou: 'By signing, you add your name to the call from the organisers and give it more weight.',
        impactStatement: 'Every signature adds pressure on those responsible to deal with the demand.',
      });
    });
  });
});

// ---------------------------------------------------------------------------------------------------
// Properties over a grid of situations
// ---------------------------------------------------------------------------------------------------

const LANGS: Language[] = ['de', 'en'];
const CATEGORIES: CauseCategory[] = ['Spenden', 'Petition', 'Brief'];
const DAYS: (number | null)[] = [null, -2, 0, 1, 2, 5, 7, 8, 30, 365];
const PCTS: (number | null)[] = [null, 0, 0.4, 12.3, 69.9, 70, 87.5, 99.9, 100, 120];
const TITLES = ['Sauberes Wasser für Schulen', 'Rettet den Stadtpark', 'Mehr Lehrkräfte für Grundschulen', 'Kältebus Hamburg'];
const GRID_DESCRIPTION =
  'Der Stadtrat entscheidet im Frühjahr über den Haushalt. Wir setzen uns dafür ein, dass genug Geld für die Grundschulen bereitsteht. Dafür brauchen wir breite Unterstützung aus der ganzen Stadt.';

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function grid(): CauseFacts[] {
  const all: CauseFacts[] = [];
  for (const category of CATEGORIES)
    for (const days of DAYS)
      for (const pct of PCTS)
        for (const [i, title] of TITLES.entries()) {
          const goal = category === 'Spenden' ? 25000 : 8000;
          all.push({
            title,
            description: i === 3 ? '' : GRID_DESCRIPTION,
            sourceLanguage: 'de',
            category,
            organisationName: i === 2 ? '' : 'Bündnis Gute Schule',
            organisationIsPublisher: false,
            deadline: days === null ? null : addDays('2026-11-21', days),
            daysUntilDeadline: days,
            fundingProgressPct: pct,
            fundingGoal: pct === null || i === 1 ? null : goal,
            fundingCurrent: pct === null || i === 1 ? null : Math.round((goal * pct) / 100),
            actionsToTippingPoint: i === 0 ? 1 : i === 2 ? 1500 : null,
          });
        }
  return all;
}

/** Sentences of a generated text; day numbers of dates ("5. Dezember") do not end a sentence. */
function sentences(text: string): string[] {
  return text
    .replace(/\b\d{1,2}\. (?=[A-ZÄÖÜ][a-zä]+ \d{4})/g, '')
    .split(/(?<=[.!?…])\s+(?=[„“"A-ZÄÖÜ0-9€])/u);
}

describe('default generator: properties', () => {
  const cases = grid();

  it('keeps the summary at 1–3 sentences and at most 400 characters, and the headline at most 90', () => {
    for (const facts of cases)
      for (const lang of LANGS) {
        const summary = writeSummary(facts, lang);
        expect(summary.length, summary).toBeGreaterThan(0);
        expect(summary.length, summary).toBeLessThanOrEqual(400);
        expect(sentences(summary).length, summary).toBeLessThanOrEqual(3);
        const action = writeAction(facts, lang);
        expect(action.headline.length, action.headline).toBeLessThanOrEqual(90);
        for (const text of [action.whyNow, action.whyYou, action.impactStatement]) {
          expect(text.length, text).toBeGreaterThan(0);
          expect(sentences(text).length, text).toBeLessThanOrEqual(2);
        }
      }
  });

  it('never mentions relative days in a summary', () => {
    const relative = /\b(heute|morgen|übermorgen|Tage?n?|today|tomorrow|days?)\b/i;
    for (const facts of cases) for (const lang of LANGS) expect(writeSummary(facts, lang)).not.toMatch(relative);
  });

  it('writes well-formed text: no placeholders, no double spaces or periods, correct singular and plural', () => {
    const broken = /undefined|NaN|null|\s{2}|\s[.,]|\.\.|(?<![\d.])1 (Tage|days|Unterschriften|signatures|Briefe|letters|donations)\b/;
    for (const facts of cases)
      for (const lang of LANGS) {
        const action = writeAction(facts, lang);
        for (const text of [writeSummary(facts, lang), action.headline, action.whyNow, action.whyYou, action.impactStatement])
          expect(text).not.toMatch(broken);
      }
  });

  it('uses the right action type and timing words', () => {
    const types = { Spenden: 'donate', Petition: 'sign', Brief: 'write' };
    for (const facts of cases) {
      const de = writeAction(facts, 'de');
      const en = writeAction(facts, 'en');
      expect(de.type).toBe(types[facts.category]);
      expect(en.type).toBe(types[facts.category]);
      if (facts.daysUntilDeadline === 0) {
        expect(`${de.headline} ${de.whyNow}`).toMatch(/heute/);
        expect(`${en.headline} ${en.whyNow}`).toMatch(/today/);
      }
      if (facts.daysUntilDeadline === 1) {
        expect(`${de.headline} ${de.whyNow}`).toMatch(/morgen/);
        expect(`${en.headline} ${en.whyNow}`).toMatch(/tomorrow/);
      }
      if (facts.daysUntilDeadline === 5) {
        expect(de.whyNow).toMatch(/in 5 Tagen/);
        expect(en.whyNow).toMatch(/in 5 days/);
      }
      if (facts.daysUntilDeadline !== null && facts.daysUntilDeadline < 0) {
        // a passed deadline is not presented as still ahead
        expect(`${de.headline} ${de.whyNow}`).not.toMatch(/heute|morgen|Tage|bis zum/);
        expect(`${en.headline} ${en.whyNow}`).not.toMatch(/today|tomorrow|days|until/);
      }
    }
  });

  it('addresses the reader with "Sie" in German, never "du"', () => {
    for (const facts of cases) {
      const action = writeAction(facts, 'de');
      for (const text of [action.headline, action.whyNow, action.whyYou, action.impactStatement])
        expect(text).not.toMatch(/\b(du|dich|dir|dein\w*)\b/i);
    }
  });

  it('does not paste German source text into English texts', () => {
    for (const facts of cases) {
      const en = writeAction(facts, 'en');
      for (const text of [writeSummary(facts, 'en'), en.headline, en.whyNow, en.whyYou, en.impactStatement]) {
        expect(text).not.toMatch(/Stadtrat|Haushalt|Unterstützung|Spendenaktion|Unterschrift|Briefaktion/);
      }
      expect(writeSummary(facts, 'en')).toContain(`“${facts.title}”`);
    }
  });

  it('is deterministic, also across machine time zones', () => {
    const original = process.env.TZ;
    const run = () => cases.map((facts) => LANGS.map((lang) => [writeSummary(facts, lang), writeAction(facts, lang)]));
    try {
      process.env.TZ = 'Pacific/Kiritimati';
      const first = run();
      process.env.TZ = 'America/Los_Angeles';
      const second = run();
      expect(second).toEqual(first);
      expect(run()).toEqual(first);
    } finally {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    }
  });

  it('varies the wording between causes by title, not at random', () => {
    const headlines = TITLES.map((title) => writeAction(cause({ title }), 'de').headline.replace(/„.*“/, '…'));
    expect(new Set(headlines).size).toBeGreaterThan(1);
  });

  it('formats numbers per language and rounds shown percentages down', () => {
    const facts = cause({ fundingGoal: 1234567.5, fundingCurrent: 1080246.56, fundingProgressPct: 87.5, deadline: null, daysUntilDeadline: null });
    expect(writeSummary(facts, 'de')).toContain('87 % des Ziels von 1.234.567,50 € sind erreicht.');
    expect(writeSummary(facts, 'en')).toContain('87% of the €1,234,567.50 goal has been raised.');
    expect(writeAction(facts, 'de').impactStatement).toBe(
      'Bis zum Ziel von 1.234.567,50 € fehlen noch 154.320,94 € – Ihre Spende hilft, diese Lücke zu schließen.',
    );
    expect(writeAction(facts, 'en').impactStatement).toBe(
      '€154,320.94 is still needed to reach the €1,234,567.50 goal – your donation helps close that gap.',
    );
  });

  it('cuts a long title in the headline at a word boundary', () => {
    const title =
      'Sofortprogramm für bezahlbaren Wohnraum, gerechte Mieten und den Erhalt gewachsener Nachbarschaften in ganz Berlin';
    for (const lang of LANGS) {
      const { headline } = writeAction(cause({ title, category: 'Petition', deadline: '2026-11-21', daysUntilDeadline: 0 }), lang);
      expect(headline.length).toBeLessThanOrEqual(90);
      expect(headline).toMatch(/Sofortprogramm für bezahlbaren Wohnraum,?( [\p{L},]+)*…[“”]/u);
    }
  });

  it('does not split the description at abbreviations or ordinal numbers', () => {
    const facts = cause({
      description: 'Der Verein, d. h. rund 40 Ehrenamtliche u. a. aus Leipzig, verteilt ab dem 1. Dezember ca. 2.000 Schlafsäcke. Zweiter Satz. Dritter Satz.',
    });
    expect(writeSummary(facts, 'de')).toBe(
      'Der Verein, d. h. rund 40 Ehrenamtliche u. a. aus Leipzig, verteilt ab dem 1. Dezember ca. 2.000 Schlafsäcke. Die Spendenaktion von Wärmestube Leipzig e. V. läuft bis zum 5. Dezember 2026. 87 % des Ziels von 40.000 € sind erreicht.',
    );
  });

  it('quotes the description in the German summary only when the source text is German', () => {
    const english = cause({ sourceLanguage: 'en', description: 'Skateistan Cambodia began operations in March 2011. It teaches skateboarding.' });
    expect(writeSummary(english, 'de')).toBe(
      'Die Spendenaktion „Winterhilfe für Obdachlose in Leipzig“ von Wärmestube Leipzig e. V. läuft bis zum 5. Dezember 2026. 87 % des Ziels von 40.000 € sind erreicht.',
    );
    // an unknown language is not quoted either
    expect(writeSummary(cause({ sourceLanguage: null }), 'de')).toBe(writeSummary(cause({ sourceLanguage: 'en' }), 'de'));
  });

  it('never says that an organisation which only published the cause is behind it', () => {
    const facts = cause({ category: 'Petition', organisationName: 'Deutscher Bundestag, Petitionsausschuss', organisationIsPublisher: true, fundingGoal: null, fundingCurrent: null, fundingProgressPct: null });
    const texts = LANGS.flatMap((lang) => [writeSummary(facts, lang), ...Object.values(writeAction(facts, lang))]);
    for (const text of texts) expect(text).not.toContain('Petitionsausschuss');
    expect(writeSummary(facts, 'de')).toMatch(/Leipziger Innenstadt\. Die Petition läuft bis zum 5\. Dezember 2026\.$/);
    expect(writeSummary(facts, 'en')).toBe('“Winterhilfe für Obdachlose in Leipzig” is a petition that runs until 5 December 2026.');
  });

  it('a line break in the description ends a sentence', () => {
    const facts = cause({ description: 'Titel : Balkonsolaranlagen\nDatum Erstveröffentlichung: 30.03.2023\nNeuer Status', deadline: null, daysUntilDeadline: null, fundingProgressPct: null, fundingGoal: null, fundingCurrent: null });
    expect(writeSummary(facts, 'de')).toBe(
      'Titel : Balkonsolaranlagen. Datum Erstveröffentlichung: 30.03.2023. Neuer Status. Hinter der Spendenaktion steht Wärmestube Leipzig e. V.',
    );
  });
});
