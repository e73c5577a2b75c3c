/**
 * The tiny district with parameters that move every year, so a cost taken from the wrong
 * year shows in the costing and projection tests themselves. Built from
 * test/fixtures/tiny-district (see test/helpers/tiny.ts for the pay groups) with these
 * changes; every other figure is the tiny district's:
 *
 *   parameter                        2018-19  2019-20  2020-21  2021-22  2022-23  2023-24
 *   COLA (%)                           3        2        4        1        5        6
 *   column drift, certificated (%)     0        1        2        0.5      0.5      0.5
 *   column drift, classified (%)       0        0.5      1.5      0        0        0
 *   enrollment trend (%)               0        2       -3        1        1        1
 *   STRS employer (certificated, %)   16       17       18       18       18       18
 *   PERS employer (classified, %)     18       19.5     20.25    20.25    20.25    20.25
 *   Social Security (classified, %)    6        6        7.5      7.5      7.5      7.5
 *   health and welfare per employee  10,000   11,000   12,000   12,000   12,000   12,000
 *
 * Medicare stays 1.5%. So statutory is, for certificated, 17.5 / 18.5 / 19.5 / 19.5 %;
 * for classified, 25.5 / 27 / 29.25 / 29.25 %.
 *
 * The budget is cut to its first two years (2018-19 and 2019-20), so every year from
 * 2020-21 is extrapolated by that year's COLA:
 *   revenues 20,600,000 → ×1.04 = 21,424,000 → ×1.01 = 21,638,240 → ×1.05 = 22,720,152
 *   expenditures 21,000,000 → ×1.04 = 21,840,000 → ×1.01 = 22,058,400 → ×1.05 = 23,161,320
 *
 * Growth factors from the base year 2018-19 (a year's rate applies from July 1 of that year):
 *   certificated drift: 2019-20 1.01; 2020-21 1.01 × 1.02 = 1.0302; 2021-22 1.0302 × 1.005 = 1.035351
 *   classified drift:   2019-20 1.005; 2020-21 1.005 × 1.015 = 1.020075; then 1.020075
 *   enrollment:         2019-20 1.02; 2020-21 1.02 × 0.97 = 0.9894; 2021-22 0.9894 × 1.01 = 0.999294
 */
import type { DatedParameter } from '../../src/district/parameters.ts';
import type { Dataset } from '../../src/district/types.ts';
import { loadTiny } from './tiny.ts';

const YEARS = ['2018-07-01', '2019-07-01', '2020-07-01', '2021-07-01', '2022-07-01', '2023-07-01'];

function moving(p: DatedParameter, values: number[]): DatedParameter {
  return { ...p, values: values.map((value, i) => ({ from: YEARS[i], value })) };
}

/** A fresh copy of the moving tiny district (see the table above). */
export function loadMoving(): Dataset {
  const d = structuredClone(loadTiny()); // the loaded dataset is frozen
  const params = d.district.parameters;
  params.cola = moving(params.cola, [3, 2, 4, 1, 5, 6]);
  params.columnDrift.certificated = moving(params.columnDrift.certificated, [0, 1, 2, 0.5, 0.5, 0.5]);
  params.columnDrift.classified = moving(params.columnDrift.classified, [0, 0.5, 1.5, 0, 0, 0]);
  params.enrollmentTrend = moving(params.enrollmentTrend, [0, 2, -3, 1, 1, 1]);
  params.statutory.certificated.pension = moving(params.statutory.certificated.pension, [16, 17, 18, 18, 18, 18]);
  params.statutory.classified.pension = moving(params.statutory.classified.pension, [18, 19.5, 20.25, 20.25, 20.25, 20.25]);
  params.statutory.classified.socialSecurity = moving(params.statutory.classified.socialSecurity, [6, 6, 7.5, 7.5, 7.5, 7.5]);
  params.healthPerEmployee = moving(params.healthPerEmployee, [10_000, 11_000, 12_000, 12_000, 12_000, 12_000]);
  d.budget = d.budget.filter((b) => b.fy <= 2019);
  return d;
}

let shared: Dataset | undefined;
/** The moving tiny district, built once and shared (the engine never mutates a dataset). */
export function movingTiny(): Dataset {
  shared ??= loadMoving();
  return shared;
}
