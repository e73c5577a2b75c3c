import { parse } from 'csv-parse/sync';
import { MAX_PROBLEMS } from '../errors/capped.ts';
import type { Problem } from '../errors/problem.ts';

export interface CsvRow {
  /** 1-based line number in the file where the record starts. */
  line: number;
  cells: Record<string, string>;
}

export interface CsvTable {
  file: string;
  header: string[];
  rows: CsvRow[];
}

/**
 * Reads comma-, tab- or semicolon-separated text with a header row (the separator is the header's:
 * a spreadsheet in a Spanish or European locale saves its CSV with semicolons). Problems (a wrong header, a row
 * with the wrong number of cells, broken quoting) are returned, never thrown.
 */
export function readCsv(
  text: string,
  file: string,
  required: readonly string[],
  optional: readonly string[] = [],
  codePrefix = 'dataset',
): { table: CsvTable; problems: Problem[]; omitted?: number } {
  const problems: Problem[] = [];
  const empty: CsvTable = { file, header: [], rows: [] };
  let records: { record: string[]; info: { lines: number } }[];
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
  const delimiter = firstLine.includes(',') ? ',' : firstLine.includes('\t') ? '\t' : firstLine.includes(';') ? ';' : ',';
  try {
    records = text.includes('"')
      ? startLines((parse as unknown as (t: string, o: object) => { record: string[]; raw: string }[])(text, { bom: true, delimiter, raw: true, relax_column_count: true, skip_empty_lines: true, trim: false }))
        .map((r) => ({ record: r.record, info: { lines: r.line } }))
      : splitUnquoted(text, delimiter);
  } catch (e) {
    const err = e as { code?: string; lines?: number; message: string };
    // An unclosed quote is only noticed where the file ends; point at the line where it opens.
    const open = err.code === 'CSV_QUOTE_NOT_CLOSED' ? unclosedQuote(text, delimiter) : undefined;
    problems.push({
      code: `${codePrefix}.csv-syntax`,
      message: open ? 'not valid CSV: a double quote that starts a cell on this line is never closed' : `not valid CSV: ${err.message}`,
      where: open ? { file, line: open.line, col: open.col } : { file, line: err.lines },
      hint: 'put double quotes around a cell that contains a comma or a quote, and close every quote: "Smith, Jane"',
    });
    return { table: empty, problems };
  }
  if (records.length === 0) {
    problems.push({ code: `${codePrefix}.csv-empty`, message: 'the file is empty; it needs a header row', where: { file, line: 1 }, hint: required.join(',') });
    return { table: empty, problems };
  }
  const header = records[0].record.map((h) => h.trim());
  const known = new Set([...required, ...optional]);
  for (const name of required) {
    if (!header.includes(name)) {
      problems.push({ code: `${codePrefix}.csv-missing-column`, message: `the header has no "${name}" column`, where: { file, line: 1, field: name }, hint: [...required, ...optional].join(',') });
    }
  }
  header.forEach((name, i) => {
    if (!known.has(name)) {
      problems.push({ code: `${codePrefix}.csv-unknown-column`, message: `unknown column "${name}"`, where: { file, line: 1, col: i + 1, field: name }, hint: [...required, ...optional].join(',') });
    }
  });
  if (problems.length > 0) return { table: { file, header, rows: [] }, problems };
  const rows: CsvRow[] = [];
  let omitted = 0;
  for (let r = 1; r < records.length; r++) {
    const { record, info } = records[r];
    const line = info.lines;
    if (record.length !== header.length) {
      // A file with a bad line on every row keeps only what will be listed (capProblems), and counts the rest.
      if (problems.length >= MAX_PROBLEMS) {
        omitted++;
        continue;
      }
      problems.push({ code: `${codePrefix}.csv-cell-count`, message: `this row has ${record.length} cells but the header has ${header.length} columns (a cell that contains a comma needs double quotes around it)`, where: { file, line }, hint: header.join(',') });
      continue;
    }
    const cells: Record<string, string> = {};
    header.forEach((name, i) => (cells[name] = record[i].trim()));
    rows.push({ line, cells });
  }
  return { table: { file, header, rows }, problems, omitted };
}

/**
 * Text without a single double quote has no quoting to undo: every line is a record and every
 * delimiter ends a cell, so it is split directly (several times faster than the full parser on
 * large staff files), with the same line numbers and empty lines skipped.
 */
const breaks = (t: string) => t.match(/\r\n|\r|\n/g)?.length ?? 0;

/**
 * csv-parse's records (read with `raw: true`) with the line each starts on, as an editor numbers
 * lines (\r\n, \r or \n is one break): csv-parse's own count runs to a record's end, and counts a
 * \r\n inside a quoted cell as two, so a record with an address on two lines was named by a
 * later line.
 */
export function startLines<T extends { raw: string }>(records: readonly T[]): (T & { line: number })[] {
  let at = 1;
  return records.map((r) => {
    const line = at + breaks(/^\s*/.exec(r.raw)![0]);
    at += breaks(r.raw);
    return { ...r, line };
  });
}

function splitUnquoted(text: string, delimiter: string): { record: string[]; info: { lines: number } }[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = body.split(/\r\n|\n|\r/);
  const out: { record: string[]; info: { lines: number } }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] === '') continue;
    out.push({ record: lines[i].split(delimiter), info: { lines: i + 1 } });
  }
  return out;
}

/** Line and 1-based column (cell number) of a quoted cell that is never closed (RFC 4180 quoting). */
function unclosedQuote(text: string, delimiter: string): { line: number; col: number } | undefined {
  let line = 1;
  let cell = 1;
  let fieldStart = true;
  let open: { line: number; col: number } | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (open) {
      if (ch === '"' && text[i + 1] === '"') i++;
      else if (ch === '"') open = undefined;
      else if (ch === '\n') line++;
      fieldStart = false;
      continue;
    }
    if (ch === '"' && fieldStart) open = { line, col: cell };
    else if (ch === delimiter) cell++;
    else if (ch === '\n') (line++, (cell = 1));
    fieldStart = ch === delimiter || ch === '\n';
  }
  return open;
}

/** Where a cell is: file, line, 1-based column number and column name. */
export function cellWhere(table: CsvTable, row: CsvRow, column: string) {
  return { file: table.file, line: row.line, col: table.header.indexOf(column) + 1, field: column };
}

/** Quotes a cell when needed (RFC 4180) so output round-trips. */
export function csvCell(v: string | number | boolean | null): string {
  if (v === null) return '';
  const s = typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: readonly string[], rows: (string | number | boolean | null)[][]): string {
  return [header.join(','), ...rows.map((r) => r.map(csvCell).join(','))].join('\n') + '\n';
}
