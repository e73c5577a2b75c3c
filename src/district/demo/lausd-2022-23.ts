import type { Reference } from '../parameters.ts';
import type { GenerateSpec } from '../generate/spec.ts';
import {
  ASSUMPTION, ED_CODE_46200, K12_SCHOOLS, LATIMES_DEAL, LOCATION, SCHOOLS, SEIU_2023, UNITS,
  colaFrom, lausdSchedules, lausdStaff, since as sinceYear, statutoryFrom, studentsBySpan,
} from './lausd-common.ts';

/**
 * The LAUSD 2022-23 demo: the year of the SEIU Local 99 (March 2023) and UTLA (April 2023)
 * agreements. A synthetic district calibrated to published 2022-23 totals; every figure is
 * PUBLISHED (with its source) or an ASSUMPTION (labelled, with its value and why). Schools,
 * enrollment by school and staff placements are random (seeded); only the totals are real.
 *
 * The reserve test counts the general fund's unrestricted balance: the ending balance less
 * what is restricted or non-spendable (`committed` below, $1.793B). So the balances the board
 * has committed or assigned ($2.33B + $427M) count, with the reserve for economic
 * uncertainties ($239M) and the unassigned balance ($140M), as they did when LAUSD certified
 * positive in 2022-23: its board can release them, and its multi-year projection spends them
 * down. Counting only the reserve for economic uncertainties and the unassigned balance
 * ($379M, 3.0% of $12.6B) would read a district that certified positive as short as soon as
 * its planned deficits are counted.
 */

// ---- Sources -------------------------------------------------------------------------------
const WIKIPEDIA: Reference = { title: 'Wikipedia, "Los Angeles Unified School District" (citing LAUSD Fingertip Facts 2022-23): 565,479 students incl. 11,795 early-childhood and 27,740 adult; 24,769 teachers; 2022-23 general fund budget $12.6B', href: 'https://en.wikipedia.org/wiki/Los_Angeles_Unified_School_District' };
const DAILY_NEWS: Reference = { title: 'Daily News, 2023-03-24: the strike "disrupted learning for 420,000 students"', href: 'https://www.dailynews.com/2023/03/24/school-community-rejoices-as-lausd-and-union-leaders-reach-deal/' };
const NCES_CCD: Reference = { title: 'NCES Common Core of Data 2023-24, Los Angeles Unified (0622710): 419,929 students, 21,730 teacher FTE' };
const CDE_CE: Reference = { title: 'CDE, Current Expense of Education 2022-23, Los Angeles Unified (1964733): ADA 383,659.84; current expense $9,214,333,548', href: 'https://www.cde.ca.gov/ds/fd/ec/' };
const J90: Reference = { title: 'CDE Form J-90 2020-21, Los Angeles Unified (cds 1964733): teacher schedule $46,587 lowest, $92,389 highest (10 steps, 16 columns, 180 days); average principal salary $124,878 elementary, $136,594 middle, $138,948 high', href: 'https://www.cde.ca.gov/ds/fd/cs/' };
const NBC4_RESERVE: Reference = { title: 'NBC4 Los Angeles, 2023-03-22: 2022-23 general fund ending balance $4.9B: non-spendable $43M, restricted $1.75B, committed $2.33B, assigned $427M, reserve for economic uncertainty $239M, unassigned $140M', href: 'https://www.nbclosangeles.com/investigations/there-are-billions-of-dollars-in-the-lausd-reserve-fund-so-why-cant-it-be-used-to-solve-the-strike/3120642/' };
const LATIMES_INTERIM: Reference = { title: 'Los Angeles Times, 2023-03-28: second interim (2023-03-27) ending balance $5.12B; positive certification for three years "even when anticipated contract settlements … are factored in"' };
const CCR_15443: Reference = { title: 'California Code of Regulations, title 5, §15443: minimum reserve 2% of expenditures for districts of 30,001–400,000 ADA (1% above 400,000)' };
const SEIU_HEALTH: Reference = { title: 'SEIU Local 99, 2022-07-25: LAUSD health contribution $15,306 per active employee (2023 plan year)', href: 'https://www.seiu99.org/' };
const LAIST_PAY: Reference = { title: 'LAist, 2023-03-28: SEIU Local 99 average pay $25,000, to $33,000 with the agreement', href: 'https://laist.com/news/education/lausd-support-staff-union-sets-dates-to-vote-on-proposed-deal' };
const LAIST_TEACHERS: Reference = { title: 'LAist, 2023-05-08: average teacher salary about $106,000 by July 2025 (after the 2023 agreement\'s 21%)' };
const UTLA_2019: Reference = { title: 'LAUSD–UTLA agreement of 2019-01-22 (lausd_settlement_terms.json utla_2019): 300 nurses, 82 librarians and 77 counselors added by 2021-22; grades 4-12 caps 4 lower by 2021-22', href: 'https://www.latimes.com/local/education/la-me-edu-lausd-strike-deal-details-20190122-story.html' };
const LAUSD_MYP: Reference = { title: 'LAUSD Budget Resource Guide, "Multi-Year Projection": the general fund MYP covers the current year and two subsequent years and is submitted to LACOE with the adopted budget', href: 'https://ca01000043.schoolwires.net/Page/20287' };

const BASE = 2022;
const since = (label: string, unit: Parameters<typeof sinceYear>[2], value: number, reference: Reference[]) => sinceYear(BASE, label, unit, value, reference);

// ---- Enrollment ------------------------------------------------------------------------------
/**
 * PUBLISHED: about 420,000 K-12 students in district schools in 2022-23 (Daily News; NCES CCD
 * 2023-24 counts 419,929). Of Fingertip Facts' 565,479, 11,795 are early-childhood and 27,740
 * adult students; the rest include independent charters, which are not district-run.
 * ASSUMPTION: split over grade spans in the 2018-19 Fingertip Facts shares (K-3 136,861;
 * 4-6 97,439; 7-8 63,391; 9-12 122,309).
 */
const DISTRICT_RUN_STUDENTS = 420_000;

// ---- Staff ----------------------------------------------------------------------------------
// PUBLISHED: 24,769 teachers (Fingertip Facts 2022-23 via Wikipedia). The teacher-type roles
// add up to it: 21,159 + 2,300 + 210 + 600 + 500 = 24,769 (the split between them is an
// ASSUMPTION, as in 2018-19 with fewer special-education teachers at regular schools).
// Certificated support staff: 2018-19's counts plus what the 2019 agreement added by 2021-22
// (PUBLISHED: 300 nurses, 82 librarians, 77 counselors). UTLA here 27,528 positions of its
// "nearly 35,000" members (AP, 2023; members include substitutes and others not modeled).
const STAFF = lausdStaff({
  teacher: 21_159,
  specialEducationTeacher: 2_300,
  earlyEducationTeacher: 600,
  adultEducationTeacher: 500,
  librarian: 182, // 100 + 82
  nurse: 700, // 400 + 300
  counselor: 1_077, // 1,000 + 77
  psychologist: 500, // ASSUMPTION, as 2018-19
  psychiatricSocialWorker: 300, // ASSUMPTION, as 2018-19
});

// ---- Salary schedules: pay targets -----------------------------------------------------------
const SCHEDULES = lausdSchedules({
  // PUBLISHED: lowest cell $46,587 and highest $92,389 (J-90 2020-21; no UTLA raise took effect
  // between July 2020 and the 2023 agreement's first step in July 2022, so 2022-23 starts from
  // the 2020-21 schedule: ASSUMPTION). With ten 3% steps and six columns, an average of $74,750
  // (ASSUMPTION) is what puts the top cell at J-90's highest, $92,389. LAist's "about $106,000 by
  // July 2025" ÷ the agreement's 1.2298 compounded is $86,193: that figure includes pay off the
  // schedule (stipends, differentials) that the demo does not model.
  teachers: { average: 74_750, minimum: 46_587 },
  // ASSUMPTION: support services average $95,000, from $56,000 (2018-19's $85,000 / $60,000 moved like teachers' pay).
  support: { average: 95_000, minimum: 56_000 },
  // PUBLISHED: SEIU 99 average pay $25,000 (LAist 2023-03-28) and entry rate $16.91/hour before
  // the 2023 agreement (K-12 Dive). Job-class pay and steps: ASSUMPTIONS (lausd-common.ts).
  classified: { average: 25_000, minimum: 16.91 },
  // ASSUMPTION: administrators average $130,000, from $100,000 (J-90 2020-21 average principal $124,878–$138,948).
  administrators: { average: 130_000, minimum: 100_000 },
});

// ---- Budget: the general fund, current year and two after (the multi-year projection) ---------
// PUBLISHED: 2022-23 general fund budget $12.6B (Wikipedia); 2022-23 ending balance $4.93B at
// the first interim (NBC4), of which restricted $1.75B and non-spendable $43M are not available.
// ASSUMPTIONS (the adopted budget's multi-year projection was not found in public material):
//   2022-23 revenues $12.289B, LAUSD's latest published actual total revenue (F-33 FY2022);
//   so the beginning balance is $4.93B + $12.6B − $12.289B = $5.241B;
//   2023-24 revenues $12.9B and expenditures $13.2B, 2024-25 $13.0B and $13.6B: revenues grow with
//   the 8.22% COLA while one-time federal relief (ESSER III, to be spent by September 2024)
//   ends; expenditures grow with step, column, pensions and health, with no raises beyond
//   contracts in force. Ending balances $4.93B, $4.63B, $4.03B; available $3.137B, $2.837B, $2.237B.
const BUDGET: GenerateSpec['budget'] = {
  beginningBalance: 5_241_000_000,
  committed: 1_793_000_000, // restricted $1.75B + non-spendable $43M (NBC4): not available as reserve
  years: {
    '2022-23': { revenues: 12_289_000_000, expenditures: 12_600_000_000 },
    '2023-24': { revenues: 12_900_000_000, expenditures: 13_200_000_000 },
    '2024-25': { revenues: 13_000_000_000, expenditures: 13_600_000_000 },
  },
};

// ---- District parameters ---------------------------------------------------------------------
const DISTRICT: GenerateSpec['district'] = {
  name: 'Los Angeles Unified School District (synthetic demo, 2022-23)',
  cdsCode: '19647330000000', // PUBLISHED: LAUSD's county-district code 19 64733
  baseFiscalYear: BASE,
  // PUBLISHED rule: 2% for 30,001–400,000 ADA (5 CCR 15443); LAUSD's 2022-23 ADA was 383,659.84 (CDE).
  requiredReservePct: 2,
  sources: [
    WIKIPEDIA, DAILY_NEWS, NCES_CCD, CDE_CE, J90, NBC4_RESERVE, LATIMES_INTERIM, CCR_15443, SEIU_HEALTH, LAIST_PAY, LAIST_TEACHERS, UTLA_2019, SEIU_2023, LAUSD_MYP,
    ASSUMPTION('schools, enrollment by school, staff placements and salary schedules are synthetic; 420,000 district-run K-12 students; average teacher salary $84,000; the 2023-24 and 2024-25 budget years are assumed (see lausd-2022-23.ts)'),
    ASSUMPTION('the reserve test counts the unrestricted general fund balance (committed, assigned, reserve for economic uncertainties and unassigned); restricted and non-spendable balances ($1.793B) are not available'),
  ],
  parameters: {
    statutory: statutoryFrom(BASE), // CalSTRS 19.10% and CalPERS 25.37% in 2022-23 (ca_school_pension_employer_rates.csv)
    cola: colaFrom(BASE),
    // ASSUMPTION: enrollment declining about 2% a year, as in 2018-19 (NCES CCD 435,958 in FY2022 to 419,929 in 2023-24 is −1.9% a year).
    enrollmentTrend: since('Enrollment change per year', 'percent', -2, [NCES_CCD, ASSUMPTION('LAUSD enrollment declining about 2% a year')]),
    columnDrift: {
      certificated: since('Column drift (certificated)', 'percent', 0.5, [ASSUMPTION('column movement adds 0.5% a year')]),
      classified: since('Column drift (classified)', 'percent', 0.3, [ASSUMPTION('longevity adds 0.3% a year')]),
    },
    healthPerEmployee: since('Health and welfare per eligible employee', 'usd', 15_306, [SEIU_HEALTH]),
    // PUBLISHED by its change: the 2023 SEIU 99 agreement extended health benefits to part-time staff
    // at 4+ hours a day, so before it the threshold was higher; 6 hours is an ASSUMPTION.
    healthEligibleMinHours: { certificated: 0, classified: 6 },
    newHirePlacement: {}, // derived by the generator: each role's lowest lane at step 1
    // As the 2019 demo: the workforce as it stands (docs/costing.md, "A workforce that changes").
    attrition: {},
    classSize: {
      // The 2019 agreement's caps by 2021-22 (grades 4-12 four lower): grades 4-6 maximum 32, 7-12 maximum 38. K-3 average 24 (assumption).
      spans: [{ grades: ['K', '1', '2', '3'], measure: 'average', cap: 24 }, { grades: ['4', '5', '6'], measure: 'maximum', cap: 32 }, { grades: ['7', '8', '9', '10', '11', '12'], measure: 'maximum', cap: 38 }],
      reference: [UTLA_2019, LATIMES_DEAL, ASSUMPTION('K-3 average 24; grades 7-8 take the secondary maximum; the 2019 reductions applied as 4 fewer from 36 and 42')],
    },
    secondaryPeriodsPerStudent: since('Periods a secondary student takes', 'count', 6, [ASSUMPTION('six-period day')]),
    sectionsPerTeacher: since('Sections a secondary teacher teaches', 'count', 5, [ASSUMPTION('five of six periods')]),
    // ASSUMPTION ≈ $14,400: an average LCFF base grant of about $10,500 per ADA in 2022-23 with LAUSD's
    // supplemental (20% × 86% unduplicated) and concentration (65% × 31 points above 55%) grants:
    // 10,500 × (1 + 0.172 + 0.2015) = $14,422 (unduplicated share from the CDE finance indicators).
    revenuePerAda: since('Revenue per ADA', 'usd', 14_400, [ASSUMPTION('LCFF base grant with supplemental and concentration grants, about $14,400 per ADA')]),
    instructionalDays: since('Instructional days', 'days', 180, [ED_CODE_46200]),
    // PUBLISHED-derived: ADA 383,659.84 (CDE) ÷ about 420,000 enrolled = 91.3%.
    normalAttendanceRate: since('Normal attendance rate', 'percent', 91, [CDE_CE, DAILY_NEWS]),
  },
};

/** The LAUSD 2022-23 demo spec. `scale` multiplies schools, students, staff and budget (10 for benchmarks). */
export function lausd2022Spec(opts: { scale?: number; seed?: number } = {}): GenerateSpec {
  return structuredClone({
    seed: opts.seed ?? 20230321, // the first day of the SEIU Local 99 strike
    scale: opts.scale ?? 1,
    district: DISTRICT,
    schools: SCHOOLS, // ASSUMPTION: the same sites as the 2018-19 demo
    students: studentsBySpan(DISTRICT_RUN_STUDENTS),
    // ASSUMPTION: the 2023 UTLA agreement's "100 district-identified schools" (utla.net) as high-need, of our 739 K-12 schools.
    highNeedShare: 100 / K12_SCHOOLS,
    location: LOCATION,
    hiring: { newHireShare: 0.03, topStepExtraYears: 12 }, // ASSUMPTION: 3% hired this year; top-step staff up to 12 more years of service
    units: UNITS,
    schedules: SCHEDULES,
    staff: STAFF,
    budget: BUDGET,
  });
}
