// What every operator command shares: usage errors (exit 2, with the usage text), other failures
// (exit 1, the message only), and an exit that waits for the output to be written: stdout to a pipe is
// asynchronous, and process.exit() right after console.log would cut off long output (thousands of
// keys from `keys create --count`).
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

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

/** An operator command: its main (argv → exit code), its usage, and the usage of each subcommand. */
export interface Command {
  main(argv: string[]): Promise<number>;
  usage: string;
  help?: SubcommandHelp;
}

/**
 * Runs the command on `argv` as the shell would, printing through `console`, and resolves with its exit
 * code: --help (or -h, or help as the command) anywhere prints the usage of the subcommand named, else of
 * the command; a usage error prints its message and the usage (2); another failure its message only (1).
 */
export async function executeCommand(command: Command, argv: string[]): Promise<number> {
  const help = command.help ?? {};
  if (argv.some((a) => a === '--help' || a === '-h') || argv[0] === 'help') {
    const sub = argv.find((a) => Object.hasOwn(help, a));
    console.log(sub ? help[sub] : command.usage);
    return 0;
  }
  try {
    return await command.main(argv);
  } catch (error) {
    const parseError = (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    const isUsage = error instanceof UsageError || parseError;
    const message = parseError ? parseErrorMessage(error as Error & { code: string }) : (error as Error).message;
    console.error(isUsage ? `${message}\n${command.usage}` : message);
    return isUsage ? 2 : 1;
  }
}

const realPath = (file: string) => {
  try {
    return fs.realpathSync(file);
  } catch {
    return path.resolve(file);
  }
};

/**
 * When the module at `moduleUrl` is the process's entry point (`npm run keys`, `node dist/src/cli/keys.js`),
 * runs the command on the process's arguments and exits with its code once the output is written.
 * Imported instead (the tests run commands in-process), it does nothing.
 */
export function runCommand(command: Command, moduleUrl: string): void {
  const entry = process.argv[1];
  if (!entry || realPath(entry) !== realPath(fileURLToPath(moduleUrl))) return;
  void executeCommand(command, process.argv.slice(2)).then(exitAfterOutput);
}
