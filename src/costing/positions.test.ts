/**
 * Position terms (class-size caps, staffing guarantees, hiring) and their interaction with pay
 * terms, costed on the tiny district with every figure derived by hand.
 *
 * Enrollment (constant: enrollmentTrend 0): E1 (elementary, high-need) K-3 50 each, 4-5 60 each (320);
 * E2 (elementary) K-3 25 each, 4-5 30 each (160); M1 (middle) 6-8 175 each (525);
 * H1 (high, high-need) 9-12 200 each (800). Current caps (all maximums): K-3 25, 4-5 30, 6-8 35, 9-12 40;
 * 6 periods a secondary student, 5 sections a teacher.
 * Teachers needed under the current caps: E1 K-3 4 × ceil(50/25)=2 → 8, 4-5 2 × ceil(60/30)=2 → 4, so 12;
 * E2 4 × 1 + 2 × 1 = 6; M1 3 × ceil(175 × 6 / 35 = 30) = 90 sections / 5 = 18; H1 4 × ceil(200 × 6 / 40 = 30)
 * = 120 sections / 5 = 24.
 * New teacher: C1 step 1 (50,000, then 52,000, 54,000); new nurse: N step 1 (80,000, then 82,000).
 * Added positions cost statutory (18.5% from 2019-20) and health (11,000 from 2019-20; T placements are salaried, so eligible).
 */
import { describe, expect, it } from 'vitest';
import { cost, line, linesOf, loadTiny, usd, year } from '../../test/helpers/tiny.ts';

const positionsOf = (r: ReturnType<typeof cost>, fy: string) =>
  r.positions.filter((p) => p.fy === fy).map((p) => `${p.term} ${p.school} ${p.role} ${p.fte}`).sort();

describe('class-size: elementary maximum per grade', () => {
  // Given K-3 capped at 24 from 2019-07-01
  const r = cost({ terms: [{ id: 'caps', kind: 'class-size', caps: [{ grades: ['K', '1', '2', '3'], from: '2019-07-01', cap: 24 }] }] });

  it('adds ceil(students ÷ cap) − current classes in each grade', () => {
    // E1 (high-need; no high-need cap given, so 24): 4 grades × (ceil(50/24)=3 − 2) = +4
    // E2: 4 grades × (ceil(25/24)=2 − 1) = +4
    expect(positionsOf(r, '2019-20')).toEqual(['caps E1 teacher 4', 'caps E2 teacher 4']);
    expect(year(r, '2019-20').fteAdded).toBe(8);
    expect(positionsOf(r, '2018-19')).toEqual([]);
    expect(year(r, '2018-19').totalCents).toBe(0);
  });

  it('costs the added teachers at the new-hire placement with statutory and health', () => {
    // 2019-20: 8 × 50,000 (C1 step 1) = 400,000.00
    const s = line(r, '2019-20', { term: 'caps', kind: 'salary' });
    expect(s.cents).toBe(usd(400_000.0));
    expect(s.fte).toBe(8);
    expect(s.label).not.toContain('on added positions');
    // statutory 18.5% × 400,000 = 74,000.00; health 8 × 11,000 = 88,000.00
    expect(line(r, '2019-20', { term: 'caps', kind: 'statutory' }).cents).toBe(usd(74_000.0));
    expect(line(r, '2019-20', { term: 'caps', kind: 'health' }).cents).toBe(usd(88_000.0));
    expect(year(r, '2019-20').totalCents).toBe(usd(562_000.0));
  });

  it('moves the added teachers one step a year, up to the last step', () => {
    // 2020-21: 8 × 52,000 = 416,000.00; statutory 76,960.00
    expect(line(r, '2020-21', { term: 'caps', kind: 'salary' }).cents).toBe(usd(416_000.0));
    expect(line(r, '2020-21', { term: 'caps', kind: 'statutory' }).cents).toBe(usd(76_960.0));
    // 2021-22: 8 × 54,000 = 432,000.00; 2022-23: C1 has no step 4, still 432,000.00
    expect(line(r, '2021-22', { term: 'caps', kind: 'salary' }).cents).toBe(usd(432_000.0));
    expect(line(r, '2022-23', { term: 'caps', kind: 'salary' }).cents).toBe(usd(432_000.0));
  });
});

describe('class-size: secondary grades by periods and sections', () => {
  it('adds sections ÷ sections per teacher, keeping fractions of an FTE', () => {
    // Given 9-12 capped at 38 and 6-8 reduced by 1 (35 → 34), from 2019-07-01
    const r = cost({
      terms: [{
        id: 'caps', kind: 'class-size', caps: [
          { grades: ['9', '10', '11', '12'], from: '2019-07-01', cap: 38 },
          { grades: ['6', '7', '8'], from: '2019-07-01', reduceBy: 1 },
        ],
      }],
    });
    // H1: ceil(200 × 6 / 38 = 31.58) = 32 sections × 4 grades = 128 vs 120 → 8 / 5 = 1.6 FTE
    // M1: ceil(175 × 6 / 34 = 30.88) = 31 × 3 grades = 93 vs 90 → 3 / 5 = 0.6 FTE
    expect(positionsOf(r, '2019-20')).toEqual(['caps H1 teacher 1.6', 'caps M1 teacher 0.6']);
    // salary 2.2 × 50,000 = 110,000.00; statutory 18.5% = 20,350.00; health 2.2 × 11,000 = 24,200.00
    expect(line(r, '2019-20', { term: 'caps', kind: 'salary' }).cents).toBe(usd(110_000.0));
    expect(line(r, '2019-20', { term: 'caps', kind: 'statutory' }).cents).toBe(usd(20_350.0));
    expect(line(r, '2019-20', { term: 'caps', kind: 'health' }).cents).toBe(usd(24_200.0));
  });
});

describe('class-size: high-need caps', () => {
  it('applies highNeedCap and highNeedReduceBy only at high-need schools', () => {
    // Given K-3 at 25 (unchanged) but 20 at high-need schools, and 4-5 unchanged (reduceBy 0) but 5 fewer at high-need schools
    const r = cost({
      terms: [{
        id: 'hn', kind: 'class-size', caps: [
          { grades: ['K', '1', '2', '3'], from: '2019-07-01', cap: 25, highNeedCap: 20 },
          { grades: ['4', '5'], from: '2019-07-01', reduceBy: 0, highNeedReduceBy: 5 },
        ],
      }],
    });
    // E1 (high-need) K-3: 4 × (ceil(50/20)=3 − 2) = +4; 4-5 at 30 − 5 = 25: 2 × (ceil(60/25)=3 − 2) = +2 → +6
    // E2 (not high-need): caps unchanged → 0. H1 is high-need but has no K-5 grades.
    expect(positionsOf(r, '2019-20')).toEqual(['hn E1 teacher 6']);
    // 6 × 50,000 = 300,000.00
    expect(line(r, '2019-20', { term: 'hn', kind: 'salary' }).cents).toBe(usd(300_000.0));
  });
});

describe('class-size: reduceBy and average measures', () => {
  it('reduceBy counts down from the current cap for each grade', () => {
    // Given 4-5 reduced by 1 (30 → 29), maximum
    const r = cost({ terms: [{ id: 'r1', kind: 'class-size', caps: [{ grades: ['4', '5'], from: '2019-07-01', reduceBy: 1 }] }] });
    // E1: 2 × (ceil(60/29)=3 − 2) = +2; E2: 2 × (ceil(30/29)=2 − 1) = +2
    expect(positionsOf(r, '2019-20')).toEqual(['r1 E1 teacher 2', 'r1 E2 teacher 2']);
    // 4 × 50,000 = 200,000.00
    expect(line(r, '2019-20', { term: 'r1', kind: 'salary' }).cents).toBe(usd(200_000.0));
  });

  it('an average needs ceil(students in the span ÷ cap) classes for the span', () => {
    // Given 4-5 averaging 29
    const r = cost({ terms: [{ id: 'avg', kind: 'class-size', caps: [{ grades: ['4', '5'], measure: 'average', from: '2019-07-01', reduceBy: 1 }] }] });
    // E1: ceil(120/29 = 4.14) = 5 vs 4 today → +1; E2: ceil(60/29 = 2.07) = 3 vs 2 → +1
    expect(positionsOf(r, '2019-20')).toEqual(['avg E1 teacher 1', 'avg E2 teacher 1']);
    expect(line(r, '2019-20', { term: 'avg', kind: 'salary' }).cents).toBe(usd(100_000.0));
  });
});

describe('class-size: phased caps', () => {
  it('a cap from a later year adds nothing before it, then starts new hires at step 1', () => {
    // Given K-3 capped at 24 only from 2020-07-01
    const r = cost({ terms: [{ id: 'later', kind: 'class-size', caps: [{ grades: ['K', '1', '2', '3'], from: '2020-07-01', cap: 24 }] }] });
    expect(year(r, '2019-20').totalCents).toBe(0);
    // 2020-21: +8 (as in 2019-20 above) at 50,000 = 400,000.00; the year they are first added
    expect(line(r, '2020-21', { term: 'later', kind: 'salary' }).cents).toBe(usd(400_000.0));
    // 2021-22: 8 × 52,000 = 416,000.00
    expect(line(r, '2021-22', { term: 'later', kind: 'salary' }).cents).toBe(usd(416_000.0));
  });

  it('a second, lower cap adds more teachers in its year, each moving a step a year from when it is first added', () => {
    // Given K-3 capped at 24 from 2019-07-01, then 16 from 2020-07-01
    const r = cost({
      terms: [{
        id: 'phased', kind: 'class-size', caps: [
          { grades: ['K', '1', '2', '3'], from: '2019-07-01', cap: 24 },
          { grades: ['K', '1', '2', '3'], from: '2020-07-01', cap: 16 },
        ],
      }],
    });
    // 2019-20: +8 (E1 4, E2 4) = 400,000.00
    expect(line(r, '2019-20', { term: 'phased', kind: 'salary' }).cents).toBe(usd(400_000.0));
    // 2020-21: E1 4 × (ceil(50/16)=4 − 2) = +8; E2 4 × (ceil(25/16)=2 − 1) = +4 → 12 in all, 4 more than 2019-20
    expect(positionsOf(r, '2020-21')).toEqual(['phased E1 teacher 8', 'phased E2 teacher 4']);
    // health 12 × 11,000 = 132,000.00
    expect(line(r, '2020-21', { term: 'phased', kind: 'health' }).cents).toBe(usd(132_000.0));
    // salary (docs/costing.md: "moving one step a year from the year they are first added"):
    // the 8 first added in 2019-20 are at step 2: 8 × 52,000 = 416,000; the 4 first added in 2020-21 are
    // at step 1: 4 × 50,000 = 200,000; total 616,000.00
    expect(line(r, '2020-21', { term: 'phased', kind: 'salary' }).cents).toBe(usd(616_000.0));
    // 2021-22: 8 × 54,000 = 432,000 + 4 × 52,000 = 208,000 → 640,000.00
    expect(line(r, '2021-22', { term: 'phased', kind: 'salary' }).cents).toBe(usd(640_000.0));
  });
});

describe('cohorts: when a term needs fewer positions, the newest cohort goes first', () => {
  it('a cap phased back up removes the positions added last', () => {
    // Given K-3 capped at 24 from 2019-07-01, 16 from 2020-07-01, and back to 24 from 2021-07-01
    const r = cost({
      terms: [{
        id: 'phased', kind: 'class-size', caps: [
          { grades: ['K', '1', '2', '3'], from: '2019-07-01', cap: 24 },
          { grades: ['K', '1', '2', '3'], from: '2020-07-01', cap: 16 },
          { grades: ['K', '1', '2', '3'], from: '2021-07-01', cap: 24 },
        ],
      }],
    });
    // 2019-20 (cap 24): E1 4 × (ceil(50/24)=3 − 2) = +4, E2 4 × (ceil(25/24)=2 − 1) = +4 → 8, the 2019-20 cohort
    // 2020-21 (cap 16): E1 4 × (ceil(50/16)=4 − 2) = +8, E2 4 × (ceil(25/16)=2 − 1) = +4 → 12, so a 2020-21 cohort of 4
    // salary 2020-21: 8 × 52,000 (step 2) + 4 × 50,000 (step 1) = 616,000.00
    expect(line(r, '2020-21', { term: 'phased', kind: 'salary' }).cents).toBe(usd(616_000.0));
    // 2021-22 (cap 24 again): E1 +4, E2 +4 → 8, 4 fewer: the 2020-21 cohort (the newest) goes
    expect(positionsOf(r, '2021-22')).toEqual(['phased E1 teacher 4', 'phased E2 teacher 4']);
    expect(year(r, '2021-22').fteAdded).toBe(8);
    // the 8 left are the 2019-20 cohort, at C1 step 3: 8 × 54,000 = 432,000.00
    // (were the oldest to go first: 4 × 54,000 + 4 × 52,000 = 424,000.00)
    expect(line(r, '2021-22', { term: 'phased', kind: 'salary' }).cents).toBe(usd(432_000.0));
    // statutory 18.5% × 432,000 = 79,920.00; health 8 × 11,000 = 88,000.00
    expect(line(r, '2021-22', { term: 'phased', kind: 'statutory' }).cents).toBe(usd(79_920.0));
    expect(line(r, '2021-22', { term: 'phased', kind: 'health' }).cents).toBe(usd(88_000.0));
    // 2022-23: still 8, at the last step 3: 432,000.00
    expect(line(r, '2022-23', { term: 'phased', kind: 'salary' }).cents).toBe(usd(432_000.0));
  });

  it('declining enrollment removes the positions added last', () => {
    // Given the tiny district with enrollment falling 10% a year (factor 0.9 in 2019-20, 0.81, 0.729, 0.6561),
    // and grades 4-5 capped at 20 from 2019-07-01, then 12 from 2020-07-01 (current cap 30)
    const declining = structuredClone(loadTiny());
    const trend = declining.district.parameters.enrollmentTrend;
    declining.district.parameters.enrollmentTrend = { ...trend, values: [{ from: '2018-07-01', value: -10 }] };
    const r = cost({
      terms: [{
        id: 'decline', kind: 'class-size', caps: [
          { grades: ['4', '5'], from: '2019-07-01', cap: 20 },
          { grades: ['4', '5'], from: '2020-07-01', cap: 12 },
        ],
      }],
    }, declining);
    // Students in each of grades 4 and 5 (rounded to whole students): E1 60, E2 30 in 2018-19;
    // 2019-20 54, 27; 2020-21 48.6 → 49, 24.3 → 24; 2021-22 43.74 → 44, 21.87 → 22; 2022-23 39.366 → 39, 19.683 → 20.
    // 2019-20 (cap 20): E1 2 × (ceil(54/20)=3 − ceil(54/30)=2) = +2; E2 2 × (ceil(27/20)=2 − ceil(27/30)=1) = +2 → 4,
    // the 2019-20 cohort; 4 × 50,000 = 200,000.00
    expect(positionsOf(r, '2019-20')).toEqual(['decline E1 teacher 2', 'decline E2 teacher 2']);
    expect(line(r, '2019-20', { term: 'decline', kind: 'salary' }).cents).toBe(usd(200_000.0));
    // 2020-21 (cap 12): E1 2 × (ceil(49/12)=5 − ceil(49/30)=2) = +6; E2 2 × (ceil(24/12)=2 − ceil(24/30)=1) = +2 → 8,
    // so a 2020-21 cohort of 4; 4 × 52,000 + 4 × 50,000 = 408,000.00
    expect(positionsOf(r, '2020-21')).toEqual(['decline E1 teacher 6', 'decline E2 teacher 2']);
    expect(line(r, '2020-21', { term: 'decline', kind: 'salary' }).cents).toBe(usd(408_000.0));
    // 2021-22: E1 2 × (ceil(44/12)=4 − ceil(44/30)=2) = +4; E2 2 × (ceil(22/12)=2 − ceil(22/30)=1) = +2 → 6, 2 fewer
    expect(positionsOf(r, '2021-22')).toEqual(['decline E1 teacher 4', 'decline E2 teacher 2']);
    expect(year(r, '2021-22').fteAdded).toBe(6);
    // the 2 that go are from the newest (2020-21) cohort: 2019-20 cohort 4 × 54,000 (step 3) = 216,000
    // + 2020-21 cohort 2 × 52,000 (step 2) = 104,000 → 320,000.00 (oldest first would give 4 × 52,000 + 2 × 54,000 = 316,000)
    expect(line(r, '2021-22', { term: 'decline', kind: 'salary' }).cents).toBe(usd(320_000.0));
    // statutory 18.5% × 320,000 = 59,200.00; health 6 × 11,000 = 66,000.00
    expect(line(r, '2021-22', { term: 'decline', kind: 'statutory' }).cents).toBe(usd(59_200.0));
    expect(line(r, '2021-22', { term: 'decline', kind: 'health' }).cents).toBe(usd(66_000.0));
    // 2022-23: E1 2 × (ceil(39/12)=4 − ceil(39/30)=2) = +4; E2 2 × (ceil(20/12)=2 − 1) = +2 → 6 again,
    // all at C1's last step 3: 6 × 54,000 = 324,000.00
    expect(line(r, '2022-23', { term: 'decline', kind: 'salary' }).cents).toBe(usd(324_000.0));
  });
});

describe('staffing', () => {
  it('perSchool brings each listed school up to the FTE, counting staff already there', () => {
    // Given 1 nurse per elementary and high school from 2019-07-01
    const r = cost({ terms: [{ id: 'nurses', kind: 'staffing', role: 'nurse', schools: { types: ['elementary', 'high'] }, phases: [{ from: '2019-07-01', perSchool: 1 }] }] });
    // E1 0 → 1, E2 0 → 1; H1 already has its nurse; M1 not listed
    expect(positionsOf(r, '2019-20')).toEqual(['nurses E1 nurse 1', 'nurses E2 nurse 1']);
    // 2 × 80,000 (N step 1) = 160,000.00; statutory 18.5% = 29,600.00; health 2 × 11,000 = 22,000.00
    expect(line(r, '2019-20', { term: 'nurses', kind: 'salary' }).cents).toBe(usd(160_000.0));
    expect(line(r, '2019-20', { term: 'nurses', kind: 'statutory' }).cents).toBe(usd(29_600.0));
    expect(line(r, '2019-20', { term: 'nurses', kind: 'health' }).cents).toBe(usd(22_000.0));
    // 2020-21: N step 2, 2 × 82,000 = 164,000.00
    expect(line(r, '2020-21', { term: 'nurses', kind: 'salary' }).cents).toBe(usd(164_000.0));
  });

  it('studentsPerStaff needs ceil(students ÷ ratio)', () => {
    // Given 1 nurse per 400 students at middle and high schools from 2019-07-01
    const r = cost({ terms: [{ id: 'ratio', kind: 'staffing', role: 'nurse', schools: { types: ['middle', 'high'] }, phases: [{ from: '2019-07-01', studentsPerStaff: 400 }] }] });
    // M1 ceil(525/400) = 2, has 0 → +2; H1 ceil(800/400) = 2, has 1 → +1
    expect(positionsOf(r, '2019-20')).toEqual(['ratio H1 nurse 1', 'ratio M1 nurse 2']);
    // 3 × 80,000 = 240,000.00; statutory 44,400.00; health 3 × 11,000 = 33,000.00
    expect(line(r, '2019-20', { term: 'ratio', kind: 'salary' }).cents).toBe(usd(240_000.0));
    expect(line(r, '2019-20', { term: 'ratio', kind: 'statutory' }).cents).toBe(usd(44_400.0));
    expect(line(r, '2019-20', { term: 'ratio', kind: 'health' }).cents).toBe(usd(33_000.0));
  });

  it('counts positions that earlier terms add at the school', () => {
    // Given K-3 capped at 24 (E1 +4, E2 +4), then 12 teachers per elementary school, both from 2019-07-01
    const r = cost({
      terms: [
        { id: 'caps', kind: 'class-size', caps: [{ grades: ['K', '1', '2', '3'], from: '2019-07-01', cap: 24 }] },
        { id: 'twelve', kind: 'staffing', role: 'teacher', schools: { types: ['elementary'] }, phases: [{ from: '2019-07-01', perSchool: 12 }] },
      ],
    });
    // E1 has 12 (6 G1 + 6 G2) + 4 added = 16 ≥ 12 → 0; E2 has 6 (G3) + 4 added = 10 → +2
    expect(positionsOf(r, '2019-20')).toEqual(['caps E1 teacher 4', 'caps E2 teacher 4', 'twelve E2 teacher 2']);
    expect(line(r, '2019-20', { term: 'twelve', kind: 'salary' }).cents).toBe(usd(100_000.0));
  });
});

describe('hire', () => {
  it('spreads positions over schools, those without the role and larger ones first, phased over two years', () => {
    // Given 2 nurses from 2019-07-01 and 2 more from 2020-07-01 at elementary and high schools
    const r = cost({
      terms: [{
        id: 'hire-n', kind: 'hire', role: 'nurse', schools: { types: ['elementary', 'high'] },
        phases: [{ from: '2019-07-01', count: 2 }, { from: '2020-07-01', count: 2 }],
      }],
    });
    // order: no nurse yet — E1 (320 students), E2 (160); then H1 (has one)
    // 2019-20: 2 → E1 1, E2 1
    expect(positionsOf(r, '2019-20')).toEqual(['hire-n E1 nurse 1', 'hire-n E2 nurse 1']);
    // 2020-21: 4 → E1, E2, H1, then round again to E1 → E1 2, E2 1, H1 1
    expect(positionsOf(r, '2020-21')).toEqual(['hire-n E1 nurse 2', 'hire-n E2 nurse 1', 'hire-n H1 nurse 1']);
    // 2019-20: 2 × 80,000 = 160,000.00; statutory 29,600.00; health 22,000.00
    expect(line(r, '2019-20', { term: 'hire-n', kind: 'salary' }).cents).toBe(usd(160_000.0));
    expect(line(r, '2019-20', { term: 'hire-n', kind: 'statutory' }).cents).toBe(usd(29_600.0));
    expect(line(r, '2019-20', { term: 'hire-n', kind: 'health' }).cents).toBe(usd(22_000.0));
    // 2020-21 health: 4 × 11,000 = 44,000.00
    expect(line(r, '2020-21', { term: 'hire-n', kind: 'health' }).cents).toBe(usd(44_000.0));
    // 2021-22: all 4 at N's last step 2: 4 × 82,000 = 328,000.00
    expect(line(r, '2021-22', { term: 'hire-n', kind: 'salary' }).cents).toBe(usd(328_000.0));
  });

  it('positions hired in the second phase start at the new-hire step in their own first year', () => {
    const r = cost({
      terms: [{
        id: 'hire-n', kind: 'hire', role: 'nurse', schools: { types: ['elementary', 'high'] },
        phases: [{ from: '2019-07-01', count: 2 }, { from: '2020-07-01', count: 2 }],
      }],
    });
    // 2020-21 (docs/costing.md: "moving one step a year from the year they are first added"):
    // the 2 hired in 2019-20 at N step 2: 2 × 82,000 = 164,000; the 2 hired in 2020-21 at step 1: 2 × 80,000 = 160,000
    // salary 324,000.00; statutory 18.5% = 59,940.00
    expect(line(r, '2020-21', { term: 'hire-n', kind: 'salary' }).cents).toBe(usd(324_000.0));
    expect(line(r, '2020-21', { term: 'hire-n', kind: 'statutory' }).cents).toBe(usd(59_940.0));
  });

  it('without schools adds central-office positions, prorated from a mid-year date', () => {
    // Given 2 teachers hired at central office from 2020-01-01 (half of 2019-20)
    const r = cost({ terms: [{ id: 'central', kind: 'hire', role: 'teacher', phases: [{ from: '2020-01-01', count: 2 }] }] });
    expect(positionsOf(r, '2019-20')).toEqual(['central central teacher 2']);
    // 2019-20: 2 × 50,000 × 6/12 = 50,000.00; statutory 18.5% = 9,250.00; health 2 × 6/12 × 11,000 = 11,000.00
    expect(line(r, '2019-20', { term: 'central', kind: 'salary' }).cents).toBe(usd(50_000.0));
    expect(line(r, '2019-20', { term: 'central', kind: 'statutory' }).cents).toBe(usd(9_250.0));
    expect(line(r, '2019-20', { term: 'central', kind: 'health' }).cents).toBe(usd(11_000.0));
    expect(year(r, '2019-20').fteAdded).toBe(2);
    // 2020-21: a step later, 2 × 52,000 = 104,000.00; health 22,000.00
    expect(line(r, '2020-21', { term: 'central', kind: 'salary' }).cents).toBe(usd(104_000.0));
    expect(line(r, '2020-21', { term: 'central', kind: 'health' }).cents).toBe(usd(22_000.0));
    expect(year(r, '2018-19').totalCents).toBe(0);
  });
});

describe('positions at a part-time classified placement (C: assistant step 1, 0.75 FTE, 6 h × 180 d)', () => {
  // One C position: pay 16.00 × 6 h × 180 d = 17,280.00 a year at step 1, 17.00 × 6 × 180 = 18,360.00 at step 2;
  // 0.75 FTE; health-eligible (6 h a day ≥ the classified threshold of 6); statutory 25.5%.
  it('hire counts positions, each at the placement\'s 0.75 FTE, with pay and health for one person each', () => {
    // Given 1 assistant hired at central office from 2019-07-01
    const r = cost({ unit: 'C', terms: [{ id: 'hire-a', kind: 'hire', role: 'assistant', phases: [{ from: '2019-07-01', count: 1 }] }] });
    // 1 position × 0.75 FTE
    expect(positionsOf(r, '2019-20')).toEqual(['hire-a central assistant 0.75']);
    expect(year(r, '2019-20').fteAdded).toBe(0.75);
    // 2019-20: one person's pay 16.00 × 6 × 180 = 17,280.00; statutory 25.5% = 4,406.40; health 1 × 11,000 = 11,000.00
    const s = line(r, '2019-20', { term: 'hire-a', kind: 'salary' });
    expect(s.cents).toBe(usd(17_280.0));
    expect(s.fte).toBe(0.75);
    expect(line(r, '2019-20', { term: 'hire-a', kind: 'statutory' }).cents).toBe(usd(4_406.4));
    expect(line(r, '2019-20', { term: 'hire-a', kind: 'health' }).cents).toBe(usd(11_000.0));
    // 17,280.00 + 4,406.40 + 11,000.00 = 32,686.40
    expect(year(r, '2019-20').totalCents).toBe(usd(32_686.4));
    // 2020-21: step 2, 18,360.00
    expect(line(r, '2020-21', { term: 'hire-a', kind: 'salary' }).cents).toBe(usd(18_360.0));
    expect(year(r, '2018-19').totalCents).toBe(0);
  });

  it('hire with schools places one 0.75-FTE position per school', () => {
    // Given 2 assistants at elementary schools from 2019-07-01: both have assistants, so the larger first — E1 (320), E2 (160)
    const r = cost({ unit: 'C', terms: [{ id: 'hire-a', kind: 'hire', role: 'assistant', schools: { types: ['elementary'] }, phases: [{ from: '2019-07-01', count: 2 }] }] });
    expect(positionsOf(r, '2019-20')).toEqual(['hire-a E1 assistant 0.75', 'hire-a E2 assistant 0.75']);
    expect(year(r, '2019-20').fteAdded).toBe(1.5);
    // 2 × 17,280 = 34,560.00; health 2 × 11,000 = 22,000.00
    expect(line(r, '2019-20', { term: 'hire-a', kind: 'salary' }).cents).toBe(usd(34_560.0));
    expect(line(r, '2019-20', { term: 'hire-a', kind: 'health' }).cents).toBe(usd(22_000.0));
  });

  it('staffing studentsPerStaff counts positions, each at the placement\'s FTE', () => {
    // Given 1 assistant per 200 students at middle and high schools (neither has assistants) from 2019-07-01
    const r = cost({ unit: 'C', terms: [{ id: 'ratio', kind: 'staffing', role: 'assistant', schools: { types: ['middle', 'high'] }, phases: [{ from: '2019-07-01', studentsPerStaff: 200 }] }] });
    // M1 ceil(525/200) = 3 positions × 0.75 = 2.25 FTE; H1 ceil(800/200) = 4 × 0.75 = 3 FTE
    expect(positionsOf(r, '2019-20')).toEqual(['ratio H1 assistant 3', 'ratio M1 assistant 2.25']);
    expect(year(r, '2019-20').fteAdded).toBe(5.25);
    // 7 positions × 17,280 = 120,960.00; statutory 25.5% = 30,844.80; health 7 × 11,000 = 77,000.00
    expect(line(r, '2019-20', { term: 'ratio', kind: 'salary' }).cents).toBe(usd(120_960.0));
    expect(line(r, '2019-20', { term: 'ratio', kind: 'statutory' }).cents).toBe(usd(30_844.8));
    expect(line(r, '2019-20', { term: 'ratio', kind: 'health' }).cents).toBe(usd(77_000.0));
  });

  it('staffing perSchool is FTE', () => {
    // Given 1 FTE of assistants per middle and high school from 2019-07-01: M1 +1 FTE, H1 +1 FTE
    const r = cost({ unit: 'C', terms: [{ id: 'per', kind: 'staffing', role: 'assistant', schools: { types: ['middle', 'high'] }, phases: [{ from: '2019-07-01', perSchool: 1 }] }] });
    expect(positionsOf(r, '2019-20')).toEqual(['per H1 assistant 1', 'per M1 assistant 1']);
    expect(year(r, '2019-20').fteAdded).toBe(2);
    // 2 FTE ÷ 0.75 = 8/3 positions × 17,280 = 46,080.00; statutory 25.5% = 11,750.40;
    // health 8/3 × 11,000 = 29,333.333… → 29,333.33
    expect(line(r, '2019-20', { term: 'per', kind: 'salary' }).cents).toBe(usd(46_080.0));
    expect(line(r, '2019-20', { term: 'per', kind: 'statutory' }).cents).toBe(usd(11_750.4));
    expect(line(r, '2019-20', { term: 'per', kind: 'health' }).cents).toBe(usd(29_333.33));
  });

  it('position health is rounded once per line, summed unrounded over cohorts (docs/costing.md, "Rounding")', () => {
    // Given 1 FTE of assistants at M1 from 2019-07-01, then 2 FTE from 2020-07-01: a 2019-20 cohort of 1 FTE and
    // a 2020-21 cohort of 1 FTE, each 1 ÷ 0.75 = 4/3 positions
    const r = cost({
      unit: 'C',
      terms: [{ id: 'm1', kind: 'staffing', role: 'assistant', schools: { types: ['middle'] }, phases: [{ from: '2019-07-01', perSchool: 1 }, { from: '2020-07-01', perSchool: 2 }] }],
    });
    expect(positionsOf(r, '2020-21')).toEqual(['m1 M1 assistant 2']);
    // 2019-20: 4/3 × 11,000 = 14,666.666… → 14,666.67
    expect(line(r, '2019-20', { term: 'm1', kind: 'health' }).cents).toBe(usd(14_666.67));
    // 2020-21: (4/3 + 4/3) × 11,000 = 29,333.333… → 29,333.33
    // (rounding each cohort first would give 14,666.67 × 2 = 29,333.34)
    expect(line(r, '2020-21', { term: 'm1', kind: 'health' }).cents).toBe(usd(29_333.33));
    // salary 2020-21, per cohort: 2019-20 cohort at step 2, 4/3 × 18,360 = 24,480.00; 2020-21 cohort at step 1,
    // 4/3 × 17,280 = 23,040.00 → 47,520.00; statutory 25.5% = 12,117.60
    expect(line(r, '2020-21', { term: 'm1', kind: 'salary' }).cents).toBe(usd(47_520.0));
    expect(line(r, '2020-21', { term: 'm1', kind: 'statutory' }).cents).toBe(usd(12_117.6));
  });
});

describe('interaction: pay terms reach added positions', () => {
  // Given a 3% T raise and K-3 capped at 24, both from 2019-07-01
  const r = cost({
    terms: [
      { id: 'raise', kind: 'raise', pct: 3, effective: '2019-07-01' },
      { id: 'caps', kind: 'class-size', caps: [{ grades: ['K', '1', '2', '3'], from: '2019-07-01', cap: 24 }] },
      { id: 'health', kind: 'health', perEmployee: 600, effective: '2019-07-01' },
    ],
  });

  it('shows the raise on added positions as its own line', () => {
    // the class-size line keeps the new-hire pay: 8 × 50,000 = 400,000.00
    expect(line(r, '2019-20', { term: 'caps', kind: 'salary' }).cents).toBe(usd(400_000.0));
    // the raise on existing staff: 3% × 4,022,000 = 120,660.00
    expect(line(r, '2019-20', { term: 'raise', kind: 'salary', population: 'existing' }).cents).toBe(usd(120_660.0));
    // the raise on the added teachers: 3% × 400,000 = 12,000.00; statutory 18.5% = 2,220.00
    const added = line(r, '2019-20', { term: 'raise', kind: 'salary', population: 'added' });
    expect(added.cents).toBe(usd(12_000.0));
    expect(added.label).toContain('on added positions');
    expect(line(r, '2019-20', { term: 'raise', kind: 'statutory', population: 'added' }).cents).toBe(usd(2_220.0));
    // 2020-21: 3% × 8 × 52,000 = 12,480.00
    expect(line(r, '2020-21', { term: 'raise', kind: 'salary', population: 'added' }).cents).toBe(usd(12_480.0));
  });

  it('a health increase reaches added positions too', () => {
    // existing: 69 × 600 = 41,400.00; added: 8 × 600 = 4,800.00
    expect(line(r, '2019-20', { term: 'health', kind: 'health', population: 'existing' }).cents).toBe(usd(41_400.0));
    expect(line(r, '2019-20', { term: 'health', kind: 'health', population: 'added' }).cents).toBe(usd(4_800.0));
    expect(linesOf(r, '2018-19')).toEqual([]);
  });
});
