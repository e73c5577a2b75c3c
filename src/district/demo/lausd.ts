import type { DatedParameter, Reference } from '../parameters.ts';
import { apportion } from '../generate/random.ts';
import type { GenerateSpec, StaffSpec } from '../generate/spec.ts';
import type { SchoolType } from '../types.ts';

/**
 * The LAUSD 2018-19 demo: a synthetic district calibrated to published LAUSD totals. Every
 * figure is either PUBLISHED (with its source) or an ASSUMPTION (labelled as such). Schools,
 * enrollment by school and staff placements are random (seeded); only the totals are real.
 */

// ---- Sources -------------------------------------------------------------------------------
const FINGERTIP: Reference = { title: 'LAUSD Fingertip Facts 2018-19, estimated enrollment (Superintendent\'s Final Budget, updated August 2018)', href: 'https://vdocument.in/estimated-student-enrollment-la-unified-boundaries.html' };
const LABOR_UPDATE: Reference = { title: 'LAUSD Labor Update, January 2, 2019: multi-year projection', href: 'https://docslib.org/doc/6727384/los-angeles-unified-school-district-labor-update-january-2' };
const LAO = (n: number): Reference => ({ title: `Legislative Analyst's Office, EdBudget table Details/${n}`, href: `https://lao.ca.gov/Education/EdBudget/Details/${n}` });
const CALPERS_CL: Reference = { title: 'CalPERS Circular Letter 200-021-23 (Schools Pool employer rates 2022-23, 2023-24)' };
const LATIMES_DEAL: Reference = { title: 'LA Times, 2019-01-22: details of the LAUSD–UTLA deal (class sizes before and after)', href: 'https://www.latimes.com/local/education/la-me-edu-lausd-strike-deal-details-20190122-story.html' };
const CBS_STRIKE: Reference = { title: 'CBS Los Angeles, Jan 2019: "6-Day Teachers Strike Cost LAUSD $151 Million" (LAUSD daily attendance and losses)', href: 'https://www.cbsnews.com/losangeles/news/lausd-strike-costs-151-million/' };
const SEIU_2023: Reference = { title: 'K-12 Dive, 2023: LAUSD reaches tentative deal with SEIU Local 99 (previous entry rate $16.91/hour; average pay ~$25,000)', href: 'https://k12dive.com/news/lausd-reaches-tentative-deal-with-SEIU-after-strike/646056' };
const FEDERAL_FICA: Reference = { title: 'Federal Insurance Contributions Act, 26 U.S.C. 3111: employer Social Security 6.2%, Medicare 1.45%' };
const ASSUMPTION = (why: string): Reference => ({ title: `Assumption: ${why}` });

const since = (label: string, unit: DatedParameter['unit'], value: number, reference: Reference[]): DatedParameter =>
  ({ label, unit, values: [{ from: '2018-07-01', value }], reference });
const byYear = (label: string, unit: DatedParameter['unit'], values: number[], reference: Reference[]): DatedParameter =>
  ({ label, unit, values: values.map((value, i) => ({ from: `${2018 + i}-07-01`, value })), reference });

// ---- Enrollment: PUBLISHED grade spans, scaled to district-run schools ---------------------
/** Fingertip Facts 2018-19 grade spans (these include independent and affiliated charters). */
const FINGERTIP_SPANS = { 'K-3': 186_345, '4-6': 132_669, '7-8': 86_311, '9-12': 166_530 }; // sum 571,855
/** ASSUMPTION: about 500,000 students in district-run schools (PRODUCT.md: 480,000–690,000 depending on what is counted). */
const DISTRICT_RUN_STUDENTS = 500_000;
/** The spans' shares of 571,855 applied to 500,000, split exactly: K-3 162,930; 4-6 115,999; 7-8 75,466; 9-12 145,605. */
function lausdStudents(): Record<string, number> {
  const spans = Object.keys(FINGERTIP_SPANS) as (keyof typeof FINGERTIP_SPANS)[];
  const n = apportion(DISTRICT_RUN_STUDENTS, spans.map((s) => FINGERTIP_SPANS[s]));
  return Object.fromEntries(spans.map((s, i) => [s, n[i]]));
}

// ---- Schools: ASSUMPTIONS shaped by PRODUCT.md ("about 1,300 schools") ---------------------
// ~739 district-run K-12 schools, plus early education, adult and other sites (offices,
// magnet centers and other sites without their own enrollment here) to reach 1,300.
// studentsPerGrade sets relative sizes only; e.g. continuation 40 × ~110 students ≈ the 4,227
// "Continuation and Opportunity" students and special education 14 × ~150 ≈ the 2,078 in
// special education schools (Fingertip Facts), here drawn from the graded totals above.
const SCHOOLS: GenerateSpec['schools'] = {
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
const K12: SchoolType[] = ['elementary', 'middle', 'high', 'span', 'continuation', 'special-education'];
const REGULAR: SchoolType[] = ['elementary', 'middle', 'high', 'span', 'continuation'];
const SECONDARY: SchoolType[] = ['middle', 'high', 'span', 'continuation'];
const SCHOOL_SITES: SchoolType[] = [...K12, 'early-education', 'adult'];

// ---- Staff: counts are ASSUMPTIONS calibrated to published totals --------------------------
// UTLA ~31,000–35,000 members (PRODUCT.md); here 31,800. SEIU 99 "about 30,000"
// (lausd_settlement_terms.json seiu99_2023.members); here 30,000. OTHER (administrators and
// other units) is the rest of the ~63,600 employees: 1,800. Total 63,600.
const at = (types: SchoolType[], share = 1, weight: 'enrollment' | 'equal' = 'enrollment') => ({ types, share, weight });
const utla = (role: string, schedule: string, n: Partial<StaffSpec>): StaffSpec => ({ unit: 'UTLA', role, schedule, at: 'central', daysPerYear: 185, ...n });
const seiu = (role: string, lane: string, n: Partial<StaffSpec>): StaffSpec => ({ unit: 'SEIU99', role, schedule: 'classified', lanes: [lane], at: 'central', daysPerYear: 185, ...n });
const STAFF: StaffSpec[] = [
  utla('teacher', 'teachers', { count: 25_400, at: at(REGULAR) }), // ~25,400 teachers (brief); 500,000 ÷ 25,400 ≈ 19.7 students each
  utla('special-education-teacher', 'teachers', { count: 2_790, at: at(REGULAR) }),
  utla('special-education-teacher', 'teachers', { perSchool: 15, at: at(['special-education'], 1, 'equal') }), // 14 × 15 = 210
  utla('early-education-teacher', 'teachers', { count: 600, at: at(['early-education'], 1, 'equal') }),
  utla('adult-education-teacher', 'teachers', { count: 500, at: at(['adult'], 1, 'equal') }),
  utla('librarian', 'teachers', { count: 100, at: at(SECONDARY.slice(0, 3), 0.4, 'equal') }), // ~100 (brief); 2019 deal added 82, "one per secondary school"
  utla('nurse', 'support-services', { count: 400, at: at(K12, 0.5) }), // ~400 (brief); the union asked for one at every school
  utla('counselor', 'support-services', { count: 1_000, at: at(SECONDARY) }), // ~1,000 (brief)
  utla('psychologist', 'support-services', { count: 500, at: at(K12, 0.5, 'equal') }), // ~500 (brief)
  utla('psychiatric-social-worker', 'support-services', { count: 300, at: at(K12, 0.3, 'equal') }),
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

// ---- Salary schedules: pay targets -----------------------------------------------------------
const STEPS_10 = [6, 5, 5, 5, 5, 5, 5, 5, 5, 54]; // ASSUMPTION: share of staff per step; most long-serving staff sit on the top step
const SCHEDULES: GenerateSpec['schedules'] = [
  {
    // ASSUMPTION: average teacher salary $75,000; lowest cell $50,000 (LAUSD salary table 2018-19 range ~$50,000–$91,000; assumption).
    // Six columns (C1 = BA … C6 = MA + units), ten steps of 3%.
    unit: 'UTLA', id: 'teachers', basis: 'annual', stepIncreasePct: 3, stepPlacement: STEPS_10,
    lanes: [1, 1.04, 1.08, 1.12, 1.16, 1.2].map((factor, i) => ({ id: `C${i + 1}`, factor, placement: [10, 15, 20, 20, 20, 15][i] })),
    pay: { average: 75_000, minimum: 50_000 },
  },
  {
    // ASSUMPTION: nurses, counselors, psychologists and social workers average $85,000, from $60,000.
    unit: 'UTLA', id: 'support-services', basis: 'annual', stepIncreasePct: 3, stepPlacement: STEPS_10,
    lanes: [{ id: 'S1', factor: 1, placement: 30 }, { id: 'S2', factor: 1.05, placement: 40 }, { id: 'S3', factor: 1.1, placement: 30 }],
    pay: { average: 85_000, minimum: 60_000 },
  },
  {
    // PUBLISHED: SEIU 99 average pay about $25,000 a year and previous entry rate $16.91/hour
    // (lausd_settlement_terms.json seiu99_2023; SEIU Local 99 via K-12 Dive). Job-class pay
    // relative to the entry class and five 4% steps: ASSUMPTIONS.
    unit: 'SEIU99', id: 'classified', basis: 'hourly', stepIncreasePct: 4, stepPlacement: [15, 15, 15, 15, 40],
    lanes: [
      { id: 'aide', factor: 1 }, { id: 'food-service', factor: 1.02 }, { id: 'special-education-assistant', factor: 1.08 },
      { id: 'office', factor: 1.1 }, { id: 'custodian', factor: 1.12 }, { id: 'gardener', factor: 1.15 }, { id: 'bus-driver', factor: 1.25 },
    ],
    pay: { average: 25_000, minimum: 16.91 },
  },
  {
    // ASSUMPTION: administrators average $125,000, from $95,000 (A1 assistant principal, A2 principal, A3 central office).
    unit: 'OTHER', id: 'administrators', basis: 'annual', stepIncreasePct: 3.5, stepPlacement: [15, 15, 15, 15, 40],
    lanes: [{ id: 'A1', factor: 1 }, { id: 'A2', factor: 1.12 }, { id: 'A3', factor: 1.25 }],
    pay: { average: 125_000, minimum: 95_000 },
  },
];

// ---- District parameters ---------------------------------------------------------------------
const CALSTRS = [16.28, 17.1, 16.2, 16.9, 19.1, 19.1, 19.1]; // PUBLISHED: ca_school_pension_employer_rates.csv, 2018-19 … 2024-25 (2024-25 a projection)
const CALPERS = [18.06, 19.72, 20.7, 22.9, 25.37, 26.68, 27.1]; // PUBLISHED: same table, CalPERS Schools Pool
const PENSION_REFS = [LAO(321), LAO(349), LAO(437), LAO(595), LAO(831), LAO(890), LAO(931)];
// ASSUMPTION: unemployment insurance 0.05% + workers' compensation ~1.5% of pay.
const OTHER_STATUTORY = since('Other statutory (unemployment insurance 0.05 + workers\' compensation ~1.5)', 'percent', 1.55, [ASSUMPTION('SUI 0.05% and workers\' compensation about 1.5% of payroll')]);
const MEDICARE = since('Medicare (employer)', 'percent', 1.45, [FEDERAL_FICA]);

const DISTRICT: GenerateSpec['district'] = {
  name: 'Los Angeles Unified School District (synthetic demo, 2018-19)',
  cdsCode: '19647330000000', // PUBLISHED: LAUSD's county-district code 19 64733
  baseFiscalYear: 2018,
  requiredReservePct: 1, // PUBLISHED rule: 1% minimum reserve for districts over 400,000 ADA (5 CCR 15443), cited by LACOE
  sources: [
    FINGERTIP, LABOR_UPDATE, LATIMES_DEAL, CBS_STRIKE, SEIU_2023,
    ASSUMPTION('schools, enrollment by school, staff placements and salary schedules are synthetic; 500,000 district-run students; average teacher salary $75,000 (LAUSD salary table 2018-19 range ~$50,000–$91,000)'),
  ],
  parameters: {
    statutory: {
      certificated: { pension: byYear('CalSTRS employer rate', 'percent', CALSTRS, PENSION_REFS), medicare: MEDICARE, other: OTHER_STATUTORY },
      classified: {
        pension: byYear('CalPERS Schools Pool employer rate', 'percent', CALPERS, [...PENSION_REFS, CALPERS_CL]),
        socialSecurity: since('Social Security (employer)', 'percent', 6.2, [FEDERAL_FICA]),
        medicare: MEDICARE,
        other: OTHER_STATUTORY,
      },
    },
    // Statutory COLA as enacted in the state budgets (recalled, not in the shared published figures: verify):
    // 2018-19 3.70, 2019-20 3.26, 2020-21 0 (2.31 not funded), 2021-22 5.07 (compounded), 2022-23 6.56, 2023-24 8.22, 2024-25 1.07.
    cola: byYear('Statutory COLA (LCFF)', 'percent', [3.7, 3.26, 0, 5.07, 6.56, 8.22, 1.07], [{ title: 'California state budget acts, LCFF statutory COLA (as recalled; verify against CDE funding rates)', href: 'https://www.cde.ca.gov/fg/aa/pa/' }]),
    enrollmentTrend: since('Enrollment change per year', 'percent', -2, [ASSUMPTION('LAUSD enrollment declining about 2% a year')]),
    columnDrift: {
      certificated: since('Column drift (certificated)', 'percent', 0.5, [ASSUMPTION('column movement adds 0.5% a year')]),
      classified: since('Column drift (classified)', 'percent', 0.3, [ASSUMPTION('longevity adds 0.3% a year')]),
    },
    healthPerEmployee: since('Health and welfare per eligible employee', 'usd', 15_000, [ASSUMPTION('about $15,000 per employee per year')]),
    // ASSUMPTION: classified staff eligible from 6 hours a day (the 2023 SEIU 99 settlement extended it to 4+ hours from 2024).
    healthEligibleMinHours: { certificated: 0, classified: 6 },
    newHirePlacement: {}, // derived by the generator: each role's lowest lane at step 1
    classSize: {
      // Current contract (UTLA Art. XVIII as reported in 2019): grades 4-6 maximum 36, high school 42. K-3 average 24 (LCFF K-3 target; assumption).
      spans: [{ grades: ['K', '1', '2', '3'], measure: 'average', cap: 24 }, { grades: ['4', '5', '6'], measure: 'maximum', cap: 36 }, { grades: ['7', '8', '9', '10', '11', '12'], measure: 'maximum', cap: 42 }],
      reference: [LATIMES_DEAL, { title: 'settle PRODUCT.md reference case: grade 4–6 maximum 36, high school 42' }, ASSUMPTION('K-3 average 24; grades 7-8 take the secondary maximum 42')],
    },
    secondaryPeriodsPerStudent: since('Periods a secondary student takes', 'count', 6, [ASSUMPTION('six-period day')]),
    sectionsPerTeacher: since('Sections a secondary teacher teaches', 'count', 5, [ASSUMPTION('five of six periods')]),
    // ASSUMPTION ≈ $12,700: on strike days 4–5 LAUSD reported losing ~$28 million a day with ~86,000 students
    // attending, against ~475,000 on a normal day (95% of 500,000): $28M ÷ ~390,000 ≈ $72 a day × 180 days ≈ $12,900.
    revenuePerAda: since('Revenue per ADA', 'usd', 12_700, [CBS_STRIKE, ASSUMPTION('implied by the district-reported daily strike losses')]),
    instructionalDays: since('Instructional days', 'days', 180, [{ title: 'California Education Code 46200: 180 days of instruction' }]),
    normalAttendanceRate: since('Normal attendance rate', 'percent', 95, [ASSUMPTION('95% of enrolled students attend on a normal day')]),
  },
};

/** The LAUSD 2018-19 demo spec. `scale` multiplies schools, students, staff and budget (10 for benchmarks). */
export function lausdSpec(opts: { scale?: number; seed?: number } = {}): GenerateSpec {
  return structuredClone({
    seed: opts.seed ?? 20190114, // the first strike day
    scale: opts.scale ?? 1,
    district: DISTRICT,
    schools: SCHOOLS,
    students: lausdStudents(),
    highNeedShare: 90 / 739, // PUBLISHED: the 2019 deal names 90 high-needs schools (lausd_settlement_terms.json), of our 739 K-12 schools
    location: { south: 33.7, north: 34.34, west: -118.67, east: -118.15 }, // ASSUMPTION: LAUSD's rough bounding box
    hiring: { newHireShare: 0.03, topStepExtraYears: 12 }, // ASSUMPTION: 3% hired this year; top-step staff up to 12 more years of service
    units: [
      { id: 'UTLA', name: 'Teachers and certificated support staff', kind: 'certificated', union: 'United Teachers Los Angeles' },
      { id: 'SEIU99', name: 'Classified support staff', kind: 'classified', union: 'SEIU Local 99' },
      { id: 'OTHER', name: 'Administrators and other units', kind: 'certificated', union: 'AALA and others' },
    ],
    schedules: SCHEDULES,
    staff: STAFF,
    budget: {
      beginningBalance: 1_800_000_000, // the $1.8 billion reserve UTLA pointed at (PRODUCT.md reference case)
      committed: 0,
      // PUBLISHED: Labor Update 2019-01-02 projection for 2018-19 … 2022-23, in $ millions (printed as $ billions:
      // revenues 7.4, 7.3, 7.2, 7.2, 7.2; costs 7.9, 7.7, 7.7, 8.0, 8.0).
      years: Object.fromEntries([[7_400, 7_900], [7_300, 7_700], [7_200, 7_700], [7_200, 8_000], [7_200, 8_000]].map(([r, c], i) => [
        `${2018 + i}-${19 + i}`, { revenues: r * 1e6, expenditures: c * 1e6 }])),
    },
  });
}
