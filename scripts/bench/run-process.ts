// Runs a command to its end, with its output, its peak resident size (VmHWM, read from /proc every
// 100 ms on Linux; 0 elsewhere) and the CPU time it used (user + system, from /proc/<pid>/stat, as last
// read: up to 100 ms short; 0 elsewhere): how the benchmarks time the operator's commands.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

export interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
  peakRssKb: number;
  cpuSeconds: number;
}

export function runProcess(command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<ProcessResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env });
    let stdout = '';
    let stderr = '';
    let peakRssKb = 0;
    let cpuSeconds = 0;
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const poll = setInterval(() => {
      try {
        const hwm = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (hwm) peakRssKb = Math.max(peakRssKb, Number(hwm[1]));
        // fields 14 and 15 (utime, stime) in clock ticks of 1/100 s, after the command's name in parentheses
        const stat = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ');
        if (stat) cpuSeconds = (Number(stat[11]) + Number(stat[12])) / 100;
      } catch {
        /* exited */
      }
    }, 100);
    child.on('close', (code) => {
      clearInterval(poll);
      resolve({ code, stdout, stderr, peakRssKb, cpuSeconds });
    });
  });
}
