import { describe, expect, it } from 'vitest';
import { isDate, isTimeZone, localToUtc, utcToLocal } from './local-time.ts';

const LA = 'America/Los_Angeles';

describe('local time in a zone ↔ UTC', () => {
  it('converts a strike morning in Los Angeles in January (PST, UTC−8)', () => {
    // 06:30 PST + 8 h = 14:30 UTC
    expect(localToUtc('2019-01-14', '06:30', LA)).toEqual({ ok: true, iso: '2019-01-14T14:30:00.000Z' });
    expect(utcToLocal('2019-01-14T14:30:00.000Z', LA)).toEqual({ date: '2019-01-14', time: '06:30' });
  });

  it('uses daylight time after the spring-forward on 10 March 2019, and refuses the skipped hour', () => {
    // Before 02:00 it is PST: 01:30 + 8 h = 09:30 UTC.
    expect(localToUtc('2019-03-10', '01:30', LA)).toEqual({ ok: true, iso: '2019-03-10T09:30:00.000Z' });
    // 02:00 became 03:00: 02:30 never happened that day.
    expect(localToUtc('2019-03-10', '02:30', LA)).toEqual({ ok: false, reason: 'nonexistent' });
    // After it, PDT: 06:30 + 7 h = 13:30 UTC (not 14:30 as the day before).
    expect(localToUtc('2019-03-10', '06:30', LA)).toEqual({ ok: true, iso: '2019-03-10T13:30:00.000Z' });
    expect(localToUtc('2019-03-09', '06:30', LA)).toEqual({ ok: true, iso: '2019-03-09T14:30:00.000Z' });
    expect(utcToLocal('2019-03-10T13:30:00.000Z', LA)).toEqual({ date: '2019-03-10', time: '06:30' });
  });

  it('takes the first of the two 01:30s on the fall-back day (3 November 2019)', () => {
    // 01:30 happens in PDT (08:30 UTC) and again in PST (09:30 UTC): the first.
    expect(localToUtc('2019-11-03', '01:30', LA)).toEqual({ ok: true, iso: '2019-11-03T08:30:00.000Z' });
    // 06:30 PST + 8 h = 14:30 UTC.
    expect(localToUtc('2019-11-03', '06:30', LA)).toEqual({ ok: true, iso: '2019-11-03T14:30:00.000Z' });
    expect(utcToLocal('2019-11-03T09:30:00.000Z', LA)).toEqual({ date: '2019-11-03', time: '01:30' });
  });

  it('works in other zones, east of UTC and with half-hour offsets', () => {
    // Kolkata is UTC+5:30 all year: 06:30 − 5:30 = 01:00 UTC.
    expect(localToUtc('2024-07-01', '06:30', 'Asia/Kolkata')).toEqual({ ok: true, iso: '2024-07-01T01:00:00.000Z' });
    // New York in July, EDT (UTC−4): 14:00 + 4 h = 18:00 UTC.
    expect(localToUtc('2024-07-01', '14:00', 'America/New_York')).toEqual({ ok: true, iso: '2024-07-01T18:00:00.000Z' });
    // The local date can differ from the UTC one: 23:00 PST on the 14th is 07:00 UTC on the 15th.
    expect(utcToLocal('2019-01-15T07:00:00.000Z', LA)).toEqual({ date: '2019-01-14', time: '23:00' });
  });

  it('refuses malformed dates and times, and knows real zones from made-up ones', () => {
    expect(localToUtc('2019-02-29', '06:30', LA)).toEqual({ ok: false, reason: 'format' });
    expect(localToUtc('2019-01-14', '6:30', LA)).toEqual({ ok: false, reason: 'format' });
    expect(localToUtc('2019-01-14', '24:00', LA)).toEqual({ ok: false, reason: 'format' });
    expect(isDate('2020-02-29')).toBe(true);
    expect(isDate('2019-13-01')).toBe(false);
    expect(isTimeZone(LA)).toBe(true);
    expect(isTimeZone('Pacific/Nowhere')).toBe(false);
  });
});
