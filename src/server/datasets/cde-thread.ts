/**
 * The thread a CDE import runs on: reading a statewide directory file takes most of a second,
 * which the server's event loop must not spend. It takes one job, answers once, and exits.
 */
import { parentPort } from 'node:worker_threads';
import { importIntoDataset, type CdeJob } from './cde.ts';

parentPort?.once('message', (job: CdeJob) => {
  try {
    parentPort?.postMessage({ kind: 'done', outcome: importIntoDataset(job) });
  } catch (e) {
    parentPort?.postMessage({ kind: 'failed', message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
});
