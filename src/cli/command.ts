// What every operator command shares: usage errors (exit 2, with the usage text), other failures
// (exit 1, the message only), and an exit that waits for the output to be written: stdout to a pipe is
// asynchronous, and process.exit() right after console.log would cut off long output (thousands of
// keys from `keys create --count`).
import type { Writable } from 'node:stream';

export class UsageError extends Error {}

const flushed = (stream: Writable) => new Promise<void>((resolve) => stream.write('', () => resolve()));

async function exitAfterOutput(code: number): Promise<never> {
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
}

export function runCommand(main: (argv: string[]) => Promise<number>, usage: string): void {
  main(process.argv.slice(2)).then(exitAfterOutput, (error) => {
    const isUsage = error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    console.error(isUsage ? `${(error as Error).message}\n${usage}` : (error as Error).message);
    return exitAfterOutput(isUsage ? 2 : 1);
  });
}
