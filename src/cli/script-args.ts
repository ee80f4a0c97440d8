// Arguments of the scripts (print-texts, the benchmarks): `--help` (or -h) prints the usage and exits 0;
// an unknown option or a missing value is one line in the project's words and the usage, exit 2, never
// a stack trace. The operator commands use runCommand (command.ts) for the same.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { parseErrorMessage } from './command.js';

export function usageError(message: string, usage: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

export function parseScriptArgs<T extends ParseArgsConfig['options']>(
  usage: string,
  options: T,
  { positionals = true, argv = process.argv.slice(2) }: { positionals?: boolean; argv?: string[] } = {},
) {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  try {
    return parseArgs({ args: argv, options, allowPositionals: positionals, strict: true });
  } catch (error) {
    if (!(error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) throw error;
    return usageError(parseErrorMessage(error as Error & { code: string }), usage);
  }
}

/** For scripts that take positional arguments only (the benchmark's helpers): --help, and how many are needed. */
export function positionalArgs(usage: string, count: number, argv: string[] = process.argv.slice(2)): string[] {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  if (argv.length !== count) usageError(`Expected ${count} argument${count === 1 ? '' : 's'}, got ${argv.length}.`, usage);
  return argv;
}
