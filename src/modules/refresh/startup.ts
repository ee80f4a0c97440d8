// What a start needs before it serves: the demo history on an empty catalogue (its import ages, and after
// the day's refresh its month of past daily actions), the refresh when the current content day has no daily
// action, and a demo key when no key exists at all.
import type { Db } from '../../infra/prisma.js';
import { dateToDb } from '../../time/berlin-calendar.js';
import { createApiKeys, type CreatedKey } from '../api-keys/api-keys.service.js';
import { recordDemoArchive } from '../daily-action/demo-archive.service.js';
import { importDemoHistory } from '../sources/demo-history.js';
import { defaultTextGenerator } from '../texts/default-generator.js';
import type { SourceConfig } from '../sources/sources-config.js';
import type { JobOutcome } from './job-runner.js';

/** The demo key printed at the first start runs out by itself; revoke it earlier where it is not wanted. */
export const DEMO_KEY_DAYS = 30;

export async function hasPickFor(prisma: Db, day: string): Promise<boolean> {
  return (await prisma.dailyPick.count({ where: { day: dateToDb(day) } })) > 0;
}

export interface StartupResult {
  demoHistoryImported: boolean;
  /** what the demo's made-up archive holds now (recordDemoArchive), on its first start; else null */
  demoArchive: string | null;
  refresh: JobOutcome | null;
  demoKey: CreatedKey | null;
  /** no key exists and none was created */
  noKeys: boolean;
}

export async function prepareContent(options: {
  prisma: Db;
  sources: SourceConfig[];
  now: Date;
  /** the catch-up check: the refresh when the day has none that succeeded, else a missing pick */
  catchUp: (now: Date) => Promise<JobOutcome | null>;
  /** false on a database the operator gave (DATABASE_URL): no key is made to be printed */
  createDemoKey: boolean;
}): Promise<StartupResult> {
  const { prisma, now } = options;
  const demoHistoryImported = await importDemoHistory(prisma, options.sources, now);
  const refresh = await options.catchUp(now);
  // before the start answers with keys (demo-archive.service.ts says why), by the built-in generator: a
  // made-up history needs no model
  const demoArchive = demoHistoryImported ? await recordDemoArchive(prisma, defaultTextGenerator, now) : null;
  const noKeys = (await prisma.apiKey.count()) === 0;
  const demoKey =
    noKeys && options.createDemoKey
      ? (
          await createApiKeys(
            prisma,
            { label: 'demo key (created at first start)', tier: 'growth', expiresAt: new Date(now.getTime() + DEMO_KEY_DAYS * 86_400_000) },
            now,
          )
        )[0]
      : null;
  return { demoHistoryImported, demoArchive, refresh, demoKey, noKeys: noKeys && !demoKey };
}
