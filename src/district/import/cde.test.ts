import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { InvalidInput } from '../../errors/problem.ts';
import { main } from '../../cli/main.ts';
import { spanLabel } from '../grades.ts';
import { parseEnrollment, parseSchools } from '../tables.ts';
import { apportion } from './cde-enrollment.ts';
import { cdeGrades, importCde, schoolType, type CdeImport, type TextFile } from './cde.ts';

// The shared data folder is a sibling of the repository folder: <root>/shared/data next to <root>/main.
const DATA = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
const haveData = existsSync(join(DATA, 'cde_pubschls_2018')) && existsSync(join(DATA, 'cde_frpm_2014_15'));
const missing = `CDE data not found at ${DATA} (the shared/ folder next to the repository); skipping the tests on real CDE files`;
if (!haveData && process.env.CI) it('has the shared CDE data folder', () => expect.fail(missing));
else if (!haveData) console.warn(missing);

const dirFile = (name: string) => join(DATA, 'cde_pubschls_2018', name);
const frpmFile = (name: string) => join(DATA, 'cde_frpm_2014_15', name);
const load = (file: string): TextFile => ({ file, text: readFileSync(file, 'utf8') });
const rowsOf = (file: string) => parse(readFileSync(file, 'utf8'), { columns: true, bom: true }) as Record<string, string>[];
const total = (r: CdeImport) => r.enrollment.reduce((a, e) => a + e.students, 0);

describe.skipIf(!haveData)('import cde from the real CDE files', () => {
  const lausd = (charters: 'exclude' | 'include') => importCde({
    directory: load(dirFile('pubschls_2018-06_lausd.csv')), frpm: load(frpmFile('frpm_2014_15_lausd.csv')), district: '19-64733', charters,
  });
  // Read lazily: a skipped describe block still runs its body to collect the tests.
  let active: Record<string, string>[] | undefined;
  const activeLausd = () => (active ??= rowsOf(dirFile('pubschls_2018-06_lausd.csv'))
    .filter((r) => r.CDSCode.startsWith('1964733') && r.StatusType === 'Active' && !r.CDSCode.endsWith('0000000')));

  it('imports every active non-charter LAUSD school with its coordinates', () => {
    const expected = activeLausd().filter((r) => r.Charter !== 'Y');
    // PROVENANCE: 1,022 Active rows = 744 non-charter + 278 charters; the 744 includes the district
    // office row 19647330000000 (Active, Charter blank), which is not a school: 744 - 1 = 743.
    expect(expected.length).toBe(743);
    const { schools } = lausd('exclude');
    expect(schools.length).toBe(743);
    const byCds = new Map(schools.map((s) => [s.cdsCode, s]));
    for (const r of expected) {
      const s = byCds.get(r.CDSCode);
      expect(s, r.CDSCode).toBeDefined();
      expect([s!.id, s!.latitude, s!.longitude]).toEqual([r.CDSCode.slice(7), Number(r.Latitude), Number(r.Longitude)]);
    }
  });

  it('keeps the charters with --charters include', () => {
    // 1,022 Active rows minus the district office row = 1,021 schools (743 district-run + 278 charters).
    expect(activeLausd().length).toBe(1021);
    expect(lausd('include').schools.map((s) => s.cdsCode).sort()).toEqual(activeLausd().map((r) => r.CDSCode).sort());
  });

  it('splits each school\'s FRPM K-12 enrollment exactly over its grades', () => {
    const r = lausd('exclude');
    const frpm = new Map(rowsOf(frpmFile('frpm_2014_15_lausd.csv')).map((f) => [f['County Code'] + f['District Code'] + f['School Code'], Number(f['Enrollment (K-12)'])]));
    for (const s of r.schools) {
      const sum = r.enrollment.filter((e) => e.school === s.id).reduce((a, e) => a + e.students, 0);
      expect(sum, s.id).toBe(s.grades.length > 0 ? (frpm.get(s.cdsCode) ?? 0) : 0);
    }
  });

  it('imports San Diego Unified from the statewide files', () => {
    const r = importCde({ directory: load(dirFile('pubschls_2018-06_statewide.csv')), frpm: load(frpmFile('frpm_2014_15_statewide.csv')), district: '3768338' });
    // Independently: Active, non-charter, non-district rows of 37-68338 in the statewide directory.
    const expected = rowsOf(dirFile('pubschls_2018-06_statewide.csv'))
      .filter((d) => d.CDSCode.startsWith('3768338') && !d.CDSCode.endsWith('0000000') && d.StatusType === 'Active' && d.Charter !== 'Y');
    expect(r.schools.map((s) => s.cdsCode).sort()).toEqual(expected.map((d) => d.CDSCode).sort());
    expect(r.report.districtName).toBe('San Diego Unified');
    // K-12 students = the FRPM rows' Enrollment (K-12) summed over the imported schools (none of the
    // schools with an FRPM row lacks K-12 grades, so nothing is left out).
    const ids = new Set(r.schools.map((s) => s.cdsCode));
    const frpmSum = rowsOf(frpmFile('frpm_2014_15_statewide.csv'))
      .filter((f) => ids.has(f['County Code'] + f['District Code'] + f['School Code']))
      .reduce((a, f) => a + Number(f['Enrollment (K-12)']), 0);
    expect(r.report.studentsLeftOut).toBe(0);
    expect(total(r)).toBe(frpmSum);
  });

  it('runs from the command line and writes files that load, byte-identical on a rerun', async () => {
    const out = mkdtempSync(join(tmpdir(), 'settle-cde-'));
    const printed: string[] = [];
    const io = { out: (t: string) => printed.push(t), err: (t: string) => printed.push(t), interactive: false };
    const args = ['import', 'cde', '--directory', dirFile('pubschls_2018-06_lausd.csv'), '--frpm', frpmFile('frpm_2014_15_lausd.csv'), '--district', '19647330000000'];
    expect(await main([...args, '--out', join(out, 'a')], io)).toBe(0);
    expect(await main([...args, '--out', join(out, 'b')], io)).toBe(0);
    const schools = parseSchools(readFileSync(join(out, 'a', 'schools.csv'), 'utf8'), 'schools.csv');
    const enrollment = parseEnrollment(readFileSync(join(out, 'a', 'enrollment.csv'), 'utf8'), 'enrollment.csv');
    expect([...schools.problems, ...enrollment.problems]).toEqual([]);
    expect(schools.rows.length).toBe(743);
    const grades = new Map(schools.rows.map((s) => [s.id, s.grades as string[]]));
    for (const e of enrollment.rows) expect(grades.get(e.school), `${e.school} ${e.grade}`).toContain(e.grade);
    for (const f of ['schools.csv', 'enrollment.csv', 'IMPORT.md']) {
      expect(readFileSync(join(out, 'b', f), 'utf8')).toBe(readFileSync(join(out, 'a', f), 'utf8'));
    }
    expect(readFileSync(join(out, 'a', 'IMPORT.md'), 'utf8')).toContain('equal weight per grade');
    expect(printed.join('')).toContain('278 charter schools left out');
  });
});

// A made-up district 01-23456 in the CDE column layouts: school 0000001 serves K-2, 0000002 serves 9-12.
const DIRECTORY = [
  'CDSCode,StatusType,District,School,Street,City,Zip,State,Charter,SOC,EdOpsCode,EILCode,GSoffered,GSserved,Latitude,Longitude',
  '01234560000000,Active,Test Unified,,1 Main St,Town,90000,CA,,,,,,,34.1,-118.1',
  '01234560000001,Active,Test Unified,"Alpha Primary, East",2 Elm St,Town,90001,CA,N,60,TRAD,ELEM,P-2,K-2,34.2,-118.2',
  '01234560000002,Active,Test Unified,Beta High,3 Oak St,Town,90002,CA,N,66,TRAD,HS,9-12,9-12,34.3,-118.3',
].join('\n');
const FRPM = [
  'Academic Year,County Code,District Code,School Code,Enrollment (K-12),Percent (%) Eligible FRPM (K-12)',
  '2014-2015,01,23456,0000001,70.0,0.95', '2014-2015,01,23456,0000002,400.0,0.5',
].join('\n');
const grades = ['KDGN', ...Array.from({ length: 12 }, (_, i) => `GR_${i + 1}`)];
const ENROLLMENT = [
  ['CDS_CODE', 'COUNTY', 'DISTRICT', 'SCHOOL', 'ETHNIC', 'GENDER', ...grades, 'UNGR_ELM', 'UNGR_SEC', 'ENR_TOTAL', 'ADULT'],
  ['01234560000001', 'Test', 'Test Unified', 'Alpha Primary, East', '5', 'F', '10', '20', '30', '1', ...Array(9).fill('0'), '3', '0', '64', '0'],
  ['01234560000001', 'Test', 'Test Unified', 'Alpha Primary, East', '7', 'M', '5', '5', ...Array(11).fill('0'), '1', '0', '11', '2'],
  ['09999990000009', 'Other', 'Other Unified', 'Elsewhere', '7', 'M', ...Array(13).fill('50'), '0', '0', '650', '0'],
].map((r) => r.join('\t')).join('\n');
const small = { directory: { file: 'pubschls.csv', text: DIRECTORY }, frpm: { file: 'frpm.csv', text: FRPM }, district: '01-23456' };

describe('import cde on small files', () => {
  it('sums an enrollment-by-grade file over its ethnicity rows and spreads ungraded students', () => {
    const dir = mkdtempSync(join(tmpdir(), 'settle-cde-enr-'));
    writeFileSync(join(dir, 'enr.txt'), ENROLLMENT);
    const r = importCde({ ...small, enrollment: load(join(dir, 'enr.txt')) });
    // Graded K 10+5, 1: 20+5, 2: 30+0 = 15, 25, 30 (grade 3's one student is outside K-2: left out).
    // Ungraded elementary 3+1 = 4 in proportion 15:25:30 → quotas 0.857, 1.429, 1.714 → floors 0,1,1,
    // the 2 left go to the largest remainders (K .857, grade 2 .714) → 1,1,2 → K 16, 1: 26, 2: 32.
    expect(r.enrollment).toEqual([
      { school: '0000001', grade: 'K', students: 16 }, { school: '0000001', grade: '1', students: 26 }, { school: '0000001', grade: '2', students: 32 },
    ]);
    expect([r.report.studentsLeftOut, r.report.ungradedSpread, r.report.noEnrollment]).toEqual([1, 4, ['0000002']]);
    expect(r.schools.map((s) => [s.id, s.name, s.type, s.highNeed, s.address])).toEqual([
      ['0000001', 'Alpha Primary, East', 'elementary', true, '2 Elm St, Town, CA 90001'],
      ['0000002', 'Beta High', 'high', false, '3 Oak St, Town, CA 90002'],
    ]);
  });

  it('splits FRPM totals by grade weights with largest-remainder rounding', () => {
    // School 1: 70 over K,1,2 with weights 1,1,2 → quotas 17.5, 17.5, 35 → 17,17,35 + 1 to K (tie → earlier).
    const r = importCde({ ...small, gradeWeights: { '2': 2 } });
    expect(r.enrollment.filter((e) => e.school === '0000001').map((e) => e.students)).toEqual([18, 17, 35]);
    // School 2: 400 over 9-12, equal → 100 each.
    expect(r.enrollment.filter((e) => e.school === '0000002').map((e) => e.students)).toEqual([100, 100, 100, 100]);
    // 100 over 3 equal → 33.33 each → 33,33,33 + 1 to the first; 7 over 1,1,2 → 1.75,1.75,3.5 → 2,2,3.
    expect(apportion({ total: 100, weights: [1, 1, 1] })).toEqual([34, 33, 33]);
    expect(apportion({ total: 7, weights: [1, 1, 2] })).toEqual([2, 2, 3]);
  });

  it('rejects an unknown district naming the --district value', () => {
    const e = (() => { try { importCde({ ...small, district: '01-99999' }); } catch (x) { return x; } })();
    expect(e).toBeInstanceOf(InvalidInput);
    expect((e as InvalidInput).problems[0].where).toEqual({ file: 'pubschls.csv', field: '--district' });
    expect((e as InvalidInput).message).toContain('01-99999');
  });

  it('rejects a directory file without a CDSCode column, naming the file', () => {
    const text = DIRECTORY.replace('CDSCode', 'CDS');
    const e = (() => { try { importCde({ ...small, directory: { file: 'wrong.csv', text } }); } catch (x) { return x; } })();
    expect(e).toBeInstanceOf(InvalidInput);
    expect((e as InvalidInput).problems[0].where).toEqual({ file: 'wrong.csv', line: 1, field: 'CDSCode' });
  });

  it('reads every grade span found in the 2018 statewide directory', () => {
    const cases: [string, string][] = [
      ['K-5', 'K-5'], ['9-12', '9-12'], ['K', 'K'], ['12', '12'], ['P', ''], ['P-5', 'K-5'], ['P-K', 'K'], ['P-12', 'K-12'],
      ['Adult', ''], ['9-Adult', '9-12'], ['12-Adult', '12'], ['P-Adult', 'K-12'], ['P-Post Secondary', 'K-12'], ['3-13', '3-12'], ['UG', ''],
    ];
    for (const [span, want] of cases) expect(spanLabel(cdeGrades(span) ?? ['TK']), span).toBe(want);
    expect(cdeGrades('')).toBeNull();
    expect(cdeGrades('5-K')).toBeNull();
  });

  it('maps SOC, EdOpsCode and EILCode to school types', () => {
    const t = (SOC: string, EdOpsCode: string, EILCode: string) => schoolType({ SOC, EdOpsCode, EILCode });
    expect([t('60', 'TRAD', 'ELEM'), t('62', 'TRAD', 'INTMIDJR'), t('66', 'TRAD', 'HS'), t('65', 'TRAD', 'ELEMHIGH'), t('60', 'TRAD', 'ELEMHIGH')])
      .toEqual(['elementary', 'middle', 'high', 'span', 'span']);
    expect([t('68', 'CON', 'HS'), t('09', 'SPEC', 'ELEM'), t('08', 'TRAD', 'ELEM'), t('70', 'TRAD', 'A'), t('98', '', 'A'), t('63', 'ALTSOC', 'ELEM'), t('69', 'COMMDAY', 'HS')])
      .toEqual(['continuation', 'special-education', 'early-education', 'adult', 'adult', 'other', 'other']);
  });
});
