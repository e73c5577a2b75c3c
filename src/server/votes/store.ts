/**
 * Reading votes for the routes: who may ask at all (a district caller gets 404, as if there
 * were no votes), one vote of the caller's union (another union's id answers 404), its answer
 * shape, and the roll as the tally reads it.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, VotesTable } from '../../db/schema.ts';
import { tally, type RollEntry } from '../../votes/tally.ts';
import type { Channel, Question } from '../../votes/types.ts';
import { allow, may, type Permission } from '../authz.ts';
import type { Actor } from '../env.ts';
import { ApiError, conflict, notFound, unauthenticated } from '../errors.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type VoteRow = Selectable<VotesTable>;

/** The actor, if a union person holding the permission; a district person gets 404 (the union's votes do not exist for them). */
export function voteActor(actor: Actor | null, permission: Permission): Actor {
  if (!actor) throw unauthenticated();
  if (actor.org.kind !== 'union') throw new ApiError(404, { code: 'not-found', message: 'there is nothing here that you can see' });
  return allow(actor, permission);
}

export const manages = (actor: Actor) => may(actor, 'vote.manage');

export async function voteOf(db: Db, actor: Actor, id: number): Promise<VoteRow> {
  const row = await db.selectFrom('votes').selectAll().where('id', '=', id).where('organization_id', '=', actor.org.id).executeTakeFirst();
  if (!row) throw notFound('vote', id);
  return row;
}

/** Locks the vote's row (PostgreSQL) for the rest of the transaction, then reads it: two counts or two certifications queue. */
export async function lockedVote(tx: Transaction<Database>, actor: Actor, id: number): Promise<VoteRow> {
  await tx.updateTable('votes').set((eb) => ({ state: eb.ref('state') })).where('id', '=', id).where('organization_id', '=', actor.org.id).execute();
  return voteOf(tx, actor, id);
}

export const questionsOf = (v: VoteRow): Question[] => JSON.parse(v.questions) as Question[];

export function isOpen(v: VoteRow, now: Date): boolean {
  const t = now.getTime();
  return v.state === 'frozen' && t >= Date.parse(v.opens_at) && t < Date.parse(v.closes_at);
}

export function voteJson(v: VoteRow, now: Date) {
  return {
    id: v.id, title: v.title, kind: v.kind, questions: questionsOf(v), cutoffAt: v.cutoff_at, opensAt: v.opens_at, closesAt: v.closes_at,
    channels: JSON.parse(v.channels) as string[], eligibleStatuses: JSON.parse(v.eligible_statuses) as string[], publicResults: v.public_results === 1,
    state: v.state as 'draft' | 'frozen' | 'counted' | 'certified', open: isOpen(v, now),
    createdAt: v.created_at, frozenAt: v.frozen_at, countedAt: v.counted_at, certifiedAt: v.certified_at, publishedAt: v.published_at,
  };
}

export function mustBeState(v: VoteRow, states: readonly string[], what: string, hint?: string): void {
  if (!states.includes(v.state)) throw conflict(`vote.${v.state}`, `this vote is ${v.state}: ${what}`, hint);
}

/** The eligible voters (listed, or added by a ruling) as the tally reads them. */
export async function rollOf(db: Db, voteId: number): Promise<RollEntry[]> {
  const rows = await db.selectFrom('vote_voters as v').leftJoin('roster_worksites as w', 'w.id', 'v.worksite_id')
    .select(['w.name as worksite', 'v.voted_at', 'v.channel']).where('v.vote_id', '=', voteId).where('v.standing', 'in', ['listed', 'added']).execute();
  return rows.map((r) => ({ worksite: r.worksite, voted: r.voted_at !== null, channel: (r.channel as Channel | null) }));
}

/** Live turnout for the committee: the roll's side of the tally (no ballot is read). */
export async function turnoutOf(db: Db, voteId: number) {
  const r = tally({ questions: [], ballots: [], paper: [], roll: await rollOf(db, voteId) });
  return { eligible: r.eligible, voted: r.voted, turnout: r.turnout, byChannel: r.byChannel, sites: r.sites };
}
