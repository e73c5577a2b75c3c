/**
 * The secret part of counting a vote and of ruling on a challenged ballot (docs/votes.md,
 * "Secrecy"). Everything here runs inside the caller's transaction, so a count or a ruling is
 * all or nothing.
 *
 * - `openTheBox`: opens every sealed ballot of the vote in memory, shuffles them with the
 *   operating system's random source, writes them in that order with new random ids and no
 *   voter, channel, site or time, records every receipt hash as counted (in hash order), and
 *   empties the inbox. All of it is one transaction: every opened ballot shares its
 *   transaction id, and its position says nothing but the shuffle.
 * - `upholdEnvelope` / `destroyEnvelope`: a challenged ballot joins the inbox (sealed again,
 *   with a fresh IV) or is destroyed unopened, its receipt marked not counted.
 * - `sweepAfterTheCount`: once the count has committed, removes what the database engine
 *   itself still keeps of the deleted sealed ballots (see there).
 */
import { randomInt } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { SqlDialect } from '../../db/connect.ts';
import { newId } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import type { Choices } from '../../votes/types.ts';
import { open, reseal, type BallotKey } from './seal.ts';

/** Fisher–Yates with crypto randomness: every order equally likely. */
export function shuffled<T>(items: readonly T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

const BATCH = 500;

/** Opens, shuffles and writes the vote's sealed ballots; returns them in their shuffled order. */
export async function openTheBox(tx: Transaction<Database>, o: { voteId: number; key: BallotKey }): Promise<Choices[]> {
  const sealed = await tx.selectFrom('vote_inbox').select(['sealed', 'receipt_hash']).where('vote_id', '=', o.voteId).execute();
  const ballots = shuffled(sealed.map((s) => open(o.key, o.voteId, s.sealed)));
  for (let i = 0; i < ballots.length; i += BATCH) {
    await tx.insertInto('vote_ballots').values(ballots.slice(i, i + BATCH).map((choices) => ({ id: newId(), vote_id: o.voteId, choices: JSON.stringify(choices) }))).execute();
  }
  const receipts = sealed.map((s) => s.receipt_hash).sort();
  for (let i = 0; i < receipts.length; i += BATCH) {
    await tx.insertInto('vote_receipts').values(receipts.slice(i, i + BATCH).map((h) => ({ vote_id: o.voteId, receipt_hash: h, outcome: 'counted' }))).execute();
  }
  await tx.deleteFrom('vote_inbox').where('vote_id', '=', o.voteId).execute();
  return ballots;
}

/** A challenged ballot whose voter was ruled eligible joins the inbox, sealed again; its envelope is gone. */
export async function upholdEnvelope(tx: Transaction<Database>, o: { voteId: number; voterId: number; key: BallotKey }): Promise<boolean> {
  const env = await tx.selectFrom('vote_envelopes').select(['id', 'sealed', 'receipt_hash']).where('vote_id', '=', o.voteId).where('voter_id', '=', o.voterId).executeTakeFirst();
  if (!env) return false;
  await tx.insertInto('vote_inbox').values({ id: newId(), vote_id: o.voteId, sealed: reseal(o.key, o.voteId, env.sealed), receipt_hash: env.receipt_hash }).execute();
  await tx.deleteFrom('vote_envelopes').where('id', '=', env.id).execute();
  return true;
}

/** A challenged ballot whose voter was ruled not eligible is destroyed unopened; its receipt says not counted. */
export async function destroyEnvelope(tx: Transaction<Database>, o: { voteId: number; voterId: number }): Promise<boolean> {
  const env = await tx.selectFrom('vote_envelopes').select(['id', 'receipt_hash']).where('vote_id', '=', o.voteId).where('voter_id', '=', o.voterId).executeTakeFirst();
  if (!env) return false;
  await tx.insertInto('vote_receipts').values({ vote_id: o.voteId, receipt_hash: env.receipt_hash, outcome: 'not-counted' }).execute();
  await tx.deleteFrom('vote_envelopes').where('id', '=', env.id).execute();
  return true;
}

/**
 * After the count's transaction has committed: nothing of the sealed ballots may stay readable,
 * or someone who later obtains the ballot key could open them and link each to its voter by its
 * place (inbox rows sit in the order they were cast). Deleting rows is not enough:
 *
 * - SQLite keeps deleted cells in their pages and old page versions in the write-ahead log.
 *   Every connection runs with `secure_delete` on (src/db/connect.ts), so the delete zeroes the
 *   cells; here a TRUNCATE checkpoint copies the zeroed pages into the file and empties the log.
 * - PostgreSQL keeps deleted rows as dead tuples in the table's pages until they are rewritten:
 *   VACUUM FULL writes the inbox and envelope tables anew (a brief exclusive lock on two small
 *   tables). Copies in PostgreSQL's own write-ahead log (pg_wal) age out as it recycles
 *   segments; base backups taken while a vote is open hold sealed ballots, as docs/votes.md says.
 *
 * Returns false when SQLite could not complete the checkpoint (a reader was still on an old
 * snapshot), or PostgreSQL kept dead rows through every
 * attempt; the caller may try again later. Call it outside any transaction (VACUUM refuses one).
 */
export async function sweepAfterTheCount(db: Kysely<Database>, dialect: SqlDialect): Promise<boolean> {
  if (dialect === 'sqlite') {
    const r = await sql<{ busy: number; log: number; checkpointed: number }>`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
    return Number(r.rows[0]?.busy ?? 1) === 0;
  }
  // VACUUM FULL keeps a dead row some transaction anywhere on the server might still see: try
  // again until the tables hold no more pages than their live rows need (a sealed row is about
  // 1.2 kB, so at least 6 fit in an 8 kB page).
  for (let attempt = 0; attempt < SWEEP_ATTEMPTS; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, 250));
    await sql`VACUUM FULL vote_inbox, vote_envelopes`.execute(db);
    let clean = true;
    for (const table of ['vote_inbox', 'vote_envelopes'] as const) {
      const r = await sql<{ pages: number | string; live: number | string }>`SELECT pg_relation_size(${table}::regclass) / current_setting('block_size')::int AS pages, (SELECT count(*) FROM ${sql.table(table)}) AS live`.execute(db);
      if (Number(r.rows[0].pages) > Math.ceil(Number(r.rows[0].live) / 6)) clean = false;
    }
    if (clean) return true;
  }
  return false;
}

const SWEEP_ATTEMPTS = 20;
