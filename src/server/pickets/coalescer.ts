/**
 * Group commit for check-ins (docs/pickets.md, "Check-in: durability"). Check-in requests that
 * arrive together wait in one queue; the writer takes everything queued, checks and writes it in
 * ONE transaction (src/server/pickets/checkin-batch.ts; on SQLite in a thread of its own,
 * src/server/pickets/checkin-writer.ts, which also joins the batches that wait for it), the next
 * batch handed over before the last one committed (`limit`), and answers every request only after
 * that transaction committed durably (SQLite WAL with synchronous=FULL, PostgreSQL with
 * synchronous_commit on: src/db/connect.ts). A morning's thousands of check-ins a second then
 * cost one fsync per batch instead of one each. After the commit, the strike days touched are
 * announced to open boards.
 *
 * A batch that fails (the database refused it) fails every request in it with a 500: nothing of
 * it was written, and the devices send their queued actions again.
 */
import type { Deps } from '../env.ts';
import { ApiError } from '../errors.ts';
import { sweepNowAndThen } from '../http/counter.ts';
import { announce } from './changes.ts';
import type { CheckInJob, JobAnswer } from './checkin-batch.ts';
import { BATCH_ACTIONS, writeJobs, type Answer, type UnresolvedJob } from './checkin-writer.ts';

export type { Answer, UnresolvedJob } from './checkin-writer.ts';
/** Actions waiting beyond this answer 503 at once (try again) rather than queue without bound. */
export const QUEUE_ACTIONS = 50_000;
/** One union's actions waiting beyond this answer 503 too, so one union's flood leaves room for the others'. */
export const UNION_QUEUE_ACTIONS = QUEUE_ACTIONS / 2;

interface Waiting { job: CheckInJob | UnresolvedJob; orgId: number; resolve: (a: Answer) => void; reject: (e: unknown) => void }

const busy = () => new ApiError(503, { code: 'picket.busy', message: 'the server has more check-ins waiting than it takes at once; nothing of this request was recorded', hint: 'send the same actions again in a few seconds (the same ids are stored once)' }, { 'retry-after': '2' });

export class Coalescer {
  private queue: Waiting[] = [];
  private queued = 0;
  /** Actions queued per union. */
  private readonly queuedOf = new Map<number, number>();
  private running = false;
  /** Batches being written (handed to the writer) and not yet answered. */
  private inFlight = 0;
  /** The drain, waiting for a batch to finish before it starts another (the limit). */
  private slotWaiters: (() => void)[] = [];
  /** The last sweep of the rate-limit counters started after a batch (idle() waits for it). */
  private sweeping: Promise<void> = Promise.resolve();
  private idleWaiters: (() => void)[] = [];
  /** Batches committed and requests answered, for the benchmark's report. */
  readonly stats = { batches: 0, jobs: 0 };

  constructor(private readonly deps: Pick<Deps, 'db' | 'dialect' | 'ids' | 'now' | 'log' | 'checkIns' | 'changes'>) {}

  /** A job of the ordinary route (its sender read), or of the fast path with its session's union as the gate read it. */
  submit(job: CheckInJob): Promise<JobAnswer>;
  submit(job: UnresolvedJob, orgId: number): Promise<Answer>;
  submit(job: CheckInJob | UnresolvedJob, orgId?: number): Promise<Answer> {
    const org = 'organizationId' in job ? job.organizationId : orgId!;
    const n = job.actions.length;
    const ours = this.queuedOf.get(org) ?? 0;
    if (this.queued + n > QUEUE_ACTIONS || ours + n > UNION_QUEUE_ACTIONS) return Promise.reject(busy());
    return new Promise<Answer>((resolve, reject) => {
      this.queue.push({ job, orgId: org, resolve, reject });
      this.queued += n;
      this.queuedOf.set(org, ours + n);
      if (!this.running) {
        this.running = true;
        // Let the requests that arrived with this one join it (they are read in the same turn).
        setImmediate(() => void this.drain());
      }
    });
  }

  /** Resolves once nothing is queued or being written. */
  async idle(): Promise<void> {
    if (this.running || this.queue.length > 0 || this.inFlight > 0) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    await this.sweeping;
  }

  private take(): Waiting[] {
    let n = 0;
    let count = 0;
    while (n < this.queue.length && (n === 0 || count + this.queue[n].job.actions.length <= BATCH_ACTIONS)) count += this.queue[n++].job.actions.length;
    return this.queue.splice(0, n);
  }

  /** A batch's actions no longer count toward the queue's limits (it was answered or failed). */
  private release(batch: Waiting[]): void {
    for (const w of batch) {
      this.queued -= w.job.actions.length;
      const left = (this.queuedOf.get(w.orgId) ?? 0) - w.job.actions.length;
      if (left > 0) this.queuedOf.set(w.orgId, left);
      else this.queuedOf.delete(w.orgId);
    }
  }

  /** Answers a committed batch's requests and tells open boards which strike days changed. */
  private answered(batch: Waiting[], answers: Answer[], now: string): void {
    this.stats.batches++;
    this.stats.jobs += batch.length;
    const days = new Map<number, Set<number>>();
    batch.forEach((w, i) => {
      const a = answers[i];
      w.resolve(a);
      if ('results' in a && a.results.some((r) => r.outcome === 'recorded')) {
        const set = days.get(a.organizationId) ?? new Set<number>();
        for (const d of a.strikeDayIds) set.add(d);
        days.set(a.organizationId, set);
      }
    });
    for (const [org, ids] of days) announce(this.deps, org, ids);
    // Wrong-code counters whose hour ended (at most once a minute; outside the batch's transaction).
    this.sweeping = sweepNowAndThen(this.deps.db, new Date(now)).catch((e: unknown) => this.deps.log(`rate limits: sweep failed: ${e instanceof Error ? e.message : String(e)}`));
  }

  /**
   * Batches being written at once. The writer's thread (SQLite) takes them in order and writes
   * whatever waits for it in one transaction (checkin-thread.ts), so each is handed over at once:
   * the thread never waits for the next batch, and requests that arrive during a commit join the
   * next transaction. Otherwise (PostgreSQL, or SQLite through the server's own connection) one
   * after another: on PostgreSQL two at once in two of the pool's connections answered no more
   * check-ins a second (1,303 against 1,379, 100 connections), and could wait on each other's rows.
   */
  private get limit(): number {
    return this.deps.checkIns ? Infinity : 1;
  }

  private async drain(): Promise<void> {
    const writer = this.deps.checkIns;
    try {
      while (this.queue.length > 0) {
        if (this.inFlight >= this.limit) {
          await new Promise<void>((resolve) => this.slotWaiters.push(resolve));
          continue;
        }
        const batch = this.take();
        const now = this.deps.now().toISOString();
        const jobs = batch.map((w) => w.job);
        this.inFlight++;
        const written = writer ? writer.write(jobs, now) : writeJobs(this.deps.db, this.deps.dialect, this.deps.ids, jobs, now);
        void written.then(
          (answers) => {
            try {
              this.answered(batch, answers, now);
            } catch (e) {
              // The batch is committed and its requests answered before anything here can throw.
              this.deps.log(`check-ins: after a committed batch: ${e instanceof Error ? e.message : String(e)}`);
            }
          },
          (e: unknown) => batch.forEach((w) => w.reject(e)),
        ).finally(() => {
          this.inFlight--;
          this.release(batch);
          this.slotWaiters.shift()?.();
          this.settleIdle();
        });
        // Let the requests that arrived meanwhile be read before the next batch is taken.
        if (this.queue.length > 0) await new Promise((r) => setImmediate(r));
      }
    } finally {
      this.running = false;
      if (this.queue.length > 0) {
        this.running = true;
        setImmediate(() => void this.drain());
      } else {
        this.settleIdle();
      }
    }
  }

  private settleIdle(): void {
    if (this.running || this.queue.length > 0 || this.inFlight > 0) return;
    for (const w of this.idleWaiters.splice(0)) w();
  }
}

const coalescers = new WeakMap<Deps, Coalescer>();

/** The one coalescer of this server (per Deps: each test server has its own). */
export function coalescerOf(deps: Deps): Coalescer {
  let c = coalescers.get(deps);
  if (!c) {
    c = new Coalescer(deps);
    coalescers.set(deps, c);
  }
  return c;
}
