import { fyLabel, fyStart, type FiscalYear } from '../calendar/fiscal-year.ts';
import { valueAt } from '../district/parameters.ts';
import type { Dataset } from '../district/types.ts';
import { toCents } from '../money/cents.ts';
import { certificationYears, type CertificationYears } from './certification.ts';

/** The county office's kind of rating; `not-certified` when the dataset's budget does not reach the years it covers. */
export type Certification = 'positive' | 'qualified' | 'negative' | 'not-certified';

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
  /** True when the year is past the budget's last year and was grown by COLA: never used to certify. */
  extrapolated: boolean;
  /** True for the years the certification covers (the agreement's fiscal year and the two after it). */
  certified: boolean;
}

export interface Projection extends CertificationYears {
  years: ProjectionYear[];
  firstShortYear: string | null;
  certification: Certification;
}

/**
 * The multi-year budget with a proposal's costs added (docs/costing.md, "Projection"):
 * ending balance = beginning + revenues − (expenditures + cost); reserve % = (ending −
 * committed) ÷ expenditures. Years past the budget grow revenues and expenditures by COLA and
 * are marked extrapolated. The certification covers `agreementFy` (the fiscal year of the
 * proposal's date; default the first of `years`) and the two years after it, on the dataset's
 * own budget years only; `contractEndFy` (default the last of `years`) bounds the later years
 * reported short.
 */
export function project(input: { dataset: Dataset; years: FiscalYear[]; costCents: (fy: FiscalYear) => number; agreementFy?: FiscalYear; contractEndFy?: FiscalYear }): Projection {
  const { dataset, years } = input;
  const { budget, district } = dataset;
  const required = district.requiredReservePct;
  const out: ProjectionYear[] = [];
  let balance = budget[0].beginningBalance ?? 0;
  let last = budget[0];
  let revenue = 0;
  let expenditure = 0;
  const agreementFy = input.agreementFy ?? years[0];
  const covered = new Set([agreementFy, agreementFy + 1, agreementFy + 2]);
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
        certified: covered.has(fy) && !extrapolated,
      });
    }
  }
  const short = out.find((y) => !y.meetsReserve);
  const cert = certificationYears({ dataset, years: out, agreementFy, contractEndFy: input.contractEndFy ?? years[years.length - 1] });
  const rated = out.filter((y) => y.certified);
  return { years: out, firstShortYear: short?.fy ?? null, certification: cert.missingYears.length > 0 ? 'not-certified' : certify(rated), ...cert };
}

/**
 * County-office certification of the current year and the two after it (Education Code 42131),
 * given those three years: negative when the available balance goes below zero in the current
 * or next year; qualified when the reserve falls below the required minimum in any of the
 * three years; positive otherwise.
 */
export function certify(years: ProjectionYear[]): Certification {
  const three = years.slice(0, 3);
  if (three.slice(0, 2).some((y) => y.endingBalanceCents - y.committedCents < 0)) return 'negative';
  if (three.some((y) => !y.meetsReserve)) return 'qualified';
  return 'positive';
}
