/**
 * Who is casting or running a channel: a signed-in union person (their roster row, whether they
 * captain a worksite, whether they are on the election committee), a voter token from the code
 * flow, or a kiosk token. A district caller never reaches a vote: 404, as if it did not exist.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { Actor } from '../../env.ts';
import { ApiError, forbidden, notFound, unauthenticated } from '../../errors.ts';
import { hashToken } from '../../auth/tokens.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The role the committee side adds; union admins may do what the committee does here. */
export const COMMITTEE_ROLES = ['election-committee', 'admin'];

/** A signed-in union person, or 404 for a district caller and 401 for nobody. */
export function unionActor(actor: Actor | null, voteId: number): Actor {
  if (!actor) throw unauthenticated();
  if (actor.org.kind !== 'union') throw notFound('vote', voteId);
  return actor;
}

/** The session's organization when someone is signed in (a district caller: 404), null otherwise. */
export function orgOfCaller(actor: Actor | null, voteId: number): number | null {
  if (!actor) return null;
  if (actor.org.kind !== 'union') throw notFound('vote', voteId);
  return actor.org.id;
}

export const isCommittee = (actor: Actor) => COMMITTEE_ROLES.includes(actor.person.role);

/** The roster row linked to the person's sign-in, if it is a current member of their union. */
export async function memberRowOf(db: Db, actor: Actor): Promise<{ id: number; worksiteId: number | null } | null> {
  const row = await db.selectFrom('people').innerJoin('roster_members as m', 'm.id', 'people.member_row_id')
    .select(['m.id', 'm.worksite_id']).where('people.id', '=', actor.person.id).where('m.organization_id', '=', actor.org.id).where('m.removed_at', 'is', null).executeTakeFirst();
  return row ? { id: row.id, worksiteId: row.worksite_id } : null;
}

/** Whether the person is a site captain now captain of this worksite. */
export async function captainsSite(db: Db, actor: Actor, worksiteId: number): Promise<boolean> {
  if (actor.person.role !== 'site-captain') return false;
  const row = await db.selectFrom('people').innerJoin('roster_site_captains as k', 'k.member_row_id', 'people.member_row_id')
    .select('k.id').where('people.id', '=', actor.person.id).where('k.worksite_id', '=', worksiteId).where('k.organization_id', '=', actor.org.id).where('k.ended_at', 'is', null).executeTakeFirst();
  return !!row;
}

/** The worksite of the actor's union, or 404 naming the field. */
export async function worksiteOf(db: Db, orgId: number, worksiteId: number, field = 'worksiteId'): Promise<{ id: number; name: string }> {
  const row = await db.selectFrom('roster_worksites').select(['id', 'name']).where('id', '=', worksiteId).where('organization_id', '=', orgId).executeTakeFirst();
  if (!row) throw new ApiError(404, { code: 'not-found', message: `there is no worksite ${worksiteId} that you can see`, where: { field }, hint: 'a worksite id from GET /api/roster/worksites' });
  return row;
}

/** The committee anywhere, a captain at their own worksite; everyone else 403. */
export async function mustRunSite(db: Db, actor: Actor, worksiteId: number, what: string): Promise<'committee' | 'captain'> {
  if (isCommittee(actor)) return 'committee';
  if (await captainsSite(db, actor, worksiteId)) return 'captain';
  throw forbidden(`${what}: only the election committee, or a site captain of this worksite, may (your role: ${actor.person.role})`);
}

/** The token of an `Authorization: <scheme> <token>` header, or null. */
export function bearerOf(header: string | undefined, scheme: 'Voter' | 'Kiosk'): string | null {
  const m = /^(\S+) +(\S{1,100})$/.exec(header ?? '');
  return m && m[1].toLowerCase() === scheme.toLowerCase() ? m[2] : null;
}

/**
 * A member's roster row by the union's member id (what members know and type; one row per id),
 * removed or not: the voter list is the roster at the cutoff, so a member removed from the roster
 * since is still on it and still votes. Whether a row may vote is the list's answer.
 */
export async function memberByNumber(db: Db, orgId: number, memberId: string): Promise<{ id: number; worksiteId: number | null; email: string | null; mobile: string | null } | null> {
  const row = await db.selectFrom('roster_members').select(['id', 'worksite_id', 'email', 'mobile']).where('organization_id', '=', orgId).where('member_id', '=', memberId).executeTakeFirst();
  return row ? { id: row.id, worksiteId: row.worksite_id, email: row.email, mobile: row.mobile } : null;
}

/** The open kiosk a device's token belongs to, or 401. */
export async function kioskOf(db: Db, header: string | undefined): Promise<{ id: number; voteId: number; worksiteId: number; openedBy: number }> {
  const token = bearerOf(header, 'Kiosk');
  const bad = () => new ApiError(401, { code: 'vote.kiosk-token', message: 'this device is not an open kiosk: the kiosk token is missing, wrong or closed', hint: 'Authorization: Kiosk <kioskToken from POST /api/votes/{id}/kiosks>' });
  if (!token) throw bad();
  const row = await db.selectFrom('vote_kiosks').select(['id', 'vote_id', 'worksite_id', 'opened_by']).where('token_hash', '=', hashToken(token)).where('closed_at', 'is', null).executeTakeFirst();
  if (!row) throw bad();
  return { id: row.id, voteId: row.vote_id, worksiteId: row.worksite_id, openedBy: row.opened_by };
}

/**
 * The member a voter token (from the one-time-code flow) stands for, for this vote, while it is
 * good (30 minutes); a wrong or expired token answers 401.
 */
export async function voterOfToken(db: Db, token: string, voteId: number, now: Date): Promise<{ memberRowId: number; worksiteId: number | null; organizationId: number }> {
  const held = await db.selectFrom('vote_access').innerJoin('votes', 'votes.id', 'vote_access.vote_id').innerJoin('roster_members as m', 'm.id', 'vote_access.member_row_id')
    .select(['vote_access.member_row_id', 'm.worksite_id', 'votes.organization_id'])
    .where('vote_access.token_hash', '=', hashToken(token)).where('vote_access.vote_id', '=', voteId)
    .where('vote_access.via', 'in', ['email', 'sms']).where('vote_access.token_expires_at', '>', now.toISOString()).executeTakeFirst();
  if (!held) throw new ApiError(401, { code: 'vote.voter-token', message: 'the voter token is wrong or expired (it works for 30 minutes)', hint: 'ask for a new code: POST /api/votes/{id}/access, then POST /api/votes/{id}/access/verify' });
  return { memberRowId: held.member_row_id, worksiteId: held.worksite_id, organizationId: held.organization_id };
}
