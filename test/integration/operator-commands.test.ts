// `npm run jobs` and `npm run causes` as the operator runs them, against the database of DATABASE_URL
// (the real Postgres in CI): the refresh goes through Bree in a worker thread.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, contentDay } from '../../src/time/berlin-calendar.js';
import { feedItemAsOf, standardCatalogue } from '../helpers/catalogue.js';
import { clearOfContentDayChange } from '../helpers/processes.js';
import { resetDatabase, testPrisma } from '../helpers/test-app.js';
import { testDatabaseUrl } from '../helpers/workers.js';
import { runCommandInProcess } from '../helpers/cli.js';

const prisma = testPrisma();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'es-operator-'));
const config = path.join(dir, 'sources.json');
const env = { ...process.env, DATABASE_URL: testDatabaseUrl(), SOURCES_CONFIG: config, LOG_LEVEL: 'warn' };
const jobs = (...args: string[]) => runCommandInProcess('jobs', args, env);
const causes = (...args: string[]) => runCommandInProcess('causes', args, env);
// The commands run on the real clock (libfaketime shifts it in CI): today's content day, and a feed
// whose deadlines count from the day after it, so that no cause closes between midnight and 02:00,
// when the calendar day has changed and the content day has not: the outcome is the same at any hour.
// This file takes a few minutes on a busy machine: it starts well clear of 02:00 Berlin.
await clearOfContentDayChange(8 * 60_000);
const today = contentDay(new Date());
const feedDay = addDays(today, 1);

function writeSources(items: unknown[], extra: unknown[] = []) {
  fs.writeFileSync(path.join(dir, 'feed.json'), JSON.stringify({ items }));
  fs.writeFileSync(
    config,
    JSON.stringify({ sources: [{ name: 'Lokale Liste', platform: 'lokal', type: 'json-feed', url: 'feed.json', review: 'none' }, ...extra] }),
  );
}

beforeAll(() => resetDatabase(prisma));
afterAll(async () => {
  await prisma.$disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run jobs', () => {
  it('run refresh: imports, writes texts and chooses the pick of the day, in a worker thread', async () => {
    writeSources(standardCatalogue().map((c) => feedItemAsOf(c, feedDay)));
    const result = await jobs('run', 'refresh');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const pick = await prisma.dailyPick.findFirstOrThrow({ include: { cause: true } });
    const lines = result.stdout.split('\n');
    expect(lines.slice(0, 5)).toEqual([
      // the progress line, printed as the source's import ended
      'imported Lokale Liste: 23 new, 0 updated, 0 unchanged',
      `refresh for ${today}: succeeded`,
      '  Lokale Liste: 23 new, 0 updated, 0 unchanged, 0 reactivated, 0 deactivated, 0 skipped',
      '  summaries written: 46',
      `  daily action: ${pick.cause.slug} (score 100)`,
    ]);
    expect(lines.slice(5)).toEqual([expect.stringMatching(/^ {2}duration: \d+\.\d s$/), '']);
    expect(pick.cause.externalId).toBe('c01'); // deadline tomorrow (or today after midnight): open all content day
    const run = await prisma.jobRun.findFirstOrThrow();
    expect(run).toMatchObject({ job: 'refresh', status: 'succeeded', trigger: 'manual', chosenCauseId: pick.causeId });
  });

  it('a second run for the same day does nothing, says so and exits 3; --force runs it again', async () => {
    const again = await jobs('run', 'refresh');
    expect(again.code).toBe(3);
    expect(again.stdout).toMatch(
      new RegExp(
        `^refresh for ${today}: skipped \\(the refresh for ${today} already succeeded \\(run [0-9a-f-]{36}\\)\\)\nNothing to do; use --force to run it again.\n$`,
      ),
    );
    const forced = await jobs('run', 'refresh', '--force');
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('23 unchanged');
    expect(forced.stdout).toContain('chosen earlier');
  });

  it("--as-of a past day stores only that day's pick and leaves the catalogue alone", async () => {
    const yesterday = addDays(today, -1);
    const before = await prisma.cause.findMany({ orderBy: { id: 'asc' }, select: { id: true, active: true, refreshedAt: true } });
    const result = await jobs('run', 'refresh', '--as-of', yesterday);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe(`refresh for ${yesterday}: succeeded`);
    expect(result.stdout).toContain('  summaries written: 0');
    expect(await prisma.dailyPick.count({ where: { day: new Date(`${yesterday}T00:00:00Z`) } })).toBe(1);
    expect(await prisma.cause.findMany({ orderBy: { id: 'asc' }, select: { id: true, active: true, refreshedAt: true } })).toEqual(before);
  });

  it('--as-of a future day is refused', async () => {
    const result = await jobs('run', 'refresh', '--as-of', addDays(today, 2));
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(`--as-of ${addDays(today, 2)} is in the future; a day can be refreshed once it has begun (02:00 Berlin).`);
  });

  it('exits 1 and says why when every source failed', async () => {
    fs.writeFileSync(config, JSON.stringify({ sources: [{ name: 'Kaputt', platform: 'x', type: 'json-feed', url: 'missing.json' }] }));
    const result = await jobs('run', 'refresh', '--force');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`refresh for ${today}: failed (every source failed)`);
    expect(result.stdout).toContain('  Kaputt: FAILED, previous causes kept: cannot read');
  });

  it('stops on a malformed sources configuration with a message naming source and field', async () => {
    fs.writeFileSync(config, JSON.stringify({ sources: [{ name: 'Ohne Plattform', type: 'json-feed', url: 'feed.json' }] }));
    const result = await jobs('run', 'refresh', '--force');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('sources configuration: source "Ohne Plattform", field "platform": must be a non-empty string');
  });

  it('list shows the schedule and the last run', async () => {
    const result = await jobs('list');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe('refresh  schedule: 0 2 * * * (Europe/Berlin)');
    expect(result.stdout.split('\n')[1]).toMatch(new RegExp(`^ {9}last run: failed for ${today}, started \\S+, finished \\S+ \\(manual\\)`));
  });

  it("list shows the run history, newest first: a back-fill of a past day does not hide today's run; --last N; --json too", async () => {
    const recorded = await prisma.jobRun.findMany({ where: { job: 'refresh' }, orderBy: { startedAt: 'desc' } });
    expect(recorded.length).toBeGreaterThanOrEqual(4);
    // among them a back-fill of a past day and today's runs
    expect(new Set(recorded.map((r) => r.day!.toISOString().slice(0, 10)))).toEqual(new Set([today, addDays(today, -1)]));
    const json = JSON.parse((await jobs('list', '--last', '3', '--json')).stdout);
    expect(json.runs.map((r: any) => [r.id, r.day, r.status, r.trigger, r.startedAt])).toEqual(
      recorded.slice(0, 3).map((r) => [r.id, r.day!.toISOString().slice(0, 10), r.status, r.trigger, r.startedAt.toISOString()]),
    );
    expect(json.lastRun.id).toBe(recorded[0].id);
    // the newest run: every source failed, each source's outcome recorded
    expect(json.runs[0]).toMatchObject({ status: 'failed', summary: 'failed', error: 'every source failed' });
    expect(json.runs[0].sources.map((s: any) => [s.name, s.outcome, s.counts])).toEqual([['Kaputt', 'failed', null]]);
    // a succeeded run of today with its counts and its pick
    // (the first run of the day: the history is newest first)
    const succeeded = JSON.parse((await jobs('list', '--last', '1000', '--json')).stdout)
      .runs.filter((r: any) => r.status === 'succeeded' && r.day === today && r.sources.length)
      .at(-1);
    expect(succeeded.sources[0]).toEqual({
      name: 'Lokale Liste',
      outcome: 'ok',
      counts: { new: 23, updated: 0, unchanged: 0, reactivated: 0, deactivated: 0, skipped: 0 },
      error: null,
    });
    const text = (await jobs('list', '--last', '2')).stdout.split('\n');
    expect(text[2]).toBe('runs     the last 2, newest first:');
    expect(text[3]).toMatch(new RegExp(`^  ${today}  failed: every source failed  \\(manual, started \\S+, \\d+\\.\\d s\\), pick ${json.runs[0].pick}$`));
    expect(text[4]).toMatch(/^ {14}Kaputt: failed \(.+\)$/);
    const wrong = await jobs('list', '--last', '0');
    expect([wrong.code, wrong.stderr.split('\n')[0]]).toEqual([2, '--last must be a whole number from 1 to 1000.']);
  });

  it("list --json: one JSON object with the job, its schedule, the last run and each source's last fetch", async () => {
    const result = await jobs('list', '--json');
    expect([result.code, result.stderr]).toEqual([0, '']);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    // (its run history, `runs`, is the test above's)
    const { runs: _runs, ...list } = JSON.parse(result.stdout);
    const run = await prisma.jobRun.findFirstOrThrow({ orderBy: { startedAt: 'desc' } });
    const [kaputt, lokal] = await Promise.all(['Kaputt', 'Lokale Liste'].map((name) => prisma.source.findUniqueOrThrow({ where: { name } })));
    const held = await prisma.cause.count({ where: { active: true, editorialState: 'needs_editor' } });
    expect(list).toEqual({
      job: 'refresh',
      schedule: { cron: '0 2 * * *', timezone: 'Europe/Berlin' },
      // causes held for an editor (none in the demo catalogue: every demo cause can be written honestly)
      heldForEditor: held,
      lastRun: {
        id: run.id,
        status: 'failed',
        summary: 'failed',
        day: today,
        trigger: 'manual',
        startedAt: run.startedAt.toISOString(),
        finishedAt: run.finishedAt!.toISOString(),
        error: 'every source failed',
        sources: 1,
        sourcesFailed: 1,
        sourcesIncomplete: 0,
      },
      sources: [
        {
          name: 'Kaputt',
          platform: 'x',
          type: 'json-feed',
          lastFetchAt: kaputt.lastFetchAt!.toISOString(),
          lastSuccessAt: null,
          outcome: 'failed',
          counts: null,
          skippedByReason: {},
          pagesRead: null,
          warnings: [],
          error: `cannot read ${path.join(dir, 'missing.json')}: ENOENT: no such file or directory, stat '${path.join(dir, 'missing.json')}'`,
          jobRunId: run.id,
        },
        {
          name: 'Lokale Liste',
          platform: 'lokal',
          type: 'json-feed',
          lastFetchAt: lokal.lastFetchAt!.toISOString(),
          lastSuccessAt: lokal.lastFetchAt!.toISOString(),
          outcome: 'ok',
          counts: { new: 0, updated: 0, unchanged: 23, reactivated: 0, deactivated: 0, skipped: 0 },
          skippedByReason: {},
          pagesRead: null,
          warnings: [],
          error: null,
          jobRunId: lokal.lastJobRunId,
        },
      ],
    });
    expect(lokal.lastJobRunId).not.toBe(run.id);
  });

  it.each([
    [['run', 'cleanup'], 'The only job is "refresh".'],
    [['run', 'refresh', '--as-of', '21.11.2026'], '--as-of must be a date written YYYY-MM-DD.'],
    [['start'], 'Unknown command "start".'],
  ])('rejects %j with exit code 2', async (args, message) => {
    const result = await jobs(...args);
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(message);
  });
});

describe('npm run causes', () => {
  it('list finds slugs: all active causes, by category, by search, only suppressed, as JSON', async () => {
    const all = await causes('list');
    expect(all.code).toBe(0);
    const lines = all.stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('23 causes');
    const c09 = await prisma.cause.findFirstOrThrow({ where: { externalId: 'c09' } });
    expect(lines).toContain(`${c09.slug}  Brief  Aktion 09`);

    const briefs = (await causes('list', '--category', 'Brief', '--json')).stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(briefs.map((c) => c.title)).toEqual(['Aktion 03', 'Aktion 06', 'Aktion 09', 'Aktion 12', 'Aktion 15', 'Aktion 18', 'Aktion 21']);
    expect(briefs[0]).toEqual({
      slug: expect.stringMatching(/^aktion-03-/),
      title: 'Aktion 03',
      category: 'Brief',
      organisationName: 'Verein c03 e.V.',
      active: true,
      suppressed: false,
      suppressedReason: null,
    });

    const found = await causes('list', '--search', 'aKtIoN 1');
    expect(found.stdout.trim().split('\n').at(-1)).toBe('10 causes'); // Aktion 10 to 19
    expect((await causes('list', '--suppressed')).stdout).toBe('No causes match.\n');
    await prisma.cause.update({ where: { id: c09.id }, data: { suppressed: true, suppressedReason: 'Prüfung' } });
    try {
      expect((await causes('list', '--suppressed')).stdout).toBe(`${c09.slug}  Brief  Aktion 09  (suppressed: Prüfung)\n1 cause\n`);
    } finally {
      await prisma.cause.update({ where: { id: c09.id }, data: { suppressed: false, suppressedReason: null } });
    }
    const wrong = await causes('list', '--category', 'Spende');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr.split('\n')[0]).toBe('--category must be one of Spenden, Petition, Brief.');
  });

  it('suppress needs a reason; suppress and unsuppress change the cause', async () => {
    const slug = (await prisma.cause.findFirstOrThrow({ where: { externalId: 'c09' } })).slug;
    expect((await causes('suppress', slug)).stderr.split('\n')[0]).toBe('--reason is required: say why the cause is suppressed.');
    const suppressed = await causes('suppress', slug, '--reason', 'Organisation prüft Angaben', '--by', 'Lea');
    expect(suppressed.code).toBe(0);
    expect(suppressed.stdout).toBe(`Suppressed ${slug}: it stays in the list and is never the daily action.\n`);
    expect(await prisma.cause.findUniqueOrThrow({ where: { slug } })).toMatchObject({ suppressed: true, suppressedReason: 'Organisation prüft Angaben' });
    const unsuppressed = await causes('unsuppress', slug);
    expect(unsuppressed.stdout).toBe(`Unsuppressed ${slug}: it can be chosen as the daily action again.\n`);
    // both kept in the history, the first with who did it
    const events = await prisma.suppressionEvent.findMany({ where: { cause: { slug } }, orderBy: [{ at: 'asc' }, { action: 'asc' }] });
    expect(events.map(({ action, reason, by }) => ({ action, reason, by }))).toEqual([
      { action: 'suppress', reason: 'Organisation prüft Angaben', by: 'Lea' },
      { action: 'unsuppress', reason: null, by: null },
    ]);
    expect((await causes('unsuppress', slug, '--by', ' ')).stderr.split('\n')[0]).toBe('--by needs a name.');
  });

  it('suppressing the current daily action says which cause replaces it', async () => {
    // make today's content day have a pick of a known cause
    const day = contentDay(new Date());
    const target = await prisma.cause.findFirstOrThrow({ where: { externalId: 'c10' } });
    await prisma.dailyPick.deleteMany();
    await prisma.dailyPick.create({ data: { day: new Date(`${day}T00:00:00Z`), causeId: target.id, scoreTotal: 40, chosenAt: new Date() } });
    const result = await causes('suppress', target.slug, '--reason', 'Test');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[1]).toMatch(/^It was today's daily action; the daily action is now [a-z0-9-]+ \(score \d+\)\.$/);
    const replacement = await prisma.dailyPick.findFirstOrThrow({ include: { cause: true } });
    expect(replacement.causeId).not.toBe(target.id);
    expect(replacement.cause.suppressed).toBe(false);
  });

  it('an unknown slug exits 1', async () => {
    const result = await causes('unsuppress', 'gibt-es-nicht');
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('No cause with the slug "gibt-es-nicht".');
  });
});
