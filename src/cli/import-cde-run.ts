import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { InvalidInput } from '../errors/problem.ts';
import { importCde, parseGradeWeights, type CdeImport, type TextFile } from '../district/import/cde.ts';
import { plural, splitText, summaryLines } from '../district/import/summary.ts';
import { enrollmentCsv, schoolsCsv } from '../district/serialize.ts';
import { writeFiles } from '../district/write-folder.ts';
import { step } from './progress.ts';
import { UsageError, type Io } from './io.ts';
import { checkOutFolder } from './output.ts';

export interface CdeFlags {
  directory?: string; frpm?: string; enrollment?: string; district?: string; out?: string;
  highNeedThreshold: string; charters: 'exclude' | 'include'; gradeWeights?: string;
}

function readInput(path: string, option: string, what: string): TextFile {
  try {
    return { file: path, text: readFileSync(path, 'utf8') };
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (e as Error).message;
    throw new InvalidInput([{ code: 'import.cannot-read', message: `cannot read the ${option} file: ${reason}`, where: { file: path }, hint: what }]);
  }
}

const n = (x: number) => x.toLocaleString('en-US');

export function importNote(result: CdeImport, files: { directory: string; frpm: string; enrollment?: string }): string {
  const r = result.report;
  const list = (ids: string[]) => (ids.length === 0 ? 'none' : ids.join(', '));
  return [
    `# ${r.districtName} (${r.districtCode}) imported from CDE public files`, '',
    `Made by \`settle import cde\` from:`, '',
    `- ${basename(files.directory)}: the CDE public schools directory (schools, types, grade spans, locations)`,
    `- ${basename(files.frpm)}: CDE free or reduced-price meal data ${r.frpmYear} (high-need flag${files.enrollment ? '' : ', K-12 enrollment'})`,
    ...(files.enrollment ? [`- ${basename(files.enrollment)}: CDE enrollment by school and grade (summed over ethnicity and gender rows)`] : []),
    '', '## Imported', '', ...summaryLines(result).map((l) => `- ${l}`), '',
    '## How', '',
    '- Schools: Active schools whose CDS code starts with the district code; the district office row is left out. Type from SOC, EdOpsCode and EILCode (see src/district/import/cde.ts).',
    `- Grades: from GSserved, or GSoffered where GSserved is blank (${plural(r.gradesFromOffered.length, 'school')}); preschool (P) and adult grades are dropped.`,
    r.enrollmentSource === 'frpm'
      ? `- Enrollment by grade is ${splitText(r)}. The per-grade figures are an estimate; each school's rows sum exactly to its FRPM K-12 count.`
      : `- Enrollment by grade is ${splitText(r)}. KDGN (which includes transitional kindergarten) counts as K. ${n(r.ungradedSpread)} ungraded students were spread over each school's grades in proportion to its graded counts (ungraded elementary over K-8, secondary over 9-12). Adult students are not counted.`,
    `- High need: yes when the FRPM share of K-12 students (\`Percent (%) Eligible FRPM (K-12)\`) is at least ${r.threshold}.`,
    '', '## Left out', '',
    `- ${plural(r.notActive, 'school row')} that are not Active (Closed, Merged, Pending).`,
    r.charters === 'exclude' ? `- ${plural(r.chartersLeftOut, 'active charter school')}: district bargaining units do not staff them (\`--charters include\` keeps them).` : `- No charter schools left out: \`--charters include\` was given, so the ${plural(r.activeCharters, 'active charter')} are imported.`,
    `- Students at schools with no K-12 grades, or in grades the directory says a school does not serve: ${n(r.studentsLeftOut)}.`,
    `- Schools with no K-12 grades (no enrollment rows): ${list(r.noGrades)}.`,
    `- Schools with K-12 grades but no enrollment: ${list(r.noEnrollment)}.`,
    `- Schools with no FRPM row (high_need no): ${list(r.noFrpmRow)}.`,
    ...(r.noFrpmShare.length > 0 ? [`- Schools whose FRPM share is blank (high_need no): ${list(r.noFrpmShare)}.`] : []),
    '',
  ].join('\n');
}

/** `settle import cde`, once its flags are read. */
export function runImportCde(flags: CdeFlags, io: Io): void {
  const missing = (['directory', 'frpm', 'district', 'out'] as const).filter((k) => !flags[k]);
  if (missing.length > 0) throw new UsageError(`import cde needs ${missing.map((k) => `--${k}`).join(', ')}`);
  checkOutFolder(flags.out, '--out');
  const threshold = flags.highNeedThreshold.trim() === '' ? NaN : Number(flags.highNeedThreshold);
  if (!(threshold >= 0 && threshold <= 1)) {
    throw new InvalidInput([{ code: 'import.bad-threshold', message: `--high-need-threshold must be a share from 0 to 1, got ${JSON.stringify(flags.highNeedThreshold)}`, where: { field: '--high-need-threshold' }, hint: '0.9' }]);
  }
  const directory = readInput(flags.directory!, '--directory', 'pubschls.csv, the CDE public schools directory');
  const frpm = readInput(flags.frpm!, '--frpm', 'frpm1415.csv, the CDE FRPM file');
  const enrollment = flags.enrollment ? readInput(flags.enrollment, '--enrollment', 'filesenr.txt, the CDE enrollment by school file') : undefined;
  const result = step(io, `Importing ${flags.district}`, () => importCde({
    directory, frpm, enrollment, district: flags.district!, highNeedThreshold: threshold,
    charters: flags.charters, gradeWeights: flags.gradeWeights === undefined ? undefined : parseGradeWeights(flags.gradeWeights),
  }));
  const note = importNote(result, { directory: directory.file, frpm: frpm.file, enrollment: enrollment?.file });
  writeFiles(flags.out!, { 'schools.csv': schoolsCsv(result.schools), 'enrollment.csv': enrollmentCsv(result.enrollment), 'IMPORT.md': note });
  const r = result.report;
  io.out(`Imported ${r.districtName} (${r.districtCode}) into ${flags.out}\n`);
  for (const line of summaryLines(result)) io.out(`  ${line}\n`);
  io.out(`Wrote ${['schools.csv', 'enrollment.csv', 'IMPORT.md'].map((f) => join(flags.out!, f)).join(', ')}\n`);
}

