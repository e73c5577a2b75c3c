/**
 * What the roster routes read: the union's current members (as the import core compares them),
 * the district's sites to match worksites against, and pending imports (the table as read,
 * gzip-compressed). Every query names the union: nothing here crosses organizations.
 */
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { parseSchools } from '../../district/tables.ts';
import type { CurrentMember } from '../../roster/plan.ts';
import type { Site } from '../../roster/sites.ts';
import { datasetFilesGz } from '../datasets/store.ts';
import type { Actor } from '../env.ts';
import { ApiError, notFound } from '../errors.ts';

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

export interface PendingImport {
  id: number;
  fileName: string;
  format: string;
  rows: number;
  datasetVersionId: number | null;
  status: string;
  createdAt: string;
  /** The table as read (gzip JSON), read again on a costing thread; empty once applied, discarded or expired. */
  tableGz: Uint8Array;
}

/** An import of the actor's union, or 404 (another organization's answers the same as none). */
export async function importOf(db: Db, actor: Actor, id: number): Promise<PendingImport> {
  const r = await db.selectFrom('roster_imports').selectAll().where('id', '=', id).where('organization_id', '=', actor.org.id).executeTakeFirst();
  if (!r) throw notFound('roster import', id);
  return { id: r.id, fileName: r.file_name, format: r.format, rows: r.rows, datasetVersionId: r.dataset_version_id, status: r.status, createdAt: r.created_at, tableGz: r.table_gz };
}

/**
 * A pending import holds a whole roster file (names, emails, phone numbers): it is kept 24
 * hours, then its table is deleted and it is marked `expired` (the row stays, without the
 * file, so a late confirmation is told why: 410).
 */
export const IMPORT_TTL_MS = 24 * 3600 * 1000;

export const isExpired = (imp: { status: string; createdAt: string }, now: Date) =>
  imp.status === 'pending' && Date.parse(imp.createdAt) <= now.getTime() - IMPORT_TTL_MS;

/** Expires every union's pending imports older than 24 hours; answers how many. */
export async function expireImports(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IMPORT_TTL_MS).toISOString();
  const r = await db.updateTable('roster_imports').set({ status: 'expired', table_gz: new Uint8Array(0) })
    .where('status', '=', 'pending').where('created_at', '<=', cutoff).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** A pending import, or the reason it cannot be used: applied (409), discarded or expired (410). */
export function mustBePending(imp: PendingImport, now: Date): void {
  if (imp.status === 'applied') {
    throw new ApiError(409, { code: 'roster.import-applied', message: `roster import ${imp.id} has already been applied`, hint: 'upload the file again to import it again (POST /api/roster/imports)' });
  }
  if (imp.status === 'discarded') {
    throw new ApiError(410, { code: 'roster.import-discarded', message: `roster import ${imp.id} (${imp.fileName}) was discarded: its file is deleted`, hint: 'upload the file again (POST /api/roster/imports)' });
  }
  if (imp.status === 'expired' || isExpired(imp, now)) {
    throw new ApiError(410, { code: 'roster.import-expired', message: `roster import ${imp.id} (${imp.fileName}) was uploaded more than 24 hours ago, so its file was deleted and it can no longer be previewed or confirmed`, hint: 'upload the file again (POST /api/roster/imports), then preview and confirm it within 24 hours' });
  }
}
