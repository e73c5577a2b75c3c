/**
 * Reading and writing proposal versions. Who may read a version: the organization that made
 * it, and the organization it was passed to; no one else learns it exists (404). Everything
 * about a version is one query (`versions`), so every route answers from the same row shape.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Actor, Deps } from '../env.ts';
import { notFound } from '../errors.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Every version with its maker, its pass, its publication and its countersignature (callers add yaml, result, summary). */
export function versions(db: Db) {
  return db
    .selectFrom('proposal_versions as pv')
    .innerJoin('proposals as p', 'p.id', 'pv.proposal_id')
    .innerJoin('organizations as owner', 'owner.id', 'p.organization_id')
    .innerJoin('people as creator', 'creator.id', 'pv.created_by')
    .leftJoin('passes as ps', 'ps.proposal_version_id', 'pv.id')
    .leftJoin('organizations as target', 'target.id', 'ps.to_organization_id')
    .leftJoin('people as passer', 'passer.id', 'ps.passed_by')
    .leftJoin('publications as pub', 'pub.proposal_version_id', 'pv.id')
    .leftJoin('people as publisher', 'publisher.id', 'pub.published_by')
    .leftJoin('countersignatures as cs', 'cs.proposal_version_id', 'pv.id')
    .leftJoin('organizations as signer', 'signer.id', 'cs.organization_id')
    .leftJoin('people as cosigner', 'cosigner.id', 'cs.countersigned_by')
    .select([
      'pv.id', 'pv.proposal_id', 'pv.version', 'pv.dataset_version_id', 'pv.created_at', 'creator.name as created_by',
      'owner.id as owner_id', 'owner.name as owner_name', 'owner.kind as owner_kind',
      'ps.passed_at', 'passer.name as passed_by', 'target.id as target_id', 'target.name as target_name',
      'pub.published_at', 'publisher.name as published_by',
      'cs.countersigned_at', 'signer.id as signer_id', 'signer.name as signer_name', 'cosigner.name as countersigned_by',
    ]);
}

/** A proposal of the actor's own organization, or 404. */
export async function ownProposal(db: Db, actor: Actor, id: number) {
  const row = await db.selectFrom('proposals').selectAll().where('id', '=', id).where('organization_id', '=', actor.org.id).executeTakeFirst();
  if (!row) throw notFound('proposal', id);
  return row;
}

/**
 * Which pass of its proposal each passed version was (1, 2, …), in the order they were
 * passed (by time, then by version within the same millisecond): the number the other side and the public see, so drafts never passed stay unseen.
 * All proposals when `proposalIds` is not given.
 */
export async function passNumbers(db: Db, proposalIds?: number[]): Promise<Map<number, number>> {
  if (proposalIds?.length === 0) return new Map();
  let q = db
    .selectFrom('passes')
    .innerJoin('proposal_versions as pv', 'pv.id', 'passes.proposal_version_id')
    .select(['passes.proposal_version_id as version_id', 'pv.proposal_id']);
  if (proposalIds) q = q.where('pv.proposal_id', 'in', [...new Set(proposalIds)]);
  const rows = await q.orderBy('passes.passed_at').orderBy('pv.version').execute();
  const counts = new Map<number, number>();
  const out = new Map<number, number>();
  for (const r of rows) {
    const n = (counts.get(r.proposal_id) ?? 0) + 1;
    counts.set(r.proposal_id, n);
    out.set(r.version_id, n);
  }
  return out;
}

/** Holds the proposal's row until the transaction ends (PostgreSQL; SQLite runs one write at a time). */
export async function lockProposal(tx: Transaction<Database>, deps: Deps, id: number): Promise<void> {
  if (deps.dialect === 'postgres') await tx.selectFrom('proposals').select('id').where('id', '=', id).forUpdate().execute();
}
