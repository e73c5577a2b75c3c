/**
 * A union's roster and an open vote, written straight into the database, for the tests of the
 * casting channels: N members at worksites, a frozen vote open at the test clock (2026-01-15
 * 16:00Z: it opened at midnight and closes at the next), with its roll, and sign-ins linked to
 * roster rows (a member, a site captain) and an election committee member.
 */
import { addPerson } from '../../src/server/admin.ts';
import { argon2id } from '../../src/server/auth/passwords.ts';
import type { Channel, Question } from '../../src/votes/types.ts';
import { emailOf, PASSWORD, type OrgKey, type TestServer } from './server.ts';

export const STRIKE_QUESTION: Question = {
  key: 'authorize', text: 'Do you authorize a strike?', options: [{ key: 'yes', label: 'Yes' }, { key: 'no', label: 'No' }], pass: { option: 'yes', share: '0.6667' },
};

export interface RosterMember {
  rowId: number;
  memberId: string;
  worksiteId: number;
  email: string;
  mobile: string | null;
}

export interface VoteWorld {
  voteId: number;
  worksites: number[];
  members: RosterMember[];
}

/**
 * `perSite`: how many members at each worksite (`[3, 2]`: members 0–2 at site 0, 3–4 at site 1).
 * Member ids are `<prefix>1001`, `<prefix>1002`, …; every member has an email, odd ones a mobile.
 * `offList`: indexes of members left off the roll (they vote as challenged).
 */
export async function openVoteWorld(s: TestServer, org: OrgKey, o: { perSite: number[]; channels?: Channel[]; offList?: number[]; prefix?: string }): Promise<VoteWorld> {
  const db = s.handle.db;
  const orgId = s.orgId[org];
  const at = s.clock.now.toISOString();
  const prefix = o.prefix ?? '';
  const worksites: number[] = [];
  const members: RosterMember[] = [];
  for (const [i, n] of o.perSite.entries()) {
    const ws = s.deps.ids.next(orgId);
    await db.insertInto('roster_worksites').values({ id: ws, organization_id: orgId, key: `text:${prefix}site ${i}`, name: `${prefix}Site ${String.fromCharCode(65 + i)}`, school_id: null, cds_code: null, created_at: at }).execute();
    worksites.push(ws);
    for (let k = 0; k < n; k++) {
      const number = members.length + 1;
      const m: RosterMember = { rowId: s.deps.ids.next(orgId), memberId: `${prefix}${1000 + number}`, worksiteId: ws, email: `${prefix}m${number}@members.test`.toLowerCase(), mobile: number % 2 ? `+1213555${String(number).padStart(4, '0')}` : null };
      await db.insertInto('roster_members').values({ id: m.rowId, organization_id: orgId, member_id: m.memberId, name: `Member ${number}`, employee_id: null, email: m.email, mobile: m.mobile, worksite_id: ws, job_class: null, status: 'active', created_at: at, updated_at: at, removed_at: null }).execute();
      members.push(m);
    }
  }
  const creator = await db.selectFrom('people').select('id').where('organization_id', '=', orgId).executeTakeFirstOrThrow();
  const voteId = s.deps.ids.next(orgId);
  await db.insertInto('votes').values({
    id: voteId, organization_id: orgId, title: `${prefix}Strike authorization`, kind: 'strike-authorization', questions: JSON.stringify([STRIKE_QUESTION]),
    channels: JSON.stringify(o.channels ?? ['online', 'kiosk', 'paper']), eligible_statuses: JSON.stringify(['active', 'leave']),
    cutoff_at: '2026-01-01T00:00:00.000Z', opens_at: '2026-01-15T00:00:00.000Z', closes_at: '2026-01-16T00:00:00.000Z', state: 'frozen',
    created_by: creator.id, created_at: at, updated_at: at, frozen_at: at, results: null, counted_by: null, counted_at: null, certified_at: null, published_at: null,
  }).execute();
  for (const [i, m] of members.entries()) {
    if (o.offList?.includes(i)) continue;
    await db.insertInto('vote_voters').values({ id: s.deps.ids.next(orgId), vote_id: voteId, member_row_id: m.rowId, worksite_id: m.worksiteId, standing: 'listed', voted_at: null, channel: null }).execute();
  }
  return { voteId, worksites, members };
}

/** Links the sign-in of `role` in `org` to a roster row. */
export async function linkSignIn(s: TestServer, org: OrgKey, role: string, memberRowId: number): Promise<void> {
  await s.handle.db.updateTable('people').set({ member_row_id: memberRowId }).where('email', '=', emailOf(org, role)).execute();
}

/** Makes the roster row captain of the worksite (and links the site-captain sign-in to it). */
export async function makeCaptain(s: TestServer, org: OrgKey, worksiteId: number, memberRowId: number): Promise<void> {
  const orgId = s.orgId[org];
  const by = await s.handle.db.selectFrom('people').select('id').where('organization_id', '=', orgId).executeTakeFirstOrThrow();
  await s.handle.db.insertInto('roster_site_captains').values({ id: s.deps.ids.next(orgId), organization_id: orgId, worksite_id: worksiteId, member_row_id: memberRowId, assigned_by: by.id, assigned_at: s.clock.now.toISOString(), ended_by: null, ended_at: null }).execute();
  await linkSignIn(s, org, 'site-captain', memberRowId);
}

/** Adds a person with the committee side's role `election-committee` (sign in with s.as(org, 'election-committee')). */
export async function addCommittee(s: TestServer, org: OrgKey): Promise<void> {
  await addPerson(s.handle.db, { organizationId: s.orgId[org], email: emailOf(org, 'election-committee'), name: 'Committee chair', role: 'election-committee', passwordHash: await argon2id.hash(PASSWORD), now: s.clock.now, ids: s.deps.ids });
}

export async function countRows(s: TestServer, table: 'vote_inbox' | 'vote_envelopes' | 'audit_log' | 'outbox' | 'vote_refusals' | 'vote_access', where?: { voteId: number }): Promise<number> {
  let q = s.handle.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n'));
  if (where && table !== 'audit_log' && table !== 'outbox') q = q.where('vote_id', '=', where.voteId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export async function rollRow(s: TestServer, voteId: number, memberRowId: number) {
  return s.handle.db.selectFrom('vote_voters').select(['standing', 'voted_at', 'channel']).where('vote_id', '=', voteId).where('member_row_id', '=', memberRowId).executeTakeFirst();
}
