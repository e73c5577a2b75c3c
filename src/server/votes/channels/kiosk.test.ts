import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../../test/helpers/databases.ts';
import { PASSWORD, startTestServer, type Client, type TestServer } from '../../../../test/helpers/server.ts';
import { countRows, linkSignIn, makeCaptain, openVoteWorld, rollRow, type VoteWorld } from '../../../../test/helpers/votes.ts';

eachDatabase('voting at a site kiosk', (dialect) => {
  let s: TestServer;
  let w: VoteWorld;
  let captain: Client;
  let committee: Client;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    // Site A: 1001–1004 (1001 is its captain); site B: 1005–1006. 1004 (index 3) is not on the roll.
    w = await openVoteWorld(s, 'teachers', { perSite: [4, 2], offList: [3] });
    await makeCaptain(s, 'teachers', w.worksites[0], w.members[0].rowId);
    captain = await s.as('teachers', 'site-captain');
    committee = await s.as('teachers', 'election-committee');
  }, 60_000);
  afterAll(async () => s?.close());

  const openKiosk = (c: Client, worksiteId: number) => c.request('POST', `/api/votes/${w.voteId}/kiosks`, { worksiteId });
  const at = (token: string) => ({ authorization: `Kiosk ${token}` });

  it('the captain opens a kiosk at their own site (audited); not at another site; members 403; the district and another union 404', async () => {
    const audits = await countRows(s, 'audit_log');
    const k = await openKiosk(captain, w.worksites[0]);
    expect(k.status).toBe(201);
    expect(k.body.kioskToken).toHaveLength(43);
    expect(await countRows(s, 'audit_log')).toBe(audits + 1);
    expect((await openKiosk(captain, w.worksites[1])).status).toBe(403);
    await linkSignIn(s, 'teachers', 'member', w.members[1].rowId);
    expect((await openKiosk(await s.as('teachers', 'member'), w.worksites[0])).status).toBe(403);
    for (const [org, role] of [['district', 'admin'], ['otherTeachers', 'admin']] as const) {
      const r = await openKiosk(await s.as(org, role), w.worksites[0]);
      expect([org, r.status]).toEqual([org, 404]);
    }
    const missing = await openKiosk(committee, 777);
    expect([missing.status, missing.body.where.field]).toEqual([404, 'worksiteId']);
  });

  it('a member identifies with a one-time code and votes once at the kiosk; the ballot token works once', async () => {
    const k = (await openKiosk(captain, w.worksites[0])).body;
    const m = w.members[1];
    const kiosk = s.anonymous();
    // The kiosk asks for the code (its "Send me a code"), and keeps the request id it is answered.
    const { requestId } = (await kiosk.request('POST', `/api/votes/${w.voteId}/access`, { memberId: m.memberId, via: 'email' })).body;
    const msg = await s.handle.db.selectFrom('outbox').select('body').where('recipient', '=', m.email).executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(msg.body)![1];
    const id = await kiosk.request('POST', '/api/kiosk/identify', { memberId: m.memberId, code, requestId }, at(k.kioskToken));
    expect(id.status).toBe(200);
    // 16:00 + 5 minutes.
    expect(id.body.expiresAt).toBe('2026-01-15T16:05:00.000Z');
    const cast = await kiosk.request('POST', '/api/kiosk/ballot', { ballotToken: id.body.ballotToken, choices: { authorize: 'yes' } }, at(k.kioskToken));
    expect([cast.status, cast.body.challenged]).toEqual([201, false]);
    expect(await rollRow(s, w.voteId, m.rowId)).toMatchObject({ channel: 'kiosk' });
    const reuse = await kiosk.request('POST', '/api/kiosk/ballot', { ballotToken: id.body.ballotToken, choices: { authorize: 'no' } }, at(k.kioskToken));
    expect([reuse.status, reuse.body.code]).toEqual([401, 'vote.ballot-token']);
    // Without the kiosk token, or with a made-up one: 401.
    expect((await kiosk.request('POST', '/api/kiosk/identify', { memberId: m.memberId, code, requestId })).status).toBe(401);
    expect((await kiosk.request('POST', '/api/kiosk/identify', { memberId: m.memberId, code, requestId }, at('nope'))).status).toBe(401);
  });

  it('a member who voted online is refused at the kiosk, and the attempt recorded with channel kiosk', async () => {
    const m = w.members[2];
    await linkSignIn(s, 'teachers', 'organizer', m.rowId);
    expect((await (await s.as('teachers', 'organizer')).request('POST', `/api/votes/${w.voteId}/ballot`, { choices: { authorize: 'no' } })).status).toBe(201);
    const k = (await openKiosk(captain, w.worksites[0])).body;
    const id = await s.anonymous().request('POST', '/api/kiosk/identify', { memberId: m.memberId, attest: true, captainPassword: PASSWORD }, at(k.kioskToken));
    expect(id.status).toBe(200);
    const cast = await s.anonymous().request('POST', '/api/kiosk/ballot', { ballotToken: id.body.ballotToken, choices: { authorize: 'yes' } }, at(k.kioskToken));
    expect([cast.status, cast.body.code]).toEqual([409, 'vote.already-voted']);
    const refusal = await s.handle.db.selectFrom('vote_refusals').select(['channel', 'reason']).where('vote_id', '=', w.voteId).where('member_row_id', '=', m.rowId).execute();
    expect(refusal).toEqual([{ channel: 'kiosk', reason: 'already-voted' }]);
    expect(await rollRow(s, w.voteId, m.rowId)).toMatchObject({ channel: 'online' });
  });

  it('the captain attests members of the site\'s roll; one on no roll votes challenged; one of another site must use a code; a committee kiosk takes no attestation', async () => {
    const k = (await openKiosk(captain, w.worksites[0])).body;
    const kiosk = s.anonymous();
    const attest = (memberId: string, token = k.kioskToken) => kiosk.request('POST', '/api/kiosk/identify', { memberId, attest: true, captainPassword: PASSWORD }, at(token));
    const offList = await attest(w.members[3].memberId);
    expect(offList.status).toBe(200);
    const cast = await kiosk.request('POST', '/api/kiosk/ballot', { ballotToken: offList.body.ballotToken, choices: { authorize: 'yes' } }, at(k.kioskToken));
    expect([cast.status, cast.body.challenged]).toEqual([201, true]);
    expect(await rollRow(s, w.voteId, w.members[3].rowId)).toMatchObject({ standing: 'challenged', channel: 'kiosk' });

    const otherSite = await attest(w.members[4].memberId);
    expect([otherSite.status, otherSite.body.code]).toEqual([409, 'vote.other-worksite']);
    const unknown = await attest('999999');
    expect([unknown.status, unknown.body.where.field]).toEqual([404, 'memberId']);

    // The kiosk is handed to the members who come: holding it proves nothing, so the captain types their own password for each.
    const issued = await countRows(s, 'vote_access', { voteId: w.voteId });
    const none = await kiosk.request('POST', '/api/kiosk/identify', { memberId: w.members[0].memberId, attest: true }, at(k.kioskToken));
    expect(none.status).toBe(400);
    const wrong = await kiosk.request('POST', '/api/kiosk/identify', { memberId: w.members[0].memberId, attest: true, captainPassword: 'not the captain\'s' }, at(k.kioskToken));
    expect([wrong.status, wrong.body.code, wrong.body.where.field]).toEqual([401, 'vote.attest-password', 'captainPassword']);
    expect(await countRows(s, 'vote_access', { voteId: w.voteId })).toBe(issued);
    // The wrong password counts against the captain's email as a sign-in's would (the same waits after five).
    const failures = await s.handle.db.selectFrom('sign_in_failures').select('account').where('account', '=', 'site-captain@teachers.test').execute();
    expect(failures.length).toBe(1);
    await s.handle.db.deleteFrom('sign_in_failures').execute();

    const byCommittee = (await openKiosk(committee, w.worksites[1])).body;
    const refused = await attest(w.members[5].memberId, byCommittee.kioskToken);
    expect([refused.status, refused.body.code]).toEqual([403, 'vote.attest-off']);
    expect(await countRows(s, 'vote_access', { voteId: w.voteId })).toBeGreaterThan(0);
  });

  it('a ballot token from one kiosk does not work at another; a closed kiosk takes nothing', async () => {
    const a = (await openKiosk(captain, w.worksites[0])).body;
    const b = (await openKiosk(committee, w.worksites[0])).body;
    const id = await s.anonymous().request('POST', '/api/kiosk/identify', { memberId: w.members[0].memberId, attest: true, captainPassword: PASSWORD }, at(a.kioskToken));
    expect(id.status).toBe(200);
    const elsewhere = await s.anonymous().request('POST', '/api/kiosk/ballot', { ballotToken: id.body.ballotToken, choices: { authorize: 'yes' } }, at(b.kioskToken));
    expect(elsewhere.status).toBe(401);
    expect(await rollRow(s, w.voteId, w.members[0].rowId)).toMatchObject({ voted_at: null });

    const closed = await captain.request('DELETE', `/api/votes/${w.voteId}/kiosks/${a.kioskId}`);
    expect([closed.status, closed.body.kioskId]).toEqual([200, a.kioskId]);
    const after = await s.anonymous().request('POST', '/api/kiosk/ballot', { ballotToken: id.body.ballotToken, choices: { authorize: 'yes' } }, at(a.kioskToken));
    expect([after.status, after.body.code]).toEqual([401, 'vote.kiosk-token']);
    expect((await captain.request('DELETE', `/api/votes/${w.voteId}/kiosks/${a.kioskId}`)).status).toBe(404);
    // Another union cannot close the committee's kiosk: 404.
    expect((await (await s.as('otherTeachers', 'admin')).request('DELETE', `/api/votes/${w.voteId}/kiosks/${b.kioskId}`)).status).toBe(404);
  });
  it('takes at most 20 wrong codes an hour at one kiosk, then answers 429 (a right code is not counted); a code not tried still works at another kiosk', async () => {
    const k = (await openKiosk(captain, w.worksites[0])).body;
    const m = w.members[2];
    const { requestId } = (await s.anonymous().request('POST', `/api/votes/${w.voteId}/access`, { memberId: m.memberId, via: 'sms' })).body;
    const msg = await s.handle.db.selectFrom('outbox').select('body').where('recipient', '=', m.mobile).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(msg.body)![1];
    const wrong = code === '000000' ? '111111' : '000000';
    const kiosk = s.anonymous();
    // Codes tried against members who asked for none (as someone sweeping the roll would): each a wrong code.
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) answers.push((await kiosk.request('POST', '/api/kiosk/identify', { memberId: w.members[i % 2 === 0 ? 4 : 5].memberId, code: wrong, requestId: `swept-request-${i}-000000` }, at(k.kioskToken))).status);
    expect(answers).toEqual(Array(20).fill(400));
    const past = await kiosk.request('POST', '/api/kiosk/identify', { memberId: m.memberId, code, requestId }, at(k.kioskToken));
    expect([past.status, past.body.code, past.headers.get('retry-after')]).toEqual([429, 'vote.too-many', '3600']);
    // The member's code was not tried, so it still works at another kiosk.
    const other = (await openKiosk(captain, w.worksites[0])).body;
    const ok = await kiosk.request('POST', '/api/kiosk/identify', { memberId: m.memberId, code, requestId }, at(other.kioskToken));
    expect(ok.status).toBe(200);
    // A right code is given back: the other kiosk's count is still 0, so 20 wrong ones are taken there.
    const rows = await s.handle.db.selectFrom('rate_limits').select(['key', 'count']).where('key', 'in', [`vote-kiosk-codes ${k.kioskId}`, `vote-kiosk-codes ${other.kioskId}`]).execute();
    expect(rows.map((r) => [r.key, Number(r.count)]).sort()).toEqual([[`vote-kiosk-codes ${k.kioskId}`, 21], [`vote-kiosk-codes ${other.kioskId}`, 0]].sort());
  });
});
