// What the server says once it is ready: the address it listens on and, at the first start of the
// embedded database, the demo key with how to try it and how to make another. Log entries like every
// other line of the process (JSON lines, infra/logger.ts), written at `info` whatever LOG_LEVEL says:
// they are the start's answer. The demo key's entries come first, so whoever waits for the
// "listening on" entry has the key too.
import type { Logger } from 'pino';
import { keyValidity, type CreatedKey } from '../modules/api-keys/api-keys.service.js';

/** How an operator makes a key (the start, the log and the documentation name it). */
export const CREATE_KEY_COMMAND = 'npm run keys -- create --name LABEL --tier TIER';

/** The address to open for HOST and the port: an unspecified address (all interfaces) as localhost. */
export function listeningUrl(host: string, port: number): string {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const name = bare === '0.0.0.0' || bare === '::' ? 'localhost' : bare.includes(':') ? `[${bare}]` : bare;
  return `http://${name}:${port}`;
}

export function logStart(logger: Logger, start: { url: string; database: string; demoKey: CreatedKey | null }): void {
  const log = logger.child({}, { level: 'info' });
  const { url, demoKey } = start;
  if (demoKey) {
    log.info(`Demo API key (tier ${demoKey.tier}, ${keyValidity(demoKey.expiresAt)}; shown once): ${demoKey.key}`);
    log.info(`Try: curl -H 'X-Api-Key: ${demoKey.key}' ${url}/api/v1/daily-action`);
    log.info(`Its feed token (for feed readers and calendar apps; shown once): ${demoKey.feedToken}`);
    log.info(`Try: curl '${url}/api/v1/feeds/daily-action.rss?token=${demoKey.feedToken}'`);
    log.info(`Lost it, or need more keys: ${CREATE_KEY_COMMAND} (prints a new key once)`);
  }
  log.info({ url }, `Engagement-Signal API listening on ${url} (${start.database})`);
}
