import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../../test/helpers/databases.ts';
import { startTestServer, type TestServer } from '../../../../test/helpers/server.ts';
import { openVoteWorld, type VoteWorld } from '../../../../test/helpers/votes.ts';

/** The 6-digit code in the message the server queued to this address. */
const codeFor = async (s: TestServer, to: string) => {
  const rows = await s.handle.db.selectFrom('outbox').select('body').where('recipient', '=', to).where('kind', '=', 'vote-code').execute();
  return /\b(\d{6})\b/.exec(rows.at(-1)!.body)![1];
};

eachDatabase('before voting opens, with a one-time code', (dialect) => {
  let s: TestServer;
  let w: VoteWorld;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    // Two members; the second is left off the frozen list. The vote opens 2026-01-15T00:00Z.
    w = await openVoteWorld(s, 'teachers', { perSite: [2], offList: [1], prefix: 'B' });
    s.clock.now = new Date('2026-01-14T18:00:00.000Z');
  }, 60_000);
  afterAll(async () => s?.close());

  const tokenOf = async (i: number) => {
    const anon = s.anonymous();
    const m = w.members[i];
    const asked = await anon.request('POST', `/api/votes/${w.voteId}/access`, { memberId: m.memberId, via: 'email' });
    expect(asked.status).toBe(202);
    const verified = await anon.request('POST', `/api/votes/${w.voteId}/access/verify`, { memberId: m.memberId, code: await codeFor(s, m.email), requestId: asked.body.requestId });
    expect(verified.status).toBe(200);
    return verified.body as { voterToken: string; onList: boolean };
  };

  it('a member learns whether they are on the list, and one left off challenges it, before they can vote', async () => {
    expect((await tokenOf(0)).onList).toBe(true);
    const off = await tokenOf(1);
    expect(off.onList).toBe(false);
    const auth = { authorization: `Voter ${off.voterToken}` };
    const raised = await s.anonymous().request('POST', `/api/votes/${w.voteId}/challenges`, { reason: 'I joined in December and teach at this site' }, auth);
    expect(raised.status).toBe(201);
    const row = await s.handle.db.selectFrom('vote_challenges').select(['member_row_id', 'raised_by', 'status']).where('vote_id', '=', w.voteId).executeTakeFirstOrThrow();
    expect(row).toEqual({ member_row_id: w.members[1].rowId, raised_by: null, status: 'pending' });
    // About another member, with a member's token: refused.
    const other = await s.anonymous().request('POST', `/api/votes/${w.voteId}/challenges`, { memberId: w.members[0].memberId, reason: 'not a teacher' }, auth);
    expect(other.status).toBe(403);
    // Voting itself waits for the opening.
    const early = await s.anonymous().request('POST', `/api/votes/${w.voteId}/ballot`, { choices: { authorize: 'yes' } }, auth);
    expect([early.status, early.body.code]).toEqual([409, 'vote.not-open']);
    // A wrong token: 401, and nothing is written.
    const bad = await s.anonymous().request('POST', `/api/votes/${w.voteId}/challenges`, { reason: 'x' }, { authorization: 'Voter not-a-token' });
    expect(bad.status).toBe(401);
    expect((await s.handle.db.selectFrom('vote_challenges').select('id').where('vote_id', '=', w.voteId).execute()).length).toBe(1);
  });
});
