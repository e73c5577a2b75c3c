/**
 * Choosing sites on the bulk change's map (web/src/pages/sites/map-box.ts): placement and the
 * rectangle, derived by hand.
 */
import { expect, it } from 'vitest';
import { inside, MAP_WIDTH, place } from '../web/src/pages/sites/map-box.ts';

it('places sites flat, north up, a degree of longitude shortened by the cosine of the middle latitude', () => {
  // Near 60° N the cosine is about 0.5: a degree of longitude is about half as long as a degree of latitude.
  const { placed, height, unplaced } = place([
    { schoolId: 'W', latitude: 60, longitude: 0 },
    { schoolId: 'E', latitude: 60, longitude: 2 },
    { schoolId: 'S', latitude: 59, longitude: 2 },
    { schoolId: 'X', latitude: null, longitude: null },
  ]);
  expect(unplaced).toBe(1);
  // Middle latitude 59.5°: cos = 0.50754. Width 2° × 0.50754 = 1.01508; height 1°.
  // Scale = min((640 − 16) / 1.01508, (768 − 16) / 1) = min(614.72, 752) = 614.72.
  const k = Math.cos((59.5 * Math.PI) / 180);
  const scale = 624 / (2 * k);
  expect(placed.find((p) => p.schoolId === 'W')).toEqual({ schoolId: 'W', x: 8, y: 8 });
  const e = placed.find((p) => p.schoolId === 'E')!;
  expect(e.x).toBeCloseTo(8 + 624, 6); // the east edge: the full width less the padding
  expect(e.y).toBe(8);
  const s = placed.find((p) => p.schoolId === 'S')!;
  expect(s.y).toBeCloseTo(8 + scale, 6); // 1° south
  expect(height).toBe(Math.ceil(scale + 16)); // 614.72 + 16 → 631
  expect(MAP_WIDTH).toBe(640);
});

it('chooses the sites inside a rectangle drawn from any corner, edges included', () => {
  const placed = [{ schoolId: 'A', x: 10, y: 10 }, { schoolId: 'B', x: 20, y: 20 }, { schoolId: 'C', x: 30, y: 5 }];
  expect(inside(placed, { x0: 5, y0: 5, x1: 20, y1: 20 })).toEqual(['A', 'B']);
  expect(inside(placed, { x0: 20, y0: 20, x1: 5, y1: 5 })).toEqual(['A', 'B']);
  expect(inside(placed, { x0: 25, y0: 0, x1: 35, y1: 8 })).toEqual(['C']);
  expect(inside(placed, { x0: 11, y0: 11, x1: 19, y1: 19 })).toEqual([]);
});

it('draws an empty map when no site has coordinates', () => {
  expect(place([{ schoolId: 'A', latitude: null, longitude: null }])).toEqual({ placed: [], height: 320, unplaced: 1 });
});
