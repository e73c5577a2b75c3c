import { performance } from 'node:perf_hooks';
import type { Io } from './io.ts';

/**
 * Runs one step of a longer job and, on a terminal (or with `always`), tells the person on
 * stderr what is happening and how long it took. Results stay on stdout.
 */
export function step<T>(io: Io, what: string, fn: () => T, opts: { always?: boolean } = {}): T {
  const show = io.interactive || opts.always === true;
  if (show) io.err(`${what}…`);
  const t0 = performance.now();
  const value = fn();
  if (show) io.err(` done (${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);
  return value;
}
