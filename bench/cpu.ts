/**
 * CPU time spent by a process's threads during a benchmark, read from Linux's /proc (user and
 * system time of each thread), so a benchmark can say what a request costs in CPU on each side:
 * the server's threads and the load generator beside it. On a machine with N cores, no rate can
 * exceed N seconds of CPU a second divided by the CPU one request takes on both sides together.
 * Elsewhere (no /proc) the readings are null and the benchmarks print no CPU lines.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** CPU seconds per thread id (user + system). */
export type ThreadTimes = Map<number, number>;

const TICKS_PER_SECOND = 100; // Linux's USER_HZ, the unit of /proc's utime and stime

/** Each thread's CPU seconds so far, or null where /proc cannot be read. */
export function threadTimes(pid: number): ThreadTimes | null {
  try {
    const out: ThreadTimes = new Map();
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // The fields after the command name (which is in parentheses and may hold spaces).
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(tid), (Number(f[11]) + Number(f[12])) / TICKS_PER_SECOND);
    }
    return out;
  } catch {
    return null;
  }
}

export interface CpuSplit {
  /** The thread whose id is the process id (Node's main thread: HTTP). */
  main: number;
  /** The busiest other thread (the check-in writer's, where it has one). */
  busiest: number;
  /** Every other thread (the garbage collector's, libuv's pool, idle workers). */
  rest: number;
}

/** CPU seconds each part of a process used between two readings. */
export function cpuBetween(pid: number, before: ThreadTimes | null, after: ThreadTimes | null): CpuSplit | null {
  if (!before || !after) return null;
  const used = [...after].map(([tid, t]) => [tid, t - (before.get(tid) ?? 0)] as const);
  const main = used.find(([tid]) => tid === pid)?.[1] ?? 0;
  const others = used.filter(([tid]) => tid !== pid).map(([, t]) => t).sort((a, b) => b - a);
  return { main, busiest: others[0] ?? 0, rest: others.slice(1).reduce((a, b) => a + b, 0) };
}

export const cores = availableParallelism();

/** Microseconds of CPU per request, from CPU seconds and a count. */
export const perRequest = (seconds: number, requests: number) => (requests > 0 ? (1e6 * seconds) / requests : NaN);
