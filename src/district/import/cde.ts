import { InvalidInput, type Problem } from '../../errors/problem.ts';
import { GRADES, gradeIndex, type Grade } from '../grades.ts';
import type { Enrollment, School, SchoolType } from '../types.ts';
import {
  countedRows, readFrpm, readGradeCounts, readWide, splitTotal, throwIfAny, type TextFile, type WideRow,
} from './cde-enrollment.ts';

export type { TextFile } from './cde-enrollment.ts';
export { parseGradeWeights } from './cde-enrollment.ts';

/** "19-64733", "1964733" or "19647330000000" → "1964733"; InvalidInput naming --district otherwise. */
export function districtCode(text: string): string {
  const digits = text.replace(/[\s-]/g, '');
  if (/^\d{7}$/.test(digits)) return digits;
  if (/^\d{7}0{7}$/.test(digits)) return digits.slice(0, 7);
  throw new InvalidInput([{
    code: 'import.bad-district-code', where: { field: '--district' }, hint: '19-64733 (Los Angeles Unified)',
    message: `--district must be a CDE county-district code (2+5 digits) or the district's 14-digit CDS code ending 0000000, got ${JSON.stringify(text)}`,
  }]);
}

/**
 * School type from the directory, first matching row wins:
 *
 * | directory                                                | type              |
 * |----------------------------------------------------------|-------------------|
 * | SOC 68 (continuation high) or EdOpsCode CON              | continuation      |
 * | SOC 09 (special education) or EdOpsCode SPEC / SPECON    | special-education |
 * | SOC 08 (preschool) or EILCode PS                         | early-education   |
 * | SOC 70 (adult education center) or EILCode A             | adult             |
 * | SOC 65 (K-12 school)                                     | span              |
 * | SOC 60-62, 64, 66, 67 with EILCode ELEMHIGH (K-8, 6-12)  | span              |
 * | SOC 60, 61 (elementary)                                  | elementary        |
 * | SOC 62, 64 (intermediate/middle, junior high)            | middle            |
 * | SOC 66, 67 (high)                                        | high              |
 * | anything else: 63 alternative of choice, 69 community    | other             |
 * | day, 13 opportunity, 10/11/14 county/youth/juvenile court, 31 state special, 98 ROC/ROP |   |
 */
export function schoolType(c: Record<string, string>): SchoolType {
  const soc = c.SOC ?? '';
  const ed = c.EdOpsCode ?? '';
  const eil = c.EILCode ?? '';
  if (soc === '68' || ed === 'CON') return 'continuation';
  if (soc === '09' || ed === 'SPEC' || ed === 'SPECON') return 'special-education';
  if (soc === '08' || eil === 'PS') return 'early-education';
  if (soc === '70' || eil === 'A') return 'adult';
  if (soc === '65') return 'span';
  const graded = ['60', '61', '62', '64', '66', '67'].includes(soc);
  if (graded && eil === 'ELEMHIGH') return 'span';
  if (soc === '60' || soc === '61') return 'elementary';
  if (soc === '62' || soc === '64') return 'middle';
  if (soc === '66' || soc === '67') return 'high';
  return 'other';
}

/**
 * K-12 grades of a CDE grade span ("K-5", "9-12", "P-5", "9-Adult", "P", "Adult", "UG").
 * P (preschool) is dropped, so "P-5" → K-5 and "P" → none; Adult, Post Secondary and 13
 * end the span at 12; "Adult" and "UG" alone → none. Null for a blank or unreadable span.
 */
export function cdeGrades(text: string): Grade[] | null {
  const P = -1;
  const ABOVE_12 = GRADES.length;
  const rank = (t: string): number | null => {
    const u = t.trim().toUpperCase();
    if (u === 'P') return P;
    if (u === 'ADULT' || u === 'POST SECONDARY' || /^1[3-9]$/.test(u)) return ABOVE_12;
    const i = (GRADES as readonly string[]).indexOf(u);
    return i >= 0 ? i : null;
  };
  if (text.trim() === '') return null;
  if (text.trim().toUpperCase() === 'UG') return [];
  const [loText, hiText = loText, ...rest] = text.split('-');
  const lo = rank(loText);
  const hi = rank(hiText);
  if (lo === null || hi === null || rest.length > 0 || hi < lo) return null;
  const from = lo === P ? gradeIndex('K') : lo;
  const to = Math.min(hi, gradeIndex('12'));
  return from > to ? [] : (GRADES.slice(from, to + 1) as Grade[]);
}

function toSchool({ row, file, problems }: { row: WideRow; file: string; problems: Problem[] }): { school: School; fromOffered: boolean } {
  const c = row.cells;
  const served = cdeGrades(c.GSserved ?? '');
  const offered = served === null ? cdeGrades(c.GSoffered ?? '') : null;
  const num = (field: string, max: number): number | null => {
    const raw = c[field] ?? '';
    if (raw === '') return null;
    const n = Number(raw);
    if (Number.isFinite(n) && Math.abs(n) <= max) return n;
    problems.push({ code: 'import.bad-number', message: `${field} must be a number from -${max} to ${max}, got ${JSON.stringify(raw)}`, where: { file, line: row.line, field }, hint: max === 90 ? '34.0522' : '-118.2437' });
    return null;
  };
  const cds = c.CDSCode;
  if (!/^\d{14}$/.test(cds)) {
    problems.push({ code: 'import.bad-cds-code', message: `CDSCode must be 14 digits, got ${JSON.stringify(cds)}`, where: { file, line: row.line, field: 'CDSCode' }, hint: '19647330101618' });
  }
  return {
    fromOffered: served === null && offered !== null,
    school: {
      id: cds.slice(7), cdsCode: cds, name: c.School || `School ${cds.slice(7)}`, type: schoolType(c),
      grades: served ?? offered ?? [], highNeed: false, latitude: num('Latitude', 90), longitude: num('Longitude', 180),
      address: [c.Street, c.City, [c.State || 'CA', c.Zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    },
  };
}

const DIRECTORY_COLUMNS = [
  'CDSCode', 'StatusType', 'District', 'School', 'Street', 'City', 'Zip', 'Charter',
  'SOC', 'EdOpsCode', 'EILCode', 'GSoffered', 'GSserved', 'Latitude', 'Longitude',
];

export interface CdeOptions {
  directory: TextFile;
  frpm: TextFile;
  /** A CDE "Enrollment by School" file; without it the FRPM K-12 totals are split by `gradeWeights`. */
  enrollment?: TextFile;
  district: string;
  highNeedThreshold?: number;
  charters?: 'exclude' | 'include';
  /** Weight per grade for the estimated split; grades not listed weigh 1. */
  gradeWeights?: Partial<Record<Grade, number>>;
}

/** What was imported and what was left out, by school id. */
export interface CdeReport {
  districtCode: string;
  districtName: string;
  frpmYear: string;
  threshold: number;
  charters: 'exclude' | 'include';
  activeCharters: number;
  chartersLeftOut: number;
  notActive: number;
  gradesFromOffered: string[];
  noGrades: string[];
  noFrpmRow: string[];
  noFrpmShare: string[];
  noEnrollment: string[];
  enrollmentSource: 'frpm' | 'grade-file';
  weights: Partial<Record<Grade, number>>;
  /** Students not placed: at schools with no K-12 grades, or in grades a school does not serve. */
  studentsLeftOut: number;
  ungradedSpread: number;
}

export interface CdeImport { schools: School[]; enrollment: Enrollment[]; report: CdeReport }

/** Builds a district's schools and enrollment from the text of CDE's public files. */
export function importCde(o: CdeOptions): CdeImport {
  const code = districtCode(o.district);
  const threshold = o.highNeedThreshold ?? 0.9;
  if (!(threshold >= 0 && threshold <= 1)) {
    throw new InvalidInput([{ code: 'import.bad-threshold', message: `--high-need-threshold must be a share from 0 to 1, got ${threshold}`, where: { field: '--high-need-threshold' }, hint: '0.9' }]);
  }
  const rows = readWide({ source: o.directory, what: 'a CDE public schools directory (pubschls) file', required: DIRECTORY_COLUMNS, keep: (c) => (c.CDSCode ?? '').startsWith(code) });
  if (rows.length === 0) {
    throw new InvalidInput([{
      code: 'import.unknown-district', where: { file: o.directory.file, field: '--district' }, hint: '19-64733 (Los Angeles Unified)',
      message: `no district or school in this directory file has a CDS code starting ${code} (--district ${o.district})`,
    }]);
  }
  const isDistrictRow = (r: WideRow) => r.cells.CDSCode.endsWith('0000000');
  const districtName = (rows.find(isDistrictRow) ?? rows[0]).cells.District;
  const schoolRows = rows.filter((r) => !isDistrictRow(r));
  const active = schoolRows.filter((r) => r.cells.StatusType === 'Active');
  const charters = o.charters ?? 'exclude';
  const kept = active.filter((r) => charters === 'include' || r.cells.Charter !== 'Y');
  const problems: Problem[] = [];
  const built = kept.map((row) => toSchool({ row, file: o.directory.file, problems }));
  throwIfAny(problems);
  const schools = built.map((b) => b.school).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const frpm = readFrpm({ source: o.frpm, district: code });
  const weights = o.gradeWeights ?? {};
  const report: CdeReport = {
    districtCode: `${code.slice(0, 2)}-${code.slice(2)}`, districtName, frpmYear: frpm.year, threshold, charters,
    activeCharters: active.filter((r) => r.cells.Charter === 'Y').length, chartersLeftOut: active.length - kept.length, notActive: schoolRows.length - active.length,
    gradesFromOffered: built.filter((b) => b.fromOffered).map((b) => b.school.id).sort(),
    noGrades: schools.filter((s) => s.grades.length === 0).map((s) => s.id),
    noFrpmRow: [], noFrpmShare: [], noEnrollment: [], enrollmentSource: o.enrollment ? 'grade-file' : 'frpm',
    weights, studentsLeftOut: 0, ungradedSpread: 0,
  };
  const counted = o.enrollment ? readGradeCounts({ source: o.enrollment, district: code }) : null;
  const enrollment: Enrollment[] = [];
  for (const s of schools) {
    const f = frpm.rows.get(s.cdsCode);
    if (!f) report.noFrpmRow.push(s.id);
    else if (f.share === null) report.noFrpmShare.push(s.id);
    else s.highNeed = f.share >= threshold;
    let mine: Enrollment[] = [];
    if (counted) {
      const c = counted.get(s.cdsCode);
      if (c) {
        const r = countedRows({ school: s.id, grades: s.grades, c });
        mine = r.rows;
        report.studentsLeftOut += r.outside + (s.grades.length === 0 ? r.ungraded : 0);
        report.ungradedSpread += s.grades.length === 0 ? 0 : r.ungraded;
      }
    } else if (f && s.grades.length === 0) report.studentsLeftOut += f.enrollment;
    else if (f) mine = splitTotal({ school: s.id, grades: s.grades, total: f.enrollment, weights });
    if (mine.length === 0 && s.grades.length > 0) report.noEnrollment.push(s.id);
    enrollment.push(...mine);
  }
  return { schools, enrollment, report };
}
