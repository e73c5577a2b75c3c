/**
 * Each pay, bonus, health, me-too and non-cost term costed on the tiny district, with the
 * expected cents derived by hand from test/fixtures/tiny-district and docs/costing.md.
 * The pay groups G1–G10 and the yearly pay totals used below are set out in test/helpers/tiny.ts.
 */
import { describe, expect, it } from 'vitest';
import { centsOf, cost, line, linesOf, usd, year } from '../../test/helpers/tiny.ts';

describe('raise', () => {
  // Given a 3% raise for unit T from 2019-07-01
  const r = cost({ terms: [{ id: 'raise', kind: 'raise', pct: 3, effective: '2019-07-01' }] });

  it('costs nothing in 2018-19, before it takes effect', () => {
    expect(linesOf(r, '2018-19')).toEqual([]);
    expect(year(r, '2018-19').totalCents).toBe(0);
  });

  it('costs 3% of every T pay group in 2019-20, with statutory benefits at the 2019-20 rates', () => {
    // 2019-20 pay of T (steps moved once): G1 6 × 52,000 = 312,000; G2 6 × 59,000 = 354,000;
    // G3 6 × 54,000 = 324,000; G4 21 × 59,000 = 1,239,000; G5 29 × 59,000 = 1,711,000;
    // G6 1 × 82,000 = 82,000; total 4,022,000.
    // 3% per group: 9,360 + 10,620 + 9,720 + 37,170 + 51,330 + 2,460 = 120,660.00
    const salary = line(r, '2019-20', { term: 'raise', kind: 'salary' });
    expect(salary.cents).toBe(usd(120_660.0));
    expect(salary.nature).toBe('ongoing');
    expect(salary.population).toBe('existing');
    expect(salary.fte).toBe(69); // 6 + 6 + 6 + 21 + 29 + 1 FTE whose pay changes
    // statutory 2019-20 certificated: 17% STRS + 1.5% Medicare = 18.5% × 120,660.00 = 22,322.10
    expect(line(r, '2019-20', { term: 'raise', kind: 'statutory' }).cents).toBe(usd(22_322.1));
    // a raise adds no health and welfare
    expect(linesOf(r, '2019-20', { kind: 'health' })).toEqual([]);
    // 120,660.00 + 22,322.10 = 142,982.10
    expect(year(r, '2019-20').totalCents).toBe(usd(142_982.1));
  });

  it('keeps costing the raise on stepped pay, which stops at the top step', () => {
    // 2020-21: G1 reaches C1 step 3 (54,000); everyone else is at the top: T pay 4,034,000.
    // 3% × 4,034,000 = 121,020.00; statutory 18.5% × 121,020.00 = 22,388.70
    expect(line(r, '2020-21', { term: 'raise', kind: 'salary' }).cents).toBe(usd(121_020.0));
    expect(line(r, '2020-21', { term: 'raise', kind: 'statutory' }).cents).toBe(usd(22_388.7));
    // 2021-22: nobody moves any more; same 121,020.00
    expect(line(r, '2021-22', { term: 'raise', kind: 'salary' }).cents).toBe(usd(121_020.0));
  });

  it('is costed through two years after the contract term ends', () => {
    // term ends 2021-06-30 (in 2020-21) → costed 2018-19 (base year) through 2022-23
    expect(r.years.map((y) => y.fy)).toEqual(['2018-19', '2019-20', '2020-21', '2021-22', '2022-23']);
  });

  it('applies only to the listed roles', () => {
    // Given a 2.5% raise for nurses only, from 2019-07-01
    const n = cost({ terms: [{ id: 'nurse-raise', kind: 'raise', pct: 2.5, roles: ['nurse'], effective: '2019-07-01' }] });
    // G6 1 nurse at N step 2 = 82,000 × 2.5% = 2,050.00
    expect(line(n, '2019-20', { term: 'nurse-raise', kind: 'salary' }).cents).toBe(usd(2_050.0));
    // 18.5% × 2,050.00 = 379.25
    expect(line(n, '2019-20', { term: 'nurse-raise', kind: 'statutory' }).cents).toBe(usd(379.25));
  });
});

describe('retroactive raise', () => {
  it('books pay earned in 2018-19 in 2019-20, the year it is paid, as one-time money at 2019-20 statutory rates', () => {
    // Given a 2% raise from 2018-07-01, paid 2019-08-01 (in 2019-20), in a proposal dated 2019-06-01
    const r = cost({
      date: '2019-06-01',
      term: { start: '2018-07-01', end: '2021-06-30' },
      terms: [{ id: 'retro', kind: 'raise', pct: 2, effective: '2018-07-01', paid: '2019-08-01' }],
    });
    // Then nothing is booked in 2018-19 (the money is not paid until 2019-20)
    expect(year(r, '2018-19').totalCents).toBe(0);
    // 2018-19 earnings: 2% × 3,940,000 (T pay in 2018-19) = 78,800.00, booked 2019-20, one-time
    const retro = line(r, '2019-20', { term: 'retro', kind: 'salary', earnedFy: '2018-19' });
    expect(retro.cents).toBe(usd(78_800.0));
    expect(retro.nature).toBe('one-time');
    expect(retro.label).toContain('retroactive for 2018-19');
    // statutory at the rates of 2019-20, the booked year: 18.5% × 78,800.00 = 14,578.00
    // (at 2018-19's 17.5% it would be 13,790.00)
    const retroStat = line(r, '2019-20', { term: 'retro', kind: 'statutory', earnedFy: '2018-19' });
    expect(retroStat.cents).toBe(usd(14_578.0));
    expect(retroStat.nature).toBe('one-time');
    // 2019-20 earnings: 2% × 4,022,000 = 80,440.00, ongoing; statutory 18.5% = 14,881.40
    const ongoing = line(r, '2019-20', { term: 'retro', kind: 'salary', earnedFy: null });
    expect(ongoing.cents).toBe(usd(80_440.0));
    expect(ongoing.nature).toBe('ongoing');
    expect(line(r, '2019-20', { term: 'retro', kind: 'statutory', earnedFy: null }).cents).toBe(usd(14_881.4));
    // one-time 78,800.00 + 14,578.00 = 93,378.00; ongoing 80,440.00 + 14,881.40 = 95,321.40
    const y = year(r, '2019-20');
    expect(y.oneTimeCents).toBe(usd(93_378.0));
    expect(y.ongoingCents).toBe(usd(95_321.4));
    expect(y.totalCents).toBe(usd(188_699.4));
    // 2020-21: ongoing only, 2% × 4,034,000 = 80,680.00
    expect(line(r, '2020-21', { term: 'retro', kind: 'salary' }).cents).toBe(usd(80_680.0));
    expect(year(r, '2020-21').oneTimeCents).toBe(0);
  });

  it('books pay earned before the base year in the base year, one step lower for each year back', () => {
    // Given a 2% raise from 2017-07-01 in a proposal dated 2018-10-01 (paid then, in 2018-19)
    const r = cost({
      date: '2018-10-01',
      term: { start: '2017-07-01', end: '2020-06-30' },
      terms: [{ id: 'retro', kind: 'raise', pct: 2, effective: '2017-07-01' }],
    });
    // Then the first year costed is still the base year 2018-19
    expect(r.years[0].fy).toBe('2018-19');
    // 2017-18 pay, one step lower (never below step 1): G1 C1 step 1 (already first) 6 × 50,000 = 300,000;
    // G2 C2 step 2 6 × 57,000 = 342,000; G3 C1 step 1 6 × 50,000 = 300,000; G4 21 × 57,000 = 1,197,000;
    // G5 C2 step 1 29 × 55,000 = 1,595,000; G6 N step 1 80,000; total 3,814,000.
    // 2% × 3,814,000 = 76,280.00, one-time, booked 2018-19
    const retro = line(r, '2018-19', { term: 'retro', kind: 'salary', earnedFy: '2017-18' });
    expect(retro.cents).toBe(usd(76_280.0));
    expect(retro.nature).toBe('one-time');
    // statutory at 2018-19 rates: 16% + 1.5% = 17.5% × 76,280.00 = 13,349.00
    expect(line(r, '2018-19', { term: 'retro', kind: 'statutory', earnedFy: '2017-18' }).cents).toBe(usd(13_349.0));
    // 2018-19 itself: 2% × 3,940,000 = 78,800.00 ongoing; 17.5% = 13,790.00
    expect(line(r, '2018-19', { term: 'retro', kind: 'salary', earnedFy: null }).cents).toBe(usd(78_800.0));
    expect(line(r, '2018-19', { term: 'retro', kind: 'statutory', earnedFy: null }).cents).toBe(usd(13_790.0));
    // one-time 76,280.00 + 13,349.00 = 89,629.00; total 89,629.00 + 78,800.00 + 13,790.00 = 182,219.00
    expect(year(r, '2018-19').oneTimeCents).toBe(usd(89_629.0));
    expect(year(r, '2018-19').totalCents).toBe(usd(182_219.0));
  });
});

describe('retroactive pay reaches only staff employed in the year earned', () => {
  it('gives no 2017-18 retro to the assistants hired in 2018-19, but does to the others', () => {
    // Given a 2% raise for C from 2017-07-01, paid 2019-01-22 (in 2018-19), proposed 2019-01-15
    const r = cost({
      unit: 'C', date: '2019-01-15', term: { start: '2017-07-01', end: '2020-06-30' },
      terms: [{ id: 'c-retro', kind: 'raise', pct: 2, effective: '2017-07-01', paid: '2019-01-22' }],
    });
    // 2017-18 pay, one step lower (never below step 1), of the C staff employed in 2017-18:
    // G7 (4 assistants hired 2018-08-15, in 2018-19) were not employed then → nothing;
    // G8 assistant step 2 → 1: 16.00 × 2,880 h = 46,080 → 2% = 921.60;
    // G9 custodian step 2 → 1: 20.00 × 5,760 h = 115,200 → 2,304.00;
    // G10 custodian step 1 (hire date unknown = long-serving): 20.00 × 2,880 h = 57,600 → 1,152.00;
    // line 921.60 + 2,304.00 + 1,152.00 = 4,377.60, one-time, booked 2018-19
    // (with G7's 16.00 × 2,880 = 46,080 → 921.60 it would be 5,299.20)
    const retro = line(r, '2018-19', { term: 'c-retro', kind: 'salary', earnedFy: '2017-18' });
    expect(retro.cents).toBe(usd(4_377.6));
    expect(retro.nature).toBe('one-time');
    // FTE whose pay changes: G8 4 × 0.5 + G9 3 × 1 + G10 2 × 0.75 = 6.5 (G7's 2 FTE left out)
    expect(retro.fte).toBe(6.5);
    // statutory at 2018-19 classified rates 18% + 6% + 1.5% = 25.5% × 4,377.60 = 1,116.288 → 1,116.29
    expect(line(r, '2018-19', { term: 'c-retro', kind: 'statutory', earnedFy: '2017-18' }).cents).toBe(usd(1_116.29));
    // 2018-19 (the paying year, so ongoing), G7 included: 2% × 273,600 = 5,472.00
    // (G7 921.60 + G8 17.00 × 2,880 = 48,960 → 979.20 + G9 2,419.20 + G10 1,152.00)
    const ongoing = line(r, '2018-19', { term: 'c-retro', kind: 'salary', earnedFy: null });
    expect(ongoing.cents).toBe(usd(5_472.0));
    expect(ongoing.nature).toBe('ongoing');
    // one-time 4,377.60 + 1,116.29 = 5,493.89
    expect(year(r, '2018-19').oneTimeCents).toBe(usd(5_493.89));
  });
});

describe('raise from a date inside the year', () => {
  it('a January 1 raise costs half a year in the year it starts', () => {
    // Given a 4% raise for T from 2020-01-01 (6 of 12 months into 2019-20)
    const r = cost({ terms: [{ id: 'jan', kind: 'raise', pct: 4, effective: '2020-01-01' }] });
    // 2019-20: 4% × 4,022,000 × 6/12 = 80,440.00; statutory 18.5% = 14,881.40
    expect(line(r, '2019-20', { term: 'jan', kind: 'salary' }).cents).toBe(usd(80_440.0));
    expect(line(r, '2019-20', { term: 'jan', kind: 'statutory' }).cents).toBe(usd(14_881.4));
    // 2020-21: the full year, 4% × 4,034,000 = 161,360.00
    expect(line(r, '2020-21', { term: 'jan', kind: 'salary' }).cents).toBe(usd(161_360.0));
    expect(year(r, '2018-19').totalCents).toBe(0);
  });

  it('a date inside a month counts the days before it as a fraction of that month, rounded per pay group', () => {
    // Given a 3% raise for C from 2019-10-16: July–September (3 months) + 15 of October's 31 days pass first,
    // so the raise covers (12 − 3 − 15/31) / 12 = 264/372 = 22/31 of 2019-20.
    const r = cost({ unit: 'C', terms: [{ id: 'oct', kind: 'raise', pct: 3, effective: '2019-10-16' }] });
    // 2019-20 C groups at 3% a full year: G7 48,960 → 1,468.80; G8 1,468.80; G9 120,960 → 3,628.80; G10 60,480 → 1,814.40
    // × 22/31, rounded per group: 1,042.3742 → 1,042.37; 1,042.37; 2,575.2774 → 2,575.28; 1,287.6387 → 1,287.64
    // line = 1,042.37 + 1,042.37 + 2,575.28 + 1,287.64 = 5,947.66
    expect(line(r, '2019-20', { term: 'oct', kind: 'salary' }).cents).toBe(usd(5_947.66));
    // statutory classified 18% + 6% + 1.5% = 25.5% × 5,947.66 = 1,516.6533 → 1,516.65
    expect(line(r, '2019-20', { term: 'oct', kind: 'statutory' }).cents).toBe(usd(1_516.65));
    // 2020-21 a full year: 3% × 279,360 = 8,380.80
    expect(line(r, '2020-21', { term: 'oct', kind: 'salary' }).cents).toBe(usd(8_380.8));
  });
});

describe('hourly-raise', () => {
  // Given +$1.25 an hour for all of unit C and +$1.00 more for custodians, from 2019-07-01,
  // in a proposal for unit T (the terms name unit C)
  const r = cost({
    terms: [
      { id: 'hr-all', kind: 'hourly-raise', unit: 'C', amount: 1.25, effective: '2019-07-01' },
      { id: 'hr-cust', kind: 'hourly-raise', unit: 'C', amount: 1, roles: ['custodian'], effective: '2019-07-01' },
    ],
  });

  it('adds the amount to every hour worked', () => {
    // C hours a year: G7 4 h × 180 d × 4 = 2,880; G8 2,880; G9 8 × 240 × 3 = 5,760; G10 6 × 240 × 2 = 2,880; total 14,400
    // 14,400 × $1.25 = 18,000.00; statutory 25.5% = 4,590.00
    expect(line(r, '2019-20', { term: 'hr-all', kind: 'salary', unit: 'C' }).cents).toBe(usd(18_000.0));
    expect(line(r, '2019-20', { term: 'hr-all', kind: 'statutory', unit: 'C' }).cents).toBe(usd(4_590.0));
  });

  it('reaches only the listed roles', () => {
    // custodian hours 5,760 + 2,880 = 8,640 × $1.00 = 8,640.00; statutory 25.5% = 2,203.20
    expect(line(r, '2019-20', { term: 'hr-cust', kind: 'salary' }).cents).toBe(usd(8_640.0));
    expect(line(r, '2019-20', { term: 'hr-cust', kind: 'statutory' }).cents).toBe(usd(2_203.2));
  });

  it('costs nothing for unit T and nothing before it takes effect', () => {
    expect(linesOf(r, '2019-20', { unit: 'T' })).toEqual([]);
    expect(year(r, '2018-19').totalCents).toBe(0);
    // 2019-20 total: 18,000 + 4,590 + 8,640 + 2,203.20 = 33,433.20
    expect(year(r, '2019-20').totalCents).toBe(usd(33_433.2));
  });
});

describe('flat-amount', () => {
  it('adds $20,000 a year to the one nurse', () => {
    // Given nurses +$20,000 a year from 2019-07-01 (tiny has one nurse, 1 FTE)
    const r = cost({ terms: [{ id: 'nurse-20k', kind: 'flat-amount', amount: 20_000, roles: ['nurse'], effective: '2019-07-01' }] });
    // 1 FTE × 20,000 = 20,000.00; statutory 18.5% = 3,700.00
    const s = line(r, '2019-20', { term: 'nurse-20k', kind: 'salary' });
    expect(s.cents).toBe(usd(20_000.0));
    expect(s.fte).toBe(1);
    expect(line(r, '2019-20', { term: 'nurse-20k', kind: 'statutory' }).cents).toBe(usd(3_700.0));
    expect(line(r, '2020-21', { term: 'nurse-20k', kind: 'salary' }).cents).toBe(usd(20_000.0));
    expect(year(r, '2018-19').totalCents).toBe(0);
    expect(year(r, '2019-20').totalCents).toBe(usd(23_700.0));
  });

  it('on an hourly lane is an amount a year per person', () => {
    // Given custodians +$1,000 a year from 2019-07-01: G9 3 people + G10 2 people = 5 × 1,000 = 5,000.00
    const r = cost({ unit: 'C', terms: [{ id: 'cust-1k', kind: 'flat-amount', amount: 1_000, roles: ['custodian'], effective: '2019-07-01' }] });
    expect(line(r, '2019-20', { term: 'cust-1k', kind: 'salary' }).cents).toBe(usd(5_000.0));
    // 25.5% × 5,000.00 = 1,275.00
    expect(line(r, '2019-20', { term: 'cust-1k', kind: 'statutory' }).cents).toBe(usd(1_275.0));
  });

  it('a percent raise dated after it compounds on it, and the compounding is the flat amount\'s cost (costed after raises)', () => {
    // Given nurses +$20,000 from 2019-07-01 and a 3% T raise from 2020-07-01
    const r = cost({
      terms: [
        { id: 'flat', kind: 'flat-amount', amount: 20_000, roles: ['nurse'], effective: '2019-07-01' },
        { id: 'raise', kind: 'raise', pct: 3, effective: '2020-07-01' },
      ],
    });
    // 2019-20: only the flat amount: 20,000.00
    expect(line(r, '2019-20', { term: 'flat', kind: 'salary' }).cents).toBe(usd(20_000.0));
    expect(linesOf(r, '2019-20', { term: 'raise' })).toEqual([]);
    // 2020-21, costing order raise then flat-amount; changes apply in date order (flat, then raise):
    // raise = pay(raise) − pay(nothing) = 3% × 4,034,000 = 121,020.00
    expect(line(r, '2020-21', { term: 'raise', kind: 'salary' }).cents).toBe(usd(121_020.0));
    // flat = pay(raise and flat) − pay(raise) = nurse (82,000 + 20,000) × 1.03 − 82,000 × 1.03 = 105,060 − 84,460 = 20,600.00
    expect(line(r, '2020-21', { term: 'flat', kind: 'salary' }).cents).toBe(usd(20_600.0));
  });
});

describe('bonus', () => {
  it('a dollar bonus with employedIn reaches only staff hired by the end of that year', () => {
    // Given, paid 2019-06-01 (2018-19): C $1,000 for staff employed in 2017-18; T $500 for staff employed in 2016-17;
    // and C $100 for everyone
    const r = cost({
      terms: [
        { id: 'c-bonus', kind: 'bonus', unit: 'C', amount: 1_000, employedIn: 2017, paid: '2019-06-01' },
        { id: 't-bonus', kind: 'bonus', amount: 500, employedIn: 2016, paid: '2019-06-01' },
        { id: 'c-all', kind: 'bonus', unit: 'C', amount: 100, paid: '2019-06-01' },
      ],
    });
    // C employed in 2017-18: G7 (hired 2018-19) is not; G8 4 + G9 3 + G10 2 (hire date unknown = long-serving) = 9
    // 9 × 1,000 = 9,000.00, one-time, booked 2018-19; statutory 25.5% (2018-19) = 2,295.00
    const c = line(r, '2018-19', { term: 'c-bonus', kind: 'salary' });
    expect(c.cents).toBe(usd(9_000.0));
    expect(c.nature).toBe('one-time');
    expect(line(r, '2018-19', { term: 'c-bonus', kind: 'statutory' }).cents).toBe(usd(2_295.0));
    // T employed in 2016-17: G1 (hired 2017-18) is not; 69 − 6 = 63 × 500 = 31,500.00; statutory 17.5% = 5,512.50
    expect(line(r, '2018-19', { term: 't-bonus', kind: 'salary' }).cents).toBe(usd(31_500.0));
    expect(line(r, '2018-19', { term: 't-bonus', kind: 'statutory' }).cents).toBe(usd(5_512.5));
    // without employedIn: all 13 C staff (4 + 4 + 3 + 2) × 100 = 1,300.00
    expect(line(r, '2018-19', { term: 'c-all', kind: 'salary' }).cents).toBe(usd(1_300.0));
    // no health, nothing in other years
    expect(linesOf(r, '2018-19', { kind: 'health' })).toEqual([]);
    for (const fy of ['2019-20', '2020-21', '2021-22', '2022-23']) expect(year(r, fy).totalCents).toBe(0);
    // 2018-19: 9,000 + 2,295 + 31,500 + 5,512.50 + 1,300 + 25.5% × 1,300 (331.50) = 49,939.00, all one-time
    expect(year(r, '2018-19').totalCents).toBe(usd(49_939.0));
    expect(year(r, '2018-19').oneTimeCents).toBe(usd(49_939.0));
  });

  it('a percent bonus is a share of the year\'s pay after all pay terms', () => {
    // Given a 1% bonus paid 2019-10-01 (2019-20)
    const alone = cost({ terms: [{ id: 'pct-bonus', kind: 'bonus', pct: 1, paid: '2019-10-01' }] });
    // 1% × 2019-20 T pay 4,022,000 = 40,220.00
    expect(line(alone, '2019-20', { term: 'pct-bonus', kind: 'salary' }).cents).toBe(usd(40_220.0));
    // And with a 3% raise from 2019-07-01: per group 1% × (pay × 1.03):
    // G1 321,360 → 3,213.60; G2 364,620 → 3,646.20; G3 333,720 → 3,337.20; G4 1,276,170 → 12,761.70;
    // G5 1,762,330 → 17,623.30; G6 84,460 → 844.60; sum 41,426.60
    const withRaise = cost({
      terms: [
        { id: 'raise', kind: 'raise', pct: 3, effective: '2019-07-01' },
        { id: 'pct-bonus', kind: 'bonus', pct: 1, paid: '2019-10-01' },
      ],
    });
    const b = line(withRaise, '2019-20', { term: 'pct-bonus', kind: 'salary' });
    expect(b.cents).toBe(usd(41_426.6));
    expect(b.nature).toBe('one-time');
    // statutory 18.5% × 41,426.60 = 7,663.921 → 7,663.92
    expect(line(withRaise, '2019-20', { term: 'pct-bonus', kind: 'statutory' }).cents).toBe(usd(7_663.92));
  });
});

describe('wage-floor', () => {
  it('lifts the rates below the floor and leaves those above it', () => {
    // Given a $20.50 floor for C from 2018-07-01, proposed 2018-09-01
    const r = cost({
      unit: 'C', date: '2018-09-01', term: { start: '2018-07-01', end: '2020-06-30' },
      terms: [{ id: 'floor', kind: 'wage-floor', hourly: 20.5, effective: '2018-07-01' }],
    });
    // 2018-19: G7 16.00 → +4.50 × 2,880 h = 12,960; G8 17.00 → +3.50 × 2,880 = 10,080;
    // G9 21.00 is above → 0; G10 20.00 → +0.50 × 2,880 = 1,440; line 24,480.00
    expect(line(r, '2018-19', { term: 'floor', kind: 'salary' }).cents).toBe(usd(24_480.0));
    // statutory 25.5% × 24,480.00 = 6,242.40
    expect(line(r, '2018-19', { term: 'floor', kind: 'statutory' }).cents).toBe(usd(6_242.4));
    // 2019-20 after a step: G7 17.00 → +3.50 × 2,880 = 10,080; G8 10,080; G10 now 21.00 → 0; line 20,160.00
    expect(line(r, '2019-20', { term: 'floor', kind: 'salary' }).cents).toBe(usd(20_160.0));
    // 25.5% × 20,160.00 = 5,140.80
    expect(line(r, '2019-20', { term: 'floor', kind: 'statutory' }).cents).toBe(usd(5_140.8));
  });

  it('costs only what it adds above the raises before it', () => {
    // Given +$0.25 an hour for C and a $17.50 floor, both from 2019-07-01
    const r = cost({
      unit: 'C',
      terms: [
        { id: 'floor', kind: 'wage-floor', hourly: 17.5, effective: '2019-07-01' },
        { id: 'hr', kind: 'hourly-raise', amount: 0.25, effective: '2019-07-01' },
      ],
    });
    // hourly raise first: 14,400 h × 0.25 = 3,600.00
    expect(line(r, '2019-20', { term: 'hr', kind: 'salary' }).cents).toBe(usd(3_600.0));
    // then the floor: assistants (G7, G8) at 17.00 + 0.25 = 17.25 → 17.50: 0.25 × 5,760 h = 1,440.00;
    // custodians at 21.25 are above
    expect(line(r, '2019-20', { term: 'floor', kind: 'salary' }).cents).toBe(usd(1_440.0));
  });
});

describe('added-hours', () => {
  it('pays the added hours at the rate in force, after hourly raises', () => {
    // Given assistants +1 hour a day, and +$1.00 an hour for all C, both from 2019-07-01
    const alone = cost({ unit: 'C', terms: [{ id: 'hours', kind: 'added-hours', roles: ['assistant'], hoursPerDay: 1, effective: '2019-07-01' }] });
    // 2019-20 assistants (G7, G8 at step 2): 8 people × 1 h × 180 d × 17.00 = 24,480.00; statutory 25.5% = 6,242.40
    expect(line(alone, '2019-20', { term: 'hours', kind: 'salary' }).cents).toBe(usd(24_480.0));
    expect(line(alone, '2019-20', { term: 'hours', kind: 'statutory' }).cents).toBe(usd(6_242.4));
    // custodians are not listed: the line covers the 8 assistants' 4 FTE (0.5 each)
    expect(line(alone, '2019-20', { term: 'hours', kind: 'salary' }).fte).toBe(4);

    const both = cost({
      unit: 'C',
      terms: [
        { id: 'hours', kind: 'added-hours', roles: ['assistant'], hoursPerDay: 1, effective: '2019-07-01' },
        { id: 'hr', kind: 'hourly-raise', amount: 1, effective: '2019-07-01' },
      ],
    });
    // hourly raise (costed first): 14,400 h × 1.00 = 14,400.00
    expect(line(both, '2019-20', { term: 'hr', kind: 'salary' }).cents).toBe(usd(14_400.0));
    // added hours at the raised rate: 8 × 1 h × 180 d × 18.00 = 25,920.00
    expect(line(both, '2019-20', { term: 'hours', kind: 'salary' }).cents).toBe(usd(25_920.0));
  });
});

describe('health', () => {
  it('perEmployee adds the amount for every eligible employee, prorated from the effective date', () => {
    // Given T +$600 from 2019-01-01 (half of 2018-19) and C +$1,200 from 2019-07-01
    const r = cost({
      terms: [
        { id: 'h-t', kind: 'health', perEmployee: 600, effective: '2019-01-01', outsideTerm: true },
        { id: 'h-c', kind: 'health', unit: 'C', perEmployee: 1_200, effective: '2019-07-01' },
      ],
    });
    // 2018-19: 69 eligible T staff × 600 × 6/12 = 20,700.00
    const t = line(r, '2018-19', { term: 'h-t', kind: 'health' });
    expect(t.cents).toBe(usd(20_700.0));
    expect(t.nature).toBe('ongoing');
    // health and welfare carries no statutory benefits
    expect(linesOf(r, '2018-19', { kind: 'statutory' })).toEqual([]);
    // 2019-20: 69 × 600 = 41,400.00
    expect(line(r, '2019-20', { term: 'h-t', kind: 'health' }).cents).toBe(usd(41_400.0));
    // C: only the 5 custodians work 6+ hours (the assistants work 4): 5 × 1,200 = 6,000.00
    expect(line(r, '2019-20', { term: 'h-c', kind: 'health' }).cents).toBe(usd(6_000.0));
    expect(linesOf(r, '2018-19', { term: 'h-c' })).toEqual([]);
  });

  it('is rounded once per line (docs/costing.md, "Rounding"), not once per pay group', () => {
    // Given T +$100 per employee from 2019-10-16: 22/31 of 2019-20 (3 months + 15/31 of October pass first)
    const r = cost({ terms: [{ id: 'h', kind: 'health', perEmployee: 100, effective: '2019-10-16' }] });
    // line: 69 employees × 100 × 22/31 = 151,800 / 31 = 4,896.774… → 4,896.77
    // (rounding each pay group first would give 425.81 × 3 + 1,490.32 + 2,058.06 + 70.97 = 4,896.78)
    expect(line(r, '2019-20', { term: 'h', kind: 'health' }).cents).toBe(usd(4_896.77));
  });

  it('partTimeMinHours makes 4-hour assistants eligible at the health and welfare rate', () => {
    // Given C part-time health from 4 hours a day, from 2020-01-01 (the threshold today is 6)
    const r = cost({ unit: 'C', terms: [{ id: 'pt', kind: 'health', partTimeMinHours: 4, effective: '2020-01-01' }] });
    // 8 assistants (G7 4 + G8 4) at 4 h: 2019-20 8 × 6/12 × 11,000 = 44,000.00
    expect(line(r, '2019-20', { term: 'pt', kind: 'health' }).cents).toBe(usd(44_000.0));
    // 2020-21: 8 × 11,000 = 88,000.00
    expect(line(r, '2020-21', { term: 'pt', kind: 'health' }).cents).toBe(usd(88_000.0));
    expect(year(r, '2018-19').totalCents).toBe(0);
    // no statutory on health
    expect(year(r, '2020-21').totalCents).toBe(usd(88_000.0));
  });

  it('partTimeMinHours above the hours the assistants work costs nothing', () => {
    // Given the threshold lowered only to 5 hours: assistants work 4, custodians are already eligible
    const r = cost({ unit: 'C', terms: [{ id: 'pt5', kind: 'health', partTimeMinHours: 5, effective: '2019-07-01' }] });
    for (const y of r.years) expect(y.totalCents).toBe(0);
  });
});

describe('program', () => {
  it('costs count × amount a year from its effective date, prorated in the first year, as "other" with no statutory', () => {
    // Given 3 community schools at $40,000 a year each from 2020-01-01 (half of 2019-20)
    const r = cost({ terms: [{ id: 'cs', kind: 'program', count: 3, amount: 40_000, effective: '2020-01-01' }] });
    // 2018-19: before it starts, nothing
    expect(linesOf(r, '2018-19')).toEqual([]);
    // 2019-20: 3 × 40,000 × 6/12 = 60,000.00, ongoing, kind 'other'
    const l = line(r, '2019-20', { term: 'cs' });
    expect(l.kind).toBe('other');
    expect(l.nature).toBe('ongoing');
    expect(l.termKind).toBe('program');
    expect(l.cents).toBe(usd(60_000.0));
    expect(year(r, '2019-20').byKind.other).toBe(usd(60_000.0));
    // no statutory benefits: the program's line is the year's only line
    expect(linesOf(r, '2019-20', { kind: 'statutory' })).toEqual([]);
    expect(year(r, '2019-20').totalCents).toBe(usd(60_000.0));
    // 2020-21 and later: the full year, 3 × 40,000 = 120,000.00
    expect(line(r, '2020-21', { term: 'cs', kind: 'other' }).cents).toBe(usd(120_000.0));
    expect(line(r, '2022-23', { term: 'cs', kind: 'other' }).cents).toBe(usd(120_000.0));
  });

  it('with oneTime costs count × amount once, in the year of its effective date', () => {
    // Given 2 × $12,500 one-time from 2020-03-15 (in 2019-20)
    const r = cost({ terms: [{ id: 'once', kind: 'program', count: 2, amount: 12_500, effective: '2020-03-15', oneTime: true }] });
    // 2019-20: 2 × 12,500 = 25,000.00, the whole amount (not prorated), one-time
    const l = line(r, '2019-20', { term: 'once' });
    expect(l.kind).toBe('other');
    expect(l.nature).toBe('one-time');
    expect(l.cents).toBe(usd(25_000.0));
    expect(year(r, '2019-20').oneTimeCents).toBe(usd(25_000.0));
    expect(linesOf(r, '2019-20', { kind: 'statutory' })).toEqual([]);
    // nothing in any other year
    for (const fy of ['2018-19', '2020-21', '2021-22', '2022-23']) expect(year(r, fy).totalCents).toBe(0);
  });

  it('is rounded once per line', () => {
    // Given 3 × $1,000 a year from 2019-10-16: 22/31 of 2019-20 (3 months + 15/31 of October pass first)
    const r = cost({ terms: [{ id: 'p', kind: 'program', count: 3, amount: 1_000, effective: '2019-10-16' }] });
    // 3,000 × 22/31 = 2,129.032… → 2,129.03
    expect(line(r, '2019-20', { term: 'p', kind: 'other' }).cents).toBe(usd(2_129.03));
  });
});

describe('me-too', () => {
  it('passes a raise for unit T to unit C, costed for C under the me-too id', () => {
    // Given a 3% raise for T from 2019-07-01 and a me-too giving it to C
    const r = cost({
      terms: [
        { id: 't-raise', kind: 'raise', pct: 3, effective: '2019-07-01' },
        { id: 'c-metoo', kind: 'me-too', unit: 'C', terms: ['t-raise'] },
      ],
    });
    // T: 3% × 4,022,000 = 120,660.00 under t-raise
    expect(line(r, '2019-20', { term: 't-raise', kind: 'salary' }).cents).toBe(usd(120_660.0));
    // C: 3% × 2019-20 C pay per group: 48,960 → 1,468.80; 48,960 → 1,468.80; 120,960 → 3,628.80; 60,480 → 1,814.40
    // = 8,380.80 under c-metoo
    const c = line(r, '2019-20', { term: 'c-metoo', kind: 'salary' });
    expect(c.cents).toBe(usd(8_380.8));
    expect(c.unit).toBe('C');
    expect(c.termKind).toBe('me-too');
    // classified statutory 25.5% × 8,380.80 = 2,137.104 → 2,137.10
    expect(line(r, '2019-20', { term: 'c-metoo', kind: 'statutory' }).cents).toBe(usd(2_137.1));
    // no C cost is booked under t-raise
    expect(linesOf(r, '2019-20', { term: 't-raise', unit: 'C' })).toEqual([]);
    // 2020-21 C pay is unchanged (all at step 2): 8,380.80 again
    expect(line(r, '2020-21', { term: 'c-metoo', kind: 'salary' }).cents).toBe(usd(8_380.8));
  });
});

describe('non-cost', () => {
  it('is listed and costs 0', () => {
    const r = cost({ terms: [{ id: 'prep', kind: 'non-cost', text: 'Teachers may leave campus during their preparation period.' }] });
    expect(r.nonCostTerms).toEqual([{ id: 'prep', title: 'prep', text: 'Teachers may leave campus during their preparation period.' }]);
    for (const y of r.years) {
      expect(y.lines).toEqual([]);
      expect(y.totalCents).toBe(0);
    }
    expect(centsOf(r, '2019-20', { term: 'prep' })).toBe(0);
  });
});
