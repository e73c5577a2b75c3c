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
 * During a wait the password is not checked: the answer is 429 with Retry-After. A check writes
 * its failure before the password is compared (reserveCheck, below), in a transaction serialized
 * per email and per address, so checks running at the same moment count as failures already:
 * a burst of parallel attempts, on one process or spread over several, cannot slip past the
 * counts (30 wrong passwords at once for one email: at most ACCOUNT_FREE checked).
 */
import { newId } from '../../db/ids.ts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { SqlDialect } from '../../db/connect.ts';
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

/**
 * A failure written before its check (pending) counts while the check may still be running, at
 * most PENDING_MS after it began; past that it was cut off (its process died), its password never
 * compared, and it stops counting: a crash during a busy morning does not leave an office's shared
 * address, or the people who were signing in, waiting for an hour.
 */
export const PENDING_MS = 60_000;

async function tally(db: Db, column: 'account' | 'address', key: string, since: string, now: number, address?: string): Promise<Tally> {
  const running = new Date(now - PENDING_MS).toISOString();
  let q = db.selectFrom('sign_in_failures').select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('at').as('last')]).where(column, '=', key).where('at', '>', since)
    .where((eb) => eb.or([eb('pending', '=', 0), eb('at', '>', running)]));
  if (address !== undefined) q = q.where('address', '=', address);
  const row = await q.executeTakeFirstOrThrow();
  return { n: Number(row.n), last: row.last ?? null };
}

const until = (t: Tally, free: number) => (t.last === null ? 0 : Date.parse(t.last) + waitSeconds(t.n, free) * 1000);

export interface Verdict {
  /** Seconds this attempt must wait (0: go ahead and check the password). */
  wait: number;
}

export async function signInWait(db: Db, o: { account: string; address: string; now: Date }): Promise<Verdict> {
  const now = o.now.getTime();
  const day = new Date(now - DAY_MS).toISOString();
  const hour = new Date(now - HOUR_MS).toISOString();
  let wait = 0;
  const account = await tally(db, 'account', o.account, day, now);
  const accountUntil = until(account, ACCOUNT_FREE);
  if (accountUntil > now) {
    const fromHere = await tally(db, 'account', o.account, day, now, o.address);
    const lastHour = await tally(db, 'account', o.account, hour, now);
    const newAddress = o.address !== UNKNOWN_ADDRESS && fromHere.n < NEW_ADDRESS_FAILURES && lastHour.n < ACCOUNT_HOURLY;
    if (!newAddress) wait = accountUntil - now;
  }
  if (o.address !== UNKNOWN_ADDRESS) {
    const address = await tally(db, 'address', o.address, hour, now);
    wait = Math.max(wait, until(address, ADDRESS_FREE) - now);
  }
  return { wait: wait > 0 ? Math.ceil(wait / 1000) : 0 };
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

/** A failure written before its password check (reserveCheck): kept if the password is wrong. */
export interface Reserved {
  id: number;
  account: string;
  address: string;
  at: string;
}

/** Advisory-lock namespaces (PostgreSQL): one for emails, one for addresses, always taken in that order. */
const LOCK_ACCOUNT = 1401;
const LOCK_ADDRESS = 1402;

/**
 * Before a password check: in one transaction, serialized per email and per address (PostgreSQL:
 * `pg_advisory_xact_lock` on each, the email first; SQLite: its single writer), reads the wait
 * and, when there is none, writes this attempt's failure in advance. Every check in flight is
 * then a failure the next reader counts, whichever process runs it.
 */
export async function reserveCheck(db: Kysely<Database>, dialect: SqlDialect, o: { account: string; address: string; now: Date }): Promise<{ wait: number; reserved: null } | { wait: 0; reserved: Reserved }> {
  return db.transaction().execute(async (tx) => {
    if (dialect === 'postgres') {
      await sql`SELECT pg_advisory_xact_lock(${LOCK_ACCOUNT}::int, hashtext(${o.account}))`.execute(tx);
      if (o.address !== UNKNOWN_ADDRESS) await sql`SELECT pg_advisory_xact_lock(${LOCK_ADDRESS}::int, hashtext(${o.address}))`.execute(tx);
    }
    const { wait } = await signInWait(tx, o);
    if (wait > 0) return { wait, reserved: null };
    const reserved: Reserved = { id: newId(), account: o.account, address: o.address, at: o.now.toISOString() };
    await tx.insertInto('sign_in_failures').values({ ...reserved, pending: 1 }).execute();
    return { wait: 0 as const, reserved };
  });
}

/**
 * The password was wrong: the failure written in advance stays (written again if a successful
 * sign-in or an admin cleared the email's failures meanwhile, as a failure recorded after them
 * would be), and failures older than a day are forgotten.
 */
export async function keepFailure(tx: Db, r: Reserved): Promise<void> {
  await tx.insertInto('sign_in_failures').values({ ...r, pending: 0 }).onConflict((oc) => oc.column('id').doUpdateSet({ pending: 0 })).execute();
  await tx.deleteFrom('sign_in_failures').where('at', '<=', new Date(Date.parse(r.at) - DAY_MS).toISOString()).execute();
}

/** The check did not finish (an error before its answer): the failure written in advance is taken back. */
export async function releaseCheck(db: Db, r: Reserved): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('id', '=', r.id).execute();
}
