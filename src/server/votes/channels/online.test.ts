import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../../test/helpers/databases.ts';
import { startTestServer, type Client, type TestServer } from '../../../../test/helpers/server.ts';
import { countRows, linkSignIn, openVoteWorld, rollRow, type VoteWorld } from '../../../../test/helpers/votes.ts';

const outboxCodes = async (s: TestServer, to: string) =>
  (await s.handle.db.selectFrom('outbox').select(['body', 'kind', 'dedupe_key', 'channel']).where('recipient', '=', to).orderBy('created_at').execute());
const codeIn = (body: string) => /\b(\d{6})\b/.exec(body)?.[1] ?? '';

eachDatabase('voting online', (dialect) => {
  let s: TestServer;
  let w: VoteWorld;
  let member: Client;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    // Site A: members 1001–1004; site B: 1005–1006. Member 1006 (index 5) is not on the roll.
    w = await openVoteWorld(s, 'teachers', { perSite: [4, 2], offList: [5] });
    await linkSignIn(s, 'teachers', 'member', w.members[0].rowId);
    member = await s.as('teachers', 'member');
  }, 60_000);
  afterAll(async () => s?.close());

  it('a signed-in member votes once: a receipt, a sealed ballot in the inbox, the roll marked online, nothing audited; a second attempt is refused and recorded', async () => {
    const audits = await countRows(s, 'audit_log');
    const cast = await member.request('POST', `/api/votes/${w.voteId}/ballot`, { choices: { authorize: 'yes' } });
    expect(cast.status).toBe(201);
    expect(cast.body.receipt).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(cast.body.challenged).toBe(false);
    expect(await countRows(s, 'vote_inbox', { voteId: w.voteId })).toBe(1);
    expect(await rollRow(s, w.voteId, w.members[0].rowId)).toMatchObject({ standing: 'listed', channel: 'online', voted_at: s.clock.now.toISOString() });
    // A cast is never audited (secrecy).
    expect(await countRows(s, 'audit_log')).toBe(audits);

    const again = await member.request('POST', `/api/votes/${w.voteId}/ballot`, { choices: { authorize: 'no' } });
    expect([again.status, again.body.code]).toEqual([409, 'vote.already-voted']);
    expect(await countRows(s, 'vote_inbox', { voteId: w.voteId })).toBe(1);
    const refusals = await s.handle.db.selectFrom('vote_refusals').select(['member_row_id', 'channel', 'reason']).where('vote_id', '=', w.voteId).execute();
    expect(refusals).toEqual([{ member_row_id: w.members[0].rowId, channel: 'online', reason: 'already-voted' }]);
  });

  it('choices that do not fit the questions answer 422 naming the field, and nothing is stored', async () => {
    const other = await s.as('teachers', 'organizer');
    await linkSignIn(s, 'teachers', 'organizer', w.members[1].rowId);
    for (const [choices, field] of [[{ authorize: 'maybe' }, 'choices.authorize'], [{}, 'choices.authorize'], [{ authorize: 'yes', extra: 'no' }, 'choices.extra']] as const) {
      const r = await other.request('POST', `/api/votes/${w.voteId}/ballot`, { choices });
      expect([r.status, r.body.code, r.body.where?.field]).toEqual([422, 'vote.bad-choices', field]);
      expect(r.body.hint).toBe('{"choices":{"authorize":"yes"}}');
    }
    expect(await rollRow(s, w.voteId, w.members[1].rowId)).toMatchObject({ voted_at: null });
    // A blank answer (null) is a valid ballot.
    const blank = await other.request('POST', `/api/votes/${w.voteId}/ballot`, { choices: { authorize: null } });
    expect(blank.status).toBe(201);
  });

  it('a sign-in with no roster row cannot vote (403); a district caller and another union get 404 as for no vote', async () => {
    const bt = await s.as('teachers', 'bargaining-team');
    expect((await bt.request('POST', `/api/votes/${w.voteId}/ballot`, { choices: { authorize: 'yes' } })).status).toBe(403);
    for (const [org, role] of [['district', 'admin'], ['otherTeachers', 'admin'], ['classified', 'admin']] as const) {
      const c = await s.as(org, role);
      for (const [path, body] of [['ballot', { choices: { authorize: 'yes' } }], ['access', { memberId: '1002', via: 'email' }], ['access/verify', { memberId: '1002', code: '123456', requestId: 'q4X8vK2mT9bLr3wZ0yHcNd' }]] as const) {
        const r = await c.request('POST', `/api/votes/${w.voteId}/${path}`, body);
        expect([org, path, r.status, r.body.code]).toEqual([org, path, 404, 'not-found']);
      }
    }
    expect(await countRows(s, 'vote_access', { voteId: w.voteId })).toBe(0);
  });

  it('the code flow: a code to the roster email (read from the outbox), a voter token for 30 minutes, one ballot', async () => {
    const anon = s.anonymous();
    const m = w.members[2];
    const ask = await anon.request('POST', `/api/votes/${w.voteId}/access`, { memberId: m.memberId, via: 'email' });
    expect(ask.status).toBe(202);
    expect(JSON.stringify(ask.body)).not.toContain(m.email);
    const requestId = ask.body.requestId as string;
    expect(requestId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const queued = await outboxCodes(s, m.email);
    expect(queued.map((q) => [q.kind, q.channel, q.dedupe_key.startsWith('vote-code:')])).toEqual([['vote-code', 'email', true]]);
    const code = codeIn(queued[0].body);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await s.handle.db.selectFrom('vote_access').select(['code_hash', 'expires_at']).where('member_row_id', '=', m.rowId).executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
    // 16:00 + 10 minutes.
    expect(stored.expires_at).toBe('2026-01-15T16:10:00.000Z');

    const wrongCode = code === '000000' ? '000001' : '000000';
    const wrong = await anon.request('POST', `/api/votes/${w.voteId}/access/verify`, { memberId: m.memberId, code: wrongCode, requestId });
    expect([wrong.status, wrong.body.code, wrong.body.where.field]).toEqual([400, 'vote.code-wrong', 'code']);
    // The right code without its request id, or with another request's, is refused too.
    const missing = await anon.request('POST', `/api/votes/${w.voteId}/access/verify`, { memberId: m.memberId, code });
    expect([missing.status, missing.body.where?.field ?? missing.body.problems?.map((q: { where: { field: string } }) => q.where.field).join()]).toEqual([400, 'requestId']);
    expect((await anon.request('POST', `/api/votes/${w.voteId}/access/verify`, { memberId: m.memberId, code, requestId: 'q4X8vK2mT9bLr3wZ0yHcNd' })).body.code).toBe('vote.code-wrong');
    const ok = await anon.request('POST', `/api/votes/${w.voteId}/access/verify`, { memberId: m.memberId, code, requestId });
    expect(ok.status).toBe(200);
    // 16:00 + 30 minutes.
    expect([ok.body.expiresAt, ok.body.onList, ok.body.voterToken.length]).toEqual(['2026-01-15T16:30:00.000Z', true, 43]);
    // The code is used up.
    expect((await anon.request('POST', `/api/votes/${w.voteId}/access/verify`, { memberId: m.memberId, code, requestId })).status).toBe(400);

    const voter = { authorization: `Voter ${ok.body.voterToken}` };
    expect((await anon.request('POST', `/api/votes/${w.voteId}/ballot`, { choices: { authorize: 'x' } }, voter)).status).toBe(422);
    const cast = await anon.request('POST', `/api/votes/${w.voteId}/ballot`, { choices: { authorize: 'no' } }, voter);
    expect([cast.status, cast.body.challenged]).toEqual([201, false]);
    expect(await rollRow(s, w.voteId, m.rowId)).toMatchObject({ channel: 'online' });
    const again = await anon.request('POST', `/api/votes/${w.voteId}/ballot`, { choices: { authorize: 'no' } }, voter);
    expect([again.status, again.body.code]).toEqual([409, 'vote.already-voted']);
    // A made-up token, and the same token after 30 minutes, are refused.
    expect((await anon.request('POST', `/api/votes/${w.voteId}/ballot`, { choices: { authorize: 'no' } }, { authorization: 'Voter abc' })).status).toBe(401);
  });

  it('a member not on the list (1006) votes with a code: the ballot is challenged, sealed in an envelope', async () => {
    const anon = s.anonymous();
    const m = w.members[5];
    const ask = await anon.request('POST', `/api/votes/${w.voteId}/access`, { memberId: m.memberId, via: 'email' });
    expect(ask.status).toBe(202);
    const sms = await outboxCodes(s, m.email);
    expect(sms.map((q) => q.channel)).toEqual(['email']);
    const ok = await anon.request('POST', `/api/votes/${w.voteId}/access/verify`, { memberId: m.memberId, code: codeIn(sms[0].body), requestId: ask.body.requestId });
    expect([ok.status, ok.body.onList]).toEqual([200, false]);
    const cast = await anon.request('POST', `/api/votes/${w.voteId}/ballot`, { choices: { authorize: 'yes' } }, { authorization: `Voter ${ok.body.voterToken}` });
    expect([cast.status, cast.body.challenged]).toEqual([201, true]);
    expect(await countRows(s, 'vote_envelopes', { voteId: w.voteId })).toBe(1);
    expect(await rollRow(s, w.voteId, m.rowId)).toMatchObject({ standing: 'challenged', channel: 'online' });
  });

  it('a code by text message goes to the roster mobile (1001 has one), as an SMS in the outbox', async () => {
    const m = w.members[0];
    expect((await s.anonymous().request('POST', `/api/votes/${w.voteId}/access`, { memberId: m.memberId, via: 'sms' })).status).toBe(202);
    const sms = await outboxCodes(s, m.mobile!);
    expect(sms.map((q) => [q.channel, codeIn(q.body).length])).toEqual([['sms', 6]]);
  });

  it('asking for a code answers the same (status, body, headers) for an unknown member, a member without that contact, and a real one', async () => {
    const anon = s.anonymous();
    const outbox = await countRows(s, 'outbox');
    const ask = (memberId: string, via: 'email' | 'sms') => anon.request('POST', `/api/votes/${w.voteId}/access`, { memberId, via });
    const real = await ask(w.members[3].memberId, 'email');
    const unknown = await ask('999999', 'email');
    const noMobile = await ask(w.members[3].memberId, 'sms'); // member 1004 (even) has no mobile
    // Each answer has its own random request id, of the same form; the rest is alike.
    const shape = (r: typeof real) => ({ status: r.status, body: { ...r.body, requestId: /^[A-Za-z0-9_-]{43}$/.test(r.body.requestId) }, headers: [...r.headers.entries()] });
    expect(shape(unknown)).toEqual(shape(real));
    expect(shape(noMobile)).toEqual(shape(real));
    expect(new Set([real, unknown, noMobile].map((r) => r.body.requestId)).size).toBe(3);
    expect([real.status, shape(real).body.requestId]).toEqual([202, true]);
    // Only the real member with an email got a message: one more in the outbox.
    expect(await countRows(s, 'outbox')).toBe(outbox + 1);
  });

  it('a guess spends only the guesser\'s own request: wrong codes with another request, or with none the member was answered, leave the member\'s code working', async () => {
    const m = w.members[4];
    const own = s.anonymous('192.0.2.20');
    const asked = await own.request('POST', `/api/votes/${w.voteId}/access`, { memberId: m.memberId, via: 'email' });
    const code = codeIn((await outboxCodes(s, m.email))[0].body);
    // Someone else who knows the member id asks for a code too (it goes to the member) and
    // guesses six times with their request id, and five times with made-up ones.
    const other = s.anonymous('192.0.2.21');
    const theirs = await other.request('POST', `/api/votes/${w.voteId}/access`, { memberId: m.memberId, via: 'email' });
    const codes = new Set((await outboxCodes(s, m.email)).map((q) => codeIn(q.body)));
    const wrong = ['000000', '111111', '222222', '333333', '444444', '555555', '666666', '777777'].filter((c) => !codes.has(c)).slice(0, 6);
    for (const guess of wrong) expect((await other.request('POST', `/api/votes/${w.voteId}/access/verify`, { memberId: m.memberId, code: guess, requestId: theirs.body.requestId })).body.code).toBe('vote.code-wrong');
    for (const guess of wrong.slice(0, 5)) expect((await other.request('POST', `/api/votes/${w.voteId}/access/verify`, { memberId: m.memberId, code: guess, requestId: `made-up-request-${guess}` })).body.code).toBe('vote.code-wrong');
    // The guesser's own request has used its 5 tries: even its right code is refused now.
    const theirCode = codeIn((await outboxCodes(s, m.email))[1].body);
    expect((await other.request('POST', `/api/votes/${w.voteId}/access/verify`, { memberId: m.memberId, code: theirCode, requestId: theirs.body.requestId })).body.code).toBe('vote.code-wrong');
    // The member's own code, with the member's request id, still works.
    const ok = await own.request('POST', `/api/votes/${w.voteId}/access/verify`, { memberId: m.memberId, code, requestId: asked.body.requestId });
    expect(ok.status).toBe(200);
  });

  it('sends to one member: at most 3 an hour asked from one address and 10 in all; past either, the same answer and nothing sent', async () => {
    const m = w.members[1];
    const before = (await outboxCodes(s, m.email)).length;
    const ask = (address: string) => s.anonymous(address).request('POST', `/api/votes/${w.voteId}/access`, { memberId: m.memberId, via: 'email' });
    const sent = async () => (await outboxCodes(s, m.email)).length - before;
    // One address: 4 asks, 3 sends (the 4th answers 202 alike).
    for (let i = 0; i < 4; i++) expect((await ask('192.0.2.30')).status).toBe(202);
    expect(await sent()).toBe(3);
    // Three more addresses, 3 asks each: 3 + 3 + 3 + 1 = 10 sends in the hour, then none.
    for (const address of ['192.0.2.31', '192.0.2.32', '192.0.2.33']) for (let i = 0; i < 3; i++) expect((await ask(address)).status).toBe(202);
    expect(await sent()).toBe(10);
    expect((await ask('192.0.2.34')).status).toBe(202);
    expect(await sent()).toBe(10);
    // IPv6: the /64s of one /48 (one home connection's) share one address's 3 sends.
    const m6 = w.members[3];
    const before6 = (await outboxCodes(s, m6.email)).length;
    for (const sub of ['1', '2', '3', '4']) expect((await s.anonymous(`2001:db8:7:${sub}::1`).request('POST', `/api/votes/${w.voteId}/access`, { memberId: m6.memberId, via: 'email' })).status).toBe(202);
    expect((await outboxCodes(s, m6.email)).length - before6).toBe(3);
    // An hour and a minute later the member is sent codes again.
    const was = s.clock.now;
    s.clock.now = new Date(was.getTime() + 61 * 60_000);
    try {
      expect((await ask('192.0.2.30')).status).toBe(202);
      expect(await sent()).toBe(11);
    } finally {
      s.clock.now = was;
    }
  });

  it('one network address may ask 30 times an hour; the 31st is 429 with Retry-After, whatever the member id', async () => {
    const from = s.anonymous('192.0.2.7');
    for (let i = 0; i < 30; i++) expect((await from.request('POST', `/api/votes/${w.voteId}/access`, { memberId: `x${i}`, via: 'email' })).status).toBe(202);
    const over = await from.request('POST', `/api/votes/${w.voteId}/access`, { memberId: w.members[0].memberId, via: 'email' });
    expect([over.status, over.body.code]).toEqual([429, 'vote.too-many']);
    // The first of the 30 was at 16:00 (the clock stands still): it leaves the hour in 3600 s.
    expect(over.headers.get('retry-after')).toBe('3600');
    expect((await s.anonymous('192.0.2.8').request('POST', `/api/votes/${w.voteId}/access`, { memberId: 'x', via: 'email' })).status).toBe(202);
  });

  it('bad input: a malformed member id or code is a 400 naming the field; a closed vote, a vote without online and an unknown vote answer 409/409/404', async () => {
    const anon = s.anonymous();
    const bad = await anon.request('POST', `/api/votes/${w.voteId}/access`, { memberId: 'a b', via: 'fax' });
    expect(bad.status).toBe(400);
    expect(bad.body.problems.map((p: { where: { field: string } }) => p.where.field).sort()).toEqual(['memberId', 'via']);
    const badCode = await anon.request('POST', `/api/votes/${w.voteId}/access/verify`, { memberId: '1001', code: '12345' });
    expect([badCode.status, badCode.body.where.field]).toEqual([400, 'code']);
    expect((await anon.request('POST', `/api/votes/12345/access`, { memberId: '1001', via: 'email' })).status).toBe(404);

    const paperOnly = await openVoteWorld(s, 'teachers', { perSite: [1], channels: ['paper'], prefix: 'P' });
    const off = await anon.request('POST', `/api/votes/${paperOnly.voteId}/access`, { memberId: 'P1001', via: 'email' });
    expect([off.status, off.body.code]).toEqual([409, 'vote.channel-off']);

    const saved = s.clock.now;
    s.clock.now = new Date('2026-01-16T00:00:00.000Z'); // the close, exactly
    try {
      const closed = await member.request('POST', `/api/votes/${w.voteId}/ballot`, { choices: { authorize: 'yes' } });
      expect([closed.status, closed.body.code]).toEqual([409, 'vote.closed']);
      s.clock.now = new Date('2026-01-14T23:59:59.999Z'); // a moment before it opens
      // A code can be had before the opening (to check the list), but a ballot cannot be cast.
      const early = await member.request('POST', `/api/votes/${w.voteId}/ballot`, { choices: { authorize: 'yes' } });
      expect([early.status, early.body.code]).toEqual([409, 'vote.not-open']);
    } finally {
      s.clock.now = saved;
    }
  });
});
