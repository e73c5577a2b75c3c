/**
 * The LAUSD 2022-23 demo against the published figures it is calibrated to
 * (src/district/demo/lausd-2022-23.ts cites each one).
 */
import { describe, expect, it } from 'vitest';
import { valueAt } from '../parameters.ts';
import { generateDistrict } from '../generate/generate.ts';
import { payBy } from '../generate/schedules.ts';
import { project } from '../../projection/project.ts';
import { lausd2022Spec } from './lausd-2022-23.ts';

const ds = generateDistrict(lausd2022Spec());
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
const B = 1e9 * 100; // a billion dollars in cents

describe('the LAUSD 2022-23 demo', () => {
  it('has the year\'s students, teachers and units', () => {
    // About 420,000 K-12 students in district schools (Daily News 2023-03-24; NCES CCD 419,929).
    expect(sum(ds.enrollment.map((e) => e.students))).toBe(420_000);
    // 24,769 teachers (Fingertip Facts 2022-23): teacher, special-education, early- and adult-education teacher rows.
    const teachers = ds.staff.filter((s) => /teacher$/.test(s.role) && s.unit === 'UTLA');
    expect(sum(teachers.map((s) => s.count))).toBe(24_769);
    // SEIU Local 99 "close to 30,000".
    expect(sum(ds.staff.filter((s) => s.unit === 'SEIU99').map((s) => s.count))).toBe(30_000);
    expect(ds.district.baseFiscalYear).toBe(2022);
  });

  it('pays on the year\'s schedules: teachers $46,587 to $92,389 (J-90), classified from $16.91 averaging $25,000', () => {
    const teacherCells = ds.schedules.filter((c) => c.schedule === 'teachers').map((c) => c.rate);
    expect(Math.min(...teacherCells)).toBe(46_587);
    expect(Math.max(...teacherCells)).toBe(92_389);
    const classified = ds.schedules.filter((c) => c.schedule === 'classified').map((c) => c.rate);
    expect(Math.min(...classified)).toBe(16.91);
    // Calibrated to within a dollar of $25,000 (hourly rates are rounded to cents).
    expect(Math.abs((payBy(ds, (r) => r.unit).get('SEIU99')?.averagePay ?? 0) - 25_000)).toBeLessThan(1);
  });

  it('has the year\'s statutory rates, health contribution and required reserve', () => {
    const p = ds.district.parameters;
    // CalSTRS 19.10% and CalPERS 25.37% in 2022-23; CalPERS 26.68% in 2023-24 (ca_school_pension_employer_rates.csv).
    expect(valueAt(p.statutory.certificated.pension, '2022-07-01')).toBe(19.1);
    expect(valueAt(p.statutory.classified.pension, '2022-07-01')).toBe(25.37);
    expect(valueAt(p.statutory.classified.pension, '2023-07-01')).toBe(26.68);
    // $15,306 per active employee (SEIU Local 99, 2023 plan year).
    expect(valueAt(p.healthPerEmployee, '2022-07-01')).toBe(15_306);
    // ADA 383,660 is in the 30,001–400,000 band: 2% (5 CCR 15443).
    expect(ds.district.requiredReservePct).toBe(2);
  });

  it('ends 2022-23 with the first interim\'s $4.93B, and counts the unrestricted balance as reserve', () => {
    const p = project({ dataset: ds, years: [2022, 2023, 2024], costCents: () => 0, agreementFy: 2022 });
    // 5.241 + 12.289 − 12.6 = 4.93 billion (NBC4: $4.93B at the first interim).
    expect(p.years[0].endingBalanceCents).toBe(4.93 * B);
    // Not available: restricted $1.75B + non-spendable $43M = $1.793B. Available 4.93 − 1.793 = 3.137 billion:
    // committed 2.33 + assigned 0.427 + reserve for economic uncertainties 0.239 + unassigned 0.14 = 3.136,
    // and $1M of rounding (NBC4's six parts add to 4.929 of the 4.93).
    expect(p.years[0].endingBalanceCents - p.years[0].committedCents).toBe(3_137_000_000 * 100);
    // 3.137 ÷ 12.6 = 24.897% → 24.90; counting only 0.239 + 0.14 = 0.379 would give 3.01%.
    expect(p.years[0].reservePct).toBe(24.9);
    // 2023-24: 4.93 + 12.9 − 13.2 = 4.63; 2024-25: 4.63 + 13.0 − 13.6 = 4.03 (ASSUMPTIONS).
    expect(p.years.map((y) => y.endingBalanceCents)).toEqual([4.93 * B, 4.63 * B, 4.03 * B]);
    expect(p.years.every((y) => !y.extrapolated && y.certified && y.meetsReserve)).toBe(true);
    expect(p.certification).toBe('positive');
    expect(p.certificationYears).toEqual(['2022-23', '2023-24', '2024-25']);
  });
});
