/**
 * A strike day planted straight into the database for the coverage board's tests and
 * measurements: worksites (with regions and captains), members, shifts, sign-ups and attendance
 * rows, inserted in chunks so 1,000 sites × 2 shifts × 30 members takes seconds. Attendance rows
 * are what the check-in route would leave behind (picket_attendance); the route itself is
 * exercised in the multi-process test.
 */
import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { IdSource } from '../../src/db/ids.ts';
import type { Database } from '../../src/db/schema.ts';

export interface PlantMember {
  name: string;
  email?: string | null;
  mobile?: string | null;
  /** Signed up for the shift (default true). */
  signedUp?: boolean;
  checkedInAt?: string | null;
  checkedOutAt?: string | null;
}

export interface PlantShift {
  startsAt: string;
  endsAt: string;
  minimum: number;
  capacity?: number;
  duty?: string;
  members: PlantMember[];
}

export interface PlantSite {
  name: string;
  region?: string | null;
  /** A current site captain (a roster member of the site). */
  captain?: boolean;
  /** An alternate duty away from any worksite: `place` instead of a worksite. */
  place?: boolean;
  shifts: PlantShift[];
}

export interface PlantedDay {
  dayId: number;
  /** Per site, per shift: the shift id and its members' roster row ids. */
  sites: { worksiteId: number | null; shifts: { id: number; memberRowIds: number[] }[] }[];
}

async function chunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function plantDay(db: Kysely<Database>, ids: IdSource, o: { organizationId: number; createdBy: number; date: string; label?: string; timeZone?: string; sites: PlantSite[] }): Promise<PlantedDay> {
  const org = o.organizationId;
  const at = `${o.date}T00:00:00.000Z`;
  const dayId = ids.next(org);
  await db.insertInto('strike_days').values({ id: dayId, organization_id: org, date: o.date, label: o.label ?? 'Strike day', time_zone: o.timeZone ?? 'America/Los_Angeles', created_by: o.createdBy, created_at: at, cancelled_at: null }).execute();
  const worksites: Insertable<Database['roster_worksites']>[] = [];
  const members: Insertable<Database['roster_members']>[] = [];
  const captains: Insertable<Database['roster_site_captains']>[] = [];
  const shifts: Insertable<Database['picket_shifts']>[] = [];
  const signups: Insertable<Database['picket_signups']>[] = [];
  const attendance: Insertable<Database['picket_attendance']>[] = [];
  const planted: PlantedDay = { dayId, sites: [] };
  let n = 0;
  for (const site of o.sites) {
    const worksiteId = site.place ? null : ids.next(org);
    if (worksiteId !== null) worksites.push({ id: worksiteId, organization_id: org, key: `text:${site.name.toLowerCase()}:${worksiteId}`, name: site.name, school_id: null, cds_code: null, created_at: at, region: site.region ?? null });
    const addMember = (m: PlantMember): number => {
      const id = ids.next(org);
      n++;
      members.push({ id, organization_id: org, member_id: `M${n}-${id}`, name: m.name, employee_id: null, email: m.email ?? null, mobile: m.mobile ?? null, worksite_id: worksiteId, job_class: null, status: 'active', created_at: at, updated_at: at, removed_at: null });
      return id;
    };
    if (site.captain && worksiteId !== null) {
      captains.push({ id: ids.next(org), organization_id: org, worksite_id: worksiteId, member_row_id: addMember({ name: `Captain of ${site.name}` }), assigned_by: o.createdBy, assigned_at: at, ended_by: null, ended_at: null });
    }
    const plantedSite: PlantedDay['sites'][number] = { worksiteId, shifts: [] };
    for (const sh of site.shifts) {
      const shiftId = ids.next(org);
      shifts.push({
        id: shiftId, organization_id: org, strike_day_id: dayId, worksite_id: worksiteId, place: site.place ? site.name : null, duty: sh.duty ?? 'picket',
        starts_at: sh.startsAt, ends_at: sh.endsAt, capacity: sh.capacity ?? 40, minimum: sh.minimum, captain_member_id: null, template: null,
        code_secret: randomBytes(32).toString('hex'), created_by: o.createdBy, created_at: at, updated_at: at, removed_at: null,
      });
      const rowIds: number[] = [];
      for (const m of sh.members) {
        const memberRowId = addMember(m);
        rowIds.push(memberRowId);
        // Signed up ahead of the shift, as members do (one signed up after the start is late only 15 minutes after that: at-risk.ts).
        const signedUpAt = sh.startsAt < at ? sh.startsAt : at;
        if (m.signedUp !== false) signups.push({ id: ids.next(org), organization_id: org, shift_id: shiftId, member_row_id: memberRowId, source: 'self', created_by: o.createdBy, created_at: signedUpAt, ended_by: null, ended_at: null, moved_to: null });
        if (m.checkedInAt !== undefined || m.checkedOutAt !== undefined) {
          attendance.push({ shift_id: shiftId, member_row_id: memberRowId, organization_id: org, checked_in_at: m.checkedInAt ?? null, checked_out_at: m.checkedOutAt ?? null, out_method: m.checkedOutAt ? 'code' : null, conflict: null, updated_at: at });
        }
      }
      plantedSite.shifts.push({ id: shiftId, memberRowIds: rowIds });
    }
    planted.sites.push(plantedSite);
  }
  await chunked(worksites, 500, (c) => db.insertInto('roster_worksites').values(c).execute());
  await chunked(members, 500, (c) => db.insertInto('roster_members').values(c).execute());
  await chunked(captains, 500, (c) => db.insertInto('roster_site_captains').values(c).execute());
  await chunked(shifts, 500, (c) => db.insertInto('picket_shifts').values(c).execute());
  await chunked(signups, 500, (c) => db.insertInto('picket_signups').values(c).execute());
  await chunked(attendance, 500, (c) => db.insertInto('picket_attendance').values(c).execute());
  return planted;
}

/** The id of the test world's person with this email. */
export async function personId(db: Kysely<Database>, email: string): Promise<number> {
  return (await db.selectFrom('people').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}
