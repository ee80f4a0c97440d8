// Only actions become causes, and one cause per real action: the committed real data (news and podcast
// feeds, the Bundestag's petition feed, betterplace lists in which Skateistan appears several times)
// configured as an operator would, through the real adapters, the action rules and the import.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { actionKeyOf } from '../../src/modules/causes/action-key.js';
import { NO_ACTION_RULE_WARNING, NOT_AN_ACTION } from '../../src/modules/sources/action-rules.js';
import { parseSourcesConfig } from '../../src/modules/sources/sources-config.js';
import { BETTERPLACE_FILES, BUNDESTAG_ACTIONS, betterplaceSource, importSources, realFile, RSS_FILES, rssSource } from '../helpers/real-data.js';
import { runCommandInProcess } from '../helpers/cli.js';
import { getJson, issueKey, resetDatabase, startTestApp, testPrisma } from '../helpers/test-app.js';
import { NOW } from '../helpers/catalogue.js';
import { testDatabaseUrl } from '../helpers/workers.js';

const prisma = testPrisma();
const [BP1, , , BP3, , , , BP7] = BETTERPLACE_FILES;
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
    expect(await prisma.cause.groupBy({ by: ['active', 'inactiveReason'], _count: true })).toEqual([{ active: false, inactiveReason: NOT_AN_ACTION, _count: 20 }]);
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
    expect((await prisma.cause.findFirstOrThrow()).title).toBe('Petition: Photovoltaik - Vereinfachungen für Balkonsolaranlagen');
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
    const item = (externalId: string, status: string) => ({
      externalId,
      title: `Petition ${externalId}`,
      description: 'Wir fordern mehr Radwege in der Stadt.',
      category: 'Petition',
      organisationName: 'Radentscheid e.V.',
      organisationUrl: 'https://radentscheid.example',
      url: `https://radentscheid.example/petitionen/${externalId}`,
      status,
    });
    fs.writeFileSync(file, JSON.stringify({ items: [item('a', 'offen'), item('b', 'abgeschlossen'), item('c', 'Finished')] }));
    const [outcome] = await importSources(prisma, [{ name: 'Radentscheid', platform: 'radentscheid', type: 'json-feed', url: file }]);
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

  it('a pattern that is not a regular expression is a configuration error naming the source and the field; everyItemIsAnAction must be a boolean', () => {
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
      ['Liste B', 1, 1], // 6233 is new; 1114 is A's
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
    expect(lines.slice(at('Liste B') + 1, at('Liste B') + 3)).toEqual([
      '      also listed by another source: 1 (recorded beside that source\'s cause)',
      '      skipped by reason: 1 × no longer accepts donations',
    ]);
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
    // B's list now holds only an action A's cause stands for: not an empty feed
    const third = await importSources(prisma, [A(BP3), B(BP1)]);
    expect(third.map((o) => [o.name, o.status, o.counts?.deactivated, o.merged ?? 0])).toEqual([
      ['Liste A', 'ok', 0, 0],
      ['Liste B', 'ok', 0, 1],
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
      expect(await ask(skate.slug)).toEqual({ source_name: 'Liste A', alsoListedBy: ['Liste B'] });
      const other = await prisma.cause.findFirstOrThrow({ where: { externalId: '6233' } }); // listed by A alone
      expect(await ask(other.slug)).toEqual({ source_name: 'Liste A', alsoListedBy: [] });
      const rest = await getJson(app.baseUrl, `/api/v1/causes/${skate.slug}`, await issueKey(prisma, 'standard', NOW));
      expect(rest.status).toBe(200);
      expect(Object.keys(rest.body)).not.toContain('alsoListedBy');
      expect(rest.body.source_name).toBe('Liste A');
    } finally {
      await app.close();
    }
  });

  it('a second source that stops listing the action is no longer recorded; the cause stays with its own source', async () => {
    await importSources(prisma, [A(BP1), B(BP3)]);
    await importSources(prisma, [A(BP1), B(BP7)]);
    expect(await view()).toEqual([['Liste A', '1114', true, null, []]]);
  });
});
