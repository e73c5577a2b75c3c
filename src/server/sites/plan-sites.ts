/**
 * A strike day's sites: the list (by status, flagged, part of the name; a page at a time, in
 * name order), one site's change by a planner, and a site's history of changes (before and
 * after, who, when, the plan version each made).
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { sql } from 'kysely';
import { settle, siteProblems } from '../../sites/plan-rules.ts';
import { diff } from '../../sites/bulk-select.ts';
import { audit } from '../audit.ts';
import type { AppEnv } from '../env.ts';
import { invalidContent } from '../errors.ts';
import { errors, jsonBody, ok } from '../schemas.ts';
import { writeChanges } from './plan-changes.ts';
import { ChangeSchema, ChangesQuery, SiteDayParams, SiteEditBody, SiteParams, SiteSchema, SitesQuery } from './plan-schemas.ts';
import { attendanceProblems, columnsOf, district, fieldsOf, notCancelled, siteDayOf, siteJson, siteOf } from './plan-store.ts';

/** Changes of a site answered at once when no limit is asked: a site administrator counting every few minutes makes a few hundred in a day. */
export const CHANGES_PAGE = 200;

const list = createRoute({
  method: 'get', path: '/api/sites/days/{dayId}/sites', tags: ['sites'], summary: 'A strike day\'s sites in name order, a page at a time: by status, flagged (too many children per adult present) or part of the name',
  request: { params: SiteDayParams, query: SitesQuery },
  responses: { 200: ok(z.object({ sites: z.array(SiteSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int(), version: z.number().int() }).openapi('Sites'), 'The sites'), ...errors(400, 401, 403, 404) },
});
const edit = createRoute({
  method: 'patch', path: '/api/sites/days/{dayId}/sites/{schoolId}', tags: ['sites'], summary: 'Change one site of a strike day (status, hours, capacity, adults planned, attendance, offers, languages)',
  request: { params: SiteParams, ...jsonBody(SiteEditBody, 'The fields to change') },
  responses: { 200: ok(z.object({ site: SiteSchema, version: z.number().int() }), 'The site as changed, and the plan version'), ...errors(400, 401, 403, 404, 409, 422) },
});
const history = createRoute({
  method: 'get', path: '/api/sites/days/{dayId}/sites/{schoolId}/changes', tags: ['sites'], summary: 'A site\'s changes on a strike day, the latest first chosen and listed oldest first: before and after, who, when and the plan version',
  description: `The latest \`limit\` changes (default ${CHANGES_PAGE}), or those before the plan version \`before\`; \`earlier\` is the \`before\` of the page before this one (null: none).`,
  request: { params: SiteParams, query: ChangesQuery },
  responses: {
    200: ok(z.object({
      changes: z.array(ChangeSchema), total: z.number().int().openapi({ description: 'all of the site\'s changes that day' }),
      earlier: z.number().int().nullable().openapi({ description: 'pass as ?before= for the changes before these; null when there are none' }),
    }).openapi('SiteChanges'), 'The changes'),
    ...errors(400, 401, 403, 404),
  },
});

export function siteRoutesOfDay(app: OpenAPIHono<AppEnv>): void {
  app.openapi(list, async (c) => {
    const actor = district(c, 'site.read');
    const db = c.get('deps').db;
    const { dayId } = c.req.valid('param');
    const query = c.req.valid('query');
    const day = await siteDayOf(db, actor.org.id, dayId);
    const limit = query.limit ?? 100;
    const offset = query.offset ?? 0;
    let q = db.selectFrom('site_statuses').where('day_id', '=', day.id);
    if (query.school) q = q.where('school_id', '=', query.school);
    if (query.status) q = q.where('status', '=', query.status);
    if (query.flagged === 'true') q = q.where('status', '!=', 'closed').where((eb) => eb('children_present', '>', eb(eb.val(day.ratio_limit), '*', eb.ref('adults_present'))));
    if (query.flagged === 'false') q = q.where((eb) => eb.or([eb('status', '=', 'closed'), eb('children_present', 'is', null), eb('adults_present', 'is', null), eb('children_present', '<=', eb(eb.val(day.ratio_limit), '*', eb.ref('adults_present')))]));
    if (query.q) {
      const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      q = q.where(sql<boolean>`lower(name) like ${like} escape '\\'`);
    }
    const total = Number((await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = await q.selectAll().orderBy('name').orderBy('school_id').limit(limit).offset(offset).execute();
    return c.json({ sites: rows.map((r) => siteJson(r, day.ratio_limit)), total, limit, offset, version: day.version }, 200);
  });

  app.openapi(edit, async (c) => {
    const actor = district(c, 'site.plan');
    const deps = c.get('deps');
    const { dayId, schoolId } = c.req.valid('param');
    const b = c.req.valid('json');
    const at = deps.now().toISOString();
    const out = await deps.db.transaction().execute(async (tx) => {
      const day = await siteDayOf(tx, actor.org.id, dayId);
      notCancelled(day);
      const row = await siteOf(tx, day, schoolId);
      const before = fieldsOf(row);
      const after = settle(before, b);
      const problems = siteProblems(after);
      if (b.studentsAttending !== undefined) problems.push(...await attendanceProblems(tx, day, [{ schoolId, name: row.name, studentsAttending: after.studentsAttending }], 'studentsAttending'));
      if (problems.length > 0) throw invalidContent(problems);
      const d = diff(before, after);
      if (!d) return { version: day.version, row };
      const { version } = await writeChanges(tx, { ids: deps.ids, day, personId: actor.person.id, at, kind: 'plan', columns: columnsOf(d.after), changes: [{ schoolId, ...d }] });
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'site.edit', subject: `site-days/${day.id}/sites/${schoolId}`, at });
      return { version, row: await siteOf(tx, day, schoolId) };
    });
    const day = await siteDayOf(deps.db, actor.org.id, dayId);
    return c.json({ site: siteJson(out.row, day.ratio_limit), version: out.version }, 200);
  });

  app.openapi(history, async (c) => {
    const actor = district(c, 'site.read');
    const db = c.get('deps').db;
    const { dayId, schoolId } = c.req.valid('param');
    const { limit = CHANGES_PAGE, before } = c.req.valid('query');
    const day = await siteDayOf(db, actor.org.id, dayId);
    await siteOf(db, day, schoolId);
    const ofSite = db.selectFrom('site_changes as h').where('h.day_id', '=', day.id).where('h.school_id', '=', schoolId);
    const total = Number((await ofSite.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
    // One more than the page: whether there are earlier ones. A site has at most one change per plan
    // version (writeChanges writes one row per site changed), so the version is the page's cursor.
    const newest = await (before === undefined ? ofSite : ofSite.where('h.plan_version', '<', before)).innerJoin('people as p', 'p.id', 'h.person_id')
      .select(['h.id', 'h.plan_version', 'h.kind', 'h.before', 'h.after', 'h.batch', 'h.at', 'p.id as person_id', 'p.name'])
      .orderBy('h.plan_version', 'desc').orderBy('h.id', 'desc').limit(limit + 1).execute();
    const rows = newest.slice(0, limit).reverse();
    return c.json({
      total, earlier: newest.length > limit ? rows[0].plan_version : null,
      changes: rows.map((r) => ({
        id: r.id, planVersion: r.plan_version, kind: r.kind, before: JSON.parse(r.before) as Record<string, unknown>, after: JSON.parse(r.after) as Record<string, unknown>,
        batch: r.batch, by: { id: r.person_id, name: r.name }, at: r.at,
      })),
    }, 200);
  });
}
