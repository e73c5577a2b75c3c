import { afterAll, beforeAll, expect, it } from 'vitest';
import { RULE_OUT_NOT_IN } from '../../pickets/attendance.ts';
import { codeFor, windowOf } from '../../pickets/codes.ts';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { checkinWorld, type CheckinWorld } from '../../../test/helpers/checkin-world.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';

const PATH = '/api/pickets/check-ins';
const codeAt = (secret: string, at: string) => codeFor(secret, windowOf(Date.parse(at)));
let n = 0;
const uid = (tag: string) => `${tag}-${String(++n).padStart(6, '0')}-device`;

eachDatabase('checking in and out', (dialect) => {
  let s: TestServer;
  let w: CheckinWorld;
  let member: Client;
  let captain: Client;
  let organizer: Client;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    w = await checkinWorld(s);
    member = await s.as('teachers', 'member');
    captain = await s.as('teachers', 'site-captain');
    organizer = await s.as('teachers', 'organizer');
  }, 60_000);
  afterAll(async () => s?.close());

  const actions = (shiftId: number, memberRowId: number) => s.handle.db.selectFrom('picket_actions').selectAll().where('shift_id', '=', shiftId).where('member_row_id', '=', memberRowId).execute();

  it('a member checks in offline at 6:31 with the code shown then; sent at 6:50 it is recorded at 6:31; the same action sent again is a duplicate and changes nothing', async () => {
    s.clock.now = new Date('2019-01-14T14:50:00.000Z');
    const at = '2019-01-14T14:31:00.000Z';
    const id = uid('m');
    const body = { actions: [{ id, shiftId: w.shifts.a, action: 'in', at, code: codeAt(w.secrets.a, at) }] };
    const r = await member.request('POST', PATH, body);
    expect(r.status).toBe(200);
    expect(r.body.results).toEqual([{ id, outcome: 'recorded', attendance: { shiftId: w.shifts.a, memberRowId: w.membersA[1], checkedInAt: at, checkedOutAt: null, outMethod: null, conflict: null } }]);
    const stored = await actions(w.shifts.a, w.membersA[1]);
    expect(stored.map((a) => [a.device_action_id, a.at, a.received_at, a.method])).toEqual([[id, at, '2019-01-14T14:50:00.000Z', 'code']]);
    const audits = Number((await s.handle.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

    const again = await member.request('POST', PATH, body);
    expect(again.body.results).toEqual([{ ...r.body.results[0], outcome: 'duplicate' }]);
    expect((await actions(w.shifts.a, w.membersA[1])).length).toBe(1);
    expect(Number((await s.handle.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(audits);
    const att = await s.handle.db.selectFrom('picket_attendance').selectAll().where('shift_id', '=', w.shifts.a).where('member_row_id', '=', w.membersA[1]).executeTakeFirstOrThrow();
    expect([att.checked_in_at, att.checked_out_at]).toEqual([at, null]);
  });

  it('refusals name the reason, per action, and record nothing for them', async () => {
    s.clock.now = new Date('2019-01-14T15:00:00.000Z');
    const at = '2019-01-14T14:59:00.000Z';
    const good = codeAt(w.secrets.a, at);
    const wrong = good === '000000' ? '000001' : '000000';
    const tooEarly = '2019-01-14T13:59:00.000Z'; // 31 min before 14:30Z
    const ahead = '2019-01-14T15:02:30.000Z'; // 2.5 min ahead of the server's 15:00
    const ids = [uid('r'), uid('r'), uid('r'), uid('r'), uid('r')];
    const r = await member.request('POST', PATH, { actions: [
      { id: ids[0], shiftId: w.shifts.a, action: 'in', at, code: wrong },
      { id: ids[1], shiftId: w.shifts.a, action: 'in', at: tooEarly, code: codeAt(w.secrets.a, tooEarly) },
      { id: ids[2], shiftId: w.shifts.a, action: 'in', at: ahead, code: codeAt(w.secrets.a, ahead) },
      { id: ids[3], shiftId: 123456789, action: 'in', at, code: good },
      // Site B's code typed for site A's shift.
      { id: ids[4], shiftId: w.shifts.a, action: 'in', at, code: codeAt(w.secrets.b, at) === good ? wrong : codeAt(w.secrets.b, at) },
    ] });
    expect(r.status).toBe(200);
    expect(r.body.results.map((x: { outcome: string; reason?: string }) => [x.outcome, x.reason])).toEqual([
      ['refused', 'picket.code-wrong'], ['refused', 'picket.too-early'], ['refused', 'picket.clock-ahead'], ['refused', 'picket.no-shift'], ['refused', 'picket.code-wrong'],
    ]);
    const stored = await s.handle.db.selectFrom('picket_actions').select('device_action_id').where('device_action_id', 'in', ids).execute();
    expect(stored).toEqual([]);
  });

  it('a captain checks in members of their own site from the list (a walk-up gets a sign-up); another site\'s shift is refused as not theirs', async () => {
    s.clock.now = new Date('2019-01-14T14:40:00.000Z');
    const at = '2019-01-14T14:35:00.000Z';
    const [i1, i2, i3] = [uid('c'), uid('c'), uid('c')];
    const walkUp = w.membersA[3]; // not signed up (the world signs up A1 and A2)
    const r = await captain.request('POST', PATH, { actions: [
      { id: i1, shiftId: w.shifts.a, action: 'in', at, memberRowId: walkUp },
      { id: i2, shiftId: w.shifts.b, action: 'in', at, memberRowId: w.membersB[0] },
      { id: i3, shiftId: w.shifts.a, action: 'in', at, memberRowId: 999_999_999 },
    ] });
    expect(r.body.results.map((x: { outcome: string; reason?: string }) => [x.outcome, x.reason])).toEqual([['recorded', undefined], ['refused', 'picket.not-your-site'], ['refused', 'picket.no-member']]);
    expect((await actions(w.shifts.a, walkUp)).map((a) => [a.method, a.at])).toEqual([['captain', at]]);
    const signup = await s.handle.db.selectFrom('picket_signups').select(['source', 'ended_at']).where('shift_id', '=', w.shifts.a).where('member_row_id', '=', walkUp).execute();
    expect(signup).toEqual([{ source: 'walk-up', ended_at: null }]);
    // The organizer may act on any site's shift.
    const o = await organizer.request('POST', PATH, { actions: [{ id: uid('o'), shiftId: w.shifts.b, action: 'in', at, memberRowId: w.membersB[0] }] });
    expect(o.body.results[0]).toMatchObject({ outcome: 'recorded', attendance: { checkedInAt: at } });
    expect((await actions(w.shifts.b, w.membersB[0])).map((a) => a.method)).toEqual(['organizer']);
  });

  it('the same action twice in one request (a phone resending its queue) is recorded once; the second answers duplicate with the same attendance', async () => {
    s.clock.now = new Date('2019-01-14T14:42:00.000Z');
    const at = '2019-01-14T14:41:00.000Z';
    const id = uid('twice');
    const one = { id, shiftId: w.shifts.b, action: 'in', at, memberRowId: w.membersB[3] };
    const r = await organizer.request('POST', PATH, { actions: [one, one] });
    const attendance = { shiftId: w.shifts.b, memberRowId: w.membersB[3], checkedInAt: at, checkedOutAt: null, outMethod: null, conflict: null };
    expect(r.body.results).toEqual([{ id, outcome: 'recorded', attendance }, { id, outcome: 'duplicate', attendance }]);
    expect((await actions(w.shifts.b, w.membersB[3])).length).toBe(1);
  });

  it('two recorders disagree: the captain checks a member in at 6:45, the organizer undoes at 6:50; the undo holds and the list shows the conflict', async () => {
    s.clock.now = new Date('2019-01-14T15:00:00.000Z');
    const m = w.membersA[2];
    const [c1, o1] = [uid('k'), uid('k')];
    await captain.request('POST', PATH, { actions: [{ id: c1, shiftId: w.shifts.a, action: 'in', at: '2019-01-14T14:45:00.000Z', memberRowId: m }] });
    const r = await organizer.request('POST', PATH, { actions: [{ id: o1, shiftId: w.shifts.a, action: 'undo', at: '2019-01-14T14:50:00.000Z', memberRowId: m }] });
    expect(r.body.results[0].attendance).toMatchObject({ checkedInAt: null, conflict: { held: o1 } });
    const list = await captain.request('GET', `/api/pickets/shifts/${w.shifts.a}/attendance`);
    expect(list.status).toBe(200);
    const row = list.body.people.find((p: { memberRowId: number }) => p.memberRowId === m);
    // The captain's check-in signed A3 up as a walk-up; the undo ends that sign-up too (else A3 would be listed late and
    // messaged as not arrived for a shift they never signed up for), and the list still shows the conflict.
    expect(row).toMatchObject({ signedUp: false, checkedInAt: null, conflict: { held: o1, actions: [{ deviceActionId: c1 }, { deviceActionId: o1 }] } });
    const walkUps = () => s.handle.db.selectFrom('picket_signups').select(['source', 'ended_at']).where('shift_id', '=', w.shifts.a).where('member_row_id', '=', m).execute();
    expect(await walkUps()).toEqual([{ source: 'walk-up', ended_at: '2019-01-14T15:00:00.000Z' }]);
    // A captain's phone back online sends a check-in timed 6:48, before the undo (6:50): still undone, and no new walk-up.
    const late = await captain.request('POST', PATH, { actions: [{ id: uid('k'), shiftId: w.shifts.a, action: 'in', at: '2019-01-14T14:48:00.000Z', memberRowId: m }] });
    expect(late.body.results[0]).toMatchObject({ outcome: 'recorded', attendance: { checkedInAt: null } });
    expect((await walkUps()).filter((x) => x.ended_at === null)).toEqual([]);
  });

  it('a check-out timed before the check-in (the organizer\'s phone 2 minutes behind) changes nothing and the list shows the conflict, the check-in holding', async () => {
    s.clock.now = new Date('2019-01-14T15:25:00.000Z');
    const m = w.membersB[1]; // signed up on B by the world, not yet checked in
    const [c1, o1] = [uid('n'), uid('n')];
    await organizer.request('POST', PATH, { actions: [{ id: c1, shiftId: w.shifts.b, action: 'in', at: '2019-01-14T15:20:00.000Z', memberRowId: m }] });
    const r = await organizer.request('POST', PATH, { actions: [{ id: o1, shiftId: w.shifts.b, action: 'out', at: '2019-01-14T15:18:00.000Z', memberRowId: m }] });
    // By device time the check-out (15:18Z) comes before the check-in (15:20Z) and finds nobody checked in.
    expect(r.body.results[0]).toMatchObject({ outcome: 'recorded', attendance: { checkedInAt: '2019-01-14T15:20:00.000Z', checkedOutAt: null, conflict: { held: c1, rule: RULE_OUT_NOT_IN } } });
    const list = await organizer.request('GET', `/api/pickets/shifts/${w.shifts.b}/attendance`);
    const row = list.body.people.find((p: { memberRowId: number }) => p.memberRowId === m);
    expect(row).toMatchObject({ checkedInAt: '2019-01-14T15:20:00.000Z', conflict: { held: c1, actions: [{ deviceActionId: o1 }, { deviceActionId: c1 }] } });
  });

  it('the captain reads the codes for the whole shift: 14:00Z to 18:00Z in 5-minute windows is 49 codes, the same the server checks', async () => {
    const r = await captain.request('GET', `/api/pickets/shifts/${w.shifts.a}/codes`);
    expect(r.status).toBe(200);
    expect(r.body.windowSeconds).toBe(300);
    expect(r.body.codes.length).toBe(49);
    expect(r.body.codes[6]).toEqual({ from: '2019-01-14T14:30:00.000Z', to: '2019-01-14T14:35:00.000Z', code: codeAt(w.secrets.a, '2019-01-14T14:30:00.000Z') });
    // Site B's shift is not the captain's: 404, as for a shift that does not exist.
    for (const path of [`/api/pickets/shifts/${w.shifts.b}/codes`, `/api/pickets/shifts/${w.shifts.b}/attendance`, '/api/pickets/shifts/123456789/codes']) {
      const x = await captain.request('GET', path);
      expect([x.status, x.body.code]).toEqual([404, 'not-found']);
    }
    // A member who runs no shift cannot read codes.
    expect((await member.request('GET', `/api/pickets/shifts/${w.shifts.a}/codes`)).status).toBe(404);
  });

  it('a member named as a shift\'s captain gets no captain\'s rights: the site-captain role gives them, the shift only which ones', async () => {
    const named = await organizer.request('PATCH', `/api/pickets/shifts/${w.shifts.a}`, { captainMemberRowId: w.membersA[1] });
    expect(named.status).toBe(200);
    try {
      expect((await member.request('GET', `/api/pickets/shifts/${w.shifts.a}/codes`)).status).toBe(404);
      expect((await member.request('GET', `/api/pickets/shifts/${w.shifts.a}/attendance`)).status).toBe(404);
      const r = await member.request('POST', PATH, { actions: [{ id: uid('named'), shiftId: w.shifts.a, action: 'in', at: '2019-01-14T14:40:00.000Z', memberRowId: w.membersA[2] }] });
      expect(r.body.results.map((x: { outcome: string; reason?: string }) => [x.outcome, x.reason])).toEqual([['refused', 'picket.not-your-site']]);
    } finally {
      await organizer.request('PATCH', `/api/pickets/shifts/${w.shifts.a}`, { captainMemberRowId: null });
    }
  });

  it('the captain\'s shifts: site A\'s only, with counts; the organizer sees both', async () => {
    const mine = await captain.request('GET', `/api/pickets/captain/shifts?dayId=${w.dayId}`);
    expect(mine.body.shifts.map((x: { id: number }) => x.id)).toEqual([w.shifts.a]);
    // Signed up on A: A1, A2 (the world) + A4 (a walk-up) = 3; A3's walk-up ended with the undo of its check-in.
    // Checked in: A2 (code) and A4 (captain) = 2.
    expect(mine.body.shifts[0]).toMatchObject({ signedUp: 3, checkedIn: 2, arrived: 2, worksite: 'Site A' });
    const all = await organizer.request('GET', `/api/pickets/captain/shifts?dayId=${w.dayId}`);
    expect(all.body.shifts.map((x: { id: number }) => x.id).sort()).toEqual([w.shifts.a, w.shifts.b].sort());
    // Past the automatic check-out (the shift ends 17:30Z, + 30 min) nobody is checked in, both arrived:
    // the captain's list says what the board says (it counted everyone who ever arrived as checked in).
    const was = s.clock.now;
    try {
      s.clock.now = new Date('2019-01-14T18:00:00.000Z');
      const later = (await captain.request('GET', `/api/pickets/captain/shifts?dayId=${w.dayId}`)).body.shifts[0];
      const board = (await organizer.request('GET', `/api/pickets/days/${w.dayId}/board`)).body.regions.flatMap((r: { sites: { shifts: { id: number }[] }[] }) => r.sites.flatMap((x) => x.shifts)).find((x: { id: number }) => x.id === w.shifts.a);
      expect([later.checkedIn, later.arrived]).toEqual([0, 2]);
      expect([board.checkedIn, board.arrived]).toEqual([later.checkedIn, later.arrived]);
    } finally {
      s.clock.now = was;
    }
  });

  it('a member\'s own check-ins, with the automatic check-out once the shift ended 30 minutes ago', async () => {
    s.clock.now = new Date('2019-01-14T18:00:00.000Z'); // 9:30 + 30 min
    const r = await member.request('GET', '/api/me/pickets/attendance');
    expect(r.status).toBe(200);
    expect(r.body.attendance).toEqual([expect.objectContaining({ shiftId: w.shifts.a, checkedInAt: '2019-01-14T14:31:00.000Z', checkedOutAt: '2019-01-14T17:30:00.000Z', outMethod: 'auto' })]);
    // A sign-in with no roster row: 409 picket.no-member-row, for reading and for checking in with a code.
    const bt = await s.as('teachers', 'bargaining-team');
    expect((await bt.request('GET', '/api/me/pickets/attendance')).body.code).toBe('picket.no-member-row');
    const x = await bt.request('POST', PATH, { actions: [{ id: uid('x'), shiftId: w.shifts.a, action: 'in', at: '2019-01-14T17:00:00.000Z', code: '123456' }] });
    expect([x.status, x.body.code]).toEqual([409, 'picket.no-member-row']);
  });

  it('bad bodies are refused whole with the field named: no actions, 201 actions, a short id, neither code nor memberRowId, a time without zone', async () => {
    const one = { id: uid('b'), shiftId: w.shifts.a, action: 'in', at: '2019-01-14T14:31:00.000Z', code: '123456' };
    const cases: [unknown, string][] = [
      [{ actions: [] }, 'actions'],
      [{ actions: Array.from({ length: 201 }, () => one) }, 'actions'],
      [{ actions: [{ ...one, id: 'short' }] }, 'actions[0].id'],
      [{ actions: [{ id: one.id, shiftId: one.shiftId, action: 'in', at: one.at }] }, 'actions[0].code'],
      [{ actions: [{ ...one, memberRowId: 5 }] }, 'actions[0].memberRowId'],
      [{ actions: [{ ...one, at: '2019-01-14 14:31' }] }, 'actions[0].at'],
      [{ actions: [{ ...one, action: 'maybe' }] }, 'actions[0].action'],
    ];
    for (const [body, field] of cases) {
      const r = await member.request('POST', PATH, body);
      expect([r.status, r.body.where?.field], JSON.stringify(body).slice(0, 80)).toEqual([400, field]);
    }
  });

  it('ten wrong codes for one shift within an hour, and the member is refused even the right code until the hour passes', async () => {
    s.clock.now = new Date('2019-01-14T16:00:00.000Z');
    const at = '2019-01-14T15:59:00.000Z';
    const good = codeAt(w.secrets.b, at);
    const bad = Array.from({ length: 10 }, (_, i) => String((Number(good) + 1 + i) % 1_000_000).padStart(6, '0'));
    const prev = codeAt(w.secrets.b, '2019-01-14T15:54:00.000Z');
    const wrongs = bad.filter((c) => c !== prev);
    const r = await member.request('POST', PATH, { actions: wrongs.map((code) => ({ id: uid('g'), shiftId: w.shifts.b, action: 'in', at, code })) });
    expect(r.body.results.every((x: { reason: string }) => x.reason === 'picket.code-wrong')).toBe(true);
    const more = wrongs.length < 10 ? [{ id: uid('g'), shiftId: w.shifts.b, action: 'in', at, code: String((Number(good) + 11) % 1_000_000).padStart(6, '0') }] : [];
    await member.request('POST', PATH, { actions: more.length ? more : [{ id: uid('g'), shiftId: w.shifts.b, action: 'in', at, code: bad[0] }] });
    const right = await member.request('POST', PATH, { actions: [{ id: uid('g'), shiftId: w.shifts.b, action: 'in', at, code: good }] });
    expect(right.body.results[0]).toMatchObject({ outcome: 'refused', reason: 'picket.too-many-tries' });
  });

  it('thirty wrong codes in an hour across shifts, and the member is refused on any other shift too (10 a shift alone let a member guess on thousands)', async () => {
    // The hour of the wrong codes above (from 16:00) has passed; four more shifts like site A's, each with its own key.
    s.clock.now = new Date('2019-01-14T17:30:00.000Z');
    const at = '2019-01-14T17:29:00.000Z';
    const a = await s.handle.db.selectFrom('picket_shifts').selectAll().where('id', '=', w.shifts.a).executeTakeFirstOrThrow();
    const copies = [1, 2, 3, 4].map((i) => ({ ...a, id: s.deps.ids.next(s.orgId.teachers), code_secret: `${i}`.repeat(64) }));
    await s.handle.db.insertInto('picket_shifts').values(copies).execute();
    try {
      const wrongFor = (secret: string) => {
        const good = [codeAt(secret, at), codeAt(secret, '2019-01-14T17:24:00.000Z')];
        return Array.from({ length: 12 }, (_, i) => String(100_000 + i * 7919).padStart(6, '0')).filter((c) => !good.includes(c)).slice(0, 10);
      };
      // 10 wrong codes on each of three shifts: 30 in all, each answered code-wrong.
      for (const shift of copies.slice(0, 3)) {
        const r = await member.request('POST', PATH, { actions: wrongFor(shift.code_secret).map((code) => ({ id: uid('x'), shiftId: shift.id, action: 'in', at, code })) });
        expect(r.body.results.map((x: { reason: string }) => x.reason)).toEqual(Array(10).fill('picket.code-wrong'));
      }
      // The fourth shift's right code is refused: the member has had 30 wrong codes this hour.
      const fourth = copies[3];
      const right = await member.request('POST', PATH, { actions: [{ id: uid('x'), shiftId: fourth.id, action: 'in', at, code: codeAt(fourth.code_secret, at) }] });
      expect(right.body.results[0]).toMatchObject({ outcome: 'refused', reason: 'picket.too-many-tries' });
    } finally {
      await s.handle.db.deleteFrom('picket_shifts').where('id', 'in', copies.map((c) => c.id)).execute();
    }
  });

  it('the district gets 404 on every check-in route as if none existed; nobody signed in 401; another union\'s shift is absent; a bad shift id 400', async () => {
    const routes: [string, string, unknown?][] = [
      ['POST', PATH, { actions: [{ id: uid('d'), shiftId: w.shifts.a, action: 'in', at: '2019-01-14T14:31:00.000Z', memberRowId: w.membersA[0] }] }],
      ['GET', '/api/pickets/captain/shifts'],
      ['GET', `/api/pickets/shifts/${w.shifts.a}/attendance`],
      ['GET', `/api/pickets/shifts/${w.shifts.a}/codes`],
      ['GET', '/api/me/pickets/attendance'],
    ];
    const before = await s.handle.db.selectFrom('picket_actions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    for (const role of ['admin', 'budget-analyst', 'negotiator', 'site-administrator']) {
      const d = await s.as('district', role);
      for (const [method, path, body] of routes) {
        const r = await d.request(method, path, body);
        expect([r.status, r.body.code, r.body.message], `${role} ${method} ${path}`).toEqual([404, 'not-found', `there is no route ${method} ${path}`]);
      }
    }
    for (const [method, path, body] of routes) expect((await s.anonymous().request(method, path, body)).status).toBe(401);
    // Another union's admin: Tiny Teachers' shift is not theirs (the check-in refused as no shift of theirs; the reads 404).
    const other = await s.as('otherTeachers', 'admin');
    const x = await other.request('POST', PATH, routes[0][2]);
    expect(x.body.results[0]).toMatchObject({ outcome: 'refused', reason: 'picket.not-your-site' });
    for (const [, path] of routes.slice(2, 4)) expect((await other.request('GET', path)).status).toBe(404);
    expect((await other.request('GET', '/api/pickets/captain/shifts')).body.shifts).toEqual([]);
    expect((await s.handle.db.selectFrom('picket_actions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n).toEqual(before.n);
    for (const bad of ['abc', '0', '012', '9007199254740993']) expect((await organizer.request('GET', `/api/pickets/shifts/${bad}/codes`)).status).toBe(400);
  });

  it('a captain\'s or member\'s action sent more than 24 hours after its time is refused (a paid day added after the fact); an organizer\'s is recorded', async () => {
    const was = s.clock.now;
    try {
      // Shift A runs 14:30Z–17:30Z on 2019-01-14; the server's time is a day and a minute after 15:00Z.
      s.clock.now = new Date('2019-01-15T15:01:00.000Z');
      const at = '2019-01-14T15:00:00.000Z';
      const member0 = w.membersA[0];
      const before = await actions(w.shifts.a, member0);
      const byCaptain = await captain.request('POST', PATH, { actions: [{ id: uid('old'), shiftId: w.shifts.a, action: 'in', at, memberRowId: member0 }] });
      const byMember = await member.request('POST', PATH, { actions: [{ id: uid('old'), shiftId: w.shifts.a, action: 'in', at, code: codeAt(w.secrets.a, at) }] });
      expect([byCaptain.body.results[0].reason, byMember.body.results[0].reason]).toEqual(['picket.sent-too-late', 'picket.sent-too-late']);
      expect(await actions(w.shifts.a, member0)).toEqual(before);
      // Within 24 hours (sent at 14:59Z the next day) the captain's is recorded, as an offline phone's would be.
      s.clock.now = new Date('2019-01-15T14:59:00.000Z');
      const inTime = await captain.request('POST', PATH, { actions: [{ id: uid('late'), shiftId: w.shifts.a, action: 'out', at, memberRowId: member0 }] });
      expect(inTime.body.results[0].outcome).toBe('recorded');
      s.clock.now = new Date('2019-01-20T15:00:00.000Z');
      const byOrganizer = await organizer.request('POST', PATH, { actions: [{ id: uid('old'), shiftId: w.shifts.a, action: 'undo', at: '2019-01-14T15:01:00.000Z', memberRowId: member0 }] });
      expect(byOrganizer.body.results[0].outcome).toBe('recorded');
    } finally {
      s.clock.now = was;
    }
  });
});
