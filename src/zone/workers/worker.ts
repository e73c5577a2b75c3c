import { parentPort, workerData } from 'node:worker_threads';
import { emptyFound, makeEvaluator, type Plan } from '../evaluate.ts';

/**
 * A zone worker: it gets the plan (the precomputed arrays, never the dataset) once, then scans
 * the chunks of package numbers it is sent, keeping what it finds; on `finish` it sends that
 * back. A non-zero `stop[0]` (Ctrl-C) ends a chunk early.
 */
const { plan, stop } = workerData as { plan: Plan; stop: Int32Array };
const evaluator = makeEvaluator(plan);
const found = emptyFound(plan);
const port = parentPort;
if (!port) throw new Error('zone worker: not started as a worker thread');

port.on('message', (m: { type: 'chunk'; from: number; to: number } | { type: 'finish' }) => {
  if (m.type === 'chunk') {
    const examined = evaluator.scan(m.from, m.to, found, stop);
    port.postMessage({ type: 'progress', examined });
  } else {
    port.postMessage({ type: 'found', found });
  }
});
port.postMessage({ type: 'ready' });
