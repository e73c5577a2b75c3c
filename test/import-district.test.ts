/**
 * `settle import district`: a whole dataset for a California district from the statewide public
 * files in ../shared/data (read there, never copied), checked against the files themselves for
 * Los Angeles, San Diego, Oakland, Fresno and Sacramento.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { costProposal } from '../src/costing/cost.ts';
import { importCde } from '../src/district/import/cde.ts';
import { readDatasetFolder } from '../src/district/read-folder.ts';
import { requiredReserve } from '../src/district/import/statewide.ts';
import { parseProposal } from '../src/proposals/parse.ts';
import { runCli } from './helpers/cli.ts';

const DATA = fileURLToPath(new URL('../../shared/data/', import.meta.url));
const have = existsSync(join(DATA, 'statewide/cde_j90_2020-21_tsal121_district_level.csv'));
if (!have && process.env.CI) it('has the statewide public files', () => expect.fail(`not found at ${DATA}statewide (the shared/ folder next to the repository)`));

const tmp = mkdtempSync(join(tmpdir(), 'settle-import-district-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const rows = (path: string) => parse(readFileSync(join(DATA, path), 'utf8'), { columns: true, bom: true }) as Record<string, string>[];

describe.skipIf(!have)('settle import district on the statewide public files', () => {
  const j90 = rows('statewide/cde_j90_2020-21_tsal121_district_level.csv');
  const ccd = rows('statewide/nces_ccd_2023-24_ca_districts_enrollment_teacher_fte.csv');
  const ce = rows('statewide/ca_k12_current_expense_by_lea_2022-23_to_2024-25.csv').filter((r) => r.record_type === 'district');
  const text = (p: string) => ({ file: p, text: readFileSync(join(DATA, p), 'utf8') });
  const directory = text('cde_pubschls_2018/pubschls_2018-06_statewide.csv');
  const frpm = text('cde_frpm_2014_15/frpm_2014_15_statewide.csv');

  const DISTRICTS = [
    { query: '19-64733', cds7: '1964733', name: 'Los Angeles Unified' },
    { query: 'San Diego Unified', cds7: '3768338', name: 'San Diego Unified' },
    { query: '0161259', cds7: '0161259', name: 'Oakland Unified' },
    { query: 'Fresno Unified', cds7: '1062166', name: 'Fresno Unified' },
    { query: '34674390000000', cds7: '3467439', name: 'Sacramento City Unified' },
    // Not in the 2020-21 J-90 extract: its teachers come from the CCD and its schedule from the statewide median, labelled.
    { query: '07-61754', cds7: '0761754', name: 'Mt. Diablo Unified' },
  ];

  for (const d of DISTRICTS) {
    it(`builds ${d.name} from its own public figures, each labelled`, async () => {
      const out = join(tmp, d.cds7);
      const r = await runCli('import', 'district', '--cds', d.query, '--data', DATA, '--out', out);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      const ds = readDatasetFolder(out);
      const provenance = readFileSync(join(out, 'PROVENANCE.md'), 'utf8');
      const yaml = readFileSync(join(out, 'district.yaml'), 'utf8');

      // Named and coded for this district, not for Los Angeles.
      expect(ds.district.name.startsWith(d.name)).toBe(true);
      expect(ds.district.cdsCode).toBe(`${d.cds7}0000000`);
      expect(ds.units.map((u) => u.id)).toEqual(['TEACHERS', 'CLASSIFIED']);
      if (d.cds7 !== '1964733') expect(yaml + provenance).not.toMatch(/Los Angeles|UTLA|SEIU Local 99/);

      // Schools: exactly what `settle import cde` takes from the same CDE files. Enrollment: the
      // district's CCD 2023-24 total, spread over those schools and grades in proportion to the
      // 2014-15 FRPM counts (largest remainders), so each row is within one student of its share.
      const cde = importCde({ directory, frpm, district: d.cds7, highNeedThreshold: 0.9, charters: 'exclude' });
      expect(ds.schools.length).toBe(cde.schools.length);
      const ceRows0 = ce.filter((x) => x.cds7 === d.cds7);
      const ccdRow = ccd.find((x) => x.district_id === String(Number(ceRows0[0].nces_ids)));
      const total = Math.round(Number(ccdRow!.enrollment));
      expect(ds.enrollment.reduce((s, e) => s + e.students, 0)).toBe(total);
      const fileTotal = cde.enrollment.reduce((s, e) => s + e.students, 0);
      const share = new Map(cde.enrollment.map((e) => [`${e.school}|${e.grade}`, (e.students * total) / fileTotal]));
      for (const e of ds.enrollment) expect(Math.abs(e.students - share.get(`${e.school}|${e.grade}`)!)).toBeLessThan(1);
      expect(provenance).toMatch(/Students \(K-12, district-run schools\) \| [\d,]+ \| derived: nces_ccd_2023-24_ca_districts_enrollment_teacher_fte\.csv: enrollment, 2023-24/);

      // Teachers: J-90's FTE on the schedule where the district reported, else the CCD's classroom teachers.
      const j = j90.find((x) => x.cds === d.cds7);
      const ceRows = ce.filter((x) => x.cds7 === d.cds7);
      const nces = String(Number(ceRows[0].nces_ids));
      const c = ccd.find((x) => x.district_id === nces);
      const teachers = ds.staff.filter((s) => s.unit === 'TEACHERS').reduce((n, s) => n + s.count, 0);
      expect(teachers).toBe(Math.round(Number(j ? j.ts1_totfte : c!.instructional_staff)));
      const cells = ds.schedules.filter((s) => s.unit === 'TEACHERS').map((s) => s.rate);
      if (j) {
        // The schedule spans the published range: its lowest cell is ts1_minsal, its highest ts1_maxsal (whole dollars).
        expect(Math.min(...cells)).toBe(Number(j.ts1_minsal));
        expect(Math.abs(Math.max(...cells) - Number(j.ts1_maxsal))).toBeLessThanOrEqual(1);
        expect(ds.district.parameters.healthPerEmployee.values[0].value).toBe(Math.round(Number(j.ts1_maxfam)));
        expect(provenance).toContain('ts1_minsal');
      } else {
        // Mt. Diablo is not in the 2020-21 J-90 extract: said so, and the range is the statewide median, labelled.
        expect(provenance).toMatch(/Not in cde_j90_2020-21_tsal121_district_level\.csv \(the J-90 survey is voluntary/);
        expect(provenance).toMatch(/Teachers' lowest schedule salary \| \$[\d,]+ \| \*\*assumed\*\* .*median/);
        const mins = j90.map((x) => Number(x.ts1_minsal)).filter((x) => x > 0).sort((a, b) => a - b);
        expect(Math.min(...cells)).toBe(mins[Math.floor(mins.length / 2)]);
      }

      // Budget: the General Fund current expense of 2022-23 … 2024-25, to the cent; the reserve rule from ADA.
      expect(ds.district.baseFiscalYear).toBe(2022);
      expect(ds.budget.map((b) => b.expenditures)).toEqual(ceRows.map((x) => Math.round(Number(x.ce_published_usd) * 100)));
      expect(ds.district.requiredReservePct).toBe(requiredReserve(Number(ceRows[0].ada)).pct);
    }, 120_000);
  }

  it('costs a 1% raise for Oakland\'s teachers to the dollar of a hand derivation from the written files', async () => {
    const out = join(tmp, '0161259');
    if (!existsSync(out)) await runCli('import', 'district', '--cds', '01-61259', '--data', DATA, '--out', out);
    const ds = readDatasetFolder(out);
    // A raise from the first day of the base year: 1% of the base-year pay of every TEACHERS position,
    //   Σ rate × FTE × count over staff.csv rows (each row's cell from schedules.csv) × 0.01,
    // plus statutory benefits at 2022-23 rates: CalSTRS 19.1% + Medicare 1.45% + other 1.55% = 22.1%.
    const rate = new Map(ds.schedules.map((s) => [`${s.unit}|${s.schedule}|${s.lane}|${s.step}`, s.rate]));
    const pay = ds.staff.filter((s) => s.unit === 'TEACHERS').reduce((sum, s) => sum + rate.get(`${s.unit}|${s.schedule}|${s.lane}|${s.step}`)! * s.fte * s.count, 0);
    const proposal = parseProposal([
      'id: oak-1', 'title: 1% for teachers', 'party: union', 'unit: TEACHERS', 'date: 2022-07-15',
      'term: { start: 2022-07-01, end: 2023-06-30 }', 'terms: [{ kind: raise, pct: 1, effective: 2022-07-01 }]',
    ].join('\n') + '\n', 'oak-1.yaml');
    const result = costProposal({ dataset: ds, proposal: proposal.proposal, source: proposal });
    const y = result.years[0];
    const line = (re: RegExp) => y.lines.filter((l) => re.test(l.label)).reduce((s, l) => s + l.cents, 0);
    expect(Math.abs(line(/ — salary — /) - Math.round(pay * 0.01 * 100))).toBeLessThanOrEqual(100);
    expect(Math.abs(line(/ — statutory benefits — /) - Math.round(pay * 0.01 * 0.221 * 100))).toBeLessThanOrEqual(100);
  }, 120_000);

  it('says which figures are the district\'s own: those edited since the import', async () => {
    const out = join(tmp, 'oakland-own');
    expect((await runCli('import', 'district', '--cds', '01-61259', '--data', DATA, '--out', out)).code).toBe(0);
    const proposal = join(tmp, 'oak-own.yaml');
    writeFileSync(proposal, ['id: oak-own', 'title: 1% for teachers', 'party: union', 'unit: TEACHERS', 'date: 2022-07-15',
      'term: { start: 2022-07-01, end: 2023-06-30 }', 'terms: [{ kind: raise, pct: 1, effective: 2022-07-01 }]'].join('\n') + '\n');
    const sources = async () => {
      const r = await runCli('cost', proposal, '--district', out, '--json');
      expect(r.err).toBe('');
      return JSON.parse(r.out).figureSources as { own: string[]; public: string[]; assumed: string[] };
    };
    // As imported: nothing is the district's own yet; the J-90 health cap and the budget's
    // expenditures are public, attrition and the class-size caps assumed.
    const before = await sources();
    expect(before.own).toEqual([]);
    expect(before.public).toEqual(expect.arrayContaining(['parameters.healthPerEmployee', 'parameters.revenuePerAda', 'schools.csv', 'requiredReservePct']));
    expect(before.assumed).toEqual(expect.arrayContaining(['parameters.attrition', 'parameters.classSize', 'staff.csv', 'budget.csv']));
    // The district's own health cost and its own first-year revenues: those two, and only they, are its own.
    const yamlFile = join(out, 'district.yaml');
    const yaml = readFileSync(yamlFile, 'utf8');
    const health = /(healthPerEmployee:[\s\S]*?values:\s*\n?\s*"?2022-07-01"?: )(\d+)/;
    expect(yaml).toMatch(health);
    writeFileSync(yamlFile, yaml.replace(health, (_, head) => `${head}21000`));
    const budgetFile = join(out, 'budget.csv');
    const budget = readFileSync(budgetFile, 'utf8').split('\n');
    const cells = budget[1].split(',');
    cells[1] = String(Number(cells[1]) + 1_000_000);
    budget[1] = cells.join(',');
    writeFileSync(budgetFile, budget.join('\n'));
    const after = await sources();
    expect(after.own).toEqual(['parameters.healthPerEmployee', 'budget.csv']);
    expect(after.public).not.toContain('parameters.healthPerEmployee');
    // The table says so in words.
    const table = await runCli('cost', proposal, '--district', out);
    expect(table.out).toContain("the district's own (changed since the import): parameters.healthPerEmployee, budget.csv");
  }, 120_000);

  it('refuses an unknown or ambiguous district, or missing files, with what a valid one looks like, and writes nothing', async () => {
    const none = await runCli('import', 'district', '--cds', '99-99999', '--data', DATA, '--out', join(tmp, 'none'));
    expect(none.code).toBe(3);
    expect(none.err).toMatch(/no school district with the code 99-99999.*19-64733/s);
    const many = await runCli('import', 'district', '--cds', 'Unified', '--data', DATA, '--out', join(tmp, 'none'));
    expect(many.code).toBe(3);
    expect(many.err).toMatch(/districts match "Unified"/);
    const nodata = await runCli('import', 'district', '--cds', '01-61259', '--data', join(tmp, 'empty'), '--out', join(tmp, 'none'));
    expect(nodata.code).toBe(3);
    expect(nodata.err).toMatch(/there is no CDE J-90 certificated salary survey/);
    expect(existsSync(join(tmp, 'none'))).toBe(false);
  }, 120_000);

  it('prints the spec it built, named and coded for the district, to edit and generate from', async () => {
    const printed = await runCli('import', 'district', '--cds', 'Fresno Unified', '--data', DATA, '--print-spec');
    expect(printed.code).toBe(0);
    expect(printed.out).toMatch(/cdsCode: "10621660000000"/);
    expect(printed.out).toMatch(/name: Fresno Unified/);
    expect(printed.out).toMatch(/pay: \{ minimum: 47934, maximum: 111843 \}/);
    // Saved, with the schools of an import into a folder, it generates exactly the imported dataset…
    const schools = join(tmp, 'fresno-a');
    expect((await runCli('import', 'district', '--cds', 'Fresno Unified', '--data', DATA, '--out', schools)).code).toBe(0);
    writeFileSync(join(tmp, 'fresno.yaml'), printed.out);
    expect((await runCli('generate', '--spec', join(tmp, 'fresno.yaml'), '--schools-from', schools, '--out', join(tmp, 'fresno-b'))).code).toBe(0);
    // …except the import's own record of what it wrote (the last block of district.yaml), which a
    // dataset generated from a spec does not carry: its figures are the spec's, not the import's.
    const imported = readFileSync(join(tmp, 'fresno-a', 'district.yaml'), 'utf8');
    const record = imported.indexOf('\nimported:\n');
    expect(record).toBeGreaterThan(0);
    expect(readFileSync(join(tmp, 'fresno-b', 'district.yaml'), 'utf8')).toBe(imported.slice(0, record + 1));
    for (const f of ['schools.csv', 'staff.csv', 'schedules.csv', 'budget.csv']) {
      expect(readFileSync(join(tmp, 'fresno-b', f), 'utf8'), f).toBe(readFileSync(join(tmp, 'fresno-a', f), 'utf8'));
    }
    // …and a value of the district's own replaces the public one: a lowest salary of $50,000 instead of J-90's $47,934.
    writeFileSync(join(tmp, 'fresno-own.yaml'), printed.out.replace('pay: { minimum: 47934, maximum: 111843 }', 'pay: { minimum: 50000, maximum: 111843 }'));
    expect((await runCli('generate', '--spec', join(tmp, 'fresno-own.yaml'), '--schools-from', schools, '--out', join(tmp, 'fresno-c'))).code).toBe(0);
    expect(Math.min(...readDatasetFolder(join(tmp, 'fresno-c')).schedules.filter((c) => c.unit === 'TEACHERS').map((c) => c.rate))).toBe(50_000);
  }, 120_000);
});
