import { describe, expect, it } from 'vitest';
import { coverageBoard, presentAt, type AttendanceFacts, type ShiftFacts } from './coverage.ts';
import { atRiskList } from './at-risk.ts';

// A strike morning in Los Angeles, in UTC: 6:30–9:30 PST is 14:30–17:30Z, 14:00–16:00 PST is 22:00–00:00Z.
const AM = { startsAt: '2019-01-14T14:30:00.000Z', endsAt: '2019-01-14T17:30:00.000Z' };
const PM = { startsAt: '2019-01-14T22:00:00.000Z', endsAt: '2019-01-15T00:00:00.000Z' };

const shift = (o: Partial<ShiftFacts> & Pick<ShiftFacts, 'id'>): ShiftFacts => ({
  duty: 'picket', worksiteId: 1, site: 'Dorsey High', region: 'South', ...AM, minimum: 3, capacity: 20, hasCaptain: true, signedUp: 0, ...o,
});
const inAt = (shiftId: number, memberRowId: number, checkedInAt: string | null, checkedOutAt: string | null = null): AttendanceFacts => ({ shiftId, memberRowId, checkedInAt, checkedOutAt });

// Two regions: South (Dorsey High, two shifts; Crenshaw High, one shift with no captain), and one
// site with no region (Venice High); plus an alternate duty (phone banking at the union hall).
const SHIFTS: ShiftFacts[] = [
  shift({ id: 11, signedUp: 4 }),
  shift({ id: 12, ...PM, signedUp: 2 }),
  shift({ id: 21, worksiteId: 2, site: 'Crenshaw High', hasCaptain: false, signedUp: 5, minimum: 2 }),
  shift({ id: 31, worksiteId: 3, site: 'Venice High', region: null, signedUp: 1, minimum: 1 }),
  shift({ id: 41, worksiteId: null, site: 'UTLA hall', region: null, duty: 'phone-bank', signedUp: 3, minimum: 2, hasCaptain: false }),
];
const ATTENDANCE: AttendanceFacts[] = [
  inAt(11, 101, '2019-01-14T14:29:00.000Z'),
  inAt(11, 102, '2019-01-14T14:40:00.000Z'),
  inAt(11, 103, '2019-01-14T14:35:00.000Z', '2019-01-14T15:00:00.000Z'), // left at 7:00
  inAt(11, 104, null), // checked in by mistake, then undone
  inAt(21, 201, '2019-01-14T14:31:00.000Z'),
  inAt(21, 202, '2019-01-14T14:32:00.000Z'),
  inAt(41, 401, '2019-01-14T14:31:00.000Z'),
  inAt(41, 402, '2019-01-14T16:00:00.000Z'), // an offline check-in timed after `now`: not yet
];

describe('the coverage board at 7:15 on a strike morning (15:15Z)', () => {
  const now = new Date('2019-01-14T15:15:00.000Z');
  const board = coverageBoard({ shifts: SHIFTS, attendance: ATTENDANCE, now });
  const site = (name: string) => board.regions.flatMap((r) => r.sites).find((s) => s.name === name)!;

  it('groups by region (named first, then none) and site (by name)', () => {
    expect(board.regions.map((r) => r.region)).toEqual(['South', null]);
    expect(board.regions[0].sites.map((s) => s.name)).toEqual(['Crenshaw High', 'Dorsey High']);
    expect(board.regions[1].sites.map((s) => s.name)).toEqual(['UTLA hall', 'Venice High']);
    expect(site('Dorsey High').shifts.map((s) => s.id)).toEqual([11, 12]); // morning before afternoon
  });

  it('counts who is checked in now, who arrived, and which shifts are below minimum', () => {
    const dorseyAm = site('Dorsey High').shifts[0];
    // 101 and 102 are there; 103 left at 15:00Z; 104 undone → 2 here, 3 arrived; minimum 3 → below.
    expect(dorseyAm).toMatchObject({ status: 'running', signedUp: 4, checkedIn: 2, arrived: 3, belowMinimum: true, captain: true });
    // The afternoon has not started: 2 signed up against a minimum of 3 → below.
    expect(site('Dorsey High').shifts[1]).toMatchObject({ status: 'upcoming', checkedIn: 0, belowMinimum: true });
    // Crenshaw: 2 here, minimum 2 → not below; no captain.
    expect(site('Crenshaw High')).toMatchObject({ belowMinimum: false, noCaptain: true });
    // Venice: nobody checked in, minimum 1 → below.
    expect(site('Venice High').shifts[0]).toMatchObject({ checkedIn: 0, belowMinimum: true });
    // The hall: 401 here; 402's check-in is timed 16:00Z, after now → 1 here, below the minimum 2.
    expect(site('UTLA hall')).toMatchObject({ worksiteId: null, belowMinimum: true, noCaptain: true });
    expect(site('UTLA hall').shifts[0]).toMatchObject({ duty: 'phone-bank', checkedIn: 1, arrived: 1 });
  });

  it('totals the day', () => {
    expect(board.totals).toEqual({
      sites: 3, places: 1, shifts: 5, // Dorsey, Crenshaw, Venice; the UTLA hall is a place
      signedUp: 15, // 4 + 2 + 5 + 1 + 3
      checkedIn: 5, // Dorsey AM 2 + Crenshaw 2 + hall 1
      arrived: 6, // Dorsey AM 3 + Crenshaw 2 + hall 1
      peopleCheckedIn: 5, peopleArrived: 6, // nobody on two shifts: the same as the shifts' sums
      belowMinimum: 4, // Dorsey AM, Dorsey PM, Venice, hall
      noCaptain: 2, // Crenshaw, hall
      sitesBelowMinimum: 2, // Dorsey, Venice (of the 3 sites)
      sitesNoCaptain: 1, // Crenshaw
      placesBelowMinimum: 1, placesNoCaptain: 1, // the hall (of the 1 place)
    });
    expect(board.asOf).toBe('2019-01-14T15:15:00.000Z');
  });

  it('counts a member on two shifts at once on each shift, and once among the people', () => {
    // 101 also walked up to Crenshaw at 14:50Z: Crenshaw has 3 checked in, the shifts' sum 6, the people 5.
    const twice = coverageBoard({ shifts: SHIFTS, attendance: [...ATTENDANCE, inAt(21, 101, '2019-01-14T14:50:00.000Z')], now });
    expect([twice.totals.checkedIn, twice.totals.peopleCheckedIn, twice.totals.arrived, twice.totals.peopleArrived]).toEqual([6, 5, 7, 6]);
  });
});

describe('the board after the morning shifts ended', () => {
  it('keeps members checked in until 30 minutes after the end, then counts them out at the end', () => {
    const a = inAt(11, 101, '2019-01-14T14:29:00.000Z');
    expect(presentAt(a, AM.endsAt, new Date('2019-01-14T17:59:59.000Z'))).toBe(true); // 17:30 + 30 min not reached
    expect(presentAt(a, AM.endsAt, new Date('2019-01-14T18:00:00.000Z'))).toBe(false);
    const board = coverageBoard({ shifts: SHIFTS, attendance: ATTENDANCE, now: new Date('2019-01-14T18:30:00.000Z') });
    const dorseyAm = board.regions[0].sites[1].shifts[0];
    // Over: nobody here, 3 arrived, never below minimum once over.
    expect(dorseyAm).toMatchObject({ status: 'over', checkedIn: 0, arrived: 3, belowMinimum: false });
    // Only the afternoon shift (upcoming, 2 < 3) is below minimum now.
    expect(board.totals.belowMinimum).toBe(1);
  });
});

describe('the at-risk list', () => {
  const signups = [
    { shiftId: 11, memberRowId: 101, name: 'Ana' },
    { shiftId: 11, memberRowId: 103, name: 'Carmen' },
    { shiftId: 11, memberRowId: 104, name: 'Dev' },
    { shiftId: 11, memberRowId: 105, name: 'Eli' },
    { shiftId: 12, memberRowId: 106, name: 'Fay' },
    { shiftId: 31, memberRowId: 301, name: 'Gus' },
  ];

  it('is empty of late members before 15 minutes have passed', () => {
    // 14:44:59Z is 14 min 59 s after the 14:30 start.
    const r = atRiskList({ shifts: SHIFTS, signups, attendance: ATTENDANCE, messaged: new Set(), now: new Date('2019-01-14T14:44:59.000Z') });
    expect(r.late).toEqual([]);
  });

  it('lists the signed-up members not checked in 15 minutes after the start of a running shift', () => {
    const r = atRiskList({ shifts: SHIFTS, signups, attendance: ATTENDANCE, messaged: new Set(['11:105']), now: new Date('2019-01-14T14:52:30.000Z') });
    // Ana checked in; Carmen checked in (and left later); Dev's check-in was undone → late; Eli never → late;
    // Fay's shift has not started; Gus at Venice → late. 22.5 minutes after 14:30 → 22 whole minutes.
    expect(r.late.map((l) => [l.name, l.minutesLate, l.messaged])).toEqual([['Dev', 22, false], ['Eli', 22, true], ['Gus', 22, false]]);
    expect(r.late[0]).toMatchObject({ shiftId: 11, worksite: 'Dorsey High', startsAt: AM.startsAt });
  });

  it('counts a member signed up after the start as late only 15 minutes after their sign-up, and from then', () => {
    // Hal is assigned to the 14:30 shift at 15:40 (70 minutes in): not late at 15:54:59, late at 15:55 by 15 whole minutes (not 85).
    const hal = { shiftId: 31, memberRowId: 999, name: 'Hal', signedUpAt: '2019-01-14T15:40:00.000Z' };
    const at = (now: string) => atRiskList({ shifts: SHIFTS, signups: [hal], attendance: ATTENDANCE, messaged: new Set(), now: new Date(now) }).late.map((l) => [l.name, l.minutesLate]);
    expect(at('2019-01-14T15:54:59.000Z')).toEqual([]);
    expect(at('2019-01-14T15:55:00.000Z')).toEqual([['Hal', 15]]);
    // Signed up before the start: late from the start as before (22.5 minutes after 14:30 → 22).
    expect(atRiskList({ shifts: SHIFTS, signups: [{ ...hal, signedUpAt: '2019-01-13T20:00:00.000Z' }], attendance: ATTENDANCE, messaged: new Set(), now: new Date('2019-01-14T14:52:30.000Z') }).late.map((l) => l.minutesLate)).toEqual([22]);
  });

  it('lists nobody late once the shift is over', () => {
    const r = atRiskList({ shifts: SHIFTS, signups, attendance: ATTENDANCE, messaged: new Set(), now: new Date('2019-01-14T17:30:00.000Z') });
    expect(r.late).toEqual([]);
  });

  it('lists the shifts below minimum, running ones first', () => {
    const r = atRiskList({ shifts: SHIFTS, signups, attendance: ATTENDANCE, messaged: new Set(), now: new Date('2019-01-14T15:15:00.000Z') });
    // Running below: Dorsey AM (2 < 3), UTLA hall (1 < 2), Venice (0 < 1), by start then site name; then the upcoming Dorsey PM (2 signed up < 3).
    expect(r.belowMinimum.map((b) => [b.shiftId, b.status, b.checkedIn, b.minimum])).toEqual([[11, 'running', 2, 3], [41, 'running', 1, 2], [31, 'running', 0, 1], [12, 'upcoming', 0, 3]]);
  });
});
