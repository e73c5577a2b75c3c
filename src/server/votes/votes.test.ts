/**
 * A whole vote on a small roster, on SQLite and PostgreSQL: set up, freeze at the cutoff (the
 * roster's history, not the roster now), challenges, casting (castBallot directly: the
 * channels' routes are separate), rulings, the count, two certifications, publication and the
 * public record; and the refusals (count before the close or with a challenge pending, editing
 * questions after freezing, the district and another union: 404).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { PASSWORD, startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';
import { addPerson } from '../admin.ts';
import { argon2id } from '../auth/passwords.ts';
import { castBallot } from './cast.ts';

const HEADER = 'Member ID,Name,Employee #,E-mail,Cell,School,Job Title,Status';
const form = (text: string) => {
  const f = new FormData();
  f.set('file', new File([text], 'members.csv'));
  return f;
};
const QUESTION = { key: 'authorize', text: 'Do you authorize a strike?', options: [{ key: 'yes', label: 'Yes' }, { key: 'no', label: 'No' }], pass: { option: 'yes', share: '0.5' } };
const SETUP = {
  title: 'Strike authorization, January 2027', kind: 'strike-authorization', questions: [QUESTION],
  cutoffAt: '2027-01-10T00:00:00Z', opensAt: '2027-01-14T08:00:00Z', closesAt: '2027-01-21T20:00:00Z', channels: ['online', 'paper'], publicResults: true,
};

eachDatabase('a union vote', (dialect) => {
  let s: TestServer;
  let organizer: Client;
  let committee: Client;
  let committee2: Client;
  let admin: Client;
  let member: Client;
  let captain: Client;
  let district: Client;
  let otherUnion: Client;
  let voteId: number;
  const row = {} as Record<string, number>;
  const receipts = {} as Record<string, string>;

  const signInAs = async (email: string): Promise<Client> => {
    const res = await s.app.request('/api/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
    const { csrfToken } = (await res.json()) as { csrfToken: string };
    return {
      csrf: csrfToken,
      async request(method, path, body) {
        const r = await s.app.request(path, { method, headers: { cookie, 'x-csrf-token': csrfToken, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
        const text = await r.text();
        return { status: r.status, body: text ? JSON.parse(text) : null, headers: r.headers };
      },
    };
  };
  const importRoster = async (lines: string[]) => {
    const up = await organizer.request('POST', '/api/roster/imports', form([HEADER, ...lines].join('\n')));
    expect(up.status).toBe(201);
    // The file is the whole roster: a member not in it (Fay, in the second) leaves.
    const whole = await organizer.request('POST', `/api/roster/imports/${up.body.import.id}/preview`, { mapping: up.body.mapping, removeMissing: true });
    const done = await organizer.request('POST', `/api/roster/imports/${up.body.import.id}/confirm`, { mapping: up.body.mapping, removeMissing: true, digest: whole.body.digest });
    expect(done.status).toBe(200);
  };
  const cast = async (memberId: string, choice: string | null, worksiteId: number | null = null) =>
    castBallot(s.handle.db, { voteId, organizationId: s.orgId.teachers, memberRowId: row[memberId], channel: 'online', choices: { authorize: choice }, now: s.clock.now, key: s.deps.ballotKey, ids: s.deps.ids, worksiteId });
  /** Moves the clock (days apart: sessions last 12 idle hours) and signs everyone in again. */
  const at = async (iso: string) => {
    s.clock.now = new Date(iso);
    organizer = await s.as('teachers', 'organizer');
    committee = await s.as('teachers', 'election-committee');
    admin = await s.as('teachers', 'admin');
    member = await s.as('teachers', 'member');
    captain = await s.as('teachers', 'site-captain');
    district = await s.as('district', 'admin');
    otherUnion = await s.as('otherTeachers', 'admin');
    committee2 = await signInAs('second-committee@teachers.test');
  };

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    await addPerson(s.handle.db, { organizationId: s.orgId.teachers, email: 'second-committee@teachers.test', name: 'Second Committee', role: 'election-committee', passwordHash: await argon2id.hash(PASSWORD), now: s.clock.now, ids: s.deps.ids });
  }, 60_000);
  afterAll(async () => s?.close());

  it('runs a vote from setup to the public record', async () => {
    await at('2027-01-01T12:00:00.000Z');
    await importRoster([
      '1001,Ana Díaz,,,,Alder Elementary,Teacher,Active',
      '1002,Bo Li,,,,Alder Elementary,Teacher,Active',
      '1003,Cy Ng,,,,Birch Elementary,Teacher,Active',
      '1004,Di Oh,,,,Birch Elementary,Teacher,Leave',
      '1005,Ed Po,,,,Birch Elementary,Teacher,Inactive',
      '1006,Fay Qu,,,,Alder Elementary,Teacher,Active',
      '1008,Hal Ru,,,,Alder Elementary,Teacher,Active',
    ]);
    const created = await committee.request('POST', '/api/votes', SETUP);
    expect(created.status).toBe(201);
    voteId = created.body.vote.id;
    expect(created.body.vote).toMatchObject({ state: 'draft', eligibleStatuses: ['active', 'leave'], publicResults: true, open: false });
    // Freezing before the cutoff is refused.
    expect((await committee.request('POST', `/api/votes/${voteId}/freeze`)).body.code).toBe('vote.before-cutoff');

    // After the cutoff: Gus joins, Fay leaves, Bo becomes inactive. None of it changes the list.
    await at('2027-01-12T12:00:00.000Z');
    await importRoster([
      '1001,Ana Díaz,,,,Alder Elementary,Teacher,Active',
      '1002,Bo Li,,,,Alder Elementary,Teacher,Inactive',
      '1003,Cy Ng,,,,Birch Elementary,Teacher,Active',
      '1004,Di Oh,,,,Birch Elementary,Teacher,Leave',
      '1005,Ed Po,,,,Birch Elementary,Teacher,Inactive',
      '1007,Gus Sa,,,,Alder Elementary,Teacher,Active',
      '1008,Hal Ru,,,,Alder Elementary,Teacher,Active',
    ]);
    for (const m of await s.handle.db.selectFrom('roster_members').select(['id', 'member_id', 'worksite_id']).where('organization_id', '=', s.orgId.teachers).execute()) row[m.member_id] = m.id;
    const frozen = await committee.request('POST', `/api/votes/${voteId}/freeze`);
    expect(frozen.status).toBe(200);
    // At the cutoff: 1001, 1002, 1003 active, 1004 on leave, 1006 active, 1008 active = 6; 1005 inactive, 1007 not yet a member.
    expect(frozen.body.voters).toBe(6);
    const roll = await committee.request('GET', `/api/votes/${voteId}/voters`);
    expect(roll.body.voters.map((v: { member: { memberId: string } }) => v.member.memberId).sort()).toEqual(['1001', '1002', '1003', '1004', '1006', '1008']);
    // Questions cannot change once frozen; the window can be extended only.
    const edit = await committee.request('PATCH', `/api/votes/${voteId}`, { questions: [{ ...QUESTION, text: 'Changed?' }] });
    expect([edit.status, edit.body.code]).toEqual([409, 'vote.frozen']);
    expect((await committee.request('PATCH', `/api/votes/${voteId}`, { closesAt: '2027-01-20T20:00:00Z' })).body.code).toBe('vote.close-earlier');

    // A captain of Birch sees Birch's voters only.
    const captainPerson = await s.handle.db.selectFrom('people').select('id').where('email', '=', 'site-captain@teachers.test').executeTakeFirstOrThrow();
    await s.handle.db.updateTable('people').set({ member_row_id: row['1003'] }).where('id', '=', captainPerson.id).execute();
    const birch = (await s.handle.db.selectFrom('roster_members').select('worksite_id').where('id', '=', row['1003']).executeTakeFirstOrThrow()).worksite_id!;
    const alder = (await s.handle.db.selectFrom('roster_members').select('worksite_id').where('id', '=', row['1001']).executeTakeFirstOrThrow()).worksite_id!;
    expect((await organizer.request('POST', `/api/roster/worksites/${birch}/captains`, { member: row['1003'] })).status).toBe(201);
    const mine = await captain.request('GET', `/api/votes/${voteId}/voters`);
    expect(mine.body.voters.map((v: { member: { memberId: string } }) => v.member.memberId).sort()).toEqual(['1003', '1004']);
    expect((await captain.request('GET', `/api/votes/${voteId}/voters?worksite=${alder}`)).status).toBe(404);
    expect((await member.request('GET', `/api/votes/${voteId}/voters`)).status).toBe(403);

    // Gus (signed in as the member account) is not on the list and challenges it; the committee challenges Di.
    const memberPerson = await s.handle.db.selectFrom('people').select('id').where('email', '=', 'member@teachers.test').executeTakeFirstOrThrow();
    await s.handle.db.updateTable('people').set({ member_row_id: row['1007'] }).where('id', '=', memberPerson.id).execute();
    expect((await member.request('GET', `/api/votes/${voteId}/me`)).body).toEqual({ onList: false, standing: null, voted: false, channel: null });
    const gus = await member.request('POST', `/api/votes/${voteId}/challenges`, { reason: 'I was hired on 8 January' });
    expect([gus.status, gus.body.challenge.member.memberId, gus.body.challenge.status]).toEqual([201, '1007', 'pending']);
    expect((await member.request('POST', `/api/votes/${voteId}/challenges`, { memberId: '1001', reason: 'not mine to raise' })).status).toBe(403);
    const di = await committee.request('POST', `/api/votes/${voteId}/challenges`, { memberId: '1004', reason: 'on leave without pay since October' });
    expect(di.status).toBe(201);

    // The window: Ana, Bo, Fay yes, Hal stays home, Cy votes on paper at Birch; Di (challenged) and Gus (not listed) cast challenged ballots.
    await at('2027-01-15T12:00:00.000Z');
    for (const [m, choice] of [['1001', 'yes'], ['1002', 'yes'], ['1006', 'yes'], ['1004', 'yes']] as const) {
      const o = await cast(m, choice);
      if (o.kind !== 'cast') throw new Error(`cast for ${m} refused`);
      receipts[m] = o.receipt;
      expect([m, o.challenged]).toEqual([m, m === '1004']);
    }
    const g = await cast('1007', 'no', alder);
    expect(g).toMatchObject({ kind: 'cast', challenged: true });
    if (g.kind === 'cast') receipts['1007'] = g.receipt;
    expect(await cast('1001', 'no')).toEqual({ kind: 'refused', reason: 'already-voted' });
    // Cy's paper ballot: the sign-in marks the roll, the site's accepted tally holds the ballot.
    await s.handle.db.updateTable('vote_voters').set({ voted_at: s.clock.now.toISOString(), channel: 'paper' }).where('vote_id', '=', voteId).where('member_row_id', '=', row['1003']).execute();
    await s.handle.db.insertInto('vote_paper_sites').values({ id: s.deps.ids.next(s.orgId.teachers), vote_id: voteId, worksite_id: birch, sign_ins: 1, counts: JSON.stringify({ ballots: 1, spoiled: 0, answers: { authorize: { yes: 0, no: 1, blank: 0 } } }), observer_name: 'Observer', observer_signed_by: null, observer_signed_at: null, accepted_at: s.clock.now.toISOString() }).execute();

    const receipt = async (code: string) => (await member.request('GET', `/api/votes/${voteId}/receipts/${code}`)).body.status;
    expect([await receipt(receipts['1001']), await receipt(receipts['1004'].toLowerCase()), await receipt('0000-0000-0000')]).toEqual(['sealed', 'awaiting-ruling', 'unknown']);
    const live = await committee.request('GET', `/api/votes/${voteId}`);
    // Live: 6 listed; voted among them Ana, Bo, Fay online + Cy paper = 4 (Di's standing is now challenged, not counted as eligible).
    expect([live.body.vote.open, live.body.turnout.eligible, live.body.turnout.voted, live.body.turnout.byChannel]).toEqual([true, 5, 4, { online: 3, kiosk: 0, paper: 1 }]);
    expect((await member.request('GET', `/api/votes/${voteId}`)).body.turnout).toBeUndefined();

    // Counting before the close, and with challenges pending, is refused.
    const early = await committee.request('POST', `/api/votes/${voteId}/count`);
    expect([early.status, early.body.code]).toEqual([409, 'vote.not-closed']);
    await at('2027-01-22T09:00:00.000Z');
    // Closed (20:00 on the 21st), it cannot be reopened by extending it: ballots would come in after the close.
    const reopen = await committee.request('PATCH', `/api/votes/${voteId}`, { closesAt: '2027-01-23T20:00:00Z' });
    expect([reopen.status, reopen.body.code]).toEqual([409, 'vote.closed']);
    expect((await s.handle.db.selectFrom('votes').select('closes_at').where('id', '=', voteId).executeTakeFirstOrThrow()).closes_at).toBe('2027-01-21T20:00:00.000Z');
    const waiting = await committee.request('POST', `/api/votes/${voteId}/count`);
    expect([waiting.status, waiting.body.code]).toEqual([409, 'vote.challenges-pending']);
    const list = await committee.request('GET', `/api/votes/${voteId}/challenges`);
    expect(list.body.challenges.map((c: { member: { memberId: string }; envelope: boolean }) => [c.member.memberId, c.envelope])).toEqual([['1004', true], ['1007', true]]); // raised at the same instant: by name, Di Oh before Gus Sa
    expect(JSON.stringify(list.body)).not.toMatch(/"(yes|no)"/);

    // Gus upheld: on the roll, his ballot in the box. Di denied: struck, her ballot destroyed unopened.
    const up = await committee.request('POST', `/api/votes/${voteId}/challenges/${gus.body.challenge.id}/ruling`, { ruling: 'upheld', note: 'hired before the cutoff' });
    expect([up.status, up.body.challenge.status, up.body.challenge.envelope]).toEqual([200, 'upheld', false]);
    expect((await committee.request('POST', `/api/votes/${voteId}/challenges/${di.body.challenge.id}/ruling`, { ruling: 'denied' })).status).toBe(200);
    expect((await committee.request('POST', `/api/votes/${voteId}/challenges/${di.body.challenge.id}/ruling`, { ruling: 'upheld' })).body.code).toBe('vote.challenge-ruled');
    expect(await receipt(receipts['1004'])).toBe('not-counted');
    expect(await receipt(receipts['1007'])).toBe('sealed');

    const counted = await committee.request('POST', `/api/votes/${voteId}/count`);
    expect(counted.status).toBe(200);
    // Ballots: Ana, Bo, Fay yes + Gus no (online, 4 opened) + Cy no (paper) → yes 3, no 2, answered 5; 3/5 = 0.600 > 0.5: passed.
    // Roll: 1001, 1002, 1003, 1006, 1008 listed + 1007 added = 6 eligible (1004 struck); voted 5 → 5/6 = 0.8333… → 0.833.
    // Sites: Alder 1001, 1002, 1006, 1007, 1008 → 5 eligible, 4 voted; Birch 1003 → 1 eligible, 1 voted: both under 5 voters, one line.
    expect(counted.body.results).toEqual({
      eligible: 6, voted: 5, turnout: '0.833', byChannel: { online: 4, kiosk: 0, paper: 1 }, ballots: { opened: 4, paper: 1, spoiled: 0 },
      questions: [{ key: 'authorize', text: QUESTION.text, counts: { yes: 3, no: 2 }, blank: 0, answered: 5, passOption: 'yes', threshold: '0.5', share: '0.600', passed: true }],
      sites: [{ name: 'Sites with few voters', eligible: 6, voted: 5, sites: 2 }],
    });
    expect(await receipt(receipts['1001'])).toBe('counted');
    expect(await receipt(receipts['1007'])).toBe('counted');
    // A member who voted with a one-time code has no sign-in: the code alone answers. Signed in
    // elsewhere (the district, another union), the vote does not exist.
    const path = `/api/votes/${voteId}/receipts/${receipts['1001']}`;
    expect((await s.anonymous().request('GET', path)).body).toEqual({ status: 'counted' });
    expect((await (await s.as('district', 'admin')).request('GET', path)).status).toBe(404);
    expect((await (await s.as('otherTeachers', 'admin')).request('GET', path)).status).toBe(404);
    expect((await s.anonymous().request('GET', `/api/votes/12345/receipts/${receipts['1001']}`)).status).toBe(404);
    // Four ballots online, fewer than 5: listed one by one they would show how those four voted (the roll names them), so nothing lists them; the results count them.
    const ballots = await committee.request('GET', `/api/votes/${voteId}/ballots`);
    expect([ballots.status, ballots.body.code]).toEqual([409, 'vote.few-ballots']);
    expect(JSON.stringify(ballots.body)).not.toMatch(/"(yes|no)"/);
    expect((await member.request('GET', `/api/votes/${voteId}/results`)).body.code).toBe('vote.not-published');
    expect((await member.request('GET', `/api/votes/${voteId}/me`)).body).toEqual({ onList: true, standing: 'added', voted: true, channel: 'online' });

    // Certification: not an admin; one committee member once; the second different member certifies.
    expect((await admin.request('POST', `/api/votes/${voteId}/certify`)).status).toBe(403);
    expect((await committee.request('POST', `/api/votes/${voteId}/publish`)).body.code).toBe('vote.counted');
    const first = await committee.request('POST', `/api/votes/${voteId}/certify`);
    expect([first.status, first.body.vote.state, first.body.certifications.length]).toEqual([200, 'counted', 1]);
    // The other committee member reads who certified with the results, as the page does after a reload.
    const seen = await committee2.request('GET', `/api/votes/${voteId}/results`);
    expect(seen.body.certifications).toEqual(first.body.certifications);
    expect((await committee.request('POST', `/api/votes/${voteId}/certify`)).body.code).toBe('vote.already-certified');
    const second = await committee2.request('POST', `/api/votes/${voteId}/certify`);
    expect([second.status, second.body.vote.state, second.body.certifications.length]).toEqual([200, 'certified', 2]);

    expect((await s.anonymous().request('GET', '/api/public/votes')).body.votes).toEqual([]);
    expect((await committee.request('POST', `/api/votes/${voteId}/publish`)).status).toBe(200);
    expect((await member.request('GET', `/api/votes/${voteId}/results`)).body.results.turnout).toBe('0.833');
    const pub = await s.anonymous().request('GET', '/api/public/votes');
    // 0.600 → 60.0% yes; 0.833 → 83.3% turnout.
    expect(pub.body.votes).toEqual([{ union: 'Tiny Teachers', title: SETUP.title, kind: 'strike-authorization', closedAt: '2027-01-21T20:00:00.000Z', summary: '60.0% yes, passed; 83.3% turnout', turnout: '0.833', questions: [{ text: QUESTION.text, passOption: 'yes', share: '0.600', passed: true }] }]);
    expect(JSON.stringify(pub.body)).not.toMatch(/Alder|Birch|Gus|1007/);

    // Every committee action is in the audit trail; no cast is.
    const actions = (await admin.request('GET', '/api/audit?limit=100')).body.entries.map((e: { action: string }) => e.action).filter((a: string) => a.startsWith('vote.'));
    expect(actions.reverse()).toEqual(['vote.create', 'vote.freeze', 'vote.challenge', 'vote.challenge', 'vote.challenge-upheld', 'vote.challenge-denied', 'vote.count', 'vote.certify', 'vote.certify', 'vote.publish']);
  });

  it('the district and another union see no vote at all; bad setups are refused field by field', async () => {
    for (const path of ['/api/votes', `/api/votes/${voteId}`, `/api/votes/${voteId}/results`, `/api/votes/${voteId}/ballots`]) {
      expect([path, (await district.request('GET', path)).status]).toEqual([path, 404]);
    }
    expect((await district.request('POST', '/api/votes', SETUP)).status).toBe(404);
    for (const path of [`/api/votes/${voteId}`, `/api/votes/${voteId}/results`, `/api/votes/${voteId}/voters`]) {
      expect([path, (await otherUnion.request('GET', path)).status]).toEqual([path, 404]);
    }
    expect((await otherUnion.request('POST', `/api/votes/${voteId}/count`)).status).toBe(404);
    expect((await otherUnion.request('GET', '/api/votes')).body.votes).toEqual([]);
    expect((await organizer.request('POST', '/api/votes', SETUP)).status).toBe(403);

    const before = await s.handle.db.selectFrom('votes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const bad = await committee.request('POST', '/api/votes', { ...SETUP, closesAt: '2027-01-13T00:00:00Z', channels: [] });
    expect([bad.status, bad.body.problems.map((p: { where: { field: string } }) => p.where.field)]).toEqual([422, ['closesAt', 'channels']]);
    expect(bad.body.hint).toBeTruthy();
    const after = await s.handle.db.selectFrom('votes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
