/** The public live status of a site (docs/sites.md, "Publishing"): full, filling, open. */
import { expect, it } from 'vitest';
import { liveStatus } from './live.ts';

it('is full at capacity or above, filling from 80% of it, open below, and open without a capacity or a count', () => {
  const at = (childrenPresent: number | null, capacity: number | null) => liveStatus({ childrenPresent, capacity });
  expect([at(25, 25), at(30, 25)]).toEqual(['full', 'full']);
  // 80% of 25 is 20: 20 is filling, 19 is not. 80% of 7 is 5.6: 6 is filling, 5 is not.
  expect([at(20, 25), at(24, 25), at(19, 25)]).toEqual(['filling', 'filling', 'open']);
  expect([at(6, 7), at(5, 7)]).toEqual(['filling', 'open']);
  expect([at(0, 25), at(null, 25), at(300, null), at(3, 0)]).toEqual(['open', 'open', 'open', 'open']);
});

it('never lets a count under 5 be worked out: below 5 children the status is open, whatever the capacity', () => {
  const at = (childrenPresent: number, capacity: number) => liveStatus({ childrenPresent, capacity });
  // Capacity 5: filling is 4 (80% of 5) only, so filling would tell exactly 4 children. Open instead.
  expect(at(4, 5)).toBe('open');
  // Capacities 1–4: full would tell at least 1–4 children. Open until 5 are there; 5 of 4 is full.
  expect([at(1, 1), at(3, 3), at(4, 4), at(5, 4)]).toEqual(['open', 'open', 'open', 'full']);
  // Capacity 6: filling is exactly 5 (80% of 6 = 4.8), which is not under 5: shown.
  expect([at(5, 6), at(6, 6)]).toEqual(['filling', 'full']);
  // For every capacity from 1 to 200, each status shown other than open needs at least 5 children.
  for (let capacity = 1; capacity <= 200; capacity++) {
    for (let n = 0; n < 5; n++) expect(at(n, capacity)).toBe('open');
  }
});
