// The operator's key command against the database of DATABASE_URL (the real Postgres in CI).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { berlinDate } from '../../src/time/berlin-calendar.js';
import { defaultExpiry } from '../../src/modules/api-keys/api-keys.service.js';
import { runScript } from '../helpers/processes.js';
import { resetDatabase, testPrisma } from '../helpers/test-app.js';
import { testDatabaseUrl } from '../helpers/workers.js';
import { runCommandInProcess } from '../helpers/cli.js';

const prisma = testPrisma();
const env = { ...process.env, DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'warn' };
// In this process; the one test of what a pipe receives runs the command as its own process.
const keys = (...args: string[]) => runCommandInProcess('keys', args, env);

beforeAll(() => resetDatabase(prisma));
afterAll(() => prisma.$disconnect());

describe('npm run keys', () => {
  it('create --tier free without --expires: the key expires one month after creation', async () => {
    const result = await keys('create', '--name', 'Probemonat Lokalzeitung', '--tier', 'free', '--json');
    expect(result.code).toBe(0);
    const record = JSON.parse(result.stdout);
    expect(Object.keys(record)).toEqual(['id', 'key', 'feedToken', 'name', 'tier', 'email', 'createdAt', 'expiresAt']);
    expect(record.tier).toBe('free');
    expect(record.expiresAt).toBe(defaultExpiry('free', new Date(record.createdAt))!.toISOString());
    const row = await prisma.apiKey.findUniqueOrThrow({ where: { id: record.id } });
    expect(row.keyPrefix).toBe(record.key.slice(0, 10));
  });

  it('create --expires sets the last valid day: the key stops at the following Berlin midnight', async () => {
    // next year's winter and summer days, from the clock the command also runs on
    const year = Number(berlinDate(new Date()).slice(0, 4)) + 1;
    const winter = JSON.parse((await keys('create', '--name', 'NGO', '--tier', 'standard', '--expires', `${year}-01-31`, '--json')).stdout);
    expect(winter.expiresAt).toBe(`${year}-01-31T23:00:00.000Z`);
    const summer = JSON.parse((await keys('create', '--name', 'NGO', '--tier', 'standard', '--expires', `${year}-07-31`, '--json')).stdout);
    expect(summer.expiresAt).toBe(`${year}-07-31T22:00:00.000Z`);
  });

  it('list and create say the Berlin day a key works through, the day --expires named; --json keeps the instants', async () => {
    const created = await keys('create', '--name', 'Lokalblatt', '--tier', 'standard', '--expires', '2099-12-04');
    const id = /^Created key ([0-9a-f-]{36}) /.exec(created.stdout)?.[1];
    expect(created.stdout.split('\n')[0]).toBe(`Created key ${id} (standard, valid through 2099-12-04 (Berlin)):`);
    const free = JSON.parse((await keys('create', '--name', 'Probemonat', '--tier', 'free', '--json')).stdout);
    // a free key stops a month after it was made, at that minute: the list names the minute (Berlin)
    const berlinMinute = (instant: string) =>
      new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin', dateStyle: 'short', timeStyle: 'short' }).format(new Date(instant));
    const table = (await keys('list')).stdout.split('\n');
    const cells = (line: string) =>
      line
        .split('│')
        .slice(1, -1)
        .map((cell) => cell.trim().replace(/^'(.*)'$/, '$1'));
    const header = cells(table.find((line) => line.includes('(index)'))!);
    const row = (keyId: string) => Object.fromEntries(cells(table.find((line) => line.includes(keyId))!).map((cell, i) => [header[i], cell]));
    const listed = JSON.parse(
      (await keys('list', '--json')).stdout
        .trim()
        .split('\n')
        .find((line) => line.includes(id!))!,
    );
    expect(row(id!)).toEqual({
      '(index)': expect.any(String),
      id,
      prefix: listed.prefix,
      name: 'Lokalblatt',
      tier: 'standard',
      email: 'null',
      'created (Berlin)': berlinMinute(listed.createdAt),
      'valid through (Berlin)': '2099-12-04',
      status: 'active',
      'last used (Berlin)': 'never',
      'requests (7 days)': '0',
    });
    expect(row(free.id)['valid through (Berlin)']).toBe(berlinMinute(free.expiresAt));
    expect(table.join('\n')).not.toContain('T23:00:00.000Z');
    // the machine-readable list keeps the instant: the key stops at the following Berlin midnight
    expect(listed.expiresAt).toBe('2099-12-04T23:00:00.000Z');
  });

  it('create --count issues many keys, one JSON object per line, none lost in the pipe', async () => {
    // 2,000 lines are far more than a pipe buffer holds: the command must not exit before they are out
    const result = await runScript('src/cli/keys.ts', ['create', '--count', '2000', '--name', 'Verbund', '--tier', 'enterprise', '--json'], env);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2000);
    expect(new Set(lines.map((l) => l.key)).size).toBe(2000);
    expect(await prisma.apiKey.count({ where: { label: 'Verbund' } })).toBe(2000);
  });

  it.each([
    [['create', '--tier', 'standard'], '--name is required.'],
    [['create', '--name', 'x'], '--tier is required: one of free, standard, growth, enterprise.'],
    [['create', '--name', 'x', '--tier', 'gold'], '--tier must be one of free, standard, growth, enterprise.'],
    [['create', '--name', 'x', '--tier', 'free', '--expires', '31.01.2027'], '--expires must be a date written YYYY-MM-DD.'],
    [['create', '--name', 'x', '--tier', 'free', '--email', 'nope'], '--email must be an e-mail address.'],
    [['revoke', 'abc'], '"abc" is not a key id (see npm run keys -- list).'],
    [['rename'], 'Unknown command "rename".'],
    [['rotate'], 'rotate takes exactly one key id.'],
    [['rotate', 'abc'], '"abc" is not a key id (see npm run keys -- list).'],
    [['rotate', '00000000-0000-4000-8000-000000000000', '--old-expires', 'soon'], '--old-expires must be a date written YYYY-MM-DD.'],
  ])('rejects %j with a usage message and exit code 2', async (args, message) => {
    const result = await keys(...args);
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(message);
  });

  it('revoke of an unknown id exits 1', async () => {
    const result = await keys('revoke', '00000000-0000-4000-8000-000000000000');
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('No key with id 00000000-0000-4000-8000-000000000000.');
  });
});
