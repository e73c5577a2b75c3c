/**
 * Your workspace: the organization, who is across the table, its people and its audit log.
 * The log is your organization's entries only, numbered 1, 2, 3… in the order written (ids are
 * random and say nothing about order).
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.ts';
import { allow } from '../authz.ts';
import { errors, ok, OrganizationSchema, PersonSchema } from '../schemas.ts';
import { counterparts, organizationJson } from './counterparts.ts';

const organization = createRoute({
  method: 'get', path: '/api/organization', tags: ['workspace'], summary: 'Your organization and the organizations across the table',
  responses: { 200: ok(z.object({ organization: OrganizationSchema, acrossTheTable: z.array(OrganizationSchema) }), 'Your organization'), ...errors(401, 403) },
});

const people = createRoute({
  method: 'get', path: '/api/people', tags: ['workspace'], summary: 'The people in your workspace, not those removed (admins)',
  responses: { 200: ok(z.object({ people: z.array(PersonSchema) }), 'People'), ...errors(401, 403) },
});

const AuditQuery = z.object({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().openapi({ param: { name: 'before', in: 'query' }, description: 'only entries numbered below this (for the next page: the last number of the page before)' }),
  limit: z.coerce.number().int().min(1).max(500).default(100).openapi({ param: { name: 'limit', in: 'query' } }),
});

const auditLog = createRoute({
  method: 'get', path: '/api/audit', tags: ['workspace'], summary: 'Every write in your workspace: who, what, when (admins)',
  request: { query: AuditQuery },
  responses: {
    200: ok(z.object({ entries: z.array(z.object({ id: z.number().int(), number: z.number().int().openapi({ description: '1, 2, 3… within your organization, in the order written' }), person: z.string().nullable(), action: z.string(), subject: z.string(), at: z.string() })) }), 'Newest first (highest number first)'),
    ...errors(400, 401, 403),
  },
});

export function orgRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(organization, async (c) => {
    const actor = allow(c.get('actor'), 'organization.read');
    const deps = c.get('deps');
    const own = await deps.db.selectFrom('organizations').selectAll().where('id', '=', actor.org.id).executeTakeFirstOrThrow();
    const across = await counterparts(deps.db, actor.org);
    return c.json({ organization: organizationJson(own), acrossTheTable: across.map(organizationJson) }, 200);
  });

  app.openapi(people, async (c) => {
    const actor = allow(c.get('actor'), 'people.list');
    const rows = await c.get('deps').db.selectFrom('people').select(['id', 'name', 'email', 'role']).where('organization_id', '=', actor.org.id).where('removed_at', 'is', null).orderBy('created_at').orderBy('email').execute();
    return c.json({ people: rows }, 200);
  });

  app.openapi(auditLog, async (c) => {
    const actor = allow(c.get('actor'), 'audit.read');
    const { before, limit } = c.req.valid('query');
    let q = c.get('deps').db
      .selectFrom('audit_log')
      .leftJoin('people', 'people.id', 'audit_log.person_id')
      .select(['audit_log.id', 'audit_log.number', 'people.name as person', 'audit_log.action', 'audit_log.subject', 'audit_log.at'])
      .where('audit_log.organization_id', '=', actor.org.id);
    if (before !== undefined) q = q.where('audit_log.number', '<', before);
    const entries = await q.orderBy('audit_log.number', 'desc').limit(limit).execute();
    return c.json({ entries }, 200);
  });
}
