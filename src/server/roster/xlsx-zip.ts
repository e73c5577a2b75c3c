/**
 * An XLSX file is a zip; the spreadsheet reader expands all of it in memory. Before it does,
 * the zip's directory is read here without trusting it: at most 2,000 entries, and at most
 * 200 MB expanded in all as the zip declares (a 16 MB upload of ordinary worksheets expands to
 * a few times that), so a zip bomb is refused before it is opened.
 */
import { ApiError } from '../errors.ts';
import { listEntries } from '../datasets/zip-read.ts';

const MAX_ENTRIES = 2_000;
const MAX_EXPANDED = 200 * 1024 * 1024;

const refused = (file: string, message: string) =>
  new ApiError(422, { code: 'roster.not-xlsx', message, where: { file }, hint: 'save it again from Excel as "Excel Workbook (.xlsx)", or export it as "CSV UTF-8"' });

export async function checkXlsxZip(file: string, bytes: Uint8Array): Promise<void> {
  let entries;
  try {
    entries = listEntries(bytes);
  } catch {
    throw refused(file, 'the file starts as a zip (an Excel workbook) but its directory cannot be read');
  }
  if (entries.length > MAX_ENTRIES) throw refused(file, `the workbook holds ${entries.length} parts; settle reads workbooks of at most ${MAX_ENTRIES}`);
  const expanded = entries.reduce((n, e) => n + e.size, 0);
  if (expanded > MAX_EXPANDED) throw refused(file, `the workbook expands to ${Math.round(expanded / 1048576)} MB; settle reads workbooks that expand to at most ${MAX_EXPANDED / 1048576} MB`);
  if (entries.some((e) => e.encrypted)) throw refused(file, 'the workbook is password-protected');
}
