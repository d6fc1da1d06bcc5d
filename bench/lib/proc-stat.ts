import fs from 'node:fs';

/** USER_HZ: /proc's CPU times are in ticks of 10 ms. */
const TICK_US = 10_000;

/**
 * A process's or thread's /proc stat file (`/proc/<pid>/stat`, `/proc/self/task/<tid>/stat`): its name and the CPU
 * it has used (user + system), in µs. The name is between the first "(" and the last ")" (it may hold either).
 */
export function procStat(file: string): { name: string; cpuUs: number } {
  const s = fs.readFileSync(file, 'utf8');
  const close = s.lastIndexOf(')');
  const fields = s.slice(close + 2).split(' ');
  return { name: s.slice(s.indexOf('(') + 1, close), cpuUs: (Number(fields[11]) + Number(fields[12])) * TICK_US };
}
