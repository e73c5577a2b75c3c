import { fiscalYearOf, monthsBefore, type FiscalYear } from '../calendar/fiscal-year.ts';
import type { Unit } from '../district/types.ts';
import type { Replacement } from './earners.ts';
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
  /** The term that added these positions (for added earners), and the term a me-too clause copied. */
  addedBy?: string;
  addedVia?: string;
  /** For people hired in place of current staff who left (attrition): whom they replace. */
  replacement?: Replacement;
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

/** The transforms that reach one earner, in date order, worked out once for all years. */
export interface EarnerTransforms {
  /** Applicable transforms in costing order. */
  applicable: Transform[];
  /** The same, in the order they take effect (ties: costing order). */
  byDate: Transform[];
  /** For each entry of byDate, its position in `applicable`. */
  rank: number[];
  /** For each entry of `applicable`, its position in byDate (the inverse of rank). */
  position: number[];
}

export function transformsFor(e: Earner, transforms: Transform[]): EarnerTransforms {
  const applicable = transforms.filter((t) => t.applies(e));
  const byDate = applicable.length < 2 ? applicable : [...applicable].sort((a, b) => (effective(a) < effective(b) ? -1 : effective(a) > effective(b) ? 1 : a.order - b.order));
  const rankOf = new Map(applicable.map((t, i) => [t, i]));
  const rank = byDate.map((t) => rankOf.get(t) as number);
  const position = new Array<number>(rank.length);
  rank.forEach((r, i) => (position[r] = i));
  return { applicable, byDate, rank, position };
}

/** Months into each fiscal year at which each transform takes effect, by transform order. */
export function startMonths(transforms: Transform[], fy: FiscalYear): number[] {
  return transforms.map((t) => monthsBefore(effective(t), fy));
}

/**
 * Pay of an earner in fiscal year `fy` under the first k transforms (k = 0 … K), in dollars
 * (not yet rounded). Each part of the year between effective dates is paid at the rate in
 * force at its start. Returns K + 1 amounts; entry 0 is the status quo. `starts` comes from
 * `startMonths` for the same year.
 */
// Scratch space reused across calls (costing is synchronous; each worker thread has its own).
let pays = new Float64Array(16);
let byApplicable = new Float64Array(16);
let start = new Float64Array(16);
const cuts: number[] = [];
const state: PayState = { rate: 0, addHours: 0 };

/**
 * The returned array is scratch space: read it before the next call.
 */
export function payByPrefix(e: Earner, fy: FiscalYear, transforms: Transform[], mine: EarnerTransforms, starts: number[]): Float64Array {
  const { applicable, byDate, rank, position } = mine;
  const K = transforms.length;
  if (pays.length < K + 1) [pays, byApplicable, start] = [new Float64Array(2 * K + 2), new Float64Array(2 * K + 2), new Float64Array(2 * K + 2)];
  const out = pays.subarray(0, K + 1);
  const r0 = baseRate(e, fy);
  const A = applicable.length;
  const segments = e.segments(fy);
  if (A === 0) {
    // Nothing reaches this earner: every prefix pays the status quo.
    let pay = 0;
    for (const seg of segments) pay += (e.lane.basis === 'annual' ? r0 * seg.fte : r0 * e.hoursPerDay * e.daysPerYear * seg.headcount) * ((seg.m1 - seg.m0) / 12);
    return out.fill(pay);
  }
  byApplicable.fill(0, 0, A + 1);
  for (let i = 0; i < byDate.length; i++) start[i] = starts[byDate[i].order];
  const s = state;
  for (const seg of segments) {
    cuts.length = 0;
    cuts.push(seg.m0);
    for (let i = 0; i < byDate.length; i++) if (start[i] > seg.m0 && start[i] < seg.m1 && !cuts.includes(start[i])) cuts.push(start[i]);
    cuts.push(seg.m1);
    if (cuts.length > 2) cuts.sort((a, b) => a - b);
    for (let c = 0; c + 1 < cuts.length; c++) {
      const a = cuts[c];
      const share = (cuts[c + 1] - a) / 12;
      // The state under the first j applicable transforms is the one under the first j − 1 with
      // transform j − 1 applied last, whenever it comes after all of those in date order (always
      // so for terms of one kind); otherwise it is worked out again from the status quo. Either
      // way the same operations run in the same order as applying them all afresh, so the
      // figures are the same to the last bit, in time linear in the number of terms.
      s.rate = r0;
      s.addHours = 0;
      let last = -1;
      for (let j = 0; j <= A; j++) {
        if (j > 0) {
          const p = position[j - 1];
          if (p > last) {
            if (start[p] <= a) byDate[p].apply(s, e);
            last = p;
          } else {
            s.rate = r0;
            s.addHours = 0;
            for (let i = 0; i < byDate.length; i++) if (rank[i] < j && start[i] <= a) byDate[i].apply(s, e);
          }
        }
        const annual = e.lane.basis === 'annual' ? s.rate * seg.fte : s.rate * (e.hoursPerDay + s.addHours) * e.daysPerYear * seg.headcount;
        byApplicable[j] += annual * share;
      }
    }
  }
  // Transforms that do not apply to this earner change nothing: spread the amounts over k.
  let j = 0;
  for (let k = 0; k <= K; k++) {
    if (k > 0 && j < A && applicable[j] === transforms[k - 1]) j++;
    out[k] = byApplicable[j];
  }
  return out;
}
