/**
 * Site captains: an organizer names a member captain of a worksite, and ends the assignment
 * (kept, with who ended it and when). Both audited. Another union's worksite, member or
 * assignment answers 404.
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { audit } from '../audit.ts';
import { allow } from '../authz.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, conflict, notFound } from '../errors.ts';
import { errors, IdParams, jsonBody, ok } from '../schemas.ts';
import { CaptainBody, CaptainSchema } from './schemas.ts';

const assign = createRoute({
  method: 'post', path: '/api/roster/worksites/{id}/captains', tags: ['roster'], summary: 'Name a member captain of a worksite',
  request: { params: IdParams, ...jsonBody(CaptainBody, 'The member') },
  responses: { 201: ok(z.object({ captain: CaptainSchema }), 'Named'), ...errors(400, 401, 403, 404, 409) },
});

const unassign = createRoute({
  method: 'delete', path: '/api/roster/captains/{id}', tags: ['roster'], summary: 'End a site captain\'s assignment (kept in the history)',
  request: { params: IdParams },
  responses: { 200: ok(z.object({ captain: CaptainSchema, endedAt: z.string() }), 'Ended'), ...errors(400, 401, 403, 404) },
});

export function captainRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(assign, async (c) => {
    const actor = allow(c.get('actor'), 'roster.write');
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const { member } = c.req.valid('json');
    const at = deps.now().toISOString();
    const captain = await deps.db.transaction().execute(async (tx) => {
      const site = await tx.selectFrom('roster_worksites').select('id').where('id', '=', id).where('organization_id', '=', actor.org.id).executeTakeFirst();
      if (!site) throw notFound('worksite', id);
      const m = await tx.selectFrom('roster_members').select(['id', 'member_id', 'name']).where('id', '=', member).where('organization_id', '=', actor.org.id).where('removed_at', 'is', null).executeTakeFirst();
      if (!m) throw new ApiError(404, { code: 'not-found', message: `there is no member ${member} that you can see`, where: { field: 'member' }, hint: 'a member id from GET /api/roster/members' });
      const current = await tx.selectFrom('roster_site_captains').select('id').where('worksite_id', '=', id).where('member_row_id', '=', m.id).where('ended_at', 'is', null).executeTakeFirst();
      if (current) throw conflict('roster.already-captain', `${m.name} is already a captain of this worksite`);
      const row = { id: deps.ids.next(actor.org.id), organization_id: actor.org.id, worksite_id: id, member_row_id: m.id, assigned_by: actor.person.id, assigned_at: at, ended_by: null, ended_at: null };
      await tx.insertInto('roster_site_captains').values(row).execute();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'roster.captain-assign', subject: `roster-captains/${row.id}`, at });
      return { id: row.id, worksiteId: id, member: { id: m.id, memberId: m.member_id, name: m.name }, assignedAt: at };
    });
    return c.json({ captain }, 201);
  });

  app.openapi(unassign, async (c) => {
    const actor = allow(c.get('actor'), 'roster.write');
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const at = deps.now().toISOString();
    const captain = await deps.db.transaction().execute(async (tx) => {
      const k = (await currentCaptains(tx, actor.org.id, id))[0];
      if (!k) throw notFound('site captain', id);
      await tx.updateTable('roster_site_captains').set({ ended_at: at, ended_by: actor.person.id }).where('id', '=', id).execute();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'roster.captain-end', subject: `roster-captains/${id}`, at });
      return k;
    });
    return c.json({ captain, endedAt: at }, 200);
  });
}

/** The union's current captains (or one assignment), in the order they were named. */
export async function currentCaptains(db: Kysely<Database> | Transaction<Database>, org: number, id?: number) {
  let q = db.selectFrom('roster_site_captains as k').innerJoin('roster_members as m', 'm.id', 'k.member_row_id')
    .select(['k.id', 'k.worksite_id', 'k.assigned_at', 'm.id as member_row', 'm.member_id', 'm.name'])
    .where('k.organization_id', '=', org).where('k.ended_at', 'is', null);
  if (id !== undefined) q = q.where('k.id', '=', id);
  const rows = await q.orderBy('k.assigned_at').orderBy('m.name').execute();
  return rows.map((r) => ({ id: r.id, worksiteId: r.worksite_id, member: { id: r.member_row, memberId: r.member_id, name: r.name }, assignedAt: r.assigned_at }));
}

