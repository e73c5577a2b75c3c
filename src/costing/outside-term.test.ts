/**
 * Pay outside the contract term (outside-term.ts): refused, with what it would add, unless the
 * term says `outsideTerm: true`. On the tiny district with moving parameters
 * (test/helpers/moving.ts), whose retroactive raise moving-years.test.ts derives by hand.
 */
import { describe, expect, it } from 'vitest';
import { movingTiny } from '../../test/helpers/moving.ts';
import { cost, proposal, tiny } from '../../test/helpers/tiny.ts';
import { InvalidInput, type Problem } from '../errors/problem.ts';
import { parseProposal } from '../proposals/parse.ts';
import { formatDollars } from '../money/cents.ts';
import { costProposal } from './cost.ts';

const refusal = (f: () => unknown): Problem[] => {
  try {
    f();
  } catch (e) {
    if (e instanceof InvalidInput) return e.problems;
    throw e;
  }
  throw new Error('not refused');
};

describe('a raise effective before the contract term starts', () => {
  // A 5% raise from 2018-07-01 in a contract from 2019-07-01, agreed 2019-07-15.
  const spec = { date: '2019-07-15', terms: [{ id: 'retro', kind: 'raise' as const, pct: 5, effective: '2018-07-01' }] };

  it('is refused with what its pay before the contract would add', () => {
    const [p, ...rest] = refusal(() => cost(spec, movingTiny(), { allowOtherYear: true }));
    expect(rest).toEqual([]);
    // 2018-19's pay, paid back in 2019-20 (moving-years.test.ts): 5% × 3,940,000 = 197,000.00,
    // and statutory at 2019-20's 18.5%: 36,445.00; 197,000 + 36,445 = 233,445.00.
    expect(p).toMatchObject({
      code: 'proposal.before-term', where: { field: 'terms[0].effective' },
      message: 'term "retro" takes effect 2018-07-01, before the contract term starts (2019-07-01): its pay before the contract would add $233,445.00 over the years costed',
    });
    expect(p.hint).toContain('effective: 2019-07-01');
    expect(p.hint).toContain('outsideTerm: true');
  });

  it('is costed when the term says so', () => {
    const r = cost({ ...spec, terms: [{ ...spec.terms[0], outsideTerm: true as const }] }, movingTiny(), { allowOtherYear: true });
    expect(r.years.find((y) => y.fy === '2019-20')!.oneTimeCents).toBe(23_344_500);
  });

  it('names each term outside the contract, every one measured with the others as written', () => {
    const two = { date: '2019-07-15', terms: [spec.terms[0], { id: 'retro-2', kind: 'raise' as const, pct: 5, effective: '2018-07-01' }] };
    const problems = refusal(() => cost(two, movingTiny(), { allowOtherYear: true }));
    expect(problems.map((x) => x.where?.field)).toEqual(['terms[0].effective', 'terms[1].effective']);
    // The second 5% compounds on the first (1.05 × 1.05 − 1 = 10.25%): each one's own part differs, but both are more than $233,445.
    for (const x of problems) expect(x.message).toMatch(/would add \$2[3-9]\d,\d{3}\.\d{2} over the years costed$/);
  });
});

describe('back pay paid after the contract ends', () => {
  // A 3% raise from 2019-07-01 whose back pay is paid 2023-09-01, after the contract's end (2023-06-30).
  const late = proposal({ terms: [{ id: 'late', kind: 'raise', pct: 3, effective: '2019-07-01', paid: '2023-09-01' }] });

  it('is refused, naming the dates and the back pay that falls after the contract\'s years', () => {
    const [p] = refusal(() => costProposal({ dataset: movingTiny(), proposal: late, through: 2023 }));
    expect(p).toMatchObject({ code: 'proposal.paid-after-term', where: { field: 'terms[0].paid' } });
    expect(p.message).toMatch(/^term "late" pays its back pay on 2023-09-01, after the contract ends \(2023-06-30\): \$[\d,]+\.\d{2} of back pay would fall in 2023-24, after the contract's years$/);
    // Without 2023-24 among the years costed, it says so rather than a sum.
    const [q] = refusal(() => costProposal({ dataset: movingTiny(), proposal: late }));
    expect(q.message).toMatch(/the back pay would fall after the years costed$/);
  });

  it('is the agreement\'s own when the agreement was reached after its contract ended: back pay up to a year after it', () => {
    // Reached 2023-08-15, after the contract's end (2023-06-30): back pay 2023-09-01 is allowed, 2024-08-16 (a year and a day later) is not.
    const settledLate = { ...late, date: '2023-08-15' };
    expect(costProposal({ dataset: movingTiny(), proposal: settledLate, through: 2024, allowOtherYear: true }).years.length).toBeGreaterThan(0);
    const tooLate = { ...settledLate, terms: settledLate.terms.map((t) => ({ ...t, paid: '2024-08-16' })) };
    const [p] = refusal(() => costProposal({ dataset: movingTiny(), proposal: tooLate, through: 2024, allowOtherYear: true }));
    expect(p.message).toContain('pays its back pay on 2024-08-16, after the contract ends (2023-06-30; it was reached on 2023-08-15, after that, so it may pay up to 2024-08-15)');
    expect(p.hint).toBe('paid: 2024-08-15   (at the latest), or add outsideTerm: true to this term if the agreement pays it then on purpose');
  });

  it('is costed when the term says so', () => {
    const meant = { ...late, terms: late.terms.map((t) => ({ ...t, outsideTerm: true as const })) };
    expect(costProposal({ dataset: movingTiny(), proposal: meant, through: 2023 }).years.length).toBeGreaterThan(0);
  });
});

it('reads outsideTerm only as true', () => {
  const yaml = (v: string) => `id: p\ntitle: P\nparty: union\nunit: T\ndate: 2019-03-01\nterm: { start: 2019-07-01, end: 2021-06-30 }\nterms:\n  - { kind: raise, pct: 3, effective: 2018-07-01, outsideTerm: ${v} }\n`;
  expect(parseProposal(yaml('true'), 'p.yaml').proposal.terms[0]).toMatchObject({ outsideTerm: true });
  const [p] = refusal(() => parseProposal(yaml('false'), 'p.yaml'));
  expect(p).toMatchObject({ where: { field: 'terms[0].outsideTerm' } });
  expect(p.message).toBe('must be one of true, got false');
  expect(p.hint).toContain('outsideTerm: true');
});

describe('a pay term effective after the contract ends', () => {
  // The contract runs 2019-07-01 to 2021-06-30 (2019-20 and 2020-21); the tiny district's budget runs to 2021-22, so 2021-22 is costed too.
  const term = { start: '2019-07-01', end: '2021-06-30' };

  it('is refused with what it would add in the years costed after the contract', () => {
    const late = { term, terms: [{ id: 'later', kind: 'raise' as const, pct: 3, effective: '2021-07-01' }] };
    const [p, ...rest] = refusal(() => cost(late));
    expect(rest).toEqual([]);
    expect(p).toMatchObject({ code: 'proposal.after-term', where: { field: 'terms[0].effective' } });
    // What it adds is all of its cost: the same term costed as meant pays only in 2021-22, the year after the contract.
    const meant = cost({ term, terms: [{ ...late.terms[0], outsideTerm: true as const }] });
    const added = meant.years.reduce((s, y) => s + y.totalCents, 0);
    expect(meant.years.filter((y) => y.totalCents !== 0).map((y) => y.fy)).toEqual(['2021-22']);
    expect(p.message).toBe(`term "later" takes effect 2021-07-01, after the contract ends (2021-06-30): a contract sets pay for its own term, so this term would add ${formatDollars(added, { exact: true })} over the years costed (2018-19 to 2021-22)`);
    expect(p.hint).toContain('effective: a date from 2019-07-01 to 2021-06-30');
  });

  it('is refused when it falls past every year costed, saying it adds nothing there', () => {
    const [p] = refusal(() => cost({ term, terms: [{ id: 'far', kind: 'raise' as const, pct: 2, effective: '2099-07-01' }] }));
    expect(p.code).toBe('proposal.after-term');
    expect(p.message).toMatch(/would add \$0\.00 over the years costed \(2018-19 to 2021-22\), none of them on or after that date$/);
  });
});

it('refuses back pay paid before its term takes effect', () => {
  const yaml = 'id: p\ntitle: P\nparty: union\nunit: T\ndate: 2019-03-01\nterm: { start: 2019-07-01, end: 2021-06-30 }\nterms:\n  - { kind: raise, pct: 3, effective: 2019-07-01, paid: 2018-08-01 }\n';
  const [p] = refusal(() => parseProposal(yaml, 'p.yaml'));
  expect(p).toMatchObject({ code: 'proposal.paid-before-effective', where: { file: 'p.yaml', line: 8, field: 'terms[0].paid' } });
  expect(p.message).toBe('back pay is paid 2018-08-01, before the term takes effect (2019-07-01), so there is no back pay to pay then');
});

describe('a position step outside the contract term (class-size caps, staffing and hiring phases)', () => {
  // The contract runs 2019-07-01 to 2020-06-30 (2019-20); dated 2019-03-01, so costed 2018-19 to 2021-22 (the budget's end).
  const term = { start: '2019-07-01', end: '2020-06-30' };

  it('refuses a hiring phase after the contract ends, with what it would add in the years costed', () => {
    // 500 teachers hired from 2021-07-01, a year after the contract ends.
    const late = { term, terms: [{ id: 'hire-500', kind: 'hire' as const, role: 'teacher', phases: [{ from: '2021-07-01', count: 500 }] }] };
    const [p, ...rest] = refusal(() => cost(late));
    expect(rest).toEqual([]);
    // Left out, nothing is hired; as written, in 2021-22 only: 500 × $50,000 (C1 step 1) = $25,000,000 of pay,
    // statutory 18.5% = $4,625,000 and health 500 × $11,000 = $5,500,000: $35,125,000.00.
    expect(p).toMatchObject({
      code: 'proposal.after-term', where: { field: 'terms[0].phases[0].from' },
      message: 'term "hire-500" phases[0] (hire) takes effect 2021-07-01, after the contract ends (2020-06-30): a contract sets staffing for its own term, so this step would add $35,125,000.00 over the years costed (2018-19 to 2021-22)',
    });
    expect(p.hint).toContain('from: a date from 2019-07-01 to 2020-06-30');
    expect(p.hint).toContain('outsideTerm: true');
  });

  it('refuses a class-size step after the contract ends, naming the cap; measured by leaving that step out', () => {
    // Every K-3 cap down 2 from 2019-07-01, and 2 more from 2022-07-01: past 2021-22, the last year costed, so it adds $0.00 there.
    const caps = [{ grades: ['K', '1', '2', '3'], from: '2019-07-01', reduceBy: 2 }, { grades: ['K', '1', '2', '3'], from: '2022-07-01', reduceBy: 4 }];
    const [p, ...rest] = refusal(() => cost({ term, terms: [{ id: 'caps', kind: 'class-size' as const, caps: caps as never }] }));
    expect(rest).toEqual([]);
    expect(p).toMatchObject({ code: 'proposal.after-term', where: { field: 'terms[0].caps[1].from' } });
    expect(p.message).toBe('term "caps" caps[1] (class-size) takes effect 2022-07-01, after the contract ends (2020-06-30): a contract sets staffing for its own term, so this step would add $0.00 over the years costed (2018-19 to 2021-22), none of them on or after that date');
  });

  it('refuses a hiring phase before the contract starts, with what moving it to the start would save', () => {
    // 2 nurses hired from 2018-07-01, a year before the contract starts.
    const early = { term: { start: '2019-07-01', end: '2021-06-30' }, terms: [{ id: 'nurses', kind: 'hire' as const, role: 'nurse', phases: [{ from: '2018-07-01', count: 2 }] }] };
    const [p] = refusal(() => cost(early));
    // As written, 2018-19 adds 2 × $80,000 (N step 1) = $160,000 of pay, 17.5% statutory $28,000 and health 2 × $10,000
    // = $20,000: $208,000. In 2019-20 they are at step 2 ($82,000) where, hired from 2019-07-01, they would be at step 1:
    // 2 × $2,000 = $4,000 of pay and 18.5% = $740 of statutory more. From 2020-21 both are at N's last step, alike.
    // $208,000 + $4,740 = $212,740.00.
    expect(p).toMatchObject({ code: 'proposal.before-term', where: { field: 'terms[0].phases[0].from' } });
    expect(p.message).toBe('term "nurses" phases[0] (hire) takes effect 2018-07-01, before the contract term starts (2019-07-01): its positions before the contract would add $212,740.00 over the years costed (2018-19 to 2021-22)');
    expect(p.hint).toContain('from: 2019-07-01');
  });

  it('costs a step the term says is meant, and lists one after the last year costed as in no year and no total', () => {
    // 2 nurses from 2020-07-01 (2020-21, after the contract) and 3 more from 2022-07-01 (2022-23, after the last year costed, 2021-22).
    const meant = cost({ term, terms: [{ id: 'nurses', kind: 'hire' as const, role: 'nurse', outsideTerm: true as const, phases: [{ from: '2020-07-01', count: 2 }, { from: '2022-07-01', count: 3 }] }] });
    expect(meant.total).toMatchObject({ from: '2018-19', to: '2021-22' });
    // 2020-21: 2 × $80,000 = $160,000, statutory 18.5% $29,600, health 2 × $11,000 = $22,000: $211,600; 2021-22 at step 2,
    // 2 × $82,000 = $164,000 + $30,340 + $22,000 = $216,340. The 3 from 2022-23 are in neither: $427,940.00.
    expect(meant.total.cents).toBe(42_794_000);
    expect(meant.notCosted).toEqual([{
      term: 'nurses', field: 'terms[0].phases[1].from', date: '2022-07-01',
      message: 'phases[1] of term "nurses" (hire) takes effect 2022-07-01, after the last year costed (2021-22): what it sets from then is not costed and is in no year and no total (terms[0].phases[1].from)',
    }]);
    // Costed over more years (a view that reaches 2022-23), it is in a total and no longer listed.
    const through = costProposal({ dataset: tiny(), proposal: proposal({ term, terms: [{ id: 'nurses', kind: 'hire', role: 'nurse', outsideTerm: true, phases: [{ from: '2020-07-01', count: 2 }, { from: '2022-07-01', count: 3 }] }] }), through: 2022 });
    expect(through.notCosted).toEqual([]);
  });

  it('reads outsideTerm on position terms', () => {
    const yaml = 'id: p\ntitle: P\nparty: union\nunit: T\ndate: 2019-03-01\nterm: { start: 2019-07-01, end: 2020-06-30 }\nterms:\n  - { kind: hire, role: nurse, phases: [{ from: 2021-07-01, count: 1 }], outsideTerm: true }\n';
    expect(parseProposal(yaml, 'p.yaml').proposal.terms[0]).toMatchObject({ kind: 'hire', outsideTerm: true });
  });
});

describe('terms a budget office would question, refused with where and a valid example', () => {
  it('a cut in dollars an hour that takes the lowest hourly rate it reaches to $0 or below', () => {
    // Unit C's lowest hourly rate in the tiny district is the assistant's step 1, $16.00 (schedules.csv).
    const [p, ...rest] = refusal(() => cost({ unit: 'C', terms: [{ id: 'cut', kind: 'hourly-raise', amount: -16, effective: '2019-07-01' }] }));
    expect(rest).toEqual([]);
    expect(p).toMatchObject({ code: 'proposal.pay-below-zero', where: { field: 'terms[0].amount' } });
    expect(p.message).toContain('the lowest C hourly rate it reaches ($16.00 in 2018-19)');
    // Half the lowest rate: -8.00, which is costed.
    expect(p.hint).toContain('amount: -8.00');
    expect(cost({ unit: 'C', terms: [{ id: 'cut', kind: 'hourly-raise', amount: -8, effective: '2019-07-01' }] }).total.cents).toBeLessThan(0);
  });

  it('hours added to a day: refused for a unit with no staff paid by the hour, or taking a day to 0 hours or past 24', () => {
    // Unit T's teachers are paid by the year: an hour more a day would cost $0 without a word.
    const [salaried, ...r1] = refusal(() => cost({ unit: 'T', terms: [{ id: 'longer', kind: 'added-hours', roles: ['teacher'], hoursPerDay: 1, effective: '2019-07-01' }] }));
    expect(r1).toEqual([]);
    expect(salaried).toMatchObject({ code: 'proposal.no-hourly-staff', where: { field: 'terms[0].kind' } });
    expect(salaried.message).toContain('term "longer" gives 1 hour a day more, but no T staff with the roles teacher are paid by the hour');
    // Unit C's assistants work 4 hours a day (staff.csv): a cut of 4 takes the day to 0 and saved more than their pay.
    const [cut, ...r2] = refusal(() => cost({ unit: 'C', terms: [{ id: 'cut', kind: 'added-hours', roles: ['assistant'], hoursPerDay: -4, effective: '2019-07-01' }] }));
    expect(r2).toEqual([]);
    expect(cut).toMatchObject({ code: 'proposal.hours-below-zero', where: { field: 'terms[0].hoursPerDay' } });
    expect(cut.message).toContain('the shortest C day it reaches (4 hours a day from 2018-19) to 0 hours or below');
    // Half the shortest day: -2.
    expect(cut.hint).toContain('hoursPerDay: -2');
    // 4 + 21 = 25 hours a day; at most 24 − 4 = 20 more, and the example offers 2.
    const [long, ...r3] = refusal(() => cost({ unit: 'C', terms: [{ id: 'long', kind: 'added-hours', roles: ['assistant'], hoursPerDay: 21, effective: '2019-07-01' }] }));
    expect(r3).toEqual([]);
    expect(long).toMatchObject({ code: 'proposal.hours-above-day', where: { field: 'terms[0].hoursPerDay' } });
    expect(long.hint).toContain('hoursPerDay: 2   (at most 20 hours more)');
    // Two cuts of 2 each: the second takes the 4-hour day to 0, with the first before it.
    const [both, ...r4] = refusal(() => cost({ unit: 'C', terms: [
      { id: 'cut1', kind: 'added-hours', roles: ['assistant'], hoursPerDay: -2, effective: '2019-07-01' },
      { id: 'cut2', kind: 'added-hours', roles: ['assistant'], hoursPerDay: -2, effective: '2020-07-01' },
    ] }));
    expect(r4).toEqual([]);
    expect(both).toMatchObject({ code: 'proposal.hours-below-zero', where: { field: 'terms[1].hoursPerDay' } });
    expect(both.message).toContain('(2 hours a day from 2018-19, with the added-hours terms before it) to 0 hours or below');
    // Within the day both ways: costed, a cut saving and an addition costing.
    expect(cost({ unit: 'C', terms: [{ id: 'cut', kind: 'added-hours', roles: ['assistant'], hoursPerDay: -2, effective: '2019-07-01' }] }).total.cents).toBeLessThan(0);
    expect(cost({ unit: 'C', terms: [{ id: 'more', kind: 'added-hours', roles: ['assistant'], hoursPerDay: 20, effective: '2019-07-01' }] }).total.cents).toBeGreaterThan(0);
  });

  it('a bonus paid, or a program taking effect, before the dataset\'s year: it would be in no year and no total', () => {
    const problems = refusal(() => cost({
      terms: [
        { id: 'early-bonus', kind: 'bonus', amount: 1000, paid: '1995-06-01' },
        { id: 'early-fund', kind: 'program', amount: 3_000_000, count: 1, effective: '1995-07-01', oneTime: true },
      ],
    }));
    expect(problems.map((x) => [x.code, x.where?.field])).toEqual([['proposal.before-data', 'terms[0].paid'], ['proposal.before-data', 'terms[1].effective']]);
    expect(problems[0].message).toBe('term "early-bonus" (bonus) is paid 1995-06-01, in 1994-95, before the first year costed (2018-19, the dataset\'s year): it would be in no year and no total');
    expect(problems[0].hint).toContain('paid: 2018-07-01');
  });

  it('a bonus paid after the contract ends, unless the term says so', () => {
    // The contract runs 2019-07-01 to 2023-06-30; a bonus paid 2029-06-01 is after it, and past every year costed.
    const late = { id: 'late-bonus', kind: 'bonus' as const, amount: 500, paid: '2029-06-01' };
    const [p] = refusal(() => cost({ terms: [late] }));
    expect(p).toMatchObject({ code: 'proposal.after-term', where: { field: 'terms[0].paid' } });
    expect(p.message).toMatch(/^term "late-bonus" is paid 2029-06-01, after the contract ends \(2023-06-30\)/);
    expect(p.hint).toContain('paid: a date from 2019-07-01 to 2023-06-30');
    expect(cost({ terms: [{ ...late, outsideTerm: true as const }] }).notCosted.map((n) => n.field)).toEqual(['terms[0].paid']);
    // A bonus paid on signing, before the contract starts, is the contract's: costed.
    expect(cost({ terms: [{ id: 'signing', kind: 'bonus', amount: 500, paid: '2019-06-01' }] }).total.cents).toBeGreaterThan(0);
  });
});

describe('proposal checks that need no data', () => {
  const yaml = (terms: string) => `id: p\ntitle: P\nparty: union\nunit: T\ndate: 2019-03-01\nterm: { start: 2019-07-01, end: 2021-06-30 }\nterms:\n${terms}`;

  it('a me-too clause naming its own unit\'s term would cost it twice for the same staff', () => {
    const [p] = refusal(() => parseProposal(yaml('  - { id: r, kind: raise, pct: 3, effective: 2019-07-01 }\n  - { kind: me-too, unit: T, terms: [r] }\n'), 'p.yaml'));
    expect(p).toMatchObject({ code: 'proposal.me-too-same-unit', where: { field: 'terms[1].unit', line: 9 } });
    expect(p.message).toContain('term "r" is already T\'s');
    expect(() => parseProposal(yaml('  - { id: r, kind: raise, pct: 3, effective: 2019-07-01 }\n  - { kind: me-too, unit: C, terms: [r] }\n'), 'p.yaml')).not.toThrow();
  });

  it('a bonus for staff employed in a year after it is paid, and a program for half a position', () => {
    const [p] = refusal(() => parseProposal(yaml('  - { kind: bonus, amount: 1000, paid: 2020-03-01, employedIn: 2040-41 }\n'), 'p.yaml'));
    expect(p).toMatchObject({ code: 'proposal.employed-after-paid', where: { field: 'terms[0].employedIn' } });
    expect(p.hint).toBe('employedIn: 2019-20   (or an earlier year)');
    const [q] = refusal(() => parseProposal(yaml('  - { kind: program, amount: 3000000, count: 0.5, effective: 2019-07-01 }\n'), 'p.yaml'));
    expect(q.where?.field).toBe('terms[0].count');
  });
});
