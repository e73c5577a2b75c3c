/**
 * Sessions of check-ins that came by the fast path (src/server/pickets/checkin-fast.ts): the
 * request carried only its session token's hash; the batch reads every session it holds with one
 * query, in its own transaction, by the rules the sessions middleware applies to every other
 * request (src/server/auth/session.ts: the session exists and has not expired, its person is not
 * removed, and it is extended when less than 11 hours are left) and those of the check-in route
 * (a union's member roles, `picket.member`). A check-in whose session fails any of them is not
 * answered here: it goes through the ordinary route, which gives the ordinary answer (401, 403, 404).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { needsExtension, SESSION_IDLE_MS } from '../auth/session.ts';
import { may } from '../authz.ts';
import type { Actor } from '../env.ts';

type Tx = Transaction<Database> | Kysely<Database>;

export interface CheckInSender {
  organizationId: number;
  personId: number;
  role: string;
  /** The roster row the sign-in is linked to (not removed), read in the same query; null: none. */
  memberRowId: number | null;
}

const CHUNK = 500;

/** The senders of these session token hashes who may check in now (the others are absent); `extend: false` only reads (the fast path's gate, checkin-gate.ts). */
export async function checkInSenders(tx: Tx, tokenHashes: string[], now: Date, o: { extend: boolean } = { extend: true }): Promise<Map<string, CheckInSender>> {
  const out = new Map<string, CheckInSender>();
  const extend: number[] = [];
  const unique = [...new Set(tokenHashes)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await tx
      .selectFrom('sessions')
      .innerJoin('people', 'people.id', 'sessions.person_id')
      .innerJoin('organizations', 'organizations.id', 'people.organization_id')
      // As memberRowsOf (checkin-lookup.ts) reads it: the person's roster row in their own union, not removed.
      .leftJoin('roster_members as m', (j) => j.onRef('m.id', '=', 'people.member_row_id').onRef('m.organization_id', '=', 'people.organization_id').on('m.removed_at', 'is', null))
      .select(['m.id as memberRowId', 'sessions.id as sessionId', 'sessions.token_hash', 'sessions.expires_at', 'people.id as personId', 'people.name', 'people.email', 'people.role', 'organizations.id as orgId', 'organizations.kind', 'organizations.name as orgName', 'organizations.district_id', 'organizations.unit'])
      .where('sessions.token_hash', 'in', unique.slice(i, i + CHUNK))
      .where('people.removed_at', 'is', null)
      .execute();
    for (const r of rows) {
      if (!(r.expires_at > now.toISOString())) continue;
      const actor: Actor = { sessionId: r.sessionId, person: { id: r.personId, name: r.name, email: r.email, role: r.role }, org: { id: r.orgId, kind: r.kind, name: r.orgName, districtId: r.district_id, unit: r.unit } };
      if (actor.org.kind !== 'union' || !may(actor, 'picket.member')) continue;
      out.set(r.token_hash, { organizationId: r.orgId, personId: r.personId, role: r.role, memberRowId: r.memberRowId ?? null });
      if (o.extend && needsExtension(r.expires_at, now)) extend.push(r.sessionId);
    }
  }
  for (let i = 0; i < extend.length; i += CHUNK) {
    await tx.updateTable('sessions').set({ expires_at: new Date(now.getTime() + SESSION_IDLE_MS).toISOString() }).where('id', 'in', extend.slice(i, i + CHUNK)).execute();
  }
  return out;
}
