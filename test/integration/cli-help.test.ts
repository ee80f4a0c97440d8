// The operator's commands as a newcomer meets them: --help on every command and subcommand, errors in
// the project's own words, a past --expires refused unless confirmed, and no database created by a
// command run in the wrong DATA_DIR.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, berlinDate } from '../../src/time/berlin-calendar.js';
import { runCommandInProcess, type CommandName } from '../helpers/cli.js';
import { embeddedEnv, runScript } from '../helpers/processes.js';
import { resetDatabase, testPrisma } from '../helpers/test-app.js';
import { testDatabaseUrl } from '../helpers/workers.js';

const prisma = testPrisma();
const env = { ...process.env, DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'warn' };
// In this process (the same main, help and errors as `npm run <command>`); the spawned runs below check
// that the real process prints the same and exits with the same code.
const run = (command: CommandName, ...args: string[]) => runCommandInProcess(command, args, env);

beforeAll(() => resetDatabase(prisma));
afterAll(() => prisma.$disconnect());

describe('the scripts answer --help, and a wrong argument with one line and the usage (exit 2), never a stack trace', () => {
  it('print-texts, the benchmarks and their helpers', async () => {
    const cases = [
      ['scripts/print-texts.ts', ['--help'], 0, 'Usage: node --import tsx scripts/print-texts.ts [--as-of YYYY-MM-DD] [FEED.json …]'],
      ['scripts/print-texts.ts', ['--bogus'], 2, 'Unknown option "--bogus".'],
      ['scripts/print-texts.ts', ['--as-of', '21.11.2026'], 2, '--as-of must be a date written YYYY-MM-DD.'],
      ['scripts/print-texts.ts', ['--real-data', 'feed.json'], 2, '--real-data takes no feed files.'],
      [
        'scripts/bench/bench.ts',
        ['-h'],
        0,
        'Usage: npm run bench -- [--causes N] [--duration S] [--connections C] [--refresh-sizes 1000,10000] [--keys K] [--skip-startup]',
      ],
      ['scripts/bench/bench.ts', ['--causes', 'many'], 2, '--causes must be a whole number of at least 1.'],
      ['scripts/bench/startup.ts', ['--help'], 0, 'Usage: npm run bench:startup -- [--runs N] [--command "npm start --silent"]'],
      ['scripts/bench/refresh.ts', ['--help'], 0, 'Usage: npm run bench:refresh -- [--causes N] [--sources S] [--changed PERCENT]'],
      ['scripts/bench/refresh.ts', ['--changed', 'lots'], 2, '--changed must be a percentage from 0 to 100.'],
      ['scripts/bench/load.ts', [], 2, 'Expected 1 argument, got 0.'],
      ['scripts/bench/reference-express.ts', ['--help'], 0, 'Usage: node --import tsx scripts/bench/reference-express.ts PORT SIZES'],
      ['scripts/bench/reference-yoga.ts', ['--help'], 0, 'Usage: node --import tsx scripts/bench/reference-yoga.ts PORT DATA_JSON_FILE'],
    ] as const;
    const results = await Promise.all(cases.map(([script, args]) => runScript(script, [...args], env)));
    expect(results.map((r) => ({ code: r.code, first: (r.code === 0 ? r.stdout : r.stderr).split('\n')[0], trace: /\n\s+at /.test(r.stderr) }))).toEqual(
      cases.map(([, , code, first]) => ({ code, first, trace: false })),
    );
  });
});

describe('each command as its own process (npm run <command>)', () => {
  it.each(['keys', 'jobs', 'causes', 'texts', 'review', 'webhooks'] as const)(
    '%s: --help exits 0 and a usage error exits 2, printing what the command prints in-process',
    async (command) => {
      const [help, wrong] = await Promise.all([runScript(`src/cli/${command}.ts`, ['--help'], env), runScript(`src/cli/${command}.ts`, ['frobnicate'], env)]);
      expect(help).toEqual({ ...(await run(command, '--help')), code: 0 });
      expect(wrong).toEqual({ ...(await run(command, 'frobnicate')), code: 2 });
      expect(wrong.stderr.startsWith(`Unknown command "frobnicate".\nUsage:\n`)).toBe(true);
    },
  );
});

describe('--help', () => {
  it.each([
    ['keys', [], 'Usage:'],
    ['keys', ['create'], 'npm run keys -- create --name LABEL'],
    ['keys', ['list'], 'npm run keys -- list [--json]'],
    ['keys', ['revoke'], 'npm run keys -- revoke ID'],
    ['keys', ['rotate'], 'npm run keys -- rotate ID [--old-expires YYYY-MM-DD [--allow-past]] [--json]'],
    ['texts', [], 'Usage:'],
    ['jobs', [], 'Usage:'],
    ['jobs', ['run'], 'npm run jobs -- run refresh [--as-of YYYY-MM-DD] [--force]'],
    ['jobs', ['list'], 'npm run jobs -- list [--last N] [--json]'],
    ['causes', [], 'Usage:'],
    ['causes', ['list'], 'npm run causes -- list [--category Spenden|Petition|Brief]'],
    ['causes', ['suppress'], 'npm run causes -- suppress SLUG --reason TEXT'],
    ['causes', ['unsuppress'], 'npm run causes -- unsuppress SLUG'],
    ['causes', ['remove-demo'], 'npm run causes -- remove-demo'],
    ['review', [], 'Usage:'],
    ['review', ['queue'], 'npm run review -- queue [--limit N] [--flagged-first]'],
    ['review', ['reject'], 'npm run review -- reject SLUG --by NAME --reason TEXT'],
    ['review', ['choose'], 'npm run review -- choose SLUG --by NAME'],
    ['webhooks', [], 'Usage:'],
    ['webhooks', ['add'], 'npm run webhooks -- add --key KEY_ID --url URL [--events LIST] [--lang de|en] [--allow-private] [--json]'],
    ['webhooks', ['log'], 'npm run webhooks -- log ENDPOINT_ID [--limit N] [--json]'],
  ] as const)('%s %j --help prints its usage and exits 0', async (command, sub, firstLine) => {
    const result = await run(command, ...sub, '--help');
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.split('\n')[0].startsWith(firstLine)).toBe(true);
    // -h says the same
    expect((await run(command, ...sub, '-h')).stdout).toBe(result.stdout);
  });

  it('the usage of a command names every subcommand and how to get more', async () => {
    const { stdout } = await run('jobs', '--help');
    expect(stdout).toBe(
      'Usage:\n  npm run jobs -- run refresh [--as-of YYYY-MM-DD] [--force]\n  npm run jobs -- list [--last N] [--json]\n  npm run jobs -- COMMAND --help   more about one command\n',
    );
  });
});

describe("errors in the project's own words (exit 2, then the usage)", () => {
  it.each([
    ['jobs', ['list', '--verbose'], 'Unknown option "--verbose".'],
    ['jobs', ['list', '--json=yes'], '--json takes no value.'],
    ['jobs', ['run', 'refresh', '--json'], '--json goes with list.'],
    ['jobs', ['run', 'refresh', '--as-of'], '--as-of needs a value.'],
    ['keys', ['list', '--json=yes'], '--json takes no value.'],
    ['keys', ['list', 'extra'], 'Unexpected argument "extra".'],
    ['keys', [], 'No command given.'],
    ['causes', ['list', '--category'], '--category needs a value.'],
    ['causes', ['frobnicate'], 'Unknown command "frobnicate".'],
    ['review', ['approve', 'a-slug'], 'approve needs --by NAME: every decision is recorded with who made it.'],
    ['review', ['queue', '--limit', '0'], '--limit is a whole number from 1 to 9999.'],
    ['review', ['preview', '--reason', 'x'], 'preview takes no --reason.'],
    ['webhooks', ['add', '--url', 'https://cms.example/hook'], 'add needs --key KEY_ID and --url URL.'],
    ['webhooks', ['list', '--events', 'cause.removed'], '--events goes with add.'],
    ['webhooks', ['test'], 'test takes exactly one id.'],
    ['webhooks', ['add', '--key', 'k', '--url', 'https://cms.example/hook', '--lang', 'fr'], '--lang is one of de, en.'],
  ] as const)('%s %j', async (command, args, message) => {
    const result = await run(command, ...args);
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(message);
    expect(result.stderr.split('\n')[1]).toBe('Usage:');
  });
});

describe('keys create --expires in the past', () => {
  it('is refused (the key would never work) unless --allow-past confirms it', async () => {
    const yesterday = addDays(berlinDate(new Date()), -1);
    const refused = await run('keys', 'create', '--name', 'Alt', '--tier', 'standard', '--expires', yesterday);
    expect(refused.code).toBe(2);
    expect(refused.stderr.split('\n')[0]).toBe(`--expires ${yesterday} is over: the key would not work at all. Add --allow-past if that is what you want.`);
    expect(await prisma.apiKey.count()).toBe(0);
    const confirmed = await run('keys', 'create', '--name', 'Alt', '--tier', 'standard', '--expires', yesterday, '--allow-past', '--json');
    expect(confirmed.code).toBe(0);
    expect(JSON.parse(confirmed.stdout).name).toBe('Alt');
    expect(await prisma.apiKey.count()).toBe(1);
    const stray = await run('keys', 'create', '--name', 'x', '--tier', 'standard', '--allow-past');
    expect(stray.stderr.split('\n')[0]).toBe('--allow-past goes with --expires.');
  });

  it('keys rotate --old-expires a day that is over is refused likewise; the old key is untouched', async () => {
    const created = JSON.parse((await run('keys', 'create', '--name', 'Rotation', '--tier', 'standard', '--json')).stdout);
    const yesterday = addDays(berlinDate(new Date()), -1);
    const refused = await run('keys', 'rotate', created.id, '--old-expires', yesterday);
    expect(refused.code).toBe(2);
    expect(refused.stderr.split('\n')[0]).toBe(
      `--old-expires ${yesterday} is over: the old key would stop at once (that is what revoke does). Add --allow-past if that is what you want.`,
    );
    expect((await prisma.apiKey.findUniqueOrThrow({ where: { id: created.id } })).expiresAt).toBeNull();
    const confirmed = await run('keys', 'rotate', created.id, '--old-expires', yesterday, '--allow-past', '--json');
    expect(confirmed.code).toBe(0);
    expect(JSON.parse(confirmed.stdout).replaces).toBe(created.id);
    expect((await prisma.apiKey.findUniqueOrThrow({ where: { id: created.id } })).expiresAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('a DATA_DIR without a database', () => {
  it.each([
    ['keys', ['list']],
    ['jobs', ['list']],
    ['causes', ['list']],
    ['texts', ['show', 'any-slug']],
    ['review', ['queue']],
    ['webhooks', ['list']],
  ] as const)('%s %j says so, exits 1 and creates nothing', async (command, args) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'es-nodb-'));
    try {
      const result = await runCommandInProcess(command, [...args], embeddedEnv(dir));
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        `No database in DATA_DIR (${dir}). Run this command with the DATA_DIR (or DATABASE_URL) the server uses, or start the server once with \`npm start\` to create it.`,
      );
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
