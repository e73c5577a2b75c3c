/**
 * Costing on worker threads, so the server keeps answering while a proposal is costed or a
 * dataset is validated. Jobs wait in a queue shared fairly between organizations (FairQueue,
 * keyed by the request's scope: scope.ts), bounded, so a full share answers 429 with
 * Retry-After; each thread takes the next job when it is free. A job has a deadline: past it,
 * its thread is stopped and replaced and the request answers 503 costing.timeout. A job whose
 * client leaves is dropped if waiting, and ended if it has run a while.
 * A thread that lacks a dataset asks for it once, and keeps it for the next jobs.
 * If a thread dies, its job fails with a clear error and a new thread takes its place.
 *
 * Jobs: `check` a dataset; `cost` a proposal (the result as an object); `draft` a proposal to
 * store (checked against the workspace's rules, result and summary already JSON text);
 * `changes` between two stored versions over a view's years (changesBetween, several costings);
 * `common`: several stored versions on one dataset version costed over the same years (common.ts). The workspace
 * pages' jobs (`overview`, `disclosure`, `workbook`, `provisions`) are in report-jobs.ts.
 * `roster`: read an uploaded member roster and work out its import (src/server/roster/work.ts).
 * `ledger`: a page of a strike-pay period's ledger from its facts (src/pickets/pay-ledger.ts);
 * `payout`: a week's payout file from its facts (src/pickets/pay-csv.ts).
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { ApiError } from '../errors.ts';
import { FairQueue } from './fair-queue.ts';
import { currentScope } from './scope.ts';
import type { CostResult } from '../../costing/result.ts';
import type { Problem } from '../../errors/problem.ts';
import type { DatasetSummary, Draft, DraftRules, Outcome } from './work.ts';
import type { Overview } from '../overview/compute.ts';
import type { Provision } from '../../reports/provisions.ts';
import type { DisclosureDocument } from '../reports/work.ts';
import type { ReportJob } from './report-jobs.ts';
import type { CommonYears, SpanChanges } from './common.ts';
import type { RosterAnswer, RosterJobInput, RosterOutcome } from '../roster/work.ts';
import type { LedgerPage, LedgerPageInput } from '../../pickets/pay-ledger.ts';
import type { PayoutFile, PayoutFileInput } from '../../pickets/pay-csv.ts';
import { threadEntry } from '../../threads.ts';

export type Job =
  | { id: number; kind: 'check'; filesGz: Uint8Array }
  | { id: number; kind: 'cost'; datasetVersionId: number; yaml: string; file?: string; filesGz?: Uint8Array }
  | { id: number; kind: 'draft'; datasetVersionId: number; yaml: string; file?: string; rules?: DraftRules; allowOtherYear?: boolean; filesGz?: Uint8Array }
  | { id: number; kind: 'changes'; datasetVersionId: number; from: string; to: string; through?: number; filesGz?: Uint8Array }
  | { id: number; kind: 'common'; datasetVersionId: number; yamls: string[]; filesGz?: Uint8Array }
  | { id: number; kind: 'roster'; input: RosterJobInput }
  | { id: number; kind: 'ledger'; input: LedgerPageInput }
  | { id: number; kind: 'payout'; input: PayoutFileInput }
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
  draft(input: OnDataset & { yaml: string; file?: string; rules?: DraftRules; allowOtherYear?: boolean }): Promise<Outcome<Draft>>;
  /**
   * What changed between two stored versions' YAML, costed on one dataset version through the
   * later of both versions' last years and `through` (the last fiscal year of the view).
   */
  changes(input: OnDataset & { from: string; to: string; through?: number }): Promise<SpanChanges>;
  /** Stored versions' YAML on one dataset version, each costed through the latest last year of any of them (the view's common years). */
  common(input: OnDataset & { yamls: string[] }): Promise<CommonYears>;
  /** A dataset version at a glance: schools, enrollment, staff, budget, map points. */
  overview(input: OnDataset): Promise<Overview>;
  /** A stored version's public disclosure as HTML (to print) and its footer title. */
  disclosure(input: OnDataset & { yaml: string }): Promise<DisclosureDocument>;
  /** A stored version's disclosure spreadsheet (xlsx bytes). */
  workbook(input: OnDataset & { yaml: string }): Promise<Uint8Array>;
  /** Stored versions' provisions beside the current contract's (the dataset's). */
  provisions(input: OnDataset & { yamls: string[] }): Promise<Provision[]>;
  /** Reads a roster file (or a pending import's table) and works out its import (no dataset needed). */
  roster(input: RosterJobInput): Promise<RosterOutcome>;
  /** A page of a strike-pay period's ledger, worked out from the facts read from the database (no dataset needed). */
  ledger(input: LedgerPageInput): Promise<LedgerPage>;
  /** A week's payout file, worked out from the facts read from the database (no dataset needed). */
  payout(input: PayoutFileInput): Promise<PayoutFile>;
  close(): Promise<void>;
}

/** How the pool bounds the work it takes (docs/api.md, "Costing jobs"). */
export interface PoolLimits {
  /** A job running longer than this (ms) is ended: its thread is stopped and replaced. Default 30 s. */
  deadlineMs: number;
  /** The same for validating an uploaded dataset (larger districts take longer). Default 120 s. */
  checkDeadlineMs: number;
  /** The same for reading a roster file and working out its import (31,800 members: a few seconds). Default 60 s. */
  rosterDeadlineMs: number;
  /** Jobs one organization (or the public) may have waiting. Default 8. */
  perKey: number;
  /** Jobs all together may have waiting. Default 64. */
  total: number;
  /**
   * Jobs one organization may have running at once. Default: all threads but one (at least 1),
   * so with two threads or more another organization always finds one free of the flood.
   */
  runningPerKey?: number;
  /**
   * A running job whose client has left is ended once it has run this long (ms); a shorter one
   * is left to finish, since a new thread must start and load its dataset again (measured on
   * LAUSD: a preview takes 50-110 ms on a warm thread, 6.3 s on a new one under load). Default 3 s.
   */
  cancelAfterMs: number;
}

export const DEFAULT_LIMITS: PoolLimits = { deadlineMs: 30_000, checkDeadlineMs: 120_000, rosterDeadlineMs: 60_000, perKey: 8, total: 64, cancelAfterMs: 3_000 };

interface Pending {
  job: Job;
  key: string;
  signal?: AbortSignal;
  loadFiles?: () => Promise<Uint8Array>;
  resolve: (o: Outcome<unknown>) => void;
  reject: (e: Error) => void;
  /** Set when the job leaves the queue or ends, to stop listening for the client leaving. */
  done?: () => void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  dead: boolean;
  current: Pending | null;
  startedAt: number;
  timer: NodeJS.Timeout | null;
}

const timedOut = (seconds: number, kind: Job['kind']) =>
  kind === 'ledger' || kind === 'payout'
    ? new ApiError(503, { code: 'costing.timeout', message: `working out the strike-pay ${kind === 'ledger' ? 'ledger' : 'payout file'} took longer than ${seconds} seconds, so it was stopped`, hint: 'try again when the server is less busy' })
    : kind === 'roster'
    ? new ApiError(503, { code: 'costing.timeout', message: `reading the roster file and working out its import took longer than ${seconds} seconds, so it was stopped`, hint: 'import the roster in parts (by worksite, with "remove members not in the file" off), or try again when the server is less busy' })
    : new ApiError(503, { code: 'costing.timeout', message: `the costing took longer than ${seconds} seconds, so it was stopped`, hint: 'cost fewer terms or phases at once, or try again when the server is less busy' });
const cancelled = () => new ApiError(503, { code: 'costing.cancelled', message: 'the request was cancelled before its costing finished' });
const busy = (retryAfter: number, mine: boolean) =>
  new ApiError(
    429,
    { code: 'costing.busy', message: mine ? 'your organization already has as many costings waiting as it may; this one was not started' : 'the server has as many costings waiting as it can hold; this one was not started', hint: `try again in ${retryAfter} seconds` },
    { 'Retry-After': String(retryAfter) },
  );

export function costingPool({ threads = 1, log = () => undefined, limits = {} }: { threads?: number; log?: (line: string) => void; limits?: Partial<PoolLimits> } = {}): CostingService {
  const url = new URL(threadEntry('thread'), import.meta.url);
  const lim: PoolLimits = { ...DEFAULT_LIMITS, ...limits };
  const queue = new FairQueue<Pending>({ perKey: lim.perKey, total: lim.total });
  const pool: Thread[] = [];
  let nextId = 1;
  let closed = false;
  // Average time a job runs (ms), to tell a refused client when to come back.
  let averageMs = 200;

  const runningPerKey = lim.runningPerKey ?? Math.max(1, threads - 1);
  const runningFor = (key: string) => pool.filter((t) => t.current?.key === key).length;
  const pump = () => {
    for (const t of pool) {
      if (!t.ready || t.current || t.dead || queue.size === 0) continue;
      const p = queue.shift((key) => runningFor(key) < runningPerKey);
      if (!p) return;
      t.current = p;
      t.startedAt = performance.now();
      const ms = p.job.kind === 'check' ? lim.checkDeadlineMs : p.job.kind === 'roster' ? lim.rosterDeadlineMs : lim.deadlineMs;
      t.timer = setTimeout(() => end(t, timedOut(Math.round(ms / 1000), p.job.kind), `a ${p.job.kind} job passed its deadline of ${ms} ms`), ms);
      t.worker.postMessage(p.job);
    }
  };

  /** Ends a running job with `error`: its thread is stopped (it may be stuck) and replaced. */
  const end = (t: Thread, error: Error, why: string) => {
    const p = t.current;
    if (!p || t.dead) return;
    t.current = null;
    if (t.timer) clearTimeout(t.timer);
    p.done?.();
    p.reject(error);
    log(`costing thread ended: ${why}; starting another`);
    retire(t);
    void t.worker.terminate();
  };

  /** Takes a thread out of the pool, once, and starts another unless the pool is closing. */
  const retire = (t: Thread) => {
    if (t.dead) return;
    t.dead = true;
    const i = pool.indexOf(t);
    if (i >= 0) pool.splice(i, 1);
    if (!closed) pool.push(spawn());
  };

  const spawn = (): Thread => {
    const t: Thread = { worker: new Worker(url), ready: false, dead: false, current: null, startedAt: 0, timer: null };
    t.worker.on('message', (r: Reply) => {
      if (r.kind === 'ready') {
        t.ready = true;
        pump();
        return;
      }
      const p = t.current;
      if (!p || p.job.id !== r.id) return;
      if (r.kind === 'need-dataset' && p.job.kind !== 'check' && p.job.kind !== 'roster' && p.job.kind !== 'ledger' && p.job.kind !== 'payout' && p.loadFiles) {
        const job = p.job;
        p.loadFiles().then(
          (filesGz) => {
            if (t.current === p) t.worker.postMessage({ ...job, filesGz });
          },
          (e: unknown) => {
            if (t.current === p) finish(t, () => p.reject(e instanceof Error ? e : new Error(String(e))));
          },
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
      if (t.dead) return;
      if (t.timer) clearTimeout(t.timer);
      const p = t.current;
      t.current = null;
      p?.done?.();
      p?.reject(new Error(`the costing thread stopped (${why})`));
      if (!closed) log(`costing thread stopped (${why}); starting another`);
      retire(t);
    };
    t.worker.on('error', (e) => died(e.message));
    t.worker.on('exit', (code) => died(`exit code ${code}`));
    return t;
  };

  const finish = (t: Thread, settle: () => void) => {
    const p = t.current;
    t.current = null;
    if (t.timer) clearTimeout(t.timer);
    averageMs = 0.8 * averageMs + 0.2 * (performance.now() - t.startedAt);
    p?.done?.();
    settle();
    pump();
  };

  for (let i = 0; i < Math.max(1, threads); i++) pool.push(spawn());

  /** The client left: a waiting job is dropped; a running one is ended once it has run `cancelAfterMs`. */
  const onAbort = (p: Pending) => {
    if (queue.remove(p.key, p)) {
      p.done?.();
      p.reject(cancelled());
      return;
    }
    const t = pool.find((x) => x.current === p);
    if (!t) return;
    const left = lim.cancelAfterMs - (performance.now() - t.startedAt);
    if (left <= 0) end(t, cancelled(), `its client left after ${Math.round(performance.now() - t.startedAt)} ms`);
    else setTimeout(() => t.current === p && end(t, cancelled(), `its client left and it ran past ${lim.cancelAfterMs} ms`), left).unref();
  };

  const submit = <T>(job: Job, loadFiles?: () => Promise<Uint8Array>): Promise<Outcome<T>> =>
    new Promise((resolve, reject) => {
      if (closed) return reject(new Error('the costing pool is closed'));
      const { key, signal } = currentScope();
      if (signal?.aborted) return reject(cancelled());
      const p: Pending = { job, key, signal, loadFiles, resolve: resolve as (o: Outcome<unknown>) => void, reject };
      if (!queue.push(key, p)) {
        const mine = queue.waitingFor(key) >= lim.perKey;
        const ahead = mine ? queue.waitingFor(key) : queue.size;
        return reject(busy(Math.max(1, Math.ceil((ahead * averageMs) / Math.max(1, pool.length) / 1000)), mine));
      }
      if (signal) {
        const abort = () => onAbort(p);
        signal.addEventListener('abort', abort, { once: true });
        p.done = () => signal.removeEventListener('abort', abort);
      }
      pump();
    });

  // A job whose input the server itself read (stored versions, a dataset version, the facts of a
  // week), not one a person sent: a problem is the server's, thrown as an error naming `what` failed.
  const valueOf = async <T>(what: string, job: Job, loadFiles?: () => Promise<Uint8Array>): Promise<T> => {
    const out = await submit<T>(job, loadFiles);
    if (!out.ok) throw new Error(`${what} failed: ${out.problems[0]?.message}`);
    return out.value;
  };
  const report = <T>(job: ReportJob, loadFiles: () => Promise<Uint8Array>): Promise<T> => valueOf<T>(`${job.kind} of dataset version ${job.datasetVersionId}`, job, loadFiles);

  return {
    checkDataset: (filesGz) => submit<DatasetSummary>({ id: nextId++, kind: 'check', filesGz }),
    cost: ({ datasetVersionId, yaml, file, loadFiles }) => submit<CostResult>({ id: nextId++, kind: 'cost', datasetVersionId, yaml, file }, loadFiles),
    draft: ({ datasetVersionId, yaml, file, rules, allowOtherYear, loadFiles }) => submit<Draft>({ id: nextId++, kind: 'draft', datasetVersionId, yaml, file, rules, allowOtherYear }, loadFiles),
    changes: ({ datasetVersionId, from, to, through, loadFiles }) => valueOf<SpanChanges>('changes between stored versions', { id: nextId++, kind: 'changes', datasetVersionId, from, to, through }, loadFiles),
    common: ({ datasetVersionId, yamls, loadFiles }) => valueOf<CommonYears>('stored versions over common years', { id: nextId++, kind: 'common', datasetVersionId, yamls }, loadFiles),
    overview: ({ datasetVersionId, loadFiles }) => report<Overview>({ id: nextId++, kind: 'overview', datasetVersionId }, loadFiles),
    disclosure: ({ datasetVersionId, yaml, loadFiles }) => report<DisclosureDocument>({ id: nextId++, kind: 'disclosure', datasetVersionId, yaml }, loadFiles),
    workbook: ({ datasetVersionId, yaml, loadFiles }) => report<Uint8Array>({ id: nextId++, kind: 'workbook', datasetVersionId, yaml }, loadFiles),
    provisions: ({ datasetVersionId, yamls, loadFiles }) => report<Provision[]>({ id: nextId++, kind: 'provisions', datasetVersionId, yamls }, loadFiles),
    roster: (input) => submit<RosterAnswer>({ id: nextId++, kind: 'roster', input }),
    ledger: (input) => valueOf<LedgerPage>('the strike-pay ledger', { id: nextId++, kind: 'ledger', input }),
    payout: (input) => valueOf<PayoutFile>('the strike-pay payout file', { id: nextId++, kind: 'payout', input }),
    close: async () => {
      closed = true;
      for (const p of queue.drain()) {
        p.done?.();
        p.reject(new Error('the server is stopping'));
      }
      await Promise.all(pool.splice(0).map((t) => {
        t.dead = true;
        if (t.timer) clearTimeout(t.timer);
        return t.worker.terminate();
      }));
    },
  };
}
