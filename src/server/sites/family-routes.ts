/**
 * Meal and partner sites (docs/sites.md "Meal and partner sites"): grab-and-go meal sites and
 * partner sites (libraries, parks, recreation centers), listed, entered one at a time, changed
 * and removed (the row stays, with removed_at), or imported from CSV (family-import.ts). The
 * district's staff read them; its admins change them; a union account finds no such routes (404).
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { outsideArea, sameSiteKey, siteRuleProblems, type FamilySite } from '../../sites/family-site.ts';
import { audit } from '../audit.ts';
import type { Actor, AppEnv } from '../env.ts';
import { ApiError, conflict } from '../errors.ts';
import { errors, jsonBody, ok } from '../schemas.ts';
import { familyImportRoutes } from './family-import.ts';
import { FamilyListQuery, FamilySiteBody, FamilySiteEdit, FamilySiteParams, FamilySiteSchema } from './family-schemas.ts';
import { areaOf, columnsOf, familyActor, familyChangedOn, familyJson, familySiteOf, listFamilySites, newRow, siteOfRow, type Db } from './family-store.ts';
import { todayIn } from '../public/sites-choose.ts';

const TAG = ['sites'];
const list = createRoute({
  method: 'get', path: '/api/sites/family', tags: TAG, summary: 'The district\'s meal and partner sites, by name (removed ones left out)',
  request: { query: FamilyListQuery },
  responses: { 200: ok(z.object({ sites: z.array(FamilySiteSchema) }).openapi('FamilySites'), 'The sites'), ...errors(400, 401, 403, 404) },
});
const create = createRoute({
  method: 'post', path: '/api/sites/family', tags: TAG, summary: 'Enter one meal or partner site',
  request: jsonBody(FamilySiteBody, 'The site'),
  responses: { 201: ok(z.object({ site: FamilySiteSchema }), 'Entered'), ...errors(400, 401, 403, 404, 409) },
});
const edit = createRoute({
  method: 'patch', path: '/api/sites/family/{id}', tags: TAG, summary: 'Change a meal or partner site',
  request: { params: FamilySiteParams, ...jsonBody(FamilySiteEdit, 'The fields to change') },
  responses: { 200: ok(z.object({ site: FamilySiteSchema }), 'The site as changed'), ...errors(400, 401, 403, 404, 409) },
});
const remove = createRoute({
  method: 'delete', path: '/api/sites/family/{id}', tags: TAG, summary: 'Remove a meal or partner site (it is no longer listed nor shown; the row is kept)',
  request: { params: FamilySiteParams },
  responses: { 200: ok(z.object({ removed: z.object({ id: z.number().int(), removedAt: z.string() }) }), 'Removed'), ...errors(400, 401, 403, 404) },
});

const FIELD = { partnerKind: 'partnerKind', mealsPerChild: 'mealsPerChild', closes: 'closes' } as const;

/** The rules between fields (a meal site's meals, a partner site's kind, hours): 400 naming each. */
function mustFollowRules(site: FamilySite): void {
  const problems = siteRuleProblems(site).map((p) => ({ code: `sites.${p.code}`, message: `body ${FIELD[p.field]}: ${p.message}`, where: { field: FIELD[p.field] }, hint: p.hint }));
  if (problems.length > 0) throw new ApiError(400, { ...problems[0], problems: problems.length > 1 ? problems : undefined });
}

/** A place outside the district (0,0, another state, a longitude without its minus sign): 400 on the coordinate that is out. */
async function mustBeInDistrict(db: Db, actor: Actor, site: FamilySite): Promise<void> {
  const why = outsideArea(await areaOf(db, actor), site);
  if (why) throw new ApiError(400, { code: 'sites.outside-district', message: `body latitude, longitude: ${why.message}`, where: { field: why.field }, hint: why.hint });
}

/** Another site (not removed) with the same name and address: 409. */
async function mustBeNew(db: Db, organizationId: number, site: FamilySite, except?: number): Promise<void> {
  const key = sameSiteKey(site);
  const same = (await listFamilySites(db, organizationId)).find((r) => r.id !== except && sameSiteKey(r) === key);
  if (same) throw conflict('sites.family-exists', `"${site.name}" at ${site.address} is already a site (id ${same.id})`, `change it with PATCH /api/sites/family/${same.id}, or give this site another name or address`);
}

export function familyRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(list, async (c) => {
    const actor = familyActor(c, 'site.read');
    const { kind } = c.req.valid('query');
    const rows = await listFamilySites(c.get('deps').db, actor.org.id, kind);
    return c.json({ sites: rows.map(familyJson) }, 200);
  });

  app.openapi(create, async (c) => {
    const actor = familyActor(c, 'site.plan');
    const deps = c.get('deps');
    const b = c.req.valid('json');
    const site: FamilySite = { ...b, partnerKind: b.partnerKind ?? null, mealsPerChild: b.mealsPerChild ?? null, dates: [...(b.dates ?? [])].sort(), offers: b.offers ?? '', languages: b.languages ?? [] };
    mustFollowRules(site);
    await mustBeInDistrict(deps.db, actor, site);
    const row = newRow({ id: deps.ids.next(actor.org.id), organizationId: actor.org.id, personId: actor.person.id, at: deps.now().toISOString(), site });
    await deps.db.transaction().execute(async (tx) => {
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'site.family-create', subject: `family-sites/${row.id}`, at: row.created_at });
      await mustBeNew(tx, actor.org.id, site);
      await tx.insertInto('family_sites').values(row).execute();
      await familyChangedOn(tx, actor.org.id, [site.dates], todayIn(new Date(row.created_at)));
    });
    return c.json({ site: familyJson(row) }, 201);
  });

  app.openapi(edit, async (c) => {
    const actor = familyActor(c, 'site.plan');
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const b = c.req.valid('json');
    if (Object.keys(b).length === 0) throw new ApiError(400, { code: 'sites.nothing-to-change', message: 'name at least one field to change', where: { field: 'body' }, hint: '{"closes": "18:00"}' });
    const at = deps.now().toISOString();
    const row = await deps.db.transaction().execute(async (tx) => {
      const before = await familySiteOf(tx, actor.org.id, id);
      const site: FamilySite = { ...siteOfRow(before), ...b, ...(b.dates ? { dates: [...b.dates].sort() } : {}) };
      mustFollowRules(site);
      if (b.latitude !== undefined || b.longitude !== undefined) await mustBeInDistrict(tx, actor, site);
      if (b.name !== undefined || b.address !== undefined) await mustBeNew(tx, actor.org.id, site, before.id);
      const change = { ...columnsOf(site), updated_at: at };
      await tx.updateTable('family_sites').set(change).where('id', '=', before.id).execute();
      await familyChangedOn(tx, actor.org.id, [siteOfRow(before).dates, site.dates], todayIn(new Date(before.created_at)));
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'site.family-edit', subject: `family-sites/${before.id}`, at });
      return { ...before, ...change };
    });
    return c.json({ site: familyJson(row) }, 200);
  });

  app.openapi(remove, async (c) => {
    const actor = familyActor(c, 'site.plan');
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const at = deps.now().toISOString();
    await deps.db.transaction().execute(async (tx) => {
      const before = await familySiteOf(tx, actor.org.id, id);
      // Gone from the public page at once (src/server/public/sites-read.ts), so no day is left to publish again for it.
      await tx.updateTable('family_sites').set({ removed_at: at, updated_at: at }).where('id', '=', before.id).execute();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'site.family-remove', subject: `family-sites/${before.id}`, at });
    });
    return c.json({ removed: { id, removedAt: at } }, 200);
  });

  familyImportRoutes(app);
}
