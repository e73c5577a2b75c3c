/**
 * A member's own strike days on their phone: the shifts they are on, the shifts with room at
 * their worksite and the alternate duties, signing up (held to capacity) and cancelling. The
 * sign-in must be linked to a roster member (409 picket.no-member-row otherwise).
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { audit } from '../audit.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, conflict } from '../errors.ts';
import { errors, jsonBody, ok } from '../schemas.ts';
import { announce } from './changes.ts';
import { MineBody, ShiftSchema, SignupAnswer, SignupParams, SignupSchema } from './plan-schemas.ts';
import { dayOf, listShifts, myMemberRow, pickets, shiftOf } from './plan-store.ts';
import { currentSignup, mustHaveNoCheckIns, signUp, signupJson } from './signup-store.ts';

/** The most open shifts listed at once (the soonest). */
const OPEN_LIMIT = 200;

const MemberDay = z.object({ id: z.number().int(), date: z.string(), label: z.string(), timeZone: z.string(), cancelled: z.boolean() });
const MyPickets = z.object({
  member: z.object({ memberRowId: z.number().int(), name: z.string(), worksite: z.object({ id: z.number().int(), name: z.string() }).nullable() }),
  days: z.array(MemberDay),
  mine: z.array(z.object({ signupId: z.number().int(), shift: ShiftSchema })),
  open: z.array(ShiftSchema).openapi({ description: 'shifts not over yet, with room, not at the same time as one I am on: at my worksite, and alternate duties anywhere' }),
}).openapi('MyPickets');

const mine = createRoute({
  method: 'get', path: '/api/me/pickets', tags: ['pickets'], summary: 'My strike days: the shifts I am on, and those I can sign up for',
  responses: { 200: ok(MyPickets, 'My shifts'), ...errors(401, 403, 404, 409) },
});
const join = createRoute({
  method: 'post', path: '/api/me/pickets/signups', tags: ['pickets'], summary: 'Sign myself up for a shift (refused when it is full)',
  request: jsonBody(MineBody, 'The shift'),
  responses: { 201: ok(SignupAnswer, 'Signed up'), ...errors(400, 401, 403, 404, 409) },
});
const leave = createRoute({
  method: 'delete', path: '/api/me/pickets/signups/{signupId}', tags: ['pickets'], summary: 'Cancel my sign-up (refused once I was checked in on it)',
  request: { params: SignupParams },
  responses: { 200: ok(z.object({ signup: SignupSchema, endedAt: z.string() }), 'Cancelled'), ...errors(400, 401, 403, 404, 409) },
});

export function memberPicketRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(mine, async (c) => {
    const actor = pickets(c, 'picket.member');
    const deps = c.get('deps');
    const db = deps.db;
    const me = await myMemberRow(db, actor);
    const now = deps.now().toISOString();
    const site = me.worksiteId === null ? null : await db.selectFrom('roster_worksites').select(['id', 'name']).where('id', '=', me.worksiteId).executeTakeFirst();
    const days = await db.selectFrom('strike_days').selectAll().where('organization_id', '=', actor.org.id).orderBy('date').execute();
    const signups = await db.selectFrom('picket_signups as g').innerJoin('picket_shifts as s', 's.id', 'g.shift_id').select(['g.id', 'g.shift_id'])
      .where('g.organization_id', '=', actor.org.id).where('g.member_row_id', '=', me.id).where('g.ended_at', 'is', null).where('s.removed_at', 'is', null).execute();
    const myShifts = new Map((await listShifts(db, actor.org.id, { shiftIds: signups.map((g) => g.shift_id) })).map((s) => [s.id, s]));
    const cancelled = new Set(days.filter((d) => d.cancelled_at).map((d) => d.id));
    let q = db.selectFrom('picket_shifts as s').innerJoin('strike_days as d', 'd.id', 's.strike_day_id').select('s.id')
      .where('s.organization_id', '=', actor.org.id).where('s.removed_at', 'is', null).where('d.cancelled_at', 'is', null).where('s.ends_at', '>', now);
    q = q.where((eb) => eb.or([eb('s.duty', '!=', 'picket'), ...(me.worksiteId === null ? [] : [eb('s.worksite_id', '=', me.worksiteId)])]));
    // A shift at the same time as one I am on is not open to me: signing up would be refused (picket.overlap, signup-store.ts,
    // comparing the stored times as it does). Left out in the query, so that hundreds of them do not crowd out the free ones.
    const busy = await db.selectFrom('picket_shifts').select(['starts_at', 'ends_at']).where('id', 'in', [0, ...myShifts.keys()]).execute();
    for (const b of busy) q = q.where((eb) => eb.or([eb('s.starts_at', '>=', b.ends_at), eb('s.ends_at', '<=', b.starts_at)]));
    const candidates = (await q.orderBy('s.starts_at').limit(OPEN_LIMIT * 2).execute()).map((r) => r.id).filter((id) => !myShifts.has(id));
    const open = (await listShifts(db, actor.org.id, { shiftIds: candidates })).filter((s) => s.signedUp < s.capacity && !cancelled.has(s.dayId))
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id - b.id).slice(0, OPEN_LIMIT);
    return c.json({
      member: { memberRowId: me.id, name: me.name, worksite: site ? { id: site.id, name: site.name } : null },
      days: days.map((d) => ({ id: d.id, date: d.date, label: d.label, timeZone: d.time_zone, cancelled: d.cancelled_at !== null })),
      mine: signups.filter((g) => myShifts.has(g.shift_id)).map((g) => ({ signupId: g.id, shift: myShifts.get(g.shift_id)! })).sort((a, b) => a.shift.startsAt.localeCompare(b.shift.startsAt)),
      open,
    }, 200);
  });

  app.openapi(join, async (c) => {
    const actor = pickets(c, 'picket.member');
    const deps = c.get('deps');
    const { shiftId } = c.req.valid('json');
    const at = deps.now().toISOString();
    const done = await deps.db.transaction().execute(async (tx) => {
      const me = await myMemberRow(tx, actor);
      const shift = await shiftOf(tx, actor.org.id, shiftId);
      const day = await dayOf(tx, actor.org.id, shift.strike_day_id);
      if (day.cancelled_at) throw conflict('picket.day-cancelled', `${day.label} (${day.date}) is cancelled`);
      if (shift.ends_at <= at) throw new ApiError(409, { code: 'picket.shift-over', message: 'this shift is over', where: { field: 'shiftId' }, hint: 'choose a shift from GET /api/me/pickets (open)' });
      const r = await signUp(tx, deps, { orgId: actor.org.id, personId: actor.person.id, shift, member: me, source: 'self', holdToCapacity: true });
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'picket.signup-self', subject: `picket-signups/${r.row.id}`, at });
      return { dayId: day.id, signup: await signupJson(tx, r.row) };
    });
    announce(deps, actor.org.id, [done.dayId]);
    return c.json({ signup: done.signup, overCapacity: false }, 201);
  });

  app.openapi(leave, async (c) => {
    const actor = pickets(c, 'picket.member');
    const deps = c.get('deps');
    const { signupId } = c.req.valid('param');
    const at = deps.now().toISOString();
    const done = await deps.db.transaction().execute(async (tx) => {
      const me = await myMemberRow(tx, actor);
      const row = await currentSignup(tx, actor.org.id, signupId);
      if (row.member_row_id !== me.id) throw new ApiError(404, { code: 'not-found', message: `there is no current sign-up ${signupId} that you can see`, where: { field: 'signupId' } });
      await mustHaveNoCheckIns(tx, row);
      const shift = await tx.selectFrom('picket_shifts').select(['strike_day_id', 'ends_at']).where('id', '=', row.shift_id).executeTakeFirstOrThrow();
      // A shift over is part of the record (and of strike pay's "signed up, never checked in"): a member no longer rewrites it.
      if (shift.ends_at <= at) throw new ApiError(409, { code: 'picket.shift-over', message: 'this shift is over: its sign-up stays on the record', where: { field: 'signupId' }, hint: 'ask an organizer if the sign-up was a mistake' });
      await tx.updateTable('picket_signups').set({ ended_at: at, ended_by: actor.person.id }).where('id', '=', row.id).execute();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'picket.signup-self-cancel', subject: `picket-signups/${row.id}`, at });
      return { dayId: shift.strike_day_id, signup: await signupJson(tx, row) };
    });
    announce(deps, actor.org.id, [done.dayId]);
    return c.json({ signup: done.signup, endedAt: at }, 200);
  });
}
