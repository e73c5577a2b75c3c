/**
 * One batch of check-ins written (src/server/pickets/coalescer.ts takes the batches), in the
 * server's thread, through its database handle.
 *
 * Tried and left out: on SQLite, a writer thread with its own connection to the file took the
 * commit's fsync off the server's thread, for 8% more check-ins a second (2,824 → 3,040 here), but
 * two connections writing one file turn a deferred transaction that reads before it writes into
 * an immediate SQLITE_BUSY when the other commits in between; one connection has no such race.
 */
import type { Kysely } from 'kysely';
import type { SqlDialect } from '../../db/connect.ts';
import type { IdSource } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
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
