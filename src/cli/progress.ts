import { performance } from 'node:perf_hooks';
import type { Io } from './io.ts';

/** Runs one step of a longer job, telling the person on stderr what is happening and how long it took. */
export function step<T>(io: Io, what: string, fn: () => T): T {
  io.err(`${what}…`);
  const t0 = performance.now();
  const value = fn();
  io.err(` done (${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);
  return value;
}
