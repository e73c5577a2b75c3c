/**
 * Published versions side by side: cost per year, reserve per year and terms in plain words,
 * every version on one dataset version over the same years (costing/views.ts: the base year
 * through the latest last year of any of them), each total naming its years. For each version
 * and the one listed before it, when both were costed on the same dataset version: what changed
 * between them and what each change costs over exactly those years (changesBetween, run on a
 * costing thread), each term before and after also in plain words. The effects of the changes
 * add up, to the cent, to the difference.
 */
import { datasetFilesGz } from '../datasets/store.ts';
import type { Deps } from '../env.ts';
import { ApiError } from '../errors.ts';
import { passNumbers } from '../proposals/store.ts';
import { summariesOf } from '../proposals/summaries.ts';
import type { Change } from '../../reports/changes.ts';
import type { CommonFigures } from '../costing/common.ts';
import { datasetsOf, entryOf, published, type PublicCache, type PublicEntry } from './record.ts';

/**
 * A change's terms before and after in plain words: the term of that text in the earlier
 * version (before) and in the later one (after), the one with the change's id first.
 */
function withPlainWords<C extends Change>(c: C, from: PublicEntry, to: PublicEntry) {
  const words = (v: PublicEntry, text: string | null) => {
    if (text === null) return null;
    const t = v.terms.find((x) => x.id === c.term && x.text === text) ?? v.terms.find((x) => x.text === text);
    return t ? { en: t.en, es: t.es } : null;
  };
  return { ...c, plainBefore: words(from, c.before), plainAfter: words(to, c.after) };
}

export async function compareAnswer(deps: Deps, cache: PublicCache, ids: number[]) {
  const rows = await published(deps.db).where('pv.id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    throw new ApiError(404, { code: 'not-found', message: `${missing.join(', ')} ${missing.length === 1 ? 'is not a published proposal version' : 'are not published proposal versions'}`, where: { field: 'versions' }, hint: 'the published versions are listed at /api/public/proposals' });
  }
  const ordered = ids.map((id) => byId.get(id)!);
  const summaries = await summariesOf(deps.db, ordered);
  const numbers = await passNumbers(deps.db, ordered.map((r) => r.proposal_id));
  const view = await cache.views.of(ordered.map((r) => ({ id: r.id, dataset_version_id: r.dataset_version_id, yaml: r.yaml, summary: summaries.get(r.id)! })), { changes: true });
  // Each version's figures over its group's years (the card keeps its own contract years' total, labelled).
  const versions = ordered.map((r) => ({ ...entryOf(r, summaries.get(r.id)!, numbers.get(r.id) ?? 1), ...overSpan(view.figures.get(r.id)!) }));
  const years = [...new Set(versions.flatMap((v) => v.years.map((y) => y.fy)))].sort();

  const changes = [];
  for (let i = 1; i < ordered.length; i++) {
    const [a, b] = [ordered[i - 1], ordered[i]];
    const c = view.changes.get(`${a.id}>${b.id}`);
    if (!c) {
      changes.push({
        from: a.id, to: b.id, sameDataset: false as const,
        note: `costed on different dataset versions (${a.dataset_version_id} and ${b.dataset_version_id}): the difference mixes changed terms with changed data, so it is not split into changes`,
      });
      continue;
    }
    // Each change is named as what changed gives it (reports/changes.ts), never by its id.
    const changed = c.changes.map((x) => withPlainWords(x, versions[i - 1], versions[i]));
    changes.push({ from: a.id, to: b.id, sameDataset: true as const, span: c.span, header: c.header, changes: changed, unchanged: c.unchanged, fromCents: c.fromCents, toCents: c.toCents });
  }
  const groups = view.groups.map((g) => ({ datasetVersionId: g.datasetVersionId, span: g.span, versions: g.ids }));
  const note = groups.length > 1 ? DIFFERENT_DATA(groups.length) : undefined;
  return { years, span: view.span, groups, ...(note ? { note } : {}), versions, datasets: await datasetsOf(deps.db, ordered), changes };
}

/** The note of a view whose versions were costed on different dataset versions. */
export const DIFFERENT_DATA = (n: number) =>
  `these versions were costed on ${n} different dataset versions: the versions on one dataset version share their years and their totals compare; totals on different data are not compared`;

/** A version's figures over a view's years, as the answers carry them. */
export function overSpan(f: CommonFigures) {
  return { years: f.years, total: f.total, contractTotal: f.contractTotal, reserve: f.reserve, firstShortYear: f.firstShortYear };
}
