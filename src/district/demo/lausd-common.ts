import type { DatedParameter, Reference } from '../parameters.ts';
import { apportion } from '../generate/random.ts';
import type { GenerateSpec, ScheduleSpec, StaffSpec } from '../generate/spec.ts';
import type { SchoolType, StatutoryRates } from '../types.ts';

/**
 * What the LAUSD demo datasets (2018-19 in lausd.ts, 2022-23 in lausd-2022-23.ts) share:
 * sources, the shape of the district (school types, roles, schedules' structure), the
 * statutory rate tables, and helpers to write dated parameters. Each year's file gives its
 * own figures; every figure is PUBLISHED (with its source) or an ASSUMPTION (labelled).
 */

// ---- Sources used by both years ---------------------------------------------------------------
export const FINGERTIP: Reference = { title: 'LAUSD Fingertip Facts 2018-19, estimated enrollment (Superintendent\'s Final Budget, updated August 2018)', href: 'https://vdocument.in/estimated-student-enrollment-la-unified-boundaries.html' };
export const LAO = (n: number): Reference => ({ title: `Legislative Analyst's Office, EdBudget table Details/${n}`, href: `https://lao.ca.gov/Education/EdBudget/Details/${n}` });
export const CALPERS_CL: Reference = { title: 'CalPERS Circular Letter 200-021-23 (Schools Pool employer rates 2022-23, 2023-24)' };
export const LATIMES_DEAL: Reference = { title: 'LA Times, 2019-01-22: details of the LAUSD–UTLA deal (class sizes before and after)', href: 'https://www.latimes.com/local/education/la-me-edu-lausd-strike-deal-details-20190122-story.html' };
export const SEIU_2023: Reference = { title: 'K-12 Dive, 2023: LAUSD reaches tentative deal with SEIU Local 99 (previous entry rate $16.91/hour; average pay ~$25,000)', href: 'https://k12dive.com/news/lausd-reaches-tentative-deal-with-SEIU-after-strike/646056' };
export const FEDERAL_FICA: Reference = { title: 'Federal Insurance Contributions Act, 26 U.S.C. 3111: employer Social Security 6.2%, Medicare 1.45%' };
export const ED_CODE_46200: Reference = { title: 'California Education Code 46200: 180 days of instruction' };
export const ASSUMPTION = (why: string): Reference => ({ title: `Assumption: ${why}` });

/** A parameter with one value from July 1 of `year`. */
export const since = (year: number, label: string, unit: DatedParameter['unit'], value: number, reference: Reference[]): DatedParameter =>
  ({ label, unit, values: [{ from: `${year}-07-01`, value }], reference });
/** A parameter with one value per fiscal year from `year`. */
export const byYear = (year: number, label: string, unit: DatedParameter['unit'], values: number[], reference: Reference[]): DatedParameter =>
  ({ label, unit, values: values.map((value, i) => ({ from: `${year + i}-07-01`, value })), reference });

// ---- Enrollment: grade spans --------------------------------------------------------------------
/** PUBLISHED: Fingertip Facts 2018-19 grade spans (these include independent and affiliated charters); sum 571,855. */
export const FINGERTIP_SPANS = { 'K-3': 186_345, '4-6': 132_669, '7-8': 86_311, '9-12': 166_530 };
/** `total` students split over the grade spans in the Fingertip Facts 2018-19 shares, exactly (largest remainders). */
export function studentsBySpan(total: number): Record<string, number> {
  const spans = Object.keys(FINGERTIP_SPANS) as (keyof typeof FINGERTIP_SPANS)[];
  const n = apportion(total, spans.map((s) => FINGERTIP_SPANS[s]));
  return Object.fromEntries(spans.map((s, i) => [s, n[i]]));
}

// ---- Schools: ASSUMPTIONS shaped by PRODUCT.md ("about 1,300 schools") ---------------------------
// ~739 district-run K-12 schools, plus early education, adult and other sites (offices,
// magnet centers and other sites without their own enrollment here) to reach 1,300.
// studentsPerGrade sets relative sizes only; e.g. continuation 40 × ~110 students ≈ the 4,227
// "Continuation and Opportunity" students and special education 14 × ~150 ≈ the 2,078 in
// special education schools (Fingertip Facts 2018-19), here drawn from the graded totals.
export const SCHOOLS: GenerateSpec['schools'] = {
  elementary: { count: 450, grades: 'K-5', studentsPerGrade: 70 },
  middle: { count: 80, grades: '6-8', studentsPerGrade: 330 },
  high: { count: 95, grades: '9-12', studentsPerGrade: 330 },
  span: { count: 60, grades: { 'K-8': 0.6, '6-12': 0.3, 'K-12': 0.1 }, studentsPerGrade: 70 },
  continuation: { count: 40, grades: '10-12', studentsPerGrade: 35 },
  'special-education': { count: 14, grades: 'K-12', studentsPerGrade: 11 },
  'early-education': { count: 90 },
  adult: { count: 25 },
  other: { count: 446 },
};
export const K12_SCHOOLS = 739; // the K-12 types above: 450 + 80 + 95 + 60 + 40 + 14
export const K12: SchoolType[] = ['elementary', 'middle', 'high', 'span', 'continuation', 'special-education'];
export const REGULAR: SchoolType[] = ['elementary', 'middle', 'high', 'span', 'continuation'];
export const SECONDARY: SchoolType[] = ['middle', 'high', 'span', 'continuation'];
export const SCHOOL_SITES: SchoolType[] = [...K12, 'early-education', 'adult'];
/** ASSUMPTION: LAUSD's rough bounding box. */
export const LOCATION: GenerateSpec['location'] = { south: 33.7, north: 34.34, west: -118.67, east: -118.15 };

export const UNITS: GenerateSpec['units'] = [
  { id: 'UTLA', name: 'Teachers and certificated support staff', kind: 'certificated', union: 'United Teachers Los Angeles' },
  { id: 'SEIU99', name: 'Classified support staff', kind: 'classified', union: 'SEIU Local 99' },
  { id: 'OTHER', name: 'Administrators and other units', kind: 'certificated', union: 'AALA and others' },
];

// ---- Staff: the roles and where they work; counts per year ---------------------------------------
/** UTLA positions by role (each year's file gives them, with their sources). */
export interface UtlaCounts {
  teacher: number;
  specialEducationTeacher: number;
  earlyEducationTeacher: number;
  adultEducationTeacher: number;
  librarian: number;
  nurse: number;
  counselor: number;
  psychologist: number;
  psychiatricSocialWorker: number;
}

const at = (types: SchoolType[], share = 1, weight: 'enrollment' | 'equal' = 'enrollment') => ({ types, share, weight });
const utla = (role: string, schedule: string, n: Partial<StaffSpec>): StaffSpec => ({ unit: 'UTLA', role, schedule, at: 'central', daysPerYear: 185, ...n });
const seiu = (role: string, lane: string, n: Partial<StaffSpec>): StaffSpec => ({ unit: 'SEIU99', role, schedule: 'classified', lanes: [lane], at: 'central', daysPerYear: 185, ...n });

/**
 * The staff lines. UTLA counts come from the year's file; SEIU 99 is "about 30,000" in both
 * years (PRODUCT.md; LAUSD news release 2023-03-24: "close to 30,000"), split over its job
 * classes by ASSUMPTION; OTHER (administrators and other units): 1,800, ASSUMPTION.
 */
export function lausdStaff(u: UtlaCounts): StaffSpec[] {
  return [
    utla('teacher', 'teachers', { count: u.teacher, at: at(REGULAR) }),
    utla('special-education-teacher', 'teachers', { count: u.specialEducationTeacher, at: at(REGULAR) }),
    utla('special-education-teacher', 'teachers', { perSchool: 15, at: at(['special-education'], 1, 'equal') }), // 14 × 15 = 210
    utla('early-education-teacher', 'teachers', { count: u.earlyEducationTeacher, at: at(['early-education'], 1, 'equal') }),
    utla('adult-education-teacher', 'teachers', { count: u.adultEducationTeacher, at: at(['adult'], 1, 'equal') }),
    utla('librarian', 'teachers', { count: u.librarian, at: at(SECONDARY.slice(0, 3), 0.4, 'equal') }),
    utla('nurse', 'support-services', { count: u.nurse, at: at(K12, 0.5) }),
    utla('counselor', 'support-services', { count: u.counselor, at: at(SECONDARY) }),
    utla('psychologist', 'support-services', { count: u.psychologist, at: at(K12, 0.5, 'equal') }),
    utla('psychiatric-social-worker', 'support-services', { count: u.psychiatricSocialWorker, at: at(K12, 0.3, 'equal') }),
    seiu('teacher-assistant', 'aide', { count: 7_000, at: at(['elementary', 'span', 'early-education']), hoursPerDay: { 3: 0.4, 3.5: 0.3, 6: 0.3 } }),
    seiu('special-education-assistant', 'special-education-assistant', { count: 8_500, at: at(K12), hoursPerDay: { 3.5: 0.2, 6: 0.5, 8: 0.3 } }),
    seiu('playground-aide', 'aide', { count: 1_500, at: at(['elementary', 'span']), hoursPerDay: 3 }),
    seiu('campus-aide', 'aide', { count: 1_700, at: at(SECONDARY), hoursPerDay: { 3.5: 0.3, 6: 0.4, 8: 0.3 } }),
    seiu('cafeteria-worker', 'food-service', { count: 3_500, at: at(K12), hoursPerDay: { 3: 0.35, 4: 0.3, 6: 0.2, 8: 0.15 } }),
    seiu('custodian', 'custodian', { count: 3_300, at: at(K12), hoursPerDay: 8, daysPerYear: 261 }),
    seiu('custodian', 'custodian', { count: 700, at: at(['early-education', 'adult', 'other'], 1, 'equal'), hoursPerDay: 8, daysPerYear: 261 }),
    seiu('bus-driver', 'bus-driver', { count: 1_000, hoursPerDay: { 6: 0.5, 8: 0.5 } }),
    seiu('office-clerk', 'office', { count: 1_900, at: at(SCHOOL_SITES), hoursPerDay: { 6: 0.3, 8: 0.7 }, daysPerYear: 220 }),
    seiu('office-clerk', 'office', { count: 400, hoursPerDay: 8, daysPerYear: 261 }),
    seiu('gardener', 'gardener', { count: 500, hoursPerDay: 8, daysPerYear: 261 }),
    { unit: 'OTHER', role: 'administrator', schedule: 'administrators', lanes: ['A2'], perSchool: 1, at: at(SCHOOL_SITES, 1, 'equal'), daysPerYear: 220 }, // principals: 854
    { unit: 'OTHER', role: 'administrator', schedule: 'administrators', lanes: ['A1'], count: 446, at: at(SECONDARY), daysPerYear: 220 }, // assistant principals
    { unit: 'OTHER', role: 'administrator', schedule: 'administrators', lanes: ['A3'], count: 500, at: 'central', daysPerYear: 261 },
  ];
}

// ---- Salary schedules: structure shared, pay targets per year ------------------------------------
const STEPS_10 = [6, 5, 5, 5, 5, 5, 5, 5, 5, 54]; // ASSUMPTION: share of staff per step; most long-serving staff sit on the top step
type Pay = ScheduleSpec['pay'];

/**
 * The four schedules. Teachers: six columns (C1 = BA … C6 = MA + units), ten steps of
 * 3% (ASSUMPTION). Support services:
 * three lanes. Classified: job classes relative to the entry class (aides), five 4% steps
 * (ASSUMPTIONS). Administrators: A1 assistant principal, A2 principal, A3 central office.
 */
export function lausdSchedules(pay: { teachers: Pay; support: Pay; classified: Pay; administrators: Pay }): ScheduleSpec[] {
  return [
    {
      unit: 'UTLA', id: 'teachers', basis: 'annual', stepIncreasePct: 3, stepPlacement: STEPS_10,
      lanes: [1, 1.04, 1.08, 1.12, 1.16, 1.2].map((factor, i) => ({ id: `C${i + 1}`, factor, placement: [10, 15, 20, 20, 20, 15][i] })),
      pay: pay.teachers,
    },
    {
      unit: 'UTLA', id: 'support-services', basis: 'annual', stepIncreasePct: 3, stepPlacement: STEPS_10,
      lanes: [{ id: 'S1', factor: 1, placement: 30 }, { id: 'S2', factor: 1.05, placement: 40 }, { id: 'S3', factor: 1.1, placement: 30 }],
      pay: pay.support,
    },
    {
      unit: 'SEIU99', id: 'classified', basis: 'hourly', stepIncreasePct: 4, stepPlacement: [15, 15, 15, 15, 40],
      lanes: [
        { id: 'aide', factor: 1 }, { id: 'food-service', factor: 1.02 }, { id: 'special-education-assistant', factor: 1.08 },
        { id: 'office', factor: 1.1 }, { id: 'custodian', factor: 1.12 }, { id: 'gardener', factor: 1.15 }, { id: 'bus-driver', factor: 1.25 },
      ],
      pay: pay.classified,
    },
    {
      unit: 'OTHER', id: 'administrators', basis: 'annual', stepIncreasePct: 3.5, stepPlacement: [15, 15, 15, 15, 40],
      lanes: [{ id: 'A1', factor: 1 }, { id: 'A2', factor: 1.12 }, { id: 'A3', factor: 1.25 }],
      pay: pay.administrators,
    },
  ];
}

// ---- Statutory rates ------------------------------------------------------------------------------
/** PUBLISHED: ca_school_pension_employer_rates.csv (LAO EdBudget; CalPERS Circular Letter 200-021-23), 2018-19 … 2024-25 (2024-25 a projection). */
const PENSION_FROM = 2018;
const CALSTRS = [16.28, 17.1, 16.2, 16.9, 19.1, 19.1, 19.1];
const CALPERS = [18.06, 19.72, 20.7, 22.9, 25.37, 26.68, 27.1];
const PENSION_REFS = [LAO(321), LAO(349), LAO(437), LAO(595), LAO(831), LAO(890), LAO(931)];

/** Employer statutory rates from fiscal year `year` on: CalSTRS, CalPERS, FICA and (ASSUMPTION) SUI + workers' compensation. */
export function statutoryFrom(year: number): Record<'certificated' | 'classified', StatutoryRates> {
  const k = year - PENSION_FROM;
  // ASSUMPTION: unemployment insurance 0.05% + workers' compensation ~1.5% of pay.
  const other = since(year, 'Other statutory (unemployment insurance 0.05 + workers\' compensation ~1.5)', 'percent', 1.55, [ASSUMPTION('SUI 0.05% and workers\' compensation about 1.5% of payroll')]);
  const medicare = since(year, 'Medicare (employer)', 'percent', 1.45, [FEDERAL_FICA]);
  return {
    certificated: { pension: byYear(year, 'CalSTRS employer rate', 'percent', CALSTRS.slice(k), PENSION_REFS.slice(k)), medicare, other },
    classified: {
      pension: byYear(year, 'CalPERS Schools Pool employer rate', 'percent', CALPERS.slice(k), [...PENSION_REFS.slice(k), CALPERS_CL]),
      socialSecurity: since(year, 'Social Security (employer)', 'percent', 6.2, [FEDERAL_FICA]),
      medicare,
      other,
    },
  };
}

/**
 * Statutory COLA as enacted in the state budgets (recalled, not in the shared published
 * figures: verify): 2018-19 3.70, 2019-20 3.26, 2020-21 0 (2.31 not funded), 2021-22 5.07
 * (compounded), 2022-23 6.56, 2023-24 8.22, 2024-25 1.07.
 */
export function colaFrom(year: number): DatedParameter {
  return byYear(year, 'Statutory COLA (LCFF)', 'percent', [3.7, 3.26, 0, 5.07, 6.56, 8.22, 1.07].slice(year - 2018), [{ title: 'California state budget acts, LCFF statutory COLA (as recalled; verify against CDE funding rates)', href: 'https://www.cde.ca.gov/fg/aa/pa/' }]);
}
