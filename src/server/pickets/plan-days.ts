/**
 * Strike days: an organizer declares a day (its date, a label, the time zone its shift times are
 * in), renames or cancels it. Captains see the days too, with the counts of their own shifts.
 */
import { EARLIEST_DATE, LATEST_DATE } from '../../proposals/limits.ts';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { isDate, isTimeZone } from '../../pickets/local-time.ts';
import { audit } from '../audit.ts';
import type { Actor, AppEnv } from '../env.ts';
import { ApiError, conflict } from '../errors.ts';
import { errors, jsonBody, ok } from '../schemas.ts';
import { announce } from './changes.ts';
import { DayBody, DayEditBody, DayParams, DaySchema } from './plan-schemas.ts';
import { dayOf, listShifts, pickets, runsEveryShift, type Db, type DayRow } from './plan-store.ts';
import { keepPaidWeeks } from './pay-guard.ts';

export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';

const list = createRoute({
  method: 'get', path: '/api/pickets/days', tags: ['pickets'], summary: 'The union\'s strike days, in date order, with how many shifts and sites each has (a captain: their own shifts)',
  responses: { 200: ok(z.object({ days: z.array(DaySchema) }).openapi('StrikeDays'), 'The days'), ...errors(401, 403, 404) },
});
const create = createRoute({
  method: 'post', path: '/api/pickets/days', tags: ['pickets'], summary: 'Declare a strike day',
  request: jsonBody(DayBody, 'Its date, a label and the time zone of its shift times'),
  responses: { 201: ok(z.object({ day: DaySchema }), 'Declared'), ...errors(400, 401, 403, 404, 409) },
});
const edit = createRoute({
  method: 'patch', path: '/api/pickets/days/{dayId}', tags: ['pickets'], summary: 'Rename a strike day, or cancel it (or undo the cancellation); a day members were checked in on cannot be cancelled (409)',
  request: { params: DayParams, ...jsonBody(DayEditBody, 'The fields to change') },
  responses: { 200: ok(z.object({ day: DaySchema }), 'The day as changed'), ...errors(400, 401, 403, 404, 409) },
});

type Counts = Map<number, { shifts: number; sites: number }>;

async function countsOf(db: Db, actor: Actor): Promise<Counts> {
  const out: Counts = new Map();
  if (runsEveryShift(actor)) {
    const rows = await db.selectFrom('picket_shifts').select(['strike_day_id', (eb) => eb.fn.countAll<number | string>().as('shifts'), (eb) => eb.fn.count<number | string>('worksite_id').distinct().as('sites')])
      .where('organization_id', '=', actor.org.id).where('removed_at', 'is', null).groupBy('strike_day_id').execute();
    for (const r of rows) out.set(r.strike_day_id, { shifts: Number(r.shifts), sites: Number(r.sites) });
    return out;
  }
  const sites = new Map<number, Set<number>>();
  for (const s of await listShifts(db, actor.org.id, {}, actor)) {
    const c = out.get(s.dayId) ?? { shifts: 0, sites: 0 };
    c.shifts++;
    const set = sites.get(s.dayId) ?? new Set<number>();
    if (s.worksiteId !== null) set.add(s.worksiteId);
    sites.set(s.dayId, set);
    c.sites = set.size;
    out.set(s.dayId, c);
  }
  return out;
}

/** How many members are checked in (their attendance, what strike pay reads) on a shift of this day. */
async function checkedInOn(db: Db, dayId: number): Promise<number> {
  const r = await db.selectFrom('picket_attendance').innerJoin('picket_shifts', 'picket_shifts.id', 'picket_attendance.shift_id')
    .select((eb) => eb.fn.count<number | string>('picket_attendance.member_row_id').distinct().as('n'))
    .where('picket_shifts.strike_day_id', '=', dayId).where('picket_attendance.checked_in_at', 'is not', null).executeTakeFirst();
  return Number(r?.n ?? 0);
}

export const dayJson = (d: DayRow, counts?: Counts) => ({
  id: d.id, date: d.date, label: d.label, timeZone: d.time_zone, cancelled: d.cancelled_at !== null, shifts: counts?.get(d.id)?.shifts ?? 0, sites: counts?.get(d.id)?.sites ?? 0,
});

export function dayRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(list, async (c) => {
    const actor = pickets(c, 'picket.captain');
    const db = c.get('deps').db;
    const days = await db.selectFrom('strike_days').selectAll().where('organization_id', '=', actor.org.id).orderBy('date').execute();
    const counts = await countsOf(db, actor);
    return c.json({ days: days.map((d) => dayJson(d, counts)) }, 200);
  });

  app.openapi(create, async (c) => {
    const actor = pickets(c, 'picket.plan');
    const deps = c.get('deps');
    const b = c.req.valid('json');
    const timeZone = b.timeZone ?? DEFAULT_TIME_ZONE;
    if (!isDate(b.date)) throw new ApiError(400, { code: 'request.invalid-date', message: `body date: ${b.date} is not a date on the calendar`, where: { field: 'date' }, hint: '"2019-01-14"' });
    if (b.date < EARLIEST_DATE || b.date > LATEST_DATE) throw new ApiError(400, { code: 'request.date-out-of-range', message: `body date: ${b.date} is not a strike day's date: dates run from ${EARLIEST_DATE} to ${LATEST_DATE}`, where: { field: 'date' }, hint: '"2019-01-14"' });
    if (!isTimeZone(timeZone)) throw new ApiError(400, { code: 'request.invalid-time-zone', message: `body timeZone: ${JSON.stringify(timeZone)} is not a time zone this server knows`, where: { field: 'timeZone' }, hint: '"America/Los_Angeles" (an IANA time zone name)' });
    const at = deps.now().toISOString();
    // A strike is declared days or weeks ahead: a day more than a year away is a mistyped year (and
    // would open a strike-pay week, with exceptions paid on it, decades away).
    const latest = new Date(deps.now().getTime() + 366 * 86_400_000).toISOString().slice(0, 10);
    if (b.date > latest) throw new ApiError(400, { code: 'picket.day-too-far', message: `body date: ${b.date} is more than a year away: a strike day is declared ahead of the strike, by ${latest} at the latest`, where: { field: 'date' }, hint: `"${at.slice(0, 10)}"` });
    const row: DayRow = { id: deps.ids.next(actor.org.id), organization_id: actor.org.id, date: b.date, label: b.label, time_zone: timeZone, created_by: actor.person.id, created_at: at, cancelled_at: null };
    await deps.db.transaction().execute(async (tx) => {
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'picket.day-create', subject: `strike-days/${row.id}`, at });
      const same = await tx.selectFrom('strike_days').select('label').where('organization_id', '=', actor.org.id).where('date', '=', b.date).executeTakeFirst();
      if (same) throw conflict('picket.day-exists', `${b.date} is already a strike day ("${same.label}")`, 'rename it with PATCH /api/pickets/days/{dayId}, or choose another date');
      await keepPaidWeeks(tx, actor.org.id, { date: b.date, counts: true, what: `declaring ${b.date} a strike day`, field: 'date' });
      await tx.insertInto('strike_days').values(row).execute();
    });
    return c.json({ day: dayJson(row) }, 201);
  });

  app.openapi(edit, async (c) => {
    const actor = pickets(c, 'picket.plan');
    const deps = c.get('deps');
    const { dayId } = c.req.valid('param');
    const b = c.req.valid('json');
    if (Object.keys(b).length === 0) throw new ApiError(400, { code: 'picket.nothing-to-change', message: 'name at least one field to change', where: { field: 'body' }, hint: '{"label": "Strike day 1"} or {"cancelled": true}' });
    const at = deps.now().toISOString();
    const day = await deps.db.transaction().execute(async (tx) => {
      const d = await dayOf(tx, actor.org.id, dayId);
      const change: Partial<DayRow> = {};
      if (b.label !== undefined) change.label = b.label;
      if (b.cancelled !== undefined) change.cancelled_at = b.cancelled ? d.cancelled_at ?? at : null;
      if (b.cancelled === true && d.cancelled_at === null) {
        // A day members picketed stays: strike pay is worked out from its check-ins, and a
        // cancelled day counts for nobody (a paid week would no longer match its payout file).
        const n = await checkedInOn(tx, d.id);
        if (n > 0) throw conflict('picket.day-has-check-ins', `${n === 1 ? '1 member was' : `${n.toLocaleString('en-US')} members were`} checked in on ${d.date}: it stays a strike day, because their check-ins count for strike pay`, 'to end the day early, tell members from the board: a check-in timed more than 30 minutes after its shift\'s end is refused, and a shift\'s capacity and minimum set to 0 (PATCH /api/pickets/shifts/{shiftId} {"capacity": 0, "minimum": 0}) stop new sign-ups');
      }
      if (b.cancelled !== undefined && b.cancelled !== (d.cancelled_at !== null)) {
        await keepPaidWeeks(tx, actor.org.id, { date: d.date, counts: !b.cancelled, what: `${b.cancelled ? 'cancelling' : 'restoring'} ${d.date}`, field: 'cancelled' });
      }
      if (Object.keys(change).length > 0) {
        await tx.updateTable('strike_days').set(change).where('id', '=', d.id).execute();
        await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: b.cancelled === true ? 'picket.day-cancel' : 'picket.day-edit', subject: `strike-days/${d.id}`, at });
      }
      return { ...d, ...change };
    });
    announce(deps, actor.org.id, [day.id]);
    const counts = await countsOf(deps.db, actor);
    return c.json({ day: dayJson(day, counts) }, 200);
  });
}
