// Runs an operator command in this process, as `npm run <command> -- …` would run it (the same main,
// the same --help and error handling), with the given environment and its output captured: a command
// costs milliseconds instead of a Node start. Exit codes and output flushing of the real process are
// tested by one spawned run per command (cli-help.test.ts).
import { Console } from 'node:console';
import { Writable } from 'node:stream';
import { executeCommand, type Command } from '../../src/cli/command.js';
import type { RunResult } from './processes.js';

export type CommandName = 'keys' | 'jobs' | 'causes' | 'texts' | 'review' | 'webhooks';

const commands: Record<CommandName, () => Promise<{ command: Command }>> = {
  keys: () => import('../../src/cli/keys.js'),
  jobs: () => import('../../src/cli/jobs.js'),
  causes: () => import('../../src/cli/causes.js'),
  texts: () => import('../../src/cli/texts.js'),
  review: () => import('../../src/cli/review.js'),
  webhooks: () => import('../../src/cli/webhooks.js'),
};

const collector = () => {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream, text: () => text };
};

let running = false;

function replaceEnv(env: NodeJS.ProcessEnv): void {
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  for (const [name, value] of Object.entries(env)) if (value !== undefined) process.env[name] = value;
}

/** `npm run <name> -- <args>` with `env` as the process's environment, in this process. */
export async function runCommandInProcess(name: CommandName, args: string[], env: NodeJS.ProcessEnv): Promise<RunResult> {
  // The environment and the console are the process's: one command at a time.
  if (running) throw new Error('runCommandInProcess: one command at a time');
  running = true;
  const out = collector();
  const err = collector();
  // process.env itself is changed (not replaced), so that the refresh's worker thread sees it too.
  const savedEnv = { ...process.env };
  const savedConsole = globalThis.console;
  try {
    const { command } = await commands[name]();
    replaceEnv(env);
    globalThis.console = new Console({ stdout: out.stream, stderr: err.stream });
    const code = await executeCommand(command, args);
    return { code, stdout: out.text(), stderr: err.text() };
  } finally {
    replaceEnv(savedEnv);
    globalThis.console = savedConsole;
    running = false;
  }
}
