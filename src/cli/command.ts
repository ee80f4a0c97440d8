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

/** Node's parseArgs errors, said in the project's words (its own messages quote unevenly). */
export function parseErrorMessage(error: { code?: string; message: string }): string {
  const quoted = /'([^']+)'/.exec(error.message)?.[1] ?? '';
  const option = quoted.split(' ')[0];
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `Unknown option "${option}".`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return /does not take an argument/.test(error.message) ? `${option} takes no value.` : `${option} needs a value.`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `Unexpected argument "${quoted}".`;
    default:
      return 'Invalid arguments.';
  }
}

/** Usage of each subcommand, for `<command> <sub> --help`; `usage` is the whole command's. */
export type SubcommandHelp = Record<string, string>;

export function runCommand(main: (argv: string[]) => Promise<number>, usage: string, help: SubcommandHelp = {}): void {
  const argv = process.argv.slice(2);
  // --help (or -h, or help as the command) anywhere: the usage of the subcommand named, else of the command.
  if (argv.some((a) => a === '--help' || a === '-h') || argv[0] === 'help') {
    const sub = argv.find((a) => Object.hasOwn(help, a));
    console.log(sub ? help[sub] : usage);
    void exitAfterOutput(0);
    return;
  }
  main(argv).then(exitAfterOutput, (error) => {
    const parseError = (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    const isUsage = error instanceof UsageError || parseError;
    const message = parseError ? parseErrorMessage(error as Error & { code: string }) : (error as Error).message;
    console.error(isUsage ? `${message}\n${usage}` : message);
    return exitAfterOutput(isUsage ? 2 : 1);
  });
}
