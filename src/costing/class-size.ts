import { fyStart, type FiscalYear } from '../calendar/fiscal-year.ts';
import { GRADES, gradeIndex, type Grade } from '../district/grades.ts';
import { valueAt } from '../district/parameters.ts';
import type { ClassSizeSpan } from '../district/types.ts';
import { InvalidInput, type Where } from '../errors/problem.ts';
import type { CapPhase } from '../proposals/types.ts';
import { enrollmentFactor, type Prepared } from './prepare.ts';

/** The limit in force for one grade: `group` joins grades whose average is taken together. */
export interface GradeCap {
  group: string;
  measure: 'maximum' | 'average';
  cap: number;
  highNeedCap: number;
}

const LAST_ELEMENTARY = gradeIndex('5');

export function baselineCaps(spans: ClassSizeSpan[]): (GradeCap | null)[] {
  const caps: (GradeCap | null)[] = GRADES.map(() => null);
  spans.forEach((s, i) => {
    for (const g of s.grades) caps[gradeIndex(g)] = { group: `base${i}`, measure: s.measure, cap: s.cap, highNeedCap: s.cap };
  });
  return caps;
}

/**
 * The caps in force `m0` months into fiscal year `fy`: the baseline, overridden grade by grade
 * by each proposal cap dated on or before then (later entries win). `reduceBy` and
 * `highNeedReduceBy` count down from the current contract's cap for each grade.
 */
export function capsInForce(base: (GradeCap | null)[], phases: { phase: CapPhase; index: number; startMonth: (fy: FiscalYear) => number }[], fy: FiscalYear, m0: number, where: (index: number) => Where): (GradeCap | null)[] {
  const caps = base.slice();
  for (const { phase, index, startMonth } of phases) {
    if (startMonth(fy) > m0) continue;
    for (const g of phase.grades) {
      const gi = gradeIndex(g);
      const current = base[gi];
      if (!current) {
        // Added teachers are measured against the current contract's cap for the grade.
        throw new InvalidInput([{
          code: 'proposal.no-baseline-cap', message: `grade ${g} has no class-size cap in the current contract (classSize in district.yaml), so there is nothing to measure the new cap against`,
          where: where(index), hint: `add the current cap for grade ${g} to parameters.classSize.spans, e.g. { grades: ${g}, measure: maximum, cap: 40 }`,
        }]);
      }
      const cap = phase.cap ?? current.cap - (phase.reduceBy ?? 0);
      const hn = phase.highNeedCap ?? (phase.highNeedReduceBy !== undefined ? current.cap - phase.highNeedReduceBy : cap);
      if (cap < 1 || hn < 1) {
        throw new InvalidInput([{ code: 'proposal.cap-below-one', message: `the cap for grade ${g} would fall to ${Math.min(cap, hn)} students`, where: where(index), hint: 'a reduction smaller than the current cap' }]);
      }
      // A cap above the current contract's adds no teachers and saves none (docs/costing.md), so
      // it cannot offset added teachers in other grades of the school: for a grade measured the
      // same way, the tighter of the two caps is in force.
      const measure = phase.measure ?? current.measure;
      const inForce = measure === current.measure ? Math.min(cap, current.cap) : cap;
      const highNeedInForce = measure === current.measure ? Math.min(hn, current.highNeedCap) : hn;
      caps[gi] = { group: `p${index}`, measure, cap: inForce, highNeedCap: Math.min(highNeedInForce, inForce) };
    }
  }
  return caps;
}

/** Students in a grade at a school in a fiscal year: base-year count grown by the enrollment trend, to whole students. */
export function studentsIn(p: Prepared, school: number, grade: number, factor: number): number {
  return Math.round(p.enrollment[school * GRADE_COUNT + grade] * factor);
}

const GRADE_COUNT = GRADES.length;
const gradeIndexes = new WeakMap<object, number[]>();

function indexesOf(grades: readonly Grade[]): number[] {
  let hit = gradeIndexes.get(grades);
  if (!hit) gradeIndexes.set(grades, (hit = grades.map(gradeIndex)));
  return hit;
}

/** What turns enrollment into teachers in a fiscal year. */
export interface YearFactors {
  fy: FiscalYear;
  factor: number;
  periods: number;
  perTeacher: number;
}

export function yearFactors(p: Prepared, fy: FiscalYear): YearFactors {
  const params = p.dataset.district.parameters;
  return {
    fy,
    factor: enrollmentFactor(p, fy),
    periods: valueAt(params.secondaryPeriodsPerStudent, fyStart(fy)),
    perTeacher: valueAt(params.sectionsPerTeacher, fyStart(fy)),
  };
}

/**
 * Teachers a school needs under a set of caps. Self-contained grades (every grade at an
 * elementary school, and grades up to 5 elsewhere) need one teacher per class; secondary
 * grades need sections = students × periods ÷ cap, and sections ÷ sections-per-teacher FTE.
 */
export function teachersNeeded(p: Prepared, school: number, caps: (GradeCap | null)[], y: YearFactors): number {
  const s = p.schools[school];
  const { periods, perTeacher, factor } = y;
  let averages: Map<string, { students: number; cap: number; secondary: boolean }> | null = null;
  let classes = 0;
  let sections = 0;
  for (const gi of indexesOf(s.grades)) {
    const c = caps[gi];
    if (!c) continue;
    const n = studentsIn(p, school, gi, factor);
    if (n === 0) continue;
    const cap = s.highNeed ? c.highNeedCap : c.cap;
    const secondary = s.type !== 'elementary' && gi > LAST_ELEMENTARY;
    if (c.measure === 'average') {
      averages ??= new Map();
      // Grades averaged together share a phase, a cap and a kind of school day.
      const key = `${c.group}|${cap}|${secondary}`;
      const a = averages.get(key) ?? { students: 0, cap, secondary };
      a.students += n;
      averages.set(key, a);
    } else if (secondary) sections += Math.ceil((n * periods) / cap);
    else classes += Math.ceil(n / cap);
  }
  for (const a of averages?.values() ?? []) {
    if (a.secondary) sections += Math.ceil((a.students * periods) / a.cap);
    else classes += Math.ceil(a.students / a.cap);
  }
  return classes + sections / perTeacher;
}
