/**
 * What a CDE import brought in, in a few lines a budget office can check against its own
 * figures: schools by type, students and how they were counted, high-need schools, and what
 * was left out. `settle import cde` prints these lines and writes them to IMPORT.md; the
 * server puts them in the note of the dataset version the import made.
 */
import { GRADES } from '../grades.ts';
import { SCHOOL_TYPES } from '../types.ts';
import type { CdeImport } from './cde.ts';

const n = (x: number) => x.toLocaleString('en-US');
export const plural = (k: number, word: string) => `${n(k)} ${word}${k === 1 ? '' : 's'}`;

/** How enrollment by grade was counted: from the grade file, or estimated from FRPM totals. */
export function splitText(r: CdeImport['report']): string {
  if (r.enrollmentSource === 'grade-file') return 'counted by grade from the CDE enrollment file';
  const w = GRADES.filter((g) => r.weights[g] !== undefined).map((g) => `${g}:${r.weights[g]}`).join(',');
  return `estimated: each school's FRPM ${r.frpmYear} Enrollment (K-12) split over its grades by ${w ? `weights ${w} (grades not listed weigh 1)` : 'equal weight per grade'}, largest-remainder rounding`;
}

/**
 * The lines of the import summary. `keepCharters` is how the reader asks for charter schools
 * to be kept (a command-line flag, or the API's form field).
 */
export function summaryLines(result: CdeImport, keepCharters = '--charters include'): string[] {
  const { schools, enrollment, report: r } = result;
  const types = SCHOOL_TYPES.map((t) => [t, schools.filter((s) => s.type === t).length] as const).filter(([, k]) => k > 0);
  const lines = [
    `${plural(schools.length, 'school')}: ${types.map(([t, k]) => `${n(k)} ${t}`).join(', ')}`,
    `${n(enrollment.reduce((a, e) => a + e.students, 0))} K-12 students, ${splitText(r)}`,
    `${plural(schools.filter((s) => s.highNeed).length, 'high-need school')} (FRPM share of K-12 students >= ${r.threshold})`,
    `${plural(r.noEnrollment.length + r.noGrades.length, 'school')} without enrollment (${n(r.noGrades.length)} with no K-12 grades)`,
    `${plural(r.noFrpmRow.length, 'school')} with no FRPM row: opened after ${r.frpmYear || 'the FRPM year'} or not reported (high_need no)`,
  ];
  if (r.noFrpmShare.length > 0) lines.push(`${plural(r.noFrpmShare.length, 'school')} whose FRPM share is blank (suppressed): high_need no`);
  lines.push(r.charters === 'exclude' ? `${plural(r.chartersLeftOut, 'charter school')} left out (${keepCharters} keeps them)` : `${plural(r.activeCharters, 'charter school')} included`);
  return lines;
}
