/**
 * The vote a casting channel works on: read once per request, checked to be open now and to
 * allow the channel. Another organization's vote, or any vote for a district caller, is absent
 * (404), exactly as a vote that does not exist.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { Channel, Question } from '../../../votes/types.ts';
import { conflict, notFound } from '../../errors.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface OpenVote {
  id: number;
  organizationId: number;
  title: string;
  questions: Question[];
  channels: Channel[];
  opensAt: string;
  closesAt: string;
}

/**
 * The vote, whatever its state: `orgId` null for the routes without a session (the code
 * flow, kiosks), where the vote itself says whose it is.
 */
export async function loadVote(db: Db, orgId: number | null, voteId: number): Promise<OpenVote & { state: string }> {
  let q = db.selectFrom('votes').select(['id', 'organization_id', 'title', 'questions', 'channels', 'opens_at', 'closes_at', 'state']).where('id', '=', voteId);
  if (orgId !== null) q = q.where('organization_id', '=', orgId);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('vote', voteId);
  return {
    id: row.id, organizationId: row.organization_id, title: row.title, questions: JSON.parse(row.questions) as Question[], channels: JSON.parse(row.channels) as Channel[],
    opensAt: row.opens_at, closesAt: row.closes_at, state: row.state,
  };
}

/** The vote if members can vote in it now by `channel`; 409 vote.not-open, vote.closed or vote.channel-off otherwise. */
/**
 * The vote from its freeze until it closes, by a channel it takes: a member may ask for a code
 * and check whether they are on the list (and challenge it) before voting opens.
 */
export async function frozenVote(db: Db, orgId: number | null, voteId: number, now: Date, channel: Channel | Channel[]): Promise<OpenVote> {
  const wanted = Array.isArray(channel) ? channel : [channel];
  const v = await loadVote(db, orgId, voteId);
  const at = now.toISOString();
  if (v.state === 'draft') throw conflict('vote.not-open', 'this vote is still being set up: its voter list is not frozen yet', 'come back once the election committee has frozen the voter list');
  if (v.state !== 'frozen' || at >= v.closesAt) throw conflict('vote.closed', `this vote closed at ${v.closesAt}; no more ballots are taken`, 'ask the election committee if you believe you were kept from voting');
  if (!wanted.some((ch) => v.channels.includes(ch))) throw conflict('vote.channel-off', `this vote takes no ${wanted.join(' or ')} ballots; it takes ${v.channels.join(', ')}`, `vote by ${v.channels[0] ?? 'another channel'}`);
  return v;
}

export async function openVote(db: Db, orgId: number | null, voteId: number, now: Date, channel: Channel | Channel[]): Promise<OpenVote> {
  const wanted = Array.isArray(channel) ? channel : [channel];
  const v = await loadVote(db, orgId, voteId);
  const at = now.toISOString();
  if (v.state === 'draft') throw conflict('vote.not-open', 'this vote is still being set up: its voter list is not frozen yet, so nobody can vote in it', `voting opens at ${v.opensAt}`);
  if (v.state !== 'frozen' || at >= v.closesAt) throw conflict('vote.closed', `this vote closed at ${v.closesAt}; no more ballots are taken`, 'ask the election committee if you believe you were kept from voting');
  if (at < v.opensAt) throw conflict('vote.not-open', `this vote opens at ${v.opensAt}; it is ${at} now`, `come back at ${v.opensAt}`);
  if (!wanted.some((ch) => v.channels.includes(ch))) throw conflict('vote.channel-off', `this vote takes no ${wanted.join(' or ')} ballots; it takes ${v.channels.join(', ')}`, `vote by ${v.channels[0] ?? 'another channel'}`);
  return v;
}
