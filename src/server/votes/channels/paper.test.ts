import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../../test/helpers/databases.ts';
import { startTestServer, type Client, type TestServer } from '../../../../test/helpers/server.ts';
import { linkSignIn, makeCaptain, openVoteWorld, rollRow, type VoteWorld } from '../../../../test/helpers/votes.ts';

const tally = (yes: number, no: number, blank: number, spoiled = 0) => ({ ballots: yes + no + blank, spoiled, answers: { authorize: { yes, no, blank } } });

eachDatabase('voting on paper', (dialect) => {
  let s: TestServer;
  let w: VoteWorld;
  let captain: Client;
  let committee: Client;
  let admin: Client;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    // Site A: 1001–1004 (1001 captains A and B); site B: 1005–1006. 1004 (index 3) is not on the roll.
    w = await openVoteWorld(s, 'teachers', { perSite: [4, 2], offList: [3] });
    await makeCaptain(s, 'teachers', w.worksites[0], w.members[0].rowId);
    captain = await s.as('teachers', 'site-captain');
    committee = await s.as('teachers', 'election-committee');
    admin = await s.as('teachers', 'admin');
  }, 60_000);
  afterAll(async () => s?.close());

  const site = (i: number, what: string) => `/api/votes/${w.voteId}/paper/${w.worksites[i]}/${what}`;
  const paperAudits = async () => (await s.handle.db.selectFrom('audit_log').select('action').where('organization_id', '=', s.orgId.teachers).where('action', 'like', 'vote.paper%').orderBy('number').execute()).map((a) => a.action);

  it('signs members in on the roll: refuses (and records) one who voted online, one of another site, one not on the roll; unknown ids are not found', async () => {
    await linkSignIn(s, 'teachers', 'member', w.members[1].rowId);
    expect((await (await s.as('teachers', 'member')).request('POST', `/api/votes/${w.voteId}/ballot`, { choices: { authorize: 'yes' } })).status).toBe(201);
    const r = await captain.request('POST', site(0, 'sign-ins'), { memberIds: ['1001', '1002', '1003', '1004', '1005', '9999'] });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      results: [
        { memberId: '1001', result: 'signed-in' },
        { memberId: '1002', result: 'refused', reason: 'already-voted' },
        { memberId: '1003', result: 'signed-in' },
        { memberId: '1004', result: 'refused', reason: 'not-on-list' },
        { memberId: '1005', result: 'refused', reason: 'other-worksite' },
        { memberId: '9999', result: 'not-found' },
      ],
      signIns: 2, // 1001 and 1003
    });
    expect(await rollRow(s, w.voteId, w.members[0].rowId)).toMatchObject({ channel: 'paper', voted_at: s.clock.now.toISOString() });
    expect(await rollRow(s, w.voteId, w.members[1].rowId)).toMatchObject({ channel: 'online' });
    const refusals = await s.handle.db.selectFrom('vote_refusals').select(['member_row_id', 'channel', 'reason']).where('vote_id', '=', w.voteId).orderBy('reason').execute();
    expect(refusals).toEqual([
      { member_row_id: w.members[1].rowId, channel: 'paper', reason: 'already-voted' },
      { member_row_id: w.members[3].rowId, channel: 'paper', reason: 'not-on-list' },
      { member_row_id: w.members[4].rowId, channel: 'paper', reason: 'other-worksite' },
    ]);
    // Signed in on paper, 1003 cannot vote again online or at a kiosk.
    const again = await captain.request('POST', site(0, 'sign-ins'), { memberIds: ['1003'] });
    expect(again.body.results).toEqual([{ memberId: '1003', result: 'refused', reason: 'already-voted' }]);
    // The audit trail counts sign-ins, never names them.
    expect(await paperAudits()).toEqual(['vote.paper-sign-ins:2', 'vote.paper-sign-ins:0']);
  });

  it('refuses another site\'s member as that whether or not they voted: a captain learns nothing of who voted elsewhere', async () => {
    // 1005 (Harbor's, not this captain's site) voted, and 1005 struck by the committee: the same answer either way.
    const row = () => s.handle.db.selectFrom('vote_voters').select(['voted_at', 'channel', 'standing']).where('vote_id', '=', w.voteId).where('member_row_id', '=', w.members[4].rowId).executeTakeFirstOrThrow();
    const was = await row();
    const audits = (await s.handle.db.selectFrom('audit_log').select('id').where('organization_id', '=', s.orgId.teachers).execute()).map((a) => a.id);
    await s.handle.db.updateTable('vote_voters').set({ voted_at: s.clock.now.toISOString(), channel: 'online' }).where('vote_id', '=', w.voteId).where('member_row_id', '=', w.members[4].rowId).execute();
    const voted = await captain.request('POST', site(0, 'sign-ins'), { memberIds: ['1005'] });
    await s.handle.db.updateTable('vote_voters').set({ voted_at: null, channel: null, standing: 'struck' }).where('vote_id', '=', w.voteId).where('member_row_id', '=', w.members[4].rowId).execute();
    const struck = await captain.request('POST', site(0, 'sign-ins'), { memberIds: ['1005'] });
    // As it was, for the tests that follow (the roll row, and no audit entries of these sign-ins of nobody).
    await s.handle.db.updateTable('vote_voters').set(was).where('vote_id', '=', w.voteId).where('member_row_id', '=', w.members[4].rowId).execute();
    await s.handle.db.deleteFrom('audit_log').where('organization_id', '=', s.orgId.teachers).where('id', 'not in', audits).execute();
    expect([voted.body.results, struck.body.results]).toEqual([[{ memberId: '1005', result: 'refused', reason: 'other-worksite' }], [{ memberId: '1005', result: 'refused', reason: 'other-worksite' }]]);
  });

  it('only the site\'s captain or the committee sign in, enter or sign off; the district and another union get 404', async () => {
    expect((await captain.request('POST', site(1, 'sign-ins'), { memberIds: ['1005'] })).status).toBe(403);
    expect((await (await s.as('teachers', 'organizer')).request('POST', site(0, 'entries'), { counts: tally(2, 0, 0) })).status).toBe(403);
    for (const [org, role] of [['district', 'admin'], ['otherTeachers', 'admin']] as const) {
      const c = await s.as(org, role);
      for (const [method, path, body] of [['POST', site(0, 'sign-ins'), { memberIds: ['1001'] }], ['POST', site(0, 'entries'), { counts: tally(2, 0, 0) }], ['POST', site(0, 'observer'), { observerName: 'X' }], ['GET', `/api/votes/${w.voteId}/paper`, undefined]] as const) {
        const r = await c.request(method, path, body);
        expect([org, path, r.status]).toEqual([org, path, 404]);
      }
    }
  });

  it('a tally that does not add up is refused 422 with the field, and nothing is stored', async () => {
    const bad = await captain.request('POST', site(0, 'entries'), { counts: { ballots: 2, spoiled: 0, answers: { authorize: { yes: 1, no: 0, blank: 0 } } } });
    expect([bad.status, bad.body.code, bad.body.where.field]).toEqual([422, 'vote.paper-counts', 'counts.answers.authorize']);
    const list = await committee.request('GET', `/api/votes/${w.voteId}/paper`);
    expect(list.body.sites.map((x: { entries: number }) => x.entries)).toEqual([0]);
  });

  it('two entries that disagree show a mismatch (not whose or how); a third person\'s agreeing entry settles it; the observer must be someone else', async () => {
    const first = await captain.request('POST', site(0, 'entries'), { counts: tally(2, 0, 0) });
    expect([first.status, first.body.status]).toEqual([201, 'one-entry']);
    const twice = await captain.request('POST', site(0, 'entries'), { counts: tally(2, 0, 0) });
    expect([twice.status, twice.body.code]).toEqual([409, 'vote.paper-entered']);
    const second = await committee.request('POST', site(0, 'entries'), { counts: tally(1, 1, 0) });
    expect([second.body.status, second.body.counts, second.body.entries]).toEqual(['mismatch', null, 2]);
    const early = await admin.request('POST', site(0, 'observer'), { observerName: 'Rosa Parks' });
    expect([early.status, early.body.code]).toEqual([409, 'vote.paper-not-agreed']);

    const third = await admin.request('POST', site(0, 'entries'), { counts: tally(2, 0, 0) });
    expect([third.body.status, third.body.counts, third.body.overSignIns]).toEqual(['agree', tally(2, 0, 0), false]);
    const stored = await s.handle.db.selectFrom('vote_paper_sites').select(['counts', 'sign_ins', 'accepted_at']).where('worksite_id', '=', w.worksites[0]).executeTakeFirstOrThrow();
    expect([JSON.parse(stored.counts!), stored.sign_ins, stored.accepted_at]).toEqual([tally(2, 0, 0), 2, null]);
    expect((await committee.request('POST', site(0, 'entries'), { counts: tally(2, 0, 0) })).body.code).toBe('vote.paper-agreed');

    // The captain and the admin entered the agreeing counts: neither may sign off.
    const own = await captain.request('POST', site(0, 'observer'), { observerName: 'Rosa Parks' });
    expect([own.status, own.body.code]).toEqual([403, 'vote.paper-observer']);
    const blankName = await committee.request('POST', site(0, 'observer'), { observerName: '  ' });
    expect([blankName.status, blankName.body.where.field]).toEqual([400, 'observerName']);
    const signed = await committee.request('POST', site(0, 'observer'), { observerName: 'Rosa Parks' });
    expect([signed.status, signed.body.accepted, signed.body.observerName]).toEqual([200, true, 'Rosa Parks']);

    // Accepted: nothing about the site changes any more.
    expect((await captain.request('POST', site(0, 'sign-ins'), { memberIds: ['1001'] })).body.code).toBe('vote.paper-accepted');
    expect((await committee.request('POST', site(0, 'observer'), { observerName: 'Another' })).body.code).toBe('vote.paper-accepted');
  });

  it('more ballots than sign-ins cannot be accepted until the sign-ins account for them', async () => {
    await makeCaptain(s, 'teachers', w.worksites[1], w.members[0].rowId);
    expect((await captain.request('POST', site(1, 'sign-ins'), { memberIds: ['1005'] })).body.signIns).toBe(1);
    // 1 yes + 0 no + 0 blank = 1 ballot, and 1 spoiled: 2 in the box, 1 signed in.
    expect((await committee.request('POST', site(1, 'entries'), { counts: tally(1, 0, 0, 1) })).status).toBe(201);
    const agreed = await admin.request('POST', site(1, 'entries'), { counts: tally(1, 0, 0, 1) });
    expect([agreed.body.status, agreed.body.overSignIns]).toEqual(['agree', true]);
    const over = await captain.request('POST', site(1, 'observer'), { observerName: 'Ida Wells' });
    expect([over.status, over.body.code]).toEqual([409, 'vote.paper-over-sign-ins']);
    expect((await captain.request('POST', site(1, 'sign-ins'), { memberIds: ['1006'] })).body.signIns).toBe(2);
    const ok = await captain.request('POST', site(1, 'observer'), { observerName: 'Ida Wells' });
    expect([ok.status, ok.body.accepted, ok.body.signIns]).toEqual([200, true, 2]);

    const list = await committee.request('GET', `/api/votes/${w.voteId}/paper`);
    expect(list.body.sites.map((x: { worksite: string; signIns: number; status: string; accepted: boolean }) => [x.worksite, x.signIns, x.status, x.accepted])).toEqual([
      ['Site A', 2, 'agree', true],
      ['Site B', 2, 'agree', true],
    ]);
    expect(await paperAudits()).toEqual([
      'vote.paper-sign-ins:2', 'vote.paper-sign-ins:0', 'vote.paper-entry', 'vote.paper-entry', 'vote.paper-entry', 'vote.paper-observer',
      'vote.paper-sign-ins:1', 'vote.paper-entry', 'vote.paper-entry', 'vote.paper-sign-ins:1', 'vote.paper-observer',
    ]);
    // A member sees no paper tallies.
    expect((await (await s.as('teachers', 'member')).request('GET', `/api/votes/${w.voteId}/paper`)).status).toBe(403);
  });
});

eachDatabase('counting a vote with paper sign-ins', (dialect) => {
  let s: TestServer;
  afterAll(async () => s?.close());

  it('waits for every site that signed members in on paper to have its tally accepted', async () => {
    s = await startTestServer({ dialect });
    const w = await openVoteWorld(s, 'teachers', { perSite: [2, 2] });
    s.clock.now = new Date('2026-01-15T12:00:00.000Z'); // the vote is open on the 15th
    let committee = await s.as('teachers', 'election-committee');
    const paper = (i: number, what: string) => `/api/votes/${w.voteId}/paper/${w.worksites[i]}/${what}`;
    expect((await committee.request('POST', paper(0, 'sign-ins'), { memberIds: ['1001'] })).body.signIns).toBe(1);
    s.clock.now = new Date('2026-01-16T09:00:00.000Z'); // closed at midnight
    committee = await s.as('teachers', 'election-committee');
    const admin = await s.as('teachers', 'admin');
    // Site A's one paper voter is on the roll as voted but in no tally: counting now would count her in the turnout and not her ballot.
    const early = await committee.request('POST', `/api/votes/${w.voteId}/count`);
    expect([early.status, early.body.code]).toEqual([409, 'vote.paper-pending']);
    expect(early.body.message).toContain('1 site(s)');
    expect((await s.handle.db.selectFrom('votes').select('state').where('id', '=', w.voteId).executeTakeFirstOrThrow()).state).toBe('frozen');
    // Two agreeing entries and the observer: accepted, and the count goes ahead with her ballot.
    expect((await committee.request('POST', paper(0, 'entries'), { counts: tally(1, 0, 0) })).status).toBe(201);
    expect((await admin.request('POST', paper(0, 'entries'), { counts: tally(1, 0, 0) })).status).toBe(201);
    await makeCaptain(s, 'teachers', w.worksites[0], w.members[1].rowId);
    const signed = await (await s.as('teachers', 'site-captain')).request('POST', paper(0, 'observer'), { observerName: 'Ida Wells' });
    expect(signed.body).toMatchObject({ accepted: true });
    const counted = await committee.request('POST', `/api/votes/${w.voteId}/count`);
    expect(counted.status).toBe(200);
    // 4 listed, 1 voted (on paper); the one ballot is the accepted tally's yes.
    expect(counted.body.results).toMatchObject({ eligible: 4, voted: 1, ballots: { opened: 0, paper: 1, spoiled: 0 } });
    expect(counted.body.results.questions[0].counts).toEqual({ yes: 1, no: 0 });
  });
});

eachDatabase('a member removed from the roster after the cutoff', (dialect) => {
  let s: TestServer;
  afterAll(async () => s?.close());

  it('still votes: the list is the roster at the cutoff, so the member is signed in on paper, not refused as unknown', async () => {
    s = await startTestServer({ dialect });
    const w = await openVoteWorld(s, 'teachers', { perSite: [2] });
    s.clock.now = new Date('2026-01-15T12:00:00.000Z'); // the vote is open on the 15th
    // 1002 is on the list; removed from the roster now, as a roster import's removal does.
    await s.handle.db.updateTable('roster_members').set({ removed_at: s.clock.now.toISOString() }).where('id', '=', w.members[1].rowId).execute();
    const committee = await s.as('teachers', 'election-committee');
    const r = await committee.request('POST', `/api/votes/${w.voteId}/paper/${w.worksites[0]}/sign-ins`, { memberIds: ['1002', '9999'] });
    expect(r.body.results).toEqual([{ memberId: '1002', result: 'signed-in' }, { memberId: '9999', result: 'not-found' }]);
    expect(await rollRow(s, w.voteId, w.members[1].rowId)).toMatchObject({ channel: 'paper' });
  });
});

