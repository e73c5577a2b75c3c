/**
 * A workforce that changes: staff who leave are replaced at the new-hire placement
 * (earners.ts, docs/costing.md "A workforce that changes"). Every figure is derived by hand
 * from test/fixtures/tiny-district (pay groups in test/helpers/tiny.ts) with 10% attrition.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidInput, type Problem } from '../errors/problem.ts';
import { DATASET_FILES, loadDataset, type DatasetFiles } from '../district/load.ts';
import { districtYaml } from '../district/serialize.ts';
import { parseDistrictYaml } from '../district/district-yaml.ts';
import type { Dataset } from '../district/types.ts';
import { centsOf, cost, line, loadTiny, TINY_DIR, usd } from '../../test/helpers/tiny.ts';

const SOURCE = [{ title: 'test: 10% a year' }];

function withAttrition(units: Record<string, number>): Dataset {
  const d: Dataset = structuredClone(loadTiny());
  d.district.parameters.attrition = Object.fromEntries(Object.entries(units).map(([u, pct]) => [u, { pct, reference: SOURCE }]));
  return d;
}

const unitOf = (r: ReturnType<typeof cost>, fy: string, id: string) => {
  const u = r.baseline.find((y) => y.fy === fy)?.byUnit.find((x) => x.unit === id);
  if (!u) throw new Error(`no ${id} in the baseline for ${fy}`);
  return u;
};

describe('attrition in the status quo', () => {
  const t10 = withAttrition({ T: 10 });
  const r = cost({ terms: [] }, t10);

  it('keeps the base year as it is', () => {
    // 2018-19 is the data's own year: nobody has left yet. 3,940,000.00, no savings.
    expect(unitOf(r, '2018-19', 'T').salaryCents).toBe(usd(3_940_000));
    expect(unitOf(r, '2018-19', 'T').turnoverSavingsCents).toBe(0);
  });

  it('pays 90% of each group a step up and the replacements at the new-hire placement', () => {
    // 2019-20, survivors: 0.9 × (each group one step up) = 0.9 × 4,022,000 = 3,619,800
    //   (G1 5.4 × 52,000 = 280,800; G2 5.4 × 59,000 = 318,600; G3 5.4 × 54,000 = 291,600;
    //    G4 18.9 × 59,000 = 1,115,100; G5 26.1 × 59,000 = 1,539,900; G6 0.9 × 82,000 = 73,800)
    // Replacements hired 2019-20: 10% of the 68 teachers = 6.8 at C1 step 1 (50,000) = 340,000;
    //   10% of the 1 nurse = 0.1 at N step 1 (80,000) = 8,000.
    // 3,619,800 + 340,000 + 8,000 = 3,967,800.00; if nobody left: 4,022,000 → saved 54,200.00
    expect(unitOf(r, '2019-20', 'T').salaryCents).toBe(usd(3_967_800));
    expect(unitOf(r, '2019-20', 'T').turnoverSavingsCents).toBe(usd(54_200));
    expect(unitOf(r, '2019-20', 'T').fte).toBe(69);
  });

  it('compounds: the second year keeps 81% and two cohorts of replacements', () => {
    // 2020-21, survivors: 0.81 × 4,034,000 = 3,267,540
    // Cohort hired 2019-20, 10% × 90% = 9% of 68 = 6.12 teachers at C1 step 2 (52,000) = 318,240;
    //   9% of a nurse at N step 2 (82,000) = 7,380.
    // Cohort hired 2020-21: 6.8 × 50,000 = 340,000 and 0.1 × 80,000 = 8,000.
    // 3,267,540 + 318,240 + 7,380 + 340,000 + 8,000 = 3,941,160.00; saved 4,034,000 − that = 92,840.00
    expect(unitOf(r, '2020-21', 'T').salaryCents).toBe(usd(3_941_160));
    expect(unitOf(r, '2020-21', 'T').turnoverSavingsCents).toBe(usd(92_840));
    // 55.89 + 6.21 + 6.9 = 69 FTE: the workforce keeps its size.
    expect(unitOf(r, '2020-21', 'T').fte).toBe(69);
    // Health counts the same 69 people: 69 × 11,000 = 759,000.00
    expect(unitOf(r, '2020-21', 'T').healthCents).toBe(usd(759_000));
  });

  it('leaves a unit without attrition as it was, and the totals add up', () => {
    expect(unitOf(r, '2020-21', 'C').salaryCents).toBe(usd(279_360));
    expect(unitOf(r, '2020-21', 'C').turnoverSavingsCents).toBe(0);
    const y = r.baseline.find((b) => b.fy === '2020-21')!;
    expect(y.turnoverSavingsCents).toBe(usd(92_840));
    expect(y.totalCents).toBe(y.salaryCents + y.statutoryCents + y.healthCents);
  });
});

describe('pay terms reach the people who will be on the payroll', () => {
  it('costs a raise on the payroll after turnover', () => {
    // 3% for T from 2019-07-01. 2019-20: 3% × 3,967,800 = 119,034.00 (without attrition
    // 3% × 4,022,000 = 120,660.00). 2020-21: 3% × 3,941,160 = 118,234.80.
    const terms = [{ id: 'raise', kind: 'raise' as const, pct: 3, effective: '2019-07-01' }];
    const r = cost({ terms }, withAttrition({ T: 10 }));
    expect(line(r, '2019-20', { term: 'raise', kind: 'salary' }).cents).toBe(usd(119_034));
    expect(line(r, '2020-21', { term: 'raise', kind: 'salary' }).cents).toBe(usd(118_234.8));
    expect(line(cost({ terms }), '2019-20', { term: 'raise', kind: 'salary' }).cents).toBe(usd(120_660));
  });

  it('makes a wage floor reach the replacements hired below it', () => {
    // Unit C, 10%, a floor of 16.50 from 2019-07-01. In 2019-20 every current group has moved
    // to step 2 (17.00 or 21.00), so without attrition the floor costs nothing. The replacements
    // are hired at the unit's placement, assistant step 1 (16.00), keeping the hours of the staff
    // they replace: assistants 10% × 8 people × 4 h × 180 d = 576 h; custodians (8 h) 10% × 3 ×
    // 8 × 240 = 576 h; custodians (6 h) 10% × 2 × 6 × 240 = 288 h. 1,440 h × 0.50 = 720.00
    const terms = [{ id: 'floor', kind: 'wage-floor' as const, hourly: 16.5, effective: '2019-07-01', unit: 'C' }];
    const r = cost({ unit: 'C', terms }, withAttrition({ C: 10 }));
    expect(line(r, '2019-20', { term: 'floor', kind: 'salary' }).cents).toBe(usd(720));
    expect(centsOf(cost({ unit: 'C', terms }), '2019-20', { term: 'floor', kind: 'salary' })).toBe(0);
    // The C status quo in 2019-20: survivors 0.9 × 279,360 = 251,424; replacements at 16.00:
    // 1,440 h × 16 = 23,040. 274,464.00, saved 279,360 − 274,464 = 4,896.00
    expect(unitOf(r, '2019-20', 'C').salaryCents).toBe(usd(274_464));
    expect(unitOf(r, '2019-20', 'C').turnoverSavingsCents).toBe(usd(4_896));
  });

  it('changes nothing when the rate is 0 or the parameter is absent', () => {
    const terms = [{ id: 'raise', kind: 'raise' as const, pct: 3, effective: '2019-07-01' }];
    const without = cost({ terms });
    const zero = cost({ terms }, withAttrition({ T: 0, C: 0 }));
    expect(zero.years).toEqual(without.years);
    expect(zero.baseline).toEqual(without.baseline);
    expect(without.baseline.every((b) => b.turnoverSavingsCents === 0)).toBe(true);
  });
});

describe('attrition in district.yaml', () => {
  const files = (): DatasetFiles => Object.fromEntries(DATASET_FILES.map((f) => [f, readFileSync(join(TINY_DIR, f), 'utf8')])) as DatasetFiles;
  const problemsOf = (f: DatasetFiles): Problem[] => {
    try {
      loadDataset(f);
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidInput);
      return (e as InvalidInput).problems;
    }
    throw new Error('the dataset loaded without problems');
  };
  const add = (yaml: string) => {
    const f = files();
    f['district.yaml'] = f['district.yaml'].replace('  newHirePlacement:', `  attrition:\n${yaml}\n  newHirePlacement:`);
    return f;
  };

  it('reads and writes it back unchanged', () => {
    const f = add('    T: { pct: 8, reference: "Learning Policy Institute (2017)" }');
    const ds = loadDataset(f);
    expect(ds.district.parameters.attrition).toEqual({ T: { pct: 8, reference: [{ title: 'Learning Policy Institute (2017)' }] } });
    const again = parseDistrictYaml(districtYaml(ds.district), 'district.yaml').district;
    expect(again?.parameters.attrition).toEqual(ds.district.parameters.attrition);
    // Without it, the file has no attrition key at all (a dataset reads back byte for byte).
    expect(districtYaml(loadTiny().district)).not.toContain('attrition');
  });

  it('refuses an unknown unit, a rate outside 0 to 50, and a unit whose roles have no placement', () => {
    const unknown = problemsOf(add('    X: { pct: 8, reference: "x" }'));
    expect(unknown.map((p) => [p.where?.file, p.where?.field, p.code])).toEqual([['district.yaml', 'parameters.attrition.X', 'dataset.unknown-unit']]);
    expect(unknown[0].where?.line).toBeGreaterThan(1);

    const high = problemsOf(add('    T: { pct: 80, reference: "x" }'));
    expect(high[0].where?.field).toBe('parameters.attrition.T.pct');
    expect(high[0].hint).toContain('0 to 50');

    // The tiny district places new C staff by the unit's default; without it, assistants and
    // custodians have no placement to be replaced at.
    const f = add('    C: { pct: 8, reference: "x" }');
    f['district.yaml'] = f['district.yaml'].replace(/\n    C: \{ unit: C, schedule: classified[^\n]*/, '');
    const none = problemsOf(f);
    expect(none.map((p) => p.code)).toEqual(['dataset.no-placement']);
    expect(none[0].message).toContain('assistant, custodian');
  });
});
