import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { InvalidInput } from '../errors/problem.ts';
import { decodeDataset, encodeDataset, type EncodedDataset } from './cache-codec.ts';
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
}

interface Entry { dataset: EncodedDataset; derived: unknown }

/** Cache entries kept; the oldest go first. */
const KEEP = 16;

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
  const missing = DATASET_FILES.filter((f) => !existsSync(join(dir, f)));
  if (missing.length > 0) {
    throw new InvalidInput(missing.map((f) => ({
      code: 'dataset.missing-file',
      message: `the dataset folder has no ${f}`,
      where: { file: join(dir, f) },
      hint: 'run `settle demo --out DIR` to see a complete dataset folder',
    })));
  }
  const bytes = DATASET_FILES.map((f) => readFileSync(join(dir, f)));
  const entry = cache ? join(cache.dir, `${key(cache.stamp, bytes)}.bin`) : null;
  if (entry && cache) {
    const cached = readEntry(entry, cache);
    if (cached) return cached;
  }
  const files = Object.fromEntries(DATASET_FILES.map((f, i) => [f, bytes[i].toString('utf8')])) as DatasetFiles;
  const dataset = loadDataset(files, (f) => join(dir, f));
  if (entry && cache) writeEntry(cache, entry, dataset);
  return dataset;
}

/** The content hash: the files' bytes, their names, settle's build and the serializer's version. */
function key(stamp: string, bytes: Buffer[]): string {
  const h = createHash('sha256');
  h.update(`settle-dataset-2\0${stamp}\0${process.versions.v8}\0`);
  DATASET_FILES.forEach((f, i) => {
    h.update(`${f}\0${bytes[i].length}\0`);
    h.update(bytes[i]);
  });
  return h.digest('hex');
}

/** A cached dataset, or null when there is none or it cannot be read (then the files are read). */
function readEntry(file: string, cache: DatasetCache): Dataset | null {
  try {
    const kept = deserialize(readFileSync(file)) as Entry;
    const dataset = decodeDataset(kept.dataset);
    if (cache.derived && kept.derived !== undefined) cache.derived.load(dataset, kept.derived);
    return dataset;
  } catch {
    return null;
  }
}

/** Best effort: a cache that cannot be written (read-only home, full disk) only costs time. */
function writeEntry({ dir, derived }: DatasetCache, file: string, dataset: Dataset): void {
  try {
    mkdirSync(dir, { recursive: true });
    const tmp = `${file}.tmp-${process.pid}`;
    const kept: Entry = { dataset: encodeDataset(dataset), derived: derived?.save(dataset) };
    writeFileSync(tmp, serialize(kept));
    renameSync(tmp, file);
    const entries = readdirSync(dir).filter((f) => f.endsWith('.bin')).map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs })).sort((a, b) => b.t - a.t);
    for (const old of entries.slice(KEEP)) unlinkSync(join(dir, old.f));
  } catch {
    // Nothing to do: the next run reads the files again.
  }
}
