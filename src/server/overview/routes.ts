/**
 * A dataset version at a glance, for the workspace's dataset page: schools by type, enrollment
 * by grade span, staff by unit and role, the budget with its reserve, and every school's
 * point for the map. Read by both sides of the table (dataset.read; another table's versions
 * answer 404). Computed on a costing thread from the stored files, once per version (a
 * version never changes), and kept as JSON text.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { allow } from '../authz.ts';
import { datasetFilesGz, visibleDatasetVersion } from '../datasets/store.ts';
import type { AppEnv } from '../env.ts';
import { notFound } from '../errors.ts';
import { rawJson } from '../proposals/answer.ts';
import { Memo } from '../reports/memo.ts';
import { errors, IdParams, ok } from '../schemas.ts';
import { OverviewSchema } from './schemas.ts';

const overview = createRoute({
  method: 'get', path: '/api/dataset-versions/{id}/overview', tags: ['datasets'],
  summary: 'A dataset version at a glance: schools, enrollment, staff, budget and the schools\' points for a map',
  description: 'Counts and sums of the version\'s files, each part saying which file and formula it comes from.',
  request: { params: IdParams },
  responses: { 200: ok(OverviewSchema, 'The overview'), ...errors(400, 401, 403, 404, 429, 503) },
});

export function overviewRoutes(app: OpenAPIHono<AppEnv>): void {
  const kept = new Memo<string>(8);
  app.openapi(overview, async (c) => {
    const actor = allow(c.get('actor'), 'dataset.read');
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    if (!(await visibleDatasetVersion(deps.db, actor, id))) throw notFound('dataset version', id);
    const text = await kept.get(String(id), async () => {
      const o = await deps.costing.overview({ datasetVersionId: id, loadFiles: () => datasetFilesGz(deps.db, id) });
      return JSON.stringify({ datasetVersionId: id, ...o });
    });
    return rawJson(c, text, 200, { 'cache-control': 'private, no-cache' });
  });
}
