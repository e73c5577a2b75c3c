/**
 * Applying a confirmed import, in the caller's transaction: worksites first (a school matched
 * once is one worksite, whatever the roster called it), then the members added, restored,
 * changed and removed, each with a history row (the fields before and after), the import
 * marked applied (its file deleted) and one audit entry. Removed members keep their row.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { MemberFields } from '../../roster/fields.ts';
import type { Plan, PlannedMember } from '../../roster/plan.ts';
import type { Worksite } from '../../roster/sites.ts';
import { audit } from '../audit.ts';
import type { Actor, Deps } from '../env.ts';
import type { PendingImport, StoredMember } from './store.ts';

const CHUNK = 500;

type Shown = Omit<MemberFields, 'worksite' | 'status'> & { status: string; worksite: string | null };
const shownPlanned = (m: PlannedMember): Shown => ({ ...m.fields, worksite: m.worksite?.name ?? null });
const shownStored = (m: StoredMember): Shown => ({ memberId: m.memberId, name: m.name, employeeId: m.employeeId, email: m.email, mobile: m.mobile, worksite: m.worksite?.name ?? null, jobClass: m.jobClass, status: m.status });

export interface Applied {
  added: number;
  restored: number;
  changed: number;
  removed: number;
  unchanged: number;
  rejectedRows: number;
}

export async function applyImport(tx: Transaction<Database>, deps: Deps, actor: Actor, imp: PendingImport, c: { plan: Plan; roster: StoredMember[] }): Promise<Applied> {
  const org = actor.org.id;
  const at = deps.now().toISOString();
  const { plan, roster } = c;
  const worksiteIds = await ensureWorksites(tx, deps, org, [...plan.adds, ...plan.changes].map((m) => m.worksite).filter((w): w is Worksite => w !== null), at);
  const byMemberId = new Map(roster.map((m) => [m.memberId, m]));
  const history: Database['roster_member_history'][] = [];
  const record = (memberRow: number, action: string, before: Shown | null, after: Shown | null) =>
    history.push({ id: deps.ids.next(org), organization_id: org, member_row_id: memberRow, import_id: imp.id, action, before: before && JSON.stringify(before), after: after && JSON.stringify(after), changed_by: actor.person.id, changed_at: at });
  const columns = (m: PlannedMember) => ({
    member_id: m.fields.memberId, name: m.fields.name, employee_id: m.fields.employeeId, email: m.fields.email, mobile: m.fields.mobile,
    worksite_id: m.worksite ? worksiteIds.get(m.worksite.key)! : null, job_class: m.fields.jobClass, status: m.fields.status, updated_at: at,
  });

  const fresh = plan.adds.filter((a) => !a.restored).map((a) => ({ id: deps.ids.next(org), organization_id: org, created_at: at, removed_at: null, ...columns(a), a }));
  for (let i = 0; i < fresh.length; i += CHUNK) await tx.insertInto('roster_members').values(fresh.slice(i, i + CHUNK).map(({ a: _a, ...row }) => row)).execute();
  for (const f of fresh) record(f.id, 'add', null, shownPlanned(f.a));

  for (const a of plan.adds.filter((x) => x.restored)) {
    const old = byMemberId.get(a.fields.memberId)!;
    await tx.updateTable('roster_members').set({ ...columns(a), removed_at: null }).where('id', '=', old.rowId).execute();
    record(old.rowId, 'restore', shownStored(old), shownPlanned(a));
  }
  for (const ch of plan.changes) {
    const old = byMemberId.get(ch.fields.memberId)!;
    await tx.updateTable('roster_members').set(columns(ch)).where('id', '=', old.rowId).execute();
    record(old.rowId, 'change', shownStored(old), shownPlanned(ch));
  }
  const removed = plan.removes.map((m) => byMemberId.get(m.memberId)!);
  for (let i = 0; i < removed.length; i += CHUNK) {
    const rows = removed.slice(i, i + CHUNK).map((m) => m.rowId);
    await tx.updateTable('roster_members').set({ removed_at: at, updated_at: at }).where('id', 'in', rows).execute();
    // A member no longer on the roster captains no site: not the board, the shifts, nor a vote's roll of the site.
    await tx.updateTable('roster_site_captains').set({ ended_at: at, ended_by: actor.person.id }).where('organization_id', '=', org).where('member_row_id', 'in', rows).where('ended_at', 'is', null).execute();
  }
  for (const m of removed) record(m.rowId, 'remove', shownStored(m), null);
  for (let i = 0; i < history.length; i += CHUNK) await tx.insertInto('roster_member_history').values(history.slice(i, i + CHUNK)).execute();

  const applied: Applied = {
    added: fresh.length, restored: plan.adds.length - fresh.length, changed: plan.changes.length, removed: removed.length, unchanged: plan.unchanged, rejectedRows: plan.rejectedRows,
  };
  // The file is not kept once applied: what it changed is in the roster and its history.
  await tx.updateTable('roster_imports').set({ status: 'applied', applied_by: actor.person.id, applied_at: at, summary: JSON.stringify(applied), table_gz: new Uint8Array(0) }).where('id', '=', imp.id).execute();
  await audit(tx, deps.ids, { organizationId: org, personId: actor.person.id, action: 'roster.import-apply', subject: `roster-imports/${imp.id}`, at });
  return applied;
}

/** The union's worksite id for each key, creating the worksites not yet there. */
async function ensureWorksites(tx: Transaction<Database>, deps: Deps, org: number, wanted: Worksite[], at: string): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const rows = await tx.selectFrom('roster_worksites').select(['id', 'key']).where('organization_id', '=', org).execute();
  for (const r of rows) ids.set(r.key, r.id);
  const missing = new Map<string, Worksite>();
  for (const w of wanted) if (!ids.has(w.key)) missing.set(w.key, w);
  const values = [...missing.values()].map((w) => ({ id: deps.ids.next(org), organization_id: org, key: w.key, name: w.name, school_id: w.schoolId, cds_code: w.cdsCode, created_at: at }));
  for (let i = 0; i < values.length; i += CHUNK) await tx.insertInto('roster_worksites').values(values.slice(i, i + CHUNK)).execute();
  for (const v of values) ids.set(v.key, v.id);
  return ids;
}
