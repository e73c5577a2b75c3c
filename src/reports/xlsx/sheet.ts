import { withoutInvisible } from '../../text/invisible.ts';
import type ExcelJS from 'exceljs';
import type { Cell, Workbook, Worksheet } from 'exceljs';

/** Number formats: money to the cent, rates, plain counts, fiscal years. */
export const MONEY = '$#,##0.00';
export const RATE = '#,##0.00####';
export const PCT = '0.00';
export const COUNT = '#,##0.####';
export const YEAR = '0';
export const FACTOR = '0.000000';

/** Column letters: 1 → A, 27 → AA. */
export function colName(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

/** A sheet name as written in a reference from another sheet. */
export function quoteSheet(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !/^[A-Za-z]{1,3}\d+$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

/** A text value that the spreadsheet must show as text (never a formula). */
export type Plain = string | number | boolean | null;

/**
 * One worksheet with helpers to write values and formulas. Every formula is written with the
 * engine's figure as its cached result, so the file opens with numbers before any recalculation.
 */
export class Sheet {
  readonly ws: Worksheet;
  readonly prefix: string;

  constructor(wb: Workbook, readonly name: string, widths: number[] = []) {
    this.ws = wb.addWorksheet(name);
    this.prefix = `${quoteSheet(name)}!`;
    widths.forEach((w, i) => (this.ws.getColumn(i + 1).width = w));
  }

  /** Absolute reference to one cell, from any sheet. */
  ref(row: number, col: number): string {
    return `${this.prefix}$${colName(col)}$${row}`;
  }

  /** Absolute reference to a column range, from any sheet. */
  range(col: number, r0: number, r1: number): string {
    return `${this.prefix}$${colName(col)}$${r0}:$${colName(col)}$${r1}`;
  }

  /** Relative reference within this sheet. */
  local(row: number, col: number): string {
    return `${colName(col)}${row}`;
  }

  cell(row: number, col: number): Cell {
    return this.ws.getCell(row, col);
  }

  set(row: number, col: number, value: Plain, fmt?: string): void {
    if (value === null) return;
    const c = this.ws.getCell(row, col);
    // Titles and names come from the other side: shown without direction overrides or zero-width
    // characters, as on every other surface (src/text/invisible.ts).
    c.value = typeof value === 'string' ? withoutInvisible(value) : value;
    c.style = styleFor(fmt ?? 'General');
  }

  formula(row: number, col: number, formula: string, result: number | string, fmt?: string): void {
    const c = this.ws.getCell(row, col);
    c.value = { formula, result } as Cell['value'];
    if (fmt) c.style = styleFor(fmt);
  }

  header(row: number, labels: string[], from = 1): void {
    labels.forEach((l, i) => {
      const c = this.ws.getCell(row, from + i);
      c.value = withoutInvisible(l);
      c.style = { font: { bold: true }, alignment: { wrapText: true, vertical: 'top' } };
    });
  }

  bold(row: number, col: number): void {
    const c = this.ws.getCell(row, col);
    c.style = { ...c.style, font: { bold: true } };
  }

  /** A note (comment) on a cell, for what a reader needs to know about a column. */
  note(row: number, col: number, text: string): void {
    this.ws.getCell(row, col).note = text;
  }

  /** Wraps long text in a cell. */
  wrap(row: number, col: number): void {
    const c = this.ws.getCell(row, col);
    c.style = { ...c.style, alignment: { wrapText: true, vertical: 'top' } };
  }

  freeze(rows: number, cols = 0): void {
    this.ws.views = [{ state: 'frozen', xSplit: cols, ySplit: rows }];
  }
}

/**
 * One style object per number format, shared by every cell that uses it: exceljs recognises a
 * style object it has seen before when writing, instead of serialising each cell's own copy
 * (the difference is seconds on a district-sized workbook). Frozen, so that a later change to
 * one cell's style fails loudly rather than changing every cell that shares it.
 */
const STYLES = new Map<string, Partial<ExcelJS.Style>>();
function styleFor(fmt: string): Partial<ExcelJS.Style> {
  let st = STYLES.get(fmt);
  if (!st) STYLES.set(fmt, (st = Object.freeze({ numFmt: fmt })));
  return st;
}

/** Dollars from cents for a cached value. */
export const dollars = (cents: number): number => cents / 100;
