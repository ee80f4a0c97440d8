import { pino, type Logger } from 'pino';
import type { Config } from '../config/env.js';

/**
 * JSON lines on stdout. `asynchronous`: lines are written without blocking the request that logs them;
 * while one write is under way the next lines collect and go out in one write, and pino writes what is
 * left when the process exits (also on a crash). For the API process, which logs every request; commands
 * and worker threads write each line at once.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, options: { asynchronous?: boolean } = {}): Logger {
  const base = { level: config.logLevel, base: { service: 'engagement-signal-api' } };
  return options.asynchronous ? pino(base, pino.destination({ dest: 1, sync: false })) : pino(base);
}
