/**
 * The captain's side of check-in (docs/pickets.md, "Check-in"): the shifts I run, a shift's list
 * (signed up, checked in, conflicts shown) and its rotating codes for the whole shift (kept on the
 * phone, shown offline). And a member's own check-ins. A shift the caller does not run answers 404
 * as if it did not exist: captains see only their own sites' shifts.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AUTO_OUT_AFTER_MS, awayFromColumn, withAutoCheckOut } from '../../pickets/attendance.ts';
import { CODE_WINDOW_SECONDS, codesForShift } from '../../pickets/codes.ts';
import type { Attendance, Conflict, Method } from '../../pickets/types.ts';
import type { Actor, AppEnv } from '../env.ts';
import { allowUnion } from '../authz.ts';
import { notFound } from '../errors.ts';
import { errors, ok } from '../schemas.ts';
import { mayCaptain, noMemberRow } from './checkin-batch.ts';
import { memberRowsOf, shiftFacts, type ShiftFacts } from './checkin-lookup.ts';
import { CaptainShiftsAnswer, CaptainShiftsQuery, CodesAnswer, MyAttendanceAnswer, ShiftAttendanceAnswer, ShiftIdParams } from './checkin-captain-schemas.ts';


const shiftsRoute = createRoute({
  method: 'get', path: '/api/pickets/captain/shifts', tags: ['pickets'], summary: 'The shifts I run (a site captain: my sites\' shifts; an organizer: every shift, by day and site), with counts',
  request: { query: CaptainShiftsQuery }, responses: { 200: ok(CaptainShiftsAnswer, 'The shifts'), ...errors(400, 401, 403, 404) },
});
const attendanceRoute = createRoute({
  method: 'get', path: '/api/pickets/shifts/{shiftId}/attendance', tags: ['pickets'], summary: 'A shift\'s list: who signed up, who checked in and out, and conflicts between recorders',
  request: { params: ShiftIdParams }, responses: { 200: ok(ShiftAttendanceAnswer, 'The list'), ...errors(400, 401, 403, 404) },
});
const codesRoute = createRoute({
  method: 'get', path: '/api/pickets/shifts/{shiftId}/codes', tags: ['pickets'], summary: 'The shift\'s rotating check-in codes, every 5-minute window from 30 minutes before the start to 30 minutes after the end (for the captain\'s phone to show offline)',
  request: { params: ShiftIdParams }, responses: { 200: ok(CodesAnswer, 'The codes'), ...errors(400, 401, 403, 404) },
});
const mineRoute = createRoute({
  method: 'get', path: '/api/me/pickets/attendance', tags: ['pickets'], summary: 'My check-ins and check-outs, shift by shift',
  responses: { 200: ok(MyAttendanceAnswer, 'My attendance'), ...errors(401, 403, 404, 409) },
});

type Db = Kysely<Database>;

/** The shift, if the actor may run it; otherwise 404 (the same as no such shift). */
async function runShift(db: Db, actor: Actor, shiftId: number): Promise<ShiftFacts> {
  return db.transaction().execute(async (tx) => {
    const shift = (await shiftFacts(tx, [shiftId])).get(shiftId);
    const row = (await memberRowsOf(tx, [actor.person.id])).get(actor.person.id) ?? null;
    if (!shift || shift.organizationId !== actor.org.id || shift.removed || !mayCaptain(shift, actor.person.role, row)) throw notFound('shift', shiftId);
    return shift;
  });
}

const stored = (r: { checked_in_at: string | null; checked_out_at: string | null; out_method: string | null; conflict: string | null; away?: string }): Attendance => {
  return { checkedInAt: r.checked_in_at, checkedOutAt: r.checked_out_at, outMethod: r.out_method as Method | null, conflict: r.conflict ? (JSON.parse(r.conflict) as Conflict) : null, ...awayFromColumn(r.away) };
};

export function captainRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(shiftsRoute, async (c) => {
    const actor = allowUnion(c.get('actor'), 'picket.member', 'GET', c.req.path);
    const deps = c.get('deps');
    const { dayId, worksiteId } = c.req.valid('query');
    const organizer = ['admin', 'organizer'].includes(actor.person.role);
    const row = (await deps.db.transaction().execute((tx) => memberRowsOf(tx, [actor.person.id]))).get(actor.person.id) ?? null;
    const now = deps.now();
    const nowIso = now.toISOString();
    const autoOutBefore = new Date(now.getTime() - AUTO_OUT_AFTER_MS).toISOString();
    if (!organizer && row === null) return c.json({ shifts: [], truncated: false }, 200);
    let q = deps.db.selectFrom('picket_shifts as s').innerJoin('strike_days as d', 'd.id', 's.strike_day_id').leftJoin('roster_worksites as w', 'w.id', 's.worksite_id')
      .select((eb) => [
        's.id', 's.strike_day_id', 'd.date', 's.worksite_id', 'w.name as worksite', 's.place', 's.duty', 's.starts_at', 's.ends_at', 's.capacity', 's.minimum',
        eb.selectFrom('picket_signups as u').select((e) => e.fn.countAll<number>().as('n')).whereRef('u.shift_id', '=', 's.id').where('u.ended_at', 'is', null).as('signedUp'),
        // As the board counts them (src/pickets/coverage.ts, presentAt): arrived by now, and still
        // there now (not checked out, nor past the automatic check-out 30 minutes after the end).
        eb.selectFrom('picket_attendance as a').select((e) => e.fn.countAll<number>().as('n')).whereRef('a.shift_id', '=', 's.id').where('a.checked_in_at', 'is not', null).where('a.checked_in_at', '<=', nowIso).as('arrived'),
        eb.selectFrom('picket_attendance as a').select((e) => e.fn.countAll<number>().as('n')).whereRef('a.shift_id', '=', 's.id').where('a.checked_in_at', 'is not', null).where('a.checked_in_at', '<=', nowIso)
          .where((e) => e.or([e('a.checked_out_at', '>', nowIso), e.and([e('a.checked_out_at', 'is', null), e(e.ref('s.ends_at'), '>', autoOutBefore)])])).as('checkedIn'),
      ])
      .where('s.organization_id', '=', actor.org.id).where('s.removed_at', 'is', null);
    if (dayId !== undefined) q = q.where('s.strike_day_id', '=', dayId);
    if (worksiteId !== undefined) q = q.where('s.worksite_id', '=', worksiteId);
    if (!organizer) {
      const me = row as number;
      q = q.where((eb) => eb.or([
        eb('s.captain_member_id', '=', me),
        eb.and([eb('s.captain_member_id', 'is', null), eb('s.worksite_id', 'in', eb.selectFrom('roster_site_captains as k').select('k.worksite_id').where('k.member_row_id', '=', me).where('k.ended_at', 'is', null))]),
      ]));
    }
    const LIMIT = 500;
    const rows = await q.orderBy('s.starts_at').orderBy('w.name').orderBy('s.id').limit(LIMIT + 1).execute();
    return c.json({
      shifts: rows.slice(0, LIMIT).map((r) => ({
        id: r.id, dayId: r.strike_day_id, date: r.date, worksiteId: r.worksite_id, worksite: r.worksite ?? null, place: r.place, duty: r.duty, startsAt: r.starts_at, endsAt: r.ends_at,
        capacity: r.capacity, minimum: r.minimum, signedUp: Number(r.signedUp ?? 0), checkedIn: Number(r.checkedIn ?? 0), arrived: Number(r.arrived ?? 0),
      })),
      truncated: rows.length > LIMIT,
    }, 200);
  });

  app.openapi(attendanceRoute, async (c) => {
    const actor = allowUnion(c.get('actor'), 'picket.member', 'GET', c.req.path);
    const deps = c.get('deps');
    const shift = await runShift(deps.db, actor, c.req.valid('param').shiftId);
    const now = deps.now().toISOString();
    const signups = await deps.db.selectFrom('picket_signups').select('member_row_id').where('shift_id', '=', shift.id).where('ended_at', 'is', null).execute();
    const att = await deps.db.selectFrom('picket_attendance').selectAll().where('shift_id', '=', shift.id).execute();
    const ids = [...new Set([...signups.map((s) => s.member_row_id), ...att.map((a) => a.member_row_id)])];
    const members = ids.length ? await deps.db.selectFrom('roster_members').select(['id', 'member_id', 'name']).where('id', 'in', ids).execute() : [];
    const byId = new Map(members.map((m) => [m.id, m]));
    const signed = new Set(signups.map((s) => s.member_row_id));
    const attBy = new Map(att.map((a) => [a.member_row_id, a]));
    const people = ids.map((id) => {
      const a = attBy.get(id);
      const now2 = a ? withAutoCheckOut(stored(a), shift, now) : { checkedInAt: null, checkedOutAt: null, outMethod: null, conflict: null };
      return { memberRowId: id, memberId: byId.get(id)?.member_id ?? '', name: byId.get(id)?.name ?? '', signedUp: signed.has(id), ...now2 };
    }).sort((x, y) => x.name.localeCompare(y.name) || x.memberRowId - y.memberRowId);
    return c.json({ shift: { id: shift.id, dayId: shift.strikeDayId, worksiteId: shift.worksiteId, startsAt: shift.startsAt, endsAt: shift.endsAt }, people }, 200);
  });

  app.openapi(codesRoute, async (c) => {
    const actor = allowUnion(c.get('actor'), 'picket.member', 'GET', c.req.path);
    const shift = await runShift(c.get('deps').db, actor, c.req.valid('param').shiftId);
    return c.json({ windowSeconds: CODE_WINDOW_SECONDS, codes: codesForShift(shift.secret, shift) }, 200);
  });

  app.openapi(mineRoute, async (c) => {
    const actor = allowUnion(c.get('actor'), 'picket.member', 'GET', c.req.path);
    const deps = c.get('deps');
    const row = (await deps.db.transaction().execute((tx) => memberRowsOf(tx, [actor.person.id]))).get(actor.person.id) ?? null;
    if (row === null) throw noMemberRow();
    const now = deps.now().toISOString();
    const rows = await deps.db.selectFrom('picket_attendance as a').innerJoin('picket_shifts as s', 's.id', 'a.shift_id').innerJoin('strike_days as d', 'd.id', 's.strike_day_id').leftJoin('roster_worksites as w', 'w.id', 's.worksite_id')
      .select(['a.shift_id', 'a.checked_in_at', 'a.checked_out_at', 'a.out_method', 'a.conflict', 'a.away', 's.strike_day_id', 'd.date', 'w.name as worksite', 's.place', 's.duty', 's.starts_at', 's.ends_at'])
      .where('a.organization_id', '=', actor.org.id).where('a.member_row_id', '=', row).orderBy('s.starts_at', 'desc').limit(1000).execute();
    return c.json({
      attendance: rows.map((r) => ({
        shiftId: r.shift_id, dayId: r.strike_day_id, date: r.date, worksite: r.worksite ?? null, place: r.place, duty: r.duty, startsAt: r.starts_at, endsAt: r.ends_at,
        ...withAutoCheckOut(stored(r), { startsAt: r.starts_at, endsAt: r.ends_at }, now),
      })),
    }, 200);
  });
}

