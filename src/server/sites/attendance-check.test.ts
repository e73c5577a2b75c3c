/**
 * The attendance file's check (pure): a closed site takes no students (0 is fine: the student
 * system may list every school), and each problem's example is a row that would be taken, in
 * the file's own column (a school id, or a CDS code).
 */
import { describe, expect, it } from 'vitest';
import { checkAttendance } from './attendance-check.ts';

const sites = [
  { schoolId: 'A1', name: 'Adult School', studentsAttending: null, closed: false }, // 0 enrolled
  { schoolId: 'E1', name: 'Elm Elementary', studentsAttending: null, closed: true },
  { schoolId: 'E2', name: 'Birch Elementary', studentsAttending: 40, closed: false },
];
const schoolByCds = new Map([['19000000000001', 'A1'], ['19000000000002', 'E1'], ['19000000000003', 'E2']]);
const enrollment = new Map([['E1', 500], ['E2', 90]]);
const check = (csv: string) => checkAttendance({ csv, sites, schoolByCds, enrollment });

describe('the attendance file', () => {
  it('refuses students at a closed site, naming the line and what would be taken; 0 there is taken', () => {
    const bad = check('school_id,students_attending\nE1,250\nE2,30\n');
    expect(bad.problems.map((p) => [p.code, p.where])).toEqual([['attendance.site-closed', { file: 'attendance.csv', line: 2, col: 2, field: 'students_attending' }]]);
    expect(bad.problems[0].message).toBe('Elm Elementary (E1) is closed on this strike day: no students attend it, got 250');
    expect(bad.problems[0].hint).toContain('E1,0');
    const zero = check('school_id,students_attending\nE1,0\nE2,30\n');
    expect(zero.problems).toEqual([]);
    expect(zero.sites.map((r) => [r.schoolId, r.after])).toEqual([['E1', 0], ['E2', 30]]);
    expect(zero.changes).toBe(2); // E1 null → 0, E2 40 → 30
  });

  it('gives as its example an open site with students enrolled, in the column the file uses', () => {
    // A1 has none enrolled (its example would be refused) and E1 is closed: E2, at most 120 → 90.
    expect(check('school_id,students_attending\nX9,3\n').problems[0].hint).toBe('E2,90');
    expect(check('cds_code,students_attending\n19999999999999,3\n').problems[0].hint).toBe('19000000000003,90');
    // Above enrollment: the same school at its enrollment, as the file names it.
    expect(check('cds_code,students_attending\n19000000000003,91\n').problems[0].hint).toBe('19000000000003,90');
  });

  it('refuses a row whose school_id and cds_code name different schools, and takes them when they agree', () => {
    // E2's row with E1's CDS code (E1 is closed that day): taking school_id silently put the count on the wrong school.
    const bad = check('school_id,cds_code,students_attending\nE2,19000000000002,5\n');
    expect(bad.problems.map((p) => [p.code, p.where])).toEqual([['attendance.ids-disagree', { file: 'attendance.csv', line: 2, col: 2, field: 'cds_code' }]]);
    expect(bad.problems[0].message).toBe('school_id E2 is Birch Elementary, but cds_code 19000000000002 is Elm Elementary (E1): the two columns name different schools');
    expect(bad.problems[0].hint).toBe('E2,19000000000003 for Birch Elementary; or leave the cds_code cell empty');
    expect(bad.sites).toEqual([]);
    expect(check('school_id,cds_code,students_attending\nE2,19999999999999,5\n').problems[0].message).toContain('cds_code 19999999999999 is no school of the dataset');
    const good = check('school_id,cds_code,students_attending\nE2,19000000000003,5\nA1,,0\n');
    expect(good.problems).toEqual([]);
    expect(good.sites.map((r) => [r.schoolId, r.after])).toEqual([['E2', 5], ['A1', 0]]);
  });
});
