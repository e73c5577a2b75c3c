/**
 * What an import would do to the roster, before anything is saved: every row read with the
 * mapping, every rejected row with its reason, duplicates within the file and against the
 * roster, and the members it adds, changes and (for a full roster) removes.
 *
 * Duplicates: a member id, employee id, email or mobile number belongs to one member. Within
 * the file the first row keeps it and later rows are rejected; against the roster, a row is
 * rejected when a member who stays in the roster (one the file does not name, or whose own row
 * was rejected) holds it. Rejecting a row keeps its member as they are, which may in turn
 * reject another row (two members swapping emails, one of them refused): that is followed
 * through, each member at most once.
 *
 * A member whose row is rejected is never removed for being missing: the file did name them.
 */
import { FIELDS, readRow, type Field, type Mapping, type MemberFields, type Rejection, type Status } from './fields.ts';
import type { SiteIndex, Worksite } from './sites.ts';
import type { RosterTable } from './table.ts';

/** A member as the roster holds them now. */
export interface CurrentMember extends Omit<MemberFields, 'worksite' | 'status'> {
  status: string;
  /** The worksite's key and name, or null. */
  worksite: { key: string; name: string } | null;
  removed: boolean;
}

export interface PlannedMember {
  line: number;
  fields: MemberFields;
  worksite: Worksite | null;
}

/** A field's value before and after, as shown (the worksite by name). */
export interface FieldChange {
  field: Field;
  before: string | null;
  after: string | null;
}

export interface Plan {
  rows: number;
  accepted: PlannedMember[];
  rejected: Rejection[];
  /** Lines with at least one rejection. */
  rejectedRows: number;
  adds: (PlannedMember & { restored: boolean })[];
  changes: (PlannedMember & { changes: FieldChange[] })[];
  removes: CurrentMember[];
  unchanged: number;
  worksites: { matched: (Worksite & { members: number })[]; unmatched: { name: string; members: number; lines: number[] }[] };
}

type KeyKind = 'employeeId' | 'email' | 'mobile';
const KEY_FIELDS: KeyKind[] = ['employeeId', 'email', 'mobile'];
const keyOf = (kind: KeyKind, v: string | null) => (v === null ? null : `${kind}:${kind === 'employeeId' ? v.toLowerCase() : v}`);
const label: Record<Field, string> = { memberId: 'member id', name: 'name', employeeId: 'employee id', email: 'email', mobile: 'mobile number', worksite: 'worksite', jobClass: 'job class', status: 'status' };

export function planImport(x: { table: RosterTable; mapping: Mapping; roster: readonly CurrentMember[]; sites: SiteIndex; removeMissing: boolean }): Plan {
  const { table, mapping } = x;
  const rejected: Rejection[] = [];
  const col = Object.fromEntries(FIELDS.map((f) => [f, mapping[f] === null ? -1 : table.header.indexOf(mapping[f]!)])) as Record<Field, number>;
  const rejectedIds = new Set<string>();
  let accepted: PlannedMember[] = [];

  // 1. Each row on its own.
  for (const row of table.rows) {
    const cells = Object.fromEntries(FIELDS.map((f) => [f, col[f] < 0 ? '' : (row.cells[col[f]] ?? '').trim()])) as Record<Field, string>;
    const r = readRow(cells, row.line);
    if ('rejections' in r) {
      rejected.push(...r.rejections);
      if (cells.memberId !== '') rejectedIds.add(cells.memberId);
    } else accepted.push({ line: row.line, fields: r.member, worksite: r.member.worksite === null ? null : x.sites.resolve(r.member.worksite) });
  }

  // 2. Duplicates within the file: the first row keeps a key.
  const firstLine = new Map<string, number>();
  accepted = accepted.filter((m) => {
    const keys: [Field, string | null][] = [['memberId', `memberId:${m.fields.memberId}`], ...KEY_FIELDS.map((k) => [k, keyOf(k, m.fields[k])] as [Field, string | null])];
    const clash = keys.find(([, k]) => k !== null && firstLine.has(k));
    if (clash) {
      const line = firstLine.get(clash[1]!)!;
      rejected.push({ line: m.line, field: clash[0], code: 'roster.duplicate-in-file', message: `the ${label[clash[0]]} ${m.fields[clash[0] as 'memberId'] ?? ''} is also on line ${line}`, hint: 'one row per member: remove or correct one of the two rows', duplicateOf: { line } });
      rejectedIds.add(m.fields.memberId);
      return false;
    }
    for (const [, k] of keys) if (k !== null) firstLine.set(k, m.line);
    return true;
  });

  // 3. Duplicates against the members who stay in the roster.
  const current = new Map(x.roster.map((m) => [m.memberId, m]));
  const byId = new Map(accepted.map((m) => [m.fields.memberId, m]));
  const byKey = new Map<string, PlannedMember>();
  for (const m of accepted) for (const k of KEY_FIELDS) { const key = keyOf(k, m.fields[k]); if (key) byKey.set(key, m); }
  const kept = new Set<string>();
  const queue: CurrentMember[] = [];
  const keep = (m: CurrentMember) => { if (!m.removed && !kept.has(m.memberId)) { kept.add(m.memberId); queue.push(m); } };
  for (const m of x.roster) if (!byId.has(m.memberId) && (!x.removeMissing || rejectedIds.has(m.memberId))) keep(m);
  while (queue.length > 0) {
    const k = queue.pop()!;
    for (const kind of KEY_FIELDS) {
      const key = keyOf(kind, k[kind]);
      const r = key === null ? undefined : byKey.get(key);
      if (!r || r.fields.memberId === k.memberId || !byId.has(r.fields.memberId)) continue;
      rejected.push({ line: r.line, field: kind, code: 'roster.duplicate-in-roster', message: `the ${label[kind]} ${r.fields[kind]} is already member ${k.memberId}'s (${k.name}) in the roster`, hint: `correct the ${label[kind]}, or include member ${k.memberId} in the file with their new one`, duplicateOf: { memberId: k.memberId, name: k.name } });
      byId.delete(r.fields.memberId);
      for (const kk of KEY_FIELDS) { const rk = keyOf(kk, r.fields[kk]); if (rk && byKey.get(rk) === r) byKey.delete(rk); }
      const own = current.get(r.fields.memberId);
      if (own) keep(own);
    }
  }
  accepted = accepted.filter((m) => byId.get(m.fields.memberId) === m);

  // 4. What changes.
  const adds: Plan['adds'] = [];
  const changes: Plan['changes'] = [];
  let unchanged = 0;
  for (const m of accepted) {
    const cur = current.get(m.fields.memberId);
    if (!cur || cur.removed) adds.push({ ...m, restored: cur !== undefined });
    else {
      const diff = fieldChanges(cur, m);
      if (diff.length > 0) changes.push({ ...m, changes: diff });
      else unchanged++;
    }
  }
  const removes = x.removeMissing ? x.roster.filter((m) => !m.removed && !byId.has(m.memberId) && !kept.has(m.memberId)) : [];
  rejected.sort((a, b) => a.line - b.line);
  return { rows: table.rows.length, accepted, rejected, rejectedRows: new Set(rejected.map((r) => r.line)).size, adds, changes, removes, unchanged, worksites: worksites(accepted) };
}

function fieldChanges(cur: CurrentMember, m: PlannedMember): FieldChange[] {
  const out: FieldChange[] = [];
  for (const f of FIELDS) {
    if (f === 'worksite') {
      if ((cur.worksite?.key ?? null) !== (m.worksite?.key ?? null)) out.push({ field: f, before: cur.worksite?.name ?? null, after: m.worksite?.name ?? null });
      continue;
    }
    const before = cur[f] as string | null;
    const after = m.fields[f] as string | Status | null;
    if (before !== after) out.push({ field: f, before, after });
  }
  return out;
}

function worksites(accepted: readonly PlannedMember[]): Plan['worksites'] {
  const matched = new Map<string, Worksite & { members: number }>();
  const unmatched = new Map<string, { name: string; members: number; lines: number[] }>();
  for (const m of accepted) {
    const w = m.worksite;
    if (!w) continue;
    if (w.schoolId !== null) {
      const e = matched.get(w.key) ?? { ...w, members: 0 };
      e.members++;
      matched.set(w.key, e);
    } else {
      const e = unmatched.get(w.key) ?? { name: w.name, members: 0, lines: [] };
      e.members++;
      if (e.lines.length < 5) e.lines.push(m.line);
      unmatched.set(w.key, e);
    }
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return { matched: [...matched.values()].sort(byName), unmatched: [...unmatched.values()].sort(byName) };
}
