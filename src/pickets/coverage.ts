/**
 * The coverage board (docs/pickets.md, "Coverage board"): for one strike day at a time `now`,
 * by region → site → shift, how many signed up, how many are checked in now, which shifts are
 * below their minimum and which have no captain, with totals. Pure: the caller reads the rows
 * and passes `now` in.
 *
 * - Checked in now: checked in at or before `now`, and not checked out at or before `now`. A
 *   member never checked out counts as checked out at the shift's end once the end is 30 minutes
 *   past (the automatic check-out), so a finished shift shows nobody checked in; `arrived`
 *   counts everyone who checked in at all.
 * - Below minimum: before the shift starts, fewer signed up than its minimum; while it runs,
 *   fewer checked in than its minimum; once it has ended, never.
 * - No captain: neither the shift's own captain nor a current captain of its worksite.
 */
import { AUTO_OUT_AFTER_MS } from './attendance.ts';
import type { Duty } from './types.ts';

export interface ShiftFacts {
  id: number;
  duty: Duty | string;
  worksiteId: number | null;
  /** The worksite's name, or the alternate duty's place. */
  site: string;
  region: string | null;
  startsAt: string;
  endsAt: string;
  minimum: number;
  capacity: number;
  /** A captain named on the shift, or a current captain of its worksite. */
  hasCaptain: boolean;
  /** Current sign-ups (not cancelled or moved). */
  signedUp: number;
}

/** One member's attendance on a shift (picket_attendance). */
export interface AttendanceFacts {
  shiftId: number;
  memberRowId: number;
  checkedInAt: string | null;
  checkedOutAt: string | null;
}

export type ShiftStatus = 'upcoming' | 'running' | 'over';

export interface BoardShift {
  id: number;
  duty: string;
  startsAt: string;
  endsAt: string;
  status: ShiftStatus;
  minimum: number;
  capacity: number;
  signedUp: number;
  checkedIn: number;
  arrived: number;
  captain: boolean;
  belowMinimum: boolean;
}

export interface BoardSite {
  worksiteId: number | null;
  name: string;
  shifts: BoardShift[];
  belowMinimum: boolean;
  noCaptain: boolean;
}

export interface BoardRegion {
  region: string | null;
  sites: BoardSite[];
}

export interface BoardTotals {
  /** Worksites with shifts (as the plan counts them). */
  sites: number;
  /** Other places with shifts (alternate duties at a union hall, a food bank…). */
  places: number;
  shifts: number;
  /** Sign-ups, check-ins now and arrivals, one per shift (a member on two shifts counts on each). */
  signedUp: number;
  checkedIn: number;
  arrived: number;
  /** Members checked in now and who arrived, each once however many shifts they are on. */
  peopleCheckedIn: number;
  peopleArrived: number;
  /** Shifts below their minimum. */
  belowMinimum: number;
  /** Shifts with no captain. */
  noCaptain: number;
  /** Worksites with a shift below its minimum, and with a shift with no captain (of `sites`). */
  sitesBelowMinimum: number;
  sitesNoCaptain: number;
  /** The same of the other places (of `places`). */
  placesBelowMinimum: number;
  placesNoCaptain: number;
}

export interface Board {
  asOf: string;
  totals: BoardTotals;
  regions: BoardRegion[];
}

const ms = (iso: string) => Date.parse(iso);

export function statusAt(shift: { startsAt: string; endsAt: string }, now: Date): ShiftStatus {
  const t = now.getTime();
  if (t < ms(shift.startsAt)) return 'upcoming';
  return t < ms(shift.endsAt) ? 'running' : 'over';
}

/** Whether a member is checked in at `now` on a shift ending at `endsAt` (the automatic check-out applied). */
export function presentAt(a: Pick<AttendanceFacts, 'checkedInAt' | 'checkedOutAt'>, endsAt: string, now: Date): boolean {
  if (a.checkedInAt === null || ms(a.checkedInAt) > now.getTime()) return false;
  const out = a.checkedOutAt !== null ? ms(a.checkedOutAt) : ms(endsAt) + AUTO_OUT_AFTER_MS;
  return now.getTime() < out;
}

/** Whether the shift is below its minimum at `now` (see the header). */
export function belowMinimumAt(status: ShiftStatus, minimum: number, signedUp: number, checkedIn: number): boolean {
  if (status === 'upcoming') return signedUp < minimum;
  if (status === 'running') return checkedIn < minimum;
  return false;
}

/** Sorts names as people read them; the sites with no region come last. */
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
export const byName = (a: string, b: string) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

export function coverageBoard(input: { shifts: ShiftFacts[]; attendance: AttendanceFacts[]; now: Date }): Board {
  const { now } = input;
  const endsOf = new Map(input.shifts.map((s) => [s.id, s.endsAt]));
  const checkedIn = new Map<number, number>();
  const arrived = new Map<number, number>();
  const people = { checkedIn: new Set<number>(), arrived: new Set<number>() };
  for (const a of input.attendance) {
    const ends = endsOf.get(a.shiftId);
    if (ends === undefined || a.checkedInAt === null || ms(a.checkedInAt) > now.getTime()) continue;
    arrived.set(a.shiftId, (arrived.get(a.shiftId) ?? 0) + 1);
    people.arrived.add(a.memberRowId);
    if (presentAt(a, ends, now)) {
      checkedIn.set(a.shiftId, (checkedIn.get(a.shiftId) ?? 0) + 1);
      people.checkedIn.add(a.memberRowId);
    }
  }

  const regions = new Map<string, { region: string | null; sites: Map<string, BoardSite> }>();
  const totals: BoardTotals = { sites: 0, places: 0, shifts: 0, signedUp: 0, checkedIn: 0, arrived: 0, peopleCheckedIn: people.checkedIn.size, peopleArrived: people.arrived.size, belowMinimum: 0, noCaptain: 0, sitesBelowMinimum: 0, sitesNoCaptain: 0, placesBelowMinimum: 0, placesNoCaptain: 0 };
  for (const s of input.shifts) {
    const status = statusAt(s, now);
    const here = checkedIn.get(s.id) ?? 0;
    const shift: BoardShift = {
      id: s.id, duty: s.duty, startsAt: s.startsAt, endsAt: s.endsAt, status, minimum: s.minimum, capacity: s.capacity,
      signedUp: s.signedUp, checkedIn: here, arrived: arrived.get(s.id) ?? 0, captain: s.hasCaptain,
      belowMinimum: belowMinimumAt(status, s.minimum, s.signedUp, here),
    };
    const regionKey = s.region ?? '\u0000none';
    let region = regions.get(regionKey);
    if (!region) regions.set(regionKey, (region = { region: s.region, sites: new Map() }));
    const siteKey = s.worksiteId !== null ? `w${s.worksiteId}` : `p${s.site}`;
    let site = region.sites.get(siteKey);
    if (!site) region.sites.set(siteKey, (site = { worksiteId: s.worksiteId, name: s.site, shifts: [], belowMinimum: false, noCaptain: false }));
    site.shifts.push(shift);
    site.belowMinimum ||= shift.belowMinimum;
    site.noCaptain ||= !shift.captain;
    totals.shifts++;
    totals.signedUp += shift.signedUp;
    totals.checkedIn += shift.checkedIn;
    totals.arrived += shift.arrived;
    if (shift.belowMinimum) totals.belowMinimum++;
    if (!shift.captain) totals.noCaptain++;
  }

  const out: BoardRegion[] = [...regions.values()]
    .sort((a, b) => (a.region === null ? 1 : b.region === null ? -1 : byName(a.region, b.region)))
    .map((r) => ({
      region: r.region,
      sites: [...r.sites.values()].sort((a, b) => byName(a.name, b.name) || (a.worksiteId ?? 0) - (b.worksiteId ?? 0)).map((site) => {
        site.shifts.sort((a, b) => (a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : a.id - b.id));
        // Worksites and other places apart, so "below minimum" is never more than the sites there are.
        if (site.worksiteId !== null) {
          totals.sites++;
          if (site.belowMinimum) totals.sitesBelowMinimum++;
          if (site.noCaptain) totals.sitesNoCaptain++;
        } else {
          totals.places++;
          if (site.belowMinimum) totals.placesBelowMinimum++;
          if (site.noCaptain) totals.placesNoCaptain++;
        }
        return site;
      }),
    }));
  return { asOf: now.toISOString(), totals, regions: out };
}
