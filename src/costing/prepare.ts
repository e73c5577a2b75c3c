import { fiscalYearOf, fyStart, type FiscalYear } from '../calendar/fiscal-year.ts';
import { GRADES, gradeIndex } from '../district/grades.ts';
import { valueAt } from '../district/parameters.ts';
import { deepFreeze } from '../district/load.ts';
import type { Dataset, School, Unit, UnitKind } from '../district/types.ts';
import { buildLanes, laneKey, type Lane } from './schedule.ts';

/** Staff who share a placement and so are paid alike; school does not matter for pay. */
export interface PayGroup {
  unit: Unit;
  role: string;
  lane: Lane;
  step: number;
  hoursPerDay: number;
  daysPerYear: number;
  /** People in the group. */
  headcount: number;
  fte: number;
  /** Fiscal year of hire; null when unknown (long-serving). */
  hiredFy: FiscalYear | null;
}

/** A dataset arranged for costing: built once per dataset and reused for every proposal. */
export interface Prepared {
  dataset: Dataset;
  base: FiscalYear;
  units: Map<string, Unit>;
  lanes: Map<string, Lane>;
  groups: PayGroup[];
  schools: School[];
  /** Students by school (row) and grade (column, GRADES order) in the base year. */
  enrollment: Float64Array;
  /** FTE already at each school, by unit and role: one entry per school, in `schools` order. */
  siteFte: Map<string, Map<string, Float64Array>>;
  roles: Set<string>;
}

const cache = new WeakMap<Dataset, Prepared>();

export function prepare(dataset: Dataset): Prepared {
  const hit = cache.get(dataset);
  if (hit) return hit;
  // Work kept per dataset is only right while the dataset cannot change.
  deepFreeze(dataset);
  const units = new Map(dataset.units.map((u) => [u.id, u]));
  const lanes = buildLanes(dataset.schedules);
  const groups = new Map<string, PayGroup>();
  const schoolIndex = new Map(dataset.schools.map((s, i) => [s.id, i]));
  const siteFte = new Map<string, Map<string, Float64Array>>();
  const roles = new Set<string>();
  // Hire dates repeat across tens of thousands of rows: each is read once.
  const fyOfHire = new Map<string, FiscalYear>();
  for (const r of dataset.staff) {
    let hiredFy: FiscalYear | null = null;
    if (r.hired) {
      hiredFy = fyOfHire.get(r.hired) ?? null;
      if (hiredFy === null) {
        hiredFy = fiscalYearOf(r.hired);
        fyOfHire.set(r.hired, hiredFy);
      }
    }
    const key = `${r.unit}|${r.role}|${r.schedule}|${r.lane}|${r.step}|${r.hoursPerDay}|${r.daysPerYear}|${hiredFy}`;
    let g = groups.get(key);
    if (!g) {
      const lane = lanes.get(laneKey(r.unit, r.schedule, r.lane)) as Lane;
      g = { unit: units.get(r.unit) as Unit, role: r.role, lane, step: r.step, hoursPerDay: r.hoursPerDay, daysPerYear: r.daysPerYear, headcount: 0, fte: 0, hiredFy };
      groups.set(key, g);
    }
    g.headcount += r.count;
    g.fte += r.fte * r.count;
    roles.add(`${r.unit}|${r.role}`);
    const si = schoolIndex.get(r.site);
    if (si !== undefined) {
      let byRole = siteFte.get(r.unit);
      if (!byRole) siteFte.set(r.unit, (byRole = new Map()));
      let atSchool = byRole.get(r.role);
      if (!atSchool) byRole.set(r.role, (atSchool = new Float64Array(dataset.schools.length)));
      atSchool[si] += r.fte * r.count;
    }
  }
  const enrollment = new Float64Array(dataset.schools.length * GRADES.length);
  for (const e of dataset.enrollment) {
    const si = schoolIndex.get(e.school) as number;
    enrollment[si * GRADES.length + gradeIndex(e.grade)] += e.students;
  }
  const prepared: Prepared = {
    dataset, base: dataset.district.baseFiscalYear, units, lanes,
    groups: [...groups.values()], schools: dataset.schools, enrollment, siteFte, roles,
  };
  cache.set(dataset, prepared);
  return prepared;
}

/**
 * What `prepare` works out from the staff and enrollment rows, without object references, for
 * the command line's dataset cache: a dataset read from the cache is costed without reading its
 * 52,539 staff rows again (`seedPrepared`).
 */
export interface PreparedParts {
  groups: { unit: string; lane: string; role: string; step: number; hoursPerDay: number; daysPerYear: number; headcount: number; fte: number; hiredFy: FiscalYear | null }[];
  siteFte: [unit: string, role: string, fte: Float64Array][];
  roles: string[];
  enrollment: Float64Array;
}

export function preparedParts(p: Prepared): PreparedParts {
  return {
    groups: p.groups.map((g) => ({ unit: g.unit.id, lane: g.lane.key, role: g.role, step: g.step, hoursPerDay: g.hoursPerDay, daysPerYear: g.daysPerYear, headcount: g.headcount, fte: g.fte, hiredFy: g.hiredFy })),
    siteFte: [...p.siteFte].flatMap(([unit, byRole]) => [...byRole].map(([role, fte]): [string, string, Float64Array] => [unit, role, fte])),
    roles: [...p.roles],
    enrollment: p.enrollment,
  };
}

/** Makes `prepare(dataset)` answer from parts kept for this very dataset (same files, same build). */
export function seedPrepared(dataset: Dataset, parts: PreparedParts): void {
  if (cache.has(dataset)) return;
  const units = new Map(dataset.units.map((u) => [u.id, u]));
  const lanes = buildLanes(dataset.schedules);
  const groups = parts.groups.map((g): PayGroup => ({
    unit: units.get(g.unit) as Unit, role: g.role, lane: lanes.get(g.lane) as Lane, step: g.step,
    hoursPerDay: g.hoursPerDay, daysPerYear: g.daysPerYear, headcount: g.headcount, fte: g.fte, hiredFy: g.hiredFy,
  }));
  cache.set(dataset, {
    dataset, base: dataset.district.baseFiscalYear, units, lanes, groups, schools: dataset.schools,
    enrollment: parts.enrollment, siteFte: siteFteOf(parts.siteFte), roles: new Set(parts.roles),
  });
}

function siteFteOf(entries: PreparedParts['siteFte']): Prepared['siteFte'] {
  const out: Prepared['siteFte'] = new Map();
  for (const [unit, role, fte] of entries) {
    let byRole = out.get(unit);
    if (!byRole) out.set(unit, (byRole = new Map()));
    byRole.set(role, fte);
  }
  return out;
}

/** Product of (1 + rate/100) over the years after the base year up to `fy` (or its inverse before). */
export function growthFactor(p: Prepared, param: (fy: FiscalYear) => number, fy: FiscalYear): number {
  let f = 1;
  for (let y = p.base + 1; y <= fy; y++) f *= 1 + param(y) / 100;
  for (let y = fy + 1; y <= p.base; y++) f /= 1 + param(y) / 100;
  return f;
}

export function driftFactor(p: Prepared, kind: UnitKind, fy: FiscalYear): number {
  const param = p.dataset.district.parameters.columnDrift[kind];
  return growthFactor(p, (y) => valueAt(param, fyStart(y)), fy);
}

export function enrollmentFactor(p: Prepared, fy: FiscalYear): number {
  const param = p.dataset.district.parameters.enrollmentTrend;
  return growthFactor(p, (y) => valueAt(param, fyStart(y)), fy);
}

/** Employer statutory rates for a unit kind in a fiscal year, percent, by name. */
export function statutoryRates(p: Prepared, kind: UnitKind, fy: FiscalYear): { name: string; label: string; pct: number }[] {
  const rates = p.dataset.district.parameters.statutory[kind];
  return Object.entries(rates).map(([name, param]) => ({ name, label: param.label, pct: valueAt(param, fyStart(fy)) }));
}

export function healthRate(p: Prepared, fy: FiscalYear): number {
  return valueAt(p.dataset.district.parameters.healthPerEmployee, fyStart(fy));
}

/** Annual salaried staff are always eligible; hourly staff from the unit kind's minimum hours a day. */
export function healthEligible(p: Prepared, g: { unit: Unit; lane: Lane; hoursPerDay: number }): boolean {
  if (g.lane.basis === 'annual') return true;
  return g.hoursPerDay >= p.dataset.district.parameters.healthEligibleMinHours[g.unit.kind];
}
