import { parse } from 'csv-parse/sync';
import { InvalidInput, type Problem } from '../../errors/problem.ts';
import { ungroup } from '../../money/cents.ts';
import { gradeIndex, isGrade, type Grade } from '../grades.ts';
import type { Enrollment } from '../types.ts';

/** A file given to the importer: its name (for messages) and its text. */
export interface TextFile { file: string; text: string }
export interface WideRow { line: number; cells: Record<string, string> }

const MAX_PROBLEMS = 20;

/** Throws InvalidInput with at most MAX_PROBLEMS problems (and a count of the rest). */
export function throwIfAny(problems: Problem[]): void {
  if (problems.length === 0) return;
  const shown = problems.slice(0, MAX_PROBLEMS);
  if (problems.length > MAX_PROBLEMS) shown.push({ code: 'import.more-problems', message: `and ${problems.length - MAX_PROBLEMS} more problems like these` });
  throw new InvalidInput(shown);
}

/**
 * Reads a wide CDE file (comma-separated, or tab-separated without quoting) with a header row.
 * Only the `required` columns are checked; rows failing `keep` are dropped before anything else.
 */
export function readWide({ source, required, what, keep }: {
  source: TextFile; required: readonly string[]; what: string; keep: (cells: Record<string, string>) => boolean;
}): WideRow[] {
  const { file, text } = source;
  const first = text.slice(0, text.indexOf('\n') >>> 0);
  const tab = first.split('\t').length > first.split(',').length;
  const hint = `a header with ${required.slice(0, 4).join(', ')} ...`;
  type Rec = { record: string[]; info: { lines: number } };
  let records: Rec[];
  try {
    records = parse(text, { bom: true, delimiter: tab ? '\t' : ',', quote: tab ? false : '"', info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as Rec[];
  } catch (e) {
    const err = e as { lines?: number; message: string };
    throw new InvalidInput([{ code: 'import.csv-syntax', message: `not readable as CSV: ${err.message}`, where: { file, line: err.lines }, hint }]);
  }
  if (records.length === 0) throw new InvalidInput([{ code: 'import.csv-empty', message: `the file is empty; expected ${what}`, where: { file, line: 1 }, hint }]);
  const header = records[0].record.map((h) => h.trim());
  // Without the key column the file is some other file: say so once rather than per column.
  const missing = header.includes(required[0]) ? required.filter((c) => !header.includes(c)) : [required[0]];
  throwIfAny(missing.map((c) => ({
    code: 'import.not-cde-format', message: `this is not ${what}: the header has no "${c}" column`, where: { file, line: 1, field: c }, hint,
  })));
  const rows: WideRow[] = [];
  const problems: Problem[] = [];
  for (const { record, info } of records.slice(1)) {
    const cells: Record<string, string> = {};
    header.forEach((name, i) => (cells[name] = (record[i] ?? '').trim()));
    if (!keep(cells)) continue;
    if (record.length !== header.length) {
      problems.push({ code: 'import.cell-count', message: `has ${record.length} cells; the header has ${header.length}`, where: { file, line: info.lines }, hint });
    } else rows.push({ line: info.lines, cells });
  }
  throwIfAny(problems);
  return rows;
}

/** A cell as a number (blank = `blank`); records a problem naming file, line and column otherwise. */
export function cellNumber({ row, field, file, problems, blank, max }: {
  row: WideRow; field: string; file: string; problems: Problem[]; blank: number | null; max?: number;
}): number | null {
  const raw = row.cells[field] ?? '';
  if (raw === '') return blank;
  const n = Number(ungroup(raw) ?? NaN);
  if (Number.isFinite(n) && n >= 0 && (max === undefined || n <= max)) return n;
  problems.push({
    code: 'import.bad-number', message: `${field} must be a number from 0${max === undefined ? '' : ` to ${max}`}, got ${JSON.stringify(raw)}`,
    where: { file, line: row.line, field }, hint: max === undefined ? '321' : '0.85',
  });
  return null;
}

/**
 * Largest-remainder apportionment: whole numbers in proportion to `weights` that sum exactly to
 * `total`. Equal weights when they sum to 0; ties go to the earlier entry.
 */
export function apportion({ total, weights }: { total: number; weights: number[] }): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const w = sum > 0 ? weights : weights.map(() => 1);
  const wSum = sum > 0 ? sum : w.length;
  const quotas = w.map((x) => (total * x) / wSum);
  const out = quotas.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = quotas.map((q, i) => ({ i, frac: q - Math.floor(q) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i] += 1;
    left -= 1;
  }
  return out;
}

/** Enrollment rows for one school's grades from whole counts; grades with 0 students are left out. */
export function gradeRows({ school, grades, counts }: { school: string; grades: Grade[]; counts: number[] }): Enrollment[] {
  return grades.map((grade, i) => ({ school, grade, students: counts[i] })).filter((e) => e.students > 0);
}

/** Parses `--grade-weights` such as "K:1,1:1,9:1.2"; grades not listed weigh 1. */
export function parseGradeWeights(text: string): Partial<Record<Grade, number>> {
  const weights: Partial<Record<Grade, number>> = {};
  for (const part of text.split(',').map((p) => p.trim()).filter((p) => p !== '')) {
    const [g = '', w = ''] = part.split(':').map((s) => s.trim());
    const grade = g.toUpperCase();
    const n = Number(w);
    if (!isGrade(grade) || w === '' || !Number.isFinite(n) || n < 0) {
      throw new InvalidInput([{ code: 'import.bad-grade-weights', message: `--grade-weights needs grade:weight pairs with grades TK, K, 1-12 and weights of 0 or more; got ${JSON.stringify(part)}`, where: { field: '--grade-weights' }, hint: 'K:1,1:1,2:1,9:1.1' }]);
    }
    weights[grade] = n;
  }
  return weights;
}

/** Estimated grade rows: a school's K-12 total split over its grades by weight. */
export function splitTotal({ school, grades, total, weights }: { school: string; grades: Grade[]; total: number; weights: Partial<Record<Grade, number>> }): Enrollment[] {
  const sorted = [...grades].sort((a, b) => gradeIndex(a) - gradeIndex(b));
  return gradeRows({ school, grades: sorted, counts: apportion({ total, weights: sorted.map((g) => weights[g] ?? 1) }) });
}

export interface FrpmRow { line: number; enrollment: number; share: number | null }
export const FRPM_ENROLLMENT = 'Enrollment (K-12)';
export const FRPM_SHARE = 'Percent (%) Eligible FRPM (K-12)';
const frpmCds = (c: Record<string, string>) =>
  `${(c['County Code'] ?? '').padStart(2, '0')}${(c['District Code'] ?? '').padStart(5, '0')}${(c['School Code'] ?? '').padStart(7, '0')}`;

/** The district's rows of a CDE FRPM file, by 14-digit CDS code; `year` from its Academic Year column. */
export function readFrpm({ source, district }: { source: TextFile; district: string }): { rows: Map<string, FrpmRow>; year: string } {
  const wide = readWide({
    source, what: 'a CDE free or reduced-price meal (FRPM) file',
    required: ['County Code', 'District Code', 'School Code', FRPM_ENROLLMENT, FRPM_SHARE],
    keep: (c) => (c['County Code'] ?? '') !== '' && frpmCds(c).startsWith(district),
  });
  const problems: Problem[] = [];
  const rows = new Map<string, FrpmRow>();
  for (const row of wide) {
    const enrollment = cellNumber({ row, field: FRPM_ENROLLMENT, file: source.file, problems, blank: 0 });
    const share = cellNumber({ row, field: FRPM_SHARE, file: source.file, problems, blank: null, max: 1 });
    const cds = frpmCds(row.cells);
    if (enrollment !== null && !rows.has(cds)) rows.set(cds, { line: row.line, enrollment: Math.round(enrollment), share });
  }
  throwIfAny(problems);
  return { rows, year: wide[0]?.cells['Academic Year'] ?? '' };
}

/** Students by grade at one school, summed over the ethnicity x gender rows of the CDE file. */
export interface GradeCounts { counts: Map<Grade, number>; ungradedElementary: number; ungradedSecondary: number }
const GRADE_COLUMNS: [string, Grade][] = [['KDGN', 'K'], ...Array.from({ length: 12 }, (_, i): [string, Grade] => [`GR_${i + 1}`, String(i + 1) as Grade])];

/** The district's schools in a CDE "Enrollment by School" file (tab-separated), by CDS code. */
export function readGradeCounts({ source, district }: { source: TextFile; district: string }): Map<string, GradeCounts> {
  const wide = readWide({
    source, what: 'a CDE "Enrollment by School" file', keep: (c) => (c.CDS_CODE ?? '').startsWith(district),
    required: ['CDS_CODE', ...GRADE_COLUMNS.map(([c]) => c), 'UNGR_ELM', 'UNGR_SEC'],
  });
  const problems: Problem[] = [];
  const out = new Map<string, GradeCounts>();
  const n = (row: WideRow, field: string) => cellNumber({ row, field, file: source.file, problems, blank: 0 }) ?? 0;
  for (const row of wide) {
    const c = out.get(row.cells.CDS_CODE) ?? { counts: new Map<Grade, number>(), ungradedElementary: 0, ungradedSecondary: 0 };
    for (const [column, grade] of GRADE_COLUMNS) c.counts.set(grade, (c.counts.get(grade) ?? 0) + n(row, column));
    c.ungradedElementary += n(row, 'UNGR_ELM');
    c.ungradedSecondary += n(row, 'UNGR_SEC');
    out.set(row.cells.CDS_CODE, c);
  }
  throwIfAny(problems);
  return out;
}

/**
 * A school's rows from counted grades. Students in grades the school does not serve are left
 * out (`outside`); ungraded elementary students are spread over its grades K-8 and ungraded
 * secondary over 9-12, in proportion to the graded counts (over all its grades if it has none there).
 */
export function countedRows({ school, grades, c }: { school: string; grades: Grade[]; c: GradeCounts }): { rows: Enrollment[]; outside: number; ungraded: number } {
  const graded = grades.map((g) => c.counts.get(g) ?? 0);
  const counts = [...graded];
  let outside = 0;
  for (const [g, k] of c.counts) if (!grades.includes(g)) outside += k;
  const spread = (total: number, inPart: (g: Grade) => boolean) => {
    const idx = grades.map((g, i) => (inPart(g) ? i : -1)).filter((i) => i >= 0);
    const use = idx.length > 0 ? idx : grades.map((_, i) => i);
    apportion({ total, weights: use.map((i) => graded[i]) }).forEach((k, j) => (counts[use[j]] += k));
  };
  spread(c.ungradedElementary, (g) => gradeIndex(g) <= gradeIndex('8'));
  spread(c.ungradedSecondary, (g) => gradeIndex(g) >= gradeIndex('9'));
  return { rows: gradeRows({ school, grades, counts }), outside, ungraded: c.ungradedElementary + c.ungradedSecondary };
}
