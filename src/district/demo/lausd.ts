import type { Reference } from '../parameters.ts';
import type { GenerateSpec } from '../generate/spec.ts';
import {
  ASSUMPTION, ED_CODE_46200, FINGERTIP, K12_SCHOOLS, LATIMES_DEAL, LOCATION, SCHOOLS, SEIU_2023, UNITS,
  colaFrom, lausdSchedules, lausdStaff, since as sinceYear, statutoryFrom, studentsBySpan,
} from './lausd-common.ts';

/**
 * The LAUSD 2018-19 demo: a synthetic district calibrated to published LAUSD totals. Every
 * figure is either PUBLISHED (with its source) or an ASSUMPTION (labelled as such). Schools,
 * enrollment by school and staff placements are random (seeded); only the totals are real.
 * What it shares with the 2022-23 demo is in lausd-common.ts.
 */

// ---- Sources -------------------------------------------------------------------------------
const LABOR_UPDATE: Reference = { title: 'LAUSD Labor Update, January 2, 2019: multi-year projection', href: 'https://docslib.org/doc/6727384/los-angeles-unified-school-district-labor-update-january-2' };
const CBS_STRIKE: Reference = { title: 'CBS Los Angeles, Jan 2019: "6-Day Teachers Strike Cost LAUSD $151 Million" (LAUSD daily attendance and losses)', href: 'https://www.cbsnews.com/losangeles/news/lausd-strike-costs-151-million/' };

const BASE = 2018;
const since = (label: string, unit: Parameters<typeof sinceYear>[2], value: number, reference: Reference[]) => sinceYear(BASE, label, unit, value, reference);

// ---- Enrollment: PUBLISHED grade spans, scaled to district-run schools ---------------------
/** ASSUMPTION: about 500,000 students in district-run schools (PRODUCT.md: 480,000–690,000 depending on what is counted). */
const DISTRICT_RUN_STUDENTS = 500_000;
// The spans' shares of 571,855 applied to 500,000, split exactly: K-3 162,930; 4-6 115,999; 7-8 75,466; 9-12 145,605.

// ---- Staff: counts are ASSUMPTIONS calibrated to published totals --------------------------
// UTLA ~31,000–35,000 members (PRODUCT.md); here 31,800. SEIU 99 "about 30,000"
// (lausd_settlement_terms.json seiu99_2023.members); here 30,000. OTHER (administrators and
// other units) is the rest of the ~63,600 employees: 1,800. Total 63,600.
const STAFF = lausdStaff({
  teacher: 25_400, // ~25,400 teachers (brief); 500,000 ÷ 25,400 ≈ 19.7 students each
  specialEducationTeacher: 2_790,
  earlyEducationTeacher: 600,
  adultEducationTeacher: 500,
  librarian: 100, // ~100 (brief); the 2019 deal added 82, "one per secondary school"
  nurse: 400, // ~400 (brief); the union asked for one at every school
  counselor: 1_000, // ~1,000 (brief)
  psychologist: 500, // ~500 (brief)
  psychiatricSocialWorker: 300,
});

// ---- Salary schedules: pay targets -----------------------------------------------------------
const SCHEDULES = lausdSchedules({
  // ASSUMPTION: average teacher salary $75,000; lowest cell $50,000 (LAUSD salary table 2018-19 range ~$50,000–$91,000; assumption).
  teachers: { average: 75_000, minimum: 50_000 },
  // ASSUMPTION: nurses, counselors, psychologists and social workers average $85,000, from $60,000.
  support: { average: 85_000, minimum: 60_000 },
  // PUBLISHED: SEIU 99 average pay about $25,000 a year and previous entry rate $16.91/hour
  // (lausd_settlement_terms.json seiu99_2023; SEIU Local 99 via K-12 Dive). Job-class pay
  // relative to the entry class and five 4% steps: ASSUMPTIONS.
  classified: { average: 25_000, minimum: 16.91 },
  // ASSUMPTION: administrators average $125,000, from $95,000.
  administrators: { average: 125_000, minimum: 95_000 },
});

// ---- District parameters ---------------------------------------------------------------------
const DISTRICT: GenerateSpec['district'] = {
  name: 'Los Angeles Unified School District (synthetic demo, 2018-19)',
  cdsCode: '19647330000000', // PUBLISHED: LAUSD's county-district code 19 64733
  baseFiscalYear: BASE,
  requiredReservePct: 1, // PUBLISHED rule: 1% minimum reserve for districts over 400,000 ADA (5 CCR 15443), cited by LACOE
  sources: [
    FINGERTIP, LABOR_UPDATE, LATIMES_DEAL, CBS_STRIKE, SEIU_2023,
    ASSUMPTION('schools, enrollment by school, staff placements and salary schedules are synthetic; 500,000 district-run students; average teacher salary $75,000 (LAUSD salary table 2018-19 range ~$50,000–$91,000)'),
  ],
  parameters: {
    statutory: statutoryFrom(BASE),
    cola: colaFrom(BASE),
    enrollmentTrend: since('Enrollment change per year', 'percent', -2, [ASSUMPTION('LAUSD enrollment declining about 2% a year')]),
    columnDrift: {
      certificated: since('Column drift (certificated)', 'percent', 0.5, [ASSUMPTION('column movement adds 0.5% a year')]),
      classified: since('Column drift (classified)', 'percent', 0.3, [ASSUMPTION('longevity adds 0.3% a year')]),
    },
    healthPerEmployee: since('Health and welfare per eligible employee', 'usd', 15_000, [ASSUMPTION('about $15,000 per employee per year')]),
    // ASSUMPTION: classified staff eligible from 6 hours a day (the 2023 SEIU 99 settlement extended it to 4+ hours from 2024).
    healthEligibleMinHours: { certificated: 0, classified: 6 },
    newHirePlacement: {}, // derived by the generator: each role's lowest lane at step 1
    // The published 2019 costings (the fact-finder's, the district's multi-year budget) hold the
    // workforce as it stands, so the demo does too; `settle import district` sets 8% (docs/costing.md).
    attrition: {},
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
    instructionalDays: since('Instructional days', 'days', 180, [ED_CODE_46200]),
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
    students: studentsBySpan(DISTRICT_RUN_STUDENTS),
    highNeedShare: 90 / K12_SCHOOLS, // PUBLISHED: the 2019 deal names 90 high-needs schools (lausd_settlement_terms.json), of our 739 K-12 schools
    location: LOCATION,
    hiring: { newHireShare: 0.03, topStepExtraYears: 12 }, // ASSUMPTION: 3% hired this year; top-step staff up to 12 more years of service
    units: UNITS,
    schedules: SCHEDULES,
    staff: STAFF,
    budget: {
      beginningBalance: 1_800_000_000, // the $1.8 billion reserve UTLA pointed at (PRODUCT.md reference case)
      committed: 0,
      // PUBLISHED: Labor Update 2019-01-02 projection for 2018-19 … 2022-23, in $ millions (printed as $ billions:
      // revenues 7.4, 7.3, 7.2, 7.2, 7.2; costs 7.9, 7.7, 7.7, 8.0, 8.0).
      years: Object.fromEntries([[7_400, 7_900], [7_300, 7_700], [7_200, 7_700], [7_200, 8_000], [7_200, 8_000]].map(([r, c], i) => [
        `${BASE + i}-${19 + i}`, { revenues: r * 1e6, expenditures: c * 1e6 }])),
    },
  });
}
