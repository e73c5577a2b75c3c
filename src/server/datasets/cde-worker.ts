/**
 * Runs a CDE import on its own short-lived worker thread, one import at a time (imports are
 * rare, and each holds a few copies of the state's files in memory while it runs).
 */
import { Worker } from 'node:worker_threads';
import type { CdeJob, CdeOutcome } from './cde.ts';
import { threadEntry } from '../../threads.ts';

type Reply = { kind: 'done'; outcome: CdeOutcome } | { kind: 'failed'; message: string };

let queue: Promise<unknown> = Promise.resolve();

function runOnce(job: CdeJob): Promise<CdeOutcome> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(threadEntry('cde-thread'), import.meta.url));
    let settled = false;
    const settle = (f: () => void) => {
      if (settled) return;
      settled = true;
      f();
      void worker.terminate();
    };
    worker.once('message', (r: Reply) => settle(() => (r.kind === 'done' ? resolve(r.outcome) : reject(new Error(`the CDE import failed: ${r.message}`)))));
    worker.once('error', (e) => settle(() => reject(e)));
    worker.once('exit', (code) => settle(() => reject(new Error(`the CDE import thread stopped (exit code ${code})`))));
    worker.postMessage(job);
  });
}

/** The import's outcome; jobs wait for the one before them to finish. */
export function runCdeImport(job: CdeJob): Promise<CdeOutcome> {
  const run = queue.then(() => runOnce(job));
  queue = run.catch(() => undefined);
  return run;
}
