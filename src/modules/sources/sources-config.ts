// The sources configuration file ({ "sources": [ { name, platform, type, url, ... } ] }), validated with
// messages that name the source and the field.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { SourcesSetting } from '../../config/env.js';
import { CAUSE_REGION_CODES, CAUSE_REGION_VALUES } from '../causes/regions.js';
import { CATEGORY_VALUES } from '../causes/list-params.js';
import { REVIEW_MODES } from '../review/review-state.js';

export const SOURCE_TYPES = ['json-feed', 'demo', 'rss', 'betterplace'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

const regexSource = z
  .string({ error: 'must be a regular expression' })
  .min(1, 'must be a regular expression')
  .max(500, 'must be at most 500 characters')
  .refine((value) => {
    try {
      new RegExp(value, 'i');
      return true;
    } catch {
      return false;
    }
  }, 'must be a valid regular expression');

const MAX_OPEN_FOR_DAYS = 3650;
const DAYS_MESSAGE = `must be a whole number of days from 1 to ${MAX_OPEN_FOR_DAYS}`;

const sourceSchema = z
  .object({
    name: z.string({ error: 'must be a non-empty string' }).trim().min(1, 'must be a non-empty string'),
    platform: z.string({ error: 'must be a non-empty string' }).trim().min(1, 'must be a non-empty string'),
    type: z.enum(SOURCE_TYPES, { message: `must be one of ${SOURCE_TYPES.join(', ')}` }),
    url: z.string({ error: 'must be an http(s) URL or a file path' }).trim().min(1, 'must be an http(s) URL or a file path'),
    /** overrides of the fetch limits (defaults: 10 MB, 15 s) */
    maxBytes: z.number({ error: 'must be a whole number of bytes' }).int().min(1).max(1_000_000_000).optional(),
    timeoutMs: z.number({ error: 'must be a whole number of milliseconds' }).int().min(100).max(600_000).optional(),
    /** the licence or terms under which the source's data are used, as integrators read it (GET /sources) */
    licence: z
      .string({ error: 'must be a non-empty string' })
      .trim()
      .min(1, 'must be a non-empty string')
      .max(500, 'must be at most 500 characters')
      .optional(),
    /** whether an editor reviews its causes before readers see them (review-state.ts); unset: "list", or "none" for the demo */
    review: z.enum(REVIEW_MODES, { message: `must be one of ${REVIEW_MODES.join(', ')}` }).optional(),
    /**
     * where every cause of the source is, where an item names no place itself: a Land (ISO 3166-2:DE) for
     * a regional source, `DE` for a nationwide one; unset: place unknown
     */
    region: z.enum(CAUSE_REGION_CODES as [string, ...string[]], { message: `must be one of ${CAUSE_REGION_VALUES}` }).optional(),
    /** a regular expression (case-insensitive) an item's link must match to be an action (action-rules.ts) */
    actionLinkPattern: regexSource.optional(),
    /** a regular expression that reads an item's status from its title and description (its first group, else the match) */
    statusPattern: regexSource.optional(),
    /** a regular expression that reads the day an item was first published from its title and description (DD.MM.YYYY or YYYY-MM-DD) */
    publishedPattern: regexSource.optional(),
    /** how many days an action of this source runs after it was published, where an item states no open status and no deadline */
    openForDays: z.number({ error: DAYS_MESSAGE }).int(DAYS_MESSAGE).min(1, DAYS_MESSAGE).max(MAX_OPEN_FOR_DAYS, DAYS_MESSAGE).optional(),
  })
  .passthrough(); // adapter-specific options sit beside the common fields

const nonEmpty = z.string({ error: 'must be a non-empty string' }).trim().min(1, 'must be a non-empty string');
const envName = z.string({ error: 'must name an environment variable' }).regex(/^[A-Z_][A-Z0-9_]*$/, 'must name an environment variable (A-Z, 0-9, _)');

/** The options each adapter needs beside the common fields. */
const optionsByType: Partial<Record<SourceType, z.ZodType>> = {
  rss: z.object({
    category: z.enum(CATEGORY_VALUES, { message: `must be one of ${CATEGORY_VALUES.join(', ')}` }),
    organisationName: nonEmpty,
    organisationUrl: z.string({ error: 'must be an http(s) URL' }).regex(/^https?:\/\/\S+$/i, 'must be an http(s) URL'),
    /** a feed that lists nothing but actions (a petition platform's own feed); else actionLinkPattern says which items are */
    everyItemIsAnAction: z.boolean({ error: 'must be true or false' }).optional(),
  }),
  betterplace: z.object({
    usernameEnv: envName.optional(),
    passwordEnv: envName.optional(),
    maxPages: z.number({ error: 'must be a whole number from 1 to 1000' }).int().min(1).max(1000).optional(),
  }),
};

export type SourceConfig = z.infer<typeof sourceSchema> & {
  /** url resolved: an http(s) URL, or an absolute file path */
  location: string;
};

/** What the API tells of a configured source (GET /sources): the rest of its configuration stays private. */
export type ConfiguredSource = Pick<SourceConfig, 'name' | 'platform' | 'type' | 'licence'>;

export class SourcesConfigError extends Error {}

export function parseSourcesConfig(raw: unknown, baseDir: string): SourceConfig[] {
  const top = z.object({ sources: z.array(z.unknown()) }).safeParse(raw);
  if (!top.success) throw new SourcesConfigError('sources configuration: expected an object { "sources": [ ... ] }');
  const names = new Set<string>();
  return top.data.sources.map((entry, index) => {
    const label = (entry as { name?: unknown })?.name;
    const which = typeof label === 'string' && label ? `source "${label}"` : `source #${index + 1}`;
    const parsed = sourceSchema.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue.path.join('.') || '(entry)';
      throw new SourcesConfigError(`sources configuration: ${which}, field "${field}": ${issue.message}`);
    }
    const source = parsed.data;
    const options = optionsByType[source.type]?.safeParse(entry);
    if (options && !options.success) {
      const issue = options.error.issues[0];
      throw new SourcesConfigError(`sources configuration: ${which}, field "${issue.path.join('.')}": ${issue.message}`);
    }
    if (names.has(source.name)) throw new SourcesConfigError(`sources configuration: ${which}, field "name": used twice`);
    names.add(source.name);
    const isHttp = /^https?:\/\//i.test(source.url);
    if (!isHttp && /^[a-z][a-z0-9+.-]*:\/\//i.test(source.url)) {
      throw new SourcesConfigError(`sources configuration: ${which}, field "url": only http(s) URLs and file paths are supported`);
    }
    return { ...source, location: isHttp ? source.url : path.resolve(baseDir, source.url) };
  });
}

export function loadSourcesConfig(file: string): SourceConfig[] {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new SourcesConfigError(`sources configuration ${file}: ${(error as Error).message}`);
  }
  return parseSourcesConfig(raw, path.dirname(file));
}

/** The sources the configuration names: none when it names none (the service then serves what it holds). */
export function loadSources(setting: SourcesSetting): SourceConfig[] {
  return setting.kind === 'none' ? [] : loadSourcesConfig(setting.file);
}
