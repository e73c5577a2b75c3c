/**
 * Casting through the HTTP API by every way in, for the vote proofs (load, secrecy): what each
 * member and each site needs, made once up front and written as the sign-in and code flows leave
 * it (a session; a voter token, as POST /api/votes/{id}/access/verify leaves a redeemed code; a
 * kiosk a site captain opened, so members identify by the captain's attestation; the committee's
 * session for paper sign-ins), then one attempt by one way as requests to the in-process app.
 */
import argon2 from 'argon2';
import { expect } from 'vitest';
import { hashToken, newToken } from '../../src/server/auth/tokens.ts';
import type { TestServer } from './server.ts';
import type { VoteFixture } from './vote-fixture.ts';
import { memberSessions, sessionFor } from './vote-sessions.ts';

export const WAYS = ['session', 'token', 'kiosk', 'paper'] as const;
export type Way = (typeof WAYS)[number];

export interface Answer { status: number; body: Record<string, unknown> }

export interface Member { rowId: number; memberId: string; worksiteId: number; cookie: string; csrf: string; voterToken: string }
export interface Attempt { m: Member; way: Way; choice: 'yes' | 'no' | null }
export type Outcome = { kind: 'ballot'; receipt: string } | { kind: 'signed-in' } | { kind: 'refused' };

export async function send(s: TestServer, path: string, body: unknown, headers: Record<string, string>): Promise<Answer> {
  const res = await s.app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

const CAPTAIN_PASSWORD = 'the site captain attests in person';

/** Everything a member and the sites need to cast, made once: sessions, voter tokens, a captain's kiosk per worksite, the committee's session. */
export async function castingKit(s: TestServer, fx: VoteFixture) {
  const db = s.handle.db;
  const now = s.clock.now;
  const at = now.toISOString();
  const sessions = await memberSessions(db, { orgId: fx.orgId, memberRowIds: fx.members.map((m) => m.rowId), now });
  const members: Member[] = fx.members.map((m, i) => ({ ...m, cookie: sessions[i].cookie, csrf: sessions[i].csrf, voterToken: newToken() }));
  for (let start = 0; start < members.length; start += 200) {
    // As POST /api/votes/{id}/access/verify leaves a redeemed code: used, with a voter token for 30 minutes.
    await db.insertInto('vote_access').values(members.slice(start, start + 200).map((m) => ({
      id: s.deps.ids.next(fx.orgId), vote_id: fx.voteId, member_row_id: m.rowId, via: 'email', code_hash: `load-test ${m.rowId}`, created_at: at, expires_at: at,
      attempts: 1, used_at: at, token_hash: hashToken(m.voterToken), token_expires_at: new Date(now.getTime() + 30 * 60_000).toISOString(),
    }))).execute();
  }
  const committee = await sessionFor(db, { orgId: fx.orgId, personId: fx.committeeId, now });
  const kiosks = new Map<number, string>();
  // The captains' password, typed at the kiosk for each member attested: one argon2id hash for all
  // of them, at the lowest cost argon2 takes (its verify reads the cost from the hash), since the
  // load is the casts, not the password checks (they have their own tests).
  const captainHash = await argon2.hash(CAPTAIN_PASSWORD, { type: argon2.argon2id, memoryCost: 8, timeCost: 1, parallelism: 1 });
  for (const worksiteId of fx.worksiteIds) {
    // The site's captain: a member of the site, with a site-captain sign-in linked to them.
    const captainRow = members.find((m) => m.worksiteId === worksiteId)!.rowId;
    const personId = s.deps.ids.next(fx.orgId);
    await db.insertInto('people').values({ id: personId, organization_id: fx.orgId, email: `captain-${personId}@members.test`, name: `Captain ${personId}`, role: 'site-captain', password_hash: captainHash, created_at: at, member_row_id: captainRow }).execute();
    await db.insertInto('roster_site_captains').values({ id: s.deps.ids.next(fx.orgId), organization_id: fx.orgId, worksite_id: worksiteId, member_row_id: captainRow, assigned_by: fx.committeeId, assigned_at: at, ended_by: null, ended_at: null }).execute();
    const captain = await sessionFor(db, { orgId: fx.orgId, personId, now });
    const opened = await send(s, `/api/votes/${fx.voteId}/kiosks`, { worksiteId }, { cookie: captain.cookie, 'x-csrf-token': captain.csrf });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    kiosks.set(worksiteId, opened.body.kioskToken as string);
  }
  return { members, committee, kiosks };
}

export function httpCaster(s: TestServer, fx: VoteFixture, p: CastingKit): (a: Attempt) => Promise<Outcome> {
  const ballotAnswer = (r: Answer): Outcome => {
    if (r.status === 201) return { kind: 'ballot', receipt: r.body.receipt as string };
    if (r.status === 409 && r.body.code === 'vote.already-voted') return { kind: 'refused' };
    throw new Error(`cast answered ${r.status}: ${JSON.stringify(r.body)}`);
  };
  const ballot = `/api/votes/${fx.voteId}/ballot`;
  // A captain attests one member at a time at their kiosk (checks of one password in flight at
  // once count as failures until they finish, as sign-in's do); the casts that follow run at once.
  const attesting = new Map<number, Promise<unknown>>();
  const attest = (m: Member, kiosk: Record<string, string>) => {
    const turn = (attesting.get(m.worksiteId) ?? Promise.resolve()).then(() => send(s, '/api/kiosk/identify', { memberId: m.memberId, attest: true, captainPassword: CAPTAIN_PASSWORD }, kiosk));
    attesting.set(m.worksiteId, turn.catch(() => undefined));
    return turn;
  };
  return async ({ m, way, choice }) => {
    const choices = { strike: choice };
    if (way === 'session') return ballotAnswer(await send(s, ballot, { choices }, { cookie: m.cookie, 'x-csrf-token': m.csrf }));
    if (way === 'token') return ballotAnswer(await send(s, ballot, { choices }, { authorization: `Voter ${m.voterToken}` }));
    if (way === 'kiosk') {
      const kiosk = { authorization: `Kiosk ${p.kiosks.get(m.worksiteId)}` };
      const id = await attest(m, kiosk);
      if (id.status !== 200) throw new Error(`identify answered ${id.status}: ${JSON.stringify(id.body)}`);
      return ballotAnswer(await send(s, '/api/kiosk/ballot', { ballotToken: id.body.ballotToken, choices }, kiosk));
    }
    const r = await send(s, `/api/votes/${fx.voteId}/paper/${m.worksiteId}/sign-ins`, { memberIds: [m.memberId] }, { cookie: p.committee.cookie, 'x-csrf-token': p.committee.csrf });
    if (r.status !== 200) throw new Error(`sign-in answered ${r.status}: ${JSON.stringify(r.body)}`);
    const result = (r.body.results as { result: string; reason?: string }[])[0];
    if (result.result === 'signed-in') return { kind: 'signed-in' };
    if (result.result === 'refused' && result.reason === 'already-voted') return { kind: 'refused' };
    throw new Error(`sign-in: ${JSON.stringify(result)}`);
  };
}

export type CastingKit = Awaited<ReturnType<typeof castingKit>>;
