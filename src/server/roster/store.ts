/**
 * What the roster routes read: the union's current members (as the import core compares them),
 * the district's sites to match worksites against, and pending imports (the table as read,
 * gzip-compressed). Every query names the union: nothing here crosses organizations.
 */
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { parseSchools } from '../../district/tables.ts';
import type { CurrentMember } from '../../roster/plan.ts';
import type { Site } from '../../roster/sites.ts';
import type { RosterTable } from '../../roster/table.ts';
import { datasetFilesGz } from '../datasets/store.ts';
import type { Actor } from '../env.ts';
import { notFound } from '../errors.ts';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
type Db = Kysely<Database> | Transaction<Database>;

export interface StoredMember extends CurrentMember {
  rowId: number;
  worksiteId: number | null;
}

/** Every member of the union, removed ones too (a re-import may bring them back). */
export async function currentRoster(db: Db, organizationId: number): Promise<StoredMember[]> {
  const rows = await db
    .selectFrom('roster_members as m')
    .leftJoin('roster_worksites as w', 'w.id', 'm.worksite_id')
    .select(['m.id', 'm.member_id', 'm.name', 'm.employee_id', 'm.email', 'm.mobile', 'm.job_class', 'm.status', 'm.removed_at', 'm.worksite_id', 'w.key as worksite_key', 'w.name as worksite_name'])
    .where('m.organization_id', '=', organizationId)
    .execute();
  return rows.map((r) => ({
    rowId: r.id, worksiteId: r.worksite_id, memberId: r.member_id, name: r.name, employeeId: r.employee_id, email: r.email, mobile: r.mobile,
    jobClass: r.job_class, status: r.status, removed: r.removed_at !== null,
    worksite: r.worksite_key === null || r.worksite_name === null ? null : { key: r.worksite_key, name: r.worksite_name },
  }));
}

const sitesOf = new Map<number, Site[]>();

/** The schools and offices of a dataset version (kept for the last few versions read: a version never changes). */
export async function datasetSites(db: Db, versionId: number | null): Promise<Site[]> {
  if (versionId === null) return [];
  const known = sitesOf.get(versionId);
  if (known) return known;
  const files = JSON.parse((await gunzipAsync(await datasetFilesGz(db as Kysely<Database>, versionId))).toString('utf8')) as Record<string, string>;
  const sites = parseSchools(files['schools.csv'] ?? '', 'schools.csv').rows.map((s) => ({ id: s.id, name: s.name, cdsCode: s.cdsCode || null }));
  if (sitesOf.size >= 4) sitesOf.delete(sitesOf.keys().next().value!);
  sitesOf.set(versionId, sites);
  return sites;
}

export const packTable = async (t: RosterTable) => new Uint8Array(await gzipAsync(JSON.stringify(t)));

export interface PendingImport {
  id: number;
  fileName: string;
  format: string;
  rows: number;
  datasetVersionId: number | null;
  status: string;
  createdAt: string;
  table: RosterTable;
}

/** An import of the actor's union, or 404 (another organization's answers the same as none). */
export async function importOf(db: Db, actor: Actor, id: number): Promise<PendingImport> {
  const r = await db.selectFrom('roster_imports').selectAll().where('id', '=', id).where('organization_id', '=', actor.org.id).executeTakeFirst();
  if (!r) throw notFound('roster import', id);
  const table = JSON.parse((await gunzipAsync(r.table_gz)).toString('utf8')) as RosterTable;
  return { id: r.id, fileName: r.file_name, format: r.format, rows: r.rows, datasetVersionId: r.dataset_version_id, status: r.status, createdAt: r.created_at, table };
}
