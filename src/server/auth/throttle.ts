/**
 * The sign-in throttle: growing delays, never a lockout (OWASP Authentication and Credential
 * Stuffing cheat sheets; ASVS 2.2.1's "at most 100 failed attempts per account per hour").
 *
 * Every wrong password is recorded under the email as typed (trimmed, lower-cased) and the
 * client address, whether or not an account has that email, so known and unknown emails are
 * throttled alike and a 429 tells nothing about which exist.
 *
 * - Account: after ACCOUNT_FREE failures for an email in the last day (forgotten at a
 *   successful sign-in or when an admin clears them), each further attempt for it waits
 *   2^(F − ACCOUNT_FREE) seconds after its latest failure, at most CAP_SECONDS:
 *   5 failures → 1 s, 6 → 2 s, … 14 → 512 s, 15 or more → 900 s.
 * - New address allowance: while an email waits, an address with fewer than
 *   NEW_ADDRESS_FAILURES failures for it in the last day is still heard, unless the email has
 *   had ACCOUNT_HOURLY failures in the last hour. An attacker cannot keep the real person out
 *   from the person's own address, and cannot buy more than ACCOUNT_HOURLY evaluated
 *   passwords per email per hour with many addresses (plus one every 15 minutes after that).
 * - Address: after ADDRESS_FREE failures from one address (any emails) in the last hour, each
 *   further attempt from it, for any email, waits 2^(A − ADDRESS_FREE) seconds after its
 *   latest failure, at most CAP_SECONDS. Requests with no known address (in-process) skip it.
 *
 * During a wait the password is not checked: the answer is 429 with Retry-After. Checks running
 * at the same moment are bounded by the free failures left (InFlight, below), so a parallel burst
 * cannot slip past the counts before its failures are written.
 */
import { newId } from '../../db/ids.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { UNKNOWN_ADDRESS } from './client-address.ts';

export const ACCOUNT_FREE = 5;
export const ADDRESS_FREE = 20;
export const CAP_SECONDS = 900;
export const NEW_ADDRESS_FAILURES = 2;
export const ACCOUNT_HOURLY = 50;
const DAY_MS = 86400_000;
const HOUR_MS = 3600_000;

/** Seconds to wait after the latest of `failures` failures when `free` are allowed without delay (0: no wait). */
export function waitSeconds(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(CAP_SECONDS, 2 ** Math.min(failures - free, 20));
}

type Db = Kysely<Database> | Transaction<Database>;

interface Tally {
  n: number;
  last: string | null;
}

async function tally(db: Db, column: 'account' | 'address', key: string, since: string, address?: string): Promise<Tally> {
  let q = db.selectFrom('sign_in_failures').select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('at').as('last')]).where(column, '=', key).where('at', '>', since);
  if (address !== undefined) q = q.where('address', '=', address);
  const row = await q.executeTakeFirstOrThrow();
  return { n: Number(row.n), last: row.last ?? null };
}

const until = (t: Tally, free: number) => (t.last === null ? 0 : Date.parse(t.last) + waitSeconds(t.n, free) * 1000);

export interface Verdict {
  /** Seconds this attempt must wait (0: go ahead and check the password). */
  wait: number;
  /** How many password checks may run at once for the email and for the address (see InFlight). */
  room: { account: number; address: number };
}

export async function signInWait(db: Db, o: { account: string; address: string; now: Date }): Promise<Verdict> {
  const now = o.now.getTime();
  const day = new Date(now - DAY_MS).toISOString();
  const hour = new Date(now - HOUR_MS).toISOString();
  let wait = 0;
  const account = await tally(db, 'account', o.account, day);
  const accountUntil = until(account, ACCOUNT_FREE);
  if (accountUntil > now) {
    const fromHere = await tally(db, 'account', o.account, day, o.address);
    const lastHour = await tally(db, 'account', o.account, hour);
    const newAddress = o.address !== UNKNOWN_ADDRESS && fromHere.n < NEW_ADDRESS_FAILURES && lastHour.n < ACCOUNT_HOURLY;
    if (!newAddress) wait = accountUntil - now;
  }
  let addressRoom = Number.POSITIVE_INFINITY;
  if (o.address !== UNKNOWN_ADDRESS) {
    const address = await tally(db, 'address', o.address, hour);
    wait = Math.max(wait, until(address, ADDRESS_FREE) - now);
    addressRoom = Math.max(1, ADDRESS_FREE - address.n);
  }
  return { wait: wait > 0 ? Math.ceil(wait / 1000) : 0, room: { account: Math.max(1, ACCOUNT_FREE - account.n), address: addressRoom } };
}

/** Records a wrong password (in the caller's transaction) and forgets failures older than a day. */
export async function recordFailure(tx: Db, o: { account: string; address: string; now: Date }): Promise<void> {
  await tx.insertInto('sign_in_failures').values({ id: newId(), account: o.account, address: o.address, at: o.now.toISOString() }).execute();
  await tx.deleteFrom('sign_in_failures').where('at', '<=', new Date(o.now.getTime() - DAY_MS).toISOString()).execute();
}

/** Forgets an email's failures (a successful sign-in, or an admin clearing the wait); returns how many. */
export async function forgetFailures(tx: Db, account: string): Promise<number> {
  const r = await tx.deleteFrom('sign_in_failures').where('account', '=', account).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * Password checks in flight, so that a burst of parallel attempts cannot all pass the wait check
 * before the first failure is written: at once, no more checks run for an email or an address
 * than it has free failures left (at least one), and a request past that is answered 429 with
 * Retry-After: 1. An office behind one address can still sign in 20 people at the same moment.
 *
 * The free failures left are read from the database while other checks run, so a check that
 * ends between that read and `enter` may be in neither the count read nor the checks in flight.
 * A request therefore takes a ticket before it reads (`watch`), and `enter` counts every check
 * that ended since the ticket as still using a slot: the read can only over-count, never miss one.
 */
export interface Ticket {
  readonly account: string;
  readonly address: string;
  readonly ended: { account: number; address: number };
}

interface Slots {
  running: number;
  ended: number;
  watching: number;
}

export class InFlight {
  private readonly accounts = new Map<string, Slots>();
  private readonly addresses = new Map<string, Slots>();

  private slots(map: Map<string, Slots>, key: string): Slots {
    let s = map.get(key);
    if (!s) map.set(key, (s = { running: 0, ended: 0, watching: 0 }));
    return s;
  }

  private tidy(map: Map<string, Slots>, key: string): void {
    const s = map.get(key);
    if (s && s.running === 0 && s.watching === 0) map.delete(key);
  }

  /** Takes a ticket before the free failures are read; give it to `enter` or `drop`. */
  watch(account: string, address: string): Ticket {
    const a = this.slots(this.accounts, account);
    const b = this.slots(this.addresses, address);
    a.watching++;
    b.watching++;
    return { account, address, ended: { account: a.ended, address: b.ended } };
  }

  /** Gives a ticket back without checking (the request waits or failed before its check). */
  drop(t: Ticket): void {
    this.slots(this.accounts, t.account).watching--;
    this.slots(this.addresses, t.address).watching--;
    this.tidy(this.accounts, t.account);
    this.tidy(this.addresses, t.address);
  }

  /** Takes a slot for the ticket's email and address, or returns false when either has no room. */
  enter(t: Ticket, room: Verdict['room']): boolean {
    const a = this.slots(this.accounts, t.account);
    const b = this.slots(this.addresses, t.address);
    const usedA = a.running + (a.ended - t.ended.account);
    const usedB = b.running + (b.ended - t.ended.address);
    const ok = usedA < room.account && usedB < room.address;
    if (ok) {
      a.running++;
      b.running++;
    }
    this.drop(t);
    return ok;
  }

  /** Ends a check that `enter` let in. */
  leave(account: string, address: string): void {
    for (const [map, key] of [[this.accounts, account], [this.addresses, address]] as const) {
      const s = this.slots(map, key);
      s.running--;
      s.ended++;
      this.tidy(map, key);
    }
  }
}
