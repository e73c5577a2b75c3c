/**
 * Versions side by side, inside a workspace: your own (drafts too) and the ones passed to you,
 * 2 to 6 at a time. Each provision with what the current contract says beside what each
 * version says; cost per year and reserve per year; and what changed between each version and
 * the one before it, with each change's cost (changesBetween on a costing thread; the effects
 * add up, to the cent, to the difference). Any version the actor may not read → 404.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Changes } from '../../reports/changes.ts';
import { allow } from '../authz.ts';
import { datasetFilesGz } from '../datasets/store.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { standingOf, yearTotals } from '../proposals/answer.ts';
import { Memo } from '../reports/memo.ts';
import { numbered, readableVersions } from '../reports/readable.ts';
import { errors, ok } from '../schemas.ts';
import { CompareQuery, CompareSchema } from './schemas.ts';

const compare = createRoute({
  method: 'get', path: '/api/compare', tags: ['proposals'],
  summary: 'Your versions and the ones passed to you, side by side: terms against the current contract, cost and reserve per year, what changed',
  request: { query: CompareQuery },
  responses: { 200: ok(CompareSchema, 'The versions in the order asked'), ...errors(400, 401, 403, 404, 429, 503) },
});

export function compareRoutes(app: OpenAPIHono<AppEnv>): void {
  const pairs = new Memo<Changes>(64);

  app.openapi(compare, async (c) => {
    const actor = allow(c.get('actor'), 'proposal.read');
    const deps = c.get('deps');
    const { versions: ids } = c.req.valid('query');
    const rows = await readableVersions(deps.db, actor, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length > 0) {
      throw new ApiError(404, {
        code: 'not-found',
        message: `there is no proposal version ${missing.join(', ')} that you can see`,
        where: { field: 'versions' },
        hint: 'compare your own versions and the versions passed to you (GET /api/proposals lists them)',
      });
    }
    const ordered = await numbered(deps.db, actor, ids.map((id) => byId.get(id)!));
    const files = (dv: number) => () => datasetFilesGz(deps.db, dv);

    const first = ordered[0].row.dataset_version_id;
    const provisions = await deps.costing.provisions({ datasetVersionId: first, yamls: ordered.map((v) => v.row.yaml), loadFiles: files(first) });

    const changes = [];
    for (let i = 1; i < ordered.length; i++) {
      const [a, b] = [ordered[i - 1].row, ordered[i].row];
      if (a.dataset_version_id !== b.dataset_version_id) {
        changes.push({
          from: a.id, to: b.id, sameDataset: false,
          note: `costed on different dataset versions (${a.dataset_version_id} and ${b.dataset_version_id}): the difference mixes changed terms with changed data, so it is not split into changes`,
        });
        continue;
      }
      const dv = a.dataset_version_id;
      const ch = await pairs.get(`${a.id}>${b.id}`, () => deps.costing.changes({ datasetVersionId: dv, from: a.yaml, to: b.yaml, loadFiles: files(dv) }));
      changes.push({ from: a.id, to: b.id, sameDataset: true, header: ch.header, changes: ch.changes, unchanged: ch.unchanged, fromCents: ch.fromCents, toCents: ch.toCents });
    }

    const versions = ordered.map(({ row, summary: s, number, own }) => ({
      id: row.id, own, version: number, title: s.proposal.title,
      organization: { id: row.owner_id, name: row.owner_name, kind: row.owner_kind },
      unit: s.proposal.unit, party: standingOf(row, s).party, date: s.proposal.date, term: s.proposal.term, datasetVersionId: row.dataset_version_id,
      passedAt: row.passed_at, publishedAt: row.published_at,
      years: yearTotals(s), reserve: s.reserve, firstShortYear: s.firstShortYear, certification: s.certification,
    }));
    const years = [...new Set(versions.flatMap((v) => v.years.map((y) => y.fy)))].sort();
    return c.json({ years, baseline: { datasetVersionId: first, district: ordered[0].summary.district.name }, provisions, versions, changes }, 200);
  });
}
