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
 */
import { randomInt } from 'node:crypto';
import type { Transaction } from 'kysely';
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
