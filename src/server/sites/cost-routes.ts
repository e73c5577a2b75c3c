/**
 * The day's cost (docs/sites.md, "The day's cost"): every strike day of the district costed by
 * `strikeImpact` (src/strike/impact.ts), as `settle strike-impact` costs it, and the days file to
 * rerun it on the command line. District only: a union caller gets 404. The attendance import
 * that feeds it: attendance-routes.ts.
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { daysCsv } from '../../sites/cost.ts';
import { allowDistrict } from '../authz.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, notFound } from '../errors.ts';
import { errors, ok } from '../schemas.ts';
import { attendanceRoutes } from './attendance-routes.ts';
import { costDataset } from './cost-dataset.ts';
import { CostCsvQuery, StrikeCostSchema } from './cost-schemas.ts';
import { strikeCost } from './cost-compute.ts';
import { costDays } from './cost-store.ts';

const cost = createRoute({
  method: 'get', path: '/api/sites/cost', tags: ['sites'], summary: 'Every strike day\'s cost and the running totals over the strike, as settle strike-impact computes them (cents)',
  responses: { 200: ok(StrikeCostSchema, 'The days, their inputs and figures, and the totals'), ...errors(401, 403, 404) },
});
const csv = createRoute({
  method: 'get', path: '/api/sites/cost.csv', tags: ['sites'], summary: 'The strike days (from, to: one strike\'s) as a days file for settle strike-impact --days (text/csv)',
  request: { query: CostCsvQuery },
  responses: { 200: { description: 'The days file', content: { 'text/csv': { schema: z.string() } } }, ...errors(400, 401, 403, 404, 409) },
});

export function costRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(cost, async (c) => {
    const actor = allowDistrict(c.get('actor'), 'site.cost', 'GET', c.req.path);
    const db = c.get('deps').db;
    return c.json(await strikeCost(db, await costDays(db, actor.org.id)), 200);
  });

  app.openapi(csv, async (c) => {
    const actor = allowDistrict(c.get('actor'), 'site.cost', 'GET', c.req.path);
    const db = c.get('deps').db;
    const { datasetVersionId, from, to } = c.req.valid('query');
    if (from !== undefined && to !== undefined && to < from) {
      throw new ApiError(400, { code: 'site.cost-dates-backwards', where: { field: 'to' }, message: `to (${to}) is before from (${from})`, hint: '/api/sites/cost.csv?from=2019-01-14&to=2019-01-22 (a strike\'s from and to in GET /api/sites/cost)' });
    }
    const every = await costDays(db, actor.org.id);
    // Only a version some day of the district was declared on: any other answers as none would.
    if (datasetVersionId !== undefined && !every.some((d) => d.datasetVersionId === datasetVersionId)) throw notFound('dataset version with strike days', datasetVersionId);
    // One strike's days (from, to): the file then totals what that strike's table shows.
    const all = every.filter((d) => (from === undefined || d.inputs.date >= from) && (to === undefined || d.inputs.date <= to));
    // A range with no strike day in it: a file of no days, which settle strike-impact refuses, is not handed out.
    if (all.length === 0 && (from !== undefined || to !== undefined)) {
      const dates = every.map((d) => d.inputs.date).sort();
      throw new ApiError(404, {
        code: 'site.cost-no-days', where: { field: from !== undefined ? 'from' : 'to' },
        message: `no strike day of the district falls ${from !== undefined && to !== undefined ? `from ${from} to ${to}` : from !== undefined ? `on or after ${from}` : `on or before ${to}`}`,
        hint: dates.length > 0 ? `/api/sites/cost.csv?from=${dates[0]}&to=${dates[dates.length - 1]} (the strikes and their dates are in GET /api/sites/cost)` : 'declare the strike days first (POST /api/sites/days)',
      });
    }
    const versions = [...new Set(all.map((d) => d.datasetVersionId))];
    if (datasetVersionId === undefined && versions.length > 1) {
      throw new ApiError(409, {
        code: 'site.cost-several-datasets', where: { field: 'datasetVersionId' },
        message: `the strike days were declared on ${versions.length} dataset versions (${versions.join(', ')}); a days file goes with one dataset`,
        hint: `/api/sites/cost.csv?datasetVersionId=${versions[0]}`,
      });
    }
    const version = datasetVersionId ?? versions[0];
    const days = all.filter((d) => d.datasetVersionId === version);
    const units = version === undefined ? [] : (await costDataset(db, version)).units.map((u) => u.id);
    const text = daysCsv({ days: days.map((d) => d.inputs), units });
    const name = `strike-days${from === undefined && to === undefined ? '' : `-${from ?? ''}-to-${to ?? ''}`}${version === undefined ? '' : `-dataset-${version}`}`;
    return c.body(text, 200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}.csv"` }) as never;
  });

  attendanceRoutes(app);
}
