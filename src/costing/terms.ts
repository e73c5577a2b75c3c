import { fiscalYearOf } from '../calendar/fiscal-year.ts';
import type { BonusTerm, HealthTerm, PayTerm, PositionTerm, ProgramTerm, Proposal, Term, TermKind } from '../proposals/types.ts';
import { PAY_ORDER } from './pay.ts';

export interface ConcreteTerms {
  pay: PayTerm[];
  positions: PositionTerm[];
  bonuses: BonusTerm[];
  health: HealthTerm[];
  programs: ProgramTerm[];
  /** Index of each term id in the proposal, for ordering lines. */
  order: Map<string, number>;
  /** The kind of the proposal term that owns an id (a me-too clause owns its copies). */
  kindOf: (id: string) => TermKind;
  title: (id: string) => string;
  /** Locates a term in the proposal by id. */
  indexOf: (id: string) => number;
}

/**
 * Splits a proposal's terms by how they are costed. A me-too clause becomes copies of the
 * terms it names, for its own unit and under its own id, so its cost shows as its own lines.
 */
export function concreteTerms(proposal: Proposal): ConcreteTerms {
  const byId = new Map(proposal.terms.map((t) => [t.id, t]));
  const expanded: Term[] = [];
  for (const t of proposal.terms) {
    if (t.kind === 'me-too') {
      for (const ref of t.terms) expanded.push({ ...(byId.get(ref) as Term), id: t.id, unit: t.unit, title: t.title, via: ref } as Term);
    } else expanded.push(t);
  }
  const order = new Map(proposal.terms.map((t, i) => [t.id, i]));
  const pay = expanded
    .filter((t): t is PayTerm => (PAY_ORDER as string[]).includes(t.kind))
    .map((t, doc) => ({ t, doc }))
    .sort((a, b) => PAY_ORDER.indexOf(a.t.kind) - PAY_ORDER.indexOf(b.t.kind) || (a.t.effective < b.t.effective ? -1 : a.t.effective > b.t.effective ? 1 : 0) || a.doc - b.doc)
    .map(({ t }) => t);
  return {
    pay,
    positions: expanded.filter((t): t is PositionTerm => t.kind === 'class-size' || t.kind === 'staffing' || t.kind === 'hire'),
    bonuses: expanded.filter((t): t is BonusTerm => t.kind === 'bonus'),
    health: expanded.filter((t): t is HealthTerm => t.kind === 'health'),
    programs: expanded.filter((t): t is ProgramTerm => t.kind === 'program'),
    order,
    kindOf: (id) => (byId.get(id) as Term).kind,
    title: (id) => (byId.get(id) as Term).title,
    indexOf: (id) => order.get(id) ?? 0,
  };
}

export function earliestEffectiveFy(pay: PayTerm[], health: HealthTerm[], fallback: number): number {
  return Math.min(fallback, ...pay.map((t) => fiscalYearOf(t.effective)), ...health.map((t) => fiscalYearOf(t.effective)));
}
