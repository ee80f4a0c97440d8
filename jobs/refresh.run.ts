// The refresh itself, in a process of its own (started by refresh.job.ts): builds its own clients from the
// configuration and the database URL it is handed, runs the refresh service and reports each source and
// the result over the IPC channel. Whatever happens here (out of memory, a native crash, a hang the time
// limit ends) ends this process only: the API's process keeps answering.
import { loadConfig } from '../src/config/env.js';
import { createLogger } from '../src/infra/logger.js';
import { createPrismaClient } from '../src/infra/prisma.js';
import { asOfInstant, contentDay } from '../src/time/berlin-calendar.js';
import { runRefresh } from '../src/modules/refresh/refresh.service.js';
import { describeDemoRetirement, removeDemoCatalogue } from '../src/modules/refresh/demo-removal.service.js';
import type { RefreshResult } from '../src/modules/refresh/refresh-result.js';
import { loadSources } from '../src/modules/sources/sources-config.js';
import { createLlmGenerator } from '../src/modules/texts/llm-generator.js';
import { defaultTextGenerator } from '../src/modules/texts/default-generator.js';
import type { RefreshJobData, RefreshJobMessage } from '../src/modules/refresh/job-runner.js';
import { systemClock } from '../src/time/clock.js';

const data = JSON.parse(process.argv[2] ?? '{}') as RefreshJobData;
const post = (message: RefreshJobMessage) => process.send?.(message);

// The worker that started this process is gone (stopped, or its time limit ended it): so is this run. Its
// claim's lease runs out and the next run can proceed.
process.on('disconnect', () => process.exit(1));

const config = loadConfig();
const logger = createLogger(config).child({ job: 'refresh' });
const log = { info: (m: string) => logger.info(m), warn: (m: string) => logger.warn(m) };
// Bulk statements of a large catalogue may take a while; a stuck one still ends.
const prisma = createPrismaClient(data.databaseUrl, { maxConnections: 4, queryTimeoutMs: 300_000 });
// The process's clock is the one clock of leases, claims and run records (docs/decisions.md, "One clock").
const clock = systemClock;
const generator = config.llm ? createLlmGenerator(config.llm, defaultTextGenerator, log) : defaultTextGenerator;
try {
  // A configuration without the demo catalogue retires what an earlier run imported of it.
  if (config.sources.kind !== 'demo') {
    const removal = await removeDemoCatalogue(prisma, generator, clock());
    if (removal.sources.length) log.warn(describeDemoRetirement(removal));
  }
  const result: RefreshResult = await runRefresh({
    prisma,
    sources: loadSources(config.sources),
    generator,
    now: data.asOf ? asOfInstant(data.asOf) : clock(),
    clock,
    trigger: data.trigger,
    force: data.force,
    leaseMs: config.refreshLeaseMs,
    // A past day is a back-fill: its pick only, today's catalogue stays as it is.
    pickOnly: data.asOf !== undefined && data.asOf < contentDay(clock()),
    log,
    onSourceDone: (outcome) => post({ type: 'source', outcome }),
    onClaimed: ({ runId, day }) => post({ type: 'claimed', runId, day }),
  });
  post({ type: 'result', result });
} catch (error) {
  post({ type: 'error', message: (error as Error).message });
} finally {
  await prisma.$disconnect();
}
process.disconnect?.();
