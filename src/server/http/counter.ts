/**
 * Rate-limit counters kept in the database (table rate_limits), so every `settle serve` process
 * on one PostgreSQL counts against the same allowance (docs/pickets.md, "Several processes").
 *
 * A counter counts in fixed windows: the first take for a key (or the first after its window
 * ended) opens a window of `windowMs`; takes within it add up; the window's end is when the
 * allowance comes back (Retry-After). One statement increments and reads the count
 * (INSERT … ON CONFLICT (key) DO UPDATE … RETURNING), so concurrent takes never both see the
 * same count: PostgreSQL locks the row for the update (a second take waits and then adds to
 * the first's count), SQLite has one writer. Of 50 takes at once against a limit of 10, exactly
 * 10 are within it.
 *
 * Taken inside a transaction, a count rolls back with it, and the row stays locked until the
 * commit (PostgreSQL): take several keys in a fixed order (sorted) so two writers cannot wait
 * on each other.
 *
 * Rows whose window ended are swept at most once a minute per database handle, and never from
 * inside a transaction (a sweep there would lock rows another writer may be waiting for).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface Taken {
  /** The count in the current window, this take included. */
  count: number;
  /** True when the count went past the limit: the caller refuses. */
  passed: boolean;
  /** Whole seconds until the window ends (at least 1): the Retry-After of a refusal. */
  retryAfter: number;
}

export interface TakeOptions {
  key: string;
  limit: number;
  windowMs: number;
  now: Date;
  /** How many to count at once (default 1). */
  amount?: number;
}

const SWEEP_EVERY_MS = 60_000;
const lastSweep = new WeakMap<object, number>();

/** Counts `amount` (default 1) for `key` and tells whether the count passed `limit` in the current window. */
export async function take(db: Db, o: TakeOptions): Promise<Taken> {
  const amount = o.amount ?? 1;
  const start = o.now.toISOString();
  const end = new Date(o.now.getTime() + o.windowMs).toISOString();
  // Column references in SET read the row as it was: an ended window starts again at this take.
  const row = (await sql<{ count: number | string; window_end: string }>`
    INSERT INTO rate_limits ("key", window_start, window_end, "count") VALUES (${o.key}, ${start}, ${end}, ${amount})
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN rate_limits.window_end <= excluded.window_start THEN excluded."count" ELSE rate_limits."count" + excluded."count" END,
      window_start = CASE WHEN rate_limits.window_end <= excluded.window_start THEN excluded.window_start ELSE rate_limits.window_start END,
      window_end = CASE WHEN rate_limits.window_end <= excluded.window_start THEN excluded.window_end ELSE rate_limits.window_end END
    RETURNING "count", window_end`.execute(db)).rows[0];
  const count = Number(row.count);
  const left = Date.parse(row.window_end) - o.now.getTime();
  if (!db.isTransaction) await sweepNowAndThen(db as Kysely<Database>, o.now);
  return { count, passed: count > o.limit, retryAfter: Math.max(1, Math.min(Math.ceil(o.windowMs / 1000), Math.ceil(left / 1000))) };
}

/** Takes back `amount` counted by an earlier take (never below 0), such as tries that turned out right. */
export async function giveBack(db: Db, key: string, amount: number): Promise<void> {
  if (amount <= 0) return;
  await sql`UPDATE rate_limits SET "count" = CASE WHEN "count" > ${amount} THEN "count" - ${amount} ELSE 0 END WHERE "key" = ${key}`.execute(db);
}

/** Deletes every counter whose window ended by `now`; returns how many. */
export async function sweepCounters(db: Db, now: Date): Promise<number> {
  const r = await db.deleteFrom('rate_limits').where('window_end', '<=', now.toISOString()).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Sweeps when this handle has not swept in the last minute (by `now`; a clock set back sweeps again). */
export async function sweepNowAndThen(db: Kysely<Database>, now: Date): Promise<void> {
  const t = now.getTime();
  const last = lastSweep.get(db);
  if (last !== undefined && t >= last && t < last + SWEEP_EVERY_MS) return;
  lastSweep.set(db, t);
  await sweepCounters(db, now);
}
