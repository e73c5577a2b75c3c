/**
 * The demo's strike days on a small seed, counted by hand: two schools, A with 10 active
 * members and B with 3, B's third member linked to a sign-in.
 */
import { describe, expect, it } from 'vitest';
import { makeRng } from '../district/generate/random.ts';
import { RULE_FAR_APART, RULE_UNDO } from './attendance.ts';
import { planCheckIns } from './demo-checkins.ts';
import { ALTERNATES, DEMO_STRIKE_DAYS, pacific, planStrikeDays } from './demo-plan.ts';

const A = 1000, B = 2000;
const sites = [
  { worksiteId: A, members: Array.from({ length: 10 }, (_, i) => 100 + i) },
  { worksiteId: B, members: [200, 201, 202] },
];
const plan = () => planStrikeDays({ sites, linked: [202], rng: makeRng(7, 'plan') });

describe('the demo strike days, planned', () => {
  it('has six strike days, two picket shifts per school and four alternate duties a day', () => {
    const p = plan();
    // Per day: 2 schools × 2 pickets + 4 alternate duties = 8 shifts; × 6 days = 48.
    expect(p.shifts).toHaveLength(48);
    expect(DEMO_STRIKE_DAYS.map((d) => d.date)).toEqual(['2019-01-14', '2019-01-15', '2019-01-16', '2019-01-17', '2019-01-18', '2019-01-22']);
    const day0 = p.shifts.filter((s) => s.day === 0);
    // A (n = 10): morning capacity max(4, ⌈8⌉) = 8, minimum max(3, ⌈3.5⌉) = 4; afternoon max(3, ⌈4⌉) = 4, max(2, ⌈1.5⌉) = 2.
    // B (n = 3): morning max(4, ⌈2.4⌉) = 4, max(3, ⌈1.05⌉) = 3; afternoon max(3, ⌈1.2⌉) = 3, max(2, ⌈0.45⌉) = 2.
    expect(day0.filter((s) => s.duty === 'picket').map((s) => [s.worksiteId, s.startsAt, s.endsAt, s.capacity, s.minimum])).toEqual([
      // 6:30 and 9:30 Pacific Standard Time (UTC−8) are 14:30Z and 17:30Z; 14:00–16:00 are 22:00Z–00:00Z the next day.
      [A, '2019-01-14T14:30:00.000Z', '2019-01-14T17:30:00.000Z', 8, 4],
      [A, '2019-01-14T22:00:00.000Z', '2019-01-15T00:00:00.000Z', 4, 2],
      [B, '2019-01-14T14:30:00.000Z', '2019-01-14T17:30:00.000Z', 4, 3],
      [B, '2019-01-14T22:00:00.000Z', '2019-01-15T00:00:00.000Z', 3, 2],
    ]);
    expect(day0.filter((s) => s.duty !== 'picket').map((s) => s.duty)).toEqual(['phone-bank', 'food', 'child-care', 'access']);
    expect(pacific('2019-01-22', '06:30')).toBe('2019-01-22T14:30:00.000Z');
  });

  it('signs up 13 members a day: 9 at A, 3 at B and one on the phone bank', () => {
    const p = plan();
    const perShift = (day: number) => p.shifts.map((s, i) => [s, i] as const).filter(([s]) => s.day === day).map(([, i]) => p.signups.filter((u) => u.shift === i).length);
    // A: round(0.88 × 10) = 9 sign; morning min(8, round(0.75 × 9) = 7) = 7, afternoon min(4, 2) = 2; 1 left idle.
    // B: round(0.88 × 3) = 3 sign; morning min(4, round(2.25) = 2) = 2, afternoon min(3, 1) = 1.
    // The idle member goes to the first alternate with room (phone bank: round(0.75 × 40) = 30 places).
    for (let day = 0; day < 6; day++) expect(perShift(day)).toEqual([7, 2, 2, 1, 1, 0, 0, 0]);
    expect(p.signups).toHaveLength(6 * 13);
    // The linked member (202) signs up every day, at B's morning.
    const bMorning = p.shifts.flatMap((s, i) => (s.worksiteId === B && s.startsAt.endsWith('14:30:00.000Z') ? [i] : []));
    for (const i of bMorning) expect(p.signups.some((u) => u.shift === i && u.memberRowId === 202)).toBe(true);
    // share(0.85 × 2 sites) = round(1.7) = 2: both schools name a captain among each shift's sign-ups.
    for (const [i, s] of p.shifts.entries()) if (s.duty === 'picket') expect(p.signups.some((u) => u.shift === i && u.memberRowId === s.captain)).toBe(true);
    expect(ALTERNATES).toHaveLength(4);
  });

  it('checks in the mornings: one absent, one late, five out by hand and four automatically a day', () => {
    const p = plan();
    const after = planCheckIns({ plan: p, now: '2019-01-23T08:00:00.000Z', rng: makeRng(7, 'in'), captains: new Map(), organizer: 9 });
    // Morning sign-ups a day: 7 (A) + 2 (B) + 1 (phone bank) = N = 10 (afternoons get none).
    // absent round(1.0) = 1, late round(0.7) = 1, present 9; out by hand round(0.6 × 9) = 5, auto 4.
    // Actions: 6 days × (9 in + 5 out) = 84; attendance rows: 6 × 9 = 54, 6 × 4 = 24 checked out automatically.
    expect(after.actions).toHaveLength(84);
    expect(after.attendance).toHaveLength(54);
    expect(after.attendance.filter((r) => r.outMethod === 'auto')).toHaveLength(24);
    expect(after.actions.filter((a) => a.action === 'out')).toHaveLength(30);
    // No captain has a sign-in: every action was a member typing the code.
    expect(new Set(after.actions.map((a) => a.method))).toEqual(new Set(['code']));
    // Late: 16–75 minutes after 6:30 (14:30Z), so 14:46Z to 15:45Z.
    const late = after.attendance.filter((r) => Date.parse(r.checkedInAt!) > Date.parse(p.shifts[r.shift].startsAt) + 15 * 60_000);
    expect(late).toHaveLength(6);
    expect(new Set(after.actions.map((a) => a.deviceActionId)).size).toBe(84);
    // On time: at the start or before it, so a whole 3-hour morning counts for strike pay.
    const onTime = after.attendance.filter((r) => !late.includes(r));
    for (const r of onTime) expect(Date.parse(r.checkedInAt!)).toBeLessThanOrEqual(Date.parse(p.shifts[r.shift].startsAt));
  });

  it('stops at the demo\'s now, with two conflicts at the captain\'s site', () => {
    const p = plan();
    const now = '2019-01-22T15:20:00.000Z';
    const at = planCheckIns({ plan: p, now, rng: makeRng(7, 'in'), captains: new Map([[A, 5]]), organizer: 9 });
    for (const a of at.actions) expect(Date.parse(a.receivedAt)).toBeLessThanOrEqual(Date.parse(now));
    const last = at.attendance.filter((r) => p.shifts[r.shift].day === 5);
    // Day 6 at 7:20: the pickets and child care (6:30) and food (7:00) started, the phone bank (9:00) not:
    // N = 9, absent 1, late 1 (in only if by 7:20), present on time 7; nobody checked out yet.
    expect(last.length === 7 || last.length === 8).toBe(true);
    expect(last.every((r) => r.checkedOutAt === null)).toBe(true);
    const conflicts = last.filter((r) => r.conflict !== null);
    expect(conflicts.map((r) => r.conflict!.rule)).toEqual([RULE_UNDO, RULE_FAR_APART]);
    // The undo held: not checked in. The second check-in 15 minutes later did not move the first.
    expect(conflicts[0].checkedInAt).toBeNull();
    expect(conflicts[0].conflict!.held).toMatch(/organizer-undo$/);
    expect(conflicts[1].checkedInAt).toBe(conflicts[1].conflict!.actions[0].at);
    expect(Date.parse(conflicts[1].conflict!.actions[1].at) - Date.parse(conflicts[1].conflict!.actions[0].at)).toBe(15 * 60_000);
    expect(conflicts.every((r) => p.shifts[r.shift].worksiteId === A)).toBe(true);
    // Recorded by the captain (person 5) and the organizer (person 9).
    expect(conflicts.map((r) => r.conflict!.actions.map((a) => a.recordedBy))).toEqual([[5, 9], [5, 9]]);
  });
});
