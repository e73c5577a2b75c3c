/**
 * Signed-in members for the vote proofs without a sign-in each: a person linked to each roster
 * row (role `member`, no password) and a session written as startSession writes one (only the
 * token's SHA-256 stored), with the cookie and CSRF token a browser would hold. Signing 1,000
 * members in through POST /api/session would spend most of a test in argon2 and trip the
 * sign-in throttle for one address; the cast route only needs a valid session.
 */
import type { Kysely } from 'kysely';
import { randomIds } from '../../src/db/ids.ts';
import type { Database } from '../../src/db/schema.ts';
import { SESSION_IDLE_MS } from '../../src/server/auth/session.ts';
import { csrfTokenFor, hashToken, newToken } from '../../src/server/auth/tokens.ts';

export interface MemberSession {
  memberRowId: number;
  personId: number;
  /** `__Host-sid=<token>` (the server's cookie when it is not --insecure-http). */
  cookie: string;
  csrf: string;
}

export async function memberSessions(db: Kysely<Database>, o: { orgId: number; memberRowIds: number[]; now: Date; cookieName?: string }): Promise<MemberSession[]> {
  const out: MemberSession[] = [];
  const at = o.now.toISOString();
  const expires = new Date(o.now.getTime() + SESSION_IDLE_MS).toISOString();
  const BATCH = 200;
  for (let start = 0; start < o.memberRowIds.length; start += BATCH) {
    const people = [];
    const sessions = [];
    for (const memberRowId of o.memberRowIds.slice(start, start + BATCH)) {
      const personId = randomIds.next(o.orgId);
      const token = newToken();
      people.push({ id: personId, organization_id: o.orgId, email: `voter-${personId}@members.test`, name: `Voter ${personId}`, role: 'member', password_hash: null, created_at: at, member_row_id: memberRowId });
      sessions.push({ id: randomIds.next(o.orgId), token_hash: hashToken(token), person_id: personId, created_at: at, expires_at: expires });
      out.push({ memberRowId, personId, cookie: `${o.cookieName ?? '__Host-sid'}=${token}`, csrf: csrfTokenFor(token) });
    }
    await db.insertInto('people').values(people).execute();
    await db.insertInto('sessions').values(sessions).execute();
  }
  return out;
}

/** A session for a person who already exists (the committee chair, a captain). */
export async function sessionFor(db: Kysely<Database>, o: { orgId: number; personId: number; now: Date; cookieName?: string }): Promise<{ cookie: string; csrf: string }> {
  const token = newToken();
  await db.insertInto('sessions').values({ id: randomIds.next(o.orgId), token_hash: hashToken(token), person_id: o.personId, created_at: o.now.toISOString(), expires_at: new Date(o.now.getTime() + SESSION_IDLE_MS).toISOString() }).execute();
  return { cookie: `${o.cookieName ?? '__Host-sid'}=${token}`, csrf: csrfTokenFor(token) };
}
