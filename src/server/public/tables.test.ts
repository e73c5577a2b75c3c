/**
 * Bargaining tables from the published versions: grouped by the district and union across the
 * table, in rounds set by the proposals' dates and contract terms (an agreement closes its
 * round), whatever order they were published in; "compare with the one before" stays inside a
 * round; newest round by date first; newest table first.
 */
import { describe, expect, it } from 'vitest';
import type { Party } from '../../proposals/types.ts';
import { tablesOf, type TableVersion } from './tables.ts';

const district = { id: 1, name: 'Unified', kind: 'district' as const, unit: null };
const teachers = { id: 2, name: 'Teachers', kind: 'union' as const, unit: 'T' };
const classified = { id: 3, name: 'Classified', kind: 'union' as const, unit: 'C' };

const TERM_2019 = { start: '2019-07-01', end: '2022-06-30' };
const TERM_2022 = { start: '2022-07-01', end: '2025-06-30' };

let n = 0;
function v(party: Party, date: string, at: string, o: { union?: typeof teachers; by?: 'union' | 'district'; term?: { start: string; end: string } } = {}): TableVersion {
  const union = o.union ?? teachers;
  const by = o.by ?? (party === 'union' ? 'union' : 'district');
  const [owner, to] = by === 'union' ? [union, district] : [district, union];
  return { id: ++n, party, unit: union.unit, date, term: o.term ?? TERM_2019, at, owner, to };
}

/** Every ordering of `xs`. */
function permutations<X>(xs: X[]): X[][] {
  if (xs.length <= 1) return [xs];
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
}

/** The same versions published in every possible order: each permutation hands out the publication times afresh. */
function everyPublicationOrder(vs: TableVersion[]): TableVersion[][] {
  const times = vs.map((x) => x.at).sort();
  return permutations(vs.map((_, i) => i)).map((order) => order.map((k, i) => ({ ...vs[k], at: times[i] })));
}

describe('tablesOf', () => {
  // The issue's case: the 2019 union demand, the district's offer and the 2019 agreement, the
  // 2023 agreement, then a proposal dated January 2019 published last (in 2024).
  n = 0;
  const issueCase = [
    v('union', '2019-01-10', '2019-01-10T19:00:00Z'), // 1
    v('district', '2019-01-11', '2019-01-11T19:00:00Z'), // 2
    v('joint', '2019-01-22', '2019-01-22T19:00:00Z'), // 3
    v('joint', '2023-04-18', '2023-04-18T19:00:00Z', { term: TERM_2022 }), // 4
    v('union', '2019-01-15', '2024-02-01T19:00:00Z'), // 5: dated 2019, published last
  ];
  const issueRounds = [
    // The 2023 agreement: nothing dated between the two agreements, so it stands alone and is
    // compared with nothing (it used to open the 2019 agreement).
    { union: null, district: null, agreement: 4, versions: [{ id: 4, before: null }] },
    // 2019 by date: demand (10th), offer (11th), the late-published union proposal (15th), the agreement (22nd).
    // The offer's "one before" is the demand (no earlier district version); the 15th's is the
    // union's demand; the agreement's is the latest before it, the proposal of the 15th.
    { union: 5, district: 2, agreement: 3, versions: [{ id: 1, before: null }, { id: 2, before: 1 }, { id: 5, before: 1 }, { id: 3, before: 5 }] },
  ];

  it('puts a 2019 proposal published after the 2023 agreement in its 2019 round; the 2023 agreement stays the newest round', () => {
    const [table] = tablesOf(issueCase);
    expect(table).toEqual({ id: 'd1-u2', district: { name: 'Unified' }, union: { name: 'Teachers', unit: 'T' }, rounds: issueRounds, history: [1, 2, 5, 3, 4] });
    // The current status comes from the newest round: the agreement of April 18, 2023.
    expect(table.rounds[0].agreement).toBe(4);
  });

  it('makes the same rounds whatever the order of publication (all 120 orders) and of the input', () => {
    const orders = everyPublicationOrder(issueCase);
    expect(orders).toHaveLength(120); // 5! = 120
    for (const [i, vs] of orders.entries()) {
      const input = i % 2 === 0 ? vs : [...vs].reverse();
      const [table] = tablesOf(input);
      expect(table.rounds, `publication order ${vs.map((x) => `${x.id}@${x.at.slice(0, 10)}`).join(' ')}`).toEqual(issueRounds);
      expect(table.history).toEqual([1, 2, 5, 3, 4]);
    }
  });

  it('keeps an open round after the last agreement by date, with each side\'s latest; a fact-finder only in the history', () => {
    n = 0;
    const vs = [
      v('fact-finder', '2018-12-18', '2018-12-18T19:00:00Z', { by: 'union' }), // 1
      v('district', '2019-01-07', '2019-01-07T19:00:00Z'), // 2
      v('union', '2019-01-10', '2019-01-10T19:00:00Z'), // 3
      v('district', '2019-01-11', '2019-01-11T19:00:00Z'), // 4
      v('joint', '2019-01-22', '2019-01-22T19:00:00Z'), // 5
      v('union', '2024-02-01', '2024-02-01T19:00:00Z', { term: TERM_2022 }), // 6: a new round, still open
      v('district', '2024-03-01', '2024-03-01T19:00:00Z', { term: TERM_2022 }), // 7
      v('union', '2024-04-01', '2024-04-01T19:00:00Z', { term: TERM_2022 }), // 8
    ];
    const rounds = [
      // The open round: the union's second proposal is compared with its first, across the district's offer.
      { union: 8, district: 7, agreement: null, versions: [{ id: 6, before: null }, { id: 7, before: 6 }, { id: 8, before: 6 }] },
      // The fact-finder's report is first in its round; the district's first offer is compared with it (the latest before it).
      { union: 3, district: 4, agreement: 5, versions: [{ id: 1, before: null }, { id: 2, before: 1 }, { id: 3, before: 2 }, { id: 4, before: 2 }, { id: 5, before: 4 }] },
    ];
    for (const order of everyPublicationOrder(vs.slice(0, 7)).filter((_, i) => i % 97 === 0)) {
      const [table] = tablesOf([...order, vs[7]]);
      expect(table.rounds).toEqual(rounds);
      expect(table.history).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    }
  });

  it('breaks ties in date by contract start, then by publication: a proposal on an agreement\'s day for the next contract opens the next round', () => {
    n = 0;
    const vs = [
      v('union', '2022-06-01', '2022-06-02T10:00:00Z'), // 1
      v('union', '2022-06-01', '2022-06-01T10:00:00Z'), // 2: same date and term, published first
      v('joint', '2022-06-30', '2022-07-01T10:00:00Z'), // 3: the agreement for 2019-22
      v('district', '2022-06-30', '2022-07-02T10:00:00Z'), // 4: same day, same contract: the agreement's round
      v('union', '2022-06-30', '2022-06-30T10:00:00Z', { term: TERM_2022 }), // 5: same day, the next contract
    ];
    for (const order of everyPublicationOrder(vs).filter((_, i) => i % 11 === 0)) {
      const [table] = tablesOf(order);
      // Publication times move with each order, so only the date and contract decide rounds;
      // which of 1 and 2 comes first follows their publication.
      const [first, second] = order.filter((x) => x.id === 1 || x.id === 2).sort((a, b) => (a.at < b.at ? -1 : 1)).map((x) => x.id);
      expect(table.rounds).toEqual([
        { union: 5, district: null, agreement: null, versions: [{ id: 5, before: null }] },
        { union: second, district: 4, agreement: 3, versions: [{ id: first, before: null }, { id: second, before: first }, { id: 4, before: second }, { id: 3, before: 4 }] },
      ]);
    }
  });

  it('keeps each union\'s table apart, the one with the newest publication first; same instants in id order', () => {
    n = 0;
    const vs = [
      v('union', '2023-03-15', '2023-03-15T19:00:00Z', { union: classified }),
      v('union', '2019-01-10', '2019-01-10T19:00:00Z'),
      v('district', '2019-01-10', '2019-01-10T19:00:00Z'),
      v('district', '2023-03-20', '2023-03-20T19:00:00Z', { union: classified }),
    ];
    const tables = tablesOf(vs);
    expect(tables.map((t) => [t.id, t.history, t.rounds])).toEqual([
      ['d1-u3', [1, 4], [{ union: 1, district: 4, agreement: null, versions: [{ id: 1, before: null }, { id: 4, before: 1 }] }]],
      ['d1-u2', [2, 3], [{ union: 2, district: 3, agreement: null, versions: [{ id: 2, before: null }, { id: 3, before: 2 }] }]],
    ]);
    expect(tablesOf([])).toEqual([]);
  });
});
