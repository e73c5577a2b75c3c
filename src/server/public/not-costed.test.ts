/**
 * The public record's `notCosted`: the dates of a published proposal after the last year its
 * costing covers, worked out from the proposal as written and the last year of its stored
 * summary, exactly as the engine lists them (src/costing/outside-term.ts afterCosted).
 */
import { expect, it } from 'vitest';
import { costProposal } from '../../costing/cost.ts';
import { proposal, tiny } from '../../../test/helpers/tiny.ts';
import { versionSummary } from '../costing/summary.ts';
import { notCostedOf } from './record.ts';

// 2 nurses from 2020-07-01 and 3 more from 2024-07-01; the contract ends 2023-06-30, so 2022-23 is the last year costed.
const late = proposal({ id: 'late-nurses', terms: [{ id: 'nurses', kind: 'hire', role: 'nurse', outsideTerm: true, phases: [{ from: '2020-07-01', count: 2 }, { from: '2024-07-01', count: 3 }] }] });

it('lists, from the proposal and its summary, what the engine listed as not costed, with the last year costed', () => {
  const r = costProposal({ dataset: tiny(), proposal: late });
  expect(r.total.to).toBe('2022-23');
  const s = versionSummary(late, r);
  expect(notCostedOf(s, late)).toEqual(r.notCosted.map(({ term, field, date }) => ({ term, field, date, after: '2022-23' })));
  expect(notCostedOf(s, late)).toEqual([{ term: 'nurses', field: 'terms[0].phases[1].from', date: '2024-07-01', after: '2022-23' }]);
});

it('lists nothing when every date is within the years costed, and says "unknown" (null) when the proposal cannot be read', () => {
  const within = proposal({ id: 'within', terms: [{ id: 'nurses', kind: 'hire', role: 'nurse', phases: [{ from: '2020-07-01', count: 2 }] }] });
  const s = versionSummary(within, costProposal({ dataset: tiny(), proposal: within }));
  expect(notCostedOf(s, within)).toEqual([]);
  expect(notCostedOf(s, null)).toBeNull();
});
