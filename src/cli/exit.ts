// Ends a command once its output is written: stdout to a pipe is asynchronous, and process.exit()
// right after console.log would cut off long output (thousands of keys from `keys create --count`).
import type { Writable } from 'node:stream';

const flushed = (stream: Writable) => new Promise<void>((resolve) => stream.write('', () => resolve()));

export async function exitAfterOutput(code: number): Promise<never> {
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
}
