/**
 * Wrong check-in codes: a member who types 10 wrong codes for one shift, or 30 across all shifts,
 * within an hour is refused (`picket.too-many-tries`) until that hour has passed, so six digits
 * cannot be guessed by sending thousands. Counted in the database (src/server/http/counter.ts,
 * keys `picket-code org person shift` and `picket-code-any org person`), so every server process
 * counts against the same limits; each hour starts at its first wrong code.
 *
 * Per batch of check-ins, in its transaction: every code attempt is counted before any code is
 * checked (one statement, keys in sorted order, so two processes' batches never wait on each
 * other in a cycle), which
 * says how many of them may be checked; after the checks, the attempts that were not wrong (a
 * right code, a time refusal, a refused or duplicate action) are given back. Only wrong codes
 * stay counted, as before; a batch that fails rolls its counts back with everything else.
 *
 * On SQLite the batch's transaction holds the file's one write lock from its start (BEGIN
 * IMMEDIATE), so no other writer can count between the read and the write: the counts are read,
 * and only the wrong codes are written after the checks, which spares a write per check-in.
 */
import type { Kysely, Transaction } from 'kysely';
import type { SqlDialect } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { giveBack, takeMany } from '../http/counter.ts';

export const CODE_TRIES_PER_HOUR = 10;
/**
 * Wrong codes one member may type in an hour across all shifts: the limit per shift alone let a
 * member guess 10 codes on each of a union's thousands of shifts (with past device times, each
 * right guess a paid day), about one chance in five an hour.
 */
export const MEMBER_TRIES_PER_HOUR = 30;
const HOUR_MS = 3600_000;

export interface TryKey {
  org: number;
  person: number;
  shift: number;
}

const keyOf = (k: TryKey) => `picket-code ${k.org} ${k.person} ${k.shift}`;
const memberKeyOf = (k: TryKey) => `picket-code-any ${k.org} ${k.person}`;
/** An attempt counts against its shift's 10 and its member's 30. */
const keysOf = (k: TryKey) => [keyOf(k), memberKeyOf(k)];
const limitOf = (key: string) => (key.startsWith('picket-code-any ') ? MEMBER_TRIES_PER_HOUR : CODE_TRIES_PER_HOUR);

interface Slot {
  taken: number;
  /** Checks still allowed in this batch. */
  room: number;
  wrong: number;
}

export class CodeTries {
  private constructor(private readonly slots: Map<string, Slot>, private readonly now: string, private readonly counted: boolean) {}

  /** Counts the batch's code attempts (one per `attempts` entry) in the database, before any is checked (SQLite: reads the counts). */
  static async take(tx: Transaction<Database> | Kysely<Database>, attempts: TryKey[], now: string, dialect: SqlDialect = 'postgres'): Promise<CodeTries> {
    const counts = new Map<string, number>();
    for (const a of attempts) for (const key of keysOf(a)) counts.set(key, (counts.get(key) ?? 0) + 1);
    const slots = new Map<string, Slot>();
    const items = [...counts.keys()].sort().map((key) => ({ key, amount: counts.get(key) as number }));
    if (dialect === 'sqlite') {
      const current = new Map<string, number>();
      for (let i = 0; i < items.length; i += 500) {
        const rows = await tx.selectFrom('rate_limits').select(['key', 'count']).where('key', 'in', items.slice(i, i + 500).map((it) => it.key)).where('window_end', '>', now).execute();
        for (const r of rows) current.set(r.key, Number(r.count));
      }
      for (const { key, amount } of items) slots.set(key, { taken: amount, room: Math.max(0, limitOf(key) - (current.get(key) ?? 0)), wrong: 0 });
      return new CodeTries(slots, now, false);
    }
    const taken = await takeMany(tx, items, { limit: CODE_TRIES_PER_HOUR, windowMs: HOUR_MS, now: new Date(now) });
    items.forEach(({ key, amount }, i) => {
      // Counted before this batch: count − amount; what is left of the limit may be checked now.
      slots.set(key, { taken: amount, room: Math.max(0, limitOf(key) - (taken[i].count - amount)), wrong: 0 });
    });
    return new CodeTries(slots, now, true);
  }

  /** True when this attempt may be checked (uses one of the batch's checks); false: too many tries. */
  mayCheck(k: TryKey): boolean {
    const both = keysOf(k).map((key) => this.slots.get(key));
    if (both.some((s) => !s || s.room <= 0)) return false;
    for (const s of both) (s as Slot).room--;
    return true;
  }

  /** Records that a checked attempt was a wrong code (it stays counted, for its shift and its member). */
  wrong(k: TryKey): void {
    for (const key of keysOf(k)) {
      const s = this.slots.get(key);
      if (s) s.wrong++;
    }
  }

  /** Gives back every attempt of the batch that was not a wrong code (SQLite: counts the wrong codes). */
  async settle(tx: Transaction<Database> | Kysely<Database>): Promise<void> {
    if (!this.counted) {
      const wrong = [...this.slots.keys()].sort().flatMap((key) => {
        const n = (this.slots.get(key) as Slot).wrong;
        return n > 0 ? [{ key, amount: n }] : [];
      });
      if (wrong.length > 0) await takeMany(tx, wrong, { limit: CODE_TRIES_PER_HOUR, windowMs: HOUR_MS, now: new Date(this.now) });
      return;
    }
    await giveBack(tx, [...this.slots.keys()].sort().map((key) => {
      const s = this.slots.get(key) as Slot;
      return { key, amount: s.taken - s.wrong };
    }));
  }
}
