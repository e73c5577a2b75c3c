/**
 * Applying a shift template to a strike day: every line at every chosen worksite, in one
 * transaction (a thousand schools at once), skipping shifts already there; with `preview` it
 * only says what it would make. Problems are named by field (shifts[1].end) and change nothing.
 */
import { randomBytes } from 'node:crypto';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Insertable } from 'kysely';
import type { PicketShiftsTable } from '../../db/schema.ts';
import { expandTemplate, templateProblems, type PlannedShift } from '../../pickets/template.ts';
import { audit } from '../audit.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, conflict, invalidContent } from '../errors.ts';
import { errors, jsonBody, ok } from '../schemas.ts';
import { announce } from './changes.ts';
import { DayParams, TemplateAnswer, TemplateBody } from './plan-schemas.ts';
import { dayOf, listShifts, pickets, refuseOtherDayOverlap, type Db, type ShiftJson } from './plan-store.ts';

/** Rows per INSERT: 18 columns × 500 = 9,000 parameters, under SQLite's and PostgreSQL's limits. */
const CHUNK = 500;
const SAMPLE = 10;

const apply = createRoute({
  method: 'post', path: '/api/pickets/days/{dayId}/template', tags: ['pickets'], summary: 'Apply a shift template to every worksite (or those named): one shift per line per site; shifts already there are skipped. With preview: true, nothing is made',
  request: { params: DayParams, ...jsonBody(TemplateBody, 'The template\'s name, its lines in local HH:MM, the worksites, and whether only to preview') },
  responses: { 200: ok(TemplateAnswer, 'What was made (or would be)'), ...errors(400, 401, 403, 404, 409, 422) },
});

type Site = { id: number; name: string; region: string | null };

async function sitesOf(db: Db, orgId: number, chosen: 'all' | number[]): Promise<Site[]> {
  if (chosen === 'all') return db.selectFrom('roster_worksites').select(['id', 'name', 'region']).where('organization_id', '=', orgId).orderBy('name').execute();
  const found = new Map<number, Site>();
  const unique = [...new Set(chosen)];
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await db.selectFrom('roster_worksites').select(['id', 'name', 'region']).where('organization_id', '=', orgId).where('id', 'in', unique.slice(i, i + 1000)).execute();
    for (const r of rows) found.set(r.id, r);
  }
  const missing = chosen.findIndex((id) => !found.has(id));
  if (missing >= 0) throw new ApiError(404, { code: 'not-found', message: `there is no worksite ${chosen[missing]} that you can see`, where: { field: `worksites[${missing}]` }, hint: 'worksite ids from GET /api/roster/worksites, or "all"' });
  return unique.map((id) => found.get(id)!);
}

export function templateRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(apply, async (c) => {
    const actor = pickets(c, 'picket.plan');
    const deps = c.get('deps');
    const { dayId } = c.req.valid('param');
    const b = c.req.valid('json');
    const template = { name: b.name, shifts: b.shifts };
    const at = deps.now().toISOString();

    const run = async (db: Db, write: boolean) => {
      const day = await dayOf(db, actor.org.id, dayId);
      if (day.cancelled_at) throw conflict('picket.day-cancelled', `${day.label} (${day.date}) is cancelled: plan shifts on it after undoing the cancellation`, 'PATCH /api/pickets/days/{dayId} {"cancelled": false}');
      const problems = templateProblems(template, { date: day.date, timeZone: day.time_zone });
      if (problems.length > 0) throw invalidContent(problems);
      const sites = await sitesOf(db, actor.org.id, b.worksites);
      const existing = await db.selectFrom('picket_shifts').select(['worksite_id', 'duty', 'starts_at', 'ends_at']).where('strike_day_id', '=', day.id).where('removed_at', 'is', null).execute();
      const planned = expandTemplate(template, { date: day.date, timeZone: day.time_zone }, sites.map((s) => s.id), existing.map((e) => ({ worksiteId: e.worksite_id, duty: e.duty, startsAt: e.starts_at, endsAt: e.ends_at })));
      // The template's times are the same at every site: each once.
      await refuseOtherDayOverlap(db, actor.org.id, day.id, [...new Map(planned.shifts.map((p) => [`${p.startsAt} ${p.endsAt}`, { startsAt: p.startsAt, endsAt: p.endsAt }])).values()]);
      const rows: Insertable<PicketShiftsTable>[] = write ? planned.shifts.map((p) => ({
        id: deps.ids.next(actor.org.id), organization_id: actor.org.id, strike_day_id: day.id, worksite_id: p.worksiteId, place: null, duty: p.duty,
        starts_at: p.startsAt, ends_at: p.endsAt, capacity: p.capacity, minimum: p.minimum, captain_member_id: null, template: b.name,
        code_secret: randomBytes(32).toString('hex'), created_by: actor.person.id, created_at: at, updated_at: at, removed_at: null,
      })) : [];
      for (let i = 0; i < rows.length; i += CHUNK) await db.insertInto('picket_shifts').values(rows.slice(i, i + CHUNK)).execute();
      return { day, sites, planned, ids: rows.map((r) => r.id as number) };
    };

    if (b.preview) {
      const { sites, planned } = await run(deps.db, false);
      return c.json({ created: planned.shifts.length, skipped: planned.skipped, preview: true, sample: await previewSample(deps.db, actor.org.id, dayId, sites, planned.shifts.slice(0, SAMPLE), b.name) }, 200);
    }
    const done = await deps.db.transaction().execute(async (tx) => {
      // Two organizers applying at once queue here, so the second sees the first's shifts and skips them.
      await tx.updateTable('strike_days').set((eb) => ({ label: eb.ref('label') })).where('id', '=', dayId).where('organization_id', '=', actor.org.id).execute();
      const r = await run(tx, true);
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'picket.template-apply', subject: `strike-days/${r.day.id}`, at });
      return r;
    });
    if (done.ids.length > 0) announce(deps, actor.org.id, [done.day.id]);
    const sample = await listShifts(deps.db, actor.org.id, { shiftIds: done.ids.slice(0, SAMPLE) });
    return c.json({ created: done.ids.length, skipped: done.planned.skipped, preview: false, sample }, 200);
  });
}

/** The first shifts a preview would make, as the shift list would show them (no ids yet). */
async function previewSample(db: Db, orgId: number, dayId: number, sites: Site[], shifts: PlannedShift[], template: string): Promise<(Omit<ShiftJson, 'id'> & { id: null })[]> {
  const byId = new Map(sites.map((s) => [s.id, s]));
  const ids = [...new Set(shifts.map((s) => s.worksiteId))];
  const captains = ids.length ? await db.selectFrom('roster_site_captains as k').innerJoin('roster_members as m', 'm.id', 'k.member_row_id')
    .select(['k.worksite_id', 'm.id', 'm.name']).where('k.organization_id', '=', orgId).where('k.ended_at', 'is', null).where('k.worksite_id', 'in', ids).orderBy('k.assigned_at').orderBy('m.name').execute() : [];
  const first = new Map<number, { memberRowId: number; name: string }>();
  for (const k of captains) if (!first.has(k.worksite_id)) first.set(k.worksite_id, { memberRowId: k.id, name: k.name });
  return shifts.map((s) => ({
    id: null, dayId, worksiteId: s.worksiteId, worksite: byId.get(s.worksiteId)?.name ?? null, region: byId.get(s.worksiteId)?.region ?? null, place: null, duty: s.duty,
    startsAt: s.startsAt, endsAt: s.endsAt, capacity: s.capacity, minimum: s.minimum, captain: first.get(s.worksiteId) ?? null, signedUp: 0, template,
  }));
}
