import { fyLabel, type FiscalYear } from '../calendar/fiscal-year.ts';
import { describeTerm } from '../proposals/describe.ts';
import { toCents } from '../money/cents.ts';
import type { Ledger } from './ledger.ts';
import { payByPrefix, type Earner, type Transform } from './pay.ts';

/** Pay (cents) of each earner in each year under all of the proposal's pay terms, for bonuses. */
export type FullPay = Map<Earner, Map<FiscalYear, number>>;

export interface PayCostInput {
  earners: Earner[];
  transforms: Transform[];
  base: FiscalYear;
  /** Years each population is paid in: current staff from the earliest retroactive year. */
  yearsFor: (e: Earner) => FiscalYear[];
  ledger: Ledger;
  /** Status-quo salary of current staff: called once per earner and year from the base year. */
  onBaseline: (e: Earner, fy: FiscalYear, cents: number) => void;
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
  const full: FullPay = new Map();
  for (const e of input.earners) {
    const mine = new Map<FiscalYear, number>();
    full.set(e, mine);
    for (const fy of input.yearsFor(e)) {
      const cents = payByPrefix(e, fy, transforms).map(toCents);
      mine.set(fy, cents[cents.length - 1]);
      const fte = e.population === 'existing' ? e.segments(fy)[0].fte : yearEndFte(e, fy);
      if (e.population === 'existing' && fy >= base) input.onBaseline(e, fy, cents[0]);
      if (e.population === 'added' && cents[0] !== 0) {
        ledger.add({
          term: e.addedBy as string, kind: 'salary', nature: 'ongoing', unit: e.unit.id, population: 'added', earnedFy: null, bookedFy: fy,
          cents: cents[0], fte,
          formula: 'FTE added × new-hire salary at its step that year × share of the year the positions exist',
          inputs: [
            { name: `${e.role} FTE added (at year end)`, value: fte, unit: 'fte' },
            { name: 'new-hire placement', value: `${e.lane.key.split('|').slice(1).join(' / ')}, step ${e.step} in ${fyLabel(e.stepYear)}`, unit: 'text' },
          ],
        });
      }
      for (let k = 1; k < cents.length; k++) {
        const d = cents[k] - cents[k - 1];
        if (d === 0) continue;
        const t = transforms[k - 1];
        const booked = Math.max(fy, t.paidFy, base);
        ledger.add({
          term: t.term.id, kind: 'salary', nature: fy < booked ? 'one-time' : 'ongoing', unit: t.term.unit, population: e.population,
          earnedFy: fy < booked ? fy : null, bookedFy: booked, cents: d, fte,
          formula: 'Σ over pay groups (pay with this term − pay without it); pay = rate × FTE (salaried) or rate × hours × days × people (hourly), for each part of the year at the rate then in force',
          inputs: [
            { name: 'term', value: describeTerm(t.term), unit: 'text' },
            { name: 'pay before this term (after earlier terms)', value: cents[k - 1], unit: 'cents' },
            { name: 'pay with this term', value: cents[k], unit: 'cents' },
            { name: 'FTE whose pay changes', value: fte, unit: 'fte' },
            { name: 'pay groups', value: 1, unit: 'count' },
          ],
        });
      }
    }
  }
  return full;
}
