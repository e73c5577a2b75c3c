/**
 * One cell of a meal and partner sites CSV (family-csv.ts), read as its column requires: what is
 * wrong is recorded where it is (line, column, name) with a valid example, and the cell reads as
 * null. Pure.
 */
import { EARLIEST_DATE, LATEST_DATE } from '../proposals/limits.ts';
import type { Problem } from '../errors/problem.ts';
import { isIsoDate } from '../calendar/fiscal-year.ts';
import { ambiguousNumber } from '../money/cents.ts';
import { looksEmpty } from '../text/invisible.ts';
import { oddCharacter, PLAIN_TEXT } from '../text/plain-text.ts';
import { cellWhere, type CsvRow, type CsvTable } from '../text/csv.ts';
import { FAMILY_LIMITS, HHMM } from './family-site.ts';

/**
 * A time as a partner's spreadsheet writes it, as HH:MM: "8am", "8 AM", "8:30 a.m.", "5pm", "12pm"
 * (noon), "12am" (midnight), or "7:30" (one-digit hour); null when it is none of those.
 */
export function clockTime(v: string): string | null {
  const m = /^(\d{1,2})(?::([0-5]\d))?\s*(?:([ap])\.?\s*m\.?)?$/i.exec(v.trim());
  if (!m) return null;
  let h = Number(m[1]);
  const minutes = m[2] ?? '00';
  if (m[3]) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (m[3].toLowerCase() === 'p' ? 12 : 0);
  } else if (m[2] === undefined || h > 23) return null;
  return `${String(h).padStart(2, '0')}:${minutes}`;
}

export class FamilyCells {
  constructor(private readonly table: CsvTable, readonly problems: Problem[]) {}

  problem(row: CsvRow, column: string, code: string, message: string, hint: string): null {
    this.problems.push({ code: `sites.${code}`, message, where: cellWhere(this.table, row, column), hint });
    return null;
  }

  /** The cell as written (trimmed), or null when it holds a control character or a line break. */
  raw(row: CsvRow, column: string): string | null {
    const v = row.cells[column] ?? '';
    const odd = oddCharacter(v);
    if (odd) return this.problem(row, column, 'control-character', `${column} holds ${odd.name} at character ${odd.index + 1}: it ${PLAIN_TEXT}`, 'retype the cell as plain text');
    // A file saved in another encoding than UTF-8 (Excel's "CSV" on Windows is Windows-1252) reaches
    // the server with each accented letter turned into U+FFFD by the browser that read it.
    const unread = v.indexOf('\uFFFD');
    if (unread >= 0) return this.problem(row, column, 'not-utf8', `${column} "${v.slice(0, 40)}" holds a character that could not be read (U+FFFD, at character ${unread + 1}): the file is not saved as UTF-8, so its accented letters (é, ñ, ú) were lost`, 'save the file as "CSV UTF-8" (in Excel: Save As, CSV UTF-8) and import it again');
    if (/[\t\n\r]/.test(v)) return this.problem(row, column, 'line-break', `${column} holds a line break or a tab: a cell is one line of text`, 'put the whole cell on one line');
    return v;
  }

  text(row: CsvRow, column: string, o: { max: number; required: boolean; hint: string }): string | null {
    const v = this.raw(row, column);
    if (v === null) return null;
    // Nothing but zero-width or direction characters is empty too, as the routes that enter one site say (src/text/invisible.ts).
    if (o.required && looksEmpty(v)) return this.problem(row, column, 'empty', v === '' ? `${column} is empty: every site needs one` : `${column} has no visible text (only zero-width or direction characters such as U+200B): every site needs one`, o.hint);
    if ([...v].length > o.max) return this.problem(row, column, 'too-long', `${column} is ${[...v].length} characters long; the most is ${o.max}`, o.hint);
    return v;
  }

  oneOf<T extends string>(row: CsvRow, column: string, allowed: readonly T[], o: { empty: boolean }): T | null | undefined {
    const v = this.raw(row, column);
    if (v === null) return undefined;
    if (v === '' && o.empty) return null;
    const lower = v.toLowerCase();
    if ((allowed as readonly string[]).includes(lower)) return lower as T;
    this.problem(row, column, `bad-${column.replace(/_/g, '-')}`, v === '' ? `${column} is empty; it must be one of ${allowed.join(', ')}` : `${column} "${v.slice(0, 40)}" is not one of ${allowed.join(', ')}`, allowed[0]);
    return undefined;
  }

  degrees(row: CsvRow, column: 'latitude' | 'longitude'): number | null {
    const v = this.raw(row, column);
    if (v === null) return null;
    const max = column === 'latitude' ? 90 : 180;
    const hint = column === 'latitude' ? '34.0505 (decimal degrees, north positive)' : '-118.2551 (decimal degrees, west negative)';
    const unclear = ambiguousNumber(v, { whole: false });
    if (unclear) return this.problem(row, column, unclear.code, `${column}: ${unclear.words}`, hint);
    if (/^[+-]?\d{1,3}\.\d{21,}$/.test(v)) return this.problem(row, column, 'bad-coordinate', `${column} "${v.slice(0, 40)}" has ${v.split('.')[1].length} decimals; the most is 20`, hint);
    if (!/^[+-]?\d{1,3}(\.\d{1,20})?$/.test(v)) return this.problem(row, column, 'bad-coordinate', v === '' ? `${column} is empty: the map needs it` : `${column} "${v.slice(0, 40)}" is not a number in decimal degrees`, hint);
    const n = Number(v);
    if (Math.abs(n) > max) return this.problem(row, column, 'bad-coordinate', `${column} ${v} is outside −${max} to ${max}`, hint);
    return n;
  }

  time(row: CsvRow, column: 'opens' | 'closes'): string | null {
    const v = this.raw(row, column);
    if (v === null) return null;
    const t = HHMM.test(v) ? v : clockTime(v);
    if (t === null) return this.problem(row, column, 'bad-time', `${column} "${v.slice(0, 40)}" is not a time such as 07:30, 13:30 or 1:30 pm`, column === 'opens' ? '07:30' : '13:30');
    return t;
  }

  /** `;`-separated dates, in order, each once; empty: every strike day. */
  dates(row: CsvRow, column: string): string[] | null {
    const v = this.raw(row, column);
    if (v === null || v === '') return v === null ? null : [];
    const parts = v.split(';').map((d) => d.trim()).filter((d) => d !== '');
    const bad = parts.find((d) => !isIsoDate(d));
    if (bad !== undefined) return this.problem(row, column, 'bad-date', `${column}: "${bad.slice(0, 40)}" is not a date YYYY-MM-DD on the calendar`, '2023-03-21;2023-03-22;2023-03-23');
    // A mistyped year (1900, 2203) would match no strike day, and the site would never be shown.
    const far = parts.find((d) => d < EARLIEST_DATE || d > LATEST_DATE);
    if (far !== undefined) return this.problem(row, column, 'date-out-of-range', `${column}: ${far} is not a strike day's date: dates run from ${EARLIEST_DATE} to ${LATEST_DATE}`, '2023-03-21;2023-03-22;2023-03-23');
    if (parts.length > FAMILY_LIMITS.dates) return this.problem(row, column, 'too-many-dates', `${column} lists ${parts.length} dates; the most is ${FAMILY_LIMITS.dates} (leave it empty for every strike day)`, '2023-03-21;2023-03-22');
    const seen = parts.find((d, i) => parts.indexOf(d) !== i);
    if (seen !== undefined) return this.problem(row, column, 'repeated-date', `${column} lists ${seen} twice`, '2023-03-21;2023-03-22');
    return [...parts].sort();
  }

  meals(row: CsvRow, column: string): number | null | undefined {
    const v = this.raw(row, column);
    if (v === null) return undefined;
    if (v === '') return null;
    if (!/^\d{1,3}$/.test(v) || Number(v) < 1 || Number(v) > FAMILY_LIMITS.mealsPerChild) {
      this.problem(row, column, 'bad-meals-per-child', `${column} "${v.slice(0, 40)}" is not a whole number from 1 to ${FAMILY_LIMITS.mealsPerChild}`, '2 (breakfast and lunch)');
      return undefined;
    }
    return Number(v);
  }

  languages(row: CsvRow, column: string): string[] | null {
    const v = this.raw(row, column);
    if (v === null) return null;
    const list = [...new Set(v.split(';').map((l) => l.trim()).filter((l) => !looksEmpty(l)))];
    const long = list.find((l) => [...l].length > FAMILY_LIMITS.language);
    if (long !== undefined) return this.problem(row, column, 'too-long', `${column}: "${long.slice(0, 40)}…" is longer than ${FAMILY_LIMITS.language} characters (languages are separated by ;)`, 'English;Spanish;Korean');
    if (list.length > FAMILY_LIMITS.languages) return this.problem(row, column, 'too-many-languages', `${column} lists ${list.length} languages; the most is ${FAMILY_LIMITS.languages}`, 'English;Spanish;Korean');
    return list;
  }
}
