/**
 * Site administrators (docs/sites.md): the admin names a district person with the role
 * site-administrator to a school of the district's newest dataset, lists who is named, and ends
 * an assignment (ended rows stay). From a phone during the day a site administrator reports the
 * children and adults present at their own school (another school: 403 saying whose it is).
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { audit } from '../audit.ts';
import { latestDatasetVersion } from '../datasets/store.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { School } from '../../district/types.ts';
import type { Actor, AppEnv } from '../env.ts';
import { ApiError, conflict, invalidContent, notFound } from '../errors.ts';
import { errors, jsonBody, ok } from '../schemas.ts';
import { writeChanges } from './plan-changes.ts';
import { AdminBody, AdminParams, AdminSchema, CountsBody, SiteParams, SiteSchema } from './plan-schemas.ts';
import { attendanceProblems, datasetOfVersion, district, notCancelled, siteDayOf, siteJson, siteOf, type SiteDayRow, type SiteRow } from './plan-store.ts';
import { enrollmentBySchool } from './cost-dataset.ts';
import { likelyChildrenLimit, UNLIKELY_TIMES_CAPACITY } from '../../sites/plan-rules.ts';

const assign = createRoute({
  method: 'post', path: '/api/sites/administrators', tags: ['sites'], summary: 'Name a site administrator (a district person with that role) to a school',
  request: jsonBody(AdminBody, 'The person and the school id'),
  responses: { 201: ok(z.object({ administrator: AdminSchema }), 'Named'), ...errors(400, 401, 403, 404, 409) },
});
const list = createRoute({
  method: 'get', path: '/api/sites/administrators', tags: ['sites'], summary: 'The site administrators named now, by school',
  responses: { 200: ok(z.object({ administrators: z.array(AdminSchema) }).openapi('SiteAdministrators'), 'Those named'), ...errors(401, 403, 404) },
});
const end = createRoute({
  method: 'delete', path: '/api/sites/administrators/{adminId}', tags: ['sites'], summary: 'End a site administrator\'s assignment (the row stays, ended)',
  request: { params: AdminParams },
  responses: { 200: ok(z.object({ administrator: AdminSchema }), 'Ended'), ...errors(400, 401, 403, 404, 409) },
});
const counts = createRoute({
  method: 'post', path: '/api/sites/days/{dayId}/sites/{schoolId}/counts', tags: ['sites'], summary: 'Report the children and adults present at a site now (a site administrator: their own school only)',
  request: { params: SiteParams, ...jsonBody(CountsBody, 'Children and adults present, and optionally students attending') },
  responses: { 200: ok(z.object({ site: SiteSchema, version: z.number().int() }), 'The site with its counts'), ...errors(400, 401, 403, 404, 409, 422) },
});

async function adminsOf(db: Kysely<Database>, actor: Actor, filter: { id?: number; current?: boolean }) {
  let q = db.selectFrom('site_admins as a').innerJoin('people as p', 'p.id', 'a.person_id')
    .select(['a.id', 'a.person_id', 'a.school_id', 'a.assigned_at', 'a.ended_at', 'p.name', 'p.email']).where('a.organization_id', '=', actor.org.id);
  if (filter.id !== undefined) q = q.where('a.id', '=', filter.id);
  if (filter.current) q = q.where('a.ended_at', 'is', null);
  const rows = await q.orderBy('a.school_id').orderBy('p.name').execute();
  const version = await latestDatasetVersion(db, actor);
  const names = new Map((version === null ? [] : (await datasetOfVersion(db, version)).schools).map((s) => [s.id, s.name]));
  return rows.map((r) => ({ id: r.id, personId: r.person_id, name: r.name, email: r.email, schoolId: r.school_id, school: names.get(r.school_id) ?? r.school_id, assignedAt: r.assigned_at, endedAt: r.ended_at }));
}

/** The school with this id in the district's newest dataset (whose schools administrators are named to). */
async function schoolOfNewest(db: Kysely<Database>, actor: Actor, schoolId: string): Promise<School | undefined> {
  const version = await latestDatasetVersion(db, actor);
  return version === null ? undefined : (await datasetOfVersion(db, version)).schools.find((x) => x.id === schoolId);
}

/** One school in two dataset versions: the same CDS code, or (where either has none) the same name. */
const sameSchool = (a: School, b: School) => (a.cdsCode && b.cdsCode ? a.cdsCode === b.cdsCode : a.name === b.name);

/**
 * A count of children far above what the site takes (a digit too many on a phone at 7 a.m.) would
 * show the site full to every family: refused until sent again with `confirm: true`.
 */
async function refuseUnlikely(db: Kysely<Database>, day: SiteDayRow, row: SiteRow, children: number, adults: number): Promise<void> {
  const enrolled = enrollmentBySchool(await datasetOfVersion(db, day.dataset_version_id)).get(row.school_id) ?? null;
  const limit = likelyChildrenLimit(row.capacity, enrolled);
  if (limit === null || children <= limit) return;
  const known = [row.capacity !== null && row.capacity > 0 ? `${UNLIKELY_TIMES_CAPACITY} times its capacity of ${row.capacity}` : null, enrolled ? `the ${enrolled} students enrolled there` : null].filter(Boolean).join(' and ');
  throw new ApiError(422, {
    code: 'sites.count-unlikely', where: { field: 'childrenPresent' },
    message: `${children} children present at ${row.name} (${row.school_id}) is more than ${known}: check the count; if it is right, send it again with confirm`,
    hint: `{"childrenPresent": ${Math.min(children, row.capacity ?? limit)}, "adultsPresent": ${adults}}, or the same count with "confirm": true`,
  });
}

export function adminRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(assign, async (c) => {
    const actor = district(c, 'site.plan');
    const deps = c.get('deps');
    const b = c.req.valid('json');
    const person = await deps.db.selectFrom('people').select(['id', 'name', 'role']).where('id', '=', b.personId).where('organization_id', '=', actor.org.id).where('removed_at', 'is', null).executeTakeFirst();
    if (!person) throw new ApiError(404, { code: 'not-found', message: `there is no person ${b.personId} in your district`, where: { field: 'personId' }, hint: 'a person id from GET /api/people' });
    if (person.role !== 'site-administrator') throw new ApiError(409, { code: 'sites.not-site-administrator', message: `${person.name} has the role ${person.role}, not site-administrator`, hint: 'give them the role first: POST /api/people/{id}/role {"role": "site-administrator"}' });
    const version = await latestDatasetVersion(deps.db, actor);
    const schools = version === null ? [] : (await datasetOfVersion(deps.db, version)).schools;
    const school = schools.find((s) => s.id === b.schoolId);
    if (!school) {
      const example = schools.length > 0 ? `, such as "${schools[0].id}" (${schools[0].name})` : ': upload the district\'s dataset first';
      throw new ApiError(404, { code: 'not-found', message: `there is no school "${b.schoolId}" in the district's newest dataset`, where: { field: 'schoolId' }, hint: `a school id from the dataset${example}` });
    }
    const at = deps.now().toISOString();
    const id = deps.ids.next(actor.org.id);
    await deps.db.transaction().execute(async (tx) => {
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'site.admin-assign', subject: `site-admins/${id}`, at });
      const same = await tx.selectFrom('site_admins').select('id').where('person_id', '=', person.id).where('school_id', '=', school.id).where('ended_at', 'is', null).executeTakeFirst();
      if (same) throw conflict('sites.already-named', `${person.name} is already the site administrator of ${school.name}`, `end it first: DELETE /api/sites/administrators/${same.id}`);
      await tx.insertInto('site_admins').values({ id, organization_id: actor.org.id, person_id: person.id, school_id: school.id, assigned_by: actor.person.id, assigned_at: at, ended_at: null }).execute();
    });
    const [administrator] = await adminsOf(deps.db, actor, { id });
    return c.json({ administrator }, 201);
  });

  app.openapi(list, async (c) => {
    const actor = district(c, 'site.read');
    return c.json({ administrators: await adminsOf(c.get('deps').db, actor, { current: true }) }, 200);
  });

  app.openapi(end, async (c) => {
    const actor = district(c, 'site.plan');
    const deps = c.get('deps');
    const { adminId } = c.req.valid('param');
    const at = deps.now().toISOString();
    await deps.db.transaction().execute(async (tx) => {
      const row = await tx.selectFrom('site_admins').select(['id', 'ended_at']).where('id', '=', adminId).where('organization_id', '=', actor.org.id).executeTakeFirst();
      if (!row) throw notFound('site administrator', adminId);
      if (row.ended_at) throw conflict('sites.already-ended', `that assignment ended at ${row.ended_at}`);
      await tx.updateTable('site_admins').set({ ended_at: at }).where('id', '=', adminId).execute();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'site.admin-end', subject: `site-admins/${adminId}`, at });
    });
    const [administrator] = await adminsOf(deps.db, actor, { id: adminId });
    return c.json({ administrator }, 200);
  });

  app.openapi(counts, async (c) => {
    const actor = district(c, 'site.report');
    const deps = c.get('deps');
    const { dayId, schoolId } = c.req.valid('param');
    const b = c.req.valid('json');
    const at = deps.now().toISOString();
    const out = await deps.db.transaction().execute(async (tx) => {
      const day = await siteDayOf(tx, actor.org.id, dayId);
      const row = await siteOf(tx, day, schoolId);
      if (actor.person.role === 'site-administrator') {
        const mine = await tx.selectFrom('site_admins').select('school_id').where('person_id', '=', actor.person.id).where('ended_at', 'is', null).execute();
        if (!mine.some((m) => m.school_id === schoolId)) {
          const yours = mine.length === 0 ? 'you are not named to any school' : `you are named to ${mine.map((m) => m.school_id).join(', ')}`;
          throw new ApiError(403, { code: 'sites.not-your-site', message: `you may report the counts of your own school only: ${row.name} (${schoolId}) is not yours (${yours})`, hint: 'ask the district\'s admin to name you to this school' });
        }
        // Named to a school of the newest dataset; a day on an older one may give that id to
        // another school (a school closed, ids given again): the same school has the same CDS code.
        // (A newest dataset without the id cannot tell: the assignment stands.)
        const yours = await schoolOfNewest(tx, actor, schoolId);
        const theDays = (await datasetOfVersion(tx, day.dataset_version_id)).schools.find((x) => x.id === schoolId);
        if (yours && theDays && !sameSchool(yours, theDays)) {
          throw new ApiError(403, { code: 'sites.not-your-site', message: `you may report the counts of your own school only: on ${day.label} (${day.date}) ${schoolId} is ${row.name}, and you are named to ${yours.name} of the district's newest dataset`, hint: 'ask the district\'s admin to report this site\'s counts, or to name you to it' });
        }
      }
      notCancelled(day);
      if (row.status === 'closed') throw conflict('sites.closed', `${row.name} (${schoolId}) is closed on ${day.label} (${day.date}): no children or adults are counted at a closed site`, 'if the site is open after all, ask the district\'s planners to change its status first (PATCH /api/sites/days/{dayId}/sites/{schoolId} {"status": "supervision", …})');
      const problems = await attendanceProblems(tx, day, [{ schoolId, name: row.name, studentsAttending: b.studentsAttending }], 'studentsAttending');
      if (problems.length > 0) throw invalidContent(problems);
      if (!b.confirm) await refuseUnlikely(tx, day, row, b.childrenPresent, b.adultsPresent);
      const before = { childrenPresent: row.children_present, adultsPresent: row.adults_present, ...(b.studentsAttending !== undefined ? { studentsAttending: row.students_attending } : {}) };
      const after = { childrenPresent: b.childrenPresent, adultsPresent: b.adultsPresent, ...(b.studentsAttending !== undefined ? { studentsAttending: b.studentsAttending } : {}) };
      const columns = { children_present: b.childrenPresent, adults_present: b.adultsPresent, counted_at: at, ...(b.studentsAttending !== undefined ? { students_attending: b.studentsAttending } : {}) };
      const { version } = await writeChanges(tx, { ids: deps.ids, day, personId: actor.person.id, at, kind: 'count', columns, changes: [{ schoolId, before, after }] });
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'site.count', subject: `site-days/${day.id}/sites/${schoolId}`, at });
      return { version, row: await siteOf(tx, day, schoolId), ratio: day.ratio_limit };
    });
    return c.json({ site: siteJson(out.row, out.ratio), version: out.version }, 200);
  });
}
