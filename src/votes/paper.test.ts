import { expect, it } from 'vitest';
import { entryStatus, paperProblems, withinSignIns, type PaperEntry } from './paper.ts';
import type { PaperCounts, Question } from './types.ts';

const Q: Question[] = [
  { key: 'authorize', text: 'Strike?', options: [{ key: 'yes', label: 'Yes' }, { key: 'no', label: 'No' }], pass: { option: 'yes', share: '0.5' } },
];
const tally = (yes: number, no: number, blank: number, spoiled = 0): PaperCounts => ({ ballots: yes + no + blank, spoiled, answers: { authorize: { yes, no, blank } } });
const entry = (by: number, minute: number, counts: PaperCounts): PaperEntry => ({ by, at: `2026-01-15T20:${String(minute).padStart(2, '0')}:00.000Z`, counts });

it('a tally whose options and blanks add up to the ballots has no problems', () => {
  expect(paperProblems(Q, tally(37, 2, 1))).toEqual([]);
});

it('a tally names each problem by field: a sum that is off, a missing blank, an unknown option or question', () => {
  // 30 + 2 + 1 = 33, but 40 ballots.
  expect(paperProblems(Q, { ballots: 40, spoiled: 0, answers: { authorize: { yes: 30, no: 2, blank: 1 } } })).toEqual([
    { field: 'counts.answers.authorize', message: 'question "authorize": 30 + 2 + 1 = 33, but there are 40 ballots; options and blanks must add up to the ballots' },
  ]);
  expect(paperProblems(Q, { ballots: 3, spoiled: 0, answers: { authorize: { yes: 3, no: 0, maybe: 0 }, other: {} } }).map((p) => p.field)).toEqual([
    'counts.answers.other', 'counts.answers.authorize.maybe', 'counts.answers.authorize',
  ]);
  expect(paperProblems(Q, { ballots: 0, spoiled: 0, answers: {} }).map((p) => p.field)).toEqual(['counts.answers.authorize']);
});

it('two people agreeing settle a tally; one person twice does not; after a mismatch a third entry agreeing with either settles it', () => {
  expect(entryStatus([]).status).toBe('no-entries');
  expect(entryStatus([entry(1, 0, tally(2, 0, 0))]).status).toBe('one-entry');
  expect(entryStatus([entry(1, 0, tally(2, 0, 0)), entry(1, 1, tally(2, 0, 0))]).status).toBe('one-entry');
  expect(entryStatus([entry(1, 0, tally(2, 0, 0)), entry(2, 1, tally(2, 0, 0))])).toEqual({ status: 'agree', agreed: tally(2, 0, 0), enterers: [2, 1] });
  const mismatch = [entry(1, 0, tally(2, 0, 0)), entry(2, 1, tally(1, 1, 0))];
  expect(entryStatus(mismatch)).toEqual({ status: 'mismatch', agreed: null, enterers: [2, 1] });
  // A third person agrees with person 1.
  expect(entryStatus([...mismatch, entry(3, 2, tally(2, 0, 0))])).toMatchObject({ status: 'agree', enterers: [3, 1] });
  // Person 2 enters again and now agrees with person 1: their first entry is replaced.
  expect(entryStatus([...mismatch, entry(2, 2, tally(2, 0, 0))])).toMatchObject({ status: 'agree', enterers: [2, 1] });
  // The same counts in another key order agree.
  expect(entryStatus([entry(1, 0, { ballots: 1, spoiled: 0, answers: { authorize: { blank: 0, no: 1, yes: 0 } } }), entry(2, 1, tally(0, 1, 0))]).status).toBe('agree');
});

it('ballots plus spoiled may not exceed the paper sign-ins', () => {
  // 2 ballots + 1 spoiled = 3.
  expect([withinSignIns(tally(2, 0, 0, 1), 3), withinSignIns(tally(2, 0, 0, 1), 2)]).toEqual([true, false]);
});
