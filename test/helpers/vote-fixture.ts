/**
 * A union with a frozen vote, written straight into a real database (no HTTP), for the vote
 * proofs (secrecy, load, kill, bench): one union organization with an election-committee
 * person, N roster members spread round-robin over K worksites, and a strike authorization with
 * one yes/no question, frozen, open now, with its voter roll (one `listed` row per member).
 *
 * `outsiders` members are on the roster but NOT on the roll: their ballots are challenged
 * (sealed in an envelope) until the committee rules, as in docs/votes.md "One member, one vote".
 *
 * Rows take crypto-random ids, as the server's do.
 */
import type { Kysely } from 'kysely';
import { randomIds } from '../../src/db/ids.ts';
import type { Database } from '../../src/db/schema.ts';
import type { Question } from '../../src/votes/types.ts';

export const STRIKE_QUESTION: Question = {
  key: 'strike',
  text: 'Do you authorize the bargaining team to call a strike?',
  options: [{ key: 'yes', label: 'Yes' }, { key: 'no', label: 'No' }],
  pass: { option: 'yes', share: '0.6667' },
};

export interface VoteFixture {
  orgId: number;
  committeeId: number;
  voteId: number;
  worksiteIds: number[];
  /** Every roster member on the roll, in roster order. */
  members: { rowId: number; memberId: string; worksiteId: number; voterId: number }[];
  /** Members on the roster but not on the roll (their ballots are challenged). */
  outsiders: { rowId: number; memberId: string; worksiteId: number }[];
  /** A time inside the vote's window. */
  opensAt: Date;
}

/** `window`: when the vote opens and closes (default a week in January 2026, for tests that pass `now` themselves). */
export async function createVoteFixture(db: Kysely<Database>, o: { members: number; worksites: number; outsiders?: number; name?: string; window?: { opensAt: Date; closesAt: Date } }): Promise<VoteFixture> {
  const ids = randomIds;
  const at = '2026-01-10T08:00:00.000Z';
  const opensAt = o.window?.opensAt ?? new Date('2026-01-20T06:00:00.000Z');
  const closesAt = o.window?.closesAt ?? new Date('2026-01-27T06:00:00.000Z');
  const name = o.name ?? 'Fixture Teachers';
  const orgId = ids.next(null);
  await db.insertInto('organizations').values({ id: orgId, kind: 'union', name, created_at: at, district_id: null, unit: 'T' }).execute();
  const committeeId = ids.next(orgId);
  await db.insertInto('people').values({ id: committeeId, organization_id: orgId, email: `committee-${orgId}@fixture.test`, name: 'Election Committee Chair', role: 'election-committee', password_hash: null, created_at: at }).execute();
  const worksiteIds: number[] = [];
  for (let k = 0; k < o.worksites; k++) {
    const id = ids.next(orgId);
    worksiteIds.push(id);
    await db.insertInto('roster_worksites').values({ id, organization_id: orgId, key: `text:site ${k + 1}`, name: `Site ${k + 1}`, school_id: null, cds_code: null, created_at: at }).execute();
  }
  const voteId = ids.next(orgId);
  await db.insertInto('votes').values({
    id: voteId, organization_id: orgId, title: 'Strike authorization', kind: 'strike-authorization', questions: JSON.stringify([STRIKE_QUESTION]),
    channels: JSON.stringify(['online', 'kiosk', 'paper']), eligible_statuses: JSON.stringify(['active', 'leave']), cutoff_at: new Date(opensAt.getTime() - 5 * 86_400_000).toISOString(),
    opens_at: opensAt.toISOString(), closes_at: closesAt.toISOString(), state: 'frozen', created_by: committeeId, created_at: at, updated_at: at, frozen_at: new Date(opensAt.getTime() - 4 * 86_400_000).toISOString(),
  }).execute();

  const members: VoteFixture['members'] = [];
  const outsiders: VoteFixture['outsiders'] = [];
  const total = o.members + (o.outsiders ?? 0);
  const BATCH = 200;
  for (let start = 0; start < total; start += BATCH) {
    const rows = [];
    const roll = [];
    for (let i = start; i < Math.min(total, start + BATCH); i++) {
      const rowId = ids.next(orgId);
      const worksiteId = worksiteIds[i % worksiteIds.length];
      const memberId = `M${String(i + 1).padStart(6, '0')}`;
      rows.push({ id: rowId, organization_id: orgId, member_id: memberId, name: `Member ${i + 1}`, employee_id: null, email: `m${i + 1}-${orgId}@fixture.test`, mobile: null, worksite_id: worksiteId, job_class: 'Teacher', status: 'active', created_at: at, updated_at: at, removed_at: null });
      if (i < o.members) {
        const voterId = ids.next(orgId);
        members.push({ rowId, memberId, worksiteId, voterId });
        roll.push({ id: voterId, vote_id: voteId, member_row_id: rowId, worksite_id: worksiteId, standing: 'listed', voted_at: null, channel: null });
      } else outsiders.push({ rowId, memberId, worksiteId });
    }
    await db.insertInto('roster_members').values(rows).execute();
    if (roll.length) await db.insertInto('vote_voters').values(roll).execute();
  }
  return { orgId, committeeId, voteId, worksiteIds, members, outsiders, opensAt };
}

/** mulberry32: a small seeded generator, so a test's choices repeat from run to run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
