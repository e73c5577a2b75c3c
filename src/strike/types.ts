import type { Problem } from '../errors/problem.ts';
import type { NormalDay } from './attendance.ts';
import type { UnitDayPay } from './pay.ts';

/** Pay a unit's strikers were not paid on one day, and the employer's statutory benefits on it. */
export interface UnitPayNotPaid {
  unit: string;
  /** Share of the unit's members on strike (0–1). */
  share: number;
  /** share × members (not rounded). */
  strikers: number;
  /** share × the unit's daily pay, rounded to cents. */
  payCents: number;
  /** payCents × the unit kind's statutory rate, rounded to cents. */
  statutoryCents: number;
}

/** A strike's totals: how many days, from and to which date (null with no day), and the sums over them. */
export type Totals = Running & { days: number; from: string | null; to: string | null };

/** Sums over the days so far (or over the strike, for the totals). */
export interface Running {
  revenueLostCents: number;
  payNotPaidCents: number;
  substitutesCents: number;
  otherCostsCents: number;
  /** revenue lost − pay not paid + substitutes + other costs: what the strike cost the district, net. */
  netCents: number;
}

export interface DayImpact {
  /** 1 for the first row of the file, and so on. */
  day: number;
  line: number;
  date: string;
  weekday: string;
  fy: string;
  studentsAttending: number;
  normalAttendance: number;
  /** (normal attendance − students attending) ÷ instructional days, shown to 4 decimals. */
  adaLost: number;
  revenueLostCents: number;
  /** Units with a striking share above 0, in units.csv order. */
  payNotPaid: UnitPayNotPaid[];
  payNotPaidCents: number;
  substitutes: number;
  substituteRateCents: number;
  substitutesCents: number;
  otherCostsCents: number;
  netCents: number;
  /** Totals from the first day through this one. */
  running: Running;
  note: string;
}

/** The parameters of one fiscal year the strike falls in. */
export interface YearParameters extends NormalDay {
  units: Omit<UnitDayPay, 'roles'>[];
}

/** What a striking member lost: pay for the days their unit was on strike (health benefits continue). */
export interface MemberLoss {
  role: string;
  members: number;
  /** Status-quo pay of one working day for the average member (annual pay ÷ days a year). */
  perMemberPerDayCents: number;
  /** Sum of that day's pay over the days the unit was on strike. */
  lostPerMemberCents: number;
}

export interface UnitMembers {
  unit: string;
  members: number;
  /** Days of the file on which the unit's striking share is above 0. */
  strikeDays: number;
  perMemberPerDayCents: number;
  lostPerMemberCents: number;
  roles: MemberLoss[];
}

/** How many months of a proposal's ongoing raise repay a striking member's lost pay. */
export interface Payback {
  proposal: { id: string; title: string; unit: string; date: string };
  /** The proposal's first full fiscal year: the first that starts on or after its date. */
  fy: string;
  /** Ongoing salary lines of the proposal that year, for the unit's current staff (not added positions). */
  ongoingSalaryCents: number;
  members: number;
  /** ongoingSalary ÷ members ÷ 12, rounded to cents. */
  monthlyPerMemberCents: number;
  /** Lost pay of a member who struck every day the unit was on strike (null: the unit did not strike). */
  lostPerMemberCents: number | null;
  /** lost ÷ monthly, to one decimal; null when there is nothing to repay or no raise to repay it. */
  months: number | null;
  /** One-time money per member over the costed years (retroactive pay, bonuses), not counted in `months`. */
  oneTimePerMemberCents: number;
}

export interface StrikeImpact {
  district: { name: string; cdsCode: string; baseFiscalYear: string };
  daysFile: string;
  /** The formulas, in words. */
  method: string[];
  years: YearParameters[];
  days: DayImpact[];
  /** Over every day of the file, named by its first and last date (null with no day). */
  totals: Totals;
  members: UnitMembers[];
  payback: Payback | null;
  warnings: Problem[];
}
