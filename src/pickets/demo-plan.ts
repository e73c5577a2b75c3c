/**
 * The demo's strike days: UTLA's six strike days of January 2019 (Monday 14 to Friday 18 and
 * Tuesday 22; Monday 21 was Martin Luther King Jr. Day), the shifts at every school worksite
 * and a few alternate duties, who signed up for which, and (demo-checkins.ts) what the
 * mornings' check-ins were. Pure: the random source is passed in, and so is "now".
 *
 * The counts are exact shares, so they can be worked out by hand; the random source only
 * chooses who. Per strike day, at a school worksite with n active members:
 *   morning picket 6:30–9:30    capacity max(4, ⌈0.8·n⌉), minimum max(3, ⌈0.35·n⌉)
 *   afternoon picket 14:00–16:00 capacity max(3, ⌈0.4·n⌉), minimum max(2, ⌈0.15·n⌉)
 *   sign-ups: s = round(0.88·n) members (half up), the morning takes min(capacity, round(0.75·s)),
 *   the afternoon min(capacity, the rest); members the demo links to a sign-in are always among them.
 * The alternate duties (ALTERNATES) fill round(0.75·capacity) each from members with no site sign-up.
 */
import { shuffled, type Rng } from '../district/generate/random.ts';
import type { Duty } from './types.ts';

export const DEMO_TIME_ZONE = 'America/Los_Angeles';

export const DEMO_STRIKE_DAYS = [
  { date: '2019-01-14', label: 'Strike day 1 (Monday)' },
  { date: '2019-01-15', label: 'Strike day 2 (Tuesday)' },
  { date: '2019-01-16', label: 'Strike day 3 (Wednesday)' },
  { date: '2019-01-17', label: 'Strike day 4 (Thursday)' },
  { date: '2019-01-18', label: 'Strike day 5 (Friday)' },
  { date: '2019-01-22', label: 'Strike day 6 (Tuesday, after Martin Luther King Jr. Day)' },
] as const;

/** The union hall: UTLA's headquarters, 3303 Wilshire Boulevard. */
const HALL = 'UTLA hall, 3303 Wilshire Blvd';

/** Alternate duties, every strike day. */
export const ALTERNATES: { duty: Duty; place: string; start: string; end: string; capacity: number; minimum: number }[] = [
  { duty: 'phone-bank', place: `Phone bank, ${HALL}`, start: '09:00', end: '12:00', capacity: 40, minimum: 10 },
  { duty: 'food', place: 'Food for the picket lines, Local 11 kitchen', start: '07:00', end: '11:00', capacity: 24, minimum: 6 },
  { duty: 'child-care', place: `Child care for striking parents, ${HALL}`, start: '06:30', end: '12:30', capacity: 12, minimum: 4 },
  { duty: 'access', place: `Seated tasks (access needs), ${HALL}`, start: '08:00', end: '12:00', capacity: 10, minimum: 2 },
];

export const PICKET_TEMPLATE = [
  { start: '06:30', end: '09:30', capacity: (n: number) => Math.max(4, Math.ceil(0.8 * n)), minimum: (n: number) => Math.max(3, Math.ceil(0.35 * n)) },
  { start: '14:00', end: '16:00', capacity: (n: number) => Math.max(3, Math.ceil(0.4 * n)), minimum: (n: number) => Math.max(2, Math.ceil(0.15 * n)) },
];
export const TEMPLATE_NAME = 'Morning and afternoon pickets';

/**
 * A local time in Los Angeles in January as a UTC instant: Pacific Standard Time is UTC−8 all
 * month (daylight time starts in March), so 06:30 on 2019-01-14 is 14:30Z.
 */
export const pacific = (date: string, hhmm: string): string => new Date(`${date}T${hhmm}:00.000-08:00`).toISOString();

/** Half up on a share of a whole number. */
export const share = (fraction: number, n: number): number => Math.floor(fraction * n + 0.5 + 1e-9);

export interface DemoSite {
  worksiteId: number;
  /** The site's active members (roster row ids), in roster order. */
  members: readonly number[];
}

export interface PlannedShift {
  day: number;
  worksiteId: number | null;
  place: string | null;
  duty: Duty;
  startsAt: string;
  endsAt: string;
  capacity: number;
  minimum: number;
  template: string | null;
  /** It starts before noon (the demo's check-ins are the mornings'). */
  morning: boolean;
  /** The shift's captain (a member signed up for it), or null: the worksite's captain, if any. */
  captain: number | null;
}

export interface PlannedSignup { shift: number; memberRowId: number }

export interface PicketPlan {
  shifts: PlannedShift[];
  signups: PlannedSignup[];
}

/**
 * `linked`: members with a sign-in in the demo (always signed up at their site's morning).
 * `captainShare`: the share of school sites whose shifts name a captain (the rest rely on the site's captain, or have none).
 */
export function planStrikeDays(x: { sites: readonly DemoSite[]; linked: readonly number[]; rng: Rng; captainShare?: number }): PicketPlan {
  const shifts: PlannedShift[] = [];
  const signups: PlannedSignup[] = [];
  const linked = new Set(x.linked);
  const named = new Set(shuffled(x.rng, x.sites.map((s) => s.worksiteId)).slice(0, share(x.captainShare ?? 0.85, x.sites.length)));
  DEMO_STRIKE_DAYS.forEach(({ date }, day) => {
    const idle: number[] = [];
    for (const site of x.sites) {
      const n = site.members.length;
      const order = shuffled(x.rng, site.members);
      const first = [...order.filter((m) => linked.has(m)), ...order.filter((m) => !linked.has(m))];
      const signing = Math.max(share(0.88, n), first.filter((m) => linked.has(m)).length);
      const [morning, afternoon] = PICKET_TEMPLATE.map((t) => ({ t, capacity: t.capacity(n) }));
      const inMorning = Math.min(morning.capacity, share(0.75, signing));
      const inAfternoon = Math.min(afternoon.capacity, signing - inMorning);
      const groups = [first.slice(0, inMorning), first.slice(inMorning, inMorning + inAfternoon)];
      idle.push(...first.slice(inMorning + inAfternoon));
      [morning, afternoon].forEach(({ t, capacity }, k) => {
        const index = shifts.length;
        const people = groups[k];
        shifts.push({
          day, worksiteId: site.worksiteId, place: null, duty: 'picket', startsAt: pacific(date, t.start), endsAt: pacific(date, t.end),
          capacity, minimum: t.minimum(n), template: TEMPLATE_NAME, morning: t.start < '12:00', captain: named.has(site.worksiteId) && people.length > 0 ? people[people.length - 1] : null,
        });
        for (const m of people) signups.push({ shift: index, memberRowId: m });
      });
    }
    const pool = shuffled(x.rng, idle);
    for (const a of ALTERNATES) {
      const index = shifts.length;
      shifts.push({ day, worksiteId: null, place: a.place, duty: a.duty, startsAt: pacific(date, a.start), endsAt: pacific(date, a.end), capacity: a.capacity, minimum: a.minimum, template: null, morning: a.start < '12:00', captain: null });
      for (const m of pool.splice(0, share(0.75, a.capacity))) signups.push({ shift: index, memberRowId: m });
    }
  });
  return { shifts, signups };
}
