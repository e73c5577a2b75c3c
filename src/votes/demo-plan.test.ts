import { describe, expect, it } from 'vitest';
import { planStrikeVote, type RollMember } from './demo-plan.ts';

const site = (worksite: string, n: number, first: number, email = true): RollMember[] =>
  Array.from({ length: n }, (_, i) => ({ memberId: String(first + i), worksite, email }));

describe('the demo strike vote plan', () => {
  it('makes UTLA\'s published figures from the voter list: 81% turnout, 98% yes', () => {
    // The demo roster's voter list: 30,846 active + 636 on leave = 31,482 eligible.
    // voted = round(0.81 × 31,482) = round(25,500.42) = 25,500 (25,500 ÷ 31,482 = 80.998% → 81.0%);
    // yes = round(0.98 × 25,500) = 24,990 exactly (98.0%); no = 25,500 − 24,990 = 510.
    const roll = Array.from({ length: 31_482 }, (_, i): RollMember => ({ memberId: String(100_001 + i), worksite: `Site ${i % 900}`, email: i % 3 !== 0 }));
    const plan = planStrikeVote(roll, { turnoutPercent: 81, yesPercent: 98, online: 100, kioskSites: ['Site 1', 'Site 2'] });
    expect([plan.eligible, plan.voted, plan.yes, plan.no]).toEqual([31_482, 25_500, 24_990, 510]);
    const groups = [plan.online, ...plan.kiosk.values(), ...plan.paper.values()];
    expect(groups.reduce((n, g) => n + g.memberIds.length, 0)).toBe(25_500);
    expect(groups.reduce((n, g) => n + g.yes, 0)).toBe(24_990);
    expect(groups.every((g) => g.yes <= g.memberIds.length)).toBe(true);
    expect(new Set(groups.flatMap((g) => g.memberIds)).size).toBe(25_500);
    expect(plan.online.memberIds).toHaveLength(100);
    // Site 1 has 35 members (31,482 = 900 × 34 + 882: sites 0–881 have 35); 81% of them vote at its kiosk.
    expect(plan.kiosk.get('Site 1')!.memberIds.length).toBeGreaterThanOrEqual(28);
    expect(plan.paper.has('Site 1')).toBe(false);
  });

  it('works a small list out by hand', () => {
    // 10 + 10 eligible: voted = round(0.81 × 20) = round(16.2) = 16, 8 at each site;
    // yes = round(0.98 × 16) = round(15.68) = 16: every voter says yes.
    const small = planStrikeVote([...site('A', 10, 1), ...site('B', 10, 11)], { turnoutPercent: 81, yesPercent: 98, online: 1, kioskSites: ['B'] });
    expect([small.voted, small.yes, small.no]).toEqual([16, 16, 0]);
    // A's first member votes online; A's next 7 on paper; B's first 8 at the kiosk.
    expect(small.online).toEqual({ memberIds: ['1'], yes: 1 });
    expect(small.paper.get('A')).toEqual({ memberIds: ['2', '3', '4', '5', '6', '7', '8'], yes: 7 });
    expect(small.kiosk.get('B')).toEqual({ memberIds: ['11', '12', '13', '14', '15', '16', '17', '18'], yes: 8 });
    // 50 eligible: voted = round(40.5) = 41 (half up); yes = round(0.98 × 41) = round(40.18) = 40, no = 1.
    const half = planStrikeVote(site('C', 50, 1), { turnoutPercent: 81, yesPercent: 98, online: 0, kioskSites: [] });
    expect([half.voted, half.yes, half.no]).toEqual([41, 40, 1]);
  });

  it('refuses a plan with fewer reachable voters than it puts online', () => {
    expect(() => planStrikeVote(site('A', 10, 1, false), { turnoutPercent: 81, yesPercent: 98, online: 1, kioskSites: [] })).toThrow(/only 0 paper sites/);
  });
});
