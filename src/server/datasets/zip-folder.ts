/**
 * Finding the dataset folder in an uploaded zip. The seven files may sit at the top of the zip
 * or inside one folder (what "compress this folder" makes); everything else is left out and
 * listed. Before anything is expanded, the whole zip is checked: no entry may point outside
 * the folder, hold another zip, or expand to more than the limits below.
 */
import { DATASET_FILES } from '../../district/load.ts';
import type { DatasetFile } from './upload.ts';
import { listEntries, readEntry, zipRefused, type ZipEntry } from './zip-read.ts';

export const ZIP_LIMITS = {
  /** All entries together may expand to at most this (LAUSD's seven files are under 4 MB). */
  totalBytes: 200 * 1024 * 1024,
  /** An entry over `ratioFrom` bytes may expand at most this many times (CSV compresses about 5-20 times). */
  ratio: 200,
  ratioFrom: 1024 * 1024,
};

export interface ZipFolder {
  /** The folder the files were in ('' for the top of the zip). */
  folder: string;
  files: Partial<Record<DatasetFile, Uint8Array>>;
  ignored: string[];
}

const MB = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const isDirectory = (e: ZipEntry) => e.name.endsWith('/') || e.name.endsWith('\\');
/** Files a Mac or Windows adds when zipping: never dataset files. */
const isSystemJunk = (path: string) => path.startsWith('__MACOSX/') || /(^|\/)(\._[^/]*|\.DS_Store|Thumbs\.db)$/.test(path);

function checkEntry(e: ZipEntry): void {
  const path = e.name.replace(/\\/g, '/');
  if (path.includes('\0') || path.startsWith('/') || /^[A-Za-z]:/.test(path) || path.split('/').includes('..')) {
    throw zipRefused('unsafe-path', `the zip holds an entry named ${JSON.stringify(e.name)}, which points outside the folder; settle refuses such zips`, undefined, e.name);
  }
  if (/\.zip$/i.test(path)) throw zipRefused('nested', `the zip holds another zip (${e.name}); zips inside zips are refused`, 'zip the dataset folder itself, with its seven files', e.name);
  if (e.encrypted) throw zipRefused('encrypted', `${e.name} in the zip is password-protected`, 'zip the folder without a password', e.name);
  if (e.size > ZIP_LIMITS.ratioFrom && e.size > ZIP_LIMITS.ratio * Math.max(1, e.compressedSize)) {
    throw zipRefused('bomb', `${e.name} would expand from ${MB(e.compressedSize)} to ${MB(e.size)}, more than ${ZIP_LIMITS.ratio} times; settle refuses zips that expand like this`, undefined, e.name);
  }
}

/** The dataset folder of a zip: which folder, its dataset files (expanded and checked), and what was left out. */
export async function pickZipFolder(zip: Uint8Array): Promise<ZipFolder> {
  const all = listEntries(zip);
  all.forEach(checkEntry);
  const entries = all.filter((e) => !isDirectory(e));
  const total = entries.reduce((a, e) => a + e.size, 0);
  if (total > ZIP_LIMITS.totalBytes) {
    throw zipRefused('too-large', `the zip would expand to ${MB(total)}; settle accepts at most ${MB(ZIP_LIMITS.totalBytes)}`, 'zip only the dataset folder (its seven files)');
  }
  const byFolder = new Map<string, Map<DatasetFile, ZipEntry>>();
  for (const e of entries) {
    const path = e.name.replace(/\\/g, '/');
    const slash = path.lastIndexOf('/');
    const base = path.slice(slash + 1).toLowerCase() as DatasetFile;
    if (isSystemJunk(path) || !DATASET_FILES.includes(base)) continue;
    const folder = path.slice(0, slash + 1);
    const files = byFolder.get(folder) ?? new Map<DatasetFile, ZipEntry>();
    if (files.has(base)) throw zipRefused('ambiguous', `the zip holds ${base} twice in ${folder || 'its top folder'} (${files.get(base)?.name} and ${e.name})`, 'keep one copy of each file', e.name);
    byFolder.set(folder, files.set(base, e));
  }
  if (byFolder.size > 1) {
    const folders = [...byFolder.keys()].map((f) => f || '(the top of the zip)').join(', ');
    throw zipRefused('ambiguous', `the zip holds dataset files in more than one folder: ${folders}`, 'zip one dataset folder at a time');
  }
  const [folder = '', chosen = new Map<DatasetFile, ZipEntry>()] = [...byFolder.entries()][0] ?? [];
  const files: ZipFolder['files'] = {};
  for (const [f, e] of chosen) {
    const bytes = await readEntry(zip, e);
    if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
      throw zipRefused('nested', `${e.name} in the zip is itself a zip, not text`, 'zip the dataset folder itself, with its seven files', e.name);
    }
    files[f] = bytes;
  }
  const used = new Set([...chosen.values()]);
  return { folder, files, ignored: entries.filter((e) => !used.has(e)).map((e) => e.name) };
}
