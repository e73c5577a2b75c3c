/**
 * Today's date in Los Angeles, formatted once per UTC minute (sites-choose.ts): the date must turn
 * at local midnight exactly, whichever order the instants are asked in.
 */
import { expect, it } from 'vitest';
import { todayIn } from './sites-choose.ts';

it('turns the date at Los Angeles midnight, in winter (UTC-8) and summer (UTC-7), asked in any order', () => {
  // 2019-01-15 00:00 PST is 08:00 UTC: one millisecond before is still the 14th.
  expect(todayIn(new Date('2019-01-15T07:59:59.999Z'))).toBe('2019-01-14');
  expect(todayIn(new Date('2019-01-15T08:00:00.000Z'))).toBe('2019-01-15');
  // Back to an earlier instant of another minute: not the date kept for the last minute.
  expect(todayIn(new Date('2019-01-15T07:59:30.000Z'))).toBe('2019-01-14');
  // The same minute asked twice gives the same date.
  expect(todayIn(new Date('2019-01-15T07:59:00.000Z'))).toBe('2019-01-14');
  // 2023-03-21 00:00 PDT is 07:00 UTC.
  expect(todayIn(new Date('2023-03-21T06:59:59.999Z'))).toBe('2023-03-20');
  expect(todayIn(new Date('2023-03-21T07:00:00.000Z'))).toBe('2023-03-21');
});

it('gives the same date as formatting each instant afresh, minute by minute across two days', () => {
  const fresh = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit' });
  // Every 37 s from 2023-11-04 12:00 UTC for two days: the night the clocks go back (Nov 5) included.
  for (let t = Date.parse('2023-11-04T12:00:00Z'); t < Date.parse('2023-11-06T12:00:00Z'); t += 37_000) {
    expect(todayIn(new Date(t))).toBe(fresh.format(new Date(t)));
  }
});
