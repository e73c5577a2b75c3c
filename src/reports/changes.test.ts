import { describe, expect, it } from 'vitest';
import { proposal, tiny, usd } from '../../test/helpers/tiny.ts';
import { changesBetween } from './changes.ts';
import { provisions } from './provisions.ts';

// Version A: 2% for unit T from 2019-07-01, and a non-cost term.
// Version B: 3% from 2019-07-01 (changed), the non-cost term dropped, 1 nurse hired at central.
const A = proposal({
  id: 'a',
  terms: [
    { id: 'raise', kind: 'raise', pct: 2, effective: '2019-07-01' },
    { id: 'testing', kind: 'non-cost', text: 'Less testing' },
  ],
});
const B = proposal({
  id: 'b',
  terms: [
    { id: 'raise', kind: 'raise', pct: 3, effective: '2019-07-01' },
    { id: 'nurse', kind: 'hire', role: 'nurse', phases: [{ from: '2019-07-01', count: 1 }] },
  ],
});

describe('what changed between two versions', () => {
  const c = changesBetween(tiny(), A, B);

  it('finds the removed, changed and added terms', () => {
    expect(c.header).toBeNull();
    expect(c.changes.map((x) => [x.type, x.term])).toEqual([
      ['removed', 'testing'],
      ['modified', 'raise'],
      ['added', 'nurse'],
    ]);
    expect(c.changes[1].before).toBe('2% raise from 2019-07-01');
    expect(c.changes[1].after).toBe('3% raise from 2019-07-01');
  });

  it('costs each change given the ones before it', () => {
    const fy = (x: (typeof c.changes)[number], label: string) => x.effect.find((e) => e.fy === label)?.cents;
    // Removing a non-cost term costs nothing.
    expect(c.changes[0].totalCents).toBe(0);
    // 2% → 3% in 2019-20: one more percent of T pay 4,022,000 = 40,220.00, plus statutory
    // 18.5% (STRS 17 + Medicare 1.5) = 7,440.70; 47,660.70 in all.
    expect(fy(c.changes[1], '2019-20')).toBe(usd(47_660.7));
    // The nurse, hired given the 3% raise, in 2019-20: 80,000 × 1.03 = 82,400.00 salary,
    // 18.5% statutory 15,244.00, health 11,000.00: 108,644.00.
    expect(fy(c.changes[2], '2019-20')).toBe(usd(108_644));
  });

  it('adds up, year by year, to the difference between the versions', () => {
    for (const y of c.toCents) {
      const from = c.fromCents.find((f) => f.fy === y.fy)?.cents ?? 0;
      const effects = c.changes.reduce((s, x) => s + (x.effect.find((e) => e.fy === y.fy)?.cents ?? 0), 0);
      expect(from + effects).toBe(y.cents);
    }
  });

  it('reports a new date or contract term as its own change', () => {
    const later = { ...B, date: '2019-05-01', term: { start: '2019-07-01', end: '2024-06-30' } };
    const d = changesBetween(tiny(), B, later);
    expect(d.header?.before).toBe('dated 2019-03-01, term 2019-07-01 to 2023-06-30');
    expect(d.changes).toEqual([]);
    // Both are costed over the same years (through 2023-24, the end of the later term, past the budget's 2021-22),
    // so the longer term by itself costs nothing more.
    expect(d.fromCents.map((y) => y.fy)).toEqual(d.toCents.map((y) => y.fy));
    expect(d.header?.totalCents).toBe(0);
  });
});

describe('provisions side by side', () => {
  it('puts the current contract beside each proposal', () => {
    const p = provisions(tiny(), [
      proposal({ terms: [{ id: 'floor', kind: 'wage-floor', unit: 'C', hourly: 17.5, effective: '2019-07-01' }] }),
      proposal({ terms: [{ id: 'caps', kind: 'class-size', caps: [{ grades: ['4', '5'], from: '2019-07-01', cap: 28 }] }] }),
    ]);
    const floor = p.find((x) => x.key === 'floor|C');
    // The lowest hourly rate on unit C's schedule is the assistant's step 1, $16.00.
    expect(floor).toMatchObject({ baseline: 'lowest rate on the schedule $16', values: ['$17.50 from 2019-07-01', ''] });
    const caps = p.find((x) => x.key === 'class-size|4-5');
    expect(caps).toMatchObject({ baseline: 'maximum 30', values: ['', '28 from 2019-07-01'] });
  });
});
