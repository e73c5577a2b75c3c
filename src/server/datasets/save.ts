/**
 * Storing a checked dataset version: in one transaction with its audit entry, numbered 1, 2,
 * 3… per dataset. Two uploads at the same moment may both read "latest is 2" and both try to
 * write 3; the unique constraint (dataset_id, version) refuses the second, which is retried
 * from the start (and then finds 3, or finds the files unchanged).
 */
import type { Transaction } from 'kysely';
import type { IdSource } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { audit } from '../audit.ts';
import { conflict } from '../errors.ts';
import type { DatasetSummary } from '../costing/work.ts';
import type { Actor, Deps } from '../env.ts';
import type { Source } from './upload.ts';
import { latestOf } from './versions.ts';
import { isUniqueViolation } from '../../errors/code.ts';

export interface CheckedVersion {
  gz: Uint8Array;
  sha256: string;
  summary: DatasetSummary;
  source: Source;
  note: string;
}

export interface Saved {
  datasetId: number;
  versionId: number;
  unchanged: boolean;
}

const RETRIES = 5;

async function insertVersion(tx: Transaction<Database>, x: { ids: IdSource; actor: Actor; datasetId: number; number: number; v: CheckedVersion; at: string }): Promise<number> {
  const row = await tx
    .insertInto('dataset_versions')
    .values({
      id: x.ids.next(x.actor.org.id), dataset_id: x.datasetId, version: x.number, source: x.v.source, note: x.v.note, sha256: x.v.sha256,
      summary: JSON.stringify(x.v.summary), files_gz: x.v.gz, created_by: x.actor.person.id, created_at: x.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit(tx, x.ids, { organizationId: x.actor.org.id, personId: x.actor.person.id, action: 'dataset-version.create', subject: `dataset-versions/${row.id}`, at: x.at });
  return row.id;
}

/** A new dataset of the actor's district, with the version as its version 1. */
export async function createDataset(deps: Deps, actor: Actor, name: string, v: CheckedVersion): Promise<Saved> {
  const at = deps.now().toISOString();
  return deps.db.transaction().execute(async (tx) => {
    const dataset = await tx.insertInto('datasets').values({ id: deps.ids.next(actor.org.id), organization_id: actor.org.id, name, created_by: actor.person.id, created_at: at }).returning('id').executeTakeFirstOrThrow();
    await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'dataset.create', subject: `datasets/${dataset.id}`, at });
    const versionId = await insertVersion(tx, { ids: deps.ids, actor, datasetId: dataset.id, number: 1, v, at });
    return { datasetId: dataset.id, versionId, unchanged: false };
  });
}

/** The next version of a dataset, or the latest one unchanged when its files are byte-identical. */
export async function addVersion(deps: Deps, actor: Actor, datasetId: number, v: CheckedVersion): Promise<Saved> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.db.transaction().execute(async (tx) => {
        const latest = await latestOf(tx, datasetId);
        if (latest && latest.sha256 === v.sha256) return { datasetId, versionId: latest.id, unchanged: true };
        const versionId = await insertVersion(tx, { ids: deps.ids, actor, datasetId, number: (latest?.version ?? 0) + 1, v, at: deps.now().toISOString() });
        return { datasetId, versionId, unchanged: false };
      });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      if (attempt >= RETRIES) throw conflict('dataset.busy', `other versions of dataset ${datasetId} were being stored at the same moment; nothing was stored`, 'send the upload again');
    }
  }
}
