/**
 * One figure on every surface: whole dollars from cents round halves away from zero on the
 * command line (src/money/cents.ts formatDollars) and on the web pages (the editor's formatter,
 * which the workspace pages use too, and the public page's). A "what changed" row removing a one-time $1,000.50 program is -$1,001 on
 * the command line; the pages rounded it with Math.round, which gives -$1,000.
 */
import { expect, it } from 'vitest';
import { formatDollars, wholeDollars } from '../src/money/cents.ts';
import { dollars as editorDollars } from '../web/src/components/editor/format.ts';
import { checkDollars, dollars as publicDollars } from '../web/src/pages/public/format.ts';

it('every surface rounds whole dollars the same way, halves away from zero', () => {
  // Hand: -100,050 cents is -$1,000.50 → -$1,001; 100,050 → $1,001; -150 → -$2; -149 → -$1; -50 → -$1; 49 → $0.
  // -49 → $0 (not -$0: a cut that rounds to no dollars).
  const cases: [number, string][] = [[-100_050, '-$1,001'], [100_050, '$1,001'], [-150, '-$2'], [-149, '-$1'], [-50, '-$1'], [-49, '$0'], [-1, '$0'], [49, '$0'], [0, '$0']];
  for (const [cents, shown] of cases) {
    expect([formatDollars(cents), editorDollars(cents, 'en'), publicDollars(cents, 'en')], String(cents)).toEqual([shown, shown, shown]);
  }
  expect(wholeDollars(-100_050)).toBe(-1001);
  expect(Object.is(wholeDollars(-49), 0)).toBe(true);
  // A check line from $2,000.50 by -$1,000.50 to $1,000.00: 2,001 − 1,001 = 1,000 as written.
  expect(checkDollars(200_050, -100_050, 100_000)).toEqual({ from: 2001, change: -1001, to: 1000 });
});
