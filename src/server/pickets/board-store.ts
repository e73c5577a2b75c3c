/**
 * Reading a strike day for the coverage board and the at-risk list: a handful of set-based
 * queries for the whole day (the shifts with their sites and regions, the current captains,
 * sign-up counts per shift, the attendance rows), whatever the number of sites. The figures are
 * made by the pure src/pickets/coverage.ts and at-risk.ts.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AttendanceFacts, ShiftFacts } from '../../pickets/coverage.ts';
import type { SignupFacts } from '../../pickets/at-risk.ts';
import { notFound } from '../errors.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface DayInfo {
  id: number;
  date: string;
  label: string;
  timeZone: string;
  cancelled: boolean;
  /** The device time of the day's latest recorded action; null: none yet. */
  lastActionAt: string | null;
}

/** The union's strike day, or 404 (another union's day looks like no day at all). */
export async function strikeDayOf(db: Db, organizationId: number, dayId: number): Promise<DayInfo> {
  const d = await db.selectFrom('strike_days').select(['id', 'date', 'label', 'time_zone', 'cancelled_at']).where('id', '=', dayId).where('organization_id', '=', organizationId).executeTakeFirst();
  if (!d) throw notFound('strike day', dayId);
  const last = await db.selectFrom('picket_actions as a').innerJoin('picket_shifts as s', 's.id', 'a.shift_id')
    .select((eb) => eb.fn.max('a.at').as('at'))
    .where('s.organization_id', '=', organizationId).where('s.strike_day_id', '=', dayId)
    .executeTakeFirst();
  return { id: d.id, date: d.date, label: d.label, timeZone: d.time_zone, cancelled: d.cancelled_at !== null, lastActionAt: (last?.at as string | null | undefined) ?? null };
}

/** The day's shifts (not removed), each with its site, region, captain and number of current sign-ups. */
export async function shiftFactsOf(db: Db, organizationId: number, dayId: number): Promise<ShiftFacts[]> {
  const [shifts, captains, counts] = await Promise.all([
    db.selectFrom('picket_shifts as s')
      .leftJoin('roster_worksites as w', 'w.id', 's.worksite_id')
      .leftJoin('roster_members as cm', (j) => j.onRef('cm.id', '=', 's.captain_member_id').on('cm.removed_at', 'is', null))
      .select(['s.id', 's.duty', 's.worksite_id', 's.place', 'w.name as worksite', 'w.region', 's.starts_at', 's.ends_at', 's.minimum', 's.capacity', 'cm.id as captainId'])
      .where('s.organization_id', '=', organizationId).where('s.strike_day_id', '=', dayId).where('s.removed_at', 'is', null)
      .execute(),
    // The worksites with a current captain who is still on the roster.
    db.selectFrom('roster_site_captains as k').innerJoin('roster_members as m', 'm.id', 'k.member_row_id')
      .select('k.worksite_id').distinct()
      .where('k.organization_id', '=', organizationId).where('k.ended_at', 'is', null).where('m.removed_at', 'is', null)
      .execute(),
    db.selectFrom('picket_signups as u').innerJoin('picket_shifts as s', 's.id', 'u.shift_id')
      .select((eb) => ['u.shift_id', eb.fn.countAll<number | string>().as('n')])
      .where('s.organization_id', '=', organizationId).where('s.strike_day_id', '=', dayId).where('u.ended_at', 'is', null)
      .groupBy('u.shift_id')
      .execute(),
  ]);
  const captained = new Set(captains.map((k) => k.worksite_id));
  const signed = new Map(counts.map((r) => [r.shift_id, Number(r.n)]));
  return shifts.map((s) => ({
    id: s.id, duty: s.duty, worksiteId: s.worksite_id, site: s.worksite ?? s.place ?? s.duty, region: s.region ?? null,
    startsAt: s.starts_at, endsAt: s.ends_at, minimum: s.minimum, capacity: s.capacity,
    hasCaptain: s.captainId !== null || (s.worksite_id !== null && captained.has(s.worksite_id)),
    signedUp: signed.get(s.id) ?? 0,
  }));
}

/** Every attendance row of the day's shifts with a check-in. */
export async function attendanceOf(db: Db, organizationId: number, dayId: number): Promise<AttendanceFacts[]> {
  const rows = await db.selectFrom('picket_attendance as a').innerJoin('picket_shifts as s', 's.id', 'a.shift_id')
    .select(['a.shift_id', 'a.member_row_id', 'a.checked_in_at', 'a.checked_out_at'])
    .where('s.organization_id', '=', organizationId).where('s.strike_day_id', '=', dayId).where('s.removed_at', 'is', null).where('a.checked_in_at', 'is not', null)
    .execute();
  return rows.map((r) => ({ shiftId: r.shift_id, memberRowId: r.member_row_id, checkedInAt: r.checked_in_at, checkedOutAt: r.checked_out_at }));
}

export interface SignupContact extends SignupFacts {
  email: string | null;
  mobile: string | null;
}

/** The current sign-ups of the day's shifts running at `now` (the only ones that can be late), with names and contacts. */
export async function runningSignupsOf(db: Db, organizationId: number, dayId: number, now: Date): Promise<SignupContact[]> {
  const t = now.toISOString();
  const rows = await db.selectFrom('picket_signups as u').innerJoin('picket_shifts as s', 's.id', 'u.shift_id').innerJoin('roster_members as m', 'm.id', 'u.member_row_id')
    .select(['u.shift_id', 'u.member_row_id', 'u.created_at', 'm.name', 'm.email', 'm.mobile'])
    .where('s.organization_id', '=', organizationId).where('s.strike_day_id', '=', dayId).where('s.removed_at', 'is', null)
    .where('s.starts_at', '<=', t).where('s.ends_at', '>', t).where('u.ended_at', 'is', null)
    // A member removed from the roster is no longer messaged as late.
    .where('m.removed_at', 'is', null)
    .execute();
  return rows.map((r) => ({ shiftId: r.shift_id, memberRowId: r.member_row_id, name: r.name, signedUpAt: r.created_at, email: r.email, mobile: r.mobile }));
}

/** The outbox key of an at-risk message: one per member, shift and channel, so pressing twice queues nothing new. */
export const lateMessageKey = (dayId: number, shiftId: number, memberRowId: number, channel: string) => `picket-late:${dayId}:${shiftId}:${memberRowId}:${channel}`;

/** `shiftId:memberRowId` of everyone already sent an at-risk message for a shift of this day (any channel). */
export async function messagedOf(db: Db, organizationId: number, dayId: number): Promise<Set<string>> {
  const prefix = `picket-late:${dayId}:`;
  const rows = await db.selectFrom('outbox').select('dedupe_key').where('organization_id', '=', organizationId).where('kind', '=', 'picket-late')
    .where('dedupe_key', '>=', prefix).where('dedupe_key', '<', `picket-late:${dayId};`).execute();
  return new Set(rows.map((r) => r.dedupe_key.slice(prefix.length).split(':').slice(0, 2).join(':')));
}
