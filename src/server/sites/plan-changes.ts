/**
 * Writing a change to sites of a strike day, inside the caller's transaction: the day's version
 * goes up by one, the sites take the same columns and that version, and each site changed gets a
 * `site_changes` row (before and after, who, when; a bulk change's rows share a `batch`, the id of
 * its first row). A thousand sites take a few statements, not a thousand.
 */
import type { Insertable, Transaction } from 'kysely';
import type { IdSource } from '../../db/ids.ts';
import type { Database, SiteChangesTable } from '../../db/schema.ts';
import { bumpVersion, type SiteDayRow, type SiteRow } from './plan-store.ts';

/** Sites per UPDATE … IN (…) and change rows per INSERT (11 columns × 400, under both databases' parameter limits). */
const CHUNK = 400;

export interface SiteChange {
  schoolId: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export interface ChangeWrite {
  ids: IdSource;
  day: SiteDayRow;
  personId: number;
  at: string;
  kind: 'plan' | 'bulk' | 'count';
  /** The columns every changed site takes (the same for all). */
  columns: Partial<SiteRow>;
  changes: SiteChange[];
}

/**
 * Writes the change; the plan version it made and the batch (bulk only). A change of no site makes
 * no version: the plan page would say there is something new to publish.
 */
export async function writeChanges(tx: Transaction<Database>, w: ChangeWrite): Promise<{ version: number; batch: number | null }> {
  if (w.changes.length === 0) return { version: w.day.version, batch: null };
  const version = await bumpVersion(tx, w.day.id);
  const set = { ...w.columns, version, updated_by: w.personId, updated_at: w.at };
  const schoolIds = w.changes.map((c) => c.schoolId);
  for (let i = 0; i < schoolIds.length; i += CHUNK) {
    await tx.updateTable('site_statuses').set(set).where('day_id', '=', w.day.id).where('school_id', 'in', schoolIds.slice(i, i + CHUNK)).execute();
  }
  const orgId = w.day.organization_id;
  const rows: Insertable<SiteChangesTable>[] = w.changes.map((c) => ({
    id: w.ids.next(orgId), organization_id: orgId, day_id: w.day.id, school_id: c.schoolId, plan_version: version, kind: w.kind,
    before: JSON.stringify(c.before), after: JSON.stringify(c.after), batch: null, person_id: w.personId, at: w.at,
  }));
  const batch = w.kind === 'bulk' ? (rows[0].id as number) : null;
  for (const r of rows) r.batch = batch;
  for (let i = 0; i < rows.length; i += CHUNK) await tx.insertInto('site_changes').values(rows.slice(i, i + CHUNK)).execute();
  return { version, batch };
}
