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

  it('costs no substitutes at a closed site (closing clears them; any left from before are not counted)', () => {
    // 2 at the open site; the closed site's 50 are not planned adults of the day.
    expect(dayInputs({ day: day(), sites: [site('instruction', 10, 2), site('closed', null, 50)] })).toMatchObject({ substitutes: 2, openSites: 1 });
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
    const direct = strikeDaysOf({ days, dataset, file: 'cost.csv' });
    const read = readStrikeDays({ text: daysCsv({ days, units }), file: 'cost.csv', dataset, defaults: { shares: {}, substitutes: 0, substituteRateCents: null } });
    expect(read.days).toEqual(direct.days);
    expect(direct.warnings).toEqual([]);
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

describe('the days file and strikeDaysOf carry the warnings settle strike-impact prints', () => {
  const dataset = tiny();
  const units = dataset.units.map((u) => u.id);

  it('warns of a Saturday and of more than a normal day, as readStrikeDays does for the same file, line and column', () => {
    // 2019-03-09 is a Saturday (2019-03-04 is a Monday). The tiny district's normal day is 1,714.75 attending
    //   (1,805 enrolled × 95%): 1,750 is more, so that day's revenue lost is negative.
    const days = [
      dayInputs({ day: day(), sites: [site('instruction', 600)] }),
      dayInputs({ day: day({ date: '2019-03-09', label: 'Saturday' }), sites: [site('instruction', 1_750)] }),
    ];
    const direct = strikeDaysOf({ days, dataset, file: 'cost.csv' });
    const read = readStrikeDays({ text: daysCsv({ days, units }), file: 'cost.csv', dataset, defaults: { shares: {}, substitutes: 0, substituteRateCents: null } });
    expect(direct.warnings.map((w) => [w.code, w.where?.line, w.where?.field])).toEqual([['strike.more-than-normal', 3, 'students_attending'], ['strike.weekend', 3, 'date']]);
    expect(direct.warnings[1].message).toBe('2019-03-09 is a Saturday: strike days are school days, so check the date (the day is counted as written)');
    expect(direct.warnings).toEqual(read.warnings);
    expect(strikeImpact({ dataset, days: direct }).warnings.map((w) => w.code)).toEqual(['strike.more-than-normal', 'strike.weekend']);
  });

  it('says more than enrolled, which the command line refuses, and still costs the day', () => {
    // 1,806 attending > the 1,805 enrolled in 2018-19.
    const direct = strikeDaysOf({ days: [dayInputs({ day: day(), sites: [site('instruction', 1_806)] })], dataset, file: 'cost.csv' });
    expect(direct.warnings.map((w) => [w.code, w.message])).toEqual([['strike.more-than-enrolled', '1806 students attending is more than the 1805 enrolled in 2018-19 (the dataset\'s enrollment)']]);
    expect(direct.days).toHaveLength(1);
  });
});

describe('the days file in a spreadsheet', () => {
  it('never starts a text cell with a formula (= + - @ tab CR get a \'), and settle strike-impact still reads it', () => {
    const dataset = tiny();
    const units = dataset.units.map((u) => u.id);
    const evil = '=HYPERLINK("http://evil.example","click")';
    const days = [dayInputs({ day: day({ label: evil }), sites: [site('instruction', 600)] }), dayInputs({ day: day({ date: '2019-03-05', label: '+1 day' }), sites: [site('instruction', 600)] })];
    const text = daysCsv({ days, units });
    expect(text.split('\n')[1]).toBe('2019-03-04,600,1,0,0,0.00,0.00,"\'=HYPERLINK(""http://evil.example"",""click"")"');
    expect(text.split('\n')[2]).toBe('2019-03-05,600,1,0,0,0.00,0.00,\'+1 day');
    const read = readStrikeDays({ text, file: 'cost.csv', dataset, defaults: { shares: {}, substitutes: 0, substituteRateCents: null } });
    expect(read.days.map((d) => d.note)).toEqual([`'${evil}`, "'+1 day"]);
    // The figures are those of the days strikeDaysOf builds; only the note carries the '.
    expect(read.days.map(({ note: _n, ...d }) => d)).toEqual(strikeDaysOf({ days, dataset, file: 'cost.csv' }).days.map(({ note: _n, ...d }) => d));
  });
});
