// The real platforms' data in test/fixtures/real-data/ (unchanged copies of ../shared/real-data/, see
// PROVENANCE.md there), imported the way an operator would: a source entry pointing at the file (the
// entries are in ./real-data-sources.ts), run through the real adapter and the real import into Postgres.
import { expect } from 'vitest';
import type { Cause } from '../../src/generated/prisma/client.js';
import type { Db } from '../../src/infra/prisma.js';
import { importAllSources } from '../../src/modules/refresh/refresh.service.js';
import type { SourceOutcome } from '../../src/modules/refresh/refresh-result.js';
import { parseSourcesConfig } from '../../src/modules/sources/sources-config.js';
import { NOW } from './catalogue.js';
import { realFile } from './real-data-sources.js';

export * from './real-data-sources.js';

const silent = { info: () => {}, warn: () => {} };

export async function importSources(prisma: Db, sources: unknown[], now = NOW): Promise<SourceOutcome[]> {
  return importAllSources({ prisma, sources: parseSourcesConfig({ sources }, '/'), now, log: silent });
}

/** A slug of these words with the six hexadecimal digits every slug ends with. */
export const slugOf = (words: string) => expect.stringMatching(new RegExp(`^${words}-[0-9a-f]{6}$`));

/** The warning of a betterplace source given as a file that holds one page of a longer list. */
export const notPagedWarning = (file: string, page: number, of: number) =>
  `${realFile(file)} is a file and holds page ${page} of ${of}; a file cannot be paged; what was read is imported, no cause is deactivated for being absent`;

/** The stored summaries of a cause by language (of the named source, where several hold the id). */
export async function summariesOf(prisma: Db, externalId: string, sourceName?: string): Promise<Record<string, string>> {
  const texts = await prisma.causeText.findMany({ where: { cause: { externalId, ...(sourceName ? { source: { name: sourceName } } : {}) } } });
  return Object.fromEntries(texts.map((t) => [t.language, t.summary]));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A text that starts with `start` and ends with `end` (the whole text when they overlap). */
export const startsAndEnds = (start: string, end: string) => expect.stringMatching(new RegExp(`^(?=${escape(start)})[\\s\\S]*${escape(end)}$`));

/** The stored fields a person checks. */
export function view(cause: Cause) {
  return {
    title: cause.title,
    slug: cause.slug,
    category: cause.category,
    organisationName: cause.organisationName,
    organisationUrl: cause.organisationUrl,
    organisationIsPublisher: cause.organisationIsPublisher,
    imageUrl: cause.imageUrl,
    sourceUrl: cause.sourceUrl,
    fundingGoal: cause.fundingGoal?.toNumber() ?? null,
    fundingCurrent: cause.fundingCurrent?.toNumber() ?? null,
    fundingProgressPct: cause.fundingProgressPct?.toNumber() ?? null,
    sourceLanguage: cause.sourceLanguage,
    description: cause.description,
    active: cause.active,
    inactiveReason: cause.inactiveReason,
  };
}

export async function causesById(prisma: Db): Promise<Record<string, Cause>> {
  const rows = await prisma.cause.findMany({ orderBy: { externalId: 'asc' } });
  return Object.fromEntries(rows.map((row) => [row.externalId, row]));
}
