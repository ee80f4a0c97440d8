// Operator command for API keys (keys are issued by hand, spec part 5):
//   npm run keys -- create --name LABEL --tier TIER [--email ADDRESS] [--expires YYYY-MM-DD] [--count N] [--editor] [--operator] [--test] [--json]
//   npm run keys -- list [--json]
//   npm run keys -- revoke ID
//   npm run keys -- rotate ID [--old-expires YYYY-MM-DD [--allow-past]] [--json]
//   npm run keys -- feed-token ID [--json]
// Works with or without a running server, on DATABASE_URL or the embedded database in DATA_DIR.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config/env.js';
import { runCommand, UsageError } from './command.js';
import { openDatabase } from '../infra/database.js';
import { addDays, berlinDate, berlinDateTime, berlinStartOfDay, isCalendarDate, lastsThrough } from '../time/berlin-calendar.js';
import {
  createApiKeys,
  DASHBOARD_TIERS,
  keyValidity,
  listApiKeys,
  revokeApiKey,
  rotateApiKey,
  rotateFeedToken,
  TIERS,
  type Tier,
} from '../modules/api-keys/api-keys.service.js';
import { systemClock } from '../time/clock.js';
import { KEY_USAGE_FLUSH_MS, KEY_USAGE_LIST_DAYS, requestsPerKey } from '../modules/api-keys/key-usage.js';

/** Without --old-expires, a rotated key keeps working through this many more days (Berlin). */
export const ROTATION_GRACE_DAYS = 7;

const HELP = {
  create: `npm run keys -- create --name LABEL --tier ${TIERS.join('|')} [--email ADDRESS] [--expires YYYY-MM-DD [--allow-past]] [--count N] [--editor] [--operator] [--test] [--json]
  Issues keys and prints each once (store it or send it to the customer; only its hash is kept).
  --name LABEL        who the key is for
  --tier TIER         free (first month), standard, growth or enterprise (growth and enterprise may use /graphql)
  --email ADDRESS     the customer's contact address
  --expires DATE      the last day the key works (Berlin time); free keys default to one month. A day already
                      over is refused unless --allow-past confirms it (a key that is dead at once).
  --count N           issue N keys (1 to 100000) with the same settings
  --editor            an editor's key: the review queue and the editor's desk (/desk, GraphQL mutations);
                      needs --tier growth or enterprise
  --operator          an operator's key: the operator's GraphQL operations (webhook endpoints, key usage);
                      needs --tier growth or enterprise
  --test              a test key (esk_test_…): REST v1 and the feeds answer it from the bundled demo catalogue
                      and its own history, whatever the production sources are, with the same shapes, limits
                      and errors, and say so in the X-Test-Mode header; for integrators who build before
                      they have a production key
  --json              one JSON object per key: id, key, feedToken, name, tier, email, createdAt, expiresAt
  Each key comes with its feed token, the token= of its feed URLs (/api/v1/feeds/…), shown once too.`,
  list: `npm run keys -- list [--json]
  Lists every key without the key itself (its first 10 characters only), with the day it was created and
  the last day it works, in Berlin time, when it was last used and its requests of the last ${KEY_USAGE_LIST_DAYS}
  days (counted by the API processes, written every ${KEY_USAGE_FLUSH_MS / 1000} s).
  --json              one JSON object per key: id, prefix, name, tier, email, createdAt, expiresAt (instants, UTC), status,
                      lastUsedAt (instant or null), recentRequests`,
  revoke: `npm run keys -- revoke ID
  Revokes the key with this id (see list); requests with it get 401 from the next request on.`,
  rotate: `npm run keys -- rotate ID [--old-expires YYYY-MM-DD [--allow-past]] [--json]
  Issues a new key for the same customer, tier and expiry, and lets the old one (ID) work on until
  --old-expires (the last day it works, Berlin time; default: ${ROTATION_GRACE_DAYS} more days).
  --json              the new key as one JSON object (with its feedToken), with replaces and oldExpiresAt
  The old key's feed token keeps working as long as the old key; the new key has a new one.`,
  'feed-token': `npm run keys -- feed-token ID [--json]
  Issues a new feed token for the key ID (the token= of its feed URLs) and prints it once; the key's
  previous feed token stops working at once. Tokens are stored as hashes only: this is how to hand one
  out again, or to replace a leaked one without changing the key.
  --json              one JSON object: id, feedToken`,
};

const USAGE = `Usage:\n${Object.values(HELP)
  .map((text) => `  ${text.split('\n')[0]}`)
  .join('\n')}\n  npm run keys -- COMMAND --help   more about one command`;

function parseCreate(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      name: { type: 'string' },
      tier: { type: 'string' },
      email: { type: 'string' },
      expires: { type: 'string' },
      count: { type: 'string', default: '1' },
      json: { type: 'boolean', default: false },
      'allow-past': { type: 'boolean', default: false },
      editor: { type: 'boolean', default: false },
      test: { type: 'boolean', default: false },
      operator: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (!values.name?.trim()) throw new UsageError('--name is required.');
  if (values.editor && values.test) throw new UsageError('--editor and --test do not go together: an editor decides on production content.');
  if (values.operator && values.test) throw new UsageError('--operator and --test do not go together: an operator works on production.');
  if (values.editor && !(DASHBOARD_TIERS as readonly string[]).includes(values.tier ?? '')) {
    throw new UsageError(`--editor needs --tier ${DASHBOARD_TIERS.join(' or ')}: the editor's desk speaks GraphQL.`);
  }
  if (values.operator && !(DASHBOARD_TIERS as readonly string[]).includes(values.tier ?? '')) {
    throw new UsageError(`--operator needs --tier ${DASHBOARD_TIERS.join(' or ')}: the operator's operations are GraphQL.`);
  }
  if (!values.tier) throw new UsageError(`--tier is required: one of ${TIERS.join(', ')}.`);
  if (!(TIERS as readonly string[]).includes(values.tier)) throw new UsageError(`--tier must be one of ${TIERS.join(', ')}.`);
  if (values.email !== undefined && !z.string().email().safeParse(values.email).success) throw new UsageError('--email must be an e-mail address.');
  if (values.expires !== undefined && !isCalendarDate(values.expires)) throw new UsageError('--expires must be a date written YYYY-MM-DD.');
  if (values['allow-past'] && values.expires === undefined) throw new UsageError('--allow-past goes with --expires.');
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > 100_000) throw new UsageError('--count must be a whole number from 1 to 100000.');
  return {
    label: values.name.trim(),
    tier: values.tier as Tier,
    contactEmail: values.email ?? null,
    editor: values.editor,
    test: values.test,
    operator: values.operator,
    // A key given --expires 2026-12-31 works through that whole day in Berlin and stops at midnight.
    expiresAt: values.expires ? berlinStartOfDay(addDays(values.expires, 1)) : null,
    count,
    json: values.json,
    allowPast: values['allow-past'],
    expires: values.expires,
  };
}

function parseRotate(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    options: { 'old-expires': { type: 'string' }, 'allow-past': { type: 'boolean', default: false }, json: { type: 'boolean', default: false } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError('rotate takes exactly one key id.');
  const [id] = positionals;
  if (!z.string().uuid().safeParse(id).success) throw new UsageError(`"${id}" is not a key id (see npm run keys -- list).`);
  const oldExpires = values['old-expires'];
  if (oldExpires !== undefined && !isCalendarDate(oldExpires)) throw new UsageError('--old-expires must be a date written YYYY-MM-DD.');
  if (values['allow-past'] && oldExpires === undefined) throw new UsageError('--allow-past goes with --old-expires.');
  return { id, oldExpires, allowPast: values['allow-past'], json: values.json };
}

function parseFeedToken(args: string[]) {
  const { values, positionals } = parseArgs({ args, options: { json: { type: 'boolean', default: false } }, allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new UsageError('feed-token takes exactly one key id.');
  const [id] = positionals;
  if (!z.string().uuid().safeParse(id).success) throw new UsageError(`"${id}" is not a key id (see npm run keys -- list).`);
  return { id, json: values.json };
}

/** From this many keys on, `create` reports its progress on a terminal. */
const KEYS_PROGRESS_FROM = 5000;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command) throw new UsageError('No command given.');
  if (!['create', 'list', 'revoke', 'rotate', 'feed-token'].includes(command)) throw new UsageError(`Unknown command "${command}".`);
  const feedToken = command === 'feed-token' ? parseFeedToken(rest) : undefined;
  const rotate = command === 'rotate' ? parseRotate(rest) : undefined;
  const create = command === 'create' ? parseCreate(rest) : undefined;
  const list = command === 'list' ? parseArgs({ args: rest, options: { json: { type: 'boolean', default: false } }, strict: true }).values : undefined;
  const revokeId = command === 'revoke' ? rest[0] : undefined;
  if (command === 'revoke' && (!revokeId || rest.length !== 1)) throw new UsageError('revoke takes exactly one key id.');
  if (revokeId && !z.string().uuid().safeParse(revokeId).success) throw new UsageError(`"${revokeId}" is not a key id (see npm run keys -- list).`);

  const now = systemClock();
  if (create?.expiresAt && create.expiresAt <= now && !create.allowPast) {
    throw new UsageError(`--expires ${create.expires} is over: the key would not work at all. Add --allow-past if that is what you want.`);
  }
  // The old key of a rotation works through the chosen day in Berlin and stops at the following midnight.
  const oldLastDay = rotate && (rotate.oldExpires ?? addDays(berlinDate(now), ROTATION_GRACE_DAYS));
  if (rotate && oldLastDay && berlinStartOfDay(addDays(oldLastDay, 1)) <= now && !rotate.allowPast) {
    throw new UsageError(
      `--old-expires ${oldLastDay} is over: the old key would stop at once (that is what revoke does). Add --allow-past if that is what you want.`,
    );
  }
  const db = await openDatabase(loadConfig(), { maxConnections: 2, mustExist: true });
  try {
    if (feedToken) {
      const token = await rotateFeedToken(db.prisma, feedToken.id, now);
      if (!token) {
        console.error(`No active key with id ${feedToken.id}.`);
        return 1;
      }
      if (feedToken.json) console.log(JSON.stringify({ id: feedToken.id, feedToken: token }));
      else console.log(`New feed token of key ${feedToken.id} (its previous one no longer works):\n  ${token}\nThe token is shown only now.`);
      return 0;
    }
    if (rotate && oldLastDay) {
      const rotated = await rotateApiKey(db.prisma, rotate.id, berlinStartOfDay(addDays(oldLastDay, 1)), now);
      if (!rotated) {
        console.error(`No active key with id ${rotate.id}.`);
        return 1;
      }
      const { created, oldExpiresAt } = rotated;
      const record = {
        id: created.id,
        key: created.key,
        feedToken: created.feedToken,
        name: created.label,
        tier: created.tier,
        email: created.contactEmail,
        createdAt: created.createdAt.toISOString(),
        expiresAt: created.expiresAt?.toISOString() ?? null,
        replaces: rotate.id,
        oldExpiresAt: oldExpiresAt.toISOString(),
      };
      if (rotate.json) console.log(JSON.stringify(record));
      else
        console.log(
          `Created key ${created.id} (${created.tier}, ${keyValidity(created.expiresAt)}) to replace ${rotate.id}:\n  ${created.key}\nFeed token (token= of its feed URLs):\n  ${created.feedToken}\nBoth are shown only now. The old key and its feed token work through ${lastsThrough(oldExpiresAt)} (Berlin).`,
        );
      return 0;
    }
    if (create) {
      // on a terminal, many keys report their progress (on stderr, so that --json output stays clean)
      const progress =
        create.count > KEYS_PROGRESS_FROM && process.stderr.isTTY
          ? (done: number, total: number) => process.stderr.write(`\rissued ${done} of ${total} keys`)
          : undefined;
      const keys = await createApiKeys(db.prisma, create, now, create.count, progress);
      if (progress) process.stderr.write('\n');
      for (const key of keys) {
        const record = {
          id: key.id,
          key: key.key,
          feedToken: key.feedToken,
          name: key.label,
          tier: key.tier,
          email: key.contactEmail,
          createdAt: key.createdAt.toISOString(),
          expiresAt: key.expiresAt?.toISOString() ?? null,
          ...(create.test ? { test: true } : {}),
        };
        if (create.json) console.log(JSON.stringify(record));
        else
          console.log(
            `Created ${create.test ? 'test key' : 'key'} ${key.id} (${key.tier}, ${keyValidity(key.expiresAt)}${create.test ? '; answered from the demo catalogue' : ''}):\n  ${key.key}\nFeed token (token= of its feed URLs):\n  ${key.feedToken}\nBoth are shown only now; store them or send them to the customer.`,
          );
      }
      return 0;
    }
    if (list) {
      const keys = await listApiKeys(db.prisma);
      const recent = await requestsPerKey(db.prisma, berlinDate(now), KEY_USAGE_LIST_DAYS);
      const rows = keys.map((k) => ({
        id: k.id,
        prefix: `${k.keyPrefix}…`,
        name: k.label,
        tier: k.tier,
        ...(k.test ? { test: true } : {}),
        ...(k.editor ? { editor: true } : {}),
        ...(k.operator ? { operator: true } : {}),
        email: k.contactEmail,
        createdAt: k.createdAt.toISOString(),
        expiresAt: k.expiresAt?.toISOString() ?? null,
        status: k.revokedAt ? 'revoked' : k.expiresAt && k.expiresAt <= now ? 'expired' : 'active',
        lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
        recentRequests: recent.get(k.id) ?? 0,
      }));
      if (list.json) rows.forEach((row) => console.log(JSON.stringify(row)));
      else if (!rows.length) console.log('No keys.');
      // for people: the days in Berlin time (a key given --expires 2026-12-04 works through that day)
      else
        console.table(
          rows.map(({ createdAt: _c, expiresAt: _e, lastUsedAt: _l, recentRequests, status, ...row }, i) => ({
            ...row,
            'created (Berlin)': berlinDateTime(keys[i].createdAt),
            'valid through (Berlin)': keys[i].expiresAt ? lastsThrough(keys[i].expiresAt!) : 'no expiry',
            status,
            'last used (Berlin)': keys[i].lastUsedAt ? berlinDateTime(keys[i].lastUsedAt!) : 'never',
            [`requests (${KEY_USAGE_LIST_DAYS} days)`]: recentRequests,
          })),
        );
      return 0;
    }
    const found = await revokeApiKey(db.prisma, revokeId!, now);
    if (!found) {
      console.error(`No key with id ${revokeId}.`);
      return 1;
    }
    console.log(`Key ${revokeId} is revoked; requests with it get 401 from now on.`);
    return 0;
  } finally {
    await db.close();
  }
}

export const command = { main, usage: USAGE, help: HELP };

runCommand(command, import.meta.url);
