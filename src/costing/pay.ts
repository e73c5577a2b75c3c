import { fiscalYearOf, monthsBefore, type FiscalYear } from '../calendar/fiscal-year.ts';
import type { Unit } from '../district/types.ts';
import type { PayTerm, TermKind } from '../proposals/types.ts';
import { rateAfter, type Lane } from './schedule.ts';

/** Someone paid from a schedule lane: a group of current staff, or positions a term adds. */
export interface Earner {
  unit: Unit;
  role: string;
  lane: Lane;
  hoursPerDay: number;
  daysPerYear: number;
  hiredFy: FiscalYear | null;
  population: 'existing' | 'added';
  /** Step held in `stepYear`; one step is gained each later year (to the last step). */
  step: number;
  stepYear: FiscalYear;
  /** Column drift applies to current staff only. */
  drift: (fy: FiscalYear) => number;
  /** FTE and headcount over parts of a fiscal year (months from July 1). */
  segments: (fy: FiscalYear) => { m0: number; m1: number; fte: number; headcount: number }[];
  /** The term that added these positions (for added earners). */
  addedBy?: string;
}

/** A pay term as a change to an earner's rate or hours from a date, applied in date order. */
export interface Transform {
  term: PayTerm;
  /** Position in the costing order (docs/costing.md): raise, hourly-raise, flat-amount, wage-floor, added-hours. */
  order: number;
  applies: (e: Earner) => boolean;
  apply: (s: PayState, e: Earner) => void;
  /** Fiscal year in which pay for earlier periods is paid. */
  paidFy: FiscalYear;
}

export interface PayState {
  rate: number;
  addHours: number;
}

export const PAY_ORDER: TermKind[] = ['raise', 'hourly-raise', 'flat-amount', 'wage-floor', 'added-hours'];

export function toTransform(term: PayTerm, order: number, proposalDate: string): Transform {
  const roleOk = (e: Earner) => !('roles' in term) || !term.roles || term.roles.includes(e.role);
  const unitOk = (e: Earner) => e.unit.id === term.unit && roleOk(e);
  const paidFy = fiscalYearOf(('paid' in term && term.paid) || proposalDate);
  const hourly = (e: Earner) => e.lane.basis === 'hourly';
  switch (term.kind) {
    case 'raise':
      return { term, order, paidFy, applies: unitOk, apply: (s) => void (s.rate *= 1 + term.pct / 100) };
    case 'hourly-raise':
      return { term, order, paidFy, applies: (e) => unitOk(e) && hourly(e), apply: (s) => void (s.rate += term.amount) };
    case 'flat-amount':
      // A yearly amount per FTE on salaried schedules; per person on hourly ones.
      return { term, order, paidFy, applies: unitOk, apply: (s, e) => void (s.rate += hourly(e) ? term.amount / (e.hoursPerDay * e.daysPerYear) : term.amount) };
    case 'wage-floor':
      return { term, order, paidFy, applies: (e) => unitOk(e) && hourly(e), apply: (s) => void (s.rate = Math.max(s.rate, term.hourly)) };
    case 'added-hours':
      return { term, order, paidFy, applies: (e) => unitOk(e) && hourly(e), apply: (s) => void (s.addHours += term.hoursPerDay) };
  }
}

/** Base rate for an earner in a fiscal year: its schedule step then, times column drift. */
export function baseRate(e: Earner, fy: FiscalYear): number {
  return rateAfter(e.lane, e.step, fy - e.stepYear).rate * e.drift(fy);
}

function effective(t: Transform): string {
  return t.term.effective;
}

/**
 * Pay of an earner in fiscal year `fy` under the first k transforms (k = 0 … K), in dollars
 * (not yet rounded). Each part of the year between effective dates is paid at the rate in
 * force at its start. Returns K + 1 amounts; entry 0 is the status quo.
 */
export function payByPrefix(e: Earner, fy: FiscalYear, transforms: Transform[]): number[] {
  const applicable = transforms.filter((t) => t.applies(e));
  const byDate = [...applicable].sort((a, b) => (effective(a) < effective(b) ? -1 : effective(a) > effective(b) ? 1 : a.order - b.order));
  const start = byDate.map((t) => monthsBefore(effective(t), fy));
  const r0 = baseRate(e, fy);
  const pays = new Array<number>(transforms.length + 1).fill(0);
  for (const seg of e.segments(fy)) {
    const cuts = new Set<number>([seg.m0, seg.m1]);
    for (const m of start) if (m > seg.m0 && m < seg.m1) cuts.add(m);
    const sorted = [...cuts].sort((a, b) => a - b);
    for (let c = 0; c + 1 < sorted.length; c++) {
      const [a, b] = [sorted[c], sorted[c + 1]];
      const share = (b - a) / 12;
      for (let k = 0; k <= transforms.length; k++) {
        const s: PayState = { rate: r0, addHours: 0 };
        byDate.forEach((t, i) => {
          if (t.order < k && start[i] <= a) t.apply(s, e);
        });
        const annual = e.lane.basis === 'annual' ? s.rate * seg.fte : s.rate * (e.hoursPerDay + s.addHours) * e.daysPerYear * seg.headcount;
        pays[k] += annual * share;
      }
    }
  }
  return pays;
}
