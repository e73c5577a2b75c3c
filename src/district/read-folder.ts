import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { InvalidInput } from '../errors/problem.ts';
import { DATASET_FILES, loadDataset, type DatasetFiles } from './load.ts';
import type { Dataset } from './types.ts';

/** Reads a dataset folder from disk (the edge around the pure `loadDataset`). */
export function readDatasetFolder(dir: string): Dataset {
  const missing = DATASET_FILES.filter((f) => !existsSync(join(dir, f)));
  if (missing.length > 0) {
    throw new InvalidInput(missing.map((f) => ({
      code: 'dataset.missing-file',
      message: `the dataset folder has no ${f}`,
      where: { file: join(dir, f) },
      hint: 'run `settle demo --out DIR` to see a complete dataset folder',
    })));
  }
  const files = Object.fromEntries(DATASET_FILES.map((f) => [f, readFileSync(join(dir, f), 'utf8')])) as DatasetFiles;
  return loadDataset(files, (f) => join(dir, f));
}
