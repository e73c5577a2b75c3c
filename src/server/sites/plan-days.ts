/**
 * A district's strike days (docs/sites.md): declaring one puts every school and office of the
 * dataset version on it (name, address, coordinates copied) with one status; a day's label,
 * shares on strike, costs, ratio limit, and its cancellation. The date must fall in the dataset's
 * years, as `settle strike-impact` requires.
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Insertable } from 'kysely';
import { fiscalYearOf, fyEnd, fyLabel, fyStart } from '../../calendar/fiscal-year.ts';
import type { SiteDaysTable, SiteStatusesTable } from '../../db/schema.ts';
import type { Dataset } from '../../district/types.ts';
import { isDate } from '../../pickets/local-time.ts';
import { DEFAULT_RATIO_LIMIT, OPEN_STATUSES } from '../../sites/plan-rules.ts';
import { datasetYears } from '../../strike/days.ts';
import { toCents } from '../../money/cents.ts';
import { audit } from '../audit.ts';
import { latestDatasetVersion, visibleDatasetVersion } from '../datasets/store.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, conflict } from '../errors.ts';
import { errors, jsonBody, ok } from '../schemas.ts';
import { SiteDayBody, SiteDayEditBody, SiteDayParams, SiteDaySchema } from './plan-schemas.ts';
import { bumpVersion, datasetOfVersion, dayJson, district, siteDayOf, type Db, type SiteDayRow } from './plan-store.ts';

const CHUNK = 400;

const list = createRoute({
  method: 'get', path: '/api/sites/days', tags: ['sites'], summary: 'The district\'s strike days, in date order, with how many sites are open, closed and flagged',
  responses: { 200: ok(z.object({ days: z.array(SiteDaySchema) }).openapi('SiteDays'), 'The days'), ...errors(401, 403, 404) },
});
const create = createRoute({
  method: 'post', path: '/api/sites/days', tags: ['sites'], summary: 'Declare a strike day: every school of the dataset gets a site on it',
  request: jsonBody(SiteDayBody, 'Its date, label, dataset version, shares on strike, costs, ratio limit and the sites\' first status'),
  responses: { 201: ok(z.object({ day: SiteDaySchema }), 'Declared'), ...errors(400, 401, 403, 404, 409) },
});
const edit = createRoute({
  method: 'patch', path: '/api/sites/days/{dayId}', tags: ['sites'], summary: 'Change a strike day\'s label, shares, costs or ratio limit, or cancel it',
  request: { params: SiteDayParams, ...jsonBody(SiteDayEditBody, 'The fields to change') },
  responses: { 200: ok(z.object({ day: SiteDaySchema }), 'The day as changed'), ...errors(400, 401, 403, 404) },
});

/**
 * Per day, how many of its versions since its last publication were counts only (a site
 * administrator's children and adults present, an attendance import): they are public, or never
 * will be, without another publication, so the plan page does not ask for one because of them.
 */
async function countOnlyVersions(db: Db, orgId: number): Promise<Map<number, number>> {
  const rows = await db.selectFrom('site_changes as c').innerJoin('site_days as d', 'd.id', 'c.day_id')
    .select(['c.day_id', (eb) => eb.fn.count<number | string>('c.plan_version').distinct().as('n')])
    .where('c.organization_id', '=', orgId).where('c.kind', 'in', ['count', 'attendance'])
    .where((eb) => eb('c.plan_version', '>', eb.fn.coalesce('d.published_version', eb.val(0))))
    .groupBy('c.day_id').execute();
  return new Map(rows.map((r) => [r.day_id, Number(r.n)]));
}

/** The day as sent, with whether a publication now would change what the public sees of it. */
async function daysJson(db: Db, orgId: number, days: SiteDayRow[]) {
  const [counts, quiet] = await Promise.all([siteCounts(db, orgId), countOnlyVersions(db, orgId)]);
  return days.map((d) => ({
    ...dayJson(d),
    unpublishedChanges: d.published_version === null || d.version - d.published_version - (quiet.get(d.id) ?? 0) > 0,
    sites: counts.get(d.id) ?? { total: 0, open: 0, closed: 0, flagged: 0 },
  }));
}

async function siteCounts(db: Db, orgId: number): Promise<Map<number, { total: number; open: number; closed: number; flagged: number }>> {
  const rows = await db.selectFrom('site_statuses as s').innerJoin('site_days as d', 'd.id', 's.day_id')
    .select(['s.day_id', 's.status', (eb) => eb.fn.countAll<number | string>().as('n'),
      (eb) => eb.fn.sum<number | string>(eb.case().when(eb.and([eb('s.status', '!=', 'closed'), eb('s.children_present', '>', eb('d.ratio_limit', '*', eb.ref('s.adults_present')))])).then(1).else(0).end()).as('flagged')])
    .where('s.organization_id', '=', orgId).groupBy(['s.day_id', 's.status']).execute();
  const out = new Map<number, { total: number; open: number; closed: number; flagged: number }>();
  for (const r of rows) {
    const c = out.get(r.day_id) ?? { total: 0, open: 0, closed: 0, flagged: 0 };
    const n = Number(r.n);
    c.total += n;
    if ((OPEN_STATUSES as string[]).includes(r.status)) c.open += n;
    else c.closed += n;
    c.flagged += Number(r.flagged ?? 0);
    out.set(r.day_id, c);
  }
  return out;
}

/** Shares name units of the dataset (field `shares.X`). */
function checkShares(shares: Record<string, number> | undefined, dataset: Dataset): void {
  const units = dataset.units.map((u) => u.id);
  for (const unit of Object.keys(shares ?? {})) {
    if (!units.includes(unit)) throw new ApiError(400, { code: 'sites.unknown-unit', message: `shares: the dataset has no bargaining unit "${unit.slice(0, 40)}" (its units: ${units.join(', ')})`, where: { field: `shares.${unit.slice(0, 40)}` }, hint: `{"${units[0] ?? 'T'}": 1}` });
  }
}

export function siteDayRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(list, async (c) => {
    const actor = district(c, 'site.read');
    const db = c.get('deps').db;
    const days = await db.selectFrom('site_days').selectAll().where('organization_id', '=', actor.org.id).orderBy('date').execute();
    return c.json({ days: await daysJson(db, actor.org.id, days) }, 200);
  });

  app.openapi(create, async (c) => {
    const actor = district(c, 'site.plan');
    const deps = c.get('deps');
    const b = c.req.valid('json');
    if (!isDate(b.date)) throw new ApiError(400, { code: 'request.invalid-date', message: `body date: ${b.date} is not a date on the calendar`, where: { field: 'date' }, hint: '"2019-01-14"' });
    const versionId = b.datasetVersionId ?? await latestDatasetVersion(deps.db, actor);
    if (versionId === null) throw conflict('sites.no-dataset', 'the district has no dataset yet: a strike day\'s sites are the schools of a dataset', 'upload one with POST /api/datasets');
    const version = await visibleDatasetVersion(deps.db, actor, versionId);
    if (!version || version.organizationId !== actor.org.id) throw new ApiError(404, { code: 'not-found', message: `there is no dataset version ${versionId} of your district`, where: { field: 'datasetVersionId' }, hint: 'a version id from GET /api/datasets, or leave it out for the newest' });
    const dataset = await datasetOfVersion(deps.db, versionId);
    const years = datasetYears(dataset);
    const fy = fiscalYearOf(b.date);
    if (fy < years.first || fy > years.last) {
      throw new ApiError(400, { code: 'sites.outside-dataset', message: `${b.date} is in ${fyLabel(fy)}, outside the dataset's years ${fyLabel(years.first)} to ${fyLabel(years.last)}: a date from ${fyStart(years.first)} to ${fyEnd(years.last)}`, where: { field: 'date' }, hint: `"${years.first + 1}-01-14"` });
    }
    checkShares(b.shares, dataset);
    const at = deps.now().toISOString();
    const row: Insertable<SiteDaysTable> & SiteDayRow = {
      id: deps.ids.next(actor.org.id), organization_id: actor.org.id, date: b.date, label: b.label, dataset_version_id: versionId, shares: JSON.stringify(b.shares ?? {}),
      substitute_day_rate_cents: b.substituteDayRate == null ? null : toCents(b.substituteDayRate), other_costs_cents: toCents(b.otherCosts ?? 0),
      ratio_limit: b.ratioLimit ?? DEFAULT_RATIO_LIMIT, version: 1, published_version: null, created_by: actor.person.id, created_at: at, cancelled_at: null,
    };
    const sites: Insertable<SiteStatusesTable>[] = dataset.schools.map((s) => ({
      day_id: row.id, organization_id: actor.org.id, school_id: s.id, name: s.name, address: s.address, latitude: s.latitude, longitude: s.longitude,
      status: b.status ?? 'instruction', version: 1, updated_by: actor.person.id, updated_at: at,
    }));
    await deps.db.transaction().execute(async (tx) => {
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'site.day-create', subject: `site-days/${row.id}`, at });
      const same = await tx.selectFrom('site_days').select('label').where('organization_id', '=', actor.org.id).where('date', '=', b.date).executeTakeFirst();
      if (same) throw conflict('sites.day-exists', `${b.date} is already a strike day ("${same.label}")`, 'change it with PATCH /api/sites/days/{dayId}, or choose another date');
      await tx.insertInto('site_days').values(row).execute();
      for (let i = 0; i < sites.length; i += CHUNK) await tx.insertInto('site_statuses').values(sites.slice(i, i + CHUNK)).execute();
    });
    const open = (OPEN_STATUSES as string[]).includes(b.status ?? 'instruction') ? sites.length : 0;
    return c.json({ day: { ...dayJson(row), unpublishedChanges: true, sites: { total: sites.length, open, closed: sites.length - open, flagged: 0 } } }, 201);
  });

  app.openapi(edit, async (c) => {
    const actor = district(c, 'site.plan');
    const deps = c.get('deps');
    const { dayId } = c.req.valid('param');
    const b = c.req.valid('json');
    if (Object.keys(b).length === 0) throw new ApiError(400, { code: 'sites.nothing-to-change', message: 'name at least one field to change', where: { field: 'body' }, hint: '{"label": "Strike day 1"} or {"cancelled": true}' });
    const at = deps.now().toISOString();
    const before = await siteDayOf(deps.db, actor.org.id, dayId);
    if (b.shares) checkShares(b.shares, await datasetOfVersion(deps.db, before.dataset_version_id));
    const day = await deps.db.transaction().execute(async (tx) => {
      const d = await siteDayOf(tx, actor.org.id, dayId);
      const change: Partial<SiteDayRow> = {};
      if (b.label !== undefined) change.label = b.label;
      if (b.shares !== undefined) change.shares = JSON.stringify(b.shares);
      if (b.substituteDayRate !== undefined) change.substitute_day_rate_cents = b.substituteDayRate === null ? null : toCents(b.substituteDayRate);
      if (b.otherCosts !== undefined) change.other_costs_cents = toCents(b.otherCosts);
      if (b.ratioLimit !== undefined) change.ratio_limit = b.ratioLimit;
      if (b.cancelled !== undefined) change.cancelled_at = b.cancelled ? d.cancelled_at ?? at : null;
      await tx.updateTable('site_days').set(change).where('id', '=', d.id).execute();
      change.version = await bumpVersion(tx, d.id);
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: b.cancelled === true ? 'site.day-cancel' : 'site.day-edit', subject: `site-days/${d.id}`, at });
      return { ...d, ...change };
    });
    const [sent] = await daysJson(deps.db, actor.org.id, [day]);
    return c.json({ day: sent }, 200);
  });
}
