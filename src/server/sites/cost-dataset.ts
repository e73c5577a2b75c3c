/**
 * The dataset a strike day's cost is computed on, loaded from its stored version. A version
 * never changes, so the last few loaded are kept: loading the LAUSD demo takes about 0.8 s on
 * the server's event loop the first time a version is asked for, nothing after that. (The
 * costing threads have no strike-impact job yet; moving this there is left for later.)
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { loadDataset } from '../../district/load.ts';
import type { Dataset } from '../../district/types.ts';
import { filesFromGzip } from '../costing/work.ts';
import { datasetFilesGz } from '../datasets/store.ts';

const KEEP = 3;
/** By database (a test process opens several, whose ids may repeat), then by version id. */
const loadedOf = new WeakMap<Kysely<Database>, Map<number, Promise<Dataset>>>();

/** The loaded dataset of a stored version (the caller has checked it is the actor's). */
export function costDataset(db: Kysely<Database>, versionId: number): Promise<Dataset> {
  let loaded = loadedOf.get(db);
  if (!loaded) loadedOf.set(db, (loaded = new Map()));
  const hit = loaded.get(versionId);
  if (hit) {
    loaded.delete(versionId);
    loaded.set(versionId, hit);
    return hit;
  }
  const load = datasetFilesGz(db, versionId).then((gz) => loadDataset(filesFromGzip(gz)));
  load.catch(() => loaded.delete(versionId));
  loaded.set(versionId, load);
  while (loaded.size > KEEP) loaded.delete(loaded.keys().next().value!);
  return load;
}

/** Students enrolled at each school in the dataset's base year (all grades); a site with none is absent. */
export function enrollmentBySchool(dataset: Dataset): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of dataset.enrollment) out.set(e.school, (out.get(e.school) ?? 0) + e.students);
  return out;
}
