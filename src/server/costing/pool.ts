/**
 * Costing on worker threads, so the server keeps answering while a proposal is costed or a
 * dataset is validated. Jobs wait in one queue; each thread takes the next when it is free.
 * A thread that lacks a dataset asks for it once, and keeps it for the next jobs.
 * If a thread dies, its job fails with a clear error and a new thread takes its place.
 *
 * Jobs: `check` a dataset; `cost` a proposal (the result as an object); `draft` a proposal to
 * store (checked against the workspace's rules, result and summary already JSON text);
 * `changes` between two stored versions (changesBetween, several costings). The workspace
 * pages' jobs (`overview`, `disclosure`, `workbook`, `provisions`) are in report-jobs.ts.
 */
import { Worker } from 'node:worker_threads';
import type { CostResult } from '../../costing/result.ts';
import type { Problem } from '../../errors/problem.ts';
import type { Changes } from '../../reports/changes.ts';
import type { DatasetSummary, Draft, DraftRules, Outcome } from './work.ts';
import type { Overview } from '../overview/compute.ts';
import type { Provision } from '../../reports/provisions.ts';
import type { DisclosureDocument } from '../reports/work.ts';
import type { ReportJob } from './report-jobs.ts';

export type Job =
  | { id: number; kind: 'check'; filesGz: Uint8Array }
  | { id: number; kind: 'cost'; datasetVersionId: number; yaml: string; file?: string; filesGz?: Uint8Array }
  | { id: number; kind: 'draft'; datasetVersionId: number; yaml: string; file?: string; rules?: DraftRules; filesGz?: Uint8Array }
  | { id: number; kind: 'changes'; datasetVersionId: number; from: string; to: string; filesGz?: Uint8Array }
  | ReportJob;

/** A stored dataset version, and how to read its files if no thread has it yet. */
interface OnDataset {
  datasetVersionId: number;
  loadFiles: () => Promise<Uint8Array>;
}

export type Reply =
  | { id: number; kind: 'ready' }
  | { id: number; kind: 'done'; value: unknown }
  | { id: number; kind: 'invalid'; problems: Problem[] }
  | { id: number; kind: 'need-dataset' }
  | { id: number; kind: 'failed'; message: string };

export interface CostingService {
  /** Validates a dataset's files (gzip JSON) and summarises it. */
  checkDataset(filesGz: Uint8Array): Promise<Outcome<DatasetSummary>>;
  /** Costs a proposal (YAML) on a stored dataset version; `loadFiles` is called only if no thread has it. */
  cost(input: { datasetVersionId: number; yaml: string; file?: string; loadFiles: () => Promise<Uint8Array> }): Promise<Outcome<CostResult>>;
  /** Costs a proposal to store or show: checked against `rules` when given, the result as JSON text. */
  draft(input: OnDataset & { yaml: string; file?: string; rules?: DraftRules }): Promise<Outcome<Draft>>;
  /** What changed between two stored versions' YAML, costed on one dataset version. */
  changes(input: OnDataset & { from: string; to: string }): Promise<Changes>;
  /** A dataset version at a glance: schools, enrollment, staff, budget, map points. */
  overview(input: OnDataset): Promise<Overview>;
  /** A stored version's public disclosure as HTML (to print) and its footer title. */
  disclosure(input: OnDataset & { yaml: string }): Promise<DisclosureDocument>;
  /** A stored version's disclosure spreadsheet (xlsx bytes). */
  workbook(input: OnDataset & { yaml: string }): Promise<Uint8Array>;
  /** Stored versions' provisions beside the current contract's (the dataset's). */
  provisions(input: OnDataset & { yamls: string[] }): Promise<Provision[]>;
  close(): Promise<void>;
}

interface Pending {
  job: Job;
  loadFiles?: () => Promise<Uint8Array>;
  resolve: (o: Outcome<unknown>) => void;
  reject: (e: Error) => void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  current: Pending | null;
}

export function costingPool({ threads = 1, log = () => undefined }: { threads?: number; log?: (line: string) => void } = {}): CostingService {
  const url = new URL('./thread.mjs', import.meta.url);
  const queue: Pending[] = [];
  const pool: Thread[] = [];
  let nextId = 1;
  let closed = false;

  const pump = () => {
    for (const t of pool) {
      if (!t.ready || t.current || queue.length === 0) continue;
      t.current = queue.shift() as Pending;
      t.worker.postMessage(t.current.job);
    }
  };

  const spawn = (): Thread => {
    const t: Thread = { worker: new Worker(url), ready: false, current: null };
    t.worker.on('message', (r: Reply) => {
      if (r.kind === 'ready') {
        t.ready = true;
        pump();
        return;
      }
      const p = t.current;
      if (!p || p.job.id !== r.id) return;
      if (r.kind === 'need-dataset' && p.job.kind !== 'check' && p.loadFiles) {
        const job = p.job;
        p.loadFiles().then(
          (filesGz) => t.worker.postMessage({ ...job, filesGz }),
          (e: unknown) => finish(t, () => p.reject(e instanceof Error ? e : new Error(String(e)))),
        );
        return;
      }
      finish(t, () => {
        if (r.kind === 'done') p.resolve({ ok: true, value: r.value });
        else if (r.kind === 'invalid') p.resolve({ ok: false, problems: r.problems });
        else p.reject(new Error(r.kind === 'failed' ? `costing failed: ${r.message}` : 'costing thread asked for a dataset it was not given'));
      });
    });
    const died = (why: string) => {
      const i = pool.indexOf(t);
      if (i >= 0) pool.splice(i, 1);
      const p = t.current;
      t.current = null;
      p?.reject(new Error(`the costing thread stopped (${why})`));
      if (!closed) {
        log(`costing thread stopped (${why}); starting another`);
        pool.push(spawn());
      }
    };
    t.worker.on('error', (e) => died(e.message));
    t.worker.on('exit', (code) => died(`exit code ${code}`));
    return t;
  };

  const finish = (t: Thread, settle: () => void) => {
    t.current = null;
    settle();
    pump();
  };

  for (let i = 0; i < Math.max(1, threads); i++) pool.push(spawn());

  const submit = <T>(job: Job, loadFiles?: () => Promise<Uint8Array>): Promise<Outcome<T>> =>
    new Promise((resolve, reject) => {
      if (closed) return reject(new Error('the costing pool is closed'));
      queue.push({ job, loadFiles, resolve: resolve as (o: Outcome<unknown>) => void, reject });
      pump();
    });

  const report = async <T>(job: ReportJob, loadFiles: () => Promise<Uint8Array>): Promise<T> => {
    const out = await submit<T>(job, loadFiles);
    if (!out.ok) throw new Error(`${job.kind} of dataset version ${job.datasetVersionId} failed: ${out.problems[0]?.message}`);
    return out.value;
  };

  return {
    checkDataset: (filesGz) => submit<DatasetSummary>({ id: nextId++, kind: 'check', filesGz }),
    cost: ({ datasetVersionId, yaml, file, loadFiles }) => submit<CostResult>({ id: nextId++, kind: 'cost', datasetVersionId, yaml, file }, loadFiles),
    draft: ({ datasetVersionId, yaml, file, rules, loadFiles }) => submit<Draft>({ id: nextId++, kind: 'draft', datasetVersionId, yaml, file, rules }, loadFiles),
    changes: async ({ datasetVersionId, from, to, loadFiles }) => {
      const out = await submit<Changes>({ id: nextId++, kind: 'changes', datasetVersionId, from, to }, loadFiles);
      if (!out.ok) throw new Error(`changes between stored versions failed: ${out.problems[0]?.message}`);
      return out.value;
    },
    overview: ({ datasetVersionId, loadFiles }) => report<Overview>({ id: nextId++, kind: 'overview', datasetVersionId }, loadFiles),
    disclosure: ({ datasetVersionId, yaml, loadFiles }) => report<DisclosureDocument>({ id: nextId++, kind: 'disclosure', datasetVersionId, yaml }, loadFiles),
    workbook: ({ datasetVersionId, yaml, loadFiles }) => report<Uint8Array>({ id: nextId++, kind: 'workbook', datasetVersionId, yaml }, loadFiles),
    provisions: ({ datasetVersionId, yamls, loadFiles }) => report<Provision[]>({ id: nextId++, kind: 'provisions', datasetVersionId, yamls }, loadFiles),
    close: async () => {
      closed = true;
      for (const p of queue.splice(0)) p.reject(new Error('the server is stopping'));
      await Promise.all(pool.splice(0).map((t) => t.worker.terminate()));
    },
  };
}
