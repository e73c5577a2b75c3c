/**
 * Reading strike days and shifts for the routes: who may ask (a district caller gets the 404 of
 * a path with no route), one day or shift of the caller's union (another union's id: 404), a
 * shift's captain (its own, else the worksite's current captain) and the answer shapes.
 */
import type { Context } from 'hono';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, PicketShiftsTable, StrikeDaysTable } from '../../db/schema.ts';
import { allowUnion, type Permission } from '../authz.ts';
import type { Actor, AppEnv } from '../env.ts';
import { ApiError, conflict, notFound } from '../errors.ts';

export type Db = Kysely<Database> | Transaction<Database>;
export type DayRow = Selectable<StrikeDaysTable>;
export type ShiftRow = Selectable<PicketShiftsTable>;

/** The signed-in union person holding the permission (district: 404 as if no route; nobody: 401; other roles: 403). */
export const pickets = (c: Context<AppEnv>, permission: Permission): Actor => allowUnion(c.get('actor'), permission, c.req.method, c.req.path);

/** Organizers and admins run every shift; a site captain only the shifts they captain. */
export const runsEveryShift = (actor: Actor) => actor.person.role === 'admin' || actor.person.role === 'organizer';

export async function dayOf(db: Db, orgId: number, dayId: number, field = 'dayId'): Promise<DayRow> {
  const row = await db.selectFrom('strike_days').selectAll().where('id', '=', dayId).where('organization_id', '=', orgId).executeTakeFirst();
  if (!row) throw new ApiError(404, { code: 'not-found', message: `there is no strike day ${dayId} that you can see`, where: { field }, hint: 'a day id from GET /api/pickets/days' });
  return row;
}

/** A current (not removed) shift of the union, or 404 naming the field. */
export async function shiftOf(db: Db, orgId: number, shiftId: number, field = 'shiftId'): Promise<ShiftRow> {
  const row = await db.selectFrom('picket_shifts').selectAll().where('id', '=', shiftId).where('organization_id', '=', orgId).where('removed_at', 'is', null).executeTakeFirst();
  if (!row) throw new ApiError(404, { code: 'not-found', message: `there is no shift ${shiftId} that you can see`, where: { field }, hint: 'a shift id from GET /api/pickets/days/{dayId}/shifts' });
  return row;
}

/** A current roster member of the union, or 404 naming the field. */
export async function memberOf(db: Db, orgId: number, memberRowId: number, field = 'memberRowId'): Promise<{ id: number; member_id: string; name: string; worksite_id: number | null }> {
  const row = await db.selectFrom('roster_members').select(['id', 'member_id', 'name', 'worksite_id']).where('id', '=', memberRowId).where('organization_id', '=', orgId).where('removed_at', 'is', null).executeTakeFirst();
  if (!row) throw new ApiError(404, { code: 'not-found', message: `there is no member ${memberRowId} that you can see`, where: { field }, hint: 'a member id from GET /api/roster/members' });
  return row;
}

/** The roster row linked to the person's sign-in; 409 picket.no-member-row when there is none. */
export async function myMemberRow(db: Db, actor: Actor): Promise<{ id: number; name: string; worksiteId: number | null }> {
  const row = await db.selectFrom('people').innerJoin('roster_members as m', 'm.id', 'people.member_row_id')
    .select(['m.id', 'm.name', 'm.worksite_id']).where('people.id', '=', actor.person.id).where('m.organization_id', '=', actor.org.id).where('m.removed_at', 'is', null).executeTakeFirst();
  if (!row) throw new ApiError(409, { code: 'picket.no-member-row', message: 'your sign-in is not linked to a roster member; ask an organizer to invite you from the roster', hint: 'an organizer: POST /api/roster/members/{id}/invitation' });
  return { id: row.id, name: row.name, worksiteId: row.worksite_id };
}

/** The member row of the actor, if linked (no error): for captains. */
async function linkedRow(db: Db, actor: Actor): Promise<number | null> {
  const row = await db.selectFrom('people').select('member_row_id').where('id', '=', actor.person.id).executeTakeFirst();
  return row?.member_row_id ?? null;
}

export interface ShiftJson {
  id: number; dayId: number; worksiteId: number | null; worksite: string | null; region: string | null; place: string | null; duty: string;
  startsAt: string; endsAt: string; capacity: number; minimum: number; captain: { memberRowId: number; name: string } | null; signedUp: number; template: string | null;
}

export interface ShiftFilter { dayId?: number; worksiteId?: number; shiftIds?: number[] }

/** How many ids go into one `in (…)` list (well under SQLite's and PostgreSQL's bound-parameter limits). */
const ID_CHUNK = 500;

/**
 * Current sign-ups per shift, for just these shifts (the union's own: the caller read them by
 * `organization_id`, and a sign-up belongs to its shift's union). Counted from the current
 * sign-ups' unique index on (`shift_id`, `member_row_id`), a few entries per shift; a filter on
 * `g.organization_id` here would make SQLite read every sign-up of the union instead.
 */
async function signedUpOn(db: Db, shiftIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < shiftIds.length; i += ID_CHUNK) {
    const chunk = shiftIds.slice(i, i + ID_CHUNK);
    const rows = await db.selectFrom('picket_signups as g')
      .select(['g.shift_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('g.shift_id', 'in', chunk).where('g.ended_at', 'is', null)
      .groupBy('g.shift_id').execute();
    for (const r of rows) out.set(r.shift_id, Number(r.n));
  }
  return out;
}

/**
 * The union's current shifts matching the filter, with their worksite, captain and sign-up count,
 * in order of worksite name and start. With `visibleTo` a site captain: only the shifts they captain.
 */
export async function listShifts(db: Db, orgId: number, filter: ShiftFilter, visibleTo?: Actor): Promise<ShiftJson[]> {
  if (filter.shiftIds && filter.shiftIds.length === 0) return [];
  // A site captain sees only the shifts they captain: find who they are first, and read only those shifts.
  const mine = visibleTo && !runsEveryShift(visibleTo) ? await linkedRow(db, visibleTo) : undefined;
  if (mine === null) return [];

  // Current captains of the union's worksites (first named first), and the shifts' own captains.
  const siteCaptains = new Map<number, { memberRowId: number; name: string }[]>();
  const current = await db.selectFrom('roster_site_captains as k').innerJoin('roster_members as m', 'm.id', 'k.member_row_id')
    .select(['k.worksite_id', 'm.id', 'm.name']).where('k.organization_id', '=', orgId).where('k.ended_at', 'is', null).orderBy('k.assigned_at').orderBy('m.name').execute();
  for (const k of current) siteCaptains.set(k.worksite_id, [...(siteCaptains.get(k.worksite_id) ?? []), { memberRowId: k.id, name: k.name }]);

  let q = db.selectFrom('picket_shifts as s').leftJoin('roster_worksites as w', 'w.id', 's.worksite_id')
    .select(['s.id', 's.strike_day_id', 's.worksite_id', 's.place', 's.duty', 's.starts_at', 's.ends_at', 's.capacity', 's.minimum', 's.captain_member_id', 's.template', 'w.name as worksite', 'w.region'])
    .where('s.removed_at', 'is', null);
  // With a day or shift ids the union is checked row by row (`organization_id + 0`, which no index
  // answers), so SQLite reads just the day's shifts (by their day index) or the shifts named (by
  // id); compared plainly, it reads every shift of the union through picket_shifts_org_idx.
  const narrow = filter.dayId !== undefined || filter.shiftIds !== undefined;
  q = narrow ? q.where(sql<number>`${sql.ref('s.organization_id')} + 0`, '=', orgId) : q.where('s.organization_id', '=', orgId);
  if (filter.dayId !== undefined) q = q.where('s.strike_day_id', '=', filter.dayId);
  if (filter.worksiteId !== undefined) q = q.where('s.worksite_id', '=', filter.worksiteId);
  if (filter.shiftIds) q = q.where('s.id', 'in', filter.shiftIds);
  if (mine !== undefined) {
    // Their own shifts, and those with no captain of their own at a site they captain (the filter below still decides).
    const mySites = [...new Set(current.filter((k) => k.id === mine).map((k) => k.worksite_id))];
    q = q.where((eb) => eb.or([
      eb('s.captain_member_id', '=', mine),
      ...(mySites.length ? [eb.and([eb('s.captain_member_id', 'is', null), eb('s.worksite_id', 'in', mySites)])] : []),
    ]));
  }
  const all = await q.execute();
  const own = [...new Set(all.map((r) => r.captain_member_id).filter((x): x is number => x !== null))];
  const names = new Map(own.length ? (await db.selectFrom('roster_members').select(['id', 'name']).where('organization_id', '=', orgId).where('id', 'in', own).execute()).map((m) => [m.id, m.name]) : []);
  const captainsOf = (r: (typeof all)[number]) => r.captain_member_id !== null
    ? [{ memberRowId: r.captain_member_id, name: names.get(r.captain_member_id) ?? '' }]
    : (r.worksite_id !== null ? siteCaptains.get(r.worksite_id) ?? [] : []);
  const rows = all.filter((r) => mine === undefined || captainsOf(r).some((k) => k.memberRowId === mine));
  if (rows.length === 0) return [];

  // Sign-up counts only for the shifts answered.
  const signedUp = await signedUpOn(db, rows.map((r) => r.id));
  return rows
    .map((r): ShiftJson => ({
      id: r.id, dayId: r.strike_day_id, worksiteId: r.worksite_id, worksite: r.worksite ?? null, region: r.region ?? null, place: r.place, duty: r.duty,
      startsAt: r.starts_at, endsAt: r.ends_at, capacity: r.capacity, minimum: r.minimum, captain: captainsOf(r)[0] ?? null, signedUp: signedUp.get(r.id) ?? 0, template: r.template,
    }))
    .sort((a, b) => (a.worksite ?? a.place ?? '').localeCompare(b.worksite ?? b.place ?? '') || a.startsAt.localeCompare(b.startsAt) || a.duty.localeCompare(b.duty) || a.id - b.id);
}

/** One shift as JSON, if the actor may see it (a captain: only their own shifts; otherwise 404). */
export async function visibleShift(db: Db, actor: Actor, shiftId: number): Promise<ShiftJson> {
  const [shift] = await listShifts(db, actor.org.id, { shiftIds: [shiftId] }, actor);
  if (!shift) throw notFound('shift', shiftId);
  return shift;
}

/** Whether anyone has been checked in or out on the shift (its actions are kept for strike pay). */
export async function hasActions(db: Db, shiftId: number): Promise<boolean> {
  return !!(await db.selectFrom('picket_actions').select('id').where('shift_id', '=', shiftId).limit(1).executeTakeFirst());
}

/** Locks the shift's row until the transaction ends (PostgreSQL; SQLite writers queue anyway), so sign-ups on it are counted one at a time. */
export async function lockShift(tx: Transaction<Database>, orgId: number, shiftId: number): Promise<void> {
  await tx.updateTable('picket_shifts').set((eb) => ({ capacity: eb.ref('capacity') })).where('id', '=', shiftId).where('organization_id', '=', orgId).execute();
}

/**
 * Refuses shifts at the same time as a shift of another strike day (not cancelled, not removed):
 * a moment is one strike day's, and a member checked in on both would be paid for it twice, once
 * for each day (strike pay counts overlapping shifts once within a day). A strike day's shifts
 * start on its date and may run past midnight, so this is about a night shift and the next day's first.
 */
export async function refuseOtherDayOverlap(db: Db, orgId: number, dayId: number, spans: { startsAt: string; endsAt: string }[], exceptShiftId?: number): Promise<void> {
  if (spans.length === 0) return;
  const from = spans.reduce((m, x) => (x.startsAt < m ? x.startsAt : m), spans[0].startsAt);
  const to = spans.reduce((m, x) => (x.endsAt > m ? x.endsAt : m), spans[0].endsAt);
  let q = db.selectFrom('picket_shifts as s').innerJoin('strike_days as d', 'd.id', 's.strike_day_id')
    .select(['s.id', 's.starts_at', 's.ends_at', 'd.date', 'd.label'])
    .where('s.organization_id', '=', orgId).where('s.strike_day_id', '!=', dayId).where('s.removed_at', 'is', null).where('d.cancelled_at', 'is', null)
    .where('s.starts_at', '<', to).where('s.ends_at', '>', from);
  if (exceptShiftId !== undefined) q = q.where('s.id', '!=', exceptShiftId);
  const others = await q.orderBy('s.starts_at').execute();
  for (const span of spans) {
    const other = others.find((o) => o.starts_at < span.endsAt && o.ends_at > span.startsAt);
    if (other) {
      const day = await db.selectFrom('strike_days').select('date').where('id', '=', dayId).where('organization_id', '=', orgId).executeTakeFirstOrThrow();
      throw conflict('picket.overlaps-other-day', `a shift from ${span.startsAt} to ${span.endsAt} would be at the same time as shift ${other.id} of ${other.label} (${other.date}), ${other.starts_at} to ${other.ends_at}: a moment belongs to one strike day, or a member on both would be paid for it twice`, overlapHint(span, other, day.date));
    }
  }
}

/**
 * Advice that can be followed. A shift starts on its own strike day's date, so the new one may end
 * by the other's start when that is after its own start, and may start at the other's end only
 * when the other is the night before's (its end falls on this day); else the other shift is what
 * can change.
 */
function overlapHint(span: { startsAt: string; endsAt: string }, other: { id: number; label: string; date: string; starts_at: string; ends_at: string }, date: string): string {
  const ways = [
    ...(other.starts_at > span.startsAt ? [`end it by ${other.starts_at}`] : []),
    ...(other.date < date && other.ends_at < span.endsAt ? [`start it at ${other.ends_at} or later`] : []),
  ];
  return [...ways, `change or remove shift ${other.id} of ${other.label} (${other.date})`].join(', or ');
}
