import { fiscalYearOf, monthsBefore, type FiscalYear } from '../calendar/fiscal-year.ts';
import { toCents } from '../money/cents.ts';
import type { ProgramTerm } from '../proposals/types.ts';
import type { Ledger } from './ledger.ts';

/**
 * Program costs that are not positions ("other" in a disclosure): count × amount a year from
 * the effective date, prorated in its first year; or count × amount once, in the year of the
 * effective date. No statutory benefits apply. Nothing is booked before the base year.
 */
export function addPrograms(ledger: Ledger, terms: ProgramTerm[], years: FiscalYear[]): void {
  for (const t of terms) {
    const start = fiscalYearOf(t.effective);
    for (const fy of years) {
      if (t.oneTime ? fy !== start : fy < start) continue;
      const share = t.oneTime ? 1 : (12 - monthsBefore(t.effective, fy)) / 12;
      ledger.add({
        term: t.id, via: t.via, kind: 'other', nature: t.oneTime ? 'one-time' : 'ongoing', unit: t.unit, population: 'existing', earnedFy: null, bookedFy: fy,
        cents: toCents(t.count * t.amount * share), fte: 0,
        formula: t.oneTime ? 'count × amount, once' : 'count × amount a year × share of the year from the effective date',
        inputs: [{ name: 'count', value: t.count, unit: 'count' }, { name: 'amount', value: t.amount, unit: 'usd' }, { name: 'share of the year', value: Math.round(share * 1e6) / 1e6, }],
      });
    }
  }
}
