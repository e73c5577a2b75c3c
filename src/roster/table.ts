/**
 * A roster file as read: its header and its rows of text cells, from CSV or XLSX bytes, within
 * bounds (file size, rows, columns, cell length). Anything past a bound, or a file that is not
 * what it says, is refused whole with where and a valid example; nothing is partly read.
 */
import { startLines } from '../text/csv.ts';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { InvalidInput, type Problem } from '../errors/problem.ts';

export const ROSTER_LIMITS = {
  /** Bytes of one uploaded file (UTLA has about 35,000 members: some 4 MB of CSV). */
  bytes: 16 * 1024 * 1024,
  rows: 100_000,
  columns: 60,
  /** Characters in one cell (a header too). */
  cell: 500,
} as const;

export type RosterFormat = 'csv' | 'xlsx';

export interface RosterRow {
  /** The line (CSV) or spreadsheet row number the record starts on. */
  line: number;
  /** One text per header column, trimmed. */
  cells: string[];
}

export interface RosterTable {
  format: RosterFormat;
  header: string[];
  rows: RosterRow[];
}

const refuse = (file: string, code: string, message: string, hint: string, where: Problem['where'] = {}): never => {
  throw new InvalidInput([{ code: `roster.${code}`, message, where: { file, ...where }, hint }]);
};

/** The format a file's name and first bytes say it is (an XLSX is a zip: it starts with PK). */
export function formatOf(fileName: string, bytes: Uint8Array): RosterFormat {
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (/\.xlsx$/i.test(fileName) || zip) {
    if (!zip) refuse(fileName, 'not-xlsx', 'the file is named .xlsx but is not an Excel workbook', 'save it from Excel as "Excel Workbook (.xlsx)", or export it as "CSV UTF-8"');
    return 'xlsx';
  }
  if (/\.xls$/i.test(fileName) || (bytes[0] === 0xd0 && bytes[1] === 0xcf)) {
    refuse(fileName, 'old-excel', 'the file is an old Excel workbook (.xls), which settle does not read', 'in Excel, "Save As" → "Excel Workbook (.xlsx)" or "CSV UTF-8 (comma delimited)"');
  }
  return 'csv';
}

/** Reads a roster from bytes (CSV or XLSX as `formatOf` says); throws InvalidInput when the file cannot be read. */
export async function readRoster(fileName: string, bytes: Uint8Array): Promise<RosterTable> {
  if (bytes.length > ROSTER_LIMITS.bytes) {
    refuse(fileName, 'too-large', `the file is ${(bytes.length / 1048576).toFixed(1)} MB; a roster file may be at most ${ROSTER_LIMITS.bytes / 1048576} MB`, 'split the roster, or leave out columns settle does not use');
  }
  if (bytes.length === 0) refuse(fileName, 'empty', 'the file is empty; it needs a header row and one row per member', 'Member ID,Name,Email\n1001,Ana Díaz,ana@example.org');
  const format = formatOf(fileName, bytes);
  const table = format === 'xlsx' ? await readXlsx(fileName, bytes) : readCsvText(fileName, decode(fileName, bytes));
  return check(fileName, table);
}

function decode(file: string, bytes: Uint8Array): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.startsWith('\uFEFF') ? text.slice(1) : text;
  } catch {
    const loose = new TextDecoder('utf-8').decode(bytes);
    const line = loose.slice(0, loose.indexOf('\uFFFD')).split('\n').length;
    return refuse(file, 'not-utf8', `the file is not UTF-8 text (the first character that is not is on line ${line})`, 'in Excel, "Save As" → "CSV UTF-8 (comma delimited)"', { line });
  }
}

export function readCsvText(file: string, text: string): RosterTable {
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
  const delimiter = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const).sort((a, b) => b[1] - a[1])[0][0];
  let records: { record: string[]; raw: string }[];
  try {
    records = (parse as unknown as (t: string, o: object) => typeof records)(text, {
      delimiter, raw: true, relax_column_count: true, skip_empty_lines: true, trim: true,
      // Stops reading a hostile file early: one more row than allowed is enough to refuse it.
      to: ROSTER_LIMITS.rows + 2, max_record_size: ROSTER_LIMITS.cell * ROSTER_LIMITS.columns,
    });
  } catch (e) {
    const err = e as { lines?: number; message: string };
    return refuse(file, 'csv-syntax', `not valid CSV: ${err.message}`, 'put double quotes around a cell that contains a comma or a quote, and close every quote: "Díaz, Ana"', { line: err.lines });
  }
  const [head, ...rest] = startLines(records);
  if (!head) return refuse(file, 'empty', 'the file has no header row', 'Member ID,Name,Email');
  // A row of empty cells (",,,,," as a spreadsheet saves the rows below its data) is a blank line.
  return { format: 'csv', header: head.record, rows: rest.filter((r) => r.record.some((c) => c !== '')).map((r) => ({ line: r.line, cells: r.record })) };
}

/** The first worksheet: its first non-empty row is the header. Numbers, dates, links and formulas become their text. */
async function readXlsx(file: string, bytes: Uint8Array): Promise<RosterTable> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return refuse(file, 'not-xlsx', 'the file cannot be read as an Excel workbook (.xlsx)', 'save it again from Excel as "Excel Workbook (.xlsx)", or export it as "CSV UTF-8"');
  }
  const sheet = wb.worksheets[0];
  if (!sheet) return refuse(file, 'empty', 'the workbook has no worksheet', 'one sheet with a header row: Member ID, Name, Email');
  if (sheet.rowCount > ROSTER_LIMITS.rows + 1) tooMany(file, sheet.rowCount - 1);
  // Read once: exceljs counts the columns by walking every row each time it is asked.
  const width = sheet.columnCount;
  if (width > ROSTER_LIMITS.columns) tooWide(file, width, 1);
  let header: string[] | null = null;
  const rows: RosterRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, n) => {
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c).value));
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    if (cells.length === 0) return;
    if (header === null) header = cells;
    else rows.push({ line: n, cells });
  });
  if (header === null) return refuse(file, 'empty', 'the first worksheet is empty', 'a header row: Member ID, Name, Email');
  return { format: 'xlsx', header, rows };
}

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(v);
  if (typeof v === 'string' || typeof v === 'boolean') return String(v).trim();
  if ('richText' in v) return v.richText.map((t) => t.text).join('').trim();
  if ('text' in v && typeof v.text === 'string') return v.text.trim();
  if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
  if ('error' in v) return '';
  return '';
}

const tooMany = (file: string, n: number) =>
  refuse(file, 'too-many-rows', `the file has ${n.toLocaleString('en-US')} rows or more; a roster may have at most ${ROSTER_LIMITS.rows.toLocaleString('en-US')}`, 'split the roster by worksite and import each part with "remove members not in the file" off');
const tooWide = (file: string, n: number, line: number) =>
  refuse(file, 'too-many-columns', `a row has ${n} columns; a roster may have at most ${ROSTER_LIMITS.columns}`, 'leave out the columns settle does not use', { line });

/** The bounds on rows, columns and cells, and a header with no empty or repeated names. */
function check(file: string, t: RosterTable): RosterTable {
  if (t.rows.length > ROSTER_LIMITS.rows) tooMany(file, t.rows.length);
  const seen = new Map<string, number>();
  t.header.forEach((h, i) => {
    if (h === '') refuse(file, 'header-empty', `column ${i + 1} of the header has no name`, 'name every column in the first row, such as "Member ID"', { line: 1, col: i + 1 });
    const key = h.toLowerCase();
    if (seen.has(key)) refuse(file, 'header-repeated', `the header names "${h.slice(0, 60)}" twice (columns ${seen.get(key)! + 1} and ${i + 1})`, 'give each column its own name', { line: 1, col: i + 1 });
    seen.set(key, i);
  });
  for (const row of [{ line: 1, cells: t.header }, ...t.rows]) {
    if (row.cells.length > ROSTER_LIMITS.columns) tooWide(file, row.cells.length, row.line);
    const long = row.cells.findIndex((c) => c.length > ROSTER_LIMITS.cell);
    if (long >= 0) refuse(file, 'cell-too-long', `the cell in column ${long + 1} has ${row.cells[long].length} characters; a cell may have at most ${ROSTER_LIMITS.cell}`, 'a name, an email or a school name, such as "Alder Elementary"', { line: row.line, col: long + 1 });
  }
  return t;
}
