import { describe, expect, it } from 'vitest';
import { expandTemplate, templateProblems, type Template } from './template.ts';

const DAY = { date: '2019-01-14', timeZone: 'America/Los_Angeles' };
const TWO: Template = { name: 'Mornings and afternoons', shifts: [{ start: '06:30', end: '09:30', capacity: 20, minimum: 5 }, { start: '14:00', end: '16:00', capacity: 10, minimum: 3 }] };

describe('a shift template over worksites', () => {
  it('makes one shift per line per worksite, in UTC', () => {
    const { shifts, skipped } = expandTemplate(TWO, DAY, [11, 12, 13], []);
    // 3 worksites × 2 lines = 6 shifts
    expect(shifts).toHaveLength(6);
    expect(skipped).toBe(0);
    // 06:30 PST = 14:30 UTC; 09:30 PST = 17:30 UTC; 14:00 PST = 22:00 UTC; 16:00 PST = 00:00 UTC next day
    expect(shifts[0]).toEqual({ worksiteId: 11, duty: 'picket', startsAt: '2019-01-14T14:30:00.000Z', endsAt: '2019-01-14T17:30:00.000Z', capacity: 20, minimum: 5 });
    expect(shifts[1]).toEqual({ worksiteId: 11, duty: 'picket', startsAt: '2019-01-14T22:00:00.000Z', endsAt: '2019-01-15T00:00:00.000Z', capacity: 10, minimum: 3 });
  });

  it('skips shifts already there, so applying twice adds nothing', () => {
    const first = expandTemplate(TWO, DAY, [11, 12], []);
    const existing = first.shifts.map((s) => ({ ...s, worksiteId: s.worksiteId as number | null }));
    const again = expandTemplate(TWO, DAY, [11, 12, 13], existing);
    // Only site 13 is new: 2 lines; sites 11 and 12 skipped: 2 × 2 = 4
    expect(again.shifts.map((s) => s.worksiteId)).toEqual([13, 13]);
    expect(again.skipped).toBe(4);
    // A different duty at the same hours is a different shift.
    const food = expandTemplate({ name: 'Food', shifts: [{ start: '06:30', end: '09:30', capacity: 4, minimum: 1, duty: 'food' }] }, DAY, [11], existing);
    expect(food.shifts).toHaveLength(1);
  });

  it('converts on the spring-forward day with daylight time', () => {
    const { shifts } = expandTemplate(TWO, { ...DAY, date: '2019-03-10' }, [11], []);
    // 06:30 PDT + 7 h = 13:30 UTC
    expect(shifts[0].startsAt).toBe('2019-03-10T13:30:00.000Z');
  });

  it('names every problem by its field', () => {
    const bad: Template = {
      name: ' ',
      shifts: [
        { start: '09:30', end: '06:30', capacity: 20, minimum: 5 },
        { start: '6:30', end: '09:30', capacity: 501, minimum: 2 },
        { start: '06:30', end: '09:30', capacity: 3, minimum: 4 },
        { start: '06:30', end: '09:30', capacity: -1, minimum: 0 },
      ],
    };
    const fields = templateProblems(bad, DAY).map((p) => p.where?.field);
    expect(fields).toEqual(['name', 'shifts[0].end', 'shifts[1].start', 'shifts[1].capacity', 'shifts[2].minimum', 'shifts[3].capacity']);
    expect(templateProblems(TWO, DAY)).toEqual([]);
  });

  it('refuses a time the clocks skip, and more than ten lines', () => {
    const skipped = templateProblems({ name: 'Night', shifts: [{ start: '02:30', end: '04:00', capacity: 2, minimum: 1 }] }, { ...DAY, date: '2019-03-10' });
    expect(skipped.map((p) => p.where?.field)).toEqual(['shifts[0].start']);
    expect(skipped[0].message).toMatch(/does not exist on 2019-03-10/);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ start: `${String(i + 6).padStart(2, '0')}:00`, end: `${String(i + 6).padStart(2, '0')}:30`, capacity: 2, minimum: 1 }));
    expect(templateProblems({ name: 'Many', shifts: eleven }, DAY).map((p) => p.where?.field)).toEqual(['shifts']);
  });
});
