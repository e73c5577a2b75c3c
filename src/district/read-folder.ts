import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, realpathSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { InvalidInput } from '../errors/problem.ts';
import { decodeDataset, encodeDataset, type Column, type EncodedDataset } from './cache-codec.ts';
import { DATASET_FILES, loadDataset, type DatasetFiles } from './load.ts';
import type { Dataset } from './types.ts';

/**
 * Where checked datasets are kept, and the build of settle that checked them: a dataset read
 * once is read again from here while neither its files nor settle have changed.
 */
export interface DatasetCache {
  dir: string;
  /** Changes whenever settle's code does (its build), so a cache entry never outlives the code that made it. */
  stamp: string;
  /** Work derived from the dataset, kept beside it: `save` makes it when the entry is written, `load` takes it back on a hit. */
  derived?: { save: (ds: Dataset) => unknown; load: (ds: Dataset, kept: unknown) => void };
  /**
   * How long (ms) a file must have been left alone before its size, times and inode stand for its
   * content (see `datasetKey`); 2,000 unless a test says otherwise.
   */
  settledMs?: number;
}

/** Cache entries kept; the oldest go first. */
const KEEP = 16;
/** A list of rows whose columns take more than this is read only when a command asks for its rows. */
const LAZY_BYTES = 512 * 1024;
const DEFAULT_SETTLED_MS = 2000;

/**
 * The command line's dataset cache: `SETTLE_CACHE_DIR`, else `$XDG_CACHE_HOME/settle`, else
 * `~/.cache/settle`, in a `datasets` folder. Only the compiled command uses it (its build mark is
 * the stamp); run from the TypeScript sources, or with `SETTLE_CACHE=off`, there is none.
 */
export function defaultDatasetCache(env: NodeJS.ProcessEnv = process.env): DatasetCache | null {
  if (env.SETTLE_CACHE === 'off' || !import.meta.url.endsWith('.js')) return null;
  let stamp: string;
  try {
    stamp = readFileSync(new URL('../.built', import.meta.url), 'utf8').trim();
  } catch {
    return null;
  }
  const base = env.SETTLE_CACHE_DIR ?? join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'settle');
  return { dir: join(base, 'datasets'), stamp };
}

/** Reads a dataset folder from disk (the edge around the pure `loadDataset`). */
export function readDatasetFolder(dir: string, cache: DatasetCache | null = null): Dataset {
  // No folder there at all (a mistyped path): one problem, not one per file it would hold.
  let folder: ReturnType<typeof statSync> | undefined;
  try {
    folder = statSync(dir);
  } catch {
    folder = undefined;
  }
  if (!folder?.isDirectory()) {
    throw new InvalidInput([{
      code: 'dataset.no-folder',
      message: folder ? 'this is a file, not a dataset folder (a folder holding district.yaml and its CSV files)' : 'there is no folder here (a dataset is a folder holding district.yaml and its CSV files); check the path',
      where: { file: dir },
      hint: 'run `settle demo --out DIR` to make a complete dataset folder, then give `--district DIR`',
    }]);
  }
  const missing = DATASET_FILES.filter((f) => !existsSync(join(dir, f)));
  if (missing.length > 0) {
    throw new InvalidInput(missing.map((f) => ({
      code: 'dataset.missing-file',
      message: `the dataset folder has no ${f}`,
      where: { file: join(dir, f) },
      hint: 'run `settle demo --out DIR` to see a complete dataset folder',
    })));
  }
  if (!cache) return loadFiles(dir, DATASET_FILES.map((f) => readFileSync(join(dir, f))));
  const { key, bytes } = datasetKey(dir, cache);
  const entry = join(cache.dir, `${key}.bin`);
  const cached = readEntry(entry, cache);
  if (cached) return cached;
  const dataset = loadFiles(dir, bytes ?? DATASET_FILES.map((f) => readFileSync(join(dir, f))));
  writeEntry(cache, entry, dataset);
  return dataset;
}

function loadFiles(dir: string, bytes: Buffer[]): Dataset {
  const files = Object.fromEntries(DATASET_FILES.map((f, i) => [f, bytes[i].toString('utf8')])) as DatasetFiles;
  return loadDataset(files, (f) => join(dir, f));
}

/**
 * The content hash of a dataset folder: its files' bytes and names, settle's build and the
 * serializer's version. Worked out once, it is noted beside the cache under the folder's path
 * with each file's size, modification and change times, device and inode, and taken from that
 * note, without reading the files, while all of those are as noted and every file had been left
 * alone for `settledMs` before the note was written (as git trusts its index: a file written in
 * the same moment as the note could change again without its times showing it). `how` says
 * which way it was found; `bytes` are the files when they were read.
 */
export function datasetKey(dir: string, cache: DatasetCache): { key: string; how: 'noted' | 'hashed'; bytes?: Buffer[] } {
  const stats = DATASET_FILES.map((f) => statSync(join(dir, f), { bigint: true }));
  const seen = stats.map((s) => `${s.size}:${s.mtimeNs}:${s.ctimeNs}:${s.dev}:${s.ino}`).join(' ');
  const note = noteFile(dir, cache);
  try {
    const kept = JSON.parse(readFileSync(note, 'utf8')) as { seen: string; key: string; trusted: boolean };
    if (kept.trusted && kept.seen === seen && /^[0-9a-f]{64}$/.test(kept.key)) return { key: kept.key, how: 'noted' };
  } catch {
    // No note, or one that cannot be read: the files are hashed.
  }
  const bytes = DATASET_FILES.map((f) => readFileSync(join(dir, f)));
  const h = createHash('sha256');
  h.update(`settle-dataset-3\0${cache.stamp}\0${process.versions.v8}\0`);
  DATASET_FILES.forEach((f, i) => {
    h.update(`${f}\0${bytes[i].length}\0`);
    h.update(bytes[i]);
  });
  const key = h.digest('hex');
  const settled = BigInt(Date.now() - (cache.settledMs ?? DEFAULT_SETTLED_MS)) * 1_000_000n;
  // Times the files had before they were read: a change while they were read shows as a new time.
  const trusted = stats.every((s) => s.mtimeNs < settled && s.ctimeNs < settled);
  const after = DATASET_FILES.map((f) => statSync(join(dir, f), { bigint: true }).ctimeNs);
  if (after.every((c, i) => c === stats[i].ctimeNs)) writeAtomically(note, JSON.stringify({ seen, key, trusted }));
  return { key, how: 'hashed', bytes };
}

function noteFile(dir: string, cache: DatasetCache): string {
  let where = dir;
  try {
    where = realpathSync(dir);
  } catch {
    // The folder as given.
  }
  return join(cache.dir, 'noted', `${createHash('sha256').update(`${cache.stamp}\0${where}`).digest('hex')}.json`);
}

/**
 * An entry's layout: the length of its head (4 bytes, little-endian), the head (the dataset
 * without its large lists of rows, the derived work, and where each large list's columns are),
 * then those columns, each read from the open entry only when a command asks for its rows.
 */
interface Head { dataset: EncodedDataset; derived: unknown; lazy: Record<string, { columns: string[]; length: number; at: number; bytes: number }> }

/** A cache entry's bytes (exported for the tests that plant one); lists taking more than `lazyBytes` go after the head. */
export function entryBytes(dataset: Dataset, derived: unknown, lazyBytes = LAZY_BYTES): Buffer {
  const encoded = encodeDataset(dataset);
  const head: Head = { dataset: {}, derived, lazy: {} };
  const tail: Buffer[] = [];
  let at = 0;
  for (const [part, e] of Object.entries(encoded)) {
    const values = 'values' in e ? serialize(e.values) : null;
    if ('values' in e && values && values.length > lazyBytes) {
      head.lazy[part] = { columns: e.columns, length: e.length, at, bytes: values.length };
      tail.push(values);
      at += values.length;
    } else head.dataset[part] = e;
  }
  const headBytes = serialize(head);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(headBytes.length);
  return Buffer.concat([size, headBytes, ...tail]);
}

/**
 * A cached dataset, or null when there is none or it cannot be read (then the files are read).
 * The entry stays open while a large list has not been read, so what is read later is from the
 * same entry even if another command replaces it meanwhile; it is closed when the last is read.
 */
function readEntry(file: string, cache: DatasetCache): Dataset | null {
  let fd: number | null = null;
  try {
    fd = openSync(file, 'r');
    const size = Buffer.alloc(4);
    if (readSync(fd, size, 0, 4, 0) !== 4) throw new Error('short entry');
    const headBytes = Buffer.alloc(size.readUInt32LE(0));
    if (readSync(fd, headBytes, 0, headBytes.length, 4) !== headBytes.length) throw new Error('short entry');
    const head = deserialize(headBytes) as Head;
    const base = 4 + headBytes.length;
    const open = fd;
    let unread = Object.keys(head.lazy).length;
    const done = () => {
      if (fd !== null) closeSync(fd);
      fd = null;
    };
    const parts: EncodedDataset = { ...head.dataset };
    for (const [part, l] of Object.entries(head.lazy)) {
      parts[part] = {
        columns: l.columns,
        length: l.length,
        values: () => {
          const bytes = Buffer.alloc(l.bytes);
          if (readSync(open, bytes, 0, l.bytes, base + l.at) !== l.bytes) throw new Error(`the dataset cache entry ${file} ends early; run the command again with SETTLE_CACHE=off`);
          if (--unread === 0) done();
          return deserialize(bytes) as Column[];
        },
      };
    }
    const dataset = decodeDataset(parts);
    if (cache.derived && head.derived !== undefined) cache.derived.load(dataset, head.derived);
    if (unread === 0) done();
    return dataset;
  } catch {
    if (fd !== null) closeSync(fd);
    fd = null;
    return null;
  }
}

/** Best effort: a cache that cannot be written (read-only home, full disk) only costs time. */
function writeEntry({ dir, derived }: DatasetCache, file: string, dataset: Dataset): void {
  try {
    writeAtomically(file, entryBytes(dataset, derived?.save(dataset)));
    prune(dir, '.bin', KEEP);
    prune(join(dir, 'noted'), '.json', 4 * KEEP);
  } catch {
    // Nothing to do: the next run reads the files again.
  }
}

function writeAtomically(file: string, data: string | Buffer): void {
  try {
    mkdirSync(join(file, '..'), { recursive: true });
    const tmp = `${file}.tmp-${process.pid}`;
    writeFileSync(tmp, data);
    renameSync(tmp, file);
  } catch {
    // Best effort, as above.
  }
}

function prune(dir: string, ext: string, keep: number): void {
  const entries = readdirSync(dir).filter((f) => f.endsWith(ext)).map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs })).sort((a, b) => b.t - a.t);
  for (const old of entries.slice(keep)) unlinkSync(join(dir, old.f));
}
