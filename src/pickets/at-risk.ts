/**
 * The at-risk list (docs/pickets.md, "Coverage board"): at a time `now`, who signed up and has
 * not checked in 15 minutes after their shift started (or after they were signed up, when later)
 * while it is still running, and which
 * shifts are below their minimum (coverage.ts: before the start, too few signed up; while it
 * runs, too few checked in). Pure: the caller reads the rows and passes `now` in.
 */
import { belowMinimumAt, byName, presentAt, statusAt, type AttendanceFacts, type ShiftFacts, type ShiftStatus } from './coverage.ts';

/** A member is late once the shift has run this long without their check-in. */
export const LATE_AFTER_MS = 15 * 60_000;

export interface SignupFacts {
  shiftId: number;
  memberRowId: number;
  name: string;
  /** When they were signed up (or assigned, or moved here): one signed up after the start is late 15 minutes after that. */
  signedUpAt?: string;
}

export interface LateMember {
  memberRowId: number;
  name: string;
  shiftId: number;
  worksite: string;
  startsAt: string;
  /** Whole minutes since the shift started, or since they were signed up when that was later. */
  minutesLate: number;
  /** An at-risk message to them for this shift is already queued. */
  messaged: boolean;
}

export interface ShortShift {
  shiftId: number;
  worksite: string;
  startsAt: string;
  status: ShiftStatus;
  signedUp: number;
  checkedIn: number;
  minimum: number;
}

export interface AtRisk {
  asOf: string;
  late: LateMember[];
  belowMinimum: ShortShift[];
}

/** The key of a member on a shift, as `messaged` holds it. */
export const lateKey = (shiftId: number, memberRowId: number) => `${shiftId}:${memberRowId}`;

export function atRiskList(input: { shifts: ShiftFacts[]; signups: SignupFacts[]; attendance: AttendanceFacts[]; messaged: ReadonlySet<string>; now: Date }): AtRisk {
  const t = input.now.getTime();
  const shifts = new Map(input.shifts.map((s) => [s.id, s]));
  const everIn = new Set<string>();
  const here = new Map<number, number>();
  for (const a of input.attendance) {
    const s = shifts.get(a.shiftId);
    if (!s || a.checkedInAt === null || Date.parse(a.checkedInAt) > t) continue;
    everIn.add(lateKey(a.shiftId, a.memberRowId));
    if (presentAt(a, s.endsAt, input.now)) here.set(a.shiftId, (here.get(a.shiftId) ?? 0) + 1);
  }

  // The shifts running, with when they started.
  const running = new Map<number, number>();
  for (const s of input.shifts) if (statusAt(s, input.now) === 'running') running.set(s.id, Date.parse(s.startsAt));
  const late: LateMember[] = [];
  for (const u of input.signups) {
    const started = running.get(u.shiftId);
    if (started === undefined || everIn.has(lateKey(u.shiftId, u.memberRowId))) continue;
    // Late 15 minutes after the start, or after being signed up when that came later (an organizer assigning someone mid-shift).
    const since = t - Math.max(started, u.signedUpAt ? Date.parse(u.signedUpAt) : started);
    if (since < LATE_AFTER_MS) continue;
    const s = shifts.get(u.shiftId) as ShiftFacts;
    late.push({ memberRowId: u.memberRowId, name: u.name, shiftId: s.id, worksite: s.site, startsAt: s.startsAt, minutesLate: Math.floor(since / 60_000), messaged: input.messaged.has(lateKey(s.id, u.memberRowId)) });
  }
  const byTime = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  // By start, site and name: the shifts are put in order once, then each shift's members by name.
  const order = new Map([...shifts.values()].sort((a, b) => byTime(a.startsAt, b.startsAt) || byName(a.site, b.site) || a.id - b.id).map((s, i) => [s.id, i]));
  late.sort((a, b) => (order.get(a.shiftId) as number) - (order.get(b.shiftId) as number) || byName(a.name, b.name) || a.memberRowId - b.memberRowId);

  const belowMinimum: ShortShift[] = [];
  for (const s of input.shifts) {
    const status = statusAt(s, input.now);
    const checkedIn = here.get(s.id) ?? 0;
    if (belowMinimumAt(status, s.minimum, s.signedUp, checkedIn)) {
      belowMinimum.push({ shiftId: s.id, worksite: s.site, startsAt: s.startsAt, status, signedUp: s.signedUp, checkedIn, minimum: s.minimum });
    }
  }
  // Running shifts first (people are needed there now), then by start and site.
  const rank = (x: ShortShift) => (x.status === 'running' ? 0 : 1);
  belowMinimum.sort((a, b) => rank(a) - rank(b) || byTime(a.startsAt, b.startsAt) || byName(a.worksite, b.worksite) || a.shiftId - b.shiftId);
  return { asOf: input.now.toISOString(), late, belowMinimum };
}
