import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { emptyFound, mergeFound, type Found, type Plan } from '../evaluate.ts';
import { threadEntry } from '../../threads.ts';

/**
 * Scans every package of a plan on worker threads (an edge of the zone: threads are I/O to the
 * costing core, which stays pure). Each worker gets the plan's arrays, not the dataset, and
 * asks for chunks of package numbers until there are none left or `stop[0]` is set (Ctrl-C);
 * then each sends back what it found and the results are merged. The merge does not depend on
 * how the packages were split, so the result is the same for any number of threads.
 */
export interface PoolOptions {
  threads?: number;
  /** Set stop[0] to 1 to stop early (a SharedArrayBuffer, seen by every worker). */
  stop?: Int32Array;
  /** Called after each chunk with the packages examined so far. */
  onProgress?: (examined: number) => void;
  chunk?: number;
}

export function newStopFlag(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

export function defaultThreads(): number {
  return availableParallelism();
}

export async function scanParallel(plan: Plan, opts: PoolOptions = {}): Promise<Found> {
  const wanted = Math.max(1, opts.threads ?? defaultThreads());
  const chunk = opts.chunk ?? Math.max(100_000, Math.min(2_000_000, Math.ceil(plan.size / (wanted * 16))));
  // No more threads than chunks.
  const threads = Math.min(wanted, Math.max(1, Math.ceil(plan.size / chunk)));
  const stop = opts.stop ?? newStopFlag();
  let next = 0;
  let examined = 0;
  const total = emptyFound(plan);
  const url = new URL(threadEntry('worker'), import.meta.url);
  const run = (): Promise<Found> =>
    new Promise((resolve, reject) => {
      const w = new Worker(url, { workerData: { plan, stop } });
      const give = () => {
        if (next >= plan.size || Atomics.load(stop, 0) !== 0) {
          w.postMessage({ type: 'finish' });
          return;
        }
        const from = next;
        next = Math.min(plan.size, next + chunk);
        w.postMessage({ type: 'chunk', from, to: next });
      };
      w.on('message', (m: { type: 'ready' } | { type: 'progress'; examined: number } | { type: 'found'; found: Found }) => {
        if (m.type === 'ready') give();
        else if (m.type === 'progress') {
          examined += m.examined;
          opts.onProgress?.(examined);
          give();
        } else {
          resolve(m.found);
          void w.terminate();
        }
      });
      w.on('error', reject);
      w.on('exit', (code) => {
        if (code !== 0) reject(new Error(`zone worker stopped with exit code ${code}`));
      });
    });
  const founds = await Promise.all(Array.from({ length: threads }, run));
  for (const f of founds) mergeFound(plan, total, f);
  return total;
}
