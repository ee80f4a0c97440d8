// Starts the service: configuration, database (embedded by default), content, HTTP, scheduler, shutdown.
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';
import { openDatabase } from './infra/database.js';
import { createLogger } from './infra/logger.js';
import { RELISTEN_MAX_MS } from './modules/serving/versions.js';
const VERSIONS_RELISTEN_MAX_S = RELISTEN_MAX_MS / 1000;
import { createRedisClient } from './infra/redis.js';
import { createHttpServer } from './http/server.js';
import { createKeyRateLimiter } from './http/rate-limit.js';
import { CREATE_KEY_COMMAND, listeningUrl, logStart } from './http/start-banner.js';
import { createAppDeps, type AppDeps } from './context.js';
import { createMetrics } from './infra/metrics.js';
import { loadSources } from './modules/sources/sources-config.js';
import { createJobRunner } from './modules/refresh/job-runner.js';
import { catchUpOnce, startCatchUp, type RetryState } from './modules/refresh/refresh-scheduler.js';
import { describeDemoRetirement, removeDemoCatalogue } from './modules/refresh/demo-removal.service.js';
import { reopenSucceededDay } from './modules/refresh/job-claim.js';
import { contentDay } from './time/berlin-calendar.js';
import { REFRESH_JOB_NAME } from './modules/refresh/refresh-result.js';
import type { SourcesState } from './modules/serving/readiness.js';
import { prepareContent } from './modules/refresh/startup.js';
import { KEY_USAGE_FLUSH_MS } from './modules/api-keys/key-usage.js';
import { ensureDailyPick } from './modules/refresh/refresh.service.js';
import { createLlmGenerator } from './modules/texts/llm-generator.js';
import { defaultTextGenerator } from './modules/texts/default-generator.js';
import { systemClock } from './time/clock.js';
import { startWebhookDeliveries } from './modules/webhooks/webhook-delivery.js';
import { lazySandbox, openSandbox } from './modules/sandbox/sandbox.js';

/**
 * After the grace period (SHUTDOWN_GRACE_MS) the listener closes and in-flight requests get this long
 * to finish; then their connections are cut.
 */
export const SHUTDOWN_DRAIN_MS = 10_000;
/** The process exits by grace + drain + this, even if a job worker or a database hangs. */
export const SHUTDOWN_MARGIN_MS = 5_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config, { asynchronous: true });
  const sources = loadSources(config.sources);
  if (config.sources.kind === 'none') logger.warn(config.sources.reason);
  else if (config.sources.kind === 'demo' && config.sources.explicit) logger.warn('SOURCES_CONFIG=demo: serving the made-up demo catalogue, not real actions');
  if (!config.support.email && !config.support.url) logger.warn('SUPPORT_EMAIL is not set: /docs gives integrators no address to ask for a key');
  const db = await openDatabase(config);
  const log = { info: (m: string) => logger.info(m), warn: (m: string) => logger.warn(m) };
  // the metrics read the database through the process's version probe, made below (scrapes come later)
  const metrics = createMetrics({ query: (sql, params) => deps.versions.probe(sql, params), clock: systemClock }, { processMetrics: true });
  const jobs = createJobRunner({
    data: { databaseUrl: db.url, trigger: 'scheduler' },
    logger,
    heapMb: config.refreshHeapMb,
    onResult: (result) => metrics.recordJobRun(REFRESH_JOB_NAME, result),
    onFailure: () => metrics.recordJobFailure(REFRESH_JOB_NAME),
  });
  const generator = config.llm ? createLlmGenerator(config.llm, defaultTextGenerator, log) : defaultTextGenerator;
  const catchUpOptions = {
    prisma: db.prisma,
    refresh: jobs.runRefreshNow,
    repick: (now: Date) => ensureDailyPick(db.prisma, generator, now),
    log,
  };
  // The day's failed refresh attempts of this process: the start-up's and the catch-up's back off together.
  const retry: { state: RetryState | undefined } = { state: undefined };
  // Listen at once: the API answers what it can while the content is prepared (the daily action is 503
  // until the day's pick exists), and /status says what the content is waiting for.
  const redis = config.redisUrl ? createRedisClient(config.redisUrl, logger) : undefined;
  if (!redis) logger.warn('REDIS_URL is not set: per-key rate limits are held in memory of this process only');
  const limiter = createKeyRateLimiter(redis, `${config.redisKeyPrefix}rl`, logger);
  const deps: AppDeps = createAppDeps(db.prisma, db.url, systemClock, sources, generator);
  deps.webhookRetrySchedule = config.webhookRetrySchedule;
  deps.versions.onFailure = (error) => logger.warn({ err: error.message }, 'database unreachable: serving the content in memory until it is back');
  deps.versions.onRecovery = () => logger.info('database reachable again');
  // Changes are heard of through LISTEN/NOTIFY; until then (and where notifications do not arrive) each
  // request waits for a read of the versions.
  void deps.versions.listen().then((hearing) => {
    if (hearing) logger.info('hearing of content and key changes through LISTEN/NOTIFY');
    else logger.info(`no notifications from the database: requests read the versions themselves (tried again every ${VERSIONS_RELISTEN_MAX_S} s)`);
  });
  // what /status says of the sources (a retirement of the demo catalogue below is added to it)
  const sourcesState: SourcesState =
    config.sources.kind === 'none'
      ? { configured: [], demo: false, warning: config.sources.reason }
      : { configured: sources.map((s) => s.name), demo: config.sources.kind === 'demo' };
  // Test keys are answered from the sandbox (the demo catalogue in a database of its own), opened on the
  // first request of one.
  const sandbox = lazySandbox(() => openSandbox(config, log, systemClock));
  const app = createApp({
    sandbox: () => sandbox.get(),
    deps,
    limiter,
    logger,
    metrics,
    redis,
    metricsToken: config.metricsToken,
    graphql: config.graphql,
    trustProxyHops: config.trustProxyHops,
    support: config.support,
    sources: sourcesState,
  });
  const http = createHttpServer(app, config.http);
  const { server } = http;
  server.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  // A configuration without the demo catalogue retires what an earlier start imported of it (its made-up
  // causes, picks and archive), before the content is prepared, and says so.
  if (config.sources.kind !== 'demo') {
    const removal = await removeDemoCatalogue(db.prisma, generator, systemClock());
    if (removal.sources.length) {
      sourcesState.demoRetired = describeDemoRetirement(removal);
      logger.warn(sourcesState.demoRetired);
      // the day's refresh ran with the demo: it runs again now, with the configured sources
      await reopenSucceededDay(db.prisma, REFRESH_JOB_NAME, contentDay(systemClock()));
    }
  }
  // A demo key only on the embedded database: never printed into the logs of a production database.
  const startup = await prepareContent({
    prisma: db.prisma,
    sources,
    now: systemClock(),
    catchUp: (now) => catchUpOnce(catchUpOptions, now, retry),
    createDemoKey: db.embedded,
  });
  if (startup.noKeys) logger.warn(`No API key exists yet: create one with ${CREATE_KEY_COMMAND}`);
  if (startup.demoArchive) logger.info(`demo archive: ${startup.demoArchive}`);

  await jobs.bree.start();
  const catchUp = startCatchUp(catchUpOptions, retry);

  const { port } = server.address() as AddressInfo;
  logStart(logger, {
    url: listeningUrl(config.host, port),
    database: db.embedded ? `embedded database in ${config.dataDir}` : 'DATABASE_URL',
    demoKey: startup.demoKey,
  });

  // Requests per key, added to the database in batches; a failed flush keeps its counts for the next.
  const flushUsage = () => deps.usage.flush(db.prisma).catch((error: Error) => logger.warn(`key usage not written yet: ${error.message}`));
  const usageFlushes = setInterval(() => void flushUsage(), KEY_USAGE_FLUSH_MS).unref();

  // Every process delivers webhooks: due deliveries are claimed one process at a time (webhook-store.ts).
  const webhooks = startWebhookDeliveries(db.prisma, systemClock, {
    read: (sql, params) => deps.versions.probe(sql, params),
    schedule: config.webhookRetrySchedule,
    log,
    onAttempt: (delivery, outcome) => metrics.recordWebhookAttempt(delivery.type, outcome),
    onDisabled: (endpoint, reason) => logger.warn({ endpoint: endpoint.id, url: endpoint.url }, `webhook endpoint disabled: ${reason}`),
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // SIGTERM is how process managers and orchestrators stop a replica behind a load balancer; SIGINT
    // (Ctrl-C in a terminal) is a person who wants it gone, with no balancer to wait for.
    const grace = signal === 'SIGTERM' ? config.shutdownGraceMs : 0;
    const deadline = grace + SHUTDOWN_DRAIN_MS + SHUTDOWN_MARGIN_MS;
    logger.info(
      `${signal}: /readyz answers 503; still serving for ${grace} ms${grace ? ' (SHUTDOWN_GRACE_MS)' : ''}, then draining for at most ${SHUTDOWN_DRAIN_MS} ms and exiting`,
    );
    // Whatever hangs below (a job worker, a database that does not answer), the process is gone by then.
    const force = setTimeout(() => {
      logger.warn(`shutdown took longer than ${deadline} ms: exiting anyway`);
      process.exit(1);
    }, deadline).unref();
    deps.lifecycle.draining = true; // /readyz answers 503 from now on
    catchUp.stop();
    // The listener stays open while the load balancer notices: connections the kernel accepts in the
    // meantime are served, where closing at once would reset them.
    const [drained] = await Promise.all([http.drain(SHUTDOWN_DRAIN_MS, grace), jobs.stop(), webhooks.stop()]);
    if (drained === 'deadline') logger.warn(`requests still running after ${SHUTDOWN_DRAIN_MS} ms were cut`);
    limiter.close();
    await redis?.quit().catch(() => redis.disconnect());
    await deps.versions.close();
    await sandbox.close();
    clearInterval(usageFlushes);
    await flushUsage();
    await db.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
