/**
 * A strike morning for the check-in tests, written straight into the database (the planning routes
 * are another part): in one union, two worksites (A and B) with members, a strike day, a 6:30–9:30
 * picket shift at each site (14:30Z–17:30Z on 14 January 2019) and sign-ups for some members.
 * Site A's captain is a roster member linked to the union's site-captain sign-in.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { IdSource } from '../../src/db/ids.ts';
import type { Database } from '../../src/db/schema.ts';
import { emailOf, type OrgKey, type TestServer } from './server.ts';

export const SHIFT_TIMES = { startsAt: '2019-01-14T14:30:00.000Z', endsAt: '2019-01-14T17:30:00.000Z' };

export interface CheckinWorld {
  orgId: number;
  dayId: number;
  sites: { a: number; b: number };
  shifts: { a: number; b: number };
  secrets: { a: string; b: string };
  /** Roster rows: site A's members (the first is A's captain), site B's members. */
  membersA: number[];
  membersB: number[];
}

export async function insertStrikeMorning(db: Kysely<Database>, ids: IdSource, o: { orgId: number; by: number; perSite?: number; signedUp?: number; prefix?: string }): Promise<CheckinWorld> {
  const at = '2019-01-01T00:00:00.000Z';
  const orgId = o.orgId;
  const prefix = o.prefix ?? 'T';
  const site = async (name: string) => {
    const id = ids.next(orgId);
    await db.insertInto('roster_worksites').values({ id, organization_id: orgId, key: `text:${prefix}${name}`, name, school_id: null, cds_code: null, created_at: at }).execute();
    return id;
  };
  const a = await site('Site A');
  const b = await site('Site B');
  const perSite = o.perSite ?? 4;
  const members = async (worksiteId: number, tag: string) => {
    const rows = Array.from({ length: perSite }, (_, i) => ({
      id: ids.next(orgId), organization_id: orgId, member_id: `${prefix}${tag}${String(i + 1).padStart(5, '0')}`, name: `Member ${tag}${i + 1}`, employee_id: null, email: null, mobile: null,
      worksite_id: worksiteId, job_class: 'Teacher', status: 'active', created_at: at, updated_at: at, removed_at: null,
    }));
    for (let i = 0; i < rows.length; i += 200) await db.insertInto('roster_members').values(rows.slice(i, i + 200)).execute();
    return rows.map((r) => r.id);
  };
  const membersA = await members(a, 'A');
  const membersB = await members(b, 'B');
  const dayId = ids.next(orgId);
  await db.insertInto('strike_days').values({ id: dayId, organization_id: orgId, date: '2019-01-14', label: 'Day 1', time_zone: 'America/Los_Angeles', created_by: o.by, created_at: at, cancelled_at: null }).execute();
  const shift = async (worksiteId: number) => {
    const id = ids.next(orgId);
    const secret = randomBytes(16).toString('hex');
    await db.insertInto('picket_shifts').values({
      id, organization_id: orgId, strike_day_id: dayId, worksite_id: worksiteId, place: null, duty: 'picket', ...{ starts_at: SHIFT_TIMES.startsAt, ends_at: SHIFT_TIMES.endsAt },
      capacity: 50, minimum: 2, captain_member_id: null, template: null, code_secret: secret, created_by: o.by, created_at: at, updated_at: at, removed_at: null,
    }).execute();
    return { id, secret };
  };
  const sa = await shift(a);
  const sb = await shift(b);
  await db.insertInto('roster_site_captains').values({ id: ids.next(orgId), organization_id: orgId, worksite_id: a, member_row_id: membersA[0], assigned_by: o.by, assigned_at: at, ended_by: null, ended_at: null }).execute();
  const signedUp = o.signedUp ?? 2;
  const signups = [...membersA.slice(0, signedUp).map((m) => [sa.id, m]), ...membersB.slice(0, signedUp).map((m) => [sb.id, m])];
  for (let i = 0; i < signups.length; i += 200) {
    await db.insertInto('picket_signups').values(signups.slice(i, i + 200).map(([shiftId, m]) => ({ id: ids.next(orgId), organization_id: orgId, shift_id: shiftId, member_row_id: m, source: 'self', created_by: o.by, created_at: at, ended_by: null, ended_at: null, moved_to: null }))).execute();
  }
  return { orgId, dayId, sites: { a, b }, shifts: { a: sa.id, b: sb.id }, secrets: { a: sa.secret, b: sb.secret }, membersA, membersB };
}

/** The world in a test server's union, with the union's site-captain sign-in linked to site A's captain and its member sign-in to member A2. */
export async function checkinWorld(s: TestServer, org: OrgKey = 'teachers'): Promise<CheckinWorld> {
  const orgId = s.orgId[org];
  const by = await s.handle.db.selectFrom('people').select('id').where('email', '=', emailOf(org, 'admin')).executeTakeFirstOrThrow();
  const w = await insertStrikeMorning(s.handle.db, s.deps.ids, { orgId, by: by.id, prefix: org });
  await s.handle.db.updateTable('people').set({ member_row_id: w.membersA[0] }).where('email', '=', emailOf(org, 'site-captain')).execute();
  await s.handle.db.updateTable('people').set({ member_row_id: w.membersA[1] }).where('email', '=', emailOf(org, 'member')).execute();
  return w;
}
