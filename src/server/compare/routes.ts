/**
 * Versions side by side, inside a workspace: your own (drafts too) and the ones passed to you,
 * 2 to 6 at a time. Each provision with what the current contract says beside what each
 * version says; cost per year and reserve per year over the same years (versions on one dataset
 * version are costed through the latest last year of any of them: costing/views.ts), with each
 * total labelled by its years; and what changed between each version and the one before it,
 * with each change's cost over exactly those years (the effects add up, to the cent, to the
 * difference). Any version the actor may not read → 404.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { Views } from '../costing/views.ts';
import { allow } from '../authz.ts';
import { datasetFilesGz } from '../datasets/store.ts';
import type { AppEnv, Deps } from '../env.ts';
import type { Provision } from '../../reports/provisions.ts';
import { ApiError } from '../errors.ts';
import { standingOf } from '../proposals/answer.ts';
import { numbered, readableVersions } from '../reports/readable.ts';
import { errors, ok } from '../schemas.ts';
import { CompareQuery, CompareSchema } from './schemas.ts';

const compare = createRoute({
  method: 'get', path: '/api/compare', tags: ['proposals'],
  summary: 'Your versions and the ones passed to you, side by side: terms against the current contract, cost and reserve per year, what changed',
  request: { query: CompareQuery },
  responses: { 200: ok(CompareSchema, 'The versions in the order asked'), ...errors(400, 401, 403, 404, 429, 503) },
});

type Ordered = Awaited<ReturnType<typeof numbered>>;

/**
 * Each provision with the current contract beside what each version says. Versions costed on
 * different dataset versions (the 2019 agreement beside the 2023 one) are read against their own
 * data, and the current contract names each data year where they differ ("2018-19: maximum 36;
 * 2022-23: maximum 32"): one year's contract beside another's change read as a wrong figure.
 */
async function provisionsOf(deps: Deps, ordered: Ordered): Promise<Provision[]> {
  const byData = new Map<number, number[]>();
  ordered.forEach((v, i) => byData.set(v.row.dataset_version_id, [...(byData.get(v.row.dataset_version_id) ?? []), i]));
  // Each data named by its year; two of one year are told apart by their order here.
  const years = [...byData.values()].map((idx) => ordered[idx[0]].summary.district.baseFiscalYear);
  const nameOf = (k: number) => (years.filter((y) => y === years[k]).length > 1 ? `${years[k]} (data ${years.slice(0, k + 1).filter((y) => y === years[k]).length})` : years[k]);
  const rows = new Map<string, Provision & { baselines: Map<string, string> }>();
  for (const [k, [dv, idx]] of [...byData].entries()) {
    const part = await deps.costing.provisions({ datasetVersionId: dv, yamls: idx.map((i) => ordered[i].row.yaml), loadFiles: () => datasetFilesGz(deps.db, dv) });
    const year = nameOf(k);
    for (const p of part) {
      const row = rows.get(p.key) ?? { key: p.key, label: p.label, baseline: '', values: ordered.map(() => ''), baselines: new Map<string, string>() };
      p.values.forEach((value, k) => (row.values[idx[k]] = value));
      if (p.baseline) row.baselines.set(year, p.baseline);
      rows.set(p.key, row);
    }
  }
  return [...rows.values()].map(({ baselines, ...row }) => {
    const distinct = new Set(baselines.values());
    // On one data, the value as it is; on several, each named by its data, even when only one of them has it.
    return { ...row, baseline: byData.size === 1 ? [...distinct][0] ?? '' : distinct.size === 1 && baselines.size === byData.size ? [...distinct][0] : [...baselines].map(([fy, b]) => `${fy}: ${b}`).join('; ') };
  });
}

export function compareRoutes(app: OpenAPIHono<AppEnv>): void {
  let views: Views | null = null;

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
    const first = ordered[0].row.dataset_version_id;
    const provisions = await provisionsOf(deps, ordered);
    views ??= new Views(() => deps.costing, (dv) => datasetFilesGz(deps.db, dv));
    const view = await views.of(ordered.map(({ row, summary }) => ({ id: row.id, dataset_version_id: row.dataset_version_id, yaml: row.yaml, summary })), { changes: true });
    const changes = [];
    for (let i = 1; i < ordered.length; i++) {
      const [a, b] = [ordered[i - 1], ordered[i]];
      const ch = view.changes.get(`${a.row.id}>${b.row.id}`);
      if (!ch) {
        changes.push({
          from: a.row.id, to: b.row.id, sameDataset: false,
          note: `costed on different dataset versions (${a.row.dataset_version_id} and ${b.row.dataset_version_id}): the difference mixes changed terms with changed data, so it is not split into changes`,
        });
        continue;
      }
      // Each change is named as what changed gives it (reports/changes.ts), never by its id.
      changes.push({
        from: a.row.id, to: b.row.id, sameDataset: true, span: ch.span,
        header: ch.header, changes: ch.changes, unchanged: ch.unchanged, fromCents: ch.fromCents, toCents: ch.toCents,
      });
    }
    const versions = ordered.map(({ row, summary: s, number, own }) => {
      const f = view.figures.get(row.id)!;
      return {
        id: row.id, own, version: number, title: s.proposal.title,
        organization: { id: row.owner_id, name: row.owner_name, kind: row.owner_kind },
        unit: s.proposal.unit, party: standingOf(row, s).party, date: s.proposal.date, term: s.proposal.term, datasetVersionId: row.dataset_version_id,
        passedAt: row.passed_at, publishedAt: row.published_at,
        years: f.years, total: f.total, contractTotal: f.contractTotal, reserve: f.reserve, firstShortYear: f.firstShortYear,
        certification: f.certification, certificationYears: f.certificationYears, missingYears: f.missingYears, laterShortYears: f.laterShortYears,
      };
    });
    const years = [...new Set(versions.flatMap((v) => v.years.map((y) => y.fy)))].sort();
    const groups = view.groups.map((g) => ({ datasetVersionId: g.datasetVersionId, span: g.span, versions: g.ids }));
    const note = groups.length > 1
      ? `these versions were costed on ${groups.length} different dataset versions: each group of versions on one dataset version shares its years and its totals are comparable; totals on different data are not compared`
      : undefined;
    return c.json({ years, span: view.span, groups, ...(note ? { note } : {}), baseline: { datasetVersionId: first, district: ordered[0].summary.district.name }, provisions, versions, changes }, 200);
  });
}
