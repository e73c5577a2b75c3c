import { loadDataset } from '../district/load.ts';
import { importRecord } from '../district/own-figures.ts';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { InvalidInput, type Problem } from '../errors/problem.ts';
import { importCde, type TextFile } from '../district/import/cde.ts';
import { summaryLines } from '../district/import/summary.ts';
import { readStatewide, statewideSpec, type Provenance, type StatewideImport } from '../district/import/statewide.ts';
import { generateDistrict } from '../district/generate/generate.ts';
import { payBy } from '../district/generate/schedules.ts';
import { specToYaml } from '../district/generate/spec.ts';
import { serializeDataset } from '../district/serialize.ts';
import { writeFiles } from '../district/write-folder.ts';
import type { Dataset } from '../district/types.ts';
import { fyLabel } from '../calendar/fiscal-year.ts';
import { formatDollars, toCents } from '../money/cents.ts';
import { importNote } from './import-cde-run.ts';
import { step } from './progress.ts';
import { UsageError, type Io } from './io.ts';
import { checkOutFolder } from './output.ts';

export interface DistrictFlags {
  cds?: string; data?: string; out?: string; printSpec?: boolean;
  j90?: string; ccd?: string; currentExpense?: string; finance?: string; directory?: string; frpm?: string;
}

/** The public files, by flag, and where each is found inside a --data folder. */
export const PUBLIC_FILES = {
  j90: { flag: '--j90', path: 'statewide/cde_j90_2020-21_tsal121_district_level.csv', what: 'CDE J-90 certificated salary survey 2020-21 (tsal121)' },
  ccd: { flag: '--ccd', path: 'statewide/nces_ccd_2023-24_ca_districts_enrollment_teacher_fte.csv', what: 'NCES Common Core of Data 2023-24, California districts' },
  currentExpense: { flag: '--current-expense', path: 'statewide/ca_k12_current_expense_by_lea_2022-23_to_2024-25.csv', what: 'CDE current expense of education by LEA, 2022-23 to 2024-25' },
  finance: { flag: '--finance', path: 'statewide/ca_district_finance_fy2022_and_indicators.csv', what: 'NCES F-33 finance survey FY2022, California districts' },
  directory: { flag: '--directory', path: 'cde_pubschls_2018/pubschls_2018-06_statewide.csv', what: 'CDE public schools directory (pubschls)' },
  frpm: { flag: '--frpm', path: 'cde_frpm_2014_15/frpm_2014_15_statewide.csv', what: 'CDE free or reduced-price meal file (frpm)' },
} as const;
type FileKey = keyof typeof PUBLIC_FILES;

function readAll(flags: DistrictFlags): Record<FileKey, TextFile> {
  const problems: Problem[] = [];
  const out = {} as Record<FileKey, TextFile>;
  for (const [key, f] of Object.entries(PUBLIC_FILES) as [FileKey, (typeof PUBLIC_FILES)[FileKey]][]) {
    const path = flags[key] ?? (flags.data ? join(flags.data, f.path) : undefined);
    if (!path) {
      problems.push({ code: 'import.no-data', message: `no ${f.what}: give --data (the folder of public files) or ${f.flag} FILE`, where: { field: f.flag }, hint: `--data DIR with ${f.path} inside` });
      continue;
    }
    if (!existsSync(path)) {
      problems.push({ code: 'import.cannot-read', message: `there is no ${f.what} here`, where: { file: path, field: f.flag }, hint: `${f.flag} FILE, or --data DIR with ${f.path} inside` });
      continue;
    }
    out[key] = { file: path, text: readFileSync(path, 'utf8') };
  }
  if (problems.length > 0) throw new InvalidInput(problems);
  return out;
}

const pad = (s: string, w: number) => (s.length >= w ? s : s + ' '.repeat(w - s.length));

/** The provenance report: every figure with where it came from. Markdown, for PROVENANCE.md and the screen. */
export function provenanceMarkdown(r: StatewideImport, ds: Dataset, files: Record<FileKey, TextFile>): string {
  const row = (p: Provenance) => `| ${p.what} | ${p.value} | ${p.kind === 'public' ? '' : p.kind === 'assumption' ? '**assumed** ' : 'derived: '}${p.from} |`;
  const byUnit = payBy(ds, (s) => s.unit);
  const students = ds.enrollment.reduce((s, e) => s + e.students, 0);
  return [
    `# ${ds.district.name}: where each figure comes from`, '',
    'Made by `settle import district` from these public files:', '',
    ...(Object.keys(PUBLIC_FILES) as FileKey[]).map((k) => `- ${basename(files[k].file)}: ${PUBLIC_FILES[k].what}`), '',
    ...(r.missing.length > 0 ? ['## Not in every file', '', ...r.missing.map((m) => `- Not in ${m}. The figures it would give are assumptions below, not another district's values.`), ''] : []),
    '## Figures', '',
    '| figure | value | from |', '|---|---|---|',
    ...r.provenance.map(row), '',
    '## The dataset beside the public figures', '',
    '| | dataset | public figure | from |', '|---|---|---|---|',
    `| Schools | ${ds.schools.length.toLocaleString('en-US')} | | CDE directory (active, district-run) |`,
    `| Students | ${students.toLocaleString('en-US')} | ${fmt(r.compare.find((c) => c.what.startsWith('CCD enrollment')))} | |`,
    ...ds.units.map((u) => `| ${u.name} (${u.id}) positions, average pay | ${(byUnit.get(u.id)?.positions ?? 0).toLocaleString('en-US')}, ${formatDollars(toCents(byUnit.get(u.id)?.averagePay ?? 0))} | ${u.kind === 'certificated' ? fmt(r.compare.find((c) => c.what.startsWith('J-90 teacher'))) + ' (J-90 FTE); ' + fmt(r.compare.find((c) => c.what.startsWith('CCD teacher'))) + ' (CCD FTE)' : 'not published'} | |`),
    ...ds.budget.map((b) => `| Expenditures ${fyLabel(b.fy)} | ${formatDollars(b.expenditures)} | ${formatDollars(b.expenditures)} | current expense (EDP 365) |`),
    ...r.compare.filter((c) => c.what.startsWith('F-33')).map((c) => `| ${c.what} | (not used) | ${formatDollars(toCents(c.value))} | ${c.from} |`),
    '',
    'Your own figures win: edit the dataset files, or print this spec with `--print-spec`, change it and run `settle generate --spec FILE --out DIR` (docs/dataset.md).', '',
  ].join('\n');
}

function fmt(c: { value: number } | undefined): string {
  return c ? Math.round(c.value).toLocaleString('en-US') : 'not in the files';
}

/** `settle import district`: a whole dataset for any California district from the public files. */
export function runImportDistrict(flags: DistrictFlags, io: Io): void {
  if (!flags.cds) throw new UsageError('import district needs --cds: a county-district code such as 01-61259, or a name such as "Oakland Unified"');
  if (!flags.out && !flags.printSpec) throw new UsageError('import district needs --out DIR (the folder to write the dataset into), or --print-spec');
  checkOutFolder(flags.out, '--out');
  const files = readAll(flags);
  const result = step(io, `Importing ${flags.cds}`, () => {
    const rows = readStatewide(files, flags.cds!);
    const cde = importCde({ directory: files.directory, frpm: files.frpm, district: rows.cds7, highNeedThreshold: 0.9, charters: 'exclude' });
    const r = statewideSpec({ rows, files, schools: cde.schools, enrollment: cde.enrollment, names: names(files) });
    return { cde, r };
  });
  if (flags.printSpec) {
    io.out([
      `# The spec settle import district built for ${result.r.spec.district.name} from the public files.`,
      '# Its schools are not in it: take them from the folder `settle import district --out DIR` writes',
      '# (schools.csv and enrollment.csv). Edit any value below (yours overrides the public or assumed',
      '# one) and run',
      '#   settle generate --spec this.yaml --schools-from DIR --out NEW-DIR',
      specToYaml(result.r.spec),
    ].join('\n'));
    return;
  }
  const ds = step(io, 'Generating staff around the schools', () => generateDistrict(result.r.spec));
  const provenance = provenanceMarkdown(result.r, ds, files);
  // Fingerprint the figures as they will read back from the files, so an unedited folder matches.
  const written = loadDataset(serializeDataset(ds));
  const record = importRecord(written, `settle import district --cds ${result.r.spec.district.cdsCode.slice(0, 7)} from the statewide public files`);
  writeFiles(flags.out!, {
    ...serializeDataset({ ...ds, district: { ...ds.district, imported: record } }),
    'PROVENANCE.md': provenance,
    'IMPORT.md': importNote(result.cde, { directory: files.directory.file, frpm: files.frpm.file }),
  });
  io.out(`Imported ${ds.district.name} into ${flags.out}\n`);
  for (const line of summaryLines(result.cde)) io.out(`  ${line}\n`);
  for (const m of result.r.missing) io.out(`  Not in ${m}: those figures are stated assumptions.\n`);
  io.out('\n');
  const w = Math.max(...result.r.provenance.map((p) => p.what.length));
  for (const p of result.r.provenance) io.out(`  ${pad(p.what, w)}  ${p.value}\n  ${pad('', w)}    ${p.kind === 'assumption' ? 'assumed: ' : p.kind === 'derived' ? 'derived: ' : 'from '}${p.from}\n`);
  io.out(`\nWrote the 7 dataset files, PROVENANCE.md (every figure and its source) and IMPORT.md to ${flags.out}\n`);
}

const names = (files: Record<FileKey, TextFile>) => ({ j90: basename(files.j90.file), ccd: basename(files.ccd.file), currentExpense: basename(files.currentExpense.file), finance: basename(files.finance.file) });
