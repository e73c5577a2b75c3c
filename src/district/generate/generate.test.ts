import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { InvalidInput } from '../../errors/problem.ts';
import { lausdSpec } from '../demo/lausd.ts';
import { parseGradeSpan } from '../grades.ts';
import { DATASET_FILES, loadDataset } from '../load.ts';
import { readDatasetFolder } from '../read-folder.ts';
import { serializeDataset } from '../serialize.ts';
import type { Dataset, StaffRow } from '../types.ts';
import { generateDistrict } from './generate.ts';
import { apportion } from './random.ts';
import { payBy } from './schedules.ts';
import { parseGenerateSpec, specToYaml, type GenerateSpec } from './spec.ts';

const TINY = join(import.meta.dirname, '../../../test/fixtures/tiny-district');
const positions = (rows: StaffRow[], keep: (r: StaffRow) => boolean = () => true) => rows.filter(keep).reduce((s, r) => s + r.count, 0);
const students = (ds: Dataset, grades?: string) => {
  const g = grades ? parseGradeSpan(grades) ?? [] : null;
  return ds.enrollment.filter((e) => !g || g.includes(e.grade)).reduce((s, e) => s + e.students, 0);
};

let lausd: Dataset;
beforeAll(() => {
  lausd = generateDistrict(lausdSpec());
});

describe('generateDistrict', () => {
  it('gives byte-identical files for the same seed, and different ones for another seed', () => {
    const again = serializeDataset(generateDistrict(lausdSpec()));
    expect(again).toEqual(serializeDataset(lausd));
    const other = serializeDataset(generateDistrict(lausdSpec({ seed: 7 })));
    for (const f of ['schools.csv', 'enrollment.csv', 'staff.csv', 'schedules.csv'] as const) expect(other[f]).not.toEqual(again[f]);
    expect(other['budget.csv']).toEqual(again['budget.csv']); // the budget is not random
  });

  it('splits apportioned totals exactly', () => {
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(apportion(7, [0, 0])).toEqual([4, 3]);
  });

  it('writes a dataset that loads without problems and reads back the same', () => {
    expect(loadDataset(serializeDataset(lausd))).toEqual(lausd);
  });
});

describe('the LAUSD 2018-19 demo', () => {
  it('has the specified schools by type (1,300 sites, 739 with K-12 grades)', () => {
    const byType = Object.fromEntries(['elementary', 'middle', 'high', 'span', 'continuation', 'special-education', 'early-education', 'adult', 'other']
      .map((t) => [t, lausd.schools.filter((s) => s.type === t).length]));
    expect(byType).toEqual({ elementary: 450, middle: 80, high: 95, span: 60, continuation: 40, 'special-education': 14, 'early-education': 90, adult: 25, other: 446 });
    expect(lausd.schools).toHaveLength(1_300);
    // highNeedShare 90/739 of the 739 schools with grades ⇒ exactly 90.
    expect(lausd.schools.filter((s) => s.highNeed)).toHaveLength(90);
  });

  it('has exactly the specified students by span', () => {
    // Fingertip Facts spans 186,345 / 132,669 / 86,311 / 166,530 (of 571,855) scaled to 500,000:
    // 162,930.29 / 115,998.81 / 75,465.81 / 145,605.09; floors sum to 499,998 and the two largest
    // remainders (.81, .81) get one more each.
    expect(students(lausd)).toBe(500_000);
    expect([students(lausd, 'K-3'), students(lausd, '4-6'), students(lausd, '7-8'), students(lausd, '9-12')]).toEqual([162_930, 115_999, 75_466, 145_605]);
    // A span is split evenly by grade: 162,930 / 4 = 40,732.5 ⇒ K and 1 get 40,733, 2 and 3 get 40,732.
    expect([students(lausd, 'K'), students(lausd, '3')]).toEqual([40_733, 40_732]);
  });

  it('has the specified staff: 25,400 teachers and 63,600 employees (exact: counts are apportioned, not sampled)', () => {
    expect(positions(lausd.staff, (r) => r.role === 'teacher')).toBe(25_400);
    expect(positions(lausd.staff)).toBe(63_600);
    const byUnit = payBy(lausd, (r) => r.unit);
    // UTLA 25,400 + 3,000 special education + 600 early ed + 500 adult + 100 + 400 + 1,000 + 500 + 300 = 31,800.
    expect(byUnit.get('UTLA')?.positions).toBe(31_800);
    expect(byUnit.get('SEIU99')?.positions).toBe(30_000);
    expect(byUnit.get('OTHER')?.positions).toBe(1_800); // 854 principals (one per school site) + 446 + 500
  });

  it('meets the pay targets: classified $25,000 (2%), teachers $75,000 (1%), entry rate $16.91', () => {
    const classified = payBy(lausd, (r) => r.unit).get('SEIU99')?.averagePay ?? 0;
    expect(Math.abs(classified / 25_000 - 1)).toBeLessThan(0.02);
    const teacher = payBy(lausd, (r) => r.role).get('teacher')?.averagePay ?? 0;
    expect(Math.abs(teacher / 75_000 - 1)).toBeLessThan(0.01);
    const hourly = lausd.schedules.filter((c) => c.schedule === 'classified').map((c) => c.rate);
    expect(Math.min(...hourly)).toBe(16.91);
    expect(Math.max(...hourly)).toBeLessThan(30);
    const teachers = lausd.schedules.filter((c) => c.schedule === 'teachers').map((c) => c.rate);
    expect(Math.min(...teachers)).toBe(50_000);
    expect(Math.max(...teachers)).toBeGreaterThan(85_000);
    expect(Math.max(...teachers)).toBeLessThan(95_000);
  });

  it('hires each step about step years before 2018-19, with a few percent hired in 2018-19', () => {
    const topStep = (r: StaffRow) => (r.unit === 'UTLA' ? 10 : 5); // UTLA schedules have 10 steps, the others 5
    const wrong = lausd.staff.filter((r) => {
      const year = Number(r.hired?.slice(0, 4));
      if (year === 2018) return r.step !== 1 || r.hired !== '2018-08-15';
      if (r.step < topStep(r)) return year !== 2018 - r.step;
      return year > 2018 - r.step || year < 2018 - r.step - 12; // top step: up to 12 more years back
    });
    expect(wrong).toEqual([]);
    const newHires = positions(lausd.staff, (r) => r.hired === '2018-08-15') / 63_600;
    expect(newHires).toBeGreaterThan(0.02);
    expect(newHires).toBeLessThan(0.04);
  });

  it('places new hires for each unit and the roles proposals name', () => {
    const keys = Object.keys(lausd.district.parameters.newHirePlacement);
    for (const k of ['UTLA', 'SEIU99', 'OTHER', 'teacher', 'nurse', 'librarian', 'counselor', 'psychologist', 'teacher-assistant', 'special-education-assistant', 'custodian', 'cafeteria-worker', 'bus-driver']) expect(keys).toContain(k);
  });

  it('keeps well under 100,000 staff rows', () => {
    expect(lausd.staff.length).toBeLessThan(60_000);
  });

  it('scales by 10: ten times the schools, students, staff and budget, the same averages', () => {
    const big = generateDistrict(lausdSpec({ scale: 10 }));
    expect(big.schools).toHaveLength(13_000);
    expect(students(big)).toBe(5_000_000); // each span × 10 is whole, so exactly 10×
    expect(positions(big.staff)).toBe(636_000);
    expect(big.budget[0].revenues).toBe(lausd.budget[0].revenues * 10);
    const pay = payBy(big, (r) => r.unit).get('SEIU99')?.averagePay ?? 0;
    expect(Math.abs(pay / 25_000 - 1)).toBeLessThan(0.02);
  });
});

describe('spec files and given schools', () => {
  it('reads back the LAUSD spec from YAML and generates the same files from it', () => {
    const { spec } = parseGenerateSpec(specToYaml(lausdSpec({ scale: 0.05 })), 'lausd.yaml');
    expect(spec).toEqual(lausdSpec({ scale: 0.05 }));
    expect(serializeDataset(generateDistrict(spec))).toEqual(serializeDataset(generateDistrict(lausdSpec({ scale: 0.05 }))));
  });

  it('names the line and column of a bad field, inside district parameters too', () => {
    const yaml = specToYaml(lausdSpec()).replace(/^highNeedShare: .*$/m, 'highNeedShare: 2').replace('cap: 36', 'cap: -36');
    const lines = yaml.split('\n');
    try {
      parseGenerateSpec(yaml, 'spec.yaml');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidInput);
      const [p] = (e as InvalidInput).problems;
      expect(p.where?.field).toBe('highNeedShare');
      expect(lines[(p.where?.line ?? 0) - 1]).toBe('highNeedShare: 2');
    }
    const inDistrict = specToYaml(lausdSpec()).replace('cap: 36', 'cap: -36');
    expect(() => parseGenerateSpec(inDistrict, 'spec.yaml')).toThrow(/spec\.yaml:\d+:\d+ district\.parameters\.classSize\.spans\[1\]\.cap/);
  });

  it('serves TK only at the schools given TK-5', () => {
    const base = lausdSpec();
    const staff = base.staff.map((l) => (l.count !== undefined ? { ...l, count: Math.ceil(l.count / 500) } : l));
    const spec: GenerateSpec = { ...base, staff, students: { TK: 900, 'K-5': 6_000 } };
    spec.schools = { elementary: { count: 10, grades: { 'K-5': 0.6, 'TK-5': 0.4 }, studentsPerGrade: 70 }, middle: { count: 2, grades: '6-8' }, high: { count: 2, grades: '9-12' } };
    const ds = generateDistrict(spec);
    const tkSchools = new Set(ds.schools.filter((s) => s.grades[0] === 'TK').map((s) => s.id));
    expect(tkSchools.size).toBe(4); // 40% of 10
    expect(ds.enrollment.filter((e) => e.grade === 'TK').every((e) => tkSchools.has(e.school))).toBe(true);
    expect(students(ds)).toBe(6_900);
    expect(loadDataset(serializeDataset(ds))).toEqual(ds);
  });

  it('keeps given schools and scales staff to their enrollment', () => {
    const tiny = readDatasetFolder(TINY);
    const ds = generateDistrict({ ...lausdSpec(), schoolsFrom: { schools: tiny.schools, enrollment: tiny.enrollment } });
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
    expect(ds.schools).toEqual([...tiny.schools].sort(byId)); // the same schools, sorted by id
    expect(ds.enrollment).toHaveLength(tiny.enrollment.length);
    expect(students(ds)).toBe(1_805);
    // Tiny has 320 + 160 + 525 + 800 = 1,805 students; counts × 1,805 / 500,000 = 0.00361:
    // teachers 25,400 × 0.00361 = 91.69 ⇒ 92; the budget's 7.4 billion ⇒ 26,714,000.
    expect(positions(ds.staff, (r) => r.role === 'teacher')).toBe(92);
    expect(ds.budget[0].revenues).toBe(26_714_000_00);
    expect(new Set(ds.staff.map((r) => r.site))).toEqual(new Set(['E1', 'E2', 'M1', 'H1', 'central']));
    expect(loadDataset(serializeDataset(ds))).toEqual(ds);
  });

  it('settle generate writes the 7 files and a summary; a bad spec changes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'settle-generate-'));
    try {
      const out: string[] = [];
      const io = { out: (t: string) => void out.push(t), err: (t: string) => void out.push(t), interactive: false };
      expect(await main(['generate', '--out', join(dir, 'ds'), '--scale', '0.05', '--seed', '3'], io)).toBe(0);
      for (const f of DATASET_FILES) expect(readFileSync(join(dir, 'ds', f), 'utf8').length).toBeGreaterThan(0);
      // Scale 0.05: schools round(450 × 0.05 = 22.5) = 23 elementary … 66 in all; students 8,147 + 5,800 + 3,773 + 7,280.
      expect(out.join('')).toMatch(/Schools\s+66\b[\s\S]*elementary\s+23\b[\s\S]*Students\s+25,000[\s\S]*SEIU99\s+1,500/);
      expect(await main(['generate', '--out', join(dir, 'tiny'), '--schools-from', TINY], io)).toBe(0);
      expect(readDatasetFolder(join(dir, 'tiny')).schools.map((s) => s.id)).toEqual(['E1', 'E2', 'H1', 'M1']);
      writeFileSync(join(dir, 'bad.yaml'), specToYaml(lausdSpec()).replace(/^seed: .*$/m, 'seed: -1'));
      expect(await main(['generate', '--out', join(dir, 'bad'), '--spec', join(dir, 'bad.yaml')], io)).toBe(3);
      expect(out.join('')).toMatch(/bad\.yaml:1:7 seed: must be at least 0/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
