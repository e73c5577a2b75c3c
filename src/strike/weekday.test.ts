import { describe, expect, it } from 'vitest';
import { parseWeekday, weekdayIndex, weekdayName } from './weekday.ts';

describe('weekday of a date, from the calendar alone', () => {
  it('knows the 2019 strike days and the days around them', () => {
    // The published file: Mon 14, Tue 15, Wed 16, Thu 17, Fri 18, (Mon 21 MLK day), Tue 22 January 2019.
    expect(['2019-01-14', '2019-01-15', '2019-01-16', '2019-01-17', '2019-01-18', '2019-01-19', '2019-01-20', '2019-01-22'].map(weekdayName))
      .toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday', 'Tuesday']);
  });

  it('handles January, February, leap days and centuries', () => {
    expect(weekdayName('1970-01-01')).toBe('Thursday');
    expect(weekdayName('2000-02-29')).toBe('Tuesday');
    expect(weekdayName('2024-02-29')).toBe('Thursday');
    expect(weekdayName('1900-03-01')).toBe('Thursday');
    expect(weekdayName('2023-03-21')).toBe('Tuesday'); // first day of the 2023 SEIU 99 strike
    expect(weekdayIndex('2019-01-19')).toBe(5);
  });

  it('reads weekday cells written in several ways', () => {
    expect(['Mon', 'tue', 'Tues', 'WEDNESDAY', 'thu', 'Thurs', 'fri', 'Sat', 'sun'].map(parseWeekday)).toEqual([0, 1, 1, 2, 3, 3, 4, 5, 6]);
    expect(['', 'M', 'Tu', 'Mun', 'Mondays'].map(parseWeekday)).toEqual([null, null, null, null, null]);
  });
});
