/**
 * Importing meal and partner sites from CSV (docs/sites.md): `preview: true` answers the report
 * (rows read, sites to add, every problem by line and column, the first sites) and changes
 * nothing; without it, a file with any problem is refused (400, the same problems) and a clean
 * file adds every site in one transaction, audited once. A row naming a site already entered
 * (same name and address) is a problem too, so importing the same file twice adds nothing twice.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Problem } from '../../errors/problem.ts';
import { capProblems } from '../../errors/capped.ts';
import { readFamilySitesCsv, type FamilyCsvSite } from '../../sites/family-csv.ts';
import { outsideArea, sameSiteKey, type DistrictArea } from '../../sites/family-site.ts';
import { audit } from '../audit.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { errors, jsonBody, ok } from '../schemas.ts';
import { ImportBody, ImportReport } from './family-schemas.ts';
import { areaOf, familyActor, familyChangedOn, familyJson, listFamilySites, newRow, siteOfRow, type Db } from './family-store.ts';
import { todayIn } from '../public/sites-choose.ts';

const FILE = 'sites.csv';
const SAMPLE = 10;

const importRoute = createRoute({
  method: 'post', path: '/api/sites/family/import', tags: ['sites'],
  summary: 'Import meal and partner sites from CSV: preview the report first; an import with any problem changes nothing',
  request: jsonBody(ImportBody, 'The CSV text, and preview: true to see the report only'),
  responses: { 200: ok(ImportReport, 'The report (preview), or what was added'), ...errors(400, 401, 403, 404, 409, 413) },
});

/** Rows naming a site the organization already has (not removed): a problem on the row's name. */
async function alreadyThere(db: Db, organizationId: number, sites: FamilyCsvSite[], columnOf: (field: string) => number): Promise<Problem[]> {
  const existing = new Map((await listFamilySites(db, organizationId)).map((r) => [sameSiteKey(siteOfRow(r)), Number(r.id)]));
  return sites.flatMap(({ line, site }) => {
    const id = existing.get(sameSiteKey(site));
    return id === undefined ? [] : [{
      code: 'sites.family-exists', message: `"${site.name.slice(0, 80)}" at ${site.address.slice(0, 80)} is already a site (id ${id})`,
      where: { file: FILE, line, col: columnOf('name'), field: 'name' }, hint: `leave line ${line} out, or change the site with PATCH /api/sites/family/${id}`,
    }];
  });
}

/** Rows placed outside the district (0,0, another state, a longitude without its minus sign): a problem on the coordinate that is out. */
function outsideDistrict(area: DistrictArea | null, sites: FamilyCsvSite[], columnOf: (field: string) => number): Problem[] {
  return sites.flatMap(({ line, site }) => {
    const why = outsideArea(area, site);
    return why === null ? [] : [{ code: 'sites.outside-district', message: why.message, where: { file: FILE, line, col: columnOf(why.field), field: why.field }, hint: why.hint }];
  });
}

export function familyImportRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(importRoute, async (c) => {
    const actor = familyActor(c, 'site.plan');
    const deps = c.get('deps');
    const { csv, preview } = c.req.valid('json');
    const report = readFamilySitesCsv({ text: csv, file: FILE });
    // A report already capped at 200 problems lists no more (its count would go wrong).
    const capped = report.problems.some((p) => p.code === 'sites.more-problems');
    const there = capped ? [] : [...outsideDistrict(await areaOf(deps.db, actor), report.sites, report.columnOf), ...await alreadyThere(deps.db, actor.org.id, report.sites, report.columnOf)];
    const taken = new Set(there.map((p) => p.where?.line));
    const sites = report.sites.filter((s) => !taken.has(s.line));
    const problems = capped ? report.problems : capProblems([...report.problems, ...there].sort((a, b) => (a.where?.line ?? 0) - (b.where?.line ?? 0)), 0, 'sites');
    const at = deps.now().toISOString();
    const rows = sites.map(({ site }) => newRow({ id: deps.ids.next(actor.org.id), organizationId: actor.org.id, personId: actor.person.id, at, site }));
    const sample = (ids: boolean) => rows.slice(0, SAMPLE).map((r, i) => ({ ...familyJson(r), id: ids ? Number(r.id) : null, line: sites[i].line }));
    if (preview === true) return c.json({ preview: true, rows: report.rows, toAdd: sites.length, added: 0, problems, sample: sample(false) }, 200);
    if (problems.length > 0) {
      const n = problems.filter((p) => p.code !== 'sites.more-problems').length;
      const more = problems.length > n;
      throw new ApiError(400, {
        code: 'sites.import-refused', message: `the file has ${more ? `more than ${n}` : n} problem${n === 1 && !more ? '' : 's'} (the first: line ${problems[0].where?.line ?? 1}: ${problems[0].message}); nothing was imported`,
        where: problems[0].where, hint: 'fix every problem listed (preview: true lists them without importing), then import again', problems,
      });
    }
    await deps.db.transaction().execute(async (tx) => {
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'site.family-import', subject: `family-sites (${rows.length} added)`, at });
      // Checked again inside the transaction: a site entered since the check above refuses the whole import.
      const late = await alreadyThere(tx, actor.org.id, sites, report.columnOf);
      if (late.length > 0) throw new ApiError(409, { ...late[0], problems: late });
      for (let i = 0; i < rows.length; i += 200) await tx.insertInto('family_sites').values(rows.slice(i, i + 200)).execute();
      await familyChangedOn(tx, actor.org.id, sites.map((x) => x.site.dates), todayIn(new Date(at)));
    });
    return c.json({ preview: false, rows: report.rows, toAdd: rows.length, added: rows.length, problems: [], sample: sample(true) }, 200);
  });
}
