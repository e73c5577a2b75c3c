/**
 * Casting a ballot, by any channel: one transaction marks the member on the voter roll and puts
 * the sealed ballot in the inbox (or, when the member's eligibility is in doubt, in a sealed
 * envelope for the committee's ruling). A member votes once across all channels: the roll's
 * row is claimed with `voted_at IS NULL` (or inserted under the roll's unique member key), so
 * of any number of attempts at once exactly one succeeds; every other is refused and recorded.
 *
 * The caller has already checked who the member is, that the channel is open for this vote
 * and that the choices are valid (src/votes/). Ballot rows take crypto-random ids (never the
 * seeded ids tests inject) and no time: see seal.ts and docs/votes.md.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { newId } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import type { IdSource } from '../../db/ids.ts';
import type { Channel, Choices } from '../../votes/types.ts';
import { seal, type BallotKey } from './seal.ts';
import { isUniqueViolation } from '../../errors/code.ts';

const RECEIPT_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base32: no I, L, O, U

/** A new receipt code: 12 characters (60 random bits) in three groups, such as `7K2M-QX9D-40TR`. */
export function newReceiptCode(): string {
  const bytes = randomBytes(12);
  const chars = [...bytes].map((b) => RECEIPT_ALPHABET[b & 31]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
}

/** Normalises a receipt code as a member may type it (lower case, spaces, O for 0, I or L for 1). */
export function normaliseReceiptCode(typed: string): string {
  const s = typed.toUpperCase().replace(/[\s-]+/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return s.length === 12 ? `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8)}` : s;
}

/** What is stored of a receipt code: its hash with the vote's id. */
export function receiptHash(voteId: number, code: string): string {
  return createHash('sha256').update(`settle receipt ${voteId} ${normaliseReceiptCode(code)}`).digest('hex');
}

export type CastOutcome =
  | { kind: 'cast'; receipt: string; challenged: boolean }
  | { kind: 'refused'; reason: 'already-voted' | 'struck' };

export interface CastInput {
  voteId: number;
  organizationId: number;
  memberRowId: number;
  channel: Channel;
  choices: Choices;
  now: Date;
  key: BallotKey;
  ids: IdSource;
  /** The member's worksite, for a member not on the frozen list (their roll row is added as challenged). */
  worksiteId?: number | null;
}

type Db = Kysely<Database> | Transaction<Database>;

async function refuse(db: Db, o: CastInput, reason: 'already-voted' | 'struck'): Promise<CastOutcome> {
  await db.insertInto('vote_refusals').values({ id: o.ids.next(o.organizationId), vote_id: o.voteId, member_row_id: o.memberRowId, channel: o.channel, reason, at: o.now.toISOString() }).execute();
  return { kind: 'refused', reason };
}

/**
 * Casts one ballot, or refuses it (recording the attempt). A member on the list with no pending
 * challenge casts an ordinary ballot; a member not on the list, or with a challenge pending
 * against them, casts a challenged ballot (sealed in an envelope); a struck member is refused.
 */
export async function castBallot(db: Kysely<Database>, o: CastInput): Promise<CastOutcome> {
  const receipt = newReceiptCode();
  const hash = receiptHash(o.voteId, receipt);
  const sealed = seal(o.key, o.voteId, o.choices);
  const at = o.now.toISOString();
  try {
    const outcome = await db.transaction().execute(async (tx): Promise<CastOutcome | 'duplicate' | 'struck'> => {
      const row = await tx.selectFrom('vote_voters').select(['id', 'standing', 'voted_at']).where('vote_id', '=', o.voteId).where('member_row_id', '=', o.memberRowId).executeTakeFirst();
      if (row?.voted_at) return 'duplicate';
      if (row?.standing === 'struck') return 'struck';
      const pending = await tx.selectFrom('vote_challenges').select('id').where('vote_id', '=', o.voteId).where('member_row_id', '=', o.memberRowId).where('status', '=', 'pending').executeTakeFirst();
      const challenged = !row || row.standing === 'challenged' || !!pending;
      let voterId: number;
      if (row) {
        const claimed = await tx.updateTable('vote_voters').set({ voted_at: at, channel: o.channel, standing: challenged ? 'challenged' : row.standing }).where('id', '=', row.id).where('voted_at', 'is', null).executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return 'duplicate';
        voterId = row.id;
      } else {
        voterId = o.ids.next(o.organizationId);
        // The roll's unique (vote, member) key: of two first attempts at once, one inserts, the other fails.
        await tx.insertInto('vote_voters').values({ id: voterId, vote_id: o.voteId, member_row_id: o.memberRowId, worksite_id: o.worksiteId ?? null, standing: 'challenged', voted_at: at, channel: o.channel }).execute();
      }
      if (challenged) await tx.insertInto('vote_envelopes').values({ id: newId(), vote_id: o.voteId, voter_id: voterId, sealed, receipt_hash: hash }).execute();
      else await tx.insertInto('vote_inbox').values({ id: newId(), vote_id: o.voteId, sealed, receipt_hash: hash }).execute();
      return { kind: 'cast', receipt, challenged };
    });
    if (outcome === 'duplicate') return refuse(db, o, 'already-voted');
    if (outcome === 'struck') return refuse(db, o, 'struck');
    return outcome;
  } catch (e) {
    if (isUniqueViolation(e)) return refuse(db, o, 'already-voted');
    throw e;
  }
}
