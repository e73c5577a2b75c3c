/**
 * Bulk changes to a strike day's sites (docs/sites.md): the same fields on every site picked
 * ("all", ids, "all except these", or a CSV of school ids or CDS codes). With `preview` it only
 * answers what would change (how many sites, from which status to which, the first rows);
 * otherwise it is one transaction, one plan version, and one `site_changes` row per site changed,
 * all in one batch. Unknown ids are refused by field or CSV line and nothing changes.
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Problem } from '../../errors/problem.ts';
import { capProblems } from '../../errors/capped.ts';
import { diff, sitesFromCsv, transitions } from '../../sites/bulk-select.ts';
import { effectiveSet, settle, siteProblems, SITE_STATUSES, type SiteFields } from '../../sites/plan-rules.ts';
import { audit } from '../audit.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, invalidContent } from '../errors.ts';
import { errors, jsonBody, ok } from '../schemas.ts';
import { writeChanges } from './plan-changes.ts';
import { BulkBody, SiteDayParams } from './plan-schemas.ts';
import { attendanceProblems, columnsOf, datasetOfVersion, district, fieldsOf, notCancelled, siteDayOf, type Db, type SiteDayRow } from './plan-store.ts';

const SAMPLE = 10;
const Status = z.enum(SITE_STATUSES);

const BulkAnswer = z.object({
  preview: z.boolean(),
  changed: z.number().int().openapi({ description: 'sites that change (preview: that would)' }),
  unchanged: z.number().int().openapi({ description: 'sites picked that already had these values' }),
  transitions: z.array(z.object({ from: Status, to: Status, sites: z.number().int() })),
  sample: z.array(z.object({ schoolId: z.string(), name: z.string(), before: z.record(z.string(), z.unknown()), after: z.record(z.string(), z.unknown()) })).openapi({ description: 'the first sites changed (at most 10)' }),
  version: z.number().int().openapi({ description: 'the plan version (preview: as it is now)' }),
  batch: z.number().int().nullable(),
}).openapi('SiteBulkResult');

const bulk = createRoute({
  method: 'post', path: '/api/sites/days/{dayId}/bulk', tags: ['sites'], summary: 'Set the same fields on many sites of a strike day (all, ids, all except ids, or a CSV of school ids or CDS codes); preview: true changes nothing',
  request: { params: SiteDayParams, ...jsonBody(BulkBody, 'The fields to set, the sites, and whether only to preview') },
  responses: { 200: ok(BulkAnswer, 'What changed (or would)'), ...errors(400, 401, 403, 404, 409, 422) },
});

type Body = z.infer<typeof BulkBody>;

/** The school ids the body picks, in name order, or 422 with every unknown id or line. Ids may be CDS codes. */
async function picked(db: Db, day: SiteDayRow, b: Body, known: { schoolId: string }[]): Promise<string[]> {
  if ((b.sites === undefined) === (b.schoolsCsv === undefined)) {
    throw new ApiError(400, { code: 'sites.pick-sites', message: 'name the sites with either sites ("all" or school ids) or schoolsCsv, not both and not neither', where: { field: 'sites' }, hint: '{"set": {"status": "closed"}, "sites": "all", "except": ["E1"]}' });
  }
  if (b.except !== undefined && b.exceptCsv !== undefined) {
    throw new ApiError(400, { code: 'sites.pick-sites', message: 'name the sites left out with either except (a list) or exceptCsv (a CSV), not both', where: { field: 'exceptCsv' }, hint: '{"set": {"status": "closed"}, "sites": "all", "exceptCsv": "school_id\\nE1\\nE2\\n"}' });
  }
  const withCds = await withCdsCodes(db, day, known.map((k) => k.schoolId));
  const byCode = new Map(withCds.flatMap((k) => [[k.schoolId, k.schoolId] as const, ...(k.cdsCode ? [[k.cdsCode, k.schoolId] as const] : [])]));
  /** A list's ids or CDS codes as school ids; each one not a site of the day is a problem naming its place. */
  const listed = (ids: string[], field: string) => ids.flatMap((id, i) => (byCode.has(id) ? [] : [{
    code: 'sites.unknown-school', message: `${field}[${i}]: there is no school "${id.slice(0, 60)}" on this day (a school id or CDS code)`, where: { field: `${field}[${i}]` },
    hint: `a school id from GET /api/sites/days/{dayId}/sites, such as "${withCds[0]?.schoolId ?? 'E1'}", or its CDS code`,
  }]));
  const chosen = b.schoolsCsv !== undefined ? sitesFromCsv({ csv: b.schoolsCsv, known: withCds })
    : b.sites === 'all' ? { ok: true as const, schoolIds: withCds.map((k) => k.schoolId) }
    : { ok: true as const, schoolIds: (b.sites ?? []).map((id) => byCode.get(id) ?? id) };
  // A school left out twice is still left out (as in the `except` list): no count is misread for it.
  const left = b.exceptCsv !== undefined ? sitesFromCsv({ csv: b.exceptCsv, known: withCds, file: 'exceptCsv', repeatsAllowed: true }) : null;
  const problems = [
    ...(chosen.ok ? [] : chosen.problems), ...(Array.isArray(b.sites) ? listed(b.sites, 'sites') : []),
    ...listed(b.except ?? [], 'except'), ...(left && !left.ok ? left.problems : []),
  ];
  if (problems.length > 0 || !chosen.ok || (left && !left.ok)) throw invalidContent(capProblems(problems, 0, 'sites'));
  const except = new Set(left?.ok ? left.schoolIds : (b.except ?? []).map((id) => byCode.get(id)));
  const named = new Set(chosen.schoolIds);
  return withCds.map((k) => k.schoolId).filter((id) => named.has(id) && !except.has(id));
}

async function withCdsCodes(db: Db, day: SiteDayRow, ids: string[]): Promise<{ schoolId: string; cdsCode: string | null }[]> {
  const dataset = await datasetOfVersion(db, day.dataset_version_id);
  const cds = new Map(dataset.schools.map((s) => [s.id, s.cdsCode || null]));
  return ids.map((id) => ({ schoolId: id, cdsCode: cds.get(id) ?? null }));
}

export function bulkRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(bulk, async (c) => {
    const actor = district(c, 'site.plan');
    const deps = c.get('deps');
    const { dayId } = c.req.valid('param');
    const b = c.req.valid('json');
    if (Object.keys(b.set).length === 0) throw new ApiError(400, { code: 'sites.nothing-to-change', message: 'set: name at least one field to set', where: { field: 'set' }, hint: '{"status": "closed"}' });
    const at = deps.now().toISOString();

    const run = async (db: Db) => {
      const day = await siteDayOf(db, actor.org.id, dayId);
      notCancelled(day);
      const rows = await db.selectFrom('site_statuses').selectAll().where('day_id', '=', day.id).orderBy('name').orderBy('school_id').execute();
      const ids = new Set(await picked(db, day, b, rows.map((r) => ({ schoolId: r.school_id }))));
      const changes: { schoolId: string; name: string; before: Partial<SiteFields>; after: Partial<SiteFields>; full: { before: SiteFields; after: SiteFields } }[] = [];
      let unchanged = 0;
      const overEnrolled: { schoolId: string; name: string; studentsAttending: number | null }[] = [];
      // Each rule broken, with the first site that breaks it and how many more do (a set of hours
      // refused at 1,150 closed sites says so, not only the first).
      const broken = new Map<string, { problem: Problem; first: string; more: number }>();
      for (const r of rows) {
        if (!ids.has(r.school_id)) continue;
        const before = fieldsOf(r);
        const after = settle(before, b.set);
        const problems = siteProblems(after, 'set.');
        for (const p of problems) {
          const key = `${p.code} ${p.where?.field}`;
          const seen = broken.get(key);
          if (seen) seen.more++;
          else broken.set(key, { problem: p, first: `${r.name} (${r.school_id})`, more: 0 });
        }
        if (problems.length > 0) continue;
        if (b.set.studentsAttending !== undefined && b.set.studentsAttending !== null) overEnrolled.push({ schoolId: r.school_id, name: r.name, studentsAttending: after.studentsAttending });
        const d = diff(before, after);
        if (d) changes.push({ schoolId: r.school_id, name: r.name, ...d, full: { before, after } });
        else unchanged++;
      }
      if (broken.size > 0) {
        throw invalidContent([...broken.values()].map(({ problem, first, more }) => ({
          ...problem, message: `${first}${more > 0 ? ` and ${more.toLocaleString('en-US')} other site${more === 1 ? '' : 's'} picked` : ''}: ${problem.message}`,
        })));
      }
      // Every site above its enrollment is named (the same figure set on all: often many).
      const enrolled = await attendanceProblems(db, day, overEnrolled, 'set.studentsAttending');
      if (enrolled.length > 0) throw invalidContent(capProblems(enrolled, 0, 'attendance'));
      return { day, changes, unchanged };
    };
    const answer = (o: Awaited<ReturnType<typeof run>>, preview: boolean, version: number, batch: number | null) => ({
      preview, changed: o.changes.length, unchanged: o.unchanged, transitions: transitions(o.changes.map((x) => x.full)),
      sample: o.changes.slice(0, SAMPLE).map((x) => ({ schoolId: x.schoolId, name: x.name, before: x.before, after: x.after })), version, batch,
    });

    if (b.preview) {
      const o = await run(deps.db);
      return c.json(answer(o, true, o.day.version, null), 200);
    }
    const done = await deps.db.transaction().execute(async (tx) => {
      // Two planners at once queue here: the second reads the sites as the first left them.
      await tx.updateTable('site_days').set((eb) => ({ label: eb.ref('label') })).where('id', '=', dayId).where('organization_id', '=', actor.org.id).execute();
      const o = await run(tx);
      // Every site changed takes the same columns: the fields set (and no hours when closed without hours given).
      const only = columnsOf(effectiveSet(b.set));
      const w = await writeChanges(tx, { ids: deps.ids, day: o.day, personId: actor.person.id, at, kind: 'bulk', columns: only, changes: o.changes.map((x) => ({ schoolId: x.schoolId, before: x.before, after: x.after })) });
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'site.bulk', subject: `site-days/${o.day.id}`, at });
      return { o, ...w };
    });
    return c.json(answer(done.o, false, done.version, done.batch), 200);
  });
}
