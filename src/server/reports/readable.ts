/**
 * A proposal version the actor may read: one of its own organization's, or one passed to it.
 * Anything else (another organization's draft, another table's version, an id that does not
 * exist) is answered 404 alike, so nothing reveals that it exists.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { VersionSummary } from '../costing/summary.ts';
import type { Actor } from '../env.ts';
import { notFound } from '../errors.ts';
import { passNumbers, versions } from '../proposals/store.ts';
import { summariesOf } from '../proposals/summaries.ts';

export async function readableVersions(db: Kysely<Database>, actor: Actor, ids: number[]) {
  if (ids.length === 0) return [];
  return versions(db)
    .select(['pv.yaml', 'pv.summary'])
    .where('pv.id', 'in', ids)
    .where((eb) => eb.or([eb('owner.id', '=', actor.org.id), eb('target.id', '=', actor.org.id)]))
    .execute();
}

export type ReadableRow = Awaited<ReturnType<typeof readableVersions>>[number];

/** Each row's summary, and its number as the actor knows it (own: the draft number; received: the n-th passed). */
export async function numbered(db: Kysely<Database>, actor: Actor, rows: ReadableRow[]): Promise<{ row: ReadableRow; summary: VersionSummary; number: number; own: boolean }[]> {
  const summaries = await summariesOf(db, rows);
  const passed = await passNumbers(db, rows.filter((r) => r.owner_id !== actor.org.id).map((r) => r.proposal_id));
  return rows.map((row) => {
    const own = row.owner_id === actor.org.id;
    return { row, summary: summaries.get(row.id) as VersionSummary, number: own ? row.version : (passed.get(row.id) ?? 1), own };
  });
}

export async function readableVersion(db: Kysely<Database>, actor: Actor, id: number) {
  const [row] = await readableVersions(db, actor, [id]);
  if (!row) throw notFound('proposal version', id);
  const [one] = await numbered(db, actor, [row]);
  return one;
}

/** A file name from a title: `lausd-offer-to-utla-v2-disclosure.pdf`. */
export function fileName(title: string, number: number, suffix: string): string {
  const slug = title.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '');
  return `${slug || 'proposal'}-v${number}-${suffix}`;
}
