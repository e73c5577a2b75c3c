/**
 * The ids the web app gives check-in actions (web/src/components/pickets/action-id.ts): taken by
 * the check-in API's schema, unique, and in time order as text, so that the server's index of
 * device ids grows at one end (docs/pickets.md: ids in random order answered about a fifth fewer
 * check-ins a second).
 */
import { expect, it } from 'vitest';
import { actionId } from '../web/src/components/pickets/action-id.ts';
import { ActionBody } from '../src/server/pickets/checkin-schemas.ts';

it('an action id is taken by the API, unique within one millisecond, and sorts in time order', () => {
  const ms = Date.parse('2019-01-14T14:31:00.000Z');
  // The same millisecond 1,000 times: the random part keeps them apart.
  const same = Array.from({ length: 1000 }, () => actionId(ms));
  expect(new Set(same).size).toBe(1000);
  for (const id of same.slice(0, 5)) {
    expect(ActionBody.safeParse({ id, shiftId: 1, action: 'in', at: '2019-01-14T14:31:00.000Z', code: '042917' }).success, id).toBe(true);
  }
  // 1547476260000 ms (2019-01-14T14:31:00Z) is 0x1684cc5d4a0: 11 hex digits, padded to 12.
  expect(same[0].slice(0, 13)).toBe('01684cc5d4a0-');
  // One a second over a morning, and across the 12th hex digit's turn (0x0fffffffffff + 1 ms, in 2527): text order is time order.
  const times = [ms, ms + 1, ms + 999, ms + 1000, ms + 3_600_000, 0x0fffffffffff, 0x100000000000];
  const ids = times.map((t) => actionId(t));
  expect([...ids].sort()).toEqual(ids);
  expect(Math.max(...ids.map((id) => id.length))).toBeLessThanOrEqual(64);
});
