import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createBoundedResponseCache } from '../../src/graphql/response-cache.js';
import { yogaLogger } from '../../src/graphql/yoga-hardening.js';

const resultOf = (chars: number) => ({ data: { text: 'x'.repeat(chars) } });
/** JSON text of resultOf(chars), counted at two bytes a character */
const bytesOf = (chars: number) => 2 * JSON.stringify(resultOf(chars)).length;

describe('the /graphql response cache', () => {
  it('a result over the entry bound is not kept, and nothing is evicted for it', () => {
    const cache = createBoundedResponseCache({ maxEntries: 10, maxBytes: 100_000, maxEntryBytes: 10_000 });
    cache.set('small', resultOf(100), [], 60_000);
    cache.set('large', resultOf(6_000), [], 60_000);
    expect(cache.get('large')).toBeNull();
    expect(cache.get('small')).toEqual(resultOf(100));
    expect({ entries: cache.entries, bytes: cache.bytes }).toEqual({ entries: 1, bytes: bytesOf(100) });
  });

  it('past the byte budget the least recently used results go', () => {
    const cache = createBoundedResponseCache({ maxEntries: 1000, maxBytes: 3 * bytesOf(1000), maxEntryBytes: 10_000 });
    for (const id of ['a', 'b', 'c']) cache.set(id, resultOf(1000), [], 60_000);
    cache.get('a'); // used: b is now the oldest
    cache.set('d', resultOf(1000), [], 60_000);
    expect(['a', 'b', 'c', 'd'].map((id) => cache.get(id) !== null)).toEqual([true, false, true, true]);
    expect(cache.bytes).toBe(3 * bytesOf(1000));
  });

  it('a kept result is handed out as a copy: a caller changing it does not change the next answer', () => {
    const cache = createBoundedResponseCache();
    cache.set('q', resultOf(3), [], 60_000);
    (cache.get('q') as { data: { text: string } }).data.text = 'changed';
    expect(cache.get('q')).toEqual(resultOf(3));
  });
});

describe("Yoga's logger calls as pino lines", () => {
  const capture = () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    return { lines, logger: pino({ level: 'debug' }, stream) };
  };

  it('an error is logged as err with its type and message, not as {"0":{}}', () => {
    const { lines, logger } = capture();
    yogaLogger(logger).error(new TypeError('boom'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: 'boom', err: { type: 'TypeError', message: 'boom' } });
    expect(lines[0]).not.toHaveProperty('0');
  });

  it('a message with details keeps both', () => {
    const { lines, logger } = capture();
    yogaLogger(logger).warn('slow request', { ms: 1200 });
    expect(lines[0]).toMatchObject({ level: 40, msg: 'slow request', details: [{ ms: 1200 }] });
  });
});
