import { stringify } from 'yaml';
import { fyLabel } from '../calendar/fiscal-year.ts';
import { spanLabel } from './grades.ts';
import type { DatedParameter, Reference } from './parameters.ts';
import { COLUMNS } from './tables.ts';
import { toCsv } from '../text/csv.ts';
import type { DatasetFiles } from './load.ts';
import type { Dataset, District, Enrollment, Placement, School } from './types.ts';

/** Dollars with two decimals from cents, exactly ("1800000000.00"). */
export function centsText(c: number): string {
  const neg = c < 0;
  const abs = Math.abs(c);
  return `${neg ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function schoolsCsv(schools: School[]): string {
  return toCsv(COLUMNS.schools, schools.map((s) => [
    s.id, s.cdsCode, s.name, s.type, spanLabel(s.grades), s.highNeed, s.latitude, s.longitude, s.address,
  ]));
}

export function enrollmentCsv(rows: Enrollment[]): string {
  return toCsv(COLUMNS.enrollment, rows.map((e) => [e.school, e.grade, e.students]));
}

function datedYaml(p: DatedParameter) {
  return {
    label: p.label,
    unit: p.unit,
    values: Object.fromEntries(p.values.map((v) => [v.from, v.value])),
    reference: p.reference.map(refYaml),
  };
}

function refYaml(r: Reference) {
  return r.href ? { title: r.title, href: r.href } : { title: r.title };
}

function placementYaml(p: Placement) {
  return { unit: p.unit, schedule: p.schedule, columnOrClass: p.lane, step: p.step, fte: p.fte, hoursPerDay: p.hoursPerDay, daysPerYear: p.daysPerYear };
}

export function districtYaml(d: District): string {
  const p = d.parameters;
  const statutory = (rates: Record<string, DatedParameter>) => Object.fromEntries(Object.entries(rates).map(([k, v]) => [k, datedYaml(v)]));
  const doc = {
    name: d.name,
    cdsCode: d.cdsCode,
    baseFiscalYear: fyLabel(d.baseFiscalYear),
    requiredReservePct: d.requiredReservePct,
    sources: d.sources.map(refYaml),
    parameters: {
      statutory: { certificated: statutory(p.statutory.certificated), classified: statutory(p.statutory.classified) },
      cola: datedYaml(p.cola),
      enrollmentTrend: datedYaml(p.enrollmentTrend),
      columnDrift: { certificated: datedYaml(p.columnDrift.certificated), classified: datedYaml(p.columnDrift.classified) },
      healthPerEmployee: datedYaml(p.healthPerEmployee),
      healthEligibleMinHours: p.healthEligibleMinHours,
      newHirePlacement: Object.fromEntries(Object.entries(p.newHirePlacement).map(([k, v]) => [k, placementYaml(v)])),
      // Written only when some unit has it, so a dataset without it reads back unchanged.
      ...(Object.keys(p.attrition).length ? { attrition: Object.fromEntries(Object.entries(p.attrition).map(([k, v]) => [k, { pct: v.pct, reference: v.reference.map(refYaml) }])) } : {}),
      classSize: { spans: p.classSize.spans.map((s) => ({ grades: spanLabel(s.grades), measure: s.measure, cap: s.cap })), reference: p.classSize.reference.map(refYaml) },
      secondaryPeriodsPerStudent: datedYaml(p.secondaryPeriodsPerStudent),
      sectionsPerTeacher: datedYaml(p.sectionsPerTeacher),
      revenuePerAda: datedYaml(p.revenuePerAda),
      instructionalDays: datedYaml(p.instructionalDays),
      normalAttendanceRate: datedYaml(p.normalAttendanceRate),
    },
    // What settle import district wrote, so reports can say which figures are the district's own since.
    ...(d.imported ? { imported: { by: d.imported.by, figures: d.imported.figures.map((f) => ({ ...f })) } } : {}),
  };
  return stringify(doc, { lineWidth: 0 });
}

/** Every file of a dataset folder, as text. Loading the result gives back the same dataset. */
export function serializeDataset(ds: Dataset): DatasetFiles {
  return {
    'district.yaml': districtYaml(ds.district),
    'schools.csv': schoolsCsv(ds.schools),
    'enrollment.csv': enrollmentCsv(ds.enrollment),
    'units.csv': toCsv(COLUMNS.units, ds.units.map((u) => [u.id, u.name, u.kind, u.union])),
    'schedules.csv': toCsv(COLUMNS.schedules, ds.schedules.map((s) => [
      s.unit, s.schedule, s.lane, s.step, s.basis === 'annual' ? s.rate.toFixed(2) : null, s.basis === 'hourly' ? s.rate.toFixed(2) : null,
    ])),
    'staff.csv': toCsv(COLUMNS.staff, ds.staff.map((r) => [
      r.site, r.unit, r.role, r.schedule, r.lane, r.step, r.fte, r.hoursPerDay, r.daysPerYear, r.count, r.hired,
    ])),
    'budget.csv': toCsv(COLUMNS.budget, ds.budget.map((b) => [
      fyLabel(b.fy), centsText(b.revenues), centsText(b.expenditures), b.beginningBalance === null ? null : centsText(b.beginningBalance), centsText(b.committed),
    ])),
  };
}
