/**
 * A synthetic union roster for the demo: members at the district dataset's sites, as many at
 * each site as the unit has positions there (so a big high school has more members than a small
 * early-education center), with names from short lists, member and employee ids, and some
 * emails and mobile numbers that cannot reach anyone: addresses at example.org (reserved for
 * documentation, RFC 2606) and 555-0100 to 555-0199 numbers (reserved for fiction in every North
 * American area code). Seeded and pure: the same dataset and seed give the same roster.
 */
import { apportion, makeRng, shuffled } from '../district/generate/random.ts';
import type { School, StaffRow } from '../district/types.ts';
import type { MemberFields, Status } from './fields.ts';

export interface DemoRosterSpec {
  seed: number;
  /** The bargaining unit's code in the dataset (its staff rows' `unit`). */
  unit: string;
  /** Members in all: split over the sites in proportion to the unit's positions there. */
  total: number;
  /** Shares of members with an email on the roster, and with a mobile number (at most MOBILES of them). */
  emailShare: number;
  mobileShare: number;
  /** Shares of members by status (active, on leave, lapsed). */
  statusShares: Record<Status, number>;
}

/** A demo member: the roster's fields, the worksite as the site's name in the dataset. */
export type DemoMember = MemberFields & { worksite: string; schoolId: string };

const FIRST = [
  'Ana', 'Luis', 'María', 'José', 'Carmen', 'Jorge', 'Rosa', 'Miguel', 'Elena', 'David', 'Grace', 'Kevin', 'Mei', 'Daniel',
  'Sofia', 'James', 'Linh', 'Robert', 'Aisha', 'Marcus', 'Patricia', 'Tomás', 'Jennifer', 'Hyun', 'Sarah', 'Andre',
  'Gabriela', 'Michael', 'Priya', 'Angela', 'Samuel', 'Lucia', 'Omar', 'Karen', 'Diego', 'Yolanda', 'Arturo', 'Nancy',
];
const LAST = [
  'Garcia', 'Hernández', 'Lopez', 'Martinez', 'Gonzalez', 'Rodriguez', 'Pérez', 'Sanchez', 'Ramirez', 'Flores', 'Kim',
  'Nguyen', 'Lee', 'Chen', 'Park', 'Johnson', 'Williams', 'Brown', 'Jones', 'Davis', 'Washington', 'Jackson', 'Cohen',
  'Ali', 'Patel', 'Torres', 'Rivera', 'Castillo', 'Morales', 'Reyes', 'Cruz', 'Ortiz', 'Silva', 'Ruiz', 'Tran', 'Wong',
];
/** Los Angeles County's area codes: with 555-0100 … 555-0199 each, 900 fictional mobile numbers. */
const AREA_CODES = ['213', '310', '323', '424', '562', '626', '661', '747', '818'];
export const MOBILES = AREA_CODES.length * 100;

/** Job classes as a roster shows them, from the dataset's role ids ("special-education-teacher" → "Special education teacher"). */
const jobClassOf = (role: string) => role.charAt(0).toUpperCase() + role.slice(1).replace(/-/g, ' ');
/** An email's local part from a name: ASCII letters only ("María Pérez" → "maria.perez"). */
const ascii = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z]+/g, '');

/** Positions of the unit at each site (a school id, or `central`), in the dataset's order of sites. */
export function unitPositions(staff: readonly StaffRow[], unit: string): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const row of staff) {
    if (row.unit !== unit) continue;
    const roles = out.get(row.site) ?? new Map<string, number>();
    roles.set(row.role, (roles.get(row.role) ?? 0) + row.count);
    out.set(row.site, roles);
  }
  return out;
}

/**
 * The demo roster: `total` members over the sites where the unit has positions, member ids
 * 100001 on. The shares of statuses, emails and mobiles are exact (largest remainder), dealt
 * out at random, so the figures a demo vote derives from them can be worked out by hand.
 */
export function demoRoster({ schools, staff, spec }: { schools: readonly School[]; staff: readonly StaffRow[]; spec: DemoRosterSpec }): DemoMember[] {
  const positions = unitPositions(staff, spec.unit);
  const siteName = new Map<string, string>([['central', 'Central office'], ...schools.map((s): [string, string] => [s.id, s.name])]);
  const sites = [...positions.keys()].filter((id) => siteName.has(id));
  const perSite = apportion(spec.total, sites.map((id) => [...positions.get(id)!.values()].reduce((s, n) => s + n, 0)));
  const rng = makeRng(spec.seed, `roster/${spec.unit}`);
  const statusNames = Object.keys(spec.statusShares) as Status[];
  const statusCounts = apportion(spec.total, statusNames.map((s) => spec.statusShares[s]));
  const statuses = shuffled(rng, statusNames.flatMap((s, i) => Array.from({ length: statusCounts[i] }, () => s)));
  const chosen = (share: number, cap: number) => new Set(shuffled(rng, Array.from({ length: spec.total }, (_, i) => i)).slice(0, Math.min(cap, Math.round(share * spec.total))));
  const withEmail = chosen(spec.emailShare, spec.total);
  const withMobile = chosen(spec.mobileShare, MOBILES);
  const mobiles = shuffled(rng, AREA_CODES.flatMap((a) => Array.from({ length: 100 }, (_, i) => `(${a}) 555-01${String(i).padStart(2, '0')}`)));

  const members: DemoMember[] = [];
  sites.forEach((site, i) => {
    const roles = [...positions.get(site)!.entries()];
    const jobs = apportion(perSite[i], roles.map(([, n]) => n));
    roles.forEach(([role], r) => {
      for (let k = 0; k < jobs[r]; k++) {
        const n = members.length;
        const first = FIRST[Math.floor(rng.next() * FIRST.length)];
        const last = LAST[Math.floor(rng.next() * LAST.length)];
        const memberId = String(100_001 + n);
        members.push({
          memberId, name: `${first} ${last}`, employeeId: `E${4_000_000 + n * 7}`,
          email: withEmail.has(n) ? `${ascii(first)}.${ascii(last)}.${memberId}@example.org` : null,
          mobile: withMobile.has(n) ? mobiles.pop()! : null,
          worksite: siteName.get(site)!, schoolId: site, jobClass: jobClassOf(role), status: statuses[n],
        });
      }
    });
  });
  return members;
}

/**
 * UTLA's demo roster: 31,800 members (the unit's positions in the LAUSD 2018-19 demo dataset;
 * PRODUCT.md: UTLA has about 31,000–35,000 members). ASSUMPTIONS: 70% give an email, a few
 * hundred (2%) a mobile number, 97% are active, 2% on leave and 1% lapsed.
 */
export const UTLA_DEMO_ROSTER: Omit<DemoRosterSpec, 'seed'> = {
  unit: 'UTLA', total: 31_800, emailShare: 0.7, mobileShare: 0.02, statusShares: { active: 0.97, leave: 0.02, inactive: 0.01 },
};

const HEADER = ['Member ID', 'Name', 'Employee #', 'E-mail', 'Cell', 'School', 'Job Title', 'Status'];
/** A CSV cell: quoted when it holds a comma, a quote or a line break. */
const cell = (v: string | null) => (v === null ? '' : /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The roster as the CSV file a union office would export (the header names the import suggests itself). */
export function demoRosterCsv(members: readonly DemoMember[]): string {
  const rows = members.map((m) => [m.memberId, m.name, m.employeeId, m.email, m.mobile, m.worksite, m.jobClass, m.status].map(cell).join(','));
  return `${HEADER.join(',')}\n${rows.join('\n')}\n`;
}
