/**
 * Stored dataset versions: who can see them and their files. A dataset belongs to a district;
 * the district and the unions at its table can read (and cost on) every version of it.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { DATASET_FILES, type DatasetFiles } from '../../district/load.ts';
import type { Actor } from '../env.ts';
import { districtOf } from '../orgs/counterparts.ts';

const gzipAsync = promisify(gzip);

export interface VisibleDatasetVersion {
  id: number;
  datasetId: number;
  version: number;
  organizationId: number;
}

/** The version if the actor's table is the dataset's district; null otherwise (answer 404). */
export async function visibleDatasetVersion(db: Kysely<Database>, actor: Actor, id: number): Promise<VisibleDatasetVersion | null> {
  const district = districtOf(actor.org);
  if (district === null) return null;
  const row = await db
    .selectFrom('dataset_versions')
    .innerJoin('datasets', 'datasets.id', 'dataset_versions.dataset_id')
    .select(['dataset_versions.id', 'dataset_versions.dataset_id', 'dataset_versions.version', 'datasets.organization_id'])
    .where('dataset_versions.id', '=', id)
    .where('datasets.organization_id', '=', district)
    .executeTakeFirst();
  return row ? { id: row.id, datasetId: row.dataset_id, version: row.version, organizationId: row.organization_id } : null;
}

/** The most recently stored dataset version at the actor's table (of any dataset), or null if there is none. */
export async function latestDatasetVersion(db: Kysely<Database>, actor: Actor): Promise<number | null> {
  const district = districtOf(actor.org);
  if (district === null) return null;
  const row = await db
    .selectFrom('dataset_versions')
    .innerJoin('datasets', 'datasets.id', 'dataset_versions.dataset_id')
    .select('dataset_versions.id')
    .where('datasets.organization_id', '=', district)
    // Newest first; within one millisecond, in the order GET /api/datasets lists them.
    .orderBy('dataset_versions.created_at', 'desc')
    .orderBy('datasets.created_at', 'desc')
    .orderBy('datasets.id', 'desc')
    .orderBy('dataset_versions.version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The gzip JSON of a version's files (as stored). */
export async function datasetFilesGz(db: Kysely<Database>, id: number): Promise<Uint8Array> {
  const row = await db.selectFrom('dataset_versions').select('files_gz').where('id', '=', id).executeTakeFirstOrThrow();
  return row.files_gz;
}

/** Files → the stored form: gzip of JSON with the files in a fixed order, and its SHA-256 (on a thread: see packFilesOffLoop). */
export function packFiles(files: DatasetFiles): { gz: Buffer; sha256: string } {
  const json = storedJson(files);
  return { gz: gzipSync(json), sha256: createHash('sha256').update(json).digest('hex') };
}

/** The same on the server's event loop: compressed on libuv's thread pool, since an upload may be 64 MB. */
export async function packFilesOffLoop(files: DatasetFiles): Promise<{ gz: Buffer; sha256: string }> {
  const json = storedJson(files);
  return { gz: await gzipAsync(json), sha256: createHash('sha256').update(json).digest('hex') };
}

const storedJson = (files: DatasetFiles) => JSON.stringify(Object.fromEntries(DATASET_FILES.map((f) => [f, files[f]])));
