import { MAX_PROBLEMS } from '../errors/capped.ts';
import type { Problem } from '../errors/problem.ts';
import { cellWhere, type CsvRow, type CsvTable } from '../text/csv.ts';
import { ambiguousNumber, parseDollars, ungroup, type Cents } from '../money/cents.ts';
import { isIsoDate, parseFiscalYear, type FiscalYear } from '../calendar/fiscal-year.ts';

/** The start of a cell a spreadsheet reads as a formula: =, +, @, or a minus sign not before a number. */
const FORMULA_START = /^\s*(?:[=+@]|-(?![\d.]))/;

/** The largest dollar figure a budget cell takes. */
const MAX_BUDGET_DOLLARS = 1e12;

/**
 * Typed readers for one CSV cell. Each returns the value, or records a problem saying where
 * it is, what is wrong and what a valid value looks like, and returns null.
 */
export class CellReader {
  constructor(
    readonly table: CsvTable,
    readonly problems: Problem[],
    /** Problems found but not kept: past MAX_PROBLEMS only a count is kept (capProblems). */
    public omitted = 0,
  ) {}

  private fail(row: CsvRow, column: string, code: string, message: string, hint: string): null {
    if (this.problems.length >= MAX_PROBLEMS) {
      this.omitted++;
      return null;
    }
    this.problems.push({ code: `dataset.${code}`, message, where: cellWhere(this.table, row, column), hint });
    return null;
  }

  text(row: CsvRow, column: string, hint: string): string | null {
    const v = row.cells[column] ?? '';
    if (v === '') return this.fail(row, column, 'missing-value', `${column} is empty`, hint);
    return this.notFormula(row, column, v, hint);
  }

  optionalText(row: CsvRow, column: string): string {
    const v = row.cells[column] ?? '';
    return this.notFormula(row, column, v, 'the same text without the sign in front') ?? v;
  }

  /**
   * Text a spreadsheet would run as a formula (a leading =, +, @, or - not before a number): the
   * dataset's files go to the other side as they were uploaded, and a name such as
   * =HYPERLINK("http://…","Jacaranda") would open there as a live link.
   */
  private notFormula(row: CsvRow, column: string, v: string, hint: string): string | null {
    if (!FORMULA_START.test(v)) return v;
    return this.fail(row, column, 'formula-text', `${column} begins with "${v.trimStart()[0]}", which a spreadsheet opening the file would run as a formula: ${JSON.stringify(v.slice(0, 60))}`, hint);
  }

  oneOf<T extends string>(row: CsvRow, column: string, allowed: readonly T[]): T | null {
    const v = row.cells[column] ?? '';
    if ((allowed as readonly string[]).includes(v)) return v as T;
    return this.fail(row, column, 'not-allowed', `${column} must be one of ${allowed.join(', ')}, got ${JSON.stringify(v)}`, allowed[0]);
  }

  number(row: CsvRow, column: string, opts: { min?: number; max?: number; integer?: boolean; hint: string; optional?: number }): number | null {
    const raw = row.cells[column] ?? '';
    if (raw === '' && opts.optional !== undefined) return opts.optional;
    const unclear = ambiguousNumber(raw, { whole: opts.integer === true });
    if (unclear) return this.fail(row, column, unclear.code, `${column}: ${unclear.words}`, opts.hint);
    const n = Number(ungroup(raw) ?? NaN);
    const kind = opts.integer ? 'a whole number' : 'a number';
    if (raw === '' || !Number.isFinite(n) || (opts.integer && !Number.isInteger(n))) {
      return this.fail(row, column, 'not-a-number', `${column} must be ${kind}, got ${JSON.stringify(raw)}`, opts.hint);
    }
    if (opts.min !== undefined && n < opts.min) {
      return this.fail(row, column, 'out-of-range', `${column} must be at least ${opts.min}, got ${raw}`, opts.hint);
    }
    if (opts.max !== undefined && n > opts.max) {
      return this.fail(row, column, 'out-of-range', `${column} must be at most ${opts.max}, got ${raw}`, opts.hint);
    }
    return n;
  }

  dollars(row: CsvRow, column: string, opts: { optional?: boolean; min?: number; hint: string }): Cents | null {
    const raw = row.cells[column] ?? '';
    if (raw === '' && opts.optional) return null;
    // A trillion dollars is over a hundred times LAUSD's budget; past it the cell is refused before it is read as cents.
    const unclear = ambiguousNumber(raw, { whole: false });
    if (unclear) return this.fail(row, column, unclear.code, `${column}: ${unclear.words}`, opts.hint);
    if (Math.abs(Number(ungroup(raw.trim().replace(/^\$/, '')) ?? NaN)) > MAX_BUDGET_DOLLARS) {
      return this.fail(row, column, 'out-of-range', `${column} must be at most 1000000000000 (a trillion dollars), got ${raw}`, opts.hint);
    }
    const c = parseDollars(raw);
    if (c === null) return this.fail(row, column, 'not-dollars', `${column} must be a dollar amount with at most 2 decimals, got ${JSON.stringify(raw)}`, opts.hint);
    if (opts.min !== undefined && c < opts.min) return this.fail(row, column, 'out-of-range', `${column} must not be negative, got ${raw}`, opts.hint);
    return c;
  }

  yesNo(row: CsvRow, column: string): boolean | null {
    const v = (row.cells[column] ?? '').toLowerCase();
    if (['yes', 'true', '1', 'y'].includes(v)) return true;
    if (['no', 'false', '0', 'n', ''].includes(v)) return false;
    return this.fail(row, column, 'not-yes-no', `${column} must be yes or no, got ${JSON.stringify(row.cells[column])}`, 'yes');
  }

  date(row: CsvRow, column: string): string | null {
    const v = row.cells[column] ?? '';
    if (v === '') return null;
    if (isIsoDate(v)) return v;
    return this.fail(row, column, 'not-a-date', `${column} must be a date written YYYY-MM-DD, got ${JSON.stringify(v)}`, '2012-08-15');
  }

  fiscalYear(row: CsvRow, column: string): FiscalYear | null {
    const v = row.cells[column] ?? '';
    const fy = parseFiscalYear(v);
    return fy ?? this.fail(row, column, 'not-a-fiscal-year', `${column} must be a fiscal year like 2019-20, got ${JSON.stringify(v)}`, '2019-20');
  }

  problem(row: CsvRow, column: string, code: string, message: string, hint: string): void {
    this.fail(row, column, code, message, hint);
  }
}
