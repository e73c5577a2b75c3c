/**
 * One-time codes for voting without an account (docs/votes.md, "Channels"): six digits sent to
 * the email or mobile on the roster, kept only as a keyed hash (six digits are too few for a
 * plain hash: anyone with a database copy could try all million), good for 10 minutes and 5
 * tries in all. A code is exchanged once for a voter token (online) or a ballot token (kiosk).
 */
import { createHmac, randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { BallotKey } from '../seal.ts';
import { ApiError } from '../../errors.ts';

type Db = Kysely<Database> | Transaction<Database>;

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_TRIES = 5;
/** Codes one member may be sent per vote per hour. */
export const CODES_PER_HOUR = 5;

export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export function codeHash(key: BallotKey, accessId: number, code: string): string {
  return createHmac('sha256', key).update(`settle vote code ${accessId} ${code}`).digest('hex');
}

export const wrongCode = () =>
  new ApiError(400, { code: 'vote.code-wrong', message: 'that member id and code do not match a code we sent, or the code expired or was used up', where: { field: 'code' }, hint: 'ask for a new code: POST /api/votes/{id}/access {"memberId": "1001", "via": "email"}' });

/**
 * Checks a code against the member's live codes (unused, unexpired, tries left). Every check
 * uses a try on each of them, so 5 wrong codes in all burn every code the member holds. Returns
 * the access row that matched, marked used, or null (the same for an unknown member): the caller
 * commits the tries used and then answers vote.code-wrong.
 */
export async function redeemCode(tx: Db, o: { key: BallotKey; voteId: number; memberRowId: number | null; code: string; now: Date }): Promise<number | null> {
  const at = o.now.toISOString();
  if (o.memberRowId === null) return null;
  // Each check takes a try first (a conditional update, so checks running at once cannot share
  // one try), and is compared only against the codes it took a try on.
  const tried = await tx.updateTable('vote_access').set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('vote_id', '=', o.voteId).where('member_row_id', '=', o.memberRowId).where('via', 'in', ['email', 'sms'])
    .where('used_at', 'is', null).where('expires_at', '>', at).where('attempts', '<', CODE_TRIES)
    .returning(['id', 'code_hash']).execute();
  const hit = tried.find((r) => codeHash(o.key, r.id, o.code) === r.code_hash);
  if (!hit) return null;
  const claimed = await tx.updateTable('vote_access').set({ used_at: at }).where('id', '=', hit.id).where('used_at', 'is', null).executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? hit.id : null;
}
