import { fyLabel, type FiscalYear } from '../calendar/fiscal-year.ts';
import { sumCents } from '../money/cents.ts';
import type { YearsTotal } from './result.ts';

/**
 * The two labelled totals of a result: over every year costed, and over the contract's own
 * fiscal years (clipped to the years costed). Each is the exact sum of the years it names.
 */
export function spanTotals(years: { fy: string; totalCents: number }[], startFy: FiscalYear, endFy: FiscalYear): { total: YearsTotal; contractTotal: YearsTotal } {
  const sum = (ys: { totalCents: number }[]) => sumCents(ys.map((y) => y.totalCents));
  const total: YearsTotal = { from: years[0].fy, to: years[years.length - 1].fy, cents: sum(years) };
  const inTerm = years.filter((y) => y.fy >= fyLabel(startFy) && y.fy <= fyLabel(endFy));
  const contractTotal: YearsTotal = inTerm.length === 0
    ? { from: fyLabel(startFy), to: fyLabel(endFy), cents: 0 }
    : { from: inTerm[0].fy, to: inTerm[inTerm.length - 1].fy, cents: sum(inTerm) };
  return { total, contractTotal };
}
