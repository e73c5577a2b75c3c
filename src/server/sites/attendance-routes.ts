/**
 * Importing the student system's daily attendance for a strike day (docs/sites.md, "The day's
 * cost"): `preview: true` checks the file and answers what would change; without it the file is
 * applied in one transaction (each changed site's students attending, the day's plan version one
 * up, a `site_changes` row per site sharing one batch id, an audit entry), or refused whole with
 * every problem's line and column. District planners only; a union caller gets 404.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Insertable } from 'kysely';
import type { SiteChangesTable } from '../../db/schema.ts';
import { audit } from '../audit.ts';
import { allowDistrict } from '../authz.ts';
import type { AppEnv } from '../env.ts';
import { conflict, invalidContent } from '../errors.ts';
import { errors, jsonBody, ok } from '../schemas.ts';
import { checkAttendance, type AttendanceCheck } from './attendance-check.ts';
import { costDataset, enrollmentBySchool } from './cost-dataset.ts';
import { AttendanceAnswerSchema, AttendanceBody, DayParams } from './cost-schemas.ts';
import { siteDayOf, type Db } from './cost-store.ts';

const importRoute = createRoute({
  method: 'post', path: '/api/sites/days/{dayId}/attendance', tags: ['sites'], summary: 'Import the day\'s students attending per school from the student system\'s CSV (preview first)',
  request: { params: DayParams, ...jsonBody(AttendanceBody, 'The CSV (school_id or cds_code, students_attending) and whether this is a preview') },
  responses: { 200: ok(AttendanceAnswerSchema, 'What the file changes (a preview) or changed'), ...errors(400, 401, 403, 404, 409, 413, 422) },
});

async function daySites(db: Db, organizationId: number, dayId: number) {
  const rows = await db.selectFrom('site_statuses').select(['school_id', 'name', 'students_attending', 'status'])
    .where('organization_id', '=', organizationId).where('day_id', '=', dayId).orderBy('school_id').execute();
  return rows.map((r) => ({ schoolId: r.school_id, name: r.name, studentsAttending: r.students_attending === null ? null : Number(r.students_attending), closed: r.status === 'closed' }));
}

const answer = (check: AttendanceCheck, preview: boolean, version: number | null) => ({
  preview, rows: check.rows, matched: check.sites.length, changes: check.changes, sites: check.sites, problems: check.problems, version,
});

export function attendanceRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(importRoute, async (c) => {
    const actor = allowDistrict(c.get('actor'), 'site.plan', 'POST', c.req.path);
    const deps = c.get('deps');
    const { dayId } = c.req.valid('param');
    const body = c.req.valid('json');
    const day = await siteDayOf(deps.db, actor.org.id, dayId);
    if (day.cancelled) throw conflict('site.day-cancelled', `the strike day ${day.date} is cancelled: its attendance no longer counts`, 'import the attendance of a day that is not cancelled');
    const dataset = await costDataset(deps.db, day.datasetVersionId);
    const schoolByCds = new Map(dataset.schools.filter((s) => s.cdsCode !== '').map((s) => [s.cdsCode, s.id]));
    const enrollment = enrollmentBySchool(dataset);
    const check = async (db: Db) => checkAttendance({ csv: body.csv, sites: await daySites(db, actor.org.id, day.id), schoolByCds, enrollment });
    if (body.preview) return c.json(answer(await check(deps.db), true, null), 200);

    const at = deps.now().toISOString();
    const result = await deps.db.transaction().execute(async (tx) => {
      const checked = await check(tx);
      if (checked.problems.length > 0) throw invalidContent(checked.problems);
      const changed = checked.sites.filter((s) => s.before !== s.after);
      if (changed.length === 0) {
        const d = await tx.selectFrom('site_days').select('version').where('id', '=', day.id).executeTakeFirstOrThrow();
        return { checked, version: Number(d.version) };
      }
      const { version } = await tx.updateTable('site_days').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', day.id).returning('version').executeTakeFirstOrThrow();
      const ids = changed.map(() => deps.ids.next(actor.org.id));
      const rows: Insertable<SiteChangesTable>[] = changed.map((s, i) => ({
        id: ids[i], organization_id: actor.org.id, day_id: day.id, school_id: s.schoolId, plan_version: version, kind: 'attendance',
        before: JSON.stringify({ studentsAttending: s.before }), after: JSON.stringify({ studentsAttending: s.after }), batch: ids[0], person_id: actor.person.id, at,
      }));
      for (const s of changed) {
        await tx.updateTable('site_statuses').set({ students_attending: s.after, version, updated_by: actor.person.id, updated_at: at })
          .where('day_id', '=', day.id).where('school_id', '=', s.schoolId).execute();
      }
      for (let i = 0; i < rows.length; i += 200) await tx.insertInto('site_changes').values(rows.slice(i, i + 200)).execute();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'site.attendance-import', subject: `site-days/${day.id}`, at });
      return { checked, version: Number(version) };
    });
    return c.json(answer(result.checked, false, result.version), 200);
  });
}
