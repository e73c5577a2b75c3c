/**
 * Ids are opaque: chosen by the application, uniformly at random in [1, 2^53), never from a
 * sequence the database shares between organizations. A sequence would tell one side of the
 * table how much the other side wrote in between (its drafts, its sign-ins); a timestamp would
 * tell when. Nothing may rely on ids growing with time: lists order by a time column, a
 * version number or a per-organization counter (the audit log's `number`).
 *
 * Every insert takes its id from an `IdSource`, named with the organization the row belongs to.
 * The server's source ignores the organization (crypto-random); tests inject one seeded per
 * organization, so that what one organization does never moves another's ids and two runs of
 * the same requests give the same ids (test/helpers/ids.ts).
 *
 * One exception, where no id is ever shown: a check-in's row (picket_actions) on SQLite takes the
 * file's next rowid, one sequence for every union on the file. No answer, export or page carries
 * it (they name actions by the device's own id); it is read only to see whether a row exists. A
 * random rowid put each of a strike morning's check-ins on a random page of the table: in the
 * file's own order a batch of 55 commits in 3.05 ms instead of 4.65, and the writer checks in 30%
 * more a second (docs/pickets.md, "Speed"). After rows with random ids (a file written before,
 * the demo's), the next rowid is the largest plus one, so it may pass 2^53 in theory; nothing
 * reads it as a number that must be exact.
 *
 * 2^53 ids make a collision between two rows of one table unlikely (about n²/2^54 for n rows:
 * 1 in 18,000 at a million rows); the primary key refuses it, and that one write fails.
 */
import { randomFillSync } from 'node:crypto';

/** Ids are below this: JavaScript's exact integers, at most 16 digits in a path. */
export const ID_LIMIT = 2 ** 53;

export interface IdSource {
  /** A new id for a row of `organizationId` (null: a row of the whole server, such as an organization). */
  next(organizationId: number | null): number;
}

/** The top 53 bits of 8 bytes (big-endian), as a number (exact: below 2^53). */
export function idFromBytes(bytes: Uint8Array): number {
  return Number(Buffer.from(bytes.buffer, bytes.byteOffset, 8).readBigUInt64BE() >> 11n);
}

/** Random bytes fetched 4 KiB at a time (one call to the operating system for 512 ids), each used once. */
const pool = Buffer.alloc(4096);
let used = pool.length;

/** A uniformly random id in [1, 2^53) from the operating system's random source. */
export function newId(): number {
  for (;;) {
    if (used + 8 > pool.length) {
      randomFillSync(pool);
      used = 0;
    }
    const id = Number(pool.readBigUInt64BE(used) >> 11n);
    used += 8;
    if (id > 0) return id;
  }
}

/** The server's ids: crypto-random, whoever the row belongs to. */
export const randomIds: IdSource = { next: () => newId() };
