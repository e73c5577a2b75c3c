/**
 * A workspace's bargaining tables: every version that crossed the table, passed by either
 * side (drafts never passed are not part of any round), placed in rounds by the same rule as
 * the public record (src/server/public/tables.ts): by the proposals' dates and contract terms,
 * an agreement closing its round, never by the order they were passed. Each version carries
 * what the history shows: its title, side, date, number (your draft number for your own, the
 * pass number for the other side's) and when it was passed.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Actor } from '../env.ts';
import { tablesOf, type Table } from '../public/tables.ts';
import type { VersionSummary } from '../costing/summary.ts';
import { standingOf, type VersionRow } from './answer.ts';
import { versions } from './store.ts';

export interface AcrossVersion {
  id: number; title: string; party: string; date: string; version: number; passedAt: string;
  /** When the other side countersigned it (an agreement): the day agreement was reached. */
  countersignedAt: string | null;
  from: { name: string; kind: 'district' | 'union' };
}

/** `rows`: the versions the actor's organization passed or received (summaries and pass numbers of each). */
export function tablesAcross(actor: Actor, rows: VersionRow[], summaries: Map<number, VersionSummary>, numbers: Map<number, number>): (Table & { versions: AcrossVersion[] })[] {
  const crossed = rows.filter((r) => r.passed_at !== null && r.target_id !== null);
  const shown = new Map(crossed.map((r) => {
    const s = summaries.get(r.id)!;
    const v: AcrossVersion = {
      id: r.id, title: s.proposal.title, party: standingOf(r, s).party, date: s.proposal.date, passedAt: r.passed_at!, countersignedAt: r.countersigned_at,
      version: r.owner_id === actor.org.id ? r.version : (numbers.get(r.id) ?? 1), from: { name: r.owner_name, kind: r.owner_kind },
    };
    return [r.id, v] as const;
  }));
  const tables = tablesOf(crossed.map((r) => {
    const s = summaries.get(r.id)!;
    // A version passes across the table, so its receiver is of the other kind; a union's unit is the proposal's.
    const other = r.owner_kind === 'union' ? 'district' : 'union';
    return {
      id: r.id, party: standingOf(r, s).party, unit: s.proposal.unit, date: s.proposal.date, term: s.proposal.term, at: r.passed_at!,
      owner: { id: r.owner_id, name: r.owner_name, kind: r.owner_kind, unit: null }, to: { id: r.target_id!, name: r.target_name ?? '', kind: other, unit: null },
    };
  }));
  return tables.map((t) => ({ ...t, versions: t.history.map((id) => shown.get(id)!) }));
}

/** Every version the organization passed across the table or received, with its summary. */
export function crossedVersions(db: Kysely<Database>, actor: Actor) {
  return versions(db).select('pv.summary').where('ps.passed_at', 'is not', null)
    .where((eb) => eb.or([eb('owner.id', '=', actor.org.id), eb('target.id', '=', actor.org.id)]))
    .execute();
}
