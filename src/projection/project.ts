import { fyLabel, fyStart, type FiscalYear } from '../calendar/fiscal-year.ts';
import { valueAt } from '../district/parameters.ts';
import type { Dataset } from '../district/types.ts';
import { toCents } from '../money/cents.ts';

export type Certification = 'positive' | 'qualified' | 'negative';

export interface ProjectionYear {
  fy: string;
  revenueCents: number;
  /** Baseline expenditures plus the proposal's cost. */
  expenditureCents: number;
  baselineExpenditureCents: number;
  proposalCostCents: number;
  beginningBalanceCents: number;
  endingBalanceCents: number;
  committedCents: number;
  /** Ending balance less committed amounts, as a percentage of expenditures (2 decimals). */
  reservePct: number;
  requiredReservePct: number;
  meetsReserve: boolean;
  /** True when the year is past the budget's last year and was grown by COLA. */
  extrapolated: boolean;
}

export interface Projection {
  years: ProjectionYear[];
  firstShortYear: string | null;
  certification: Certification;
}

/**
 * The multi-year budget with a proposal's costs added (docs/costing.md, "Projection"):
 * ending balance = beginning + revenues − (expenditures + cost); reserve % = (ending −
 * committed) ÷ expenditures. Years past the budget grow revenues and expenditures by COLA.
 */
export function project(input: { dataset: Dataset; years: FiscalYear[]; costCents: (fy: FiscalYear) => number }): Projection {
  const { dataset, years } = input;
  const { budget, district } = dataset;
  const required = district.requiredReservePct;
  const out: ProjectionYear[] = [];
  let balance = budget[0].beginningBalance ?? 0;
  let last = budget[0];
  let revenue = 0;
  let expenditure = 0;
  for (let fy = budget[0].fy; fy <= years[years.length - 1]; fy++) {
    const row = budget.find((b) => b.fy === fy);
    const extrapolated = row === undefined;
    if (row) {
      revenue = row.revenues;
      expenditure = row.expenditures;
      last = row;
    } else {
      const cola = valueAt(district.parameters.cola, fyStart(fy)) / 100;
      revenue = toCents((revenue * (1 + cola)) / 100);
      expenditure = toCents((expenditure * (1 + cola)) / 100);
    }
    const cost = years.includes(fy) ? input.costCents(fy) : 0;
    const total = expenditure + cost;
    const beginning = balance;
    balance = beginning + revenue - total;
    const committed = last.committed;
    const reservePct = total === 0 ? 0 : Math.round(((balance - committed) / total) * 10000) / 100;
    if (fy >= years[0]) {
      out.push({
        fy: fyLabel(fy), revenueCents: revenue, expenditureCents: total, baselineExpenditureCents: expenditure,
        proposalCostCents: cost, beginningBalanceCents: beginning, endingBalanceCents: balance, committedCents: committed,
        reservePct, requiredReservePct: required, meetsReserve: (balance - committed) * 100 >= required * total, extrapolated,
      });
    }
  }
  const short = out.find((y) => !y.meetsReserve);
  return { years: out, firstShortYear: short?.fy ?? null, certification: certify(out) };
}

/**
 * County-office certification of the current year and the two after it (Education Code 42131):
 * negative when the available balance goes below zero in the current or next year;
 * qualified when the reserve falls below the required minimum in any of the three years;
 * positive otherwise.
 */
export function certify(years: ProjectionYear[]): Certification {
  const three = years.slice(0, 3);
  if (three.slice(0, 2).some((y) => y.endingBalanceCents - y.committedCents < 0)) return 'negative';
  if (three.some((y) => !y.meetsReserve)) return 'qualified';
  return 'positive';
}
