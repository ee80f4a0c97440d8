// One autocannon run (the benchmark starts it pinned to its own core). Rotates through the API keys so
// no key exceeds 1 request per second, from `firstKey` on: the benchmark continues each run where the
// last one stopped, so a key used at the end of one run is not used again at the start of the next. Usage: load.ts CONFIG_JSON_FILE; prints a JSON summary.
import fs from 'node:fs';
import autocannon from 'autocannon';
import { positionalArgs } from '../../src/cli/script-args.js';

interface LoadConfig {
  url: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  keysFile?: string;
  durationSeconds?: number;
  amount?: number;
  connections: number;
  /** the index of the first key this run sends (default 0) */
  firstKey?: number;
}

const [configFile] = positionalArgs(
  'Usage: node --import tsx scripts/bench/load.ts CONFIG_JSON_FILE\n  One load run of the benchmark (bench.ts starts it); prints a JSON summary.',
  1,
);
const config = JSON.parse(fs.readFileSync(configFile, 'utf8')) as LoadConfig;
const keys: string[] = config.keysFile ? JSON.parse(fs.readFileSync(config.keysFile, 'utf8')) : [];
let next = config.firstKey ?? 0;

const result = await autocannon({
  url: config.url,
  connections: config.connections,
  ...(config.amount ? { amount: config.amount } : { duration: config.durationSeconds ?? 10 }),
  requests: [
    {
      method: config.method ?? 'GET',
      path: config.path,
      body: config.body,
      setupRequest: (request: any) => {
        const headers = { ...(config.headers ?? {}) };
        if (keys.length) headers['x-api-key'] = keys[next++ % keys.length];
        return { ...request, headers };
      },
    },
  ],
} as any);

console.log(
  JSON.stringify({
    // answers over the run's own duration: autocannon's per-second average counts whole seconds only,
    // which misstates a run of a fixed number of requests (the keys never seen before)
    rps: result.requests.total / ((new Date(result.finish).getTime() - new Date(result.start).getTime()) / 1000),
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: result.statusCodeStats,
    nextKey: keys.length ? next % keys.length : 0,
  }),
);
