/**
 * A dataset at a glance, computed from the stored files on a costing thread: schools by type,
 * enrollment by grade span, staff by unit and role with their pay, the budget by year with the
 * reserve, and every school's point for the map. Each figure is a plain count or sum of rows
 * of one file (the `from` of each part says which), so a reader can check it in the CSV.
 */
import { fyLabel } from '../../calendar/fiscal-year.ts';
import { GRADES, spanLabel, type Grade } from '../../district/grades.ts';
import type { Dataset, SchoolType } from '../../district/types.ts';
import { statusQuoCents } from '../../costing/baseline.ts';
import { currentEarners } from '../../costing/earners.ts';
import { prepare } from '../../costing/prepare.ts';
import { project } from '../../projection/project.ts';

export interface Overview {
  district: { name: string; cdsCode: string; baseFiscalYear: string; requiredReservePct: number };
  schools: { total: number; highNeed: number; unmapped: number; byType: { type: SchoolType; schools: number; highNeed: number; students: number }[] };
  enrollment: { total: number; bySpan: { span: string; students: number; schools: number }[] };
  staff: {
    headcount: number;
    fte: number;
    payCents: number;
    byUnit: { unit: string; name: string; union: string; kind: string; headcount: number; fte: number; payCents: number; roles: { role: string; headcount: number; fte: number; payCents: number }[] }[];
  };
  budget: { fy: string; revenueCents: number; expenditureCents: number; endingBalanceCents: number; committedCents: number; reservePct: number; requiredReservePct: number; meetsReserve: boolean }[];
  /** Every school with a location (schools.csv latitude and longitude), with its students (enrollment.csv). */
  points: { id: string; name: string; type: SchoolType; lat: number; lon: number; students: number; highNeed: boolean }[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Enrollment by the current contract's class-size spans, and grades no span covers ("other grades"). */
function enrollmentBySpan(d: Dataset): Overview['enrollment'] {
  const spans = d.district.parameters.classSize.spans.map((s) => s.grades);
  const spanOf = new Map<Grade, number>();
  spans.forEach((g, i) => g.forEach((grade) => spanOf.has(grade) || spanOf.set(grade, i)));
  const students = spans.map(() => 0);
  const schools = spans.map(() => new Set<string>());
  const other = new Map<Grade, { students: number; schools: Set<string> }>();
  for (const e of d.enrollment) {
    const i = spanOf.get(e.grade);
    if (i !== undefined) {
      students[i] += e.students;
      if (e.students > 0) schools[i].add(e.school);
      continue;
    }
    const o = other.get(e.grade) ?? { students: 0, schools: new Set<string>() };
    o.students += e.students;
    if (e.students > 0) o.schools.add(e.school);
    other.set(e.grade, o);
  }
  const bySpan = spans.map((g, i) => ({ span: spanLabel(g), students: students[i], schools: schools[i].size }));
  for (const g of GRADES) {
    const o = other.get(g);
    if (o) bySpan.push({ span: g, students: o.students, schools: o.schools.size });
  }
  return { total: d.enrollment.reduce((n, e) => n + e.students, 0), bySpan };
}

/**
 * Staff by unit and role. Pay is the base year's schedule: an annual salary × the position's
 * FTE × positions, or an hourly rate × hours a day × days a year × positions (the salary
 * costing starts from; statutory benefits and health are not in it). It is the costing's own
 * figure (src/costing/baseline.ts, rounded to the cent per pay group), so a unit's pay here is
 * its base-year salary in every cost table, disclosure and spreadsheet, to the cent.
 */
function staffByUnit(d: Dataset): Overview['staff'] {
  const units = d.units.map((u) => ({ unit: u.id, name: u.name, union: u.union, kind: u.kind, headcount: 0, fte: 0, payCents: 0, roles: new Map<string, { role: string; headcount: number; fte: number; payCents: number }>() }));
  const byId = new Map(units.map((u) => [u.unit, u]));
  const roleOf = (u: (typeof units)[number], role: string) => {
    const r = u.roles.get(role) ?? { role, headcount: 0, fte: 0, payCents: 0 };
    u.roles.set(role, r);
    return r;
  };
  for (const s of d.staff) {
    const u = byId.get(s.unit);
    if (!u) continue;
    const r = roleOf(u, s.role);
    r.headcount += s.count;
    r.fte += s.fte * s.count;
    u.headcount += s.count;
    u.fte += s.fte * s.count;
  }
  const p = prepare(d);
  for (const e of currentEarners(p)) {
    const u = byId.get(e.unit.id);
    if (!u) continue;
    const pay = statusQuoCents(e, p.base);
    roleOf(u, e.role).payCents += pay;
    u.payCents += pay;
  }
  const byUnit = units.map((u) => ({
    ...u, fte: round2(u.fte),
    roles: [...u.roles.values()].sort((a, b) => b.headcount - a.headcount || a.role.localeCompare(b.role)).map((r) => ({ ...r, fte: round2(r.fte) })),
  }));
  return {
    headcount: byUnit.reduce((n, u) => n + u.headcount, 0),
    fte: round2(byUnit.reduce((n, u) => n + u.fte, 0)),
    payCents: byUnit.reduce((n, u) => n + u.payCents, 0),
    byUnit,
  };
}

/** The budget as given (budget.csv), rolled forward: ending balance and reserve with no proposal. */
function budgetByYear(d: Dataset): Overview['budget'] {
  if (d.budget.length === 0) return [];
  const years = d.budget.map((b) => b.fy);
  return project({ dataset: d, years, costCents: () => 0 }).years.map((y) => ({
    fy: y.fy, revenueCents: y.revenueCents, expenditureCents: y.expenditureCents, endingBalanceCents: y.endingBalanceCents, committedCents: y.committedCents,
    reservePct: y.reservePct, requiredReservePct: y.requiredReservePct, meetsReserve: y.meetsReserve,
  }));
}

export function overviewOf(d: Dataset): Overview {
  const studentsAt = new Map<string, number>();
  for (const e of d.enrollment) studentsAt.set(e.school, (studentsAt.get(e.school) ?? 0) + e.students);
  const types = new Map<SchoolType, { type: SchoolType; schools: number; highNeed: number; students: number }>();
  for (const s of d.schools) {
    const t = types.get(s.type) ?? { type: s.type, schools: 0, highNeed: 0, students: 0 };
    t.schools += 1;
    t.highNeed += s.highNeed ? 1 : 0;
    t.students += studentsAt.get(s.id) ?? 0;
    types.set(s.type, t);
  }
  const points = d.schools
    .filter((s) => s.latitude !== null && s.longitude !== null)
    .map((s) => ({ id: s.id, name: s.name, type: s.type, lat: s.latitude as number, lon: s.longitude as number, students: studentsAt.get(s.id) ?? 0, highNeed: s.highNeed }));
  return {
    district: { name: d.district.name, cdsCode: d.district.cdsCode, baseFiscalYear: fyLabel(d.district.baseFiscalYear), requiredReservePct: d.district.requiredReservePct },
    schools: {
      total: d.schools.length,
      highNeed: d.schools.filter((s) => s.highNeed).length,
      unmapped: d.schools.length - points.length,
      byType: [...types.values()].sort((a, b) => b.schools - a.schools || a.type.localeCompare(b.type)),
    },
    enrollment: enrollmentBySpan(d),
    staff: staffByUnit(d),
    budget: budgetByYear(d),
    points,
  };
}
