/**
 * Rules docs/costing.md and docs/proposals.md state, each with a test that fails when the rule
 * is broken: every error the dataset checks and the class-size rules raise, retroactive health,
 * me-too clauses passing two terms, and secondary class sizes whose sections are not near a
 * whole number. Figures are derived by hand from the tiny district (test/helpers/tiny.ts).
 */
import { describe, expect, it } from 'vitest';
import { gradeIndex } from '../district/grades.ts';
import type { Dataset } from '../district/types.ts';
import { InvalidInput, type Problem } from '../errors/problem.ts';
import type { HireTerm } from '../proposals/types.ts';
import { cost, line, linesOf, loadTiny, proposal, tiny, usd, year, type ProposalSpec } from '../../test/helpers/tiny.ts';
import { baselineCaps, capsInForce } from './class-size.ts';
import { addedPositions } from './positions.ts';
import { prepare } from './prepare.ts';

/** The problems costing a proposal raises; fails the test when it raises none. */
function problemsOf(spec: ProposalSpec, dataset?: Dataset): Problem[] {
  try {
    cost(spec, dataset);
  } catch (e) {
    if (e instanceof InvalidInput) return e.problems;
    throw e;
  }
  throw new Error('expected the proposal to be refused, but it was costed');
}

const positionsOf = (r: ReturnType<typeof cost>, fy: string) =>
  r.positions.filter((p) => p.fy === fy).map((p) => `${p.school} ${p.role} ${p.fte}`).sort();

describe('checks against the dataset (docs/proposals.md): each error, located', () => {
  it('a proposal for a unit the dataset does not have', () => {
    const [p, ...rest] = problemsOf({ unit: 'X', terms: [] });
    expect(rest).toEqual([]);
    expect(p.code).toBe('proposal.unknown-unit');
    expect(p.message).toContain('"X"');
    expect(p.where?.field).toBe('unit');
    expect(p.hint).toBe('one of: T, C');
  });

  it('a term for a unit the dataset does not have', () => {
    const [p] = problemsOf({ terms: [{ id: 'r', unit: 'Y', kind: 'raise', pct: 3, effective: '2019-07-01' }] });
    expect(p.code).toBe('proposal.unknown-unit');
    expect(p.where?.field).toBe('terms[0].unit');
  });

  it('a raise for a role no staff of the unit hold', () => {
    const [p] = problemsOf({ terms: [{ id: 'r', kind: 'raise', pct: 3, effective: '2019-07-01', roles: ['teacher', 'librarian'] }] });
    expect(p.code).toBe('proposal.unknown-role');
    expect(p.message).toContain('no T staff have the role "librarian"');
    expect(p.where?.field).toBe('terms[0].roles[1]');
    expect(p.hint).toContain('teacher');
  });

  it('hiring a role nobody holds and with no new-hire placement', () => {
    const [p] = problemsOf({ terms: [{ id: 'h', kind: 'hire', role: 'librarian', phases: [{ from: '2019-07-01', count: 2 }] }] });
    expect(p.code).toBe('proposal.unknown-role');
    expect(p.message).toContain('district.yaml gives no new-hire placement');
    expect(p.where?.field).toBe('terms[0].role');
  });

  it('hiring a role the unit has, when the dataset gives no new-hire placement for it or the unit', () => {
    const d = structuredClone(loadTiny());
    delete d.district.parameters.newHirePlacement.C;
    const [p] = problemsOf({ unit: 'C', terms: [{ id: 'h', kind: 'hire', role: 'custodian', phases: [{ from: '2019-07-01', count: 1 }] }] }, d);
    expect(p.code).toBe('proposal.no-placement');
    expect(p.message).toContain('a new custodian in C');
    expect(p.hint).toContain('newHirePlacement.custodian');
  });

  it('every problem at once, not only the first', () => {
    const ps = problemsOf({
      terms: [
        { id: 'r', kind: 'raise', pct: 3, effective: '2019-07-01', roles: ['librarian'] },
        { id: 'h', kind: 'hire', role: 'teacher', schools: { types: ['special-education'] }, phases: [{ from: '2019-07-01', count: 2 }] },
      ],
    });
    expect(ps.map((p) => p.code)).toEqual(['proposal.unknown-role', 'proposal.no-matching-school']);
  });
});

describe('a hire or staffing term whose schools match no school is an error, not $0', () => {
  it('names the term, the filter and the schools the dataset has', () => {
    const [p, ...rest] = problemsOf({ terms: [{ id: 'sped-teachers', kind: 'hire', role: 'teacher', schools: { types: ['special-education'] }, phases: [{ from: '2019-07-01', count: 4 }] }] });
    expect(rest).toEqual([]);
    expect(p.code).toBe('proposal.no-matching-school');
    expect(p.message).toContain('term "sped-teachers"');
    expect(p.message).toContain('types special-education');
    expect(p.where?.field).toBe('terms[0].schools');
    // The tiny district: E1 (elementary, high-need), E2 (elementary), M1 (middle), H1 (high, high-need).
    expect(p.hint).toContain('2 elementary (1 high-need), 1 middle, 1 high (1 high-need)');
  });

  it('counts high-need only: there is no high-need middle school', () => {
    const [p] = problemsOf({ terms: [{ id: 'counselors', kind: 'staffing', role: 'teacher', schools: { types: ['middle'], highNeedOnly: true }, phases: [{ from: '2019-07-01', perSchool: 1 }] }] });
    expect(p.code).toBe('proposal.no-matching-school');
    expect(p.message).toContain('types middle, high-need only');
  });

  it('is an error even when the hire starts after the years costed', () => {
    const ps = problemsOf({ terms: [{ id: 'late', kind: 'hire', role: 'teacher', schools: { types: ['special-education'] }, phases: [{ from: '2030-07-01', count: 1 }] }] });
    expect(ps.map((p) => p.code)).toEqual(['proposal.no-matching-school']);
  });

  it('is refused where positions are placed too (the settlement zone and layouts call it without the checks)', () => {
    const t: HireTerm = { id: 'h', title: 'h', unit: 'T', kind: 'hire', role: 'teacher', schools: { types: ['special-education'] }, phases: [{ from: '2019-07-01', count: 1 }] };
    expect(() => addedPositions(prepare(tiny()), [t], [2019], () => ({}))).toThrow(/no school in the dataset matches/);
  });

  it('a matching filter still costs (high-need high schools: H1)', () => {
    const r = cost({ terms: [{ id: 'h', kind: 'hire', role: 'nurse', schools: { types: ['high'], highNeedOnly: true }, phases: [{ from: '2019-07-01', count: 1 }] }] });
    // one nurse at N step 1: 80,000.00
    expect(positionsOf(r, '2019-20')).toEqual(['H1 nurse 1']);
    expect(line(r, '2019-20', { term: 'h', kind: 'salary' }).cents).toBe(usd(80_000));
  });
});

describe('class-size rules', () => {
  it('a cap for a grade the current contract does not cap is refused (no-baseline-cap)', () => {
    const d = structuredClone(loadTiny());
    d.district.parameters.classSize.spans = d.district.parameters.classSize.spans.filter((s) => !s.grades.includes('K'));
    const [p] = problemsOf({ terms: [{ id: 'caps', kind: 'class-size', caps: [{ grades: ['4', '5'], from: '2019-07-01', cap: 28 }, { grades: ['K', '1'], from: '2019-07-01', cap: 20 }] }] }, d);
    expect(p.code).toBe('proposal.no-baseline-cap');
    expect(p.message).toContain('grade K has no class-size cap in the current contract');
    expect(p.hint).toContain('parameters.classSize.spans');
  });

  it('a cap that would fall below one student is refused (cap-below-one), and a cap of one is not', () => {
    // K-3 is capped at 25: reduceBy 25 leaves 0.
    const [p] = problemsOf({ terms: [{ id: 'caps', kind: 'class-size', caps: [{ grades: ['K'], from: '2019-07-01', reduceBy: 25 }] }] });
    expect(p.code).toBe('proposal.cap-below-one');
    expect(p.message).toContain('would fall to 0 students');
    // A high-need reduction below one is refused too: 25 − 26 = −1.
    const [hn] = problemsOf({ terms: [{ id: 'caps', kind: 'class-size', caps: [{ grades: ['K'], from: '2019-07-01', reduceBy: 0, highNeedReduceBy: 26 }] }] });
    expect(hn.code).toBe('proposal.cap-below-one');
    expect(hn.message).toContain('-1 students');
  });

  it('capsInForce raises both errors itself, at the cap phase given', () => {
    const base = baselineCaps(tiny().district.parameters.classSize.spans.filter((s) => !s.grades.includes('9')));
    const phase = (cap: number, grade: '9' | 'K') => [{ phase: { grades: [grade], from: '2019-07-01', cap }, index: 3, startMonth: () => 0 }];
    const where = (i: number) => ({ field: `terms[0].caps[${i}]` });
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as InvalidInput).problems[0];
      }
      return undefined;
    };
    expect(err(() => capsInForce(base, phase(30, '9'), 2019, 0, where))).toMatchObject({ code: 'proposal.no-baseline-cap', where: { field: 'terms[0].caps[3]' } });
    expect(err(() => capsInForce(base, phase(0, 'K'), 2019, 0, where))).toMatchObject({ code: 'proposal.cap-below-one', where: { field: 'terms[0].caps[3]' } });
    expect(capsInForce(base, phase(1, 'K'), 2019, 0, where)[gradeIndex('K')]).toMatchObject({ cap: 1, highNeedCap: 1 });
  });

  it('a cap above the current one adds no teachers and saves none, even beside a lower cap at the same school', () => {
    // K-3 raised to 50 (above the current 25) and 4-5 lowered to 29, from 2019-07-01.
    // 4-5: E1 ceil(60/29) = 3 − 2 = +1 a grade → +2; E2 ceil(30/29) = 2 − 1 = +1 a grade → +2.
    // K-3 at 50 would need only 1 class a grade at E1 (4 fewer): that must not cancel E1's +2.
    const r = cost({ terms: [{ id: 'caps', kind: 'class-size', caps: [{ grades: ['K', '1', '2', '3'], from: '2019-07-01', cap: 50 }, { grades: ['4', '5'], from: '2019-07-01', cap: 29 }] }] });
    expect(positionsOf(r, '2019-20')).toEqual(['E1 teacher 2', 'E2 teacher 2']);
    // 4 × 50,000 = 200,000.00
    expect(line(r, '2019-20', { term: 'caps', kind: 'salary' }).cents).toBe(usd(200_000));
    // At a school that is not high-need, M1: grade 6 raised to 40 (175 × 6 ÷ 40 = 26.25 → 27 sections,
    // 3 fewer than the 30 now) and grades 7-8 lowered to 34 (30.88 → 31, +1 each): the raised cap
    // saves nothing, so +2 sections ÷ 5 = 0.4 FTE (netting would give −1 → none).
    const m = cost({ terms: [{ id: 'caps', kind: 'class-size', caps: [{ grades: ['6'], from: '2019-07-01', cap: 40 }, { grades: ['7', '8'], from: '2019-07-01', cap: 34 }] }] });
    expect(positionsOf(m, '2019-20')).toEqual(['M1 teacher 0.4']);
    // A raised cap alone costs nothing.
    const alone = cost({ terms: [{ id: 'caps', kind: 'class-size', caps: [{ grades: ['K', '1', '2', '3'], from: '2019-07-01', cap: 50 }] }] });
    expect(alone.positions).toEqual([]);
    expect(alone.years.every((y) => y.totalCents === 0)).toBe(true);
  });

  it('special-education schools are not covered by class-size caps', () => {
    // A special-education school S1 with 50 students in each of K-3 (as many as E1).
    const d = structuredClone(loadTiny());
    d.schools.push({ ...d.schools[0], id: 'S1', cdsCode: '99999990000009', name: 'Sycamore Special Education Center', type: 'special-education', highNeed: false });
    for (const grade of ['K', '1', '2', '3'] as const) d.enrollment.push({ school: 'S1', grade, students: 50 });
    // K-3 capped at 24: E1 +4 and E2 +4 (positions.test.ts), S1 nothing.
    const r = cost({ terms: [{ id: 'caps', kind: 'class-size', caps: [{ grades: ['K', '1', '2', '3'], from: '2019-07-01', cap: 24 }] }] }, d);
    expect(positionsOf(r, '2019-20')).toEqual(['E1 teacher 4', 'E2 teacher 4']);
  });

  it('secondary sections are ceiled even when the fraction is below one half', () => {
    // 9-12 capped at 37 from 2019-07-01. H1: 200 × 6 periods ÷ 37 = 32.43 → ceil 33 sections a grade
    // (rounding would give 32) vs 30 now: 3 × 4 grades = 12 sections ÷ 5 = 2.4 FTE.
    const r = cost({ terms: [{ id: 'caps', kind: 'class-size', caps: [{ grades: ['9', '10', '11', '12'], from: '2019-07-01', cap: 37 }] }] });
    expect(positionsOf(r, '2019-20')).toEqual(['H1 teacher 2.4']);
    // 2.4 × 50,000 = 120,000.00
    expect(line(r, '2019-20', { term: 'caps', kind: 'salary' }).cents).toBe(usd(120_000));
  });

  it('secondary sections of an average span are ceiled too (fraction below one half)', () => {
    // 6-8 as an average of 34 from 2019-07-01 at M1: 525 × 6 ÷ 34 = 92.65 → 93 sections vs 90: 3 ÷ 5 = 0.6 FTE
    const r = cost({ terms: [{ id: 'caps', kind: 'class-size', caps: [{ grades: ['6', '7', '8'], from: '2019-07-01', measure: 'average', cap: 34 }] }] });
    expect(positionsOf(r, '2019-20')).toEqual(['M1 teacher 0.6']);
  });
});

describe('retroactive health (docs/costing.md, "Bonuses and health")', () => {
  // Part-time staff from 4 hours a day become eligible from 2018-07-01, agreed on 2019-09-01
  // (in 2019-20): 2018-19 is paid in 2019-20, as one-time money. Newly eligible: the 8
  // assistants (G7: 4 hired 2018-19; G8: 4 hired 2015-16), 4 h a day, below the current 6.
  const r = cost({ unit: 'C', date: '2019-09-01', terms: [{ id: 'pt-health', kind: 'health', partTimeMinHours: 4, effective: '2018-07-01', outsideTerm: true }] }, tiny(), { allowOtherYear: true }); // dated in 2019-20, a year after the data: back health paid then

  it('books the 2018-19 health in 2019-20 as one-time, including staff hired in 2018-19', () => {
    // 2018-19 earned: 8 people × 10,000 (2018-19 rate) = 80,000.00 — the 4 hired in 2018-19 were
    // employed that year and count (an off-by-one would drop them: 40,000.00)
    const retro = line(r, '2019-20', { term: 'pt-health', nature: 'one-time' });
    expect(retro.kind).toBe('health');
    expect(retro.earnedFy).toBe('2018-19');
    expect(retro.cents).toBe(usd(80_000));
    expect(year(r, '2019-20').oneTimeCents).toBe(usd(80_000));
    expect(year(r, '2018-19').totalCents).toBe(0);
  });

  it('costs 2019-20 itself as ongoing, at the 2019-20 rate', () => {
    // 8 × 11,000 = 88,000.00; total 2019-20 = 80,000 + 88,000 = 168,000.00
    expect(line(r, '2019-20', { term: 'pt-health', nature: 'ongoing' }).cents).toBe(usd(88_000));
    expect(year(r, '2019-20').ongoingCents).toBe(usd(88_000));
    expect(year(r, '2019-20').totalCents).toBe(usd(168_000));
    expect(linesOf(r, '2020-21', { nature: 'one-time' })).toEqual([]);
  });

  it('gives staff hired in 2018-19 nothing for 2017-18', () => {
    // Effective 2017-07-01 instead: 2017-18 reaches only G8's 4 (G7 not yet hired), at the first
    // rate on record (10,000): 40,000.00; 2018-19 all 8: 80,000.00; both one-time in 2019-20.
    const early = cost({ unit: 'C', date: '2019-09-01', terms: [{ id: 'pt-health', kind: 'health', partTimeMinHours: 4, effective: '2017-07-01', outsideTerm: true }] }, tiny(), { allowOtherYear: true }); // dated in 2019-20, a year after the data: back health paid then
    const l = (earned: string) => linesOf(early, '2019-20', { term: 'pt-health', nature: 'one-time' }).find((x) => x.earnedFy === earned)?.cents;
    expect(l('2017-18')).toBe(usd(40_000));
    expect(l('2018-19')).toBe(usd(80_000));
  });
});

describe('me-too with two terms passed on', () => {
  // A 3% raise for T from 2019-07-01 and a $500 bonus paid 2019-09-01, both passed to C.
  const r = cost({
    terms: [
      { id: 't-raise', kind: 'raise', pct: 3, effective: '2019-07-01' },
      { id: 't-bonus', kind: 'bonus', amount: 500, paid: '2019-09-01' },
      { id: 'c-metoo', kind: 'me-too', unit: 'C', terms: ['t-raise', 't-bonus'] },
    ],
  });

  it('costs each for C on its own line under the me-too id, saying which term it passes on', () => {
    const c = linesOf(r, '2019-20', { term: 'c-metoo', kind: 'salary' });
    expect(c.map((l) => [l.via, l.nature, l.cents])).toEqual(expect.arrayContaining([
      // 3% of 2019-20 C pay (48,960 + 48,960 + 120,960 + 60,480 = 279,360) = 8,380.80, ongoing
      ['t-raise', 'ongoing', usd(8_380.8)],
      // 13 C staff in post on 2019-09-01 (4 + 4 + 3 + 2) × 500 = 6,500.00, one-time
      ['t-bonus', 'one-time', usd(6_500)],
    ]));
    expect(c).toHaveLength(2);
    expect(c.every((l) => l.unit === 'C' && l.termKind === 'me-too')).toBe(true);
    expect(c.find((l) => l.via === 't-raise')?.label).toContain('(t-raise)');
    expect(c.find((l) => l.via === 't-bonus')?.label).toContain('(t-bonus)');
    // statutory on each, at classified 25.5%: 2,137.104 → 2,137.10 and 1,657.50
    const s = linesOf(r, '2019-20', { term: 'c-metoo', kind: 'statutory' });
    expect(s.map((l) => [l.via, l.cents]).sort()).toEqual([['t-bonus', usd(1_657.5)], ['t-raise', usd(2_137.1)]]);
  });

  it('leaves the original terms on T, with no via', () => {
    // T: 3% × 4,022,000 = 120,660.00; 69 × 500 = 34,500.00
    expect(line(r, '2019-20', { term: 't-raise', kind: 'salary' })).toMatchObject({ unit: 'T', via: null, cents: usd(120_660) });
    expect(line(r, '2019-20', { term: 't-bonus', kind: 'salary' })).toMatchObject({ unit: 'T', via: null, cents: usd(34_500) });
  });

  it('checks the terms it passes on against the other unit\'s staff', () => {
    const [p, ...rest] = problemsOf({
      terms: [
        { id: 't-raise', kind: 'raise', pct: 3, effective: '2019-07-01' },
        { id: 'nurse-raise', kind: 'raise', pct: 2, effective: '2019-07-01', roles: ['nurse'] },
        { id: 'c-metoo', kind: 'me-too', unit: 'C', terms: ['t-raise', 'nurse-raise'] },
      ],
    });
    expect(rest).toEqual([]);
    expect(p.code).toBe('proposal.unknown-role');
    expect(p.message).toContain('passed to C by the me-too clause, no C staff have the role "nurse"');
    expect(p.where?.field).toBe('terms[2].terms[1]');
  });
});

describe('the proposal helper', () => {
  it('builds a proposal for unit T by default', () => {
    expect(proposal({ terms: [] }).unit).toBe('T');
  });
});
