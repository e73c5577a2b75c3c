/**
 * People management (admins of a workspace): remove a person, change a person's role, end all
 * of a person's sessions, clear the sign-in wait of a person's email. Each is audited in the
 * same transaction as the change.
 *
 * - Only people of the admin's own workspace: anyone else is 404, as if there were no such person.
 * - A removed person keeps their row (name, email) for the audit history; their sessions end at
 *   once and they cannot sign in. Their own workspace can invite the address again: accepting
 *   brings the same person back. Other workspaces cannot (one address, one workspace).
 * - A workspace keeps at least one admin: the last admin cannot be removed or given another role.
 */
import { endOpenInvitations } from './open-invitations.ts';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { audit } from '../audit.ts';
import { allow, rolesOf } from '../authz.ts';
import type { Actor, AppEnv } from '../env.ts';
import { ApiError, conflict, notFound } from '../errors.ts';
import { errors, IdParams, jsonBody, ok, PersonSchema } from '../schemas.ts';
import { forgetFailures } from '../auth/throttle.ts';

const remove = createRoute({
  method: 'delete', path: '/api/people/{id}', tags: ['people'], summary: 'Remove a person from your workspace: their sessions end at once (admins)',
  request: { params: IdParams },
  responses: {
    200: ok(z.object({ person: PersonSchema, removedAt: z.string() }).openapi('RemovedPerson'), 'Removed (kept for the audit history)'),
    ...errors(400, 401, 403, 404, 409),
  },
});

const changeRole = createRoute({
  method: 'post', path: '/api/people/{id}/role', tags: ['people'], summary: "Change a person's role to another role of your side (admins)",
  request: { params: IdParams, ...jsonBody(z.object({ role: z.string().min(1).max(40) }).strict().openapi({ example: { role: 'bargaining-team' } }), 'The new role') },
  responses: { 200: ok(z.object({ person: PersonSchema }).openapi('PersonRole'), 'The person with the new role'), ...errors(400, 401, 403, 404, 409) },
});

const endSessions = createRoute({
  method: 'delete', path: '/api/people/{id}/sessions', tags: ['people'], summary: "Sign a person out everywhere: end all of the person's sessions (admins)",
  request: { params: IdParams },
  responses: { 200: ok(z.object({ ended: z.number().int() }).openapi('EndedSessions'), 'How many sessions ended'), ...errors(400, 401, 403, 404) },
});

const clearThrottle = createRoute({
  method: 'delete', path: '/api/people/{id}/sign-in-throttle', tags: ['people'], summary: "Clear the wait that wrong passwords put on a person's email (admins)",
  request: { params: IdParams },
  responses: { 200: ok(z.object({ cleared: z.number().int() }).openapi('ClearedThrottle'), 'How many recorded wrong passwords were forgotten'), ...errors(400, 401, 403, 404) },
});

type Db = Kysely<Database> | Transaction<Database>;

/** A current (not removed) person of the actor's workspace, or 404. */
async function personOf(db: Db, actor: Actor, id: number) {
  const p = await db
    .selectFrom('people')
    .select(['id', 'name', 'email', 'role'])
    .where('id', '=', id)
    .where('organization_id', '=', actor.org.id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!p) throw notFound('person', id);
  return p;
}

/** Refuses a change that would leave the workspace without an admin. */
async function keepAnAdmin(db: Db, actor: Actor, person: { id: number; role: string }, what: (whom: string) => string): Promise<void> {
  if (person.role !== 'admin') return;
  const others = await db
    .selectFrom('people')
    .select('id')
    .where('organization_id', '=', actor.org.id)
    .where('role', '=', 'admin')
    .where('removed_at', 'is', null)
    .where('id', '!=', person.id)
    .executeTakeFirst();
  if (!others) {
    const self = person.id === actor.person.id;
    throw conflict('people.last-admin', `${self ? 'you are' : 'this person is'} the last admin of this workspace: ${what(self ? 'yourself' : 'them')} would leave nobody to manage it`, 'make someone else an admin first (POST /api/people/{id}/role {"role": "admin"})');
  }
}

export function peopleRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(remove, async (c) => {
    const actor = allow(c.get('actor'), 'people.manage');
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const at = deps.now().toISOString();
    const person = await deps.db.transaction().execute(async (tx) => {
      const p = await personOf(tx, actor, id);
      await keepAnAdmin(tx, actor, p, (whom) => `removing ${whom}`);
      await tx.updateTable('people').set({ removed_at: at }).where('id', '=', p.id).execute();
      await tx.deleteFrom('sessions').where('person_id', '=', p.id).execute();
      await endOpenInvitations(tx, actor.org.id, { email: p.email, sentBy: p.id }, at);
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'person.remove', subject: `people/${p.id}`, at });
      return p;
    });
    return c.json({ person, removedAt: at }, 200);
  });

  app.openapi(changeRole, async (c) => {
    const actor = allow(c.get('actor'), 'people.manage');
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const { role } = c.req.valid('json');
    const at = deps.now().toISOString();
    const person = await deps.db.transaction().execute(async (tx) => {
      const p = await personOf(tx, actor, id);
      const roles = rolesOf(actor.org.kind);
      if (!roles.includes(role)) {
        throw new ApiError(400, { code: 'request.role', message: `body role: "${role.slice(0, 40)}" is not a role in a ${actor.org.kind} workspace`, where: { field: 'role' }, hint: roles.join(', ') });
      }
      if (role !== 'admin') await keepAnAdmin(tx, actor, p, (whom) => `making ${whom} ${role}`);
      await tx.updateTable('people').set({ role }).where('id', '=', p.id).execute();
      if (role !== p.role) await endOpenInvitations(tx, actor.org.id, { sentBy: p.id }, at);
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: `person.role:${role}`, subject: `people/${p.id}`, at });
      return { ...p, role };
    });
    return c.json({ person }, 200);
  });

  app.openapi(endSessions, async (c) => {
    const actor = allow(c.get('actor'), 'people.manage');
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const at = deps.now().toISOString();
    const ended = await deps.db.transaction().execute(async (tx) => {
      const p = await personOf(tx, actor, id);
      const r = await tx.deleteFrom('sessions').where('person_id', '=', p.id).executeTakeFirst();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'person.sessions-end', subject: `people/${p.id}`, at });
      return Number(r.numDeletedRows);
    });
    return c.json({ ended }, 200);
  });

  app.openapi(clearThrottle, async (c) => {
    const actor = allow(c.get('actor'), 'people.manage');
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const at = deps.now().toISOString();
    const cleared = await deps.db.transaction().execute(async (tx) => {
      const p = await personOf(tx, actor, id);
      const n = await forgetFailures(tx, p.email);
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'person.sign-in-throttle-clear', subject: `people/${p.id}`, at });
      return n;
    });
    return c.json({ cleared }, 200);
  });
}
