/**
 * Who is on a shift, and an organizer's changes to it: assign a member (over capacity if need
 * be, and the answer says so), cancel a sign-up, move a member to another shift (the old sign-up
 * ends and points at the new one, in one transaction). A captain sees the list of their own shifts.
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { audit } from '../audit.ts';
import type { AppEnv } from '../env.ts';
import { conflict } from '../errors.ts';
import { errors, jsonBody, ok } from '../schemas.ts';
import { announce } from './changes.ts';
import { MemberBody, MoveBody, ShiftParams, SignupAnswer, SignupParams, SignupSchema } from './plan-schemas.ts';
import { dayOf, memberOf, pickets, shiftOf, visibleShift, type ShiftRow, type Db } from './plan-store.ts';
import { currentSignup, mustHaveNoCheckIns, signUp, signupJson } from './signup-store.ts';

const list = createRoute({
  method: 'get', path: '/api/pickets/shifts/{shiftId}/signups', tags: ['pickets'], summary: 'Who signed up for a shift (a site captain: their own shifts only)',
  request: { params: ShiftParams },
  responses: { 200: ok(z.object({ signups: z.array(SignupSchema) }).openapi('PicketSignups'), 'The sign-ups, by name'), ...errors(400, 401, 403, 404) },
});
const assign = createRoute({
  method: 'post', path: '/api/pickets/shifts/{shiftId}/signups', tags: ['pickets'], summary: 'Assign a member to a shift (an organizer may go over capacity: the answer says so)',
  request: { params: ShiftParams, ...jsonBody(MemberBody, 'The member (roster row id)') },
  responses: { 201: ok(SignupAnswer, 'Assigned'), ...errors(400, 401, 403, 404, 409) },
});
const cancel = createRoute({
  method: 'delete', path: '/api/pickets/signups/{signupId}', tags: ['pickets'], summary: 'Cancel a member\'s sign-up (refused once they were checked in on it)',
  request: { params: SignupParams },
  responses: { 200: ok(z.object({ signup: SignupSchema, endedAt: z.string() }), 'Cancelled'), ...errors(400, 401, 403, 404, 409) },
});
const move = createRoute({
  method: 'post', path: '/api/pickets/signups/{signupId}/move', tags: ['pickets'], summary: 'Move a member to another shift (one transaction; an organizer may go over capacity: the answer says so)',
  request: { params: SignupParams, ...jsonBody(MoveBody, 'The shift to move to') },
  responses: { 200: ok(SignupAnswer.extend({ from: z.number().int() }), 'Moved: the new sign-up'), ...errors(400, 401, 403, 404, 409) },
});

async function plannable(db: Db, orgId: number, shift: ShiftRow) {
  const day = await dayOf(db, orgId, shift.strike_day_id);
  if (day.cancelled_at) throw conflict('picket.day-cancelled', `${day.label} (${day.date}) is cancelled`, 'PATCH /api/pickets/days/{dayId} {"cancelled": false}');
  return day;
}

const overNote = (over: boolean, shift: ShiftRow) => (over ? { note: `the shift is now over its capacity of ${shift.capacity}` } : {});

export function signupRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(list, async (c) => {
    const actor = pickets(c, 'picket.captain');
    const db = c.get('deps').db;
    const { shiftId } = c.req.valid('param');
    await visibleShift(db, actor, shiftId);
    const rows = await db.selectFrom('picket_signups as g').innerJoin('roster_members as m', 'm.id', 'g.member_row_id')
      .select(['g.id', 'g.shift_id', 'g.member_row_id', 'g.source', 'g.created_at', 'm.member_id', 'm.name'])
      .where('g.shift_id', '=', shiftId).where('g.organization_id', '=', actor.org.id).where('g.ended_at', 'is', null).orderBy('m.name').orderBy('m.member_id').execute();
    return c.json({ signups: rows.map((r) => ({ id: r.id, shiftId: r.shift_id, memberRowId: r.member_row_id, memberId: r.member_id, name: r.name, source: r.source as 'self' | 'assigned', createdAt: r.created_at })) }, 200);
  });

  app.openapi(assign, async (c) => {
    const actor = pickets(c, 'picket.plan');
    const deps = c.get('deps');
    const { shiftId } = c.req.valid('param');
    const { memberRowId } = c.req.valid('json');
    const at = deps.now().toISOString();
    const done = await deps.db.transaction().execute(async (tx) => {
      const shift = await shiftOf(tx, actor.org.id, shiftId);
      await plannable(tx, actor.org.id, shift);
      const member = await memberOf(tx, actor.org.id, memberRowId);
      const r = await signUp(tx, deps, { orgId: actor.org.id, personId: actor.person.id, shift, member, source: 'assigned', holdToCapacity: false });
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'picket.signup-assign', subject: `picket-signups/${r.row.id}`, at });
      return { ...r, shift, signup: await signupJson(tx, r.row) };
    });
    announce(deps, actor.org.id, [done.shift.strike_day_id]);
    return c.json({ signup: done.signup, overCapacity: done.overCapacity, ...overNote(done.overCapacity, done.shift) }, 201);
  });

  app.openapi(cancel, async (c) => {
    const actor = pickets(c, 'picket.plan');
    const deps = c.get('deps');
    const { signupId } = c.req.valid('param');
    const at = deps.now().toISOString();
    const done = await deps.db.transaction().execute(async (tx) => {
      const row = await currentSignup(tx, actor.org.id, signupId);
      await mustHaveNoCheckIns(tx, row);
      await tx.updateTable('picket_signups').set({ ended_at: at, ended_by: actor.person.id }).where('id', '=', row.id).execute();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'picket.signup-cancel', subject: `picket-signups/${row.id}`, at });
      const shift = await tx.selectFrom('picket_shifts').select('strike_day_id').where('id', '=', row.shift_id).executeTakeFirstOrThrow();
      return { signup: await signupJson(tx, row), dayId: shift.strike_day_id };
    });
    announce(deps, actor.org.id, [done.dayId]);
    return c.json({ signup: done.signup, endedAt: at }, 200);
  });

  app.openapi(move, async (c) => {
    const actor = pickets(c, 'picket.plan');
    const deps = c.get('deps');
    const { signupId } = c.req.valid('param');
    const { shiftId } = c.req.valid('json');
    const at = deps.now().toISOString();
    const done = await deps.db.transaction().execute(async (tx) => {
      const old = await currentSignup(tx, actor.org.id, signupId);
      const to = await shiftOf(tx, actor.org.id, shiftId);
      if (to.id === old.shift_id) throw conflict('picket.same-shift', 'the member is already on that shift');
      await plannable(tx, actor.org.id, to);
      await mustHaveNoCheckIns(tx, old);
      const from = await tx.selectFrom('picket_shifts').select('strike_day_id').where('id', '=', old.shift_id).executeTakeFirstOrThrow();
      // End the old sign-up first, so the move is not refused as a clash with itself.
      await tx.updateTable('picket_signups').set({ ended_at: at, ended_by: actor.person.id }).where('id', '=', old.id).execute();
      const member = await memberOf(tx, actor.org.id, old.member_row_id);
      const r = await signUp(tx, deps, { orgId: actor.org.id, personId: actor.person.id, shift: to, member, source: 'assigned', holdToCapacity: false });
      await tx.updateTable('picket_signups').set({ moved_to: r.row.id }).where('id', '=', old.id).execute();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'picket.signup-move', subject: `picket-signups/${old.id}`, at });
      return { ...r, to, fromDay: from.strike_day_id, signup: await signupJson(tx, r.row), from: old.id };
    });
    announce(deps, actor.org.id, [done.fromDay, done.to.strike_day_id]);
    return c.json({ signup: done.signup, from: done.from, overCapacity: done.overCapacity, ...overNote(done.overCapacity, done.to) }, 200);
  });
}
