/**
 * The student system's daily attendance file, checked against a strike day's sites (docs/sites.md,
 * "The day's cost"): columns `school_id` or `cds_code`, and `students_attending` (a `name` column
 * may be there for people; with both id columns, `school_id` is read and each row's `cds_code`
 * must be that school's). Every problem names the line, the column and a valid example; a file
 * with any problem changes nothing. Pure: the day's sites and the dataset's schools come in.
 */
import type { Problem } from '../../errors/problem.ts';
import { capProblems } from '../../errors/capped.ts';
import { cellWhere, readCsv } from '../../text/csv.ts';

export const ATTENDANCE_FILE = 'attendance.csv';

export interface AttendanceSite {
  schoolId: string;
  name: string;
  studentsAttending: number | null;
  /** Closed that day: no student attends it (0 is taken, as the student system may list it). */
  closed: boolean;
}

export interface AttendanceRow {
  line: number;
  schoolId: string;
  name: string;
  before: number | null;
  after: number;
}

export interface AttendanceCheck {
  /** Rows of the file (after the header). */
  rows: number;
  /** The sites the file names, with their figure before and after. */
  sites: AttendanceRow[];
  /** How many of them the import changes. */
  changes: number;
  problems: Problem[];
}

/**
 * A school's students attending above its enrollment in the day's dataset version: the words of the
 * refusal, the same wherever attendance comes in (this file, a site's change, a bulk change). Null: fine.
 */
export function moreThanEnrolled(count: number, enrolled: number, siteName: string): string | null {
  return count > enrolled ? `${count} students attending is more than the ${enrolled} enrolled at ${siteName} (the dataset's enrollment)` : null;
}

export function checkAttendance(input: {
  csv: string;
  sites: readonly AttendanceSite[];
  /** School id by CDS code (the dataset's schools). */
  schoolByCds: ReadonlyMap<string, string>;
  /** Base-year enrollment by school id; a site absent here has none. */
  enrollment: ReadonlyMap<string, number>;
}): AttendanceCheck {
  const file = ATTENDANCE_FILE;
  const { table, problems, omitted } = readCsv(input.csv, file, ['students_attending'], ['school_id', 'cds_code', 'name'], 'attendance');
  const idColumn = table.header.includes('school_id') ? 'school_id' : 'cds_code';
  // The example a problem gives: a site open that day with students enrolled, in the file's own column.
  const cdsOf = new Map([...input.schoolByCds].map(([cds, id]) => [id, cds]));
  const shown = input.sites.find((s) => !s.closed && (input.enrollment.get(s.schoolId) ?? 0) > 0 && (idColumn === 'school_id' || cdsOf.has(s.schoolId)));
  const example = shown
    ? `${idColumn === 'school_id' ? shown.schoolId : cdsOf.get(shown.schoolId)},${Math.min(input.enrollment.get(shown.schoolId) ?? 0, 120)}`
    : 'E0001,120';
  if (problems.length === 0 && !table.header.includes('school_id') && !table.header.includes('cds_code')) {
    problems.push({ code: 'attendance.csv-missing-column', message: 'the header needs a "school_id" or a "cds_code" column to say which school each row is', where: { file, line: 1 }, hint: `school_id,students_attending then ${example}` });
  }
  if (problems.length === 0 && table.rows.length === 0) {
    problems.push({ code: 'attendance.no-rows', message: 'the file has a header but no schools', where: { file, line: 2 }, hint: example });
  }
  if (problems.length > 0) return { rows: table.rows.length, sites: [], changes: 0, problems: capProblems(problems, omitted, 'attendance') };
  const byId = new Map(input.sites.map((s) => [s.schoolId, s]));
  const seen = new Map<string, number>();
  const out: AttendanceRow[] = [];
  const at = (row: { line: number; cells: Record<string, string> }, column: string, code: string, message: string, hint: string) =>
    problems.push({ code: `attendance.${code}`, message, where: cellWhere(table, row, column), hint });
  for (const row of table.rows) {
    const raw = row.cells[idColumn] ?? '';
    const schoolId = idColumn === 'school_id' ? raw : input.schoolByCds.get(raw) ?? '';
    const site = byId.get(schoolId);
    if (raw === '') at(row, idColumn, 'missing-value', `${idColumn} is empty`, example);
    else if (!site) at(row, idColumn, 'unknown-school', `no site of this strike day has ${idColumn === 'school_id' ? 'school id' : 'CDS code'} ${JSON.stringify(raw)}`, example);
    else if (seen.has(schoolId)) at(row, idColumn, 'duplicate', `${site.name} (${schoolId}) is already on line ${seen.get(schoolId)}: each school is one row`, 'remove one of the two rows');
    if (!site || seen.has(schoolId)) continue;
    seen.set(schoolId, row.line);
    // A file with both columns: they must name the same school (the school_id column is the one read).
    const cds = idColumn === 'school_id' ? (row.cells.cds_code ?? '') : '';
    if (cds !== '' && input.schoolByCds.get(cds) !== schoolId) {
      const other = input.schoolByCds.get(cds);
      const named = other === undefined ? 'no school of the dataset' : `${byId.get(other)?.name ?? 'another school'} (${other})`;
      at(row, 'cds_code', 'ids-disagree', `school_id ${schoolId} is ${site.name}, but cds_code ${cds} is ${named}: the two columns name different schools`, `${schoolId},${cdsOf.get(schoolId) ?? ''} for ${site.name}; or leave the cds_code cell empty`);
      continue;
    }
    const cell = row.cells.students_attending ?? '';
    const count = /^(\d+|\d{1,3}(,\d{3})+)$/.test(cell) ? Number(cell.replace(/,/g, '')) : null;
    const enrolled = input.enrollment.get(schoolId) ?? 0;
    if (count === null || !Number.isSafeInteger(count)) {
      at(row, 'students_attending', 'not-a-count', `students_attending must be a whole number from 0, got ${JSON.stringify(cell)}`, example);
    } else if (site.closed && count > 0) {
      at(row, 'students_attending', 'site-closed', `${site.name} (${schoolId}) is closed on this strike day: no students attend it, got ${count}`, `${raw},0, or leave the row out; or open the site first (PATCH /api/sites/days/{dayId}/sites/${schoolId})`);
    } else if (moreThanEnrolled(count, enrolled, site.name) !== null) {
      at(row, 'students_attending', 'more-than-enrolled', moreThanEnrolled(count, enrolled, site.name)!, `${raw},${Math.min(enrolled, 120)}`);
    } else {
      out.push({ line: row.line, schoolId, name: site.name, before: site.studentsAttending, after: count });
    }
  }
  return { rows: table.rows.length, sites: out, changes: out.filter((r) => r.before !== r.after).length, problems: capProblems(problems, 0, 'attendance') };
}
