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
  const [t] = await takeMany(db, [{ key: o.key, amount: o.amount ?? 1 }], o);
  return t;
}

/**
 * `take` for several keys in one statement per 1,000 (a batch of check-ins), in the order given:
 * pass the keys sorted and each once. Answers in the same order.
 */
export async function takeMany(db: Db, items: { key: string; amount: number }[], o: { limit: number; windowMs: number; now: Date }): Promise<Taken[]> {
  const start = o.now.toISOString();
  const end = new Date(o.now.getTime() + o.windowMs).toISOString();
  const out: Taken[] = [];
  for (let i = 0; i < items.length; i += 1000) {
    const part = items.slice(i, i + 1000);
    const values = sql.join(part.map((it) => sql`(${it.key}, ${start}, ${end}, ${it.amount})`));
    // Column references in SET read the row as it was: an ended window starts again at this take.
    const rows = (await sql<{ key: string; count: number | string; window_end: string }>`
      INSERT INTO rate_limits ("key", window_start, window_end, "count") VALUES ${values}
      ON CONFLICT ("key") DO UPDATE SET
        "count" = CASE WHEN rate_limits.window_end <= excluded.window_start THEN excluded."count" ELSE rate_limits."count" + excluded."count" END,
        window_start = CASE WHEN rate_limits.window_end <= excluded.window_start THEN excluded.window_start ELSE rate_limits.window_start END,
        window_end = CASE WHEN rate_limits.window_end <= excluded.window_start THEN excluded.window_end ELSE rate_limits.window_end END
      RETURNING "key", "count", window_end`.execute(db)).rows;
    const byKey = new Map(rows.map((r) => [r.key, r]));
    for (const it of part) {
      const r = byKey.get(it.key);
      if (!r) throw new Error(`rate limit ${it.key}: the counter was not returned`);
      const count = Number(r.count);
      const left = Date.parse(r.window_end) - o.now.getTime();
      out.push({ count, passed: count > o.limit, retryAfter: Math.max(1, Math.min(Math.ceil(o.windowMs / 1000), Math.ceil(left / 1000))) });
    }
  }
  if (!db.isTransaction) await sweepNowAndThen(db as Kysely<Database>, o.now);
  return out;
}

/** Takes back amounts counted by earlier takes (never below 0), such as tries that turned out right; one statement per amount and 1,000 keys. */
export async function giveBack(db: Db, items: { key: string; amount: number }[]): Promise<void> {
  const byAmount = new Map<number, string[]>();
  for (const it of items) if (it.amount > 0) byAmount.set(it.amount, [...(byAmount.get(it.amount) ?? []), it.key]);
  for (const [amount, keys] of [...byAmount].sort((a, b) => a[0] - b[0])) {
    for (let i = 0; i < keys.length; i += 1000) {
      await db.updateTable('rate_limits')
        .set((eb) => ({ count: eb.case().when('count', '>', amount).then(eb('count', '-', amount)).else(0).end() }))
        .where('key', 'in', keys.slice(i, i + 1000)).execute();
    }
  }
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
