import { describe, expect, it } from 'vitest';
import { proposal, tiny } from '../../test/helpers/tiny.ts';
import { readStrikeDays, type StrikeDefaults } from './days.ts';
import { strikeImpact } from './impact.ts';

const impact = (text: string, defaults: Partial<StrikeDefaults> = {}, withProposal = false) => {
  const days = readStrikeDays({ text, file: 'days.csv', dataset: tiny(), defaults: { shares: {}, substitutes: 0, substituteRateCents: null, ...defaults } });
  const p = withProposal ? { proposal: proposal({ terms: [{ kind: 'raise', id: 'raise', pct: 3, effective: '2019-07-01' }] }) } : undefined;
  return strikeImpact({ dataset: tiny(), days, proposal: p });
};

describe('strike days across two fiscal years (tiny district)', () => {
  // A day in 2018-19 and one in 2019-20, all of unit T out. Attendance parameters do not change.
  const r = impact('date,students_attending\n2019-06-03,1000\n2019-09-03,1000\n', { shares: { T: 1 } });

  it('pays each day at its own year\'s step, column and statutory rates', () => {
    expect(r.years.map((y) => y.fy)).toEqual(['2018-19', '2019-20']);
    // 2018-19: 3,940,000 ÷ 180 = 21,888.89, statutory 17.5% = 3,830.56: 25,719.45.
    // 2019-20: every group one step up, 4,022,000 ÷ 180 = 22,344.444… → 22,344.44;
    //   statutory 17% + 1.5% = 18.5%: 22,344.44 × 0.185 = 4,133.7214 → 4,133.72; 26,478.16.
    expect(r.days.map((d) => [d.payNotPaid[0].payCents, d.payNotPaid[0].statutoryCents, d.payNotPaidCents])).toEqual([
      [2_188_889, 383_056, 2_571_945],
      [2_234_444, 413_372, 2_647_816],
    ]);
    // Revenue both days: 714.75 × 10,000 ÷ 180 = 39,708.33.
    expect(r.days.map((d) => d.revenueLostCents)).toEqual([3_970_833, 3_970_833]);
  });

  it('adds a member\'s lost pay day by day', () => {
    // 21,888.888… ÷ 69 = 317.23; 22,344.444… ÷ 69 = 323.83; 641.06 over 2 days (320.53 a day on average).
    expect(r.members[0]).toMatchObject({ unit: 'T', strikeDays: 2, lostPerMemberCents: 64_106, perMemberPerDayCents: 32_053 });
  });
});

describe('what the result says when it cannot say much', () => {
  it('a strike with no striking share: no members\' side, a warning, and no months for the proposal', () => {
    const r = impact('date,students_attending\n2019-03-04,1000\n', {}, true);
    expect(r.totals.payNotPaidCents).toBe(0);
    expect(r.members).toEqual([]);
    expect(r.warnings.map((w) => w.code)).toEqual(['strike.no-strikers', 'strike.proposal-unit-not-striking']);
    // The raise is still valued: 3% of 4,022,000 = 120,660 ÷ 69 ÷ 12 = 145.72 a month.
    expect(r.payback).toMatchObject({ fy: '2019-20', monthlyPerMemberCents: 14_572, lostPerMemberCents: null, months: null });
  });

  it('more students than on a normal day: the revenue "lost" is negative and the net goes down', () => {
    const r = impact('date,students_attending\n2019-03-04,1750\n');
    // (1,714.75 − 1,750) × 10,000 ÷ 180 = −35.25 × 55.555… = −1,958.33.
    expect(r.days[0].revenueLostCents).toBe(-195_833);
    expect(r.totals.netCents).toBe(-195_833);
  });
});
