import type { Path } from '../text/yaml.ts';

/** A valid example for each field a person writes in a proposal, shown with every error. */
const BY_FIELD: Record<string, string> = {
  id: 'id: utla-2019-settlement',
  title: 'title: Tentative agreement of January 22, 2019',
  party: 'party: union   (or district, joint, fact-finder)',
  unit: 'unit: UTLA',
  date: 'date: 2019-01-22',
  term: 'term: { start: 2017-07-01, end: 2022-06-30 }',
  start: 'start: 2017-07-01',
  end: 'end: 2022-06-30',
  sources: 'sources: [{ title: "LA Times, Jan 22 2019", href: "https://…" }]',
  terms: 'terms: [{ kind: raise, pct: 3, effective: 2017-07-01 }]',
  kind: 'kind: raise   (or hourly-raise, flat-amount, bonus, wage-floor, added-hours, health, class-size, staffing, hire, me-too, non-cost)',
  pct: 'pct: 3   (percent: 3 means 3%)',
  effective: 'effective: 2019-07-01',
  paid: 'paid: 2019-03-01',
  amount: 'amount: 2.00',
  roles: 'roles: [nurse]',
  hourly: 'hourly: 22.52',
  hoursPerDay: 'hoursPerDay: 0.5',
  perEmployee: 'perEmployee: 1200',
  partTimeMinHours: 'partTimeMinHours: 4',
  employedIn: 'employedIn: 2020-21',
  caps: 'caps: [{ grades: 4-6, from: 2019-07-01, cap: 35, highNeedCap: 33 }]',
  grades: 'grades: 4-6',
  measure: 'measure: maximum   (or average)',
  from: 'from: 2019-07-01',
  cap: 'cap: 35',
  reduceBy: 'reduceBy: 1',
  highNeedCap: 'highNeedCap: 33',
  highNeedReduceBy: 'highNeedReduceBy: 2',
  role: 'role: nurse',
  schools: 'schools: { types: [elementary, middle, high, span] }',
  types: 'types: [middle, high]',
  phases: 'phases: [{ from: 2019-07-01, count: 150 }, { from: 2020-07-01, count: 150 }]',
  perSchool: 'perSchool: 1.0',
  studentsPerStaff: 'studentsPerStaff: 500',
  count: 'count: 150',
  text: 'text: Reduce standardized testing by half',
};

const BY_KIND: Record<string, string> = {
  raise: '{ kind: raise, pct: 3, effective: 2018-07-01 }',
  'hourly-raise': '{ kind: hourly-raise, amount: 2.00, effective: 2024-01-01 }',
  'flat-amount': '{ kind: flat-amount, roles: [nurse], amount: 20000, effective: 2023-07-01 }',
  bonus: '{ kind: bonus, amount: 1000, paid: 2023-06-01, employedIn: 2020-21 }',
  'wage-floor': '{ kind: wage-floor, hourly: 22.52, effective: 2023-07-01 }',
  'added-hours': '{ kind: added-hours, roles: [special-education-assistant], hoursPerDay: 0.5, effective: 2023-07-01 }',
  health: '{ kind: health, partTimeMinHours: 4, effective: 2024-01-01 }',
  'class-size': '{ kind: class-size, caps: [{ grades: 4-6, from: 2019-07-01, cap: 35 }] }',
  staffing: '{ kind: staffing, role: nurse, schools: { types: [elementary] }, phases: [{ from: 2019-07-01, perSchool: 1 }] }',
  hire: '{ kind: hire, role: librarian, phases: [{ from: 2019-07-01, count: 41 }] }',
  'me-too': '{ kind: me-too, unit: SEIU99, terms: [raise-1] }',
  'non-cost': '{ kind: non-cost, text: Limit charter co-location }',
};

export function proposalExample(path: Path, kindAt?: (termIndex: number) => string | undefined): string | undefined {
  const last = [...path].reverse().find((p) => typeof p === 'string') as string | undefined;
  if (path[0] === 'terms' && typeof path[1] === 'number' && (path.length === 2 || last === 'kind')) {
    const kind = kindAt?.(path[1]);
    return (kind && BY_KIND[kind]) ?? BY_FIELD.kind;
  }
  if (path[0] === 'terms' && typeof path[1] === 'number' && path.length === 3 && typeof path[2] === 'number') return undefined;
  return last ? BY_FIELD[last] : undefined;
}

export function kindExample(kind: string): string | undefined {
  return BY_KIND[kind];
}
