/**
 * How a health increase per employee meets a part-time eligibility term of the same proposal
 * (docs/costing.md, "How terms meet"): the increase reaches the part-time staff the proposal
 * makes eligible, from the later of the two dates. The tiny district (test/helpers/tiny.ts):
 * unit C's 5 custodians work 6 hours a day and are eligible now; its 8 assistants work 4 (below
 * the current 6) and are not.
 */
import { describe, expect, it } from 'vitest';
import { cost, linesOf, usd } from '../../test/helpers/tiny.ts';

describe('a health increase per employee and part-time eligibility in one proposal', () => {
  const r = cost({
    unit: 'C',
    terms: [
      { id: 'h-pt', kind: 'health', partTimeMinHours: 4, effective: '2019-07-01' },
      { id: 'h-up', kind: 'health', perEmployee: 1_200, effective: '2020-01-01' },
    ],
  });
  const up = (fy: string) => linesOf(r, fy, { term: 'h-up' });

  it('reaches the newly eligible assistants too, from the later date', () => {
    // 2019-20, from 2020-01-01 (6 of 12 months): custodians 5 × 1,200 × 6/12 = 3,000.00, and the
    // assistants made eligible by h-pt 8 × 1,200 × 6/12 = 4,800.00: 7,800.00 (13 × 0.5 = 6.5 employee-years).
    const [l19] = up('2019-20');
    expect(up('2019-20')).toHaveLength(1);
    expect(l19.cents).toBe(usd(7_800));
    expect(l19.trace.inputs.find((i) => i.name === 'employee-years')?.value).toBe(6.5);
    // 2020-21, the whole year: (5 + 8) × 1,200 = 15,600.00.
    expect(up('2020-21').map((l) => l.cents)).toEqual([usd(15_600)]);
  });

  it('leaves the eligibility term\'s own cost as it was', () => {
    // 2019-20: 8 assistants × 11,000 (the 2019-20 health rate) = 88,000.00.
    expect(linesOf(r, '2019-20', { term: 'h-pt' }).reduce((s, l) => s + l.cents, 0)).toBe(usd(88_000));
  });

  it('without the eligibility term, reaches only the eligible custodians', () => {
    const alone = cost({ unit: 'C', terms: [{ id: 'h-up', kind: 'health', perEmployee: 1_200, effective: '2020-01-01' }] });
    expect(linesOf(alone, '2020-21', { term: 'h-up' }).map((l) => l.cents)).toEqual([usd(6_000)]);
  });
});
