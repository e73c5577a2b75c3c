/**
 * The dataset page's pay by unit is the costing's base-year salary, to the cent: one figure for
 * "what does this unit cost in pay before the agreement", on the dataset page and in every cost
 * table, disclosure and spreadsheet.
 */
import { expect, it } from 'vitest';
import { baselineYears } from '../../costing/baseline.ts';
import { prepare } from '../../costing/prepare.ts';
import { lausd2022Spec } from '../../district/demo/lausd-2022-23.ts';
import { generateDistrict } from '../../district/generate/generate.ts';
import { toCents } from '../../money/cents.ts';
import { overviewOf } from './compute.ts';

it('gives each unit the base-year salary of the costing, and its roles add up to it', () => {
  const ds = generateDistrict(lausd2022Spec());
  const overview = overviewOf(ds);
  const p = prepare(ds);
  const [base] = baselineYears(p, [p.base]);
  expect(overview.staff.byUnit.map((u) => [u.unit, u.payCents])).toEqual(base.byUnit.map((u) => [u.unit, u.salaryCents]));
  expect(overview.staff.payCents).toBe(base.salaryCents);
  for (const u of overview.staff.byUnit) expect(u.roles.reduce((s, r) => s + r.payCents, 0)).toBe(u.payCents);

  // Why it matters: SEIU 99's hourly pay rounded to the cent per staff row (rate × hours × days ×
  // positions, row by row) comes to a few dollars more than per pay group (the costing's rounding).
  const rate = new Map(ds.schedules.map((c) => [`${c.unit}|${c.schedule}|${c.lane}|${c.step}`, c]));
  const perRow = ds.staff.filter((s) => s.unit === 'SEIU99').reduce((sum, s) => {
    const c = rate.get(`${s.unit}|${s.schedule}|${s.lane}|${s.step}`);
    return sum + (!c ? 0 : toCents(c.basis === 'annual' ? c.rate * s.fte * s.count : c.rate * s.hoursPerDay * s.daysPerYear * s.count));
  }, 0);
  const seiu = overview.staff.byUnit.find((u) => u.unit === 'SEIU99');
  expect(seiu?.payCents).toBeDefined();
  expect(perRow).not.toBe(seiu?.payCents);
});
