/**
 * A CDE import as a new version of an existing dataset: schools.csv and enrollment.csv come
 * from the California Department of Education's public files (as `settle import cde` makes
 * them); district.yaml, units, schedules, staff and budget stay the latest version's, because
 * they are the district's own records. If any staff sit at a site the import does not have
 * (a charter left out, a school id written another way), nothing is made: each such site is
 * listed, so the district fixes its staff file or imports charters rather than costing
 * proposals on staff that silently lost their school. Pure; runs on a worker thread.
 */
import { importCde, parseGradeWeights, type CdeImport, type TextFile } from '../../district/import/cde.ts';
import { summaryLines } from '../../district/import/summary.ts';
import { enrollmentCsv, schoolsCsv } from '../../district/serialize.ts';
import { colOf, lineOf, parseStaff } from '../../district/tables.ts';
import { InvalidInput, type Problem } from '../../errors/problem.ts';
import { filesFromGzip } from '../costing/work.ts';
import { packFiles } from './store.ts';

export interface CdeJob {
  /** The latest version's files (gzip JSON, as stored) and its number. */
  latestGz: Uint8Array;
  basedOn: number;
  directory: TextFile;
  frpm: TextFile;
  enrollment?: TextFile;
  district: string;
  charters: 'exclude' | 'include';
  highNeedThreshold?: number;
  gradeWeights?: string;
  note: string;
}

export type CdeOutcome = { ok: true; gz: Uint8Array; sha256: string; note: string } | { ok: false; problems: Problem[] };

/** The CLI's flags → the form's fields, in problems the importer reports. */
const FIELDS: Record<string, string> = { '--district': 'district', '--high-need-threshold': 'highNeedThreshold', '--grade-weights': 'gradeWeights', '--charters': 'charters' };
export const asFormProblems = (problems: Problem[]): Problem[] =>
  problems.map((p) => (p.where?.field && FIELDS[p.where.field] ? { ...p, where: { ...p.where, field: FIELDS[p.where.field] } } : p));

/** Sites in staff.csv that the import has no school for, one problem per site. */
function staffAtMissingSites(staffCsv: string, schoolIds: Set<string>, job: CdeJob): Problem[] {
  const bySite = new Map<string, { rows: number; positions: number; line?: number; col?: number }>();
  for (const r of parseStaff(staffCsv, 'staff.csv').rows) {
    if (r.site === 'central' || schoolIds.has(r.site)) continue;
    const s = bySite.get(r.site) ?? { rows: 0, positions: 0, line: lineOf.get(r), col: colOf(r, 'site') };
    bySite.set(r.site, { ...s, rows: s.rows + 1, positions: s.positions + r.count });
  }
  const fix = job.charters === 'exclude' ? 'if it is a charter school, import again with charters=include; if not, ' : '';
  return [...bySite].map(([site, s]) => ({
    code: 'import.staff-at-missing-site',
    message: `version ${job.basedOn}'s staff.csv has ${s.positions} position${s.positions === 1 ? '' : 's'} (${s.rows} row${s.rows === 1 ? '' : 's'}, the first here) at site ${site}, which this import has no school for; nothing was stored`,
    where: { file: 'staff.csv', line: s.line, col: s.col, field: 'site' },
    hint: `${fix}upload a version whose staff.csv uses the import's school ids (the last 7 digits of the CDS code, such as 0101618)`,
  }));
}

/** Text from the uploaded files (names, the district's name) made safe to store in a note. */
const plainText = (s: string) => s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

function noteOf(r: CdeImport, job: CdeJob): string {
  const d = r.report;
  const from = [
    `${job.directory.file} (public schools directory)`,
    `${job.frpm.file} (free or reduced-price meals ${d.frpmYear})`,
    ...(job.enrollment ? [`${job.enrollment.file} (enrollment by school and grade)`] : []),
  ];
  return [
    ...(job.note ? [job.note, ''] : []),
    `Schools and enrollment imported from California Department of Education public files for ${d.districtName} (${d.districtCode}); district.yaml, units, schedules, staff and budget are version ${job.basedOn}'s.`,
    `From: ${from.join(', ')}.`,
    ...summaryLines(r, 'charters=include').map((l) => `- ${l}`),
  ].map(plainText).join('\n');
}

/** The new version's files (packed) and note, or every problem. */
export function importIntoDataset(job: CdeJob): CdeOutcome {
  let result: CdeImport;
  try {
    const gradeWeights = job.gradeWeights ? parseGradeWeights(job.gradeWeights) : undefined;
    result = importCde({ directory: job.directory, frpm: job.frpm, enrollment: job.enrollment, district: job.district, charters: job.charters, highNeedThreshold: job.highNeedThreshold, gradeWeights });
  } catch (e) {
    if (e instanceof InvalidInput) return { ok: false, problems: asFormProblems(e.problems) };
    throw e;
  }
  const latest = filesFromGzip(job.latestGz);
  const problems = staffAtMissingSites(latest['staff.csv'], new Set(result.schools.map((s) => s.id)), job);
  if (problems.length > 0) return { ok: false, problems };
  const files = { ...latest, 'schools.csv': schoolsCsv(result.schools), 'enrollment.csv': enrollmentCsv(result.enrollment) };
  return { ok: true, ...packFiles(files), note: noteOf(result, job) };
}
