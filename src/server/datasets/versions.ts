/**
 * Reading datasets and their versions for the routes: the rows, joined with who made them, as
 * the JSON the API answers with. Which datasets an actor may see is decided here and in
 * store.ts (a dataset belongs to a district; its unions read it too).
 */
import type { Kysely, Transaction } from 'kysely';
import type { z } from '@hono/zod-openapi';
import type { Database } from '../../db/schema.ts';
import type { DatasetSummary } from '../costing/work.ts';
import type { Actor } from '../env.ts';
import { districtOf } from '../orgs/counterparts.ts';
import type { DatasetVersionSchema } from './schemas.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type VersionJson = z.infer<typeof DatasetVersionSchema>;

const versions = (db: Db) =>
  db
    .selectFrom('dataset_versions')
    .innerJoin('people', 'people.id', 'dataset_versions.created_by')
    .select([
      'dataset_versions.id', 'dataset_versions.dataset_id', 'dataset_versions.version', 'dataset_versions.source', 'dataset_versions.note',
      'dataset_versions.sha256', 'dataset_versions.summary', 'dataset_versions.created_at', 'people.name as created_by_name',
    ]);

type VersionRow = Awaited<ReturnType<ReturnType<typeof versions>['executeTakeFirstOrThrow']>>;

function versionJson(r: VersionRow): VersionJson {
  return {
    id: r.id, datasetId: r.dataset_id, version: r.version, source: r.source as VersionJson['source'], note: r.note,
    sha256: r.sha256, summary: JSON.parse(r.summary) as DatasetSummary, createdAt: r.created_at, createdBy: r.created_by_name,
  };
}

/** The datasets at the actor's table (a district's own; a union's district's), newest first, each with its versions newest first. */
export async function datasetsAtTable(db: Db, actor: Actor) {
  const district = districtOf(actor.org);
  if (district === null) return [];
  const sets = await db.selectFrom('datasets').select(['id', 'name', 'created_at']).where('organization_id', '=', district).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  if (sets.length === 0) return [];
  const rows = await versions(db).where('dataset_versions.dataset_id', 'in', sets.map((d) => d.id)).orderBy('dataset_versions.version', 'desc').execute();
  return sets.map((d) => ({ id: d.id, name: d.name, createdAt: d.created_at, versions: rows.filter((r) => r.dataset_id === d.id).map(versionJson) }));
}

/** One version with its dataset's id and name (visibility is checked by the caller). */
export async function versionAnswer(db: Db, id: number) {
  const row = await versions(db)
    .innerJoin('datasets', 'datasets.id', 'dataset_versions.dataset_id')
    .select(['datasets.name as dataset_name'])
    .where('dataset_versions.id', '=', id)
    .executeTakeFirstOrThrow();
  return { dataset: { id: row.dataset_id, name: row.dataset_name }, version: versionJson(row) };
}

/** The dataset if it belongs to the actor's table, else null (answer 404, whoever's it is). */
export async function datasetAtTable(db: Db, actor: Actor, id: number): Promise<{ id: number; name: string } | null> {
  const district = districtOf(actor.org);
  if (district === null) return null;
  const row = await db.selectFrom('datasets').select(['id', 'name']).where('id', '=', id).where('organization_id', '=', district).executeTakeFirst();
  return row ?? null;
}

/** The latest version of a dataset: its id, number, SHA-256 and summary. */
export async function latestOf(db: Db, datasetId: number) {
  const row = await db
    .selectFrom('dataset_versions')
    .select(['id', 'version', 'sha256', 'summary'])
    .where('dataset_id', '=', datasetId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, version: row.version, sha256: row.sha256, summary: JSON.parse(row.summary) as DatasetSummary } : null;
}
