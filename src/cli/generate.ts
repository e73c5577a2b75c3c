import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { fyLabel } from '../calendar/fiscal-year.ts';
import { lausdSpec } from '../district/demo/lausd.ts';
import { lausd2022Spec } from '../district/demo/lausd-2022-23.ts';
import { generateDistrict } from '../district/generate/generate.ts';
import { payBy } from '../district/generate/schedules.ts';
import { locateProblems, parseGenerateSpec, type GenerateSpec, type ParsedSpec } from '../district/generate/spec.ts';
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

interface GenerateOptions { out: string; spec?: string; seed?: string; scale?: string; schoolsFrom?: string; year?: string }

/** The built-in specs, by the fiscal year of their data. */
const BUILT_IN: Record<string, () => GenerateSpec> = { '2018-19': () => lausdSpec(), '2022-23': () => lausd2022Spec() };

export function registerGenerate(program: Command, io: Io): void {
  program
    .command('generate')
    .description('write a synthetic district dataset calibrated to given totals (default: the LAUSD 2018-19 demo; --year 2022-23 for the 2022-23 one)')
    .requiredOption('--out <dir>', 'folder to write the 7 dataset files into')
    .option('--spec <file>', 'generator spec in YAML (default: the built-in LAUSD spec of --year)')
    .option('--year <fy>', `the built-in LAUSD spec's year: ${Object.keys(BUILT_IN).join(' or ')} (default 2018-19)`)
    .option('--seed <n>', 'random seed, a whole number (overrides the spec)')
    .option('--scale <x>', 'multiply schools, students, staff and budget, e.g. 10 for benchmarks (overrides the spec)')
    .option('--schools-from <dir>', 'use schools.csv and enrollment.csv from this folder (e.g. from `settle import cde`) and generate staff around them')
    .action((opts: GenerateOptions) => {
      runGenerate(opts, io);
    });
}

export function runGenerate(opts: GenerateOptions, io: Io): Dataset {
  if (opts.year !== undefined && !(opts.year in BUILT_IN)) throw new UsageError(`--year must be one of ${Object.keys(BUILT_IN).join(', ')}, got ${JSON.stringify(opts.year)}`);
  if (opts.year !== undefined && opts.spec) throw new UsageError('give --year or --spec, not both: --year picks a built-in spec');
  const parsed = opts.spec ? readSpec(opts.spec) : null;
  const spec: GenerateSpec = parsed ? parsed.spec : BUILT_IN[opts.year ?? '2018-19']();
  if (opts.seed !== undefined) {
    if (!/^\d{1,15}$/.test(opts.seed)) throw new UsageError(`--seed must be a whole number, got ${JSON.stringify(opts.seed)}`);
    spec.seed = Number(opts.seed);
  }
  if (opts.scale !== undefined) {
    const x = Number(opts.scale);
    if (!(x > 0 && x <= 1000)) throw new UsageError(`--scale must be a number above 0 and at most 1000, got ${JSON.stringify(opts.scale)}`);
    spec.scale = x;
  }
  const from = opts.schoolsFrom ?? (parsed?.schoolsFromPath ? resolve(dirname(opts.spec ?? '.'), parsed.schoolsFromPath) : undefined);
  if (from !== undefined) spec.schoolsFrom = readSchools(from);
  let ds: Dataset;
  try {
    ds = step(io, 'Generating the district', () => generateDistrict(spec));
  } catch (e) {
    if (e instanceof InvalidInput && parsed && opts.spec) throw new InvalidInput(locateProblems({ problems: e.problems, file: opts.spec, locate: parsed.locate }));
    throw e;
  }
  step(io, `Writing ${opts.out}`, () => writeFiles(opts.out, serializeDataset(ds)));
  io.out(summary(ds, spec, resolve(opts.out)));
  return ds;
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
