// Runs a command to its end, with its output, its peak resident size and the CPU time it used: how the
// benchmarks time the operator's commands. On Linux (0 elsewhere), from /proc every 100 ms: the peak is
// the larger of the command's own VmHWM and the largest sum of VmRSS over the command and the processes
// it started (the refresh runs in a child process of its own); the CPU time is user + system of the
// command and of its children that ended (utime, stime, cutime, cstime), as last read: up to 100 ms short.
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
        peakRssKb = Math.max(peakRssKb, treeRssKb(child.pid!));
        // fields 14 to 17 (utime, stime, cutime, cstime) in clock ticks of 1/100 s, after the name in parentheses
        const stat = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ');
        if (stat) cpuSeconds = (Number(stat[11]) + Number(stat[12]) + Number(stat[13]) + Number(stat[14])) / 100;
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

/** VmRSS of a process and of every process it started, still running, in kB. */
function treeRssKb(pid: number): number {
  let total = 0;
  try {
    const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    total += rss ? Number(rss[1]) : 0;
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const childPid of children ? children.split(/\s+/) : []) total += treeRssKb(Number(childPid));
    }
  } catch {
    /* exited meanwhile */
  }
  return total;
}
