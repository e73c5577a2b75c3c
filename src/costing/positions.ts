import { monthsBefore, type FiscalYear } from '../calendar/fiscal-year.ts';
import { GRADES } from '../district/grades.ts';
import { InvalidInput, type Where } from '../errors/problem.ts';
import type { ClassSizeTerm, HireTerm, PositionTerm, SchoolFilter, StaffingTerm } from '../proposals/types.ts';
import { baselineCaps, capsInForce, studentsIn, teachersNeeded, yearFactors, type YearFactors } from './class-size.ts';
import type { Prepared } from './prepare.ts';
import { placementFor } from './earners.ts';

/** FTE a position term adds at one site over part of a fiscal year (months m0–m1 from July 1). */
export interface Slice {
  term: PositionTerm;
  role: string;
  /** School index, or -1 for central office. */
  site: number;
  fy: FiscalYear;
  m0: number;
  m1: number;
  fte: number;
}

const ROUND = 1e6;
const tidy = (x: number) => Math.round(x * ROUND) / ROUND;

function phaseDates(t: PositionTerm): string[] {
  return t.kind === 'class-size' ? t.caps.map((c) => c.from) : t.phases.map((p) => p.from);
}

/** Month offsets at which anything about positions changes within a fiscal year. */
function boundaries(terms: PositionTerm[], fy: FiscalYear): number[] {
  const cuts = new Set<number>([0, 12]);
  for (const t of terms) for (const d of phaseDates(t)) {
    const m = monthsBefore(d, fy);
    if (m > 0 && m < 12) cuts.add(m);
  }
  return [...cuts].sort((a, b) => a - b);
}

function matches(p: Prepared, filter: SchoolFilter | undefined, i: number): boolean {
  const s = p.schools[i];
  if (filter?.types && !filter.types.includes(s.type)) return false;
  if (filter?.highNeedOnly && !s.highNeed) return false;
  return true;
}

const GRADE_COUNT = GRADES.length;
const totals = new WeakMap<Prepared, Map<number, Float64Array>>();

/** Students at each school with the enrollment grown by `factor` (whole students per grade). */
function schoolTotals(p: Prepared, factor: number): Float64Array {
  let byFactor = totals.get(p);
  if (!byFactor) totals.set(p, (byFactor = new Map()));
  let t = byFactor.get(factor);
  if (!t) {
    t = new Float64Array(p.schools.length);
    for (let i = 0; i < p.schools.length; i++) for (let g = 0; g < GRADE_COUNT; g++) t[i] += studentsIn(p, i, g, factor);
    byFactor.set(factor, t);
  }
  return t;
}

/**
 * Positions added by the proposal's staffing terms, in document order: class-size caps
 * (teachers), staffing guarantees (counting what earlier terms already added at the school)
 * and hiring mandates (spread over the listed schools, or central office).
 */
export function addedPositions(p: Prepared, terms: PositionTerm[], years: FiscalYear[], where: Locate): Slice[] {
  const slices: Slice[] = [];
  const base = baselineCaps(p.dataset.district.parameters.classSize.spans);
  const baseTeachers = baselineTeachers(p);
  // What earlier terms added at each school matters only to a staffing guarantee after them.
  const tracking = terms.some((t) => t.kind === 'staffing');
  for (const fy of years) {
    const cuts = boundaries(terms, fy);
    const yf = yearFactors(p, fy);
    const factor = yf.factor;
    for (let c = 0; c + 1 < cuts.length; c++) {
      const [m0, m1] = [cuts[c], cuts[c + 1]];
      const added = new SiteFte(p.schools.length); // FTE earlier terms added in this segment
      const push = (t: PositionTerm, role: string, site: number, fte: number) => {
        const f = tidy(fte);
        if (f === 0) return;
        if (!Number.isFinite(f)) throw new Error(`positions: a ${t.kind} term gave ${fte} FTE at site ${site}; check the dataset parameters`);
        slices.push({ term: t, role, site, fy, m0, m1, fte: f });
        if (tracking && site >= 0) added.of(t.unit, role)[site] += f;
      };
      for (const t of terms) {
        if (t.kind === 'class-size') classSize(p, t, yf, m0, base, baseTeachers, push, where);
        else if (t.kind === 'staffing') staffing(p, t, fy, m0, factor, added, push);
        else hire(p, t, fy, m0, push, where);
      }
    }
  }
  return slices;
}

type Push = (t: PositionTerm, role: string, site: number, fte: number) => void;
/** Where a field of a term is in the proposal file, for messages. */
export type Locate = (t: PositionTerm, path: (string | number)[]) => Where;

function classSize(p: Prepared, t: ClassSizeTerm, yf: YearFactors, m0: number, base: ReturnType<typeof baselineCaps>, cache: Map<FiscalYear, Float64Array>, push: Push, where: Locate): void {
  const fy = yf.fy;
  const phases = t.caps.map((phase, index) => ({ phase, index, startMonth: (y: FiscalYear) => monthsBefore(phase.from, y) }));
  if (phases.every((ph) => ph.startMonth(fy) > m0)) return;
  const caps = capsInForce(base, phases, fy, m0, (i) => where(t, ['caps', i]));
  const before = teachersBefore(p, yf, base, cache);
  for (let i = 0; i < p.schools.length; i++) {
    if (!coveredByCaps(p, i)) continue;
    // A cap above the current contract's adds no teachers and saves none: schools are never netted.
    push(t, 'teacher', i, Math.max(0, teachersNeeded(p, i, caps, yf) - before[i]));
  }
}

/** Teachers each school needs in a year under the current contract's caps. */
function teachersBefore(p: Prepared, yf: YearFactors, base: ReturnType<typeof baselineCaps>, cache: Map<FiscalYear, Float64Array>): Float64Array {
  let before = cache.get(yf.fy);
  if (!before) {
    before = new Float64Array(p.schools.length);
    for (let i = 0; i < p.schools.length; i++) before[i] = coveredByCaps(p, i) ? teachersNeeded(p, i, base, yf) : 0;
    cache.set(yf.fy, before);
  }
  return before;
}

/**
 * Teachers each school needs under the current contract's caps in each of `years`, kept beside
 * the dataset (kept.ts) so that a class-size proposal does not work them out again.
 */
export function keptTeachers(p: Prepared, years: FiscalYear[]): [FiscalYear, Float64Array][] {
  const base = baselineCaps(p.dataset.district.parameters.classSize.spans);
  return years.map((fy) => [fy, teachersBefore(p, yearFactors(p, fy), base, baselineTeachers(p))]);
}

/** Takes back what `keptTeachers` kept for this very dataset (same files, same build). */
export function seedTeachers(p: Prepared, years: [FiscalYear, Float64Array][]): void {
  if (!baseline.has(p)) baseline.set(p, new Map(years));
}

/** Class-size limits apply to regular schools; special-education classes have their own caseloads. */
function coveredByCaps(p: Prepared, i: number): boolean {
  return p.schools[i].type !== 'special-education' && p.schools[i].grades.length > 0;
}

/** FTE by school for each unit and role. */
class SiteFte {
  private readonly byUnit = new Map<string, Map<string, Float64Array>>();
  constructor(private readonly schools: number) {}

  of(unit: string, role: string): Float64Array {
    let byRole = this.byUnit.get(unit);
    if (!byRole) this.byUnit.set(unit, (byRole = new Map()));
    let a = byRole.get(role);
    if (!a) byRole.set(role, (a = new Float64Array(this.schools)));
    return a;
  }
}

const current = new WeakMap<Prepared, SiteFte>();

/** FTE of each unit and role already at each school (from staff.csv), kept per dataset. */
function currentFte(p: Prepared): SiteFte {
  let c = current.get(p);
  if (!c) {
    c = new SiteFte(p.schools.length);
    for (const [unit, byRole] of p.siteFte) for (const [role, fte] of byRole) c.of(unit, role).set(fte);
    current.set(p, c);
  }
  return c;
}

function staffing(p: Prepared, t: StaffingTerm, fy: FiscalYear, m0: number, factor: number, added: SiteFte, push: Push): void {
  const phase = [...t.phases].reverse().find((ph) => monthsBefore(ph.from, fy) <= m0);
  if (!phase) return;
  const students = schoolTotals(p, factor);
  const have = currentFte(p).of(t.unit, t.role);
  const more = added.of(t.unit, t.role);
  const each = positionFte(p, t);
  for (let i = 0; i < p.schools.length; i++) {
    if (!matches(p, t.schools, i)) continue;
    // perSchool is FTE; studentsPerStaff counts positions, each of the new-hire placement's FTE.
    const required = phase.perSchool ?? Math.ceil(students[i] / (phase.studentsPerStaff as number)) * each;
    if (required > have[i] + more[i]) push(t, t.role, i, required - have[i] - more[i]);
  }
}

/** FTE of one new position of a term's role (its new-hire placement). */
function positionFte(p: Prepared, t: StaffingTerm | HireTerm): number {
  return placementFor(p, t.unit, t.role)?.fte ?? 1;
}

/** Hiring counts positions; each is placed at the new-hire placement's FTE. */
function hire(p: Prepared, t: HireTerm, fy: FiscalYear, m0: number, pushFte: Push, where: Locate): void {
  const each = positionFte(p, t);
  const push: Push = (term, role, site, positions) => pushFte(term, role, site, positions * each);
  let remaining = t.phases.filter((ph) => monthsBefore(ph.from, fy) <= m0).reduce((n, ph) => n + ph.count, 0);
  if (remaining === 0) return;
  if (!t.schools) {
    push(t, t.role, -1, remaining);
    return;
  }
  const order = hireOrder(p, t);
  if (order.length === 0) {
    throw new InvalidInput([{
      code: 'proposal.no-matching-school', message: `no school in the dataset matches ${JSON.stringify(t.schools)}, so the ${t.role} positions have nowhere to go`,
      where: where(t, ['schools']), hint: 'schools: { types: [middle, high] } (or leave schools out for central-office positions)',
    }]);
  }
  const perSchool = new Float64Array(order.length);
  const rounds = Math.floor(remaining / order.length);
  perSchool.fill(rounds);
  remaining = tidy(remaining - rounds * order.length);
  for (let k = 0; remaining > 0; k++) {
    const give = Math.min(1, remaining);
    perSchool[k] += give;
    remaining = tidy(remaining - give);
  }
  order.forEach((i, k) => push(t, t.role, i, perSchool[k]));
}

const baseline = new WeakMap<Prepared, Map<FiscalYear, Float64Array>>();

/** Teachers each school needs under the current contract's caps, by year (kept per dataset). */
function baselineTeachers(p: Prepared): Map<FiscalYear, Float64Array> {
  let m = baseline.get(p);
  if (!m) baseline.set(p, (m = new Map()));
  return m;
}

const orders = new WeakMap<Prepared, WeakMap<HireTerm, number[]>>();

/** Where hired positions go: schools without the role first, then the largest; one each, round and round. */
function hireOrder(p: Prepared, t: HireTerm): number[] {
  let byTerm = orders.get(p);
  if (!byTerm) orders.set(p, (byTerm = new WeakMap()));
  const hit = byTerm.get(t);
  if (hit) return hit;
  const size = schoolTotals(p, 1);
  const fte = currentFte(p).of(t.unit, t.role);
  const order = p.schools.map((_, i) => i).filter((i) => matches(p, t.schools, i));
  const has = (i: number) => (fte[i] > 0 ? 1 : 0);
  order.sort((a, b) => has(a) - has(b) || size[b] - size[a] || (p.schools[a].id < p.schools[b].id ? -1 : 1));
  byTerm.set(t, order);
  return order;
}

/** Slices by the term and role that add them (pay does not depend on the site). */
export function groupSlices(slices: Slice[]): { term: Slice['term']; role: string; slices: Slice[] }[] {
  const groups = new Map<Slice['term'], Map<string, { term: Slice['term']; role: string; slices: Slice[] }>>();
  for (const s of slices) {
    let byRole = groups.get(s.term);
    if (!byRole) groups.set(s.term, (byRole = new Map()));
    let g = byRole.get(s.role);
    if (!g) byRole.set(s.role, (g = { term: s.term, role: s.role, slices: [] }));
    g.slices.push(s);
  }
  return [...groups.values()].flatMap((m) => [...m.values()]);
}
