import { costProposal, lastYear } from '../costing/cost.ts';
import type { CostResult } from '../costing/result.ts';
import type { Dataset } from '../district/types.ts';
import { describeTerm } from '../proposals/describe.ts';
import type { Proposal, Term } from '../proposals/types.ts';
import { termLabel } from './provisions.ts';

export interface Change {
  /**
   * `moved`: a term written the same in both versions whose cost moved because of other
   * changes (a raise now reaching added positions, a raise compounding on a changed raise).
   */
  type: 'added' | 'removed' | 'modified' | 'moved';
  /** The term id in the later version (or the earlier one, for a removed term). */
  term: string;
  /**
   * The row's name in plain words, never an id: the term's own title, or when it has none the
   * provision it speaks to ("Class size"; provisions.ts termLabel), since `before` and `after`
   * say what it is. A moved term's is its description: its `before` and `after` are the same.
   */
  title: string;
  before: string | null;
  after: string | null;
  /** Cost effect by fiscal year: the difference of this term's own lines between the versions (the header: of the new date and term). */
  effect: { fy: string; cents: number }[];
  totalCents: number;
}

export interface Changes {
  from: { id: string; title: string; date: string };
  to: { id: string; title: string; date: string };
  /** Changes to the proposal's date or contract term (these move retroactive pay). */
  header: Change | null;
  /** Removed, modified and added terms in the order they appear, then the terms whose cost moved. */
  changes: Change[];
  /** Terms unchanged in both text and cost. */
  unchanged: string[];
  /** Total cost of each version, by year; from + every change's effect = to, to the cent. */
  fromCents: { fy: string; cents: number }[];
  toCents: { fy: string; cents: number }[];
  /** The first and last fiscal year of fromCents and toCents: the years every figure adds up over. */
  span: { from: string; to: string };
}

/** The same provision in two versions: the same id, or the same kind of term about the same thing. */
function signature(t: Term): string {
  switch (t.kind) {
    case 'raise': return `raise|${t.unit}|${t.effective}|${(t.roles ?? []).join(',')}`;
    case 'hourly-raise': return `hourly|${t.unit}|${t.effective}`;
    case 'flat-amount': return `flat|${t.unit}|${t.roles.join(',')}`;
    case 'added-hours': return `hours|${t.unit}|${t.roles.join(',')}`;
    case 'staffing': case 'hire': return `${t.kind}|${t.unit}|${t.role}`;
    case 'non-cost': return `text|${t.text}`;
    default: return `${t.kind}|${t.unit}`;
  }
}

const comparable = (t: Term) => JSON.stringify({ ...t, id: undefined, title: undefined, note: undefined });

function pair(a: Term[], b: Term[]): { matched: [Term, Term][]; removed: Term[]; added: Term[] } {
  const left = [...a];
  const matched: [Term, Term][] = [];
  const added: Term[] = [];
  for (const t of b) {
    let i = left.findIndex((x) => x.id === t.id);
    if (i < 0) i = left.findIndex((x) => signature(x) === signature(t));
    if (i < 0) added.push(t);
    else matched.push([left.splice(i, 1)[0], t]);
  }
  return { matched, removed: left, added };
}

const totals = (r: CostResult) => r.years.map((y) => ({ fy: y.fy, cents: y.totalCents }));

/** Each term's own lines, summed by year: a me-too clause's copies are its own lines. */
function byTerm(r: CostResult): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const y of r.years) {
    for (const l of y.lines) {
      const m = out.get(l.term) ?? new Map<string, number>();
      m.set(y.fy, (m.get(y.fy) ?? 0) + l.cents);
      out.set(l.term, m);
    }
  }
  return out;
}

/**
 * What changed from one version of a proposal to the next, and what each change costs.
 * First the date and contract term: its effect is the earlier version costed with the later
 * one's date and term, less the earlier version. Then each term's row is the difference of that
 * term's own cost lines between the two versions (docs/costing.md, "Interactions"): a raise's
 * cost on positions another term adds is on the raise's lines, so it is in the raise's row, and
 * a term written the same whose lines moved because of other changes gets a `moved` row. Every
 * line belongs to exactly one term, so the rows add up to the difference exactly, year by year.
 * Both versions are costed over the same years (through the later of their last years, or the
 * view's `through`), so a shorter term does not read as $0.
 */
export function changesBetween(dataset: Dataset, from: Proposal, to: Proposal, opts: { allowOtherYear?: boolean; through?: number } = {}): Changes {
  const allowOtherYear = opts.allowOtherYear;
  const through = Math.max(lastYear(dataset, from), lastYear(dataset, to), opts.through ?? 0);
  const cost = (proposal: Proposal) => costProposal({ dataset, proposal, through, allowOtherYear, checkOutsideTerm: false });
  const first = cost(from);
  const last = cost(to);
  const fys = last.years.map((y) => y.fy);
  const row = (change: Omit<Change, 'effect' | 'totalCents'>, cents: (fy: string) => number): Change => {
    const effect = fys.map((fy) => ({ fy, cents: cents(fy) }));
    return { ...change, effect, totalCents: effect.reduce((n, e) => n + e.cents, 0) };
  };

  let header: Change | null = null;
  let before = first;
  if (from.date !== to.date || from.term.start !== to.term.start || from.term.end !== to.term.end) {
    before = cost({ ...from, date: to.date, term: to.term });
    const was = new Map(first.years.map((y) => [y.fy, y.totalCents]));
    const now = new Map(before.years.map((y) => [y.fy, y.totalCents]));
    header = row({
      type: 'modified', term: '(date and contract term)', title: 'Date and contract term',
      before: `dated ${from.date}, term ${from.term.start} to ${from.term.end}`, after: `dated ${to.date}, term ${to.term.start} to ${to.term.end}`,
    }, (fy) => (now.get(fy) ?? 0) - (was.get(fy) ?? 0));
  }

  const a = byTerm(before);
  const b = byTerm(last);
  const own = (m: Map<string, Map<string, number>>, id: string, fy: string) => m.get(id)?.get(fy) ?? 0;
  const { matched, removed, added } = pair(from.terms, to.terms);
  const changes: Change[] = [];
  const moved: Change[] = [];
  const unchanged: string[] = [];
  for (const t of removed) changes.push(row({ type: 'removed', term: t.id, title: termLabel(t), before: describeTerm(t), after: null }, (fy) => -own(a, t.id, fy)));
  for (const [x, y] of matched) {
    const diff = (fy: string) => own(b, y.id, fy) - own(a, x.id, fy);
    if (comparable(x) !== comparable(y)) changes.push(row({ type: 'modified', term: y.id, title: termLabel(y), before: describeTerm(x), after: describeTerm(y) }, diff));
    else if (fys.some((fy) => diff(fy) !== 0)) moved.push(row({ type: 'moved', term: y.id, title: y.title, before: describeTerm(y), after: describeTerm(y) }, diff));
    else unchanged.push(y.id);
  }
  for (const t of added) changes.push(row({ type: 'added', term: t.id, title: termLabel(t), before: null, after: describeTerm(t) }, (fy) => own(b, t.id, fy)));

  return {
    from: { id: from.id, title: from.title, date: from.date },
    to: { id: to.id, title: to.title, date: to.date },
    header,
    changes: [...changes, ...moved],
    unchanged,
    fromCents: totals(first),
    toCents: totals(last),
    span: { from: fys[0], to: fys[fys.length - 1] },
  };
}
