import { describe, expect, it } from 'vitest';
import { lausdSpec } from '../../district/demo/lausd.ts';
import { lausd2022Spec } from '../../district/demo/lausd-2022-23.ts';
import { generateDistrict } from '../../district/generate/generate.ts';
import { closurePlan, CLOSURE_2023 } from './lausd-2023.ts';
import { openSchoolsPlan, OPEN_SCHOOLS_2019 } from './lausd-2019.ts';
import { everyNth } from './spread.ts';

describe('the worked cases of strike days', () => {
  it('takes items at an even stride', () => {
    // 10 items, 4 of them: stride 2.5 → indexes 0, 2 (2.5), 5, 7 (7.5).
    expect(everyNth([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 4)).toEqual([0, 2, 5, 7]);
    expect(everyNth([1, 2], 5)).toEqual([1, 2]);
    expect(everyNth([1, 2], 0)).toEqual([]);
  });

  it('2023: 150 supervision sites spread over the types and the map, 40 other schools with grab-and-go meals', () => {
    const dataset = generateDistrict(lausd2022Spec());
    const plan = closurePlan(dataset);
    expect(plan.supervision).toHaveLength(150);
    // The regular schools: 450 elementary, 80 middle, 95 high, 60 span = 685; 150 in proportion:
    // 98.54, 17.52, 20.80, 13.14 → 98, 17, 20, 13 = 148, the two largest remainders (.80 high, .54 elementary) +1 → 99, 17, 21, 13.
    const byType = (type: string) => plan.supervision.filter((s) => s.school.type === type).length;
    expect([byType('elementary'), byType('middle'), byType('high'), byType('span')]).toEqual([99, 17, 21, 13]);
    expect(new Set(plan.supervision.map((s) => s.school.id)).size).toBe(150);
    const lats = plan.supervision.map((s) => s.school.latitude ?? 0);
    // Spread from north to south: within 0.05° of the box's edges (33.7 to 34.34).
    expect(Math.max(...lats)).toBeGreaterThan(34.29);
    expect(Math.min(...lats)).toBeLessThan(33.75);
    for (const s of plan.supervision) expect(s.capacity).toBeGreaterThanOrEqual(CLOSURE_2023.minimumCapacity);
    expect(plan.meals).toHaveLength(40);
    const open = new Set(plan.supervision.map((s) => s.school.id));
    expect(plan.meals.some((m) => open.has(m.id))).toBe(false);
  });

  it('2019: each day\'s published attendance split over the schools adds up exactly, with 400 substitutes at the largest schools', () => {
    const dataset = generateDistrict(lausdSpec());
    const plan = openSchoolsPlan(dataset);
    expect(plan.days.map((d) => d.date)).toEqual(['2019-01-14', '2019-01-15', '2019-01-16', '2019-01-17', '2019-01-18', '2019-01-22']);
    plan.days.forEach((d, i) => expect([...d.attending.values()].reduce((a, b) => a + b, 0)).toBe(OPEN_SCHOOLS_2019.days[i].studentsAttending));
    expect(plan.substitutes).toHaveLength(400);
    expect(new Set(plan.substitutes).size).toBe(400);
  });
});
