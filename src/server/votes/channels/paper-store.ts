/**
 * A worksite's paper tally as stored: its entries, its sign-ins counted from the roll, and the
 * reconciled row in vote_paper_sites (written again whenever any of them changes).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { IdSource } from '../../../db/ids.ts';
import { entryStatus, withinSignIns, type PaperEntry } from '../../../votes/paper.ts';
import type { PaperCounts } from '../../../votes/types.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Members of this worksite's roll signed in to vote on paper. */
export async function paperSignIns(db: Db, voteId: number, worksiteId: number): Promise<number> {
  const r = await db.selectFrom('vote_voters').select((eb) => eb.fn.countAll<number | string>().as('n')).where('vote_id', '=', voteId).where('worksite_id', '=', worksiteId).where('channel', '=', 'paper').executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function paperEntries(db: Db, voteId: number, worksiteId: number): Promise<PaperEntry[]> {
  const rows = await db.selectFrom('vote_paper_entries').select(['entered_by', 'entered_at', 'counts']).where('vote_id', '=', voteId).where('worksite_id', '=', worksiteId).orderBy('entered_at').execute();
  return rows.map((r) => ({ by: r.entered_by, at: r.entered_at, counts: JSON.parse(r.counts) as PaperCounts }));
}

export interface PaperSite {
  signIns: number;
  entries: PaperEntry[];
  counts: PaperCounts | null;
  observerName: string | null;
  observerSignedBy: number | null;
  accepted: boolean;
}

export async function paperSite(db: Db, voteId: number, worksiteId: number): Promise<PaperSite> {
  const row = await db.selectFrom('vote_paper_sites').select(['counts', 'observer_name', 'observer_signed_by', 'accepted_at']).where('vote_id', '=', voteId).where('worksite_id', '=', worksiteId).executeTakeFirst();
  return {
    signIns: await paperSignIns(db, voteId, worksiteId), entries: await paperEntries(db, voteId, worksiteId),
    counts: row?.counts ? (JSON.parse(row.counts) as PaperCounts) : null, observerName: row?.observer_name ?? null, observerSignedBy: row?.observer_signed_by ?? null, accepted: !!row?.accepted_at,
  };
}

/** Writes the site's row from its entries and sign-ins as they are now. */
export async function reconcile(db: Db, ids: IdSource, o: { voteId: number; orgId: number; worksiteId: number }): Promise<void> {
  const signIns = await paperSignIns(db, o.voteId, o.worksiteId);
  const { agreed } = entryStatus(await paperEntries(db, o.voteId, o.worksiteId));
  const counts = agreed ? JSON.stringify(agreed) : null;
  const had = await db.selectFrom('vote_paper_sites').select('id').where('vote_id', '=', o.voteId).where('worksite_id', '=', o.worksiteId).executeTakeFirst();
  if (had) await db.updateTable('vote_paper_sites').set({ sign_ins: signIns, counts }).where('id', '=', had.id).execute();
  else await db.insertInto('vote_paper_sites').values({ id: ids.next(o.orgId), vote_id: o.voteId, worksite_id: o.worksiteId, sign_ins: signIns, counts, observer_name: null, observer_signed_by: null, observer_signed_at: null, accepted_at: null }).execute();
}

/** A site as shown: whether its entries agree (never whose differs or how), and whether it is accepted. */
export function siteView(worksite: { id: number; name: string }, s: PaperSite) {
  const { status, agreed } = entryStatus(s.entries);
  return {
    worksiteId: worksite.id, worksite: worksite.name, signIns: s.signIns, entries: s.entries.length, status,
    overSignIns: agreed ? !withinSignIns(agreed, s.signIns) : false, counts: agreed, observerName: s.observerName, accepted: s.accepted,
  };
}
