// English from the source (json-feed titleEn / descriptionEn) and an editor's corrections
// (`npm run texts`), against the real database and the real app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/time/berlin-calendar.js';
import { importSourceItems } from '../../src/modules/causes/cause-import.service.js';
import { runRefresh } from '../../src/modules/refresh/refresh.service.js';
import { generateActions } from '../../src/modules/texts/texts.service.js';
import { DEFAULT_GENERATOR_NAME, defaultTextGenerator } from '../../src/modules/texts/default-generator.js';
import { NOW, SOURCE, TODAY } from '../helpers/catalogue.js';
import { getJson, issueKey, resetDatabase, startTestApp, testPrisma, type TestApp } from '../helpers/test-app.js';
import { testDatabaseUrl } from '../helpers/workers.js';
import { runCommandInProcess } from '../helpers/cli.js';

// what the fact check says of the correction below once the figures moved on
const LAPSE_REASON = 'the number "13.000" is not in the data';
const prisma = testPrisma();
const env = { ...process.env, DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'warn' };
const texts = (...args: string[]) => runCommandInProcess('texts', args, env);
let app: TestApp;

const PETITION = {
  externalId: 'tempo-30',
  title: 'Tempo 30 vor allen Schulen in Köln',
  titleEn: '20 mph outside every school in Cologne',
  description: 'Vor Kölner Schulen passieren immer wieder Unfälle mit Kindern. Wir fordern Tempo 30 vor allen Schulen.',
  descriptionEn: 'Children keep getting hurt in traffic outside schools in Cologne. We call for a 20 mph limit outside every school.',
  category: 'Petition',
  organisationName: 'Eltern für sichere Schulwege',
  organisationUrl: 'https://sichere-schulwege.example',
  url: 'https://petitionen.example/p/tempo-30',
  deadline: addDays(TODAY, 20),
  fundingGoal: 20000,
  fundingCurrent: 12400,
};
const LETTERS = {
  externalId: 'freibad',
  title: 'Brief an den Oberbürgermeister: Das Freibad muss bleiben',
  description: 'Das Freibad in Traunstein soll nach dieser Saison geschlossen werden.',
  category: 'Brief',
  organisationName: 'Freibadfreunde Chiemgau e.V.',
  organisationUrl: 'https://freibadfreunde.example',
  url: 'https://briefe.example/freibad',
  deadline: addDays(TODAY, 3),
  fundingGoal: 1500,
  fundingCurrent: 980,
  urgencyScore: 95,
};

/** The day's refresh; later calls re-run it (--force), as an operator would after a change. */
const refresh = (force = false) =>
  runRefresh({
    prisma,
    sources: [],
    generator: defaultTextGenerator,
    now: NOW,
    clock: () => NOW,
    trigger: 'test',
    force,
    log: { info: () => {}, warn: () => {} },
  });
const slugOf = async (externalId: string) => (await prisma.cause.findFirstOrThrow({ where: { externalId } })).slug;
const get = async (path: string) => getJson(app.baseUrl, path, await issueKey(prisma, 'standard', NOW));

beforeAll(async () => {
  await resetDatabase(prisma);
  await importSourceItems(prisma, SOURCE, [PETITION, LETTERS], NOW);
  await refresh();
  app = await startTestApp({ prisma, now: NOW });
});

afterAll(async () => {
  await app.close();
  await prisma.$disconnect();
});

describe('English from the source', () => {
  it('when the feed has an English title and description, lang=en serves the English title and a summary that says what the cause is about', async () => {
    const slug = await slugOf('tempo-30');
    const en = await get(`/api/v1/causes/${slug}?lang=en`);
    expect(en.body.title).toBe('20 mph outside every school in Cologne');
    expect(en.body.summary).toBe(
      // the source's sentence as its words, attributed to the petition's description ("Eltern für sichere
      // Schulwege" has no legal form: no plural "organisers" is claimed for it)
      'The petition “20 mph outside every school in Cologne” was launched by Eltern für sichere Schulwege and ends on 11 December 2026. The description of ' +
        'the petition says: “Children keep getting hurt in traffic outside schools in Cologne.” So far, 12,400 people have signed, towards a target of ' +
        '20,000 signatures.',
    );
    const de = await get(`/api/v1/causes/${slug}?lang=de`);
    expect(de.body.title).toBe('Tempo 30 vor allen Schulen in Köln');
    expect(de.body.summary).toBe(
      // no legal form, no head word: the name stands in the nominative, not as "die Organisation …" or a form label
      'Bis zum 11. Dezember 2026 läuft die Petition „Tempo 30 vor allen Schulen in Köln“; verantwortlich ist Eltern für sichere Schulwege. In der ' +
        'Beschreibung der Petition heißt es: „Vor Kölner Schulen passieren immer wieder Unfälle mit Kindern.“ Bislang haben 12.400 Menschen ' +
        'unterschrieben, angestrebt sind 20.000 Unterschriften.',
    );
  });

  it('when the feed has no English title and description, lang=en keeps the original title and says the campaign is described in German', async () => {
    const en = await get(`/api/v1/causes/${await slugOf('freibad')}?lang=en`);
    expect(en.body.title).toBe('Brief an den Oberbürgermeister: Das Freibad muss bleiben');
    expect(en.body.summary).toBe(
      'The letter campaign “Brief an den Oberbürgermeister: Das Freibad muss bleiben” from Freibadfreunde Chiemgau e.V. runs until 24 November 2026. So ' +
        'far, 980 letters have been sent, towards a target of 1,500 letters. The letter campaign is described in German.',
    );
    expect(en.body.summary).not.toContain('(German title)');
  });
});

describe('npm run texts', () => {
  it('held lists the causes held for an editor with their reason; show says it', async () => {
    expect(await texts('held')).toMatchObject({ code: 0, stdout: 'No active cause is held for an editor.\n' });
    // a news item: no status, no deadline; in a source of its own, so the other causes stay as they are
    const news = { ...LETTERS, externalId: 'meldung', title: 'Stadtrat berät über das Freibad', deadline: undefined, urgencyScore: undefined };
    await importSourceItems(prisma, { ...SOURCE, name: 'Nachrichten' }, [news], NOW);
    const slug = await slugOf('meldung');
    expect(await texts('held')).toMatchObject({
      code: 0,
      stdout: `1 active cause is held for an editor (never the daily action):\n  ${slug}: the source gives neither an open status nor a deadline\n`,
    });
    const shown = await texts('show', slug);
    expect(shown.stdout).toContain('  editorial state: needs an editor (the source gives neither an open status nor a deadline); never the daily action\n');
    expect((await texts('show', await slugOf('freibad'))).stdout).toContain('  editorial state: ok\n');
    expect(await texts('held', '--limit', '0')).toMatchObject({ code: 2 });
    await prisma.cause.updateMany({ where: { externalId: 'meldung' }, data: { active: false } });
  });

  it('show prints every text of a cause with who wrote it', async () => {
    const slug = await slugOf('freibad');
    const result = await texts('show', slug);
    expect(result.code).toBe(0);
    const stored = await prisma.causeText.findFirstOrThrow({ where: { cause: { slug }, language: 'de' } });
    expect(result.stdout).toContain(`[de] summary (written by ${DEFAULT_GENERATOR_NAME}, ${stored.generatedAt.toISOString()}):\n  ${stored.summary}\n`);
    expect(result.stdout).toContain(`[en] action (written by ${DEFAULT_GENERATOR_NAME}`);
    expect(result.stdout).toContain('  title (en): (none; the German title is shown)');
  });

  it('set: a corrected summary is served with isAiGenerated false and kept through new figures it still fits; one they contradict lapses, and the editor is told', async () => {
    const slug = await slugOf('tempo-30');
    const corrected = 'Eltern in Köln fordern Tempo 30 vor jeder Schule: Die Petition sammelt bis zum 11. Dezember 2026 Unterschriften.';
    const result = await texts('set', slug, '--lang', 'de', '--field', 'summary', corrected);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe(`Saved the de summary of ${slug}. It is served while the source keeps the cause's words and it still fits the data.`);
    expect((await get(`/api/v1/causes/${slug}?lang=de`)).body.summary).toBe(corrected);
    expect(await prisma.causeText.findFirstOrThrow({ where: { cause: { slug }, language: 'de' }, select: { isAiGenerated: true, generator: true } })).toEqual({
      isAiGenerated: false,
      generator: 'editor',
    });

    await refresh(true);
    expect((await get(`/api/v1/causes/${slug}?lang=de`)).body.summary).toBe(corrected);

    // the source reports new signatures: the correction names none of them, so it is kept
    await importSourceItems(prisma, SOURCE, [{ ...PETITION, fundingCurrent: 13000 }, LETTERS], NOW);
    await refresh(true);
    expect((await get(`/api/v1/causes/${slug}?lang=de`)).body.summary).toBe(corrected);

    // a correction that names the figures: true today, contradicted by the next figures
    const withFigures = 'Eltern in Köln fordern Tempo 30 vor jeder Schule. Bislang haben 13.000 Menschen unterschrieben.';
    await texts('set', slug, '--lang', 'de', '--field', 'summary', withFigures);
    await importSourceItems(prisma, SOURCE, [{ ...PETITION, fundingCurrent: 14000 }, LETTERS], NOW);
    await refresh(true);
    const rewritten = await prisma.causeText.findFirstOrThrow({ where: { cause: { slug }, language: 'de' } });
    expect(rewritten).toMatchObject({ generator: DEFAULT_GENERATOR_NAME, isAiGenerated: true });
    expect(rewritten.summary).toContain('Bislang haben 14.000 Menschen unterschrieben, angestrebt sind 20.000 Unterschriften.');
    const lapse = await prisma.correctionLapse.findFirstOrThrow({ where: { cause: { slug } } });
    expect(lapse).toMatchObject({ language: 'de', field: 'summary', text: withFigures, reason: LAPSE_REASON });
    expect((await texts('held')).stdout).toContain(
      `1 correction was replaced because the source's data changed under it:\n  ${slug} [de] summary, ${lapse.at.toISOString()}: ${LAPSE_REASON}\n`,
    );
    expect((await texts('show', slug)).stdout).toContain(`[de] correction of summary replaced ${lapse.at.toISOString()}: ${LAPSE_REASON}\n  ${withFigures}\n`);

    // the source changes the words: a correction written for the old ones lapses, whatever it says
    await texts('set', slug, '--lang', 'de', '--field', 'summary', corrected);
    await importSourceItems(
      prisma,
      SOURCE,
      [{ ...PETITION, fundingCurrent: 14000, description: `${PETITION.description} Neu: auch vor Kitas.` }, LETTERS],
      NOW,
    );
    await refresh(true);
    expect(await prisma.correctionLapse.findMany({ where: { cause: { slug } }, select: { text: true, reason: true }, orderBy: { reason: 'asc' } })).toEqual([
      { text: withFigures, reason: LAPSE_REASON },
      { text: corrected, reason: 'the source changed the words it was written for (title, description or organisation)' },
    ]);
  });

  it('set on an action field: the daily action serves the correction with isAiGenerated false', async () => {
    const slug = await slugOf('freibad');
    const daily = await get('/api/v1/daily-action?lang=en');
    expect(daily.body.cause.slug).toBe(slug);
    const headline = 'Save the Traunstein open-air pool: write to the mayor by Tuesday';
    const result = await texts('set', slug, '--lang', 'en', '--field', 'headline', headline);
    expect(result.code).toBe(0);
    const after = await get('/api/v1/daily-action?lang=en');
    expect(after.body.action.headline).toBe(headline);
    expect(after.body.action.isAiGenerated).toBe(false);
    expect((await get('/api/v1/daily-action?lang=de')).body.action.isAiGenerated).toBe(true);
    // a re-run of the day's refresh writes the actions again and keeps the correction of unchanged data
    await refresh(true);
    expect((await get('/api/v1/daily-action?lang=en')).body.action).toMatchObject({ headline, isAiGenerated: false });
  });

  it('an action correction is kept through a change of the data it does not state, and lapses when new figures contradict it', async () => {
    const slug = await slugOf('freibad');
    // 980 of 1,500 letters: 520 are missing
    await texts('set', slug, '--lang', 'de', '--field', 'whyNow', 'Bis zum Ziel fehlen noch 520 Briefe.');
    const cause = await prisma.cause.findFirstOrThrow({ where: { slug } });
    const actions = () =>
      prisma.causeAction.findMany({ where: { causeId: cause.id }, orderBy: { language: 'asc' }, select: { language: true, generator: true, whyNow: true } });
    // a new stored urgency value: the cause's data changed, nothing its texts state
    await importSourceItems(prisma, SOURCE, [{ ...LETTERS, urgencyScore: 90 }], NOW, { complete: false });
    await generateActions(prisma, defaultTextGenerator, cause.id, NOW);
    expect((await actions()).map((a) => a.generator)).toEqual(['editor', 'editor']);
    expect((await actions())[0].whyNow).toBe('Bis zum Ziel fehlen noch 520 Briefe.');
    // 990 letters: the corrected action states a gap that is gone (the German whyNow; the English action's own figures)
    await importSourceItems(prisma, SOURCE, [{ ...LETTERS, urgencyScore: 90, fundingCurrent: 990 }], NOW, { complete: false });
    await generateActions(prisma, defaultTextGenerator, cause.id, NOW);
    expect((await actions()).map((a) => a.generator)).toEqual([DEFAULT_GENERATOR_NAME, DEFAULT_GENERATOR_NAME]);
    const lapses = await prisma.correctionLapse.findMany({
      where: { causeId: cause.id },
      orderBy: { language: 'asc' },
      select: { language: true, field: true, reason: true, text: true },
    });
    expect(lapses.map(({ text: _text, ...lapse }) => lapse)).toEqual([
      { language: 'de', field: 'action', reason: 'the number "520" is not in the data' },
      { language: 'en', field: 'action', reason: 'the number "520" is not in the data' },
    ]);
    expect(lapses[0].text.split('\n')).toContain('whyNow: Bis zum Ziel fehlen noch 520 Briefe.');
    expect(lapses[1].text.split('\n')).toContain('headline: Save the Traunstein open-air pool: write to the mayor by Tuesday');
  });

  it('refuses what an editor could not mean, with the reason', async () => {
    const slug = await slugOf('freibad');
    const french = await texts('set', slug, '--lang', 'fr', '--field', 'summary', 'x');
    expect({ code: french.code, first: french.stderr.split('\n')[0] }).toEqual({ code: 2, first: '--lang must be de or en.' });
    expect((await texts('set', slug, '--lang', 'de', '--field', 'title', 'x')).stderr.split('\n')[0]).toBe(
      '--field must be one of summary, headline, whyNow, whyYou, impactStatement.',
    );
    const tooLong = await texts('set', slug, '--lang', 'de', '--field', 'headline', 'x'.repeat(91));
    expect(tooLong).toMatchObject({ code: 1, stderr: 'The text has 91 characters; headline holds at most 90.\n' });
    expect(await texts('show', 'gibt-es-nicht')).toMatchObject({ code: 1, stderr: 'No cause with the slug "gibt-es-nicht".\n' });
    const noAction = await texts('set', await slugOf('tempo-30'), '--lang', 'de', '--field', 'whyNow', 'Jetzt.');
    expect(noAction.stderr.trim()).toBe(`${await slugOf('tempo-30')} has no action texts in "de" yet: they are written when a cause becomes the daily action.`);
  });
});
