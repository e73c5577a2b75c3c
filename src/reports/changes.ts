import { costProposal, lastYear } from '../costing/cost.ts';
import type { CostResult } from '../costing/result.ts';
import type { Dataset } from '../district/types.ts';
import { describeTerm } from '../proposals/describe.ts';
import type { Proposal, Term } from '../proposals/types.ts';

export interface Change {
  type: 'added' | 'removed' | 'modified';
  /** The term id in the later version (or the earlier one, for a removed term). */
  term: string;
  before: string | null;
  after: string | null;
  /** Cost effect of this change by fiscal year, given the changes listed before it. */
  effect: { fy: string; cents: number }[];
  totalCents: number;
}

export interface Changes {
  from: { id: string; title: string; date: string };
  to: { id: string; title: string; date: string };
  /** Changes to the proposal's date or contract term (these move retroactive pay). */
  header: Change | null;
  changes: Change[];
  unchanged: string[];
  /** Total cost of each version, by year; from + every change's effect = to, to the cent. */
  fromCents: { fy: string; cents: number }[];
  toCents: { fy: string; cents: number }[];
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

/** Between versions a me-too clause may name a term not there yet: it passes on what is there. */
function consistent(p: Proposal): Proposal {
  const ids = new Set(p.terms.map((t) => t.id));
  const terms = p.terms.flatMap((t): Term[] => {
    if (t.kind !== 'me-too') return [t];
    const refs = t.terms.filter((r) => ids.has(r));
    return refs.length ? [{ ...t, terms: refs }] : [];
  });
  return { ...p, terms };
}

const totals = (r: CostResult) => r.years.map((y) => ({ fy: y.fy, cents: y.totalCents }));

/**
 * What changed from one version of a proposal to the next, and what each change costs.
 * Changes are applied one at a time, from the earlier version to the later: its date and
 * term first, then removals, modifications and additions in the order they appear. Each
 * change's effect is the cost after it minus the cost before it, so the effects add up
 * exactly to the difference between the two versions.
 */
export function changesBetween(dataset: Dataset, from: Proposal, to: Proposal, opts: { allowOtherYear?: boolean; through?: number } = {}): Changes {
  const allowOtherYear = opts.allowOtherYear;
  const { matched, removed, added } = pair(from.terms, to.terms);
  const years = (r: CostResult) => new Map(r.years.map((y) => [y.fy, y.totalCents]));
  const steps: { change: Omit<Change, 'effect' | 'totalCents'>; proposal: Proposal }[] = [];
  let current: Proposal = { ...from, terms: [...from.terms] };
  const push = (change: Omit<Change, 'effect' | 'totalCents'>, next: Proposal) => {
    current = consistent(next);
    steps.push({ change, proposal: current });
  };
  let header: Omit<Change, 'effect' | 'totalCents'> | null = null;
  if (from.date !== to.date || from.term.start !== to.term.start || from.term.end !== to.term.end) {
    header = { type: 'modified', term: '(date and contract term)', before: `dated ${from.date}, term ${from.term.start} to ${from.term.end}`, after: `dated ${to.date}, term ${to.term.start} to ${to.term.end}` };
    push(header, { ...current, date: to.date, term: to.term });
  }
  for (const t of removed) push({ type: 'removed', term: t.id, before: describeTerm(t), after: null }, { ...current, terms: current.terms.filter((x) => x !== t) });
  for (const [a, b] of matched) {
    if (comparable(a) === comparable(b)) continue;
    push({ type: 'modified', term: b.id, before: describeTerm(a), after: describeTerm(b) }, { ...current, terms: current.terms.map((x) => (x === a ? b : x)) });
  }
  for (const t of added) push({ type: 'added', term: t.id, before: null, after: describeTerm(t) }, { ...current, terms: [...current.terms, t] });

  // The last step is the later version itself, so the effects add up to it exactly.
  // Every version is costed over the same years, so that a shorter term does not read as $0.
  // A view of several versions passes its own last year, so the changes add up over its years.
  const through = Math.max(lastYear(dataset, from), lastYear(dataset, to), opts.through ?? 0);
  const results = [costProposal({ dataset, proposal: from, through, allowOtherYear })];
  steps.forEach((s, i) => results.push(costProposal({ dataset, proposal: i === steps.length - 1 ? to : s.proposal, through, allowOtherYear })));
  if (steps.length === 0) results.push(costProposal({ dataset, proposal: to, through, allowOtherYear }));
  const allYears = [...new Set(results.flatMap((r) => r.years.map((y) => y.fy)))].sort();
  const changes: Change[] = steps.map((s, i) => {
    const before = years(results[i]);
    const after = years(results[i + 1]);
    const effect = allYears.map((fy) => ({ fy, cents: (after.get(fy) ?? 0) - (before.get(fy) ?? 0) }));
    return { ...s.change, effect, totalCents: effect.reduce((n, e) => n + e.cents, 0) };
  });
  const unchanged = matched.filter(([a, b]) => comparable(a) === comparable(b)).map(([, b]) => b.id);
  return {
    from: { id: from.id, title: from.title, date: from.date },
    to: { id: to.id, title: to.title, date: to.date },
    header: header ? (changes.shift() as Change) : null,
    changes,
    unchanged,
    fromCents: totals(results[0]),
    toCents: totals(results[results.length - 1]),
  };
}
