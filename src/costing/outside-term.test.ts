/**
 * Pay outside the contract term (outside-term.ts): refused, with what it would add, unless the
 * term says `outsideTerm: true`. On the tiny district with moving parameters
 * (test/helpers/moving.ts), whose retroactive raise moving-years.test.ts derives by hand.
 */
import { describe, expect, it } from 'vitest';
import { movingTiny } from '../../test/helpers/moving.ts';
import { cost, proposal } from '../../test/helpers/tiny.ts';
import { InvalidInput, type Problem } from '../errors/problem.ts';
import { parseProposal } from '../proposals/parse.ts';
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
