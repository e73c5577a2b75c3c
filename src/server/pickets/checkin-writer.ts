/**
 * One batch of check-ins written (src/server/pickets/coalescer.ts takes the batches): on
 * PostgreSQL through the server's pool; on SQLite by a thread of its own
 * (src/server/pickets/checkin-thread.ts) with its own connection to the file, so that the
 * commit's fsync (3–12 ms with synchronous=FULL) and the batch's SQL no longer stop the thread
 * that reads and answers requests. In the order the batches come; those that wait for the thread are written in one transaction.
 *
 * Two connections writing one file: the server's transactions begin IMMEDIATE
 * (src/db/connect.ts), so one that finds the writer's batch holding the lock waits for it (the
 * busy timeout) rather than failing; the batch's own transaction begins IMMEDIATE too.
 */
import { Worker } from 'node:worker_threads';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Kysely } from 'kysely';
import type { SqlDialect } from '../../db/connect.ts';
import type { IdSource } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { threadEntry } from '../../threads.ts';
import { ApiError, type ErrorBody } from '../errors.ts';
import { inWriteTransaction, writeBatch, type CheckInJob, type JobAnswer } from './checkin-batch.ts';
import { checkInSenders } from './checkin-sessions.ts';

/** A check-in request from the fast path: its sender is known only by the session token's hash, read in the batch. */
export type UnresolvedJob = Omit<CheckInJob, 'organizationId' | 'personId' | 'role'> & { tokenHash: string };
/** What a request is answered: its results, its error, or (fast path) `fallback`: its session may not check in, the ordinary route answers it. */
export type Answer = JobAnswer | { fallback: true };

/** One batch in one transaction: the fast path's sessions read, then every job checked and written. */
export async function writeJobs(db: Kysely<Database>, dialect: SqlDialect, ids: IdSource, batch: (CheckInJob | UnresolvedJob)[], now: string): Promise<Answer[]> {
  return inWriteTransaction(db, dialect, async (tx) => {
    const fast = batch.flatMap((job) => ('tokenHash' in job ? [job.tokenHash] : []));
    const senders = fast.length > 0 ? await checkInSenders(tx, fast, new Date(now)) : new Map();
    const jobs: (CheckInJob | null)[] = batch.map((job) => {
      if (!('tokenHash' in job)) return job;
      const sender = senders.get(job.tokenHash);
      return sender ? { ...sender, actions: job.actions, receivedAt: job.receivedAt } : null;
    });
    const written = await writeBatch(tx, ids, jobs.filter((j): j is CheckInJob => j !== null), now, dialect);
    let k = 0;
    return jobs.map((j): Answer => (j === null ? { fallback: true } : written[k++]));
  });
}

/** Writes batches somewhere other than the server's own connection (SQLite: the writer's thread). */
export interface CheckInWriter {
  write(batch: (CheckInJob | UnresolvedJob)[], now: string): Promise<Answer[]>;
  /** Writes what it was given, then stops. */
  close(): Promise<void>;
}

/** An answer as it crosses between threads (an ApiError would arrive as a plain Error). */
type WireAnswer = Exclude<Answer, { error: ApiError }> | { apiError: { status: number; body: ErrorBody; headers: Record<string, string> } };
export type ThreadRequest = { kind: 'write'; seq: number; batch: (CheckInJob | UnresolvedJob)[]; now: string } | { kind: 'close' };
export type ThreadReply =
  | { kind: 'ready' }
  | { kind: 'unusable'; message: string }
  | { kind: 'written'; seq: number; answers: WireAnswer[] }
  | { kind: 'failed'; seq: number; message: string; code?: string };

export const toWire = (a: Answer): WireAnswer => ('error' in a ? { apiError: { status: a.error.status, body: a.error.body, headers: a.error.headers } } : a);
const fromWire = (a: WireAnswer): Answer => ('apiError' in a ? { error: new ApiError(a.apiError.status as ContentfulStatusCode, a.apiError.body, a.apiError.headers) } : a);

/**
 * At most this many actions in one transaction: the coalescer's batches (coalescer.ts), and the
 * batches the thread joins (checkin-thread.ts); more wait for the next.
 */
export const BATCH_ACTIONS = 4000;

const CLOSE_WAIT_MS = 10_000;

/**
 * The writer's thread for a SQLite file. Started on the first batch; if it stops (it cannot open
 * the file, or it crashed) the batches waiting on it fail (their requests are answered 500, and
 * devices send them again: each action is stored once) and the next batch starts a new one.
 */
export function startCheckInThread(file: string, log: (line: string) => void): CheckInWriter {
  interface Running { worker: Worker; ready: Promise<void>; alive: boolean; opened: boolean }
  const waiting = new Map<number, { resolve: (a: Answer[]) => void; reject: (e: Error) => void }>();
  let current: Running | null = null;
  let seq = 0;
  let closed = false;

  const start = (): Running => {
    const worker = new Worker(new URL(threadEntry('checkin-thread'), import.meta.url), { workerData: { file } });
    let ready!: { resolve: () => void; reject: (e: Error) => void };
    const t: Running = { worker, alive: true, opened: false, ready: new Promise<void>((resolve, reject) => (ready = { resolve, reject })) };
    t.ready.catch(() => undefined);
    worker.on('message', (r: ThreadReply) => {
      if (r.kind === 'ready') {
        t.opened = true;
        return ready.resolve();
      }
      if (r.kind === 'unusable') return ready.reject(new Error(`the check-in writer could not open ${file}: ${r.message}`));
      const w = waiting.get(r.seq);
      if (!w) return;
      waiting.delete(r.seq);
      if (r.kind === 'written') w.resolve(r.answers.map(fromWire));
      else w.reject(Object.assign(new Error(r.message), r.code ? { code: r.code } : {}));
    });
    const stopped = (why: string) => {
      if (!t.alive) return;
      t.alive = false;
      if (current === t) current = null;
      // Stopped before it said it was ready: it could not open the file. Its 'unusable' message
      // and its error race each other (the error may come first); both say so.
      const e = t.opened
        ? new Error(`the check-in writer's thread stopped (${why}); the batch it was writing was not acknowledged`)
        : new Error(`the check-in writer could not open ${file}: ${why}`);
      ready.reject(e);
      for (const w of waiting.values()) w.reject(e);
      waiting.clear();
      if (!closed) log(`check-ins: ${e.message}`);
    };
    worker.on('error', (e) => stopped(e.message));
    worker.on('exit', (code) => stopped(`exit code ${code}`));
    return t;
  };

  const write = async (batch: (CheckInJob | UnresolvedJob)[], now: string): Promise<Answer[]> => {
    const t = (current ??= start());
    await t.ready;
    if (!t.alive) throw new Error('the check-in writer\'s thread stopped; send the check-ins again');
    return new Promise<Answer[]>((resolve, reject) => {
      const n = ++seq;
      waiting.set(n, { resolve, reject });
      t.worker.postMessage({ kind: 'write', seq: n, batch, now } satisfies ThreadRequest);
    });
  };
  // Writes given and not yet answered: close() lets them finish first.
  const given = new Set<Promise<unknown>>();

  return {
    write(batch, now) {
      if (closed) return Promise.reject(new Error('the server is stopping; send the check-ins again in a moment'));
      const p = write(batch, now);
      const settled = p.catch(() => undefined).finally(() => given.delete(settled));
      given.add(settled);
      return p;
    },
    async close() {
      closed = true;
      await Promise.all([...given]);
      const t = current;
      if (!t || !t.alive) return;
      const exited = new Promise<void>((resolve) => t.worker.once('exit', () => resolve()));
      t.worker.postMessage({ kind: 'close' } satisfies ThreadRequest);
      const timer = setTimeout(() => void t.worker.terminate(), CLOSE_WAIT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
