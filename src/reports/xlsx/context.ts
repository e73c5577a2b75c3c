import type { Workbook } from 'exceljs';
import type { FiscalYear } from '../../calendar/fiscal-year.ts';
import type { ProposalLayout } from '../../costing/layout.ts';
import type { Prepared } from '../../costing/prepare.ts';
import type { CostResult } from '../../costing/result.ts';
import type { Dataset, UnitKind } from '../../district/types.ts';
import type { Term } from '../../proposals/types.ts';
import type { Sheet } from './sheet.ts';

/** Where the inputs live, so later sheets can point at them. */
export interface InputsMap {
  sheet: Sheet;
  /** Column of a fiscal year on the Inputs sheet. */
  col: (fy: FiscalYear) => number;
  /** First and last row of the statutory rates of a unit kind (contiguous, so SUM(first:last)). */
  statutory: Record<UnitKind, { first: number; last: number }>;
  health: number;
  driftFactor: Record<UnitKind, number>;
  /** Units with attrition: the cell holding the percent, and the row of the share still in post each year. */
  attrition: Map<string, { pct: string; survival: number }>;
  cola: number;
  revenues: number;
  expenditures: number;
  committed: number;
  beginning: number;
  /** The one cell holding the required reserve percentage. */
  required: string;
}

export interface TermsMap {
  sheet: Sheet;
  /** Row of a term on the Terms sheet (a me-too copy resolves to the term it copies). */
  row: (proposal: number, t: Term) => number;
  /** Columns of the numeric parameters. */
  col: { pct: number; amount: number; floor: number; hours: number; count: number; perEmployee: number };
}

export interface GroupsMap {
  sheet: Sheet;
  /** Row of an earner (current pay group or added cohort) of a proposal's layout. */
  row: (proposal: number, earner: number) => number;
  /** Id shown for an earner ("G12", "P1-A3"). */
  id: (proposal: number, earner: number) => string;
  baseRateCol: (fy: FiscalYear) => number;
  statusQuoCol: (fy: FiscalYear) => number;
  /** FTE and people of a row in a fiscal year from the base year on (current staff after attrition; people hired in place of leavers). */
  fteCol: (fy: FiscalYear) => number;
  peopleCol: (fy: FiscalYear) => number;
  col: { unit: number; fte: number; headcount: number; hours: number; days: number; eligible: number; population: number };
  /** Rows of current pay groups of each unit (contiguous). */
  unitRows: Map<string, { first: number; last: number }>;
}

export interface Context {
  wb: Workbook;
  kind: 'cost' | 'compare' | 'disclose';
  dataset: Dataset;
  prepared: Prepared;
  layouts: ProposalLayout[];
  results: CostResult[];
  /** Every fiscal year any sheet needs, oldest first (retroactive years included). */
  years: FiscalYear[];
  base: FiscalYear;
  /** Last year costed for any proposal. */
  last: FiscalYear;
  inputs?: InputsMap;
  terms?: TermsMap;
  groups?: GroupsMap;
}
