import type { Grade } from '../district/grades.ts';
import type { Reference } from '../district/parameters.ts';
import type { SchoolType } from '../district/types.ts';

export const PARTIES = ['union', 'district', 'joint', 'fact-finder'] as const;
export type Party = (typeof PARTIES)[number];

interface TermBase {
  id: string;
  title: string;
  /** Bargaining unit the term applies to (defaults to the proposal's unit). */
  unit: string;
  note?: string;
  /** Set on the copy a me-too clause makes: the id of the term it copies (not written in files). */
  via?: string;
}

/** Dates mean "from then on". `paid` is when retroactive pay is paid (defaults to the proposal date). */
export interface RaiseTerm extends TermBase { kind: 'raise'; pct: number; effective: string; roles?: string[]; paid?: string; outsideTerm?: true }
export interface HourlyRaiseTerm extends TermBase { kind: 'hourly-raise'; amount: number; effective: string; roles?: string[]; paid?: string; outsideTerm?: true }
export interface FlatAmountTerm extends TermBase { kind: 'flat-amount'; amount: number; effective: string; roles: string[]; paid?: string; outsideTerm?: true }
export interface BonusTerm extends TermBase { kind: 'bonus'; pct?: number; amount?: number; paid: string; employedIn?: number; roles?: string[]; outsideTerm?: true }
export interface WageFloorTerm extends TermBase { kind: 'wage-floor'; hourly: number; effective: string; paid?: string; outsideTerm?: true }
export interface AddedHoursTerm extends TermBase { kind: 'added-hours'; roles: string[]; hoursPerDay: number; effective: string; outsideTerm?: true }
export interface HealthTerm extends TermBase { kind: 'health'; perEmployee?: number; partTimeMinHours?: number; effective: string; outsideTerm?: true }

export interface CapPhase {
  grades: Grade[];
  measure?: 'maximum' | 'average';
  from: string;
  cap?: number;
  reduceBy?: number;
  highNeedCap?: number;
  highNeedReduceBy?: number;
}
export interface ClassSizeTerm extends TermBase { kind: 'class-size'; caps: CapPhase[]; outsideTerm?: true }

export interface SchoolFilter { types?: SchoolType[]; highNeedOnly?: boolean }
export interface StaffingPhase { from: string; perSchool?: number; studentsPerStaff?: number }
export interface StaffingTerm extends TermBase { kind: 'staffing'; role: string; schools: SchoolFilter; phases: StaffingPhase[]; outsideTerm?: true }
export interface HirePhase { from: string; count: number }
export interface HireTerm extends TermBase { kind: 'hire'; role: string; schools?: SchoolFilter; phases: HirePhase[]; outsideTerm?: true }

/** A program cost not tied to positions (e.g. 30 community schools at $400,000 a year each). */
export interface ProgramTerm extends TermBase { kind: 'program'; amount: number; count: number; effective: string; oneTime?: boolean; outsideTerm?: true }

export interface MeTooTerm extends TermBase { kind: 'me-too'; terms: string[] }
export interface NonCostTerm extends TermBase { kind: 'non-cost'; text: string }

export type PayTerm = RaiseTerm | HourlyRaiseTerm | FlatAmountTerm | WageFloorTerm | AddedHoursTerm;
export type PositionTerm = ClassSizeTerm | StaffingTerm | HireTerm;
export type Term = PayTerm | BonusTerm | HealthTerm | ProgramTerm | PositionTerm | MeTooTerm | NonCostTerm;
export type TermKind = Term['kind'];

export interface Proposal {
  id: string;
  title: string;
  party: Party;
  unit: string;
  /** The date the proposal was made; retroactive pay defaults to being paid then. */
  date: string;
  term: { start: string; end: string };
  sources: Reference[];
  summary?: string;
  terms: Term[];
}
