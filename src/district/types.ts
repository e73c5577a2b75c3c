import type { Cents } from '../money/cents.ts';
import type { FiscalYear } from '../calendar/fiscal-year.ts';
import type { Grade } from './grades.ts';
import type { DatedParameter, Reference } from './parameters.ts';

export const SCHOOL_TYPES = [
  'elementary', 'middle', 'high', 'span', 'continuation', 'special-education',
  'early-education', 'adult', 'other',
] as const;
export type SchoolType = (typeof SCHOOL_TYPES)[number];

export interface School {
  id: string;
  cdsCode: string;
  name: string;
  type: SchoolType;
  /** Grades served, in order; empty for sites with no K-12 grades (adult, early education). */
  grades: Grade[];
  highNeed: boolean;
  latitude: number | null;
  longitude: number | null;
  address: string;
}

export interface Enrollment {
  school: string;
  grade: Grade;
  students: number;
}

export type UnitKind = 'certificated' | 'classified';

export interface Unit {
  id: string;
  name: string;
  kind: UnitKind;
  union: string;
}

/** One cell of a salary schedule: an annual salary (certificated) or an hourly rate (classified). */
export interface ScheduleCell {
  unit: string;
  schedule: string;
  /** Salary-schedule column (certificated) or job class (classified). */
  lane: string;
  step: number;
  basis: 'annual' | 'hourly';
  /** Dollars per year (annual) or per hour (hourly). */
  rate: number;
}

/** `site` is a school id or `central` (central and regional offices). */
export interface StaffRow {
  site: string;
  unit: string;
  role: string;
  schedule: string;
  lane: string;
  step: number;
  /** FTE of one position. */
  fte: number;
  hoursPerDay: number;
  daysPerYear: number;
  /** Positions with this placement (1 for one row per position). */
  count: number;
  /** Hire date (YYYY-MM-DD); null when unknown (treated as long-serving). */
  hired: string | null;
}

export interface BudgetYear {
  fy: FiscalYear;
  revenues: Cents;
  expenditures: Cents;
  /** Given for the first year only; later years roll forward. */
  beginningBalance: Cents | null;
  /** Part of the fund balance that is committed or assigned and so not available as reserve. */
  committed: Cents;
}

export interface ClassSizeSpan {
  grades: Grade[];
  measure: 'maximum' | 'average';
  cap: number;
}

export interface Placement {
  unit: string;
  schedule: string;
  lane: string;
  step: number;
  fte: number;
  hoursPerDay: number;
  daysPerYear: number;
}

export interface Attrition {
  pct: number;
  reference: Reference[];
}

export interface StatutoryRates {
  /** Rates are percent of pay; each is dated. */
  [name: string]: DatedParameter;
}

export interface DistrictParameters {
  /** Employer statutory benefit rates by unit kind (CalSTRS; CalPERS, Social Security; Medicare; SUI, workers' comp). */
  statutory: Record<UnitKind, StatutoryRates>;
  /** Statutory cost-of-living adjustment, percent; grows revenues and expenditures past the last budget year. */
  cola: DatedParameter;
  /** Enrollment change per year, percent (negative for decline). */
  enrollmentTrend: DatedParameter;
  /** Payroll growth per year from column movement and longevity, beyond one step a year, percent. */
  columnDrift: Record<UnitKind, DatedParameter>;
  /** District health and welfare contribution per eligible employee per year, dollars. */
  healthPerEmployee: DatedParameter;
  /** Employees are eligible for health benefits from this many hours a day (0 = all). */
  healthEligibleMinHours: Record<UnitKind, number>;
  /** Where a new position is placed, by role; `default` per unit id applies to other roles. */
  newHirePlacement: Record<string, Placement>;
  /**
   * Share of each unit's staff who leave in a year, percent, by unit id; each leaver is replaced
   * at the new-hire placement for the role (docs/costing.md, "A workforce that changes"). A unit
   * not listed keeps everyone.
   */
  attrition: Record<string, Attrition>;
  /** The current contract's class-size limits. */
  classSize: { spans: ClassSizeSpan[]; reference: Reference[] };
  secondaryPeriodsPerStudent: DatedParameter;
  sectionsPerTeacher: DatedParameter;
  /** Revenue per unit of average daily attendance, dollars. */
  revenuePerAda: DatedParameter;
  instructionalDays: DatedParameter;
  /** Share of enrolled students attending on a normal day, percent. */
  normalAttendanceRate: DatedParameter;
}

/** What `settle import district` wrote: each figure's fingerprint and source, so reports can tell which figures are the district's own since. */
export interface ImportRecord {
  by: string;
  figures: { field: string; source: 'public' | 'assumed'; fingerprint: string }[];
}

export interface District {
  /** Set by `settle import district` (district.yaml `imported`). */
  imported?: ImportRecord;
  name: string;
  cdsCode: string;
  baseFiscalYear: FiscalYear;
  requiredReservePct: number;
  parameters: DistrictParameters;
  /** Free-text notes on where the dataset comes from. */
  sources: Reference[];
}

export interface Dataset {
  district: District;
  schools: School[];
  enrollment: Enrollment[];
  units: Unit[];
  schedules: ScheduleCell[];
  staff: StaffRow[];
  budget: BudgetYear[];
}
