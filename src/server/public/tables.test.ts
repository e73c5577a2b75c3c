/**
 * Bargaining tables from the published versions: grouped by the district and union across the
 * table, in the order published, in rounds ended by agreements, newest table first.
 */
import { describe, expect, it } from 'vitest';
import type { Party } from '../../proposals/types.ts';
import { tablesOf, type TableVersion } from './tables.ts';

const district = { id: 1, name: 'Unified', kind: 'district' as const, unit: null };
const teachers = { id: 2, name: 'Teachers', kind: 'union' as const, unit: 'T' };
const classified = { id: 3, name: 'Classified', kind: 'union' as const, unit: 'C' };

let n = 0;
function v(party: Party, publishedAt: string, union = teachers, by: 'union' | 'district' = party === 'union' ? 'union' : 'district'): TableVersion {
  const [owner, to] = by === 'union' ? [union, district] : [district, union];
  return { id: ++n, party, unit: union.unit, publishedAt, owner, to };
}

describe('tablesOf', () => {
  it('makes rounds ended by agreements, newest first, each with each side\'s latest; a fact-finder only in the history', () => {
    n = 0;
    const vs = [
      v('fact-finder', '2018-12-18T19:00:00Z', teachers, 'union'), // 1
      v('district', '2019-01-07T19:00:00Z'), // 2
      v('union', '2019-01-10T19:00:00Z'), // 3
      v('district', '2019-01-11T19:00:00Z'), // 4
      v('joint', '2019-01-22T19:00:00Z'), // 5
      v('joint', '2023-04-18T19:00:00Z'), // 6
      v('union', '2024-02-01T19:00:00Z'), // 7: a new round, still open
    ];
    const [table] = tablesOf([...vs].reverse());
    expect(table).toEqual({
      id: 'd1-u2', district: { name: 'Unified' }, union: { name: 'Teachers', unit: 'T' },
      rounds: [{ union: 7, district: null, agreement: null }, { union: null, district: null, agreement: 6 }, { union: 3, district: 4, agreement: 5 }],
      history: [1, 2, 3, 4, 5, 6, 7],
    });
  });

  it('keeps each union\'s table apart, the one with the newest publication first; same instants in id order', () => {
    n = 0;
    const vs = [v('union', '2023-03-15T19:00:00Z', classified), v('union', '2019-01-10T19:00:00Z'), v('district', '2019-01-10T19:00:00Z'), v('district', '2023-03-20T19:00:00Z', classified)];
    const tables = tablesOf(vs);
    expect(tables.map((t) => [t.id, t.history, t.rounds])).toEqual([
      ['d1-u3', [1, 4], [{ union: 1, district: 4, agreement: null }]],
      ['d1-u2', [2, 3], [{ union: 2, district: 3, agreement: null }]],
    ]);
    expect(tablesOf([])).toEqual([]);
  });
});
