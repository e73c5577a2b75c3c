import { fyLabel } from '../../calendar/fiscal-year.ts';
import { InvalidInput } from '../../errors/problem.ts';
import { colaFrom, statutoryFrom } from '../demo/lausd-common.ts';
import type { DatedParameter, Reference } from '../parameters.ts';
import type { GenerateSpec, ScheduleSpec, StaffSpec } from '../generate/spec.ts';
import type { Enrollment, School, SchoolType } from '../types.ts';
import { apportion } from '../generate/random.ts';
import { readWide, type TextFile, type WideRow } from './cde-enrollment.ts';

/**
 * A whole district from California's statewide public files: the generator spec that builds
 * its staff, salary schedules, units, benefits and budget around its imported schools, with
 * every figure labelled by the file and field it came from or the assumption (stated, with its
 * value) that filled a gap. Pure: the command line reads the files and writes the dataset.
 *
 * The files (docs/dataset.md, "Any California district"):
 * - J-90: CDE certificated salary survey 2020-21 (`tsal121`): schedule range, steps, work days, health caps.
 * - CCD: NCES Common Core of Data 2023-24: enrollment and teacher FTE.
 * - CE: CDE current expense of education 2022-23 to 2024-25: ADA and General Fund current expense.
 * - F-33: NCES finance survey FY2022 (with the CDS code): all-funds revenue and current spending, shown for comparison.
 */
export interface StatewideFiles { j90: TextFile; ccd: TextFile; currentExpense: TextFile; finance: TextFile }

/** One labelled figure of the imported district. */
export interface Provenance {
  /** What the figure is, as a reader would say it. */
  what: string;
  /** The value as written in the dataset. */
  value: string;
  /** `file: field` of a public file, or the assumption and why. */
  from: string;
  kind: 'public' | 'assumption' | 'derived';
}

export interface StatewideImport {
  spec: GenerateSpec;
  provenance: Provenance[];
  /** Files that have no row for this district (their figures were filled by stated assumptions). */
  missing: string[];
  /** Public figures shown beside the imported totals. */
  compare: { what: string; value: number; from: string }[];
}

/** The dataset's base year: the first year of the current-expense actuals. */
export const BASE_YEAR = 2022;
const FY = (y: number) => fyLabel(y);

/** A CCD or F-33 NCES id without its leading zero, as the CCD extract writes it. */
const ncesKey = (id: string) => String(Number(id));

/** Minimum reserve for economic uncertainties by ADA, 5 CCR 15443 (the state's criteria and standards). */
export function requiredReserve(ada: number): { pct: number; band: string } {
  if (ada <= 300) return { pct: 5, band: 'ADA of 300 or less' };
  if (ada <= 1_000) return { pct: 4, band: 'ADA of 301 to 1,000' };
  if (ada <= 30_000) return { pct: 3, band: 'ADA of 1,001 to 30,000' };
  if (ada <= 400_000) return { pct: 2, band: 'ADA of 30,001 to 400,000' };
  return { pct: 1, band: 'ADA over 400,000' };
}

const RESERVE_RULE: Reference = { title: 'California Code of Regulations, title 5, section 15443: minimum reserve for economic uncertainties by ADA' };

/** Assumptions where no public file has the figure. Each is written into the provenance with its value. */
export const ASSUMED = {
  /** Columns of the teachers' schedule and the top column's pay relative to the first. */
  columns: 5,
  topColumnFactor: 1.2,
  /** Share of teachers on the top step (long service); the rest spread evenly over the other steps. */
  topStepShare: 0.5,
  /** Classified positions per teacher position (the LAUSD 2018-19 demo's 30,000 classified to 31,800 certificated). */
  classifiedPerTeacher: 0.94,
  /** Classified entry rate (LAUSD's entry rate before the 2023 agreement) and average annual pay, dollars. */
  classifiedMinimumRate: 16.91,
  classifiedAveragePay: 32_000,
  /** Beginning balance as a share of the first year's current expense. */
  beginningBalanceShare: 0.1,
  healthPerEmployee: 15_000,
  teacherDays: 180,
  columnDrift: { certificated: 0.5, classified: 0.3 },
  /**
   * Share of each unit who leave in a year, percent. Teachers: about 8% of teachers leave the
   * profession each year (Carver-Thomas and Darling-Hammond, Teacher Turnover: Why It Matters and
   * What We Can Do About It, Learning Policy Institute, 2017); no public file gives a figure for
   * classified staff, so theirs is assumed the same.
   */
  attrition: { teachers: 8, classified: 8 },
} as const;

const LPI_TURNOVER: Reference = {
  title: 'Carver-Thomas, D. and Darling-Hammond, L., Teacher Turnover: Why It Matters and What We Can Do About It, Learning Policy Institute (2017): about 8% of teachers leave the profession each year',
  href: 'https://learningpolicyinstitute.org/product/teacher-turnover-report',
};

/** J-90 numbers that mean "not reported". */
const reported = (x: number) => Number.isFinite(x) && x > 0;

function num(row: WideRow | undefined, column: string): number {
  if (!row) return NaN;
  const v = row.cells[column]?.trim() ?? '';
  return v === '' || v === '.' ? NaN : Number(v);
}

/** The district's seven-digit code from what a user typed: a code (19-64733, 1964733, the 14-digit CDS) or part of its name. */
export function findDistrict(query: string, ce: WideRow[]): { cds7: string; name: string } {
  const digits = query.replace(/[\s-]/g, '');
  const districts = ce.filter((r) => r.cells.record_type === 'district');
  const unique = new Map(districts.map((r) => [r.cells.cds7, r.cells.name]));
  if (/^\d{7}(0{7})?$/.test(digits)) {
    const cds7 = digits.slice(0, 7);
    const name = unique.get(cds7);
    if (name) return { cds7, name };
    throw new InvalidInput([{ code: 'import.unknown-district', message: `no school district with the code ${cds7.slice(0, 2)}-${cds7.slice(2)} in the current-expense file`, where: { field: '--cds' }, hint: '19-64733 (Los Angeles Unified), or a name such as "Oakland Unified"' }]);
  }
  const q = query.trim().toLowerCase();
  const exact = [...unique].filter(([, n]) => n.toLowerCase() === q);
  const partial = exact.length > 0 ? exact : [...unique].filter(([, n]) => n.toLowerCase().includes(q));
  if (partial.length === 1) return { cds7: partial[0][0], name: partial[0][1] };
  const shown = partial.slice(0, 8).map(([c, n]) => `${n} (${c.slice(0, 2)}-${c.slice(2)})`).join('; ');
  throw new InvalidInput([{
    code: partial.length === 0 ? 'import.unknown-district' : 'import.ambiguous-district',
    message: partial.length === 0 ? `no school district named like ${JSON.stringify(query)}` : `${partial.length} districts match ${JSON.stringify(query)}: ${shown}${partial.length > 8 ? '; …' : ''}`,
    where: { field: '--cds' }, hint: 'a county-district code such as 01-61259, or a whole name such as "Oakland Unified"',
  }]);
}

/** Reads the four files, keeping only the rows of one district (found by code or name). */
/** One district's rows of the statewide files. */
export interface DistrictRows { cds7: string; name: string; j90?: WideRow; ccd?: WideRow; ce: WideRow[]; finance?: WideRow }

export function readStatewide(files: StatewideFiles, query: string): DistrictRows {
  const ceAll = readWide({ source: files.currentExpense, required: ['record_type', 'cds7', 'name', 'fiscal_year', 'ada', 'ce_published_usd', 'nces_ids'], what: 'the CDE current expense of education file', keep: (c) => c.record_type === 'district' });
  const { cds7, name } = findDistrict(query, ceAll);
  const ce = ceAll.filter((r) => r.cells.cds7 === cds7);
  const nces = ce[0]?.cells.nces_ids.split(/[;|, ]+/)[0] ?? '';
  const j90 = readWide({ source: files.j90, required: ['cds', 'ts1_dname', 'ts1_minsal', 'ts1_maxsal', 'ts1_hstep', 'ts1_totfte', 'ts1_ndays', 'ts1_maxfam', 'ts1_maxsin'], what: 'the CDE J-90 salary survey (tsal121)', keep: (c) => c.cds === cds7 })[0];
  const ccd = nces === '' ? undefined : readWide({ source: files.ccd, required: ['district_id', 'district_name', 'enrollment', 'instructional_staff'], what: 'the NCES CCD district file', keep: (c) => c.district_id === ncesKey(nces) })[0];
  const finance = readWide({ source: files.finance, required: ['ncesid', 'state_leaid', 'rev_total_unadj', 'exp_cur_total'], what: 'the NCES F-33 finance file', keep: (c) => c.state_leaid === `CA-${cds7}` })[0];
  return { cds7, name, j90, ccd, ce, finance };
}

const dollars = (x: number) => `$${Math.round(x).toLocaleString('en-US')}`;
const count = (x: number) => Math.round(x).toLocaleString('en-US');

/**
 * The spec of one district. `schools` and `enrollment` come from the CDE directory import; the
 * rest from the statewide files, or from ASSUMED where a file has no figure (each labelled).
 */
export function statewideSpec({ rows: d, files, schools, enrollment, names }: {
  /** The district's rows (`readStatewide`); `files` are read again only for the statewide medians of a district J-90 lacks. */
  rows: DistrictRows; files: StatewideFiles; schools: School[]; enrollment: Enrollment[];
  /** How each file is named in the provenance (its file name). */
  names?: Partial<Record<keyof StatewideFiles, string>>;
}): StatewideImport {
  const n = (k: keyof StatewideFiles) => names?.[k] ?? files[k].file;
  const provenance: Provenance[] = [];
  const missing: string[] = [];
  const pub = (what: string, value: string, file: keyof StatewideFiles, field: string) => provenance.push({ what, value, from: `${n(file)}: ${field}`, kind: 'public' });
  const assume = (what: string, value: string, why: string) => provenance.push({ what, value, from: why, kind: 'assumption' });
  const derive = (what: string, value: string, how: string) => provenance.push({ what, value, from: how, kind: 'derived' });
  const ref = (title: string): Reference => ({ title });
  const fileRef = (k: keyof StatewideFiles, field: string) => ref(`${n(k)}, ${field}`);
  const assumption = (why: string) => ref(`Assumption: ${why}`);

  const code = `${d.cds7.slice(0, 2)}-${d.cds7.slice(2)}`;
  pub('District', `${d.name} (${code})`, 'currentExpense', 'name, cds7');
  if (!d.j90) missing.push(`${n('j90')} (the J-90 survey is voluntary: ${d.name} did not report in 2020-21)`);
  if (!d.ccd) missing.push(`${n('ccd')} (no CCD 2023-24 row for NCES id ${d.ce[0]?.cells.nces_ids ?? '?'})`);
  if (!d.finance) missing.push(`${n('finance')} (no F-33 FY2022 row for CA-${d.cds7})`);

  // ---- Students and ADA ------------------------------------------------------------------------
  // The school files count 2014-15 students; the dataset's year is 2022-23. Each school keeps its
  // share, and the total is the district's own 2023-24 enrollment (CCD), the nearest year published.
  const fileStudents = enrollment.reduce((s, e) => s + e.students, 0);
  const ccdStudents = num(d.ccd, 'enrollment');
  let scaled = enrollment;
  if (reported(ccdStudents) && fileStudents > 0) {
    const shares = apportion(Math.round(ccdStudents), enrollment.map((e) => e.students));
    scaled = enrollment.map((e, i) => ({ ...e, students: shares[i] }));
    derive('Students (K-12, district-run schools)', count(ccdStudents), `${n('ccd')}: enrollment, 2023-24, spread over the schools and grades in proportion to the CDE FRPM 2014-15 counts (${count(fileStudents)}) that settle import cde reads`);
  } else {
    derive('Students (K-12, district-run schools)', count(fileStudents), 'the CDE schools directory and FRPM 2014-15 files, by school (settle import cde); no CCD 2023-24 enrollment to bring them to a later year');
  }
  const students = scaled.reduce((s, e) => s + e.students, 0);
  const ceYear = (y: number) => d.ce.find((r) => r.cells.fiscal_year === FY(y));
  const ada = num(ceYear(BASE_YEAR), 'ada');
  if (!reported(ada)) {
    throw new InvalidInput([{ code: 'import.no-current-expense', message: `${d.name} has no ${FY(BASE_YEAR)} ADA in the current-expense file, so its budget cannot be built`, where: { file: files.currentExpense.file, field: 'ada' }, hint: 'a district with rows for 2022-23, 2023-24 and 2024-25' }]);
  }
  pub(`ADA ${FY(BASE_YEAR)}`, count(ada), 'currentExpense', `ada (${FY(BASE_YEAR)})`);

  // ---- Teachers ----------------------------------------------------------------------------------
  const j90Fte = num(d.j90, 'ts1_totfte');
  const ccdFte = num(d.ccd, 'instructional_staff');
  let teachers: number;
  if (reported(j90Fte)) {
    teachers = Math.round(j90Fte);
    pub('Teacher positions (certificated unit)', count(teachers), 'j90', 'ts1_totfte: teacher FTE on the salary schedule, 2020-21 (chosen: the people a schedule raise reaches)');
    if (reported(ccdFte)) derive('Teacher FTE in the CCD (not used)', count(ccdFte), `${n('ccd')}: instructional_staff, 2023-24: classroom teachers only, so it differs from J-90`);
  } else if (reported(ccdFte)) {
    teachers = Math.round(ccdFte);
    pub('Teacher positions (certificated unit)', count(teachers), 'ccd', 'instructional_staff: classroom teacher FTE, 2023-24 (J-90 has no row)');
  } else {
    throw new InvalidInput([{ code: 'import.no-teachers', message: `${d.name} has no teacher count in J-90 or the CCD`, where: { file: files.ccd.file, field: 'instructional_staff' }, hint: 'write your own spec: settle generate --print-spec' }]);
  }

  // ---- Teachers' salary schedule -----------------------------------------------------------------
  const stateMedian = (column: string) => {
    const all = readWide({ source: files.j90, required: ['cds', column], what: 'the CDE J-90 salary survey (tsal121)', keep: () => true }).map((r) => num(r, column)).filter(reported).sort((a, b) => a - b);
    return all[Math.floor(all.length / 2)];
  };
  const fromJ90 = (column: string, what: string, fallback: () => { value: number; why: string }, format: (x: number) => string, meaning: string) => {
    const v = num(d.j90, column);
    if (reported(v)) {
      pub(what, format(v), 'j90', `${column}: ${meaning}, 2020-21`);
      return v;
    }
    const f = fallback();
    assume(what, format(f.value), f.why);
    return f.value;
  };
  const median = (column: string, what: string) => () => ({ value: stateMedian(column), why: `${d.name} has no J-90 row; the median of the ${what} of every district that reported in 2020-21` });
  const minSal = fromJ90('ts1_minsal', 'Teachers\' lowest schedule salary', median('ts1_minsal', 'lowest salaries'), dollars, 'lowest salary on the schedule');
  const maxSal = Math.max(minSal, fromJ90('ts1_maxsal', 'Teachers\' highest schedule salary', median('ts1_maxsal', 'highest salaries'), dollars, 'highest salary on the schedule'));
  const steps = Math.min(40, Math.max(2, Math.round(fromJ90('ts1_hstep', 'Steps on the teachers\' schedule', median('ts1_hstep', 'highest steps'), count, 'highest step'))));
  const days = Math.round(fromJ90('ts1_ndays', 'Teacher work days a year', () => ({ value: ASSUMED.teacherDays, why: 'no J-90 row; 180 days of instruction (Education Code 46200)' }), count, 'teacher work days'));
  const health = fromJ90('ts1_maxfam', 'Health and welfare per eligible employee', () => {
    const single = num(d.j90, 'ts1_maxsin');
    return reported(single)
      ? { value: single, why: 'J-90 reports no family cap; its single-coverage cap ts1_maxsin' }
      : { value: ASSUMED.healthPerEmployee, why: 'no J-90 health cap: about $15,000 per employee per year' };
  }, dollars, 'district\'s cap for family coverage, used as the cost per eligible employee');
  const top = Math.min(ASSUMED.topColumnFactor, maxSal / minSal);
  const stepPct = steps > 1 ? (Math.pow(maxSal / minSal / top, 1 / (steps - 1)) - 1) * 100 : 0;
  assume('Columns of the teachers\' schedule', `${ASSUMED.columns} (top column ${top.toFixed(3)} × the first)`, 'the files give the range, not the columns');
  derive('Step increase', `${stepPct.toFixed(3)}% a step`, `so that the top cell (last step, top column) is the highest salary: (${dollars(maxSal)} ÷ ${dollars(minSal)} ÷ ${top.toFixed(3)})^(1/${steps - 1}) − 1`);
  assume('Teachers on each step', `${Math.round(ASSUMED.topStepShare * 100)}% on the top step, the rest evenly on the others`, 'placement is not published; long-serving staff sit on the top step');
  const stepPlacement = Array.from({ length: steps }, (_, i) => (i === steps - 1 ? ASSUMED.topStepShare : (1 - ASSUMED.topStepShare) / Math.max(1, steps - 1)));

  // ---- Classified --------------------------------------------------------------------------------
  const classified = Math.round(teachers * ASSUMED.classifiedPerTeacher);
  assume('Classified positions', count(classified), `${ASSUMED.classifiedPerTeacher} per teacher position (the LAUSD demo's ratio; no statewide classified count in these files)`);
  assume('Attrition, teachers', `${ASSUMED.attrition.teachers}% a year, each replaced at the new-hire placement`, 'about 8% of teachers leave the profession each year (Carver-Thomas and Darling-Hammond, Teacher Turnover, Learning Policy Institute, 2017); enter the district\'s own rate as parameters.attrition in district.yaml');
  assume('Attrition, classified', `${ASSUMED.attrition.classified}% a year`, 'no public file gives classified staff\'s attrition; the teachers\' rate is used');
  assume('Classified pay', `from $${ASSUMED.classifiedMinimumRate.toFixed(2)} an hour, averaging ${dollars(ASSUMED.classifiedAveragePay)} a year`, 'no classified pay in the public files');

  // ---- Budget ------------------------------------------------------------------------------------
  const years: Record<string, { revenues: number; expenditures: number }> = {};
  for (let y = BASE_YEAR; y < BASE_YEAR + 3; y++) {
    const ce = num(ceYear(y), 'ce_published_usd');
    if (!reported(ce)) break;
    years[FY(y)] = { revenues: ce, expenditures: ce };
    pub(`Expenditures ${FY(y)}`, dollars(ce), 'currentExpense', `ce_published_usd (${FY(y)}): General Fund current expense of education (EDP 365)`);
  }
  assume('Revenues', 'equal to each year\'s expenditures', 'the files have no General Fund revenue on the same basis (F-33 revenue counts every fund); enter the district\'s own multi-year projection in budget.csv');
  const beginning = Math.round(years[FY(BASE_YEAR)].expenditures * ASSUMED.beginningBalanceShare);
  assume(`Beginning balance ${FY(BASE_YEAR)}`, dollars(beginning), `${ASSUMED.beginningBalanceShare * 100}% of the year's current expense (reserves are not in these files)`);
  const reserve = requiredReserve(ada);
  pub('Required reserve', `${reserve.pct}% (${reserve.band})`, 'currentExpense', `ada, with the 5 CCR 15443 minimum reserve for ${reserve.band}`);
  const ada2 = num(ceYear(BASE_YEAR + 2), 'ada');
  const trend = reported(ada2) ? (Math.pow(ada2 / ada, 1 / 2) - 1) * 100 : 0;
  if (reported(ada2)) derive('Enrollment change per year', `${trend.toFixed(2)}%`, `${n('currentExpense')}: ada ${FY(BASE_YEAR)} to ${FY(BASE_YEAR + 2)}, per year`);
  else assume('Enrollment change per year', '0%', 'no later ADA in the current-expense file');
  const perAda = years[FY(BASE_YEAR)].expenditures / ada;
  const attendance = reported(ccdStudents) ? Math.min(100, Math.round((ada / ccdStudents) * 1000) / 10) : 95;
  if (reported(ccdStudents)) derive('Normal attendance rate', `${attendance}%`, `ADA ${FY(BASE_YEAR)} ÷ CCD enrollment 2023-24`);
  else assume('Normal attendance rate', '95%', 'no CCD enrollment');
  derive('Revenue per ADA (strike days)', dollars(perAda), `${n('currentExpense')}: ce_published_usd ÷ ada, ${FY(BASE_YEAR)} (current expense per ADA stands in for revenue per ADA)`);

  // ---- Figures to show beside the totals ---------------------------------------------------------
  const compare: StatewideImport['compare'] = [];
  const show = (what: string, value: number, from: string) => { if (reported(value)) compare.push({ what, value, from }); };
  show('CCD enrollment 2023-24', num(d.ccd, 'enrollment'), `${n('ccd')}: enrollment`);
  show('CCD teacher FTE 2023-24', ccdFte, `${n('ccd')}: instructional_staff`);
  show('J-90 teacher FTE 2020-21', j90Fte, `${n('j90')}: ts1_totfte`);
  show('F-33 total revenue FY2022 (all funds)', num(d.finance, 'rev_total_unadj'), `${n('finance')}: rev_total_unadj`);
  show('F-33 current expenditure FY2022', num(d.finance, 'exp_cur_total'), `${n('finance')}: exp_cur_total`);

  const since = (label: string, unit: DatedParameter['unit'], value: number, reference: Reference[]): DatedParameter => ({ label, unit, values: [{ from: `${BASE_YEAR}-07-01`, value }], reference });
  const K12: SchoolType[] = ['elementary', 'middle', 'high', 'span', 'continuation', 'special-education'];
  const present = new Set(schools.map((s) => s.type));
  const where = (types: SchoolType[]) => (types.some((t) => present.has(t)) ? { types: types.filter((t) => present.has(t)), weight: 'enrollment' as const } : 'central' as const);
  const schedules: ScheduleSpec[] = [
    {
      unit: 'TEACHERS', id: 'teachers', basis: 'annual', stepIncreasePct: Math.round(stepPct * 1000) / 1000, stepPlacement,
      lanes: Array.from({ length: ASSUMED.columns }, (_, i) => ({ id: `C${i + 1}`, factor: 1 + ((top - 1) * i) / (ASSUMED.columns - 1), placement: 1 })),
      pay: { minimum: minSal, maximum: maxSal },
    },
    {
      unit: 'CLASSIFIED', id: 'classified', basis: 'hourly', stepIncreasePct: 4, stepPlacement: [15, 15, 15, 15, 40],
      lanes: [{ id: 'aide', factor: 1 }, { id: 'food-service', factor: 1.02 }, { id: 'office', factor: 1.1 }, { id: 'custodian', factor: 1.12 }],
      pay: { average: ASSUMED.classifiedAveragePay, minimum: ASSUMED.classifiedMinimumRate },
    },
  ];
  const share = (x: number) => Math.round(classified * x);
  const aides = share(0.4), food = share(0.2), office = share(0.15);
  const staff: StaffSpec[] = [
    { unit: 'TEACHERS', role: 'teacher', schedule: 'teachers', count: teachers, at: where(['elementary', 'middle', 'high', 'span', 'continuation']), daysPerYear: days },
    { unit: 'CLASSIFIED', role: 'teacher-assistant', schedule: 'classified', lanes: ['aide'], count: aides, at: where(K12), hoursPerDay: { 3.5: 0.4, 6: 0.6 }, daysPerYear: 185 },
    { unit: 'CLASSIFIED', role: 'cafeteria-worker', schedule: 'classified', lanes: ['food-service'], count: food, at: where(K12), hoursPerDay: { 4: 0.5, 8: 0.5 }, daysPerYear: 185 },
    { unit: 'CLASSIFIED', role: 'office-clerk', schedule: 'classified', lanes: ['office'], count: office, at: where(K12), hoursPerDay: 8, daysPerYear: 220 },
    { unit: 'CLASSIFIED', role: 'custodian', schedule: 'classified', lanes: ['custodian'], count: classified - aides - food - office, at: where(K12), hoursPerDay: 8, daysPerYear: 261 },
  ];
  const sources: Reference[] = [
    fileRef('currentExpense', 'CDE current expense of education 2022-23 to 2024-25 (ADA, ce_published_usd)'),
    ...(d.j90 ? [fileRef('j90', 'CDE J-90 certificated salary survey 2020-21 (ts1_minsal, ts1_maxsal, ts1_hstep, ts1_totfte, ts1_ndays, ts1_maxfam)')] : []),
    ...(d.ccd ? [fileRef('ccd', 'NCES Common Core of Data 2023-24 (enrollment, instructional_staff)')] : []),
    RESERVE_RULE,
    assumption(`everything not listed above is assumed; settle import district prints each figure with its source or assumption (PROVENANCE.md beside the dataset)`),
  ];
  const spec: GenerateSpec = {
    seed: Number(d.cds7),
    scale: 1,
    district: {
      name: `${d.name} (from public files; staff placements synthetic)`,
      cdsCode: `${d.cds7}0000000`,
      baseFiscalYear: BASE_YEAR,
      requiredReservePct: reserve.pct,
      sources,
      parameters: {
        statutory: statutoryFrom(BASE_YEAR),
        cola: colaFrom(BASE_YEAR),
        enrollmentTrend: since('Enrollment change per year', 'percent', Math.round(trend * 100) / 100, [reported(ada2) ? fileRef('currentExpense', 'ADA 2022-23 to 2024-25') : assumption('no later ADA: 0%')]),
        columnDrift: {
          certificated: since('Column drift (certificated)', 'percent', ASSUMED.columnDrift.certificated, [assumption('column movement adds 0.5% a year')]),
          classified: since('Column drift (classified)', 'percent', ASSUMED.columnDrift.classified, [assumption('longevity adds 0.3% a year')]),
        },
        healthPerEmployee: since('Health and welfare per eligible employee', 'usd', Math.round(health), [reported(num(d.j90, 'ts1_maxfam')) ? fileRef('j90', 'ts1_maxfam (cap for family coverage), 2020-21') : assumption('no J-90 family cap')]),
        healthEligibleMinHours: { certificated: 0, classified: 6 },
        newHirePlacement: {},
        attrition: {
          TEACHERS: { pct: ASSUMED.attrition.teachers, reference: [LPI_TURNOVER] },
          CLASSIFIED: { pct: ASSUMED.attrition.classified, reference: [assumption('no public file gives classified staff\'s attrition; the teachers\' 8% a year is used')] },
        },
        classSize: {
          spans: [{ grades: ['K', '1', '2', '3'], measure: 'average', cap: 24 }, { grades: ['4', '5', '6', '7', '8', '9', '10', '11', '12'], measure: 'maximum', cap: 36 }],
          reference: [assumption('K-3 average 24 (the LCFF K-3 grade span target); grades 4-12 maximum 36 (not in the public files: enter the contract\'s caps)')],
        },
        secondaryPeriodsPerStudent: since('Periods a secondary student takes', 'count', 6, [assumption('six-period day')]),
        sectionsPerTeacher: since('Sections a secondary teacher teaches', 'count', 5, [assumption('five of six periods')]),
        revenuePerAda: since('Revenue per ADA', 'usd', Math.round(perAda), [fileRef('currentExpense', 'ce_published_usd ÷ ada, 2022-23')]),
        instructionalDays: since('Instructional days', 'days', 180, [ref('California Education Code 46200: 180 days of instruction')]),
        normalAttendanceRate: since('Normal attendance rate', 'percent', attendance, [reported(ccdStudents) ? ref('ADA 2022-23 (current expense file) ÷ enrollment 2023-24 (CCD)') : assumption('95% of enrolled students attend on a normal day')]),
      },
    },
    schools: {},
    students: { 'K-12': students },
    highNeedShare: 0,
    location: { south: 32, north: 42, west: -125, east: -114 },
    hiring: { newHireShare: 0.03, topStepExtraYears: 12 },
    units: [
      { id: 'TEACHERS', name: 'Teachers', kind: 'certificated', union: `${d.name} teachers' union (its name is not in the public files)` },
      { id: 'CLASSIFIED', name: 'Classified support staff', kind: 'classified', union: `${d.name} classified union (its name is not in the public files)` },
    ],
    schedules,
    staff,
    budget: { beginningBalance: beginning, committed: 0, years },
    schoolsFrom: { schools, enrollment: scaled },
  };
  assume('Placements', 'random, seeded by the district code', 'who is on which step and at which school is not published; the totals above are kept whatever the placements, which only spread them over steps and schools');
  return { spec, provenance, missing, compare };
}
