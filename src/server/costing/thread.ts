/**
 * A costing thread: keeps the last few datasets it loaded (LAUSD takes about half a second to
 * load and validate, then a proposal costs in milliseconds) and answers one job at a time.
 */
import { parentPort } from 'node:worker_threads';
import type { Dataset } from '../../district/types.ts';
import { checkDataset, costYaml, draftYaml, filesFromGzip } from './work.ts';
import type { Job, Reply } from './pool.ts';
import { isReportJob, reportWork } from './report-jobs.ts';
import { changesOverSpan, commonYears } from './common.ts';

const KEEP = 3;
const cache = new Map<number, Dataset>();

function datasetFor(id: number, gz: Uint8Array | undefined): Dataset | null {
  const hit = cache.get(id);
  if (hit) {
    cache.delete(id);
    cache.set(id, hit); // most recently used last
    return hit;
  }
  if (!gz) return null;
  const checked = checkDataset(filesFromGzip(gz));
  if (!checked.ok) throw new Error(`stored dataset version ${id} no longer loads: ${checked.problems[0]?.message}`);
  cache.set(id, checked.value.dataset);
  while (cache.size > KEEP) cache.delete(cache.keys().next().value as number);
  return checked.value.dataset;
}

async function answer(job: Job): Promise<Reply> {
  if (job.kind === 'check') {
    const checked = checkDataset(filesFromGzip(job.filesGz));
    return checked.ok ? { id: job.id, kind: 'done', value: checked.value.summary } : { id: job.id, kind: 'invalid', problems: checked.problems };
  }
  if (job.kind === 'roster') {
    const out = await (await import('../roster/work.ts')).rosterWork(job.input);
    return out.ok ? { id: job.id, kind: 'done', value: out.value } : { id: job.id, kind: 'invalid', problems: out.problems };
  }
  if (job.kind === 'ledger') return { id: job.id, kind: 'done', value: (await import('../../pickets/pay-ledger.ts')).ledgerPage(job.input) };
  if (job.kind === 'payout') return { id: job.id, kind: 'done', value: (await import('../../pickets/pay-csv.ts')).payoutFile(job.input) };
  const dataset = datasetFor(job.datasetVersionId, job.filesGz);
  if (!dataset) return { id: job.id, kind: 'need-dataset' };
  if (isReportJob(job)) return { id: job.id, kind: 'done', value: await reportWork(dataset, job) };
  if (job.kind === 'common') return { id: job.id, kind: 'done', value: commonYears(dataset, job.yamls) };
  if (job.kind === 'changes') return { id: job.id, kind: 'done', value: changesOverSpan(dataset, job.from, job.to, job.through) };
  const costed = job.kind === 'draft' ? draftYaml(dataset, job.yaml, job.file, job.rules, job.allowOtherYear) : costYaml(dataset, job.yaml, job.file);
  return costed.ok ? { id: job.id, kind: 'done', value: costed.value } : { id: job.id, kind: 'invalid', problems: costed.problems };
}

parentPort?.on('message', async (job: Job) => {
  let reply: Reply;
  try {
    reply = await answer(job);
  } catch (e) {
    reply = { id: job.id, kind: 'failed', message: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  parentPort?.postMessage(reply);
});
parentPort?.postMessage({ id: 0, kind: 'ready' } satisfies Reply);
