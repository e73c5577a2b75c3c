import { describe, expect, it } from 'vitest';
import { tiny } from '../../test/helpers/tiny.ts';
import { readStrikeDays } from '../strike/days.ts';
import { strikeImpact } from '../strike/impact.ts';
import { dayInputs, daysCsv, dollars, strikeDaysOf, type DaySettings, type SiteCostRow } from './cost.ts';

const day = (over: Partial<DaySettings> = {}): DaySettings => ({ date: '2019-03-04', label: 'Strike day 1', shares: { T: 1 }, substituteDayRateCents: 30_000, otherCostsCents: 0, ...over });
const site = (status: string, studentsAttending: number | null, substitutes = 0): SiteCostRow => ({ status, studentsAttending, substitutes });

describe('a strike day\'s sites summed into the day\'s inputs', () => {
  it('sums attendance at the sites holding classes (no figure counts 0) and substitutes, and counts those still without attendance', () => {
    const inputs = dayInputs({ day: day(), sites: [site('instruction', 120, 2), site('instruction', null), site('supervision', 45, 1), site('meals', 8), site('closed', null, 0)] });
    // Classes: 120 + 0 (no figure) = 120 attending, one site without a figure. Without classes:
    // 45 supervised + 8 at a meal site = 53 reported, not attendance (ADA is earned on days of
    // instruction). Substitutes 2 + 1 = 3; open (not closed): 4 sites.
    expect(inputs).toMatchObject({ studentsAttending: 120, attendanceNotCounted: 53, substitutes: 3, substituteRateCents: 30_000, substituteRateMissing: false, openSites: 4, classSitesWithoutAttendance: 1 });
  });

  it('says when there are substitutes but no day rate (they are then costed at $0)', () => {
    const inputs = dayInputs({ day: day({ substituteDayRateCents: null }), sites: [site('instruction', 10, 4)] });
    expect(inputs).toMatchObject({ substitutes: 4, substituteRateCents: 0, substituteRateMissing: true });
    expect(dayInputs({ day: day({ substituteDayRateCents: null }), sites: [site('instruction', 10, 0)] }).substituteRateMissing).toBe(false);
  });
});

describe('the days file and the days strikeImpact takes say the same', () => {
  const days = [
    dayInputs({ day: day(), sites: [site('instruction', 400, 3), site('instruction', 200, 1), site('supervision', 90, 0)] }),
    dayInputs({ day: day({ date: '2019-03-05', label: 'Day 2, "long" one', shares: { T: 0.4, C: 0.25, X: 1 }, otherCostsCents: -150_005 }), sites: [site('instruction', 700, 0)] }),
    dayInputs({ day: day({ date: '2019-03-06', substituteDayRateCents: null }), sites: [site('instruction', 900, 2)] }),
  ];
  const units = tiny().units.map((u) => u.id);

  it('writes every cell, one share column per unit of the dataset, dollars with two decimals', () => {
    expect(daysCsv({ days, units })).toBe([
      'date,students_attending,strike_share_T,strike_share_C,substitutes,substitute_day_rate,other_costs,note',
      '2019-03-04,600,1,0,4,300.00,0.00,Strike day 1',
      '2019-03-05,700,0.4,0.25,0,0.00,-1500.05,"Day 2, ""long"" one"',
      '2019-03-06,900,1,0,2,0.00,0.00,Strike day 1',
      '',
    ].join('\n'));
    expect([dollars(0), dollars(5), dollars(-150_005), dollars(30_000)]).toEqual(['0.00', '0.05', '-1500.05', '300.00']);
  });

  it('reads back (readStrikeDays, as settle strike-impact does) to the very days strikeDaysOf builds, and costs them the same', () => {
    const dataset = tiny();
    const direct = strikeDaysOf({ days, units, file: 'cost.csv' });
    const read = readStrikeDays({ text: daysCsv({ days, units }), file: 'cost.csv', dataset, defaults: { shares: {}, substitutes: 0, substituteRateCents: null } });
    expect(read.days).toEqual(direct.days);
    expect(direct.days[1].shares).toEqual({ T: 0.4, C: 0.25 }); // X is not a unit of the dataset: left out
    const a = strikeImpact({ dataset, days: direct });
    const b = strikeImpact({ dataset, days: read });
    expect(a.days).toEqual(b.days);
    expect(a.totals).toEqual(b.totals);
    // Day 1, tiny district (see test/strike-impact.test.ts): (1,714.75 − 600) × $10,000 ÷ 180 = $61,930.56 revenue lost;
    //   T pay not paid 21,888.89 + statutory 3,830.56 = 25,719.45; 4 substitutes × $300 = 1,200.
    //   Net 61,930.56 − 25,719.45 + 1,200 = $37,411.11.
    expect(a.days[0]).toMatchObject({ revenueLostCents: 6_193_056, payNotPaidCents: 2_571_945, substitutesCents: 120_000, netCents: 3_741_111 });
  });
});
