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
