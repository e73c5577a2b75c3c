/**
 * For tests only (the server never imports this): stores dataset versions directly, since the
 * dataset upload routes are written elsewhere, and a few proposal texts for the tiny district.
 * Each dataset is checked on the server's costing threads first, as an upload would be.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATASET_FILES, type DatasetFiles } from '../../district/load.ts';
import { TINY_DIR } from '../../../test/helpers/tiny.ts';
import type { OrgKey, TestServer } from '../../../test/helpers/server.ts';
import { packFiles } from '../datasets/store.ts';

export function tinyFiles(): DatasetFiles {
  return Object.fromEntries(DATASET_FILES.map((f) => [f, readFileSync(join(TINY_DIR, f), 'utf8')])) as DatasetFiles;
}

/** Stores `files` as the next version of the district's dataset named `name`; returns the version's id. */
export async function addDatasetVersion(s: TestServer, district: OrgKey, files: DatasetFiles = tinyFiles(), name = 'District data'): Promise<number> {
  const db = s.handle.db;
  const { gz, sha256 } = packFiles(files);
  const checked = await s.deps.costing.checkDataset(gz);
  if (!checked.ok) throw new Error(`test dataset does not load: ${checked.problems[0]?.message}`);
  const admin = await db.selectFrom('people').select('id').where('organization_id', '=', s.orgId[district]).where('role', '=', 'admin').executeTakeFirstOrThrow();
  const at = s.clock.now.toISOString();
  let dataset = await db.selectFrom('datasets').select('id').where('organization_id', '=', s.orgId[district]).where('name', '=', name).executeTakeFirst();
  dataset ??= await db.insertInto('datasets').values({ id: s.deps.ids.next(s.orgId[district]), organization_id: s.orgId[district], name, created_by: admin.id, created_at: at }).returning('id').executeTakeFirstOrThrow();
  const last = await db.selectFrom('dataset_versions').select((eb) => eb.fn.max('version').as('n')).where('dataset_id', '=', dataset.id).executeTakeFirst();
  const row = await db
    .insertInto('dataset_versions')
    .values({
      id: s.deps.ids.next(s.orgId[district]), dataset_id: dataset.id, version: Number(last?.n ?? 0) + 1, source: 'upload', note: 'test', sha256, summary: JSON.stringify(checked.value),
      files_gz: gz, created_by: admin.id, created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A proposal for the tiny district: a raise of `pct`% from 2019-07-01, plus any extra terms (YAML
 * lines). Its term runs to 2023-06-30, so it is costed 2018-19 to 2022-23 (2022-23 extrapolated,
 * past the tiny budget's 2021-22).
 */
export function raiseYaml(pct: number, o: { party?: string; unit?: string; title?: string; extra?: string[] } = {}): string {
  return [
    `id: raise-${pct}`,
    `title: ${o.title ?? `A ${pct}% raise`}`,
    `party: ${o.party ?? 'union'}`,
    `unit: ${o.unit ?? 'T'}`,
    'date: 2019-03-01',
    'term: { start: 2019-07-01, end: 2023-06-30 }',
    'terms:',
    `  - { id: raise-1, kind: raise, pct: ${pct}, effective: 2019-07-01 }`,
    ...(o.extra ?? []).map((t) => `  - ${t}`),
    '',
  ].join('\n');
}

/** Rows in every table, to show a refused request changed nothing. */
export async function rowCounts(s: TestServer): Promise<Record<string, number>> {
  const tables = ['organizations', 'people', 'audit_log', 'invitations', 'sessions', 'sign_in_failures', 'datasets', 'dataset_versions', 'proposals', 'proposal_versions', 'passes', 'publications', 'countersignatures'] as const;
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = Number((await s.handle.db.selectFrom(t).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return out;
}
