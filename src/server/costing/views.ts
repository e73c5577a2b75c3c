/**
 * A view of several stored versions (a comparison, a round of the public page) over common
 * years: the versions are grouped by the dataset version they were costed on; in each group,
 * every version is costed through the group's latest last year (job `common`, common.ts), and
 * what changed between two versions next to each other in the view is split over the same
 * years. Versions on different dataset versions share no years: each group has its own span.
 * Stored versions never change, so a group's answer is kept (`Memo`, keyed by the dataset
 * version and the version ids in order; a pair by its ids and the view's last year) and one job
 * serves every request asking at once. A group whose stored figures already cover the same
 * years needs no costing: its summaries are those figures.
 */
import { parseFiscalYear } from '../../calendar/fiscal-year.ts';
import { totalsOf, type VersionSummary } from './summary.ts';
import type { CostingService } from './pool.ts';
import { spanOf, type CommonFigures, type CommonYears, type Span, type SpanChanges } from './common.ts';
import { Memo } from '../reports/memo.ts';

export interface ViewVersion {
  id: number;
  dataset_version_id: number;
  yaml: string;
  summary: VersionSummary;
}

export interface ViewGroup {
  datasetVersionId: number;
  span: Span;
  /** The versions of the group, in the view's order. */
  ids: number[];
}

export interface View {
  groups: ViewGroup[];
  /** Each version's figures over its group's span. */
  figures: Map<number, CommonFigures>;
  /** What changed from each version to the next in the view, when both are on one dataset version (key `from>to`). */
  changes: Map<string, SpanChanges>;
  /** Over every group (one span when there is one group). */
  span: Span | null;
}

/** A stored summary's figures, when it keeps every field (summaries written before some were kept lack them). */
function storedFigures(s: VersionSummary): CommonFigures | null {
  if (!s.certificationYears || !s.missingYears || !s.laterShortYears) return null;
  const { total, contractTotal } = totalsOf(s);
  return {
    years: s.years.map(({ fy, totalCents, ongoingCents, oneTimeCents }) => ({ fy, totalCents, ongoingCents, oneTimeCents })),
    total, contractTotal, reserve: s.reserve, firstShortYear: s.firstShortYear, certification: s.certification,
    certificationYears: s.certificationYears, missingYears: s.missingYears, laterShortYears: s.laterShortYears,
  };
}

/** True when every summary covers the same years (then each is already its figures over the common years). */
function sameYears(ss: VersionSummary[]): boolean {
  const { from, to } = spanOf(ss[0].years);
  return ss.every((s) => s.years.length > 0 && spanOf(s.years).from === from && spanOf(s.years).to === to);
}

export class Views {
  private readonly groupsKept = new Memo<CommonYears>(128);
  private readonly pairsKept = new Memo<SpanChanges>(256);

  constructor(private readonly costing: () => CostingService, private readonly loadFiles: (datasetVersionId: number) => Promise<Uint8Array>) {}

  /** Each version's figures over its group's years; with `changes`, what changed from each version to the next on the same data. */
  async of(versions: ViewVersion[], opts: { changes: boolean }): Promise<View> {
    const byDataset = new Map<number, ViewVersion[]>();
    for (const v of versions) byDataset.set(v.dataset_version_id, [...(byDataset.get(v.dataset_version_id) ?? []), v]);
    const figures = new Map<number, CommonFigures>();
    const groups: ViewGroup[] = [];
    for (const [dv, group] of byDataset) {
      const stored = group.map((v) => storedFigures(v.summary));
      if (sameYears(group.map((v) => v.summary)) && stored.every((f) => f !== null)) {
        group.forEach((v, i) => figures.set(v.id, stored[i]!));
      } else {
        const answer = await this.groupsKept.get(`${dv}:${group.map((v) => v.id).join(',')}`, () =>
          this.costing().common({ datasetVersionId: dv, yamls: group.map((v) => v.yaml), loadFiles: () => this.loadFiles(dv) }));
        group.forEach((v, i) => figures.set(v.id, answer.versions[i]));
      }
      groups.push({ datasetVersionId: dv, span: spanOf(figures.get(group[0].id)!.years), ids: group.map((v) => v.id) });
    }
    const changes = new Map<string, SpanChanges>();
    if (opts.changes) {
      for (let i = 1; i < versions.length; i++) {
        const [a, b] = [versions[i - 1], versions[i]];
        if (a.dataset_version_id !== b.dataset_version_id) continue;
        const span = groups.find((g) => g.datasetVersionId === a.dataset_version_id)!.span;
        // The pair's changes over the group's years: the same for any view whose years end there.
        const through = parseFiscalYear(span.to) ?? undefined;
        const ch = await this.pairsKept.get(`${a.id}>${b.id}@${span.to}`, () =>
          this.costing().changes({ datasetVersionId: a.dataset_version_id, from: a.yaml, to: b.yaml, through, loadFiles: () => this.loadFiles(a.dataset_version_id) }));
        changes.set(`${a.id}>${b.id}`, ch);
      }
    }
    return { groups, figures, changes, span: groups.length === 1 ? groups[0].span : null };
  }
}
