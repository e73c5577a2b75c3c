/**
 * One-time codes for voting without an account (docs/votes.md, "Channels"): six digits sent to
 * the email or mobile on the roster, kept only as a keyed hash (six digits are too few for a
 * plain hash: anyone with a database copy could try all million), good for 10 minutes and 5
 * tries. A code is exchanged once for a voter token (online) or a ballot token (kiosk).
 *
 * Each code belongs to the request that asked for it: the asker gets a random request id, and a
 * code is checked only with it. So a wrong guess spends a try of the guesser's own requests
 * only, never a code the member asked for; and one network address may have at most
 * CODES_PER_ADDRESS of a member's CODES_PER_HOUR sends in an hour, so whoever knows a member id
 * cannot keep the member from getting a code by asking for them.
 */
import { createHmac, randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { BallotKey } from '../seal.ts';
import { ApiError } from '../../errors.ts';
import { hashToken } from '../../auth/tokens.ts';

type Db = Kysely<Database> | Transaction<Database>;

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_TRIES = 5;
/** Codes one member may be sent per vote per hour (a flood of messages is harassment). */
export const CODES_PER_HOUR = 10;
/** Of those, the codes asked for from one network address. */
export const CODES_PER_ADDRESS = 3;

export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Where a code was asked from, as stored: keyed, so a database copy does not list addresses. An
 * IPv6 address counts as its /48 here (clientAddress gives its /64): a home connection is often
 * given a /56 or a /48, so each of its 256 or more /64s would otherwise take its own share of a
 * member's sends.
 */
export function addressHash(key: BallotKey, address: string): string {
  const counted = address.endsWith('::/64') ? `${address.slice(0, -'::/64'.length).split(':').slice(0, 3).join(':')}::/48` : address;
  return createHmac('sha256', key).update(`settle vote code address ${counted}`).digest('hex').slice(0, 32);
}

export function codeHash(key: BallotKey, accessId: number, code: string): string {
  return createHmac('sha256', key).update(`settle vote code ${accessId} ${code}`).digest('hex');
}

export const wrongCode = () =>
  new ApiError(400, {
    code: 'vote.code-wrong', message: 'that member id and code do not match the code sent for this request, or the code expired or was used up (a code works only with the requestId of the request that asked for it)', where: { field: 'code' },
    hint: 'ask for a new code: POST /api/votes/{id}/access {"memberId": "1001", "via": "email"}, then send its requestId with the code',
  });

/**
 * Checks a code against the live code (unused, unexpired, tries left) of the member that the
 * request `requestId` asked for. The check uses one of that code's tries, and only that code's:
 * a guess with a request id the guesser was answered spends their own request's tries. Returns
 * the access row that matched, marked used, or null (the same for an unknown member or request):
 * the caller commits the try used and then answers vote.code-wrong.
 */
export async function redeemCode(tx: Db, o: { key: BallotKey; voteId: number; memberRowId: number | null; requestId: string; code: string; now: Date }): Promise<number | null> {
  const at = o.now.toISOString();
  if (o.memberRowId === null) return null;
  // Each check takes a try first (a conditional update, so checks running at once cannot share
  // one try), and is compared only against the code it took a try on.
  const tried = await tx.updateTable('vote_access').set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('vote_id', '=', o.voteId).where('member_row_id', '=', o.memberRowId).where('request_hash', '=', hashToken(o.requestId)).where('via', 'in', ['email', 'sms'])
    .where('used_at', 'is', null).where('expires_at', '>', at).where('attempts', '<', CODE_TRIES)
    .returning(['id', 'code_hash']).execute();
  const hit = tried.find((r) => codeHash(o.key, r.id, o.code) === r.code_hash);
  if (!hit) return null;
  const claimed = await tx.updateTable('vote_access').set({ used_at: at }).where('id', '=', hit.id).where('used_at', 'is', null).executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? hit.id : null;
}
