/**
 * The term kinds of the SEIU Local 99 settlement of March 2023 (examples/lausd-2023), costed on
 * the tiny district's classified unit C, with every expected figure derived by hand from
 * test/fixtures/tiny-district and docs/costing.md: a flat $2 an hour from a January 1, the
 * $22.52 minimum wage after percent raises, a $1,000 bonus for staff employed in a given
 * year, and health benefits for part-time staff working at least 4 hours a day.
 *
 * Unit C (hourly; pay groups as set out in test/helpers/tiny.ts):
 *   G7  4 assistants step 1 (16.00; 17.00 from 2019-20), 0.5 FTE, 4 h × 180 d, hired 2018-08-15: 2,880 h a year
 *   G8  4 assistants step 2 (17.00),                      0.5 FTE, 4 h × 180 d, hired 2015-08-15: 2,880 h
 *   G9  3 custodians step 2 (21.00),                      1 FTE,   8 h × 240 d, hired 2011-08-15: 5,760 h
 *   G10 2 custodians step 1 (20.00; 21.00 from 2019-20),  0.75 FTE, 6 h × 240 d, hire date unknown: 2,880 h
 *   14,400 hours a year in all; pay 273,600 in 2018-19, 279,360 from 2019-20 (no column drift).
 *   Classified statutory 18% + 6% + 1.5% = 25.5% in every year. Health and welfare 10,000 a
 *   year per eligible employee in 2018-19, 11,000 from 2019-20; classified staff are eligible
 *   from 6 hours a day (the 5 custodians), so the 8 assistants at 4 hours are not.
 * Proposals default to a date of 2019-03-01 and a term ending 2021-06-30, so they are costed
 * for 2018-19 through 2022-23.
 */
import { describe, expect, it } from 'vitest';
import { centsOf, cost, line, linesOf, usd, year } from '../../test/helpers/tiny.ts';

describe('hourly-raise: a flat $2 an hour from a January 1', () => {
  // Given, as in the settlement, a percent raise first and then $2 an hour for everyone from a
  // January 1: 6% from 2019-07-01 and +$2.00 from 2020-01-01 (6 of 12 months into 2019-20).
  const r = cost({
    unit: 'C',
    terms: [
      { id: 'raise', kind: 'raise', pct: 6, effective: '2019-07-01' },
      { id: 'two-dollars', kind: 'hourly-raise', amount: 2, effective: '2020-01-01' },
    ],
  });

  it('costs half a year in the year it starts, for every hour worked, at the classified statutory rate', () => {
    // Percent raises are costed first: 6% × 2019-20 C pay per group: G7 48,960 → 2,937.60;
    // G8 2,937.60; G9 120,960 → 7,257.60; G10 60,480 → 3,628.80; line 16,761.60
    expect(line(r, '2019-20', { term: 'raise', kind: 'salary' }).cents).toBe(usd(16_761.6));
    // The $2 then adds 2.00 to each hour whatever the rate: (rate × 1.06 + 2) − rate × 1.06 = 2.
    // Half of 2019-20: G7 2,880 h × 2 × 6/12 = 2,880.00; G8 2,880.00; G9 5,760.00; G10 2,880.00
    // line 14,400.00 (= 14,400 h × $2 × 1/2)
    const s = line(r, '2019-20', { term: 'two-dollars', kind: 'salary' });
    expect(s.cents).toBe(usd(14_400.0));
    expect(s.nature).toBe('ongoing');
    // every C employee's pay changes: G7 4 × 0.5 + G8 4 × 0.5 + G9 3 × 1 + G10 2 × 0.75 = 8.5 FTE
    expect(s.fte).toBe(8.5);
    // statutory 25.5% × 14,400.00 = 3,672.00
    expect(line(r, '2019-20', { term: 'two-dollars', kind: 'statutory' }).cents).toBe(usd(3_672.0));
    // 2019-20 total: 16,761.60 + 25.5% of it (4,274.208 → 4,274.21) + 14,400.00 + 3,672.00 = 39,107.81
    expect(year(r, '2019-20').totalCents).toBe(usd(39_107.81));
  });

  it('costs the whole year afterwards, and nothing before it starts', () => {
    // 2020-21: 14,400 h × $2 = 28,800.00; statutory 25.5% = 7,344.00
    expect(line(r, '2020-21', { term: 'two-dollars', kind: 'salary' }).cents).toBe(usd(28_800.0));
    expect(line(r, '2020-21', { term: 'two-dollars', kind: 'statutory' }).cents).toBe(usd(7_344.0));
    expect(linesOf(r, '2018-19')).toEqual([]);
  });

  it('is compounded by a percent raise dated after it, on its own line', () => {
    // Given $2 from 2020-01-01 and a 7% raise from 2020-07-01 (the other way round)
    const later = cost({
      unit: 'C',
      terms: [
        { id: 'two-dollars', kind: 'hourly-raise', amount: 2, effective: '2020-01-01' },
        { id: 'raise', kind: 'raise', pct: 7, effective: '2020-07-01' },
      ],
    });
    // 2020-21: changes apply in date order ($2, then 7%), but the percent raise is costed first:
    // raise = 7% × 279,360 = 19,555.20 (per group 3,427.20 + 3,427.20 + 8,467.20 + 4,233.60)
    expect(line(later, '2020-21', { term: 'raise', kind: 'salary' }).cents).toBe(usd(19_555.2));
    // $2 = (rate + 2) × 1.07 − rate × 1.07 = 2.14 an hour: G7 2,880 × 2.14 = 6,163.20; G8 6,163.20;
    // G9 5,760 × 2.14 = 12,326.40; G10 6,163.20; line 30,816.00
    expect(line(later, '2020-21', { term: 'two-dollars', kind: 'salary' }).cents).toBe(usd(30_816.0));
  });
});

describe('wage-floor: the $22.52 minimum wage after percent raises', () => {
  it('lifts only the groups still below it after the raises', () => {
    // Given, as in the settlement, 6% and then 7% before the floor: 6% from 2019-07-01,
    // 7% from 2020-07-01 and a $22.52 floor from 2020-07-01
    const r = cost({
      unit: 'C',
      terms: [
        { id: 'raise-6', kind: 'raise', pct: 6, effective: '2019-07-01' },
        { id: 'raise-7', kind: 'raise', pct: 7, effective: '2020-07-01' },
        { id: 'floor', kind: 'wage-floor', hourly: 22.52, effective: '2020-07-01' },
      ],
    });
    // 2019-20: the floor is not yet in force
    expect(centsOf(r, '2019-20', { term: 'floor' })).toBe(0);
    // 2020-21 rates after the raises: assistants (G7, G8, both at step 2) 17.00 × 1.06 × 1.07 = 19.2814,
    // below the floor by 3.2386; custodians (G9, G10, both at step 2) 21.00 × 1.06 × 1.07 = 23.8182, above it.
    // G7 2,880 h × 3.2386 = 9,327.168 → 9,327.17; G8 9,327.17; G9 and G10 0; line 18,654.34
    const f = line(r, '2020-21', { term: 'floor', kind: 'salary' });
    expect(f.cents).toBe(usd(18_654.34));
    // only the assistants' pay changes: 8 × 0.5 = 4 FTE
    expect(f.fte).toBe(4);
    // statutory 25.5% × 18,654.34 = 4,756.8567 → 4,756.86
    expect(line(r, '2020-21', { term: 'floor', kind: 'statutory' }).cents).toBe(usd(4_756.86));
  });

  it('without the raises, lifts the custodians too: it costs only what it adds above the terms before it', () => {
    // Given the floor alone from 2020-07-01: 2020-21 assistants 17.00 → +5.52 × 5,760 h = 31,795.20;
    // custodians 21.00 → +1.52 × (5,760 + 2,880) h = 13,132.80; line 44,928.00
    const r = cost({ unit: 'C', terms: [{ id: 'floor', kind: 'wage-floor', hourly: 22.52, effective: '2020-07-01' }] });
    expect(line(r, '2020-21', { term: 'floor', kind: 'salary' }).cents).toBe(usd(44_928.0));
  });

  it('dated with the $2 on the same January 1, counts the $2 first (hourly raises before floors)', () => {
    // Given the settlement's order: 6% from 2019-07-01, 7% from 2020-07-01, then +$2 and the
    // $22.52 floor both from 2021-01-01 (half of 2020-21)
    const r = cost({
      unit: 'C',
      terms: [
        { id: 'raise-6', kind: 'raise', pct: 6, effective: '2019-07-01' },
        { id: 'raise-7', kind: 'raise', pct: 7, effective: '2020-07-01' },
        { id: 'two-dollars', kind: 'hourly-raise', amount: 2, effective: '2021-01-01' },
        { id: 'floor', kind: 'wage-floor', hourly: 22.52, effective: '2021-01-01' },
      ],
    });
    // $2 for half of 2020-21: 14,400 h × 2 × 6/12 = 14,400.00
    expect(line(r, '2020-21', { term: 'two-dollars', kind: 'salary' }).cents).toBe(usd(14_400.0));
    // January–June 2021: assistants 19.2814 + 2.00 = 21.2814, 1.2386 below the floor; custodians
    // 23.8182 + 2.00 = 25.8182, above, so only G7 and G8 are lifted.
    // Pay is rounded to cents per pay group, year and term (docs/costing.md, "Rounding"), and a
    // term's cost is pay with it − pay without it, so the floor's cost for a group is the
    // difference of the two rounded pays for the year:
    //   without the floor: 2,880 h × (19.2814 × 6/12 + 21.2814 × 6/12) = 58,410.432 → 58,410.43
    //   with the floor:    2,880 h × (19.2814 × 6/12 + 22.52 × 6/12)   = 60,194.016 → 60,194.02
    //   G7 60,194.02 − 58,410.43 = 1,783.59; G8 1,783.59; line 3,567.18
    // (rounding the difference itself, 2,880 × 1.2386 × 6/12 = 1,783.584, would give 1,783.58 a
    // group and 3,567.16: the docs do not say which; the engine keeps the lines' sum equal to the
    // change in rounded pay)
    expect(line(r, '2020-21', { term: 'floor', kind: 'salary' }).cents).toBe(usd(3_567.18));
    // 2021-22, the whole year: G7 2,880 × 22.52 = 64,857.60 − 2,880 × 21.2814 = 61,290.432 → 61,290.43
    // = 3,567.17; G8 3,567.17; line 7,134.34
    expect(line(r, '2021-22', { term: 'floor', kind: 'salary' }).cents).toBe(usd(7_134.34));
  });
});

describe('bonus: $1,000 for staff employed in a given fiscal year', () => {
  it('goes to staff hired by the end of that year, so the eligibility year decides who gets it', () => {
    // Given two $1,000 C bonuses paid 2019-10-01 (in 2019-20): one for staff employed in
    // 2018-19, one for staff employed in 2017-18
    const r = cost({
      unit: 'C',
      terms: [
        { id: 'employed-2018', kind: 'bonus', amount: 1_000, employedIn: 2018, paid: '2019-10-01' },
        { id: 'employed-2017', kind: 'bonus', amount: 1_000, employedIn: 2017, paid: '2019-10-01' },
      ],
    });
    // Employed in 2018-19 (hired by 2019-06-30): G7 (hired 2018-08-15) 4 + G8 4 + G9 3 + G10 2
    // (unknown hire date = long-serving) = 13 × 1,000 = 13,000.00, one-time, booked 2019-20
    const b18 = line(r, '2019-20', { term: 'employed-2018', kind: 'salary' });
    expect(b18.cents).toBe(usd(13_000.0));
    expect(b18.nature).toBe('one-time');
    // statutory 25.5% × 13,000.00 = 3,315.00
    expect(line(r, '2019-20', { term: 'employed-2018', kind: 'statutory' }).cents).toBe(usd(3_315.0));
    // Employed in 2017-18 (hired by 2018-06-30): G7 was hired after, so 4 + 3 + 2 = 9 × 1,000 = 9,000.00
    expect(line(r, '2019-20', { term: 'employed-2017', kind: 'salary' }).cents).toBe(usd(9_000.0));
    // paid once: nothing in 2018-19 or after 2019-20
    for (const fy of ['2018-19', '2020-21', '2021-22', '2022-23']) expect(year(r, fy).totalCents).toBe(0);
  });

  it('never goes to positions the proposal adds, even ones hired within the eligibility year', () => {
    // Given 2 C positions hired from 2019-07-01 (new-hire placement: assistant step 1, 0.75 FTE,
    // 6 h × 180 d) and $1,000 for staff employed in 2019-20, paid 2019-10-01
    const r = cost({
      unit: 'C',
      terms: [
        { id: 'hire', kind: 'hire', role: 'assistant', phases: [{ from: '2019-07-01', count: 2 }] },
        { id: 'bonus', kind: 'bonus', amount: 1_000, employedIn: 2019, paid: '2019-10-01' },
      ],
    });
    // all 13 current C staff were employed in 2019-20; the 2 added positions are not eligible:
    // 13 × 1,000 = 13,000.00
    expect(centsOf(r, '2019-20', { term: 'bonus', kind: 'salary' })).toBe(usd(13_000.0));
    expect(linesOf(r, '2019-20', { term: 'bonus', population: 'added' })).toEqual([]);
  });
});

describe('health: part-time staff working at least 4 hours a day', () => {
  // Given health benefits for C staff working 4 or more hours a day (the threshold today is 6),
  // from 2019-01-01, in a proposal dated 2018-12-01 (so none of it is retroactive)
  const r = cost({
    unit: 'C', date: '2018-12-01', term: { start: '2018-07-01', end: '2020-06-30' },
    terms: [{ id: 'part-time', kind: 'health', partTimeMinHours: 4, effective: '2019-01-01' }],
  });

  it('makes the 8 assistants working exactly 4 hours eligible, from the effective date', () => {
    // Newly eligible: hourly staff working at least 4 and fewer than 6 hours: G7 4 + G8 4 = 8
    // assistants (4 h). G7, hired 2018-08-15, is employed on the effective date. The custodians
    // (6 h and 8 h) are already eligible and are not counted again.
    // 2018-19: 8 × 10,000 × 6/12 = 40,000.00
    const h = line(r, '2018-19', { term: 'part-time', kind: 'health' });
    expect(h.cents).toBe(usd(40_000.0));
    expect(h.nature).toBe('ongoing');
    // 2019-20: 8 × 11,000 = 88,000.00
    expect(line(r, '2019-20', { term: 'part-time', kind: 'health' }).cents).toBe(usd(88_000.0));
  });

  it('carries no statutory benefits and is the year\'s only cost', () => {
    expect(linesOf(r, '2019-20', { kind: 'statutory' })).toEqual([]);
    expect(year(r, '2018-19').totalCents).toBe(usd(40_000.0));
    expect(year(r, '2019-20').totalCents).toBe(usd(88_000.0));
  });

  it('a 3-hour threshold reaches no one more in tiny: its shortest assignment is 4 hours', () => {
    // Given the threshold at 3 hours from 2019-07-01: the same 8 assistants, 8 × 11,000 = 88,000.00 in 2019-20
    const r3 = cost({ unit: 'C', terms: [{ id: 'pt3', kind: 'health', partTimeMinHours: 3, effective: '2019-07-01' }] });
    expect(line(r3, '2019-20', { term: 'pt3', kind: 'health' }).cents).toBe(usd(88_000.0));
  });
});
