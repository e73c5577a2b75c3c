/**
 * The generator's specification, exported and given back: `settle generate --print-spec`
 * prints the spec in use (built in, or a --spec file's, with --seed, --scale and
 * --schools-from applied) and writes nothing; generating from the printed spec writes the
 * same files, byte for byte; an edited value in it shows in the dataset; and the worked
 * example in docs/dataset.md ("The generator's specification") generates the figures the
 * doc derives by hand.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { payBy } from '../src/district/generate/schedules.ts';
import { DATASET_FILES } from '../src/district/load.ts';
import { readDatasetFolder } from '../src/district/read-folder.ts';
import { project } from '../src/projection/project.ts';

const ROOT = join(import.meta.dirname, '..');
const TINY = join(ROOT, 'test/fixtures/tiny-district');
const tmp = mkdtempSync(join(tmpdir(), 'settle-print-spec-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs `settle …` in-process, capturing what it prints and its exit code. */
async function settle(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (t) => void (out += t), err: (t) => void (err += t), interactive: false });
  return { code, out, err };
}

/** The 7 dataset files of a folder, by name. */
const files = (dir: string) => Object.fromEntries(DATASET_FILES.map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
/** A printed spec without its header comments. */
const body = (yaml: string) => yaml.split('\n').filter((l) => !l.startsWith('#')).join('\n');
let n = 0;
const path = (name: string) => join(tmp, `${++n}-${name}`);

/** Prints the spec for `args`, saves it, and returns the file and what was printed. */
async function printSpec(...args: string[]): Promise<{ file: string; yaml: string }> {
  const r = await settle('generate', '--print-spec', ...args);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  const file = path('spec.yaml');
  writeFileSync(file, r.out);
  return { file, yaml: r.out };
}

async function generate(...args: string[]): Promise<string> {
  const out = path('ds');
  const r = await settle('generate', '--out', out, ...args);
  expect(r.err).not.toMatch(/problem|internal error/);
  expect(r.code).toBe(0);
  return out;
}

describe('settle generate --print-spec', () => {
  it('prints the built-in 2018-19 spec; generating from it gives byte-identical files', async () => {
    const { file, yaml } = await printSpec();
    // The header says what it is and how to use it; the spec follows.
    expect(yaml).toMatch(/^# The specification `settle generate` builds a synthetic district dataset from:\n# the built-in LAUSD 2018-19 demo/);
    expect(yaml).toContain('src/district/demo/lausd.ts');
    expect(yaml).toContain('#   settle generate --spec this.yaml --out DIR\n');
    expect(yaml).toContain('docs/dataset.md, "The generator\'s specification"');
    expect(yaml).toMatch(/^seed: 20190114$/m);
    const fromSpec = await generate('--spec', file);
    const builtIn = await generate();
    expect(files(fromSpec)).toEqual(files(builtIn));
  });

  it('respects --year 2022-23: its printed spec generates the same files as --year 2022-23', async () => {
    const { file, yaml } = await printSpec('--year', '2022-23');
    expect(yaml).toMatch(/^# the built-in LAUSD 2022-23 demo/m);
    expect(yaml).toContain('src/district/demo/lausd-2022-23.ts');
    expect(yaml).toMatch(/^seed: 20230321$/m);
    expect(yaml).toMatch(/^  baseFiscalYear: 2022-23$/m);
    expect(files(await generate('--spec', file))).toEqual(files(await generate('--year', '2022-23')));
  });

  it('applies --seed and --scale, and prints a --spec file normalised, with the same values', async () => {
    const { file, yaml } = await printSpec('--seed', '7', '--scale', '0.05');
    expect(yaml).toContain('# With --seed 7 and --scale 0.05 applied.\n');
    expect(yaml).toMatch(/^seed: 7\nscale: 0\.05$/m);
    expect(files(await generate('--spec', file))).toEqual(files(await generate('--seed', '7', '--scale', '0.05')));
    // Printing the printed spec again gives the same spec, under a header naming the file.
    const again = await printSpec('--spec', file);
    expect(again.yaml).toContain(`# read from ${file} (normalised: its comments and layout are not kept).\n`);
    expect(body(again.yaml)).toBe(body(yaml));
  });

  it('notes --schools-from in the printed spec, which then generates around the same schools', async () => {
    const { file, yaml } = await printSpec('--schools-from', TINY);
    expect(yaml).toContain(`# The schools and their enrollment come from the folder ${resolve(TINY)}\n`);
    expect(yaml.endsWith(`schoolsFrom: ${resolve(TINY)}\n`)).toBe(true);
    const fromSpec = await generate('--spec', file);
    expect(files(fromSpec)).toEqual(files(await generate('--schools-from', TINY)));
    expect(readDatasetFolder(fromSpec).schools.map((s) => s.id)).toEqual(['E1', 'E2', 'H1', 'M1']);
  });

  it('needs no --out; without --print-spec a missing --out is a usage error naming --out', async () => {
    const printed = await settle('generate', '--print-spec');
    expect(printed.code).toBe(0);
    expect(printed.out).toMatch(/^seed: /m);

    const missing = await settle('generate');
    expect(missing.code).toBe(2);
    expect(missing.out).toBe('');
    expect(missing.err).toContain('--out is required');
    expect(missing.err).toContain('`settle generate --out lausd`'); // an example

    // --print-spec writes nothing, so an --out beside it is a mistake, not silently ignored.
    const both = path('not-written');
    const r = await settle('generate', '--print-spec', '--out', both);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/--print-spec prints the spec and writes no dataset, so it takes no --out/);
    expect(existsSync(both)).toBe(false);
  });

  it('reports a bad spec, or a missing one, with where and an example and no stack trace', async () => {
    const missing = await settle('generate', '--print-spec', '--spec', path('none.yaml'));
    expect(missing.code).toBe(3);
    expect(missing.err).toMatch(/none\.yaml: no such spec file\. Example: settle generate --spec lausd\.yaml --out DIR/);

    // A staff line naming a schedule its unit does not have: found before printing, at its line.
    const { yaml } = await printSpec();
    const bad = path('bad.yaml');
    const edited = yaml.replace('    schedule: support-services\n', '    schedule: nurses\n');
    expect(edited).not.toBe(yaml);
    writeFileSync(bad, edited);
    const lineOf = edited.split('\n').indexOf('    schedule: nurses') + 1;
    const r = await settle('generate', '--print-spec', '--spec', bad);
    expect(r.code).toBe(3);
    expect(r.out).toBe('');
    expect(r.err).toContain(`${bad}:${lineOf}:15 staff[6].schedule: unit UTLA has no schedule nurses. Example: teachers`);
    expect(r.err).not.toMatch(/\n\s+at /);
  });
});

describe('a value edited in the printed spec overrides the built-in one', () => {
  it('shows the edited budget balance and teachers\' pay in the dataset; an edit to the files shows too', async () => {
    const { yaml } = await printSpec();
    // The built-in figures: the $1.8 billion reserve UTLA pointed at, and teachers averaging
    // $75,000 from a lowest cell of $50,000 (both cited in src/district/demo/lausd.ts).
    const edited = yaml
      .replace(/^  beginningBalance: 1800000000$/m, '  beginningBalance: 1234567000')
      .replace('pay: { average: 75000, minimum: 50000 }', 'pay: { average: 80000, minimum: 52000 }');
    expect(edited.match(/1234567000|average: 80000, minimum: 52000/g)).toHaveLength(2);
    const file = path('edited.yaml');
    writeFileSync(file, edited);
    const dir = await generate('--spec', file);
    const ds = readDatasetFolder(dir);

    // budget.csv's first year starts from the edited balance (scale 1, so × 1): $1,234,567,000.00.
    expect(files(dir)['budget.csv'].split('\n')[1]).toBe('2018-19,7400000000.00,7900000000.00,1234567000.00,0.00');
    expect(ds.budget[0].beginningBalance).toBe(1_234_567_000_00);
    // The teachers' schedule: its lowest cell (C1, step 1) is the edited minimum, $52,000, and
    // the cells are calibrated so that the positions on it average the edited $80,000 (to
    // within the rounding of each cell to whole dollars), not the built-in $75,000.
    expect(ds.schedules.find((c) => c.schedule === 'teachers' && c.lane === 'C1' && c.step === 1)?.rate).toBe(52_000);
    const teachers = payBy(ds, (r) => r.schedule).get('teachers');
    expect(Math.abs((teachers?.averagePay ?? 0) - 80_000)).toBeLessThan(1);

    // And once written, the files rule: an edit to budget.csv is what is read.
    writeFileSync(join(dir, 'budget.csv'), files(dir)['budget.csv'].replace('1234567000.00', '999000000.00'));
    expect(readDatasetFolder(dir).budget[0].beginningBalance).toBe(999_000_000_00);
  });
});

describe('the worked example in docs/dataset.md', () => {
  it('is a valid spec that generates the figures the doc derives by hand', async () => {
    const doc = readFileSync(join(ROOT, 'docs/dataset.md'), 'utf8');
    const block = /<!-- spec-example -->\n```yaml\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(block, 'docs/dataset.md has a ```yaml block right after <!-- spec-example -->').toBeTruthy();
    const file = path('valley-oak.yaml');
    writeFileSync(file, block ?? '');
    const dir = await generate('--spec', file);
    const ds = readDatasetFolder(dir);

    // Schools: 3 elementary + 1 middle + 1 office = 5; of the 4 with grades, 0.25 × 4 = 1 high-need.
    expect(ds.schools).toHaveLength(5);
    expect(ds.schools.map((s) => s.type).sort()).toEqual(['elementary', 'elementary', 'elementary', 'middle', 'other']);
    expect(ds.schools.filter((s) => s.highNeed)).toHaveLength(1);
    // Students: 1,080 + 420 = 1,500; K-5 1,080 ÷ 6 = 180 a grade, 6-8 420 ÷ 3 = 140 a grade.
    const byGrade = new Map<string, number>();
    for (const e of ds.enrollment) byGrade.set(e.grade, (byGrade.get(e.grade) ?? 0) + e.students);
    expect([...byGrade.values()].reduce((s, k) => s + k, 0)).toBe(1_500);
    expect(Object.fromEntries(byGrade)).toEqual({ K: 180, 1: 180, 2: 180, 3: 180, 4: 180, 5: 180, 6: 140, 7: 140, 8: 140 });

    // Positions: VOTA = round(1,500 ÷ 25) = 60 teachers + 1 central counselor (column MA) = 61;
    // CSEA = 2 aides × 3 elementary schools + 1 custodian × 4 schools = 10.
    const units = payBy(ds, (r) => r.unit);
    expect(units.get('VOTA')?.positions).toBe(61);
    expect(units.get('CSEA')?.positions).toBe(10);
    const roles = payBy(ds, (r) => r.role);
    expect(roles.get('teacher')?.positions).toBe(60);
    expect(ds.staff.filter((r) => r.role === 'counselor')).toMatchObject([{ site: 'central', lane: 'MA', count: 1 }]);
    const elementary = ds.schools.filter((s) => s.type === 'elementary').map((s) => s.id);
    for (const id of elementary) expect(ds.staff.filter((r) => r.role === 'instructional-aide' && r.site === id).reduce((s, r) => s + r.count, 0)).toBe(2);
    expect(ds.staff.filter((r) => r.role === 'instructional-aide').every((r) => r.fte === 0.375 || r.fte === 0.75)).toBe(true);
    expect(ds.staff.filter((r) => r.role === 'custodian').every((r) => r.fte === 1 && r.hoursPerDay === 8)).toBe(true);

    // Schedules: BA step 1 is the teachers' minimum $56,000 and the 61 VOTA positions average
    // $80,000 (to the rounding of the cells); the aides' step 1 is the classified minimum $19.50.
    const cell = (schedule: string, lane: string, step: number) => ds.schedules.find((c) => c.schedule === schedule && c.lane === lane && c.step === step)?.rate;
    expect(cell('teachers', 'BA', 1)).toBe(56_000);
    expect(cell('classified', 'aide', 1)).toBe(19.5);
    expect(Math.abs((units.get('VOTA')?.averagePay ?? 0) - 80_000)).toBeLessThan(1);

    // Benefits and reserve policy come through from the district block.
    expect(ds.district.requiredReservePct).toBe(3);
    expect(ds.district.parameters.healthEligibleMinHours).toEqual({ certificated: 0, classified: 4 });
    // Budget: 2024-25 to 2026-27, beginning balance $2,500,000, $400,000 committed each year.
    expect(files(dir)['budget.csv']).toBe([
      'fiscal_year,revenues,expenditures,beginning_balance,committed',
      '2024-25,21000000.00,21300000.00,2500000.00,400000.00',
      '2025-26,21500000.00,22000000.00,,400000.00',
      '2026-27,22000000.00,22500000.00,,400000.00',
      '',
    ].join('\n'));
    // Without a proposal: balances 2,500,000 + 21,000,000 − 21,300,000 = 2,200,000, then
    // 2,200,000 + 21,500,000 − 22,000,000 = 1,700,000, then 1,700,000 + 22,000,000 − 22,500,000
    // = 1,200,000; reserve (balance − 400,000) ÷ expenditures = 1.8/21.3 = 8.45%, 1.3/22 = 5.91%,
    // 0.8/22.5 = 3.56%, all at least the required 3%.
    const projection = project({ dataset: ds, years: [2024, 2025, 2026], costCents: () => 0 });
    expect(projection.years.map((y) => [y.endingBalanceCents / 100, y.reservePct, y.meetsReserve])).toEqual([
      [2_200_000, 8.45, true], [1_700_000, 5.91, true], [1_200_000, 3.56, true],
    ]);
  });
});
