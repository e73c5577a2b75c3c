import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { stringify } from 'yaml';
import { fyLabel } from '../calendar/fiscal-year.ts';
import { lausdSpec } from '../district/demo/lausd.ts';
import { lausd2022Spec } from '../district/demo/lausd-2022-23.ts';
import { checkSpec, generateDistrict } from '../district/generate/generate.ts';
import { payBy } from '../district/generate/schedules.ts';
import { locateProblems, parseGenerateSpec, specToYaml, type GenerateSpec, type ParsedSpec } from '../district/generate/spec.ts';
import { serializeDataset } from '../district/serialize.ts';
import { parseEnrollment, parseSchools } from '../district/tables.ts';
import { SCHOOL_TYPES, type Dataset } from '../district/types.ts';
import { writeFiles } from '../district/write-folder.ts';
import { step } from './progress.ts';
import { InvalidInput, type Problem } from '../errors/problem.ts';
import { formatCompact, formatDollars, toCents } from '../money/cents.ts';
import { readTextFile } from './inputs.ts';
import { MAX_PROPOSAL_CHARS } from '../proposals/limits.ts';
import { UsageError, type Io } from './io.ts';
import { checkOutFolder } from './output.ts';
import { BUILT_IN_YEARS } from './generate.ts';

export interface GenerateOptions { out?: string; spec?: string; seed?: string; scale?: string; schoolsFrom?: string; year?: string; printSpec?: boolean }

/** The built-in specs, by the fiscal year of their data. */
const BUILT_IN: Record<string, () => GenerateSpec> & Record<(typeof BUILT_IN_YEARS)[number], () => GenerateSpec> = { '2018-19': () => lausdSpec(), '2022-23': () => lausd2022Spec() };
/** Where each built-in spec's figures are cited. */
const BUILT_IN_SOURCE: Record<string, string> = { '2018-19': 'src/district/demo/lausd.ts', '2022-23': 'src/district/demo/lausd-2022-23.ts' };
export const SPEC_DOC = 'docs/dataset.md, "The generator\'s specification"';

/** Writes the dataset (and returns it), or with `printSpec` prints the spec in use and writes nothing (returns null). */
export function runGenerate(opts: GenerateOptions, io: Io): Dataset | null {
  if (opts.printSpec && opts.out !== undefined) {
    throw new UsageError('--print-spec prints the spec and writes no dataset, so it takes no --out: run `settle generate --print-spec > my.yaml`, then `settle generate --spec my.yaml --out DIR`');
  }
  if (!opts.printSpec && !opts.out) {
    throw new UsageError('--out is required: the folder to write the dataset files into, for example `settle generate --out lausd` (or `settle generate --print-spec` to print the spec instead)');
  }
  if (opts.year !== undefined && !(opts.year in BUILT_IN)) throw new UsageError(`--year must be one of ${Object.keys(BUILT_IN).join(', ')}, got ${JSON.stringify(opts.year)}`);
  if (opts.year !== undefined && opts.spec) throw new UsageError('give --year or --spec, not both: --year picks a built-in spec');
  const parsed = opts.spec ? readSpec(opts.spec) : null;
  const spec: GenerateSpec = parsed ? parsed.spec : BUILT_IN[opts.year ?? '2018-19']();
  if (opts.seed !== undefined) {
    if (!/^\d{1,15}$/.test(opts.seed)) throw new UsageError(`--seed must be a whole number, for example --seed 7, got ${JSON.stringify(opts.seed)}`);
    spec.seed = Number(opts.seed);
  }
  if (opts.scale !== undefined) {
    const x = Number(opts.scale);
    if (!(x > 0 && x <= 1000)) throw new UsageError(`--scale must be a number above 0 and at most 1000, for example --scale 0.1, got ${JSON.stringify(opts.scale)}`);
    spec.scale = x;
  }
  const from = opts.schoolsFrom ?? (parsed?.schoolsFromPath ? resolve(dirname(opts.spec ?? '.'), parsed.schoolsFromPath) : undefined);
  if (from !== undefined) spec.schoolsFrom = readSchools(from);
  // Problems of a spec file are reported at their line and column in it.
  const located = (e: unknown) => (e instanceof InvalidInput && parsed && opts.spec ? new InvalidInput(locateProblems({ problems: e.problems, file: opts.spec, locate: parsed.locate })) : e);
  if (opts.printSpec) {
    const problems = checkSpec(spec);
    if (problems.length > 0) throw located(new InvalidInput(problems));
    io.out(printedSpec(spec, opts, from));
    return null;
  }
  const out = opts.out as string;
  checkOutFolder(out, '--out');
  let ds: Dataset;
  try {
    ds = step(io, 'Generating the district', () => generateDistrict(spec));
  } catch (e) {
    throw located(e);
  }
  step(io, `Writing ${out}`, () => writeFiles(out, serializeDataset(ds)));
  io.out(summary(ds, spec, resolve(out)));
  return ds;
}

/**
 * The spec as YAML that `settle generate --spec` reads back, after a header saying what it is
 * and how to use it. Given schools are not in a spec: their folder is named in the header and
 * kept as `schoolsFrom` (an absolute path, so the file can be saved anywhere).
 */
function printedSpec(spec: GenerateSpec, opts: GenerateOptions, from: string | undefined): string {
  const year = opts.year ?? '2018-19';
  const what = opts.spec
    ? `read from ${opts.spec} (normalised: its comments and layout are not kept)`
    : `the built-in LAUSD ${year} demo. The sources of its figures, and the assumptions that\n# stand in for unpublished ones, are cited in ${BUILT_IN_SOURCE[year]} and listed\n# under district.sources`;
  const applied = [opts.seed !== undefined && `--seed ${opts.seed}`, opts.scale !== undefined && `--scale ${opts.scale}`].filter(Boolean);
  const header = [
    '# The specification `settle generate` builds a synthetic district dataset from:',
    `# ${what}.`,
    ...(applied.length > 0 ? [`# With ${applied.join(' and ')} applied.`] : []),
    `# Every field is explained in ${SPEC_DOC}.`,
    '# Edit any value (yours overrides the published or assumed one), save this file, and run',
    '#   settle generate --spec this.yaml --out DIR',
    '# to write the dataset files into the folder DIR.',
  ];
  // Read back once, so that every printed spec lists its fields in one order (the spec file's),
  // whether it came from a built-in spec or a file.
  let yaml = specToYaml(parseGenerateSpec(specToYaml(spec), 'the printed spec').spec);
  if (from !== undefined) {
    const dir = resolve(from);
    header.push(
      `# The schools and their enrollment come from the folder ${dir}`,
      '# (its schools.csv and enrollment.csv), not from this file: `schools`, `highNeedShare` and',
      '# `location` are not used, and staff counts and the budget are scaled by the given students',
      '# ÷ `students`. The `schoolsFrom` line at the end names that folder; remove it to generate schools.',
    );
    yaml += stringify({ schoolsFrom: dir }, { lineWidth: 0 });
  }
  return `${header.join('\n')}\n${yaml}`;
}

function readSpec(file: string): ParsedSpec {
  return parseGenerateSpec(readTextFile(file, { prefix: 'spec', what: 'spec', example: 'settle generate --spec lausd.yaml --out DIR', maxBytes: MAX_PROPOSAL_CHARS }), file);
}

/** schools.csv and enrollment.csv from a folder, checked against each other. */
function readSchools(dir: string): NonNullable<GenerateSpec['schoolsFrom']> {
  const problems: Problem[] = [];
  const read = (name: string) => {
    const file = join(dir, name);
    if (existsSync(file)) return readFileSync(file, 'utf8');
    problems.push({ code: 'generate.missing-file', message: `the schools folder has no ${name}`, where: { file }, hint: 'run `settle import cde` to make one' });
    return null;
  };
  const schoolsText = read('schools.csv');
  const enrollmentText = read('enrollment.csv');
  if (schoolsText === null || enrollmentText === null) throw new InvalidInput(problems);
  const schools = parseSchools(schoolsText, join(dir, 'schools.csv'));
  const enrollment = parseEnrollment(enrollmentText, join(dir, 'enrollment.csv'));
  problems.push(...schools.problems, ...enrollment.problems);
  const ids = new Set(schools.rows.map((s) => s.id));
  enrollment.rows.forEach((e, i) => {
    if (!ids.has(e.school)) problems.push({ code: 'generate.unknown-school', message: `no school with id ${e.school} in schools.csv`, where: { file: join(dir, 'enrollment.csv'), field: 'school' }, hint: `row ${i + 1}: an id from schools.csv` });
  });
  if (problems.length > 0) throw new InvalidInput(problems);
  return { schools: schools.rows, enrollment: enrollment.rows };
}

const n = (x: number) => x.toLocaleString('en-US');
const pad = (s: string, w: number) => s.padStart(w);

function summary(ds: Dataset, spec: GenerateSpec, out: string): string {
  const lines = [`Wrote ${ds.district.name} to ${out} (seed ${spec.seed}, scale ${spec.scale ?? 1}${spec.schoolsFrom ? ', given schools' : ''})`, ''];
  const row = (label: string, value: number, note = '') => lines.push(`${label.padEnd(20)}${pad(n(value), 9)}${note}`);
  row('Schools', ds.schools.length);
  for (const t of SCHOOL_TYPES) {
    const k = ds.schools.filter((s) => s.type === t).length;
    if (k > 0) row(`  ${t}`, k);
  }
  row('Students', ds.enrollment.reduce((s, e) => s + e.students, 0), '  (K-12 enrollment)');
  const byUnit = payBy(ds, (r) => r.unit);
  const positions = [...byUnit.values()].reduce((s, u) => s + u.positions, 0);
  row('Staff', positions, `  positions on ${n(ds.staff.length)} rows of staff.csv`);
  lines.push(`  ${'unit'.padEnd(10)}${pad('positions', 10)}${pad('average pay', 14)}`);
  for (const u of ds.units) {
    const p = byUnit.get(u.id);
    lines.push(`  ${u.id.padEnd(10)}${pad(n(p?.positions ?? 0), 10)}${pad(formatDollars(toCents(p?.averagePay ?? 0)), 14)}  ${u.kind}`);
  }
  const first = ds.budget[0], last = ds.budget[ds.budget.length - 1];
  lines.push(`Budget ${fyLabel(first.fy)} … ${fyLabel(last.fy)}, beginning balance ${formatCompact(first.beginningBalance ?? 0)}`);
  for (const b of ds.budget) lines.push(`  ${fyLabel(b.fy)}  revenues ${pad(formatCompact(b.revenues), 9)}  expenditures ${pad(formatCompact(b.expenditures), 9)}`);
  return lines.join('\n') + '\n';
}
