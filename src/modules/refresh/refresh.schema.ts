// Freshness for integrators and dashboards: each source's health (GET /api/v1/sources and GraphQL
// `sources`) and the refresh's recorded runs with each source's outcome (GraphQL `jobRuns`, what
// `npm run jobs -- list --json` shows). Descriptions and `extensions.jsonSchema` are also REST v1's
// OpenAPI schemas (src/rest/v1/openapi-schemas.ts): write them for both readers.
import { builder } from '../../graphql/builder.js';
import { badInput } from '../../graphql/errors.js';
import type { JsonSchemaRefinement } from '../../graphql/rest-extensions.js';
import { SOURCE_TYPES } from '../sources/sources-config.js';
import { runHistoryJson } from './refresh-summary.js';
import { REFRESH_JOB_NAME } from './refresh-result.js';
import { listSourceHealth, SOURCE_STATES, type FetchCounts, type SourceHealthView } from './source-health.js';

export const JOB_RUNS_DEFAULT = 10;
export const JOB_RUNS_MAX = 50;

const SourceStatusEnum = builder.enumType('SourceStatus', {
  description:
    'ok: the whole feed was read; incomplete: part of it (what was read is imported, nothing ended for being absent); failed: nothing was read and the causes stay as they were; never_fetched: no refresh has fetched it yet.',
  values: SOURCE_STATES,
});

const count = (description: string) => ({ description, extensions: { jsonSchema: { minimum: 0 } } });

const FetchCountsRef = builder.objectRef<FetchCounts>('SourceFetchCounts').implement({
  description: 'What one fetch of a source did to its causes.',
  fields: (t) => ({
    new: t.exposeInt('new', count('Causes imported for the first time.')),
    updated: t.exposeInt('updated', count('Causes whose data changed.')),
    unchanged: t.exposeInt('unchanged', count('Causes seen again without a change.')),
    reactivated: t.exposeInt('reactivated', count('Ended causes that came back.')),
    deactivated: t.exposeInt('deactivated', count('Causes that ended: left the feed, over according to the source, or past their deadline.')),
    skipped: t.exposeInt('skipped', count('Items of the feed left out (invalid, or not a cause), each with its reason in the refresh record.')),
  }),
});

/** A Source field REST v1 returns (GET /sources), in the order declared here, which is the JSON's. */
const rest = (jsonSchema?: JsonSchemaRefinement) => ({ restFragment: 'SourceFields', ...(jsonSchema ? { jsonSchema } : {}) });
const dateTime = (description: string) => ({ nullable: true as const, description, extensions: rest({ format: 'date-time' }) });

export const SourceRef = builder.objectRef<SourceHealthView>('Source').implement({
  description: 'A source of causes and the health of its last fetch: how fresh its causes are.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The `source_name` of its causes.', extensions: rest() }),
    platform: t.exposeString('platform', { description: 'The `original_platform` of its causes.', extensions: rest() }),
    type: t.exposeString('type', { description: 'How the source is read.', extensions: rest({ enum: SOURCE_TYPES }) }),
    licence: t.exposeString('licence', {
      nullable: true,
      description: "The licence or terms under which the source's data are used, as the operator notes them; null when none is noted.",
      extensions: rest(),
    }),
    configured: t.exposeBoolean('configured', {
      description: 'False for a source no longer configured whose causes are still served (it is not fetched any more).',
      extensions: rest(),
    }),
    status: t.expose('status', { type: SourceStatusEnum, description: 'The outcome of the last fetch.', extensions: rest() }),
    reason: t.exposeString('reason', {
      nullable: true,
      description: 'Why the last fetch failed (the error) or was incomplete (what could not be read); otherwise null.',
      extensions: rest(),
    }),
    lastAttemptAt: t.exposeString('lastAttemptAt', dateTime('ISO 8601 UTC: when the last fetch started, whatever its outcome; null when never fetched.')),
    lastSuccessAt: t.exposeString(
      'lastSuccessAt',
      dateTime('ISO 8601 UTC: when the last successful fetch (ok or incomplete) started; its causes are as fresh as this. Null when none succeeded yet.'),
    ),
    activeCauses: t.exposeInt('activeCauses', { description: 'Active causes from this source (suppressed ones included).', extensions: rest({ minimum: 0 }) }),
    lastFetchCounts: t.field({
      type: FetchCountsRef,
      nullable: true,
      description: 'The counts of the last fetch; null when it failed or there was none.',
      extensions: rest(),
      resolve: (source) => source.lastFetchCounts,
    }),
  }),
});

type RunView = ReturnType<typeof runHistoryJson>;

const JobRunSourceRef = builder.objectRef<RunView['sources'][number]>('JobRunSource').implement({
  description: "One source's outcome in a refresh run.",
  fields: (t) => ({
    name: t.exposeString('name'),
    outcome: t.exposeString('outcome', { description: 'ok, incomplete or failed (see SourceStatus).' }),
    counts: t.field({ type: FetchCountsRef, nullable: true, description: 'Null when the fetch failed.', resolve: (source) => source.counts }),
    error: t.exposeString('error', { nullable: true }),
  }),
});

const JobRunRef = builder.objectRef<RunView>('JobRun').implement({
  description: 'One recorded run of the daily refresh, as `npm run jobs -- list --json` shows it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    day: t.exposeString('day', { nullable: true, description: 'The content day the run is for (YYYY-MM-DD).' }),
    status: t.exposeString('status', { description: 'running, succeeded or failed.' }),
    summary: t.exposeString('summary', { description: 'The status as `jobs list` words it: "succeeded with 1 of 3 sources failed and 1 incomplete".' }),
    trigger: t.exposeString('trigger'),
    startedAt: t.exposeString('startedAt', { description: 'ISO 8601 UTC.' }),
    finishedAt: t.exposeString('finishedAt', { nullable: true, description: 'ISO 8601 UTC; null while running.' }),
    durationMs: t.exposeInt('durationMs', { nullable: true }),
    error: t.exposeString('error', { nullable: true }),
    pick: t.exposeString('pick', { nullable: true, description: 'The slug of the daily action the run chose.' }),
    sources: t.field({ type: [JobRunSourceRef], description: 'Each source of the run, in the order it was fetched.', resolve: (run) => run.sources }),
  }),
});

builder.queryFields((t) => ({
  sources: t.field({
    type: [SourceRef],
    description: 'Every configured source, then any other whose causes are still served, with the health of its last fetch.',
    extensions: {
      jsonSchema: { description: "The configured sources in the configuration's order, then those no longer configured whose causes are still served." },
    },
    resolve: (_root, _args, ctx) => listSourceHealth(ctx.prisma, ctx.sources),
  }),
  jobRuns: t.field({
    type: [JobRunRef],
    description: `The refresh's recorded runs, newest first: the last \`last\` (1 to ${JOB_RUNS_MAX}).`,
    args: { last: t.arg.int({ required: true, defaultValue: JOB_RUNS_DEFAULT }) },
    resolve: async (_root, args, ctx) => {
      if (args.last < 1 || args.last > JOB_RUNS_MAX) throw badInput(`Invalid value for "last": expected a whole number from 1 to ${JOB_RUNS_MAX}.`);
      const runs = await ctx.prisma.jobRun.findMany({ where: { job: REFRESH_JOB_NAME }, orderBy: { startedAt: 'desc' }, take: args.last });
      return runs.map(runHistoryJson);
    },
  }),
}));
