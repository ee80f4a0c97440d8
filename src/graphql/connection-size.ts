// The page size of every Relay connection (`first` / `last`): a default and a cap shared by the
// connections' resolvers, their schema descriptions and the cost rule that counts them (connection-cost.ts).
import { PAGE_SIZE_MAX } from '../modules/causes/list-params.js';

export const CONNECTION_DEFAULT_SIZE = 20;
/** At most this many nodes per page, as for the REST pages (`pageSize`). */
export const CONNECTION_MAX_SIZE = PAGE_SIZE_MAX;

export const connectionSizeMessage = (name: 'first' | 'last') => `Invalid value for "${name}": expected a whole number from 0 to ${CONNECTION_MAX_SIZE}.`;

/** The message for a `first` or `last` above the cap (the Relay plugin would cut it silently), else null. */
export function connectionSizeProblem(args: { first?: number | null; last?: number | null }): string | null {
  for (const name of ['first', 'last'] as const) {
    const value = args[name];
    if (value !== null && value !== undefined && (value < 0 || value > CONNECTION_MAX_SIZE)) return connectionSizeMessage(name);
  }
  return null;
}
