import { renameSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { UsageError, type Io } from './io.ts';
import { errorCode } from '../errors/code.ts';

const statOf = (path: string): Stats | null => {
  try {
    return statSync(path);
  } catch {
    return null;
  }
};

/**
 * Refuses, before any work is done, a file the command could not write: a name that is a
 * folder's, or a folder that does not exist. (writeWhole says the same if it changes meanwhile.)
 */
export function checkOutFile(path: string | undefined, flag: string, example: string): void {
  if (path === undefined) return;
  if (statOf(path)?.isDirectory()) throw new UsageError(`${flag} ${path} is a folder: name a file inside it, such as ${flag} ${join(path, example)}`);
  const folder = dirname(resolve(path));
  const f = statOf(folder);
  if (!f) throw new UsageError(`${flag} ${path}: the folder ${folder} does not exist; create it first (mkdir -p ${folder}), or name a file in a folder that exists, such as ${flag} ${example}`);
  if (!f.isDirectory()) throw new UsageError(`${flag} ${path}: ${folder} is a file, not a folder; name a file in a folder, such as ${flag} ${example}`);
}

/** Refuses, before any work is done, an output folder whose name is a file's (the folder is made when missing). */
export function checkOutFolder(path: string | undefined, flag: string): void {
  if (path === undefined) return;
  const s = statOf(path);
  if (s && !s.isDirectory()) throw new UsageError(`${flag} ${path} is a file: name a folder to write into (it is made if missing), such as ${flag} ${path}-dataset`);
}

export type Format = 'table' | 'json' | 'xlsx';

/** Reads `--format`/`--json` into one format, checking that binary formats have somewhere to go. */
export function formatOf(opts: { format?: string; json?: boolean; out?: string }, allowed: Format[]): Format {
  // --json is --format json: with another --format, which was meant is not known.
  if (opts.json && opts.format !== undefined && opts.format !== 'json') throw new UsageError(`--json prints JSON, and --format ${opts.format} asks for ${opts.format}: give one of them`);
  const f = (opts.json ? 'json' : (opts.format ?? 'table')) as Format;
  if (!allowed.includes(f)) throw new UsageError(`--format must be one of ${allowed.join(', ')}, got ${JSON.stringify(opts.format)}`);
  if (f === 'xlsx' && !opts.out) throw new UsageError('--format xlsx writes a file: add --out FILE.xlsx');
  return f;
}

/** Writes a file whole or not at all (temporary name, then rename); if it cannot, says why and leaves nothing behind. */
export function writeWhole(path: string, data: string | Buffer): void {
  const tmp = `${path}.tmp-${process.pid}`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    const code = errorCode(e) ?? '';
    const why: Record<string, string> = {
      ENOENT: `the folder ${dirname(resolve(path))} does not exist`,
      ENOTDIR: `${dirname(resolve(path))} is not a folder`,
      EISDIR: 'it is a folder',
      EACCES: 'this user may not write there',
      EPERM: 'this user may not write there',
      EROFS: 'that disk is read-only',
      ENOSPC: 'the disk is full',
    };
    if (why[code]) throw new UsageError(`cannot write ${path}: ${why[code]}; nothing was written`);
    throw e;
  }
}

/** Writes a file whole (writeWhole) and says so on stderr, with its size: a command that wrote a file never ends in silence. */
export function writeReport(io: Io, path: string, data: string | Buffer): void {
  writeWhole(path, data);
  const bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
  io.err(`Wrote ${path} (${bytes < 10_240 ? `${bytes.toLocaleString('en-US')} bytes` : `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`})\n`);
}

/** The answer to --out FILE (written whole, and said) or, without it, to stdout. */
export function emit(io: Io, out: string | undefined, text: string): void {
  if (out) writeReport(io, out, text);
  else io.out(text);
}
