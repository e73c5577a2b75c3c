/**
 * Shifts by hand: list a day's shifts (a captain: their own), add one (at a worksite, or an
 * alternate duty at a place), change its times, capacity or captain, remove it (refused once
 * anyone was checked in: those check-ins are strike pay), and set a worksite's region.
 */
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Database } from '../../db/schema.ts';
import { utcToLocal } from '../../pickets/local-time.ts';
import { audit } from '../audit.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, conflict, notFound } from '../errors.ts';
import { errors, jsonBody, ok } from '../schemas.ts';
import { announce } from './changes.ts';
import { DayParams, RegionBody, ShiftBody, ShiftEditBody, ShiftParams, ShiftSchema, ShiftsQuery, WorksiteParams } from './plan-schemas.ts';
import { dayOf, hasActions, listShifts, memberOf, pickets, refuseOtherDayOverlap, shiftOf, type DayRow, type ShiftRow } from './plan-store.ts';
import { keepPaidShift } from './pay-guard.ts';

const list = createRoute({
  method: 'get', path: '/api/pickets/days/{dayId}/shifts', tags: ['pickets'], summary: 'A strike day\'s shifts with their captain and how many signed up (a site captain: only the shifts they captain)',
  request: { params: DayParams, query: ShiftsQuery },
  responses: { 200: ok(z.object({ shifts: z.array(ShiftSchema) }).openapi('PicketShifts'), 'The shifts'), ...errors(400, 401, 403, 404) },
});
const create = createRoute({
  method: 'post', path: '/api/pickets/days/{dayId}/shifts', tags: ['pickets'], summary: 'Add a shift: at a worksite, or an alternate duty (phone banking, food, child care, access) at a place',
  request: { params: DayParams, ...jsonBody(ShiftBody, 'The shift') },
  responses: { 201: ok(z.object({ shift: ShiftSchema }), 'Added'), ...errors(400, 401, 403, 404, 409) },
});
const edit = createRoute({
  method: 'patch', path: '/api/pickets/shifts/{shiftId}', tags: ['pickets'], summary: 'Change a shift\'s times, capacity, minimum or captain',
  request: { params: ShiftParams, ...jsonBody(ShiftEditBody, 'The fields to change') },
  responses: { 200: ok(z.object({ shift: ShiftSchema }), 'The shift as changed'), ...errors(400, 401, 403, 404) },
});
const remove = createRoute({
  method: 'delete', path: '/api/pickets/shifts/{shiftId}', tags: ['pickets'], summary: 'Remove a shift and end its sign-ups (refused once anyone was checked in on it)',
  request: { params: ShiftParams },
  responses: { 200: ok(z.object({ removed: z.literal(true), endedSignups: z.number().int() }), 'Removed'), ...errors(400, 401, 403, 404, 409) },
});
const region = createRoute({
  method: 'put', path: '/api/pickets/worksites/{worksiteId}/region', tags: ['pickets'], summary: 'Set the region the coverage board groups a worksite under (null: none)',
  request: { params: WorksiteParams, ...jsonBody(RegionBody, 'The region') },
  responses: { 200: ok(z.object({ worksite: z.object({ id: z.number().int(), name: z.string(), region: z.string().nullable() }) }), 'Set'), ...errors(400, 401, 403, 404) },
});

const bad = (field: string, message: string, hint?: string) => new ApiError(400, { code: 'picket.shift-invalid', message: `body ${field}: ${message}`, where: { field }, hint });

/** The checks a shift's times and numbers must pass (as stored: UTC instants on the day). */
function checkShift(s: { startsAt: string; endsAt: string; capacity: number; minimum: number }, day: DayRow): void {
  if (Date.parse(s.endsAt) <= Date.parse(s.startsAt)) throw bad('endsAt', `the shift must end after it starts (${s.startsAt} – ${s.endsAt})`, '"startsAt": "2019-01-14T14:30:00.000Z", "endsAt": "2019-01-14T17:30:00.000Z"');
  if (Date.parse(s.endsAt) - Date.parse(s.startsAt) > 24 * 3_600_000) throw bad('endsAt', 'a shift lasts at most 24 hours');
  const local = utcToLocal(s.startsAt, day.time_zone);
  if (local.date !== day.date) throw bad('startsAt', `the shift starts on ${local.date} at ${local.time} in ${day.time_zone}, not on the strike day ${day.date}`, 'a start on the strike day, in UTC');
  if (s.minimum > s.capacity) throw bad('minimum', `the minimum (${s.minimum}) cannot be more than the capacity (${s.capacity})`, '"capacity": 20, "minimum": 5');
}

const iso = (s: string) => new Date(s).toISOString();
/** A place as people type it: case and spaces aside ("Union Hall Kitchen " is "Union hall kitchen"). */
const placeKey = (p: string) => p.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The same shift twice (a second tap on a slow connection, or a change of times onto another's)
 * would split its sign-ups and double its capacity on the board: refused, naming the one there,
 * as the template skips it.
 */
async function refuseSameShift(tx: Transaction<Database>, day: DayRow, s: { worksiteId: number | null; place: string | null; duty: string; startsAt: string; endsAt: string; capacity: number }, except?: number): Promise<void> {
  const rows = await tx.selectFrom('picket_shifts').select(['id', 'place', 'capacity']).where('strike_day_id', '=', day.id).where('removed_at', 'is', null).where('duty', '=', s.duty)
    .where('starts_at', '=', s.startsAt).where('ends_at', '=', s.endsAt).where('id', '!=', except ?? -1)
    .where((eb) => (s.worksiteId !== null ? eb('worksite_id', '=', s.worksiteId) : eb('worksite_id', 'is', null))).execute();
  const same = rows.find((r) => s.worksiteId !== null || (r.place !== null && s.place !== null && placeKey(r.place) === placeKey(s.place)));
  if (!same) return;
  const [from, to] = [utcToLocal(s.startsAt, day.time_zone), utcToLocal(s.endsAt, day.time_zone)];
  throw conflict('picket.shift-exists', `shift ${same.id} is already this ${s.duty} shift, at the same ${s.worksiteId !== null ? 'worksite' : 'place'} from ${from.time} to ${to.time} on ${from.date} (${day.time_zone} time)`,
    `change shift ${same.id} instead (PATCH /api/pickets/shifts/${same.id} {"capacity": ${same.capacity + s.capacity}} for both shifts' places), or give this one other times`);
}
const notCancelled = (day: DayRow) => {
  if (day.cancelled_at) throw conflict('picket.day-cancelled', `${day.label} (${day.date}) is cancelled: plan shifts on it after undoing the cancellation`, 'PATCH /api/pickets/days/{dayId} {"cancelled": false}');
};

export function shiftRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(list, async (c) => {
    const actor = pickets(c, 'picket.captain');
    const db = c.get('deps').db;
    const { dayId } = c.req.valid('param');
    const { worksiteId } = c.req.valid('query');
    await dayOf(db, actor.org.id, dayId);
    return c.json({ shifts: await listShifts(db, actor.org.id, { dayId, worksiteId }, actor) }, 200);
  });

  app.openapi(create, async (c) => {
    const actor = pickets(c, 'picket.plan');
    const deps = c.get('deps');
    const { dayId } = c.req.valid('param');
    const b = c.req.valid('json');
    const at = deps.now().toISOString();
    const id = await deps.db.transaction().execute(async (tx) => {
      const day = await dayOf(tx, actor.org.id, dayId);
      notCancelled(day);
      if (b.worksiteId === undefined && (b.place === undefined || b.place === '')) throw bad('worksiteId', 'say where: a worksiteId, or for an alternate duty a place', '"worksiteId": 12, or "place": "Union hall, phone room"');
      if (b.duty === 'picket' && b.worksiteId === undefined) throw bad('worksiteId', 'a picket shift is at a worksite', '"worksiteId": 12');
      if (b.worksiteId !== undefined && b.place) throw bad('place', 'a shift is at a worksite or at a place, not both: the board would show it at the worksite and the place would be lost', '"worksiteId": 12, or "place": "Union hall, phone room"');
      const s = { startsAt: iso(b.startsAt), endsAt: iso(b.endsAt), capacity: b.capacity, minimum: b.minimum };
      checkShift(s, day);
      await refuseOtherDayOverlap(tx, actor.org.id, day.id, [s]);
      if (b.worksiteId !== undefined) {
        const w = await tx.selectFrom('roster_worksites').select('id').where('id', '=', b.worksiteId).where('organization_id', '=', actor.org.id).executeTakeFirst();
        if (!w) throw new ApiError(404, { code: 'not-found', message: `there is no worksite ${b.worksiteId} that you can see`, where: { field: 'worksiteId' }, hint: 'a worksite id from GET /api/roster/worksites' });
      }
      if (b.captainMemberRowId !== undefined) await memberOf(tx, actor.org.id, b.captainMemberRowId, 'captainMemberRowId');
      await refuseSameShift(tx, day, { worksiteId: b.worksiteId ?? null, place: b.place || null, duty: b.duty, ...s });
      const row: ShiftRow = {
        id: deps.ids.next(actor.org.id), organization_id: actor.org.id, strike_day_id: day.id, worksite_id: b.worksiteId ?? null, place: b.place || null, duty: b.duty,
        starts_at: s.startsAt, ends_at: s.endsAt, capacity: s.capacity, minimum: s.minimum, captain_member_id: b.captainMemberRowId ?? null, template: null,
        code_secret: randomBytes(32).toString('hex'), created_by: actor.person.id, created_at: at, updated_at: at, removed_at: null,
      };
      await tx.insertInto('picket_shifts').values(row).execute();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'picket.shift-create', subject: `picket-shifts/${row.id}`, at });
      return row.id;
    });
    announce(deps, actor.org.id, [dayId]);
    const [shift] = await listShifts(deps.db, actor.org.id, { shiftIds: [id] });
    return c.json({ shift }, 201);
  });

  app.openapi(edit, async (c) => {
    const actor = pickets(c, 'picket.plan');
    const deps = c.get('deps');
    const { shiftId } = c.req.valid('param');
    const b = c.req.valid('json');
    if (Object.keys(b).length === 0) throw new ApiError(400, { code: 'picket.nothing-to-change', message: 'name at least one field to change', where: { field: 'body' }, hint: '{"capacity": 30}' });
    const at = deps.now().toISOString();
    const dayId = await deps.db.transaction().execute(async (tx) => {
      const old = await shiftOf(tx, actor.org.id, shiftId);
      const day = await dayOf(tx, actor.org.id, old.strike_day_id);
      const s = { startsAt: b.startsAt ? iso(b.startsAt) : old.starts_at, endsAt: b.endsAt ? iso(b.endsAt) : old.ends_at, capacity: b.capacity ?? old.capacity, minimum: b.minimum ?? old.minimum };
      checkShift(s, day);
      const retimed = s.startsAt !== old.starts_at ? 'startsAt' : s.endsAt !== old.ends_at ? 'endsAt' : null;
      if (retimed) await keepPaidShift(tx, actor.org.id, { id: old.id, date: day.date, field: retimed });
      if (retimed) await refuseOtherDayOverlap(tx, actor.org.id, day.id, [s], old.id);
      if (retimed) await refuseSameShift(tx, day, { worksiteId: old.worksite_id, place: old.place, duty: old.duty, ...s }, old.id);
      if (b.captainMemberRowId != null) await memberOf(tx, actor.org.id, b.captainMemberRowId, 'captainMemberRowId');
      await tx.updateTable('picket_shifts').set({
        starts_at: s.startsAt, ends_at: s.endsAt, capacity: s.capacity, minimum: s.minimum,
        captain_member_id: b.captainMemberRowId === undefined ? old.captain_member_id : b.captainMemberRowId, updated_at: at,
      }).where('id', '=', old.id).execute();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'picket.shift-edit', subject: `picket-shifts/${old.id}`, at });
      return day.id;
    });
    announce(deps, actor.org.id, [dayId]);
    const [shift] = await listShifts(deps.db, actor.org.id, { shiftIds: [shiftId] });
    return c.json({ shift }, 200);
  });

  app.openapi(remove, async (c) => {
    const actor = pickets(c, 'picket.plan');
    const deps = c.get('deps');
    const { shiftId } = c.req.valid('param');
    const at = deps.now().toISOString();
    const done = await deps.db.transaction().execute(async (tx) => {
      const old = await shiftOf(tx, actor.org.id, shiftId);
      if (await hasActions(tx, old.id)) throw conflict('picket.shift-has-check-ins', 'members were checked in on this shift: it stays, because their check-ins count for strike pay', 'set its capacity to 0 to stop sign-ups (PATCH /api/pickets/shifts/{shiftId} {"capacity": 0, "minimum": 0})');
      await tx.updateTable('picket_shifts').set({ removed_at: at, updated_at: at }).where('id', '=', old.id).execute();
      const ended = await tx.updateTable('picket_signups').set({ ended_at: at, ended_by: actor.person.id }).where('shift_id', '=', old.id).where('ended_at', 'is', null).executeTakeFirst();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'picket.shift-remove', subject: `picket-shifts/${old.id}`, at });
      return { dayId: old.strike_day_id, ended: Number(ended.numUpdatedRows) };
    });
    announce(deps, actor.org.id, [done.dayId]);
    return c.json({ removed: true as const, endedSignups: done.ended }, 200);
  });

  app.openapi(region, async (c) => {
    const actor = pickets(c, 'picket.plan');
    const deps = c.get('deps');
    const { worksiteId } = c.req.valid('param');
    const value = c.req.valid('json').region?.trim() || null;
    const at = deps.now().toISOString();
    const w = await deps.db.transaction().execute(async (tx) => {
      const site = await tx.selectFrom('roster_worksites').select(['id', 'name']).where('id', '=', worksiteId).where('organization_id', '=', actor.org.id).executeTakeFirst();
      if (!site) throw notFound('worksite', worksiteId);
      await tx.updateTable('roster_worksites').set({ region: value }).where('id', '=', site.id).execute();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'picket.region-set', subject: `roster-worksites/${site.id}`, at });
      return site;
    });
    const days = await deps.db.selectFrom('picket_shifts').select('strike_day_id').distinct().where('organization_id', '=', actor.org.id).where('worksite_id', '=', worksiteId).where('removed_at', 'is', null).execute();
    announce(deps, actor.org.id, days.map((d) => d.strike_day_id));
    return c.json({ worksite: { id: w.id, name: w.name, region: value } }, 200);
  });
}
