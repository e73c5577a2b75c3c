import type { Path } from '../text/yaml.ts';
import { termSchema } from './schema.ts';

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
  kind: 'kind: raise   (or hourly-raise, flat-amount, bonus, wage-floor, added-hours, health, program, class-size, staffing, hire, me-too, non-cost)',
  pct: 'pct: 3   (percent: 3 means 3%)',
  effective: 'effective: 2019-07-01',
  paid: 'paid: 2019-03-01',
  outsideTerm: 'outsideTerm: true   (only when the agreement pays outside the contract term on purpose; else leave it out)',
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
  schools: 'schools: { types: [elementary, middle] }   (or schools: {} for every school)',
  types: 'types: [middle, high]',
  phases: 'phases: [{ from: 2019-07-01, count: 150 }, { from: 2020-07-01, count: 150 }]',
  perSchool: 'perSchool: 1.0',
  studentsPerStaff: 'studentsPerStaff: 500',
  count: 'count: 150',
  text: 'text: Reduce standardized testing by half',
  oneTime: 'oneTime: true',
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
  program: '{ kind: program, title: Community schools, count: 30, amount: 400000, effective: 2019-07-01 }',
  'me-too': '{ kind: me-too, unit: SEIU99, terms: [raise-1] }',
  'non-cost': '{ kind: non-cost, text: Limit charter co-location }',
};

/** Fields whose meaning (and so whose example) depends on the term kind. */
const BY_KIND_FIELD: Record<string, Record<string, string>> = {
  'hourly-raise': { amount: 'amount: 2.00   (dollars an hour)' },
  'flat-amount': { amount: 'amount: 20000   (dollars a year)' },
  bonus: { amount: 'amount: 1000   (dollars per employee)', pct: 'pct: 2   (percent of annual pay: 2 means 2%)' },
  staffing: {
    phases: '{ from: 2019-07-01, perSchool: 1 }   (or { from: 2019-07-01, studentsPerStaff: 500 })',
    role: 'role: nurse',
  },
  'me-too': { unit: 'unit: SEIU99   (the bargaining unit that gets the same terms)', terms: 'terms: [raise-1, bonus-2]' },
};

/** The fields of a proposal, shown when the whole file is wrong or a top-level field is unknown. */
const PROPOSAL_FIELDS = 'a proposal has the fields id, title, party, unit, date, term and terms, and optionally summary and sources, each on its own line like `party: union`';

export function proposalExample(path: Path, kindAt?: (termIndex: number) => string | undefined): string | undefined {
  if (path.length === 0) return PROPOSAL_FIELDS;
  const last = [...path].reverse().find((p) => typeof p === 'string') as string | undefined;
  const kind = path[0] === 'terms' && typeof path[1] === 'number' ? kindAt?.(path[1]) : undefined;
  if (path[0] === 'terms' && typeof path[1] === 'number' && (path.length === 2 || last === 'kind')) {
    return kind && BY_KIND[kind] ? `${BY_KIND[kind]}   (${fieldsOf(kind)})` : BY_FIELD.kind;
  }
  if (path[0] === 'terms' && typeof path[1] === 'number' && path.length === 3 && typeof path[2] === 'number') return undefined;
  if (kind && last && path.length > 2 && BY_KIND_FIELD[kind]?.[last]) return BY_KIND_FIELD[kind][last];
  return last ? BY_FIELD[last] : undefined;
}

/** "a raise term may have: kind, pct, …", read from the schema so it never drifts. */
function fieldsOf(kind: string): string {
  const option = termSchema.options.find((o) => (o.shape.kind as { value?: unknown }).value === kind);
  if (!option) return '';
  const common = ['id', 'title', 'unit', 'note'];
  const own = Object.keys(option.shape).filter((f) => f !== 'kind' && !common.includes(f));
  return `a ${kind} term may have: ${[...own, ...common].join(', ')}`;
}

export function kindExample(kind: string): string | undefined {
  return BY_KIND[kind];
}
