/**
 * From an upload to the seven files of a dataset folder, in the three forms the routes take:
 * a JSON object of texts, multipart fields named by file, or one zip. Every file is decoded as
 * UTF-8 (anything else is refused with where the first bad byte is) with a leading BOM removed,
 * so the same folder gives the same files, and the same SHA-256, whichever way it came.
 */
import { DATASET_FILES, type DatasetFiles } from '../../district/load.ts';
import type { Problem } from '../../errors/problem.ts';
import { ApiError, invalidContent } from '../errors.ts';
import { pickZipFolder } from './zip-folder.ts';

export type DatasetFile = (typeof DATASET_FILES)[number];
export type Source = 'upload' | 'zip' | 'cde';

export interface Upload {
  files: DatasetFiles;
  source: Source;
  /** Entries of a zip that are not dataset files (left out, listed in the answer). */
  ignored: string[];
}

/** A multipart field: an uploaded file or a pasted text. */
export type FieldValue = File | string;

const BOM = '\uFEFF';
const FILE_LIST = DATASET_FILES.join(', ');

/** Text from bytes: UTF-8 or a 422 naming the file, line and column of the first bad byte. */
export function decodeText(file: string, bytes: Uint8Array): string {
  try {
    return stripBom(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    const loose = new TextDecoder('utf-8').decode(bytes);
    const at = loose.indexOf('\uFFFD');
    const before = loose.slice(0, Math.max(0, at));
    const line = before.split('\n').length;
    throw new ApiError(422, {
      code: 'dataset.not-utf8', message: `${file} is not UTF-8 text (the first character that is not is on line ${line})`,
      where: { file, line, col: at - before.lastIndexOf('\n') }, hint: 'save the file as UTF-8: in Excel, "Save As" → "CSV UTF-8 (comma delimited)"',
    });
  }
}

export const stripBom = (text: string) => (text.startsWith(BOM) ? text.slice(1) : text);

/** All seven files, or a 422 naming each one missing. */
export function requireAll(found: Partial<Record<DatasetFile, string>>, where = ''): DatasetFiles {
  const missing = DATASET_FILES.filter((f) => found[f] === undefined);
  if (missing.length > 0) {
    const problems: Problem[] = missing.map((f) => ({
      code: 'dataset.missing-file', message: `the dataset has no ${f}${where}`, where: { file: f },
      hint: `a dataset folder has seven files: ${FILE_LIST}`,
    }));
    throw invalidContent(problems);
  }
  return found as DatasetFiles;
}

/** JSON `files`: the texts as given, less a BOM. */
export function fromJson(files: Partial<Record<DatasetFile, string>>): Upload {
  const texts = Object.fromEntries(Object.entries(files).filter(([, t]) => t !== undefined).map(([f, t]) => [f, stripBom(t as string)]));
  return { files: requireAll(texts), source: 'upload', ignored: [] };
}

/** Multipart fields named by file (uploaded files or pasted texts). */
export async function fromFields(fields: Partial<Record<DatasetFile, FieldValue>>): Promise<Upload> {
  const texts: Partial<Record<DatasetFile, string>> = {};
  for (const f of DATASET_FILES) {
    const v = fields[f];
    if (v !== undefined) texts[f] = typeof v === 'string' ? stripBom(v) : decodeText(f, new Uint8Array(await v.arrayBuffer()));
  }
  return { files: requireAll(texts), source: 'upload', ignored: [] };
}

/** One zip holding the folder (at its top, or inside one folder). */
export async function fromZip(zip: File): Promise<Upload> {
  const picked = await pickZipFolder(new Uint8Array(await zip.arrayBuffer()));
  const texts: Partial<Record<DatasetFile, string>> = {};
  for (const [f, bytes] of Object.entries(picked.files) as [DatasetFile, Uint8Array][]) texts[f] = decodeText(f, bytes);
  const where = picked.folder ? ` in the zip's folder ${picked.folder}` : ' at the top of the zip';
  return { files: requireAll(texts, where), source: 'zip', ignored: picked.ignored };
}
