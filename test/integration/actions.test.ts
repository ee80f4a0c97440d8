// Only actions become causes, and one cause per real action: the committed real data (news and podcast
// feeds, the Bundestag's petition feed, betterplace lists in which Skateistan appears several times)
// configured as an operator would, through the real adapters, the action rules and the import.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { actionKeyOf } from '../../src/modules/causes/action-key.js';
import { CLOSED_ELSEWHERE, SUPERSEDED_CLOSING } from '../../src/modules/causes/cause-sources.service.js';
import { addDays, berlinDate, dateFromDb } from '../../src/time/berlin-calendar.js';
import { NO_ACTION_RULE_WARNING, NOT_AN_ACTION } from '../../src/modules/sources/action-rules.js';
import { parseSourcesConfig } from '../../src/modules/sources/sources-config.js';
import { BETTERPLACE_FILES, BUNDESTAG_ACTIONS, betterplaceSource, importSources, realFile, RSS_FILES, rssSource } from '../helpers/real-data.js';
import { runCommandInProcess } from '../helpers/cli.js';
import { getJson, issueKey, resetDatabase, startTestApp, testPrisma } from '../helpers/test-app.js';
import { NOW } from '../helpers/catalogue.js';
import { testDatabaseUrl } from '../helpers/workers.js';

const prisma = testPrisma();
const [BP1, BP2, , BP3, BP4, , , BP7] = BETTERPLACE_FILES;
const [RSS1, RSS2, RSS3, RSS4, RSS5] = RSS_FILES;
const BUNDESTAG = {
  name: 'Bundestag E-Petitionen',
  organisationName: 'Deutscher Bundestag, Petitionsausschuss',
  organisationUrl: 'https://epetitionen.bundestag.de',
};
/** A news-style feed as an operator configures it without an action rule. */
const newsFeed = (file: string, name: string) => {
  const { everyItemIsAnAction: _every, ...source } = rssSource(file, { name });
  return source;
};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'es-actions-'));
/** A json-feed petition of a local campaign. */
const radentscheidItem = (externalId: string) => ({
  externalId,
  title: `Petition ${externalId}`,
  description: 'Wir fordern mehr Radwege in der Stadt.',
  category: 'Petition',
  organisationName: 'Radentscheid e.V.',
  organisationUrl: 'https://radentscheid.example',
  url: `https://radentscheid.example/petitionen/${externalId}`,
});

beforeEach(() => resetDatabase(prisma));
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await prisma.$disconnect();
});

describe('only actions become causes', () => {
  it('heise, CRE and laut.de configured without an action rule: no item becomes a cause, each is skipped as "not an action", and the run says why', async () => {
    const outcomes = await importSources(prisma, [
      newsFeed(RSS1, 'heise developer'),
      newsFeed(RSS2, 'CRE'),
      newsFeed(RSS3, 'heise online'),
      newsFeed(RSS4, 'laut.de'),
    ]);
    expect(outcomes.map((o) => [o.name, o.status, o.counts?.new, o.skippedByReason, o.warnings])).toEqual([
      ['heise developer', 'ok', 0, { [NOT_AN_ACTION]: 15 }, [NO_ACTION_RULE_WARNING]],
      ['CRE', 'ok', 0, { [NOT_AN_ACTION]: 30 }, [NO_ACTION_RULE_WARNING]],
      ['heise online', 'ok', 0, { [NOT_AN_ACTION]: 150 }, [NO_ACTION_RULE_WARNING]],
      ['laut.de', 'ok', 0, { [NOT_AN_ACTION]: 20 }, [NO_ACTION_RULE_WARNING]],
    ]);
    expect(await prisma.cause.count()).toBe(0);
    // the counts are kept with the source, for `jobs list` and GET /api/v1/sources
    const heise = await prisma.source.findUniqueOrThrow({ where: { name: 'heise online' } });
    expect(heise.lastCounts).toMatchObject({ new: 0, skipped: 150, skippedByReason: { [NOT_AN_ACTION]: 150 }, warnings: [NO_ACTION_RULE_WARNING] });
  });

  it('a news feed imported before it had a rule: its causes end with the reason "not an action" once the rule is missing', async () => {
    const [before] = await importSources(prisma, [rssSource(RSS4, { name: 'laut.de' })]);
    expect(before.counts).toMatchObject({ new: 20, deactivated: 0 });
    const [after] = await importSources(prisma, [newsFeed(RSS4, 'laut.de')]);
    expect(after.counts).toMatchObject({ new: 0, deactivated: 20 });
    expect(await prisma.cause.groupBy({ by: ['active', 'inactiveReason'], _count: true })).toEqual([
      { active: false, inactiveReason: NOT_AN_ACTION, _count: 20 },
    ]);
  });

  it("actionLinkPattern: the Bundestag's feed item links a petition and becomes one; heise's articles do not match a petition pattern", async () => {
    const outcomes = await importSources(prisma, [
      rssSource(RSS5, { ...BUNDESTAG, everyItemIsAnAction: undefined, ...BUNDESTAG_ACTIONS }),
      rssSource(RSS1, { name: 'heise developer', everyItemIsAnAction: undefined, actionLinkPattern: '/petition' }),
    ]);
    expect(outcomes.map((o) => [o.name, o.counts?.new, o.skippedByReason, o.warnings])).toEqual([
      ['Bundestag E-Petitionen', 1, {}, []],
      ['heise developer', 0, { [NOT_AN_ACTION]: 15 }, []],
    ]);
    // first published on 30 March 2023, and Bundestag petitions take co-signatures for six weeks: over
    expect(await prisma.cause.findFirstOrThrow()).toMatchObject({
      title: 'Petition: Photovoltaik - Vereinfachungen für Balkonsolaranlagen',
      active: false,
      inactiveReason: 'closed (published 2023-03-30, open for 42 days)',
      statusOpen: false,
    });
  });

  it('openForDays: a petition first published ten days before the refresh is served with its status unknown; 43 days after, it ends with the day and the period as the reason', async () => {
    const published = addDays(berlinDate(NOW), -10);
    const [year, month, day] = published.split('-');
    const file = path.join(dir, 'bundestag-recent.xml');
    fs.writeFileSync(file, fs.readFileSync(realFile(RSS5), 'utf8').replace('30.03.2023', `${day}.${month}.${year}`));
    const source = { ...rssSource(RSS5, { ...BUNDESTAG, everyItemIsAnAction: undefined, ...BUNDESTAG_ACTIONS }), url: file };
    const [first] = await importSources(prisma, [source]);
    expect(first.counts).toMatchObject({ new: 1, deactivated: 0 });
    expect(await prisma.cause.findFirstOrThrow()).toMatchObject({ active: true, inactiveReason: null, statusOpen: false });
    const later = new Date(NOW.getTime() + 33 * 86_400_000);
    const [second] = await importSources(prisma, [source], later);
    expect(second.counts).toMatchObject({ new: 0, deactivated: 1 });
    expect(await prisma.cause.findFirstOrThrow()).toMatchObject({ active: false, inactiveReason: `closed (published ${published}, open for 42 days)` });
  });

  it('statusPattern reads the status from the item text: a closed petition is not served, its cause ends with the status as the reason; one whose status is cut off is imported', async () => {
    const open = fs.readFileSync(realFile(RSS5), 'utf8');
    const closed = open.replace('Neuer Petitionsstat]]>', 'Neuer Petitionsstatus: Abgeschlossen - Beratung beendet]]>');
    const file = path.join(dir, 'bundestag.xml');
    const source = {
      ...rssSource(RSS5, { ...BUNDESTAG, everyItemIsAnAction: undefined, actionLinkPattern: '^https://epetitionen\\.bundestag\\.de/' }),
      url: file,
      statusPattern: 'Petitionsstatus:\\s*([^\\n]+)',
    };
    fs.writeFileSync(file, open);
    const [first] = await importSources(prisma, [source]);
    expect(first.counts).toMatchObject({ new: 1, skipped: [] });
    fs.writeFileSync(file, closed);
    const [second] = await importSources(prisma, [source]);
    const reason = 'closed (status "Abgeschlossen - Beratung beendet")';
    expect(second.skippedByReason).toEqual({});
    expect(second.counts).toMatchObject({ new: 0, deactivated: 1 });
    expect(await prisma.cause.findFirstOrThrow()).toMatchObject({ active: false, inactiveReason: reason });
    // the same closed petition seen first: stored at once as an inactive cause, never served
    await resetDatabase(prisma);
    const [fresh] = await importSources(prisma, [source]);
    expect(fresh.counts).toMatchObject({ new: 1, skipped: [] });
    expect(await prisma.cause.findFirstOrThrow()).toMatchObject({ active: false, inactiveReason: reason, statusOpen: false });
  });

  it('a json-feed item states its status: "abgeschlossen" and "finished" end the action (stored inactive, the status as the reason), "offen" does not; the field is not stored', async () => {
    const file = path.join(dir, 'feed.json');
    const item = (externalId: string, status: string) => ({ ...radentscheidItem(externalId), status });
    fs.writeFileSync(file, JSON.stringify({ items: [item('a', 'offen'), item('b', 'abgeschlossen'), item('c', 'Finished')] }));
    const [outcome] = await importSources(prisma, [{ name: 'Radentscheid', platform: 'radentscheid', type: 'json-feed', review: 'none', url: file }]);
    expect(outcome.counts?.new).toBe(3);
    expect(outcome.skippedByReason).toEqual({});
    expect((await prisma.cause.findMany({ orderBy: { externalId: 'asc' } })).map((c) => [c.externalId, c.active, c.inactiveReason])).toEqual([
      ['a', true, null],
      ['b', false, 'closed (status "abgeschlossen")'],
      ['c', false, 'closed (status "Finished")'],
    ]);
    // only the open one is listed
    const listed = await prisma.cause.count({ where: { active: true } });
    expect(listed).toBe(1);
  });

  it("a json-feed item states the day it was published: with the source's openForDays, one published longer ago ends, a recent one stays; one not written YYYY-MM-DD is skipped; the field is not stored", async () => {
    const file = path.join(dir, 'published.json');
    const today = berlinDate(NOW);
    const item = (externalId: string, publishedOn: string) => ({ ...radentscheidItem(externalId), publishedOn });
    fs.writeFileSync(file, JSON.stringify({ items: [item('a', addDays(today, -31)), item('b', addDays(today, -30)), item('c', '30.03.2023')] }));
    const [outcome] = await importSources(prisma, [
      { name: 'Radentscheid', platform: 'radentscheid', type: 'json-feed', review: 'none', url: file, openForDays: 30 },
    ]);
    expect([outcome.counts?.new, outcome.skippedByReason]).toEqual([2, { 'publishedOn: expected a date YYYY-MM-DD, got "30.03.2023"': 1 }]);
    expect((await prisma.cause.findMany({ orderBy: { externalId: 'asc' } })).map((c) => [c.externalId, c.active, c.inactiveReason])).toEqual([
      ['a', false, `closed (published ${addDays(today, -31)}, open for 30 days)`],
      ['b', true, null],
    ]);
  });

  it('a pattern that is not a regular expression is a configuration error naming the source and the field; everyItemIsAnAction must be a boolean; openForDays a whole number of days', () => {
    expect(() => parseSourcesConfig({ sources: [rssSource(RSS5, { publishedPattern: 'Datum[' })] }, '/')).toThrow(
      'sources configuration: source "Feed", field "publishedPattern": must be a valid regular expression',
    );
    for (const days of [0, 4.5, '42', 3651]) {
      expect(() => parseSourcesConfig({ sources: [rssSource(RSS5, { openForDays: days })] }, '/')).toThrow(
        'sources configuration: source "Feed", field "openForDays": must be a whole number of days from 1 to 3650',
      );
    }
    expect(parseSourcesConfig({ sources: [rssSource(RSS5, { openForDays: 3650 })] }, '/')[0]).toMatchObject({ openForDays: 3650 });
    expect(() => parseSourcesConfig({ sources: [rssSource(RSS1, { actionLinkPattern: '(petition' })] }, '/')).toThrow(
      'sources configuration: source "Feed", field "actionLinkPattern": must be a valid regular expression',
    );
    expect(() => parseSourcesConfig({ sources: [rssSource(RSS1, { everyItemIsAnAction: 'yes' })] }, '/')).toThrow(
      'sources configuration: source "Feed", field "everyItemIsAnAction": must be true or false',
    );
  });
});

describe('one cause per real action', () => {
  it('the action key: a betterplace project by its id whatever its page, any other page by its canonical URL', () => {
    expect(actionKeyOf('https://www.betterplace.org/de/projects/1114-unterstuetze-skateistan-sport-bildung-fuer-kinder')).toBe('betterplace:project:1114');
    expect(actionKeyOf('https://www.betterplace.org/en/projects/1114-skateistan-afghanistan?utm_source=x')).toBe('betterplace:project:1114');
    expect(actionKeyOf('HTTP://WWW.Heise.DE/developer/meldung/WildFly-10-3088438.html?wt_mc=rss.developer.beitrag.atom#comments')).toBe(
      'https://heise.de/developer/meldung/WildFly-10-3088438.html',
    );
    expect(actionKeyOf('https://example.org/petitionen/radwege/?b=2&a=1&utm_medium=email&fbclid=x')).toBe('https://example.org/petitionen/radwege?a=1&b=2');
  });

  const A = (file: string) => betterplaceSource(realFile(file), { name: 'Liste A' });
  const B = (file: string) => betterplaceSource(realFile(file), { name: 'Liste B' });
  const skateistan = () =>
    prisma.cause.findMany({
      where: { actionKey: 'betterplace:project:1114' },
      include: { source: true, alsoListedBy: { include: { source: true } } },
    });
  const view = async () => (await skateistan()).map((c) => [c.source.name, c.externalId, c.active, c.inactiveReason, c.alsoListedBy.map((l) => l.source.name)]);

  it('Skateistan listed by two sources is one cause; it stays active while either lists it, passes to the one still listing it, and returns to the first when it lists it again', async () => {
    // both list it: one cause, of the first source, with the second recorded
    const first = await importSources(prisma, [A(BP1), B(BP3)]);
    expect(first.map((o) => [o.name, o.counts?.new, o.merged ?? 0])).toEqual([
      ['Liste A', 1, 0],
      ['Liste B', 2, 1], // 6233 and the closed 49876 are new; 1114 is A's
    ]);
    expect(await view()).toEqual([['Liste A', '1114', true, null, ['Liste B']]]);
    const slug = (await skateistan())[0].slug;

    // A no longer lists it, B does: it stays active and passes to B (same cause, same slug)
    const second = await importSources(prisma, [A(BP7), B(BP3)]);
    expect(second.map((o) => [o.name, o.counts?.deactivated])).toEqual([
      ['Liste A', 0],
      ['Liste B', 0],
    ]);
    expect(await view()).toEqual([['Liste B', '1114', true, null, []]]);
    expect((await skateistan())[0].slug).toBe(slug);

    // neither lists it: it ends
    await importSources(prisma, [A(BP7), B(BP7)]);
    expect(await view()).toEqual([['Liste B', '1114', false, 'left the feed', []]]);

    // A lists it again: the same cause comes back, as A's; B then lists it too and is recorded
    const fourth = await importSources(prisma, [A(BP1), B(BP3)]);
    expect(fourth.map((o) => [o.name, o.counts?.new, o.counts?.reactivated, o.merged ?? 0])).toEqual([
      ['Liste A', 0, 1, 0],
      ['Liste B', 0, 1, 1], // its own 6233 is back; 1114 is A's again
    ]);
    expect(await view()).toEqual([['Liste A', '1114', true, null, ['Liste B']]]);
    expect((await skateistan())[0].slug).toBe(slug);
    expect(await prisma.cause.count({ where: { externalId: '1114' } })).toBe(1);
  });

  it('`jobs list` says per source how many items were not actions and how many another source already stands for', async () => {
    await importSources(prisma, [A(BP1), B(BP3), newsFeed(RSS4, 'laut.de')]);
    const list = await runCommandInProcess('jobs', ['list'], { ...process.env, DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'warn' });
    expect(list.code).toBe(0);
    const lines = list.stdout.split('\n');
    const at = (name: string) => lines.findIndex((l) => l.startsWith(`  ${name} (`));
    // its closed 49876 is new (stored inactive), not skipped
    expect(lines[at('Liste B')]).toMatch(/: 2 new, 0 updated, 0 unchanged, 0 reactivated, 0 deactivated, 0 skipped$/);
    expect(lines[at('Liste B') + 1]).toBe("      also listed by another source: 1 (recorded beside that source's cause)");
    expect(lines[at('Liste B') + 2]).toMatch(/^ {2}\S/);
    expect(lines.slice(at('laut.de') + 1, at('laut.de') + 3)).toEqual([
      `      skipped by reason: 20 × ${NOT_AN_ACTION}`,
      `      warning: ${NO_ACTION_RULE_WARNING}`,
    ]);
  });

  it('GraphQL (dashboards) shows every source of a cause; the REST cause stays as the spec has it', async () => {
    await importSources(prisma, [A(BP1), B(BP3)]);
    // bp7 lists no action (closed, placeholder data): B's own causes end
    const second = await importSources(prisma, [A(BP1), B(BP7)]);
    expect(second.map((o) => [o.name, o.status, o.counts?.new, o.counts?.deactivated])).toEqual([
      ['Liste A', 'ok', 0, 0],
      ['Liste B', 'ok', 0, 1],
    ]);
    // A goes back to the 2019 list: it takes over B's 6233, which left B's list; B's 49876 has ended
    // already (closed), so A's word that it is closed is skipped. B's list now holds only 1114, with
    // figures of 2022, newer than A's of 2019: B takes it over, A is recorded beside it (not an empty feed)
    const third = await importSources(prisma, [A(BP3), B(BP1)]);
    expect(third.map((o) => [o.name, o.status, o.counts?.deactivated, o.merged ?? 0, o.takenOver ?? 0, o.skippedByReason])).toEqual([
      ['Liste A', 'ok', 0, 0, 1, { [CLOSED_ELSEWHERE]: 1 }],
      ['Liste B', 'ok', 0, 0, 1, {}],
    ]);
    const app = await startTestApp({ prisma, now: NOW });
    try {
      const ask = async (slug: string) => {
        const response = await fetch(`${app.baseUrl}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': await issueKey(prisma, 'growth', NOW) },
          body: JSON.stringify({ query: `{ cause(slug: ${JSON.stringify(slug)}) { source_name alsoListedBy } }` }),
        });
        return (await response.json()).data.cause;
      };
      const [skate] = await skateistan();
      expect(await ask(skate.slug)).toEqual({ source_name: 'Liste B', alsoListedBy: ['Liste A'] });
      const other = await prisma.cause.findFirstOrThrow({ where: { externalId: '6233' } }); // listed by A alone
      expect(await ask(other.slug)).toEqual({ source_name: 'Liste A', alsoListedBy: [] });
      const rest = await getJson(app.baseUrl, `/api/v1/causes/${skate.slug}`, await issueKey(prisma, 'standard', NOW));
      expect(rest.status).toBe(200);
      expect(Object.keys(rest.body)).not.toContain('alsoListedBy');
      expect(rest.body.source_name).toBe('Liste B');
    } finally {
      await app.close();
    }
  });

  it('a second source that stops listing the action is no longer recorded; the cause stays with its own source', async () => {
    await importSources(prisma, [A(BP1), B(BP3)]);
    await importSources(prisma, [A(BP1), B(BP7)]);
    expect(await view()).toEqual([['Liste A', '1114', true, null, []]]);
  });

  /** Project 6233 (Skateistan Cambodia) as stored: its source, state, figures' date and other sources. */
  const cambodia = async () => {
    const cause = await prisma.cause.findFirstOrThrow({
      where: { actionKey: 'betterplace:project:6233' },
      include: { source: true, alsoListedBy: { include: { source: true } } },
    });
    return [
      cause.source.name,
      cause.active,
      cause.inactiveReason,
      cause.figuresAsOf && dateFromDb(cause.figuresAsOf),
      cause.alsoListedBy.map((l) => l.source.name),
    ];
  };

  it.each([
    ['the open listing first', () => [A(BP4), B(BP2)]],
    ['the closing one first', () => [B(BP2), A(BP4)]],
  ])(
    'the newest word on an action wins, whichever source is read first (%s): bp2 of 2021 says 6233 is closed, bp4 of 2017 lists it open',
    async (_order, sources) => {
      const first = await importSources(prisma, sources());
      expect(await cambodia()).toEqual(['Liste B', false, 'no longer accepts donations', '2021-11-26', ['Liste A']]);
      expect(await prisma.cause.count({ where: { actionKey: 'betterplace:project:6233' } })).toBe(1);
      // read again in the same order: nothing moves
      const again = await importSources(prisma, sources());
      expect(again.map((o) => [o.name, o.counts?.new, o.counts?.updated, o.counts?.reactivated, o.counts?.deactivated, o.takenOver ?? 0])).toEqual(
        again.map((o) => [o.name, 0, 0, 0, 0, 0]),
      );
      expect(await cambodia()).toEqual(['Liste B', false, 'no longer accepts donations', '2021-11-26', ['Liste A']]);
      // bp4 read first made the causes; bp2's newer words took over 6233 (closed) and 1114 (figures of
      // 2022 against 2018). bp2 read first: bp4's older listings are recorded beside its causes.
      const takenOver = first.map((o) => [o.name, o.takenOver ?? 0]);
      expect(takenOver).toEqual(
        sources()[0].name === 'Liste A'
          ? [
              ['Liste A', 0],
              ['Liste B', 2],
            ]
          : [
              ['Liste B', 0],
              ['Liste A', 0],
            ],
      );
    },
  );

  it('a newer open word reopens a closed action; the older closing word is then skipped, and the cause stays open', async () => {
    await importSources(prisma, [B(BP2)]);
    expect(await cambodia()).toEqual(['Liste B', false, 'no longer accepts donations', '2021-11-26', []]);
    // bp4's list as betterplace would answer it later, 6233 open again with figures of May 2023
    const reopened = path.join(dir, 'reopened.json');
    const bp4 = JSON.parse(fs.readFileSync(realFile(BP4), 'utf8'));
    bp4.data = bp4.data.map((p: { id: number }) => (p.id === 6233 ? { ...p, updated_at: '2023-05-02T10:00:00+02:00' } : p));
    fs.writeFileSync(reopened, JSON.stringify(bp4));
    const [taking] = await importSources(prisma, [betterplaceSource(reopened, { name: 'Liste A' })]);
    expect([taking.takenOver, taking.counts?.reactivated]).toEqual([1, 1]);
    const list = await runCommandInProcess('jobs', ['list'], { ...process.env, DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'warn' });
    const lines = list.stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith('  Liste A ('));
    // 49876 new; 1114 recorded beside bp2's (figures of 2022 against 2018); 6233 taken over and reopened
    expect(lines[at]).toMatch(/: 1 new, 0 updated, 0 unchanged, 1 reactivated, 0 deactivated, 0 skipped$/);
    expect(lines.slice(at + 1, at + 3)).toEqual([
      "      also listed by another source: 1 (recorded beside that source's cause)",
      '      taken over from another source: 1 (its newer word on the action, or the other no longer lists it)',
    ]);
    // B's word is that it is closed: not recorded as a listing of the open cause
    expect(await cambodia()).toEqual(['Liste A', true, null, '2023-05-02', []]);
    const [older] = await importSources(prisma, [B(BP2)]);
    expect(older.counts?.skipped).toEqual([{ externalId: '6233', reason: SUPERSEDED_CLOSING }]);
    expect(await cambodia()).toEqual(['Liste A', true, null, '2023-05-02', []]);
  });

  it('a closing word without a date ends an open cause (a closed action is not offered on a guess); one on a cause that has ended is skipped', async () => {
    await importSources(prisma, [A(BP4)]);
    expect(await cambodia()).toEqual(['Liste A', true, null, '2017-08-07', []]);
    // the operator's own feed says the same project is finished, with no date
    const file = path.join(dir, 'finished.json');
    const item = {
      externalId: 'skateistan-kambodscha',
      title: 'Skateistan Kambodscha',
      description: 'Die Spendenaktion für den Skatepark in Phnom Penh ist beendet.',
      category: 'Spenden',
      organisationName: 'Skateistan',
      organisationUrl: 'https://www.betterplace.org/de/organisations/1054',
      url: 'https://www.betterplace.org/en/projects/6233-skateistan-cambodia?utm_source=newsletter',
      status: 'beendet',
    };
    fs.writeFileSync(file, JSON.stringify({ items: [item] }));
    const finished = { name: 'Eigene Liste', platform: 'eigene', type: 'json-feed', review: 'none', url: file };
    const [outcome] = await importSources(prisma, [finished]);
    expect([outcome.takenOver, outcome.counts?.deactivated]).toEqual([1, 1]);
    // the figures are bp4's no more: the closing word has none; bp4, which listed it open, is recorded beside it
    expect(await cambodia()).toEqual(['Eigene Liste', false, 'closed (status "beendet")', null, ['Liste A']]);
    // bp4 still lists it open, with figures of 2017: it stays recorded, and does not reopen it
    await importSources(prisma, [A(BP4)]);
    expect(await cambodia()).toEqual(['Eigene Liste', false, 'closed (status "beendet")', null, ['Liste A']]);
    // a second closing word on the ended cause is skipped
    fs.writeFileSync(file, JSON.stringify({ items: [{ ...item, externalId: 'andere-id' }] }));
    const [second] = await importSources(prisma, [{ ...finished, name: 'Zweite Liste' }]);
    expect(second.counts?.skipped).toEqual([{ externalId: 'andere-id', reason: CLOSED_ELSEWHERE }]);
  });
});
