/**
 * The blank ballot (GET /api/votes/{id}/ballot) and a receipt checked with a voter token: what a
 * member who votes with a code, without an account, reads. The vote's title, window and
 * questions, nothing of the roll; a wrong token 401; a district caller, another union's vote or
 * no vote at all the same 404; nobody known 401. Reading changes nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { startTestServer, type TestServer } from '../../../test/helpers/server.ts';
import { countRows, openVoteWorld, STRIKE_QUESTION, type VoteWorld } from '../../../test/helpers/votes.ts';

eachDatabase('the blank ballot', (dialect) => {
  let s: TestServer;
  let w: VoteWorld;
  let other: VoteWorld;
  let token = '';
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    // Site A: members 1001–1002. Another union's vote beside it.
    w = await openVoteWorld(s, 'teachers', { perSite: [2] });
    other = await openVoteWorld(s, 'otherTeachers', { perSite: [1], prefix: 'o' });
    const anon = s.anonymous();
    const asked = await anon.request('POST', `/api/votes/${w.voteId}/access`, { memberId: '1001', via: 'email' });
    expect(asked.status).toBe(202);
    const sent = await s.handle.db.selectFrom('outbox').select('body').where('recipient', '=', w.members[0].email).executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(sent.body)?.[1] ?? '';
    const verified = await anon.request('POST', `/api/votes/${w.voteId}/access/verify`, { memberId: '1001', code, requestId: asked.body.requestId });
    expect(verified.status).toBe(200);
    token = verified.body.voterToken;
  }, 60_000);
  afterAll(async () => s?.close());

  it('gives a voter token the vote\'s title, window and questions, and nothing else', async () => {
    const r = await s.anonymous().request('GET', `/api/votes/${w.voteId}/ballot`, undefined, { authorization: `Voter ${token}` });
    expect(r.status).toBe(200);
    // Open: frozen, and the test clock (Jan 15, 16:00Z) is inside Jan 15 00:00Z – Jan 16 00:00Z.
    expect(r.body).toEqual({ vote: { id: w.voteId, title: 'Strike authorization', kind: 'strike-authorization', state: 'frozen', open: true, questions: [STRIKE_QUESTION], opensAt: '2026-01-15T00:00:00.000Z', closesAt: '2026-01-16T00:00:00.000Z', publishedAt: null } });
  });

  it('gives a signed-in person of the union the same; refuses a wrong token, nobody, the district and another union', async () => {
    const member = await s.as('teachers', 'member');
    expect((await member.request('GET', `/api/votes/${w.voteId}/ballot`)).body.vote.title).toBe('Strike authorization');
    const outsiders = [await s.as('district', 'admin'), await s.as('otherTeachers', 'admin')];
    // Signing in is audited; reading a ballot after it is not.
    const before = await countRows(s, 'audit_log');
    const anon = s.anonymous();
    expect((await anon.request('GET', `/api/votes/${w.voteId}/ballot`, undefined, { authorization: 'Voter not-a-token' })).body.code).toBe('vote.voter-token');
    expect((await anon.request('GET', `/api/votes/${w.voteId}/ballot`)).status).toBe(401);
    // The token is for this vote only: another union's vote answers as if the token were wrong.
    expect((await anon.request('GET', `/api/votes/${other.voteId}/ballot`, undefined, { authorization: `Voter ${token}` })).status).toBe(401);
    for (const [i, c] of outsiders.entries()) {
      const seen = await c.request('GET', `/api/votes/${w.voteId}/ballot`);
      const none = await c.request('GET', '/api/votes/987654321/ballot');
      expect([seen.status, none.status]).toEqual([404, 404]);
      // A district session with a voter token still gets 404.
      if (i === 0) expect((await c.request('GET', `/api/votes/${w.voteId}/ballot`, undefined, { authorization: `Voter ${token}` })).status).toBe(404);
    }
    expect(await countRows(s, 'audit_log')).toBe(before);
  });

  it('checks a receipt with nothing but its code: a member who voted with a code has no sign-in once the token expires', async () => {
    const anon = s.anonymous();
    const cast = await anon.request('POST', `/api/votes/${w.voteId}/ballot`, { choices: { authorize: 'yes' } }, { authorization: `Voter ${token}` });
    expect(cast.status).toBe(201);
    const check = (code: string, auth?: string) => anon.request('GET', `/api/votes/${w.voteId}/receipts/${code}`, undefined, auth ? { authorization: auth } : {});
    expect((await check(cast.body.receipt)).body).toEqual({ status: 'sealed' });
    expect((await check('AAAA-BBBB-CCCC')).body).toEqual({ status: 'unknown' });
    // A token, even a wrong one, neither helps nor hurts: the code is the proof.
    expect((await check(cast.body.receipt, 'Voter not-a-token')).body).toEqual({ status: 'sealed' });
  });
});
