import { fyLabel, type FiscalYear } from '../calendar/fiscal-year.ts';
import { describeTerm } from '../proposals/describe.ts';
import { toCents } from '../money/cents.ts';
import { statusQuoCents } from './baseline.ts';
import type { Ledger } from './ledger.ts';
import { payByPrefix, startMonths, transformsFor, type Earner, type Transform } from './pay.ts';

/** Pay (cents) of an earner in a year under all of the proposal's pay terms, for bonuses. */
export type FullPay = (e: Earner, fy: FiscalYear) => number;

export interface PayCostInput {
  earners: Earner[];
  transforms: Transform[];
  base: FiscalYear;
  /** Years each population is paid in: current staff from the earliest retroactive year. */
  yearsFor: (e: Earner) => FiscalYear[];
  /** Whether bonuses will ask for pay under all the terms (a percent bonus does). */
  keepFullPay?: boolean;
  ledger: Ledger;
}

interface Tally {
  k: number;
  booked: FiscalYear;
  earned: FiscalYear | null;
  population: Earner['population'];
  cents: number;
  fte: number;
  before: number;
  after: number;
  groups: number;
}

function yearEndFte(e: Earner, fy: FiscalYear): number {
  const segs = e.segments(fy);
  return segs.length === 0 ? 0 : segs[segs.length - 1].fte;
}

/**
 * Costs the pay terms, one after another in the costing order: each term's cost is the pay
 * with it minus the pay without it (after the terms before it), per pay group and year,
 * rounded to cents per group and year. Pay earned before the year a term is paid is booked,
 * as one-time money, in the year it is paid. Added positions' own salary is booked to the
 * term that adds them.
 */
export function costPay(input: PayCostInput): FullPay {
  const { transforms, ledger, base } = input;
  const keepFullPay = input.keepFullPay ?? true;
  const full = new Map<Earner, Map<FiscalYear, number>>();
  const tallies = new Map<number, Tally>();
  const starts = new Map<FiscalYear, number[]>();
  const startsIn = (fy: FiscalYear) => {
    let s = starts.get(fy);
    if (!s) starts.set(fy, (s = startMonths(transforms, fy)));
    return s;
  };
  for (const e of input.earners) {
    const reach = transformsFor(e, transforms);
    // Current staff no pay term reaches are paid the status quo: nothing to cost.
    if (e.population === 'existing' && reach.applicable.length === 0) continue;
    const mine = new Map<FiscalYear, number>();
    full.set(e, mine);
    for (const fy of input.yearsFor(e)) {
      // Nobody is paid for a year before they were hired (retroactive pay reaches back only so far).
      if (e.hiredFy !== null && fy < e.hiredFy) continue;
      const cents = payByPrefix(e, fy, transforms, reach, startsIn(fy));
      for (let k = 0; k < cents.length; k++) cents[k] = toCents(cents[k]);
      if (keepFullPay) mine.set(fy, cents[cents.length - 1]);
      const fte = e.population === 'existing' ? e.segments(fy)[0].fte : yearEndFte(e, fy);
      if (e.population === 'added' && cents[0] !== 0) addedSalary(ledger, e, fy, cents[0], fte);
      for (let k = 1; k < cents.length; k++) {
        const d = cents[k] - cents[k - 1];
        if (d === 0) continue;
        const booked = Math.max(fy, transforms[k - 1].paidFy);
        // Pay paid before the base year is already in the district's books, not a cost to come.
        if (booked < base) continue;
        const earned = fy < booked ? fy : null;
        const key = ((k * 4096 + booked) * 4096 + (earned ?? 0)) * 2 + (e.population === 'added' ? 1 : 0);
        let t = tallies.get(key);
        if (!t) tallies.set(key, (t = { k, booked, earned, population: e.population, cents: 0, fte: 0, before: 0, after: 0, groups: 0 }));
        t.cents += d;
        t.fte += fte;
        t.before += cents[k - 1];
        t.after += cents[k];
        t.groups += 1;
      }
    }
  }
  for (const t of tallies.values()) payLine(ledger, transforms[t.k - 1], t);
  return (e, fy) => full.get(e)?.get(fy) ?? (e.population === 'existing' ? statusQuoCents(e, fy) : 0);
}

function addedSalary(ledger: Ledger, e: Earner, fy: FiscalYear, cents: number, fte: number): void {
  ledger.add({
    term: e.addedBy as string, via: e.addedVia, kind: 'salary', nature: 'ongoing', unit: e.unit.id, population: 'added', earnedFy: null, bookedFy: fy,
    cents, fte,
    formula: 'FTE added × new-hire salary at its step that year × share of the year the positions exist',
    inputs: [
      { name: `${e.role} FTE added (at year end)`, value: fte, unit: 'fte' },
      { name: 'new-hire placement', value: `${e.lane.key.split('|').slice(1).join(' / ')}, step ${e.step} in ${fyLabel(e.stepYear)}`, unit: 'text' },
    ],
  });
}

function payLine(ledger: Ledger, t: Transform, x: Tally): void {
  ledger.add({
    term: t.term.id, via: t.term.via, kind: 'salary', nature: x.earned !== null ? 'one-time' : 'ongoing', unit: t.term.unit, population: x.population,
    earnedFy: x.earned, bookedFy: x.booked, cents: x.cents, fte: x.fte,
    formula: 'Σ over pay groups (pay with this term − pay without it); pay = rate × FTE (salaried) or rate × hours × days × people (hourly), for each part of the year at the rate then in force',
    inputs: [
      { name: 'term', value: describeTerm(t.term), unit: 'text' },
      { name: 'pay before this term (after earlier terms)', value: x.before, unit: 'cents' },
      { name: 'pay with this term', value: x.after, unit: 'cents' },
      { name: 'FTE whose pay changes', value: x.fte, unit: 'fte' },
      { name: 'pay groups', value: x.groups, unit: 'count' },
    ],
  });
}
