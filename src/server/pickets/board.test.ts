import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { emailOf, PASSWORD, startTestServer, type Client, type OrgKey, type TestServer } from '../../../test/helpers/server.ts';
import { personId, plantDay, type PlantedDay } from '../../../test/helpers/picket-day.ts';
import { readSse } from '../../../test/helpers/sse.ts';
import { announce } from './changes.ts';
import { STREAM_LIMITS } from './board-stream.ts';

// 6:30–9:30 and 14:00–16:00 in Los Angeles on January 14, 2019, in UTC.
const AM = { startsAt: '2019-01-14T14:30:00.000Z', endsAt: '2019-01-14T17:30:00.000Z' };
const PM = { startsAt: '2019-01-14T22:00:00.000Z', endsAt: '2019-01-15T00:00:00.000Z' };
// 7:15 a.m.: the morning shifts run since 45 minutes.
const NOW = new Date('2019-01-14T15:15:00.000Z');

eachDatabase('the coverage board and the at-risk list', (dialect) => {
  let s: TestServer;
  let organizer: Client;
  let day: PlantedDay;
  let otherDay: PlantedDay;

  /** A session cookie for the raw event-stream requests. */
  async function cookieOf(org: OrgKey, role: string): Promise<string> {
    const res = await s.app.request('/api/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: emailOf(org, role), password: PASSWORD }) });
    return (res.headers.get('set-cookie') ?? '').split(';')[0];
  }
  const stream = (cookie: string, dayId = day.dayId) => s.app.request(`/api/pickets/days/${dayId}/board/events`, { headers: { cookie } });

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    s.clock.now = NOW;
    organizer = await s.as('teachers', 'organizer');
    const createdBy = await personId(s.handle.db, emailOf('teachers', 'organizer'));
    day = await plantDay(s.handle.db, s.deps.ids, {
      organizationId: s.orgId.teachers, createdBy, date: '2019-01-14', label: 'Strike day 1', sites: [
        { name: 'Dorsey High', region: 'South', captain: true, shifts: [
          { ...AM, minimum: 3, members: [
            { name: 'Ana', checkedInAt: '2019-01-14T14:29:00.000Z' },
            { name: 'Ben', checkedInAt: '2019-01-14T14:40:00.000Z' },
            { name: 'Carmen', checkedInAt: '2019-01-14T14:35:00.000Z', checkedOutAt: '2019-01-14T15:00:00.000Z' },
            { name: 'Dev', email: 'dev@example.org', mobile: '+12135550101' },
            { name: 'Eli', mobile: '+12135550102' },
          ] },
          { ...PM, minimum: 3, members: [{ name: 'Fay' }, { name: 'Gus' }] },
        ] },
        { name: 'Crenshaw High', region: 'South', shifts: [
          { ...AM, minimum: 2, members: [
            { name: 'Hana', checkedInAt: '2019-01-14T14:31:00.000Z' },
            { name: 'Ivan', checkedInAt: '2019-01-14T14:32:00.000Z' },
            { name: 'Jo', email: 'jo@example.org' },
          ] },
        ] },
        { name: 'UTLA hall', place: true, shifts: [
          { ...AM, duty: 'phone-bank', minimum: 2, members: [{ name: 'Kim', checkedInAt: '2019-01-14T14:31:00.000Z' }, { name: 'Lee', signedUp: false, checkedInAt: '2019-01-14T14:50:00.000Z' }] },
        ] },
      ],
    });
    const otherBy = await personId(s.handle.db, emailOf('otherTeachers', 'admin'));
    otherDay = await plantDay(s.handle.db, s.deps.ids, { organizationId: s.orgId.otherTeachers, createdBy: otherBy, date: '2019-01-14', sites: [{ name: 'Elsewhere High', shifts: [{ ...AM, minimum: 1, members: [{ name: 'Zed' }] }] }] });
  }, 60_000);
  afterAll(async () => s?.close());

  it('shows the day by region, site and shift, with totals', async () => {
    const res = await organizer.request('GET', `/api/pickets/days/${day.dayId}/board`);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.day).toMatchObject({ id: day.dayId, date: '2019-01-14', label: 'Strike day 1', timeZone: 'America/Los_Angeles', cancelled: false });
    expect(b.asOf).toBe(NOW.toISOString());
    expect(b.regions.map((r: any) => [r.region, r.sites.map((x: any) => x.name)])).toEqual([['South', ['Crenshaw High', 'Dorsey High']], [null, ['UTLA hall']]]);
    const dorsey = b.regions[0].sites[1];
    // Dorsey AM: Ana and Ben here, Carmen left at 15:00Z → 2 checked in (3 arrived) of a minimum of 3 → below.
    expect(dorsey.shifts[0]).toMatchObject({ status: 'running', signedUp: 5, checkedIn: 2, arrived: 3, minimum: 3, captain: true, belowMinimum: true });
    // Dorsey PM: upcoming, 2 signed up of a minimum of 3 → below.
    expect(dorsey.shifts[1]).toMatchObject({ status: 'upcoming', signedUp: 2, checkedIn: 0, belowMinimum: true });
    // Crenshaw: 2 here of 2 → not below; no captain named.
    expect(b.regions[0].sites[0]).toMatchObject({ belowMinimum: false, noCaptain: true });
    // The hall: Kim and Lee (who walked in without signing up) here, minimum 2 → not below; no captain.
    expect(b.regions[1].sites[0]).toMatchObject({ worksiteId: null, belowMinimum: false, noCaptain: true });
    expect(b.regions[1].sites[0].shifts[0]).toMatchObject({ duty: 'phone-bank', signedUp: 1, checkedIn: 2 });
    expect(b.totals).toEqual({
      sites: 2, places: 1, shifts: 4, // Dorsey and Crenshaw; the UTLA hall
      signedUp: 11, // 5 + 2 + 3 + 1
      checkedIn: 6, // 2 + 0 + 2 + 2
      arrived: 7, // 3 + 0 + 2 + 2
      peopleCheckedIn: 6, peopleArrived: 7, // each member on one shift: the same as the sums
      belowMinimum: 2, noCaptain: 2, // Dorsey AM and PM; Crenshaw and the hall
      sitesBelowMinimum: 1, sitesNoCaptain: 1, // Dorsey; Crenshaw (of the 2 sites)
      placesBelowMinimum: 0, placesNoCaptain: 1, // the hall
    });
  });

  it('lists the late members and the shifts below minimum', async () => {
    const res = await organizer.request('GET', `/api/pickets/days/${day.dayId}/at-risk`);
    expect(res.status).toBe(200);
    // Signed up, not checked in, 45 minutes after the 14:30Z start: Dev and Eli at Dorsey, Jo at Crenshaw (Fay and Gus: not started).
    expect(res.body.late.map((l: any) => [l.name, l.worksite, l.minutesLate, l.messaged])).toEqual([['Jo', 'Crenshaw High', 45, false], ['Dev', 'Dorsey High', 45, false], ['Eli', 'Dorsey High', 45, false]]);
    expect(res.body.belowMinimum.map((x: any) => [x.worksite, x.status, x.checkedIn, x.signedUp, x.minimum])).toEqual([['Dorsey High', 'running', 2, 5, 3], ['Dorsey High', 'upcoming', 0, 2, 3]]);
  });

  it('shows the board and the at-risk list as of an earlier time of the morning (?at=)', async () => {
    // 6:34 a.m. (14:34Z): of Dorsey's morning only Ana (14:29) had checked in; Ben (14:40) and Carmen (14:35) had not → 1 here, 1 arrived.
    const early = await organizer.request('GET', `/api/pickets/days/${day.dayId}/board?at=2019-01-14T14:34:00Z`);
    expect(early.status).toBe(200);
    expect(early.body.asOf).toBe('2019-01-14T14:34:00.000Z');
    expect(early.body.regions[0].sites[1].shifts[0]).toMatchObject({ checkedIn: 1, arrived: 1 });
    // The planted day has attendance but no recorded actions: nothing to name as the last one.
    expect(early.body.day.lastActionAt).toBeNull();
    // 6:40 a.m.: ten minutes after the start nobody is late yet (late means 15 minutes); 6:50: Dev, Eli and Jo are, 20 minutes.
    const at640 = await organizer.request('GET', `/api/pickets/days/${day.dayId}/at-risk?at=2019-01-14T06:40:00-08:00`);
    expect(at640.status).toBe(200);
    expect(at640.body.late).toEqual([]);
    const at650 = await organizer.request('GET', `/api/pickets/days/${day.dayId}/at-risk?at=2019-01-14T14:50:00Z`);
    expect(at650.body.late.map((l: any) => [l.name, l.minutesLate]).sort()).toEqual([['Dev', 20], ['Eli', 20], ['Jo', 20]]);
    const bad = await organizer.request('GET', `/api/pickets/days/${day.dayId}/board?at=yesterday`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('at');
  });

  it('messages the late members through the outbox once per member and shift, counting opted-out and missing addresses', async () => {
    // Eli's mobile opted out of texts.
    await s.handle.db.insertInto('message_opt_outs').values({ id: s.deps.ids.next(s.orgId.teachers), organization_id: s.orgId.teachers, channel: 'sms', address: '+12135550102', reason: 'stop-reply', at: NOW.toISOString() }).execute();
    const first = await organizer.request('POST', `/api/pickets/days/${day.dayId}/at-risk/messages`, { via: 'sms' });
    expect(first.status).toBe(200);
    // Dev: queued; Eli: opted out; Jo: email only → no address for SMS.
    expect(first.body).toEqual({ queued: 1, alreadyQueued: 0, optedOut: 1, noAddress: 1 });
    const again = await organizer.request('POST', `/api/pickets/days/${day.dayId}/at-risk/messages`, { via: 'sms', text: 'We need you at the gate!' });
    expect(again.body).toEqual({ queued: 0, alreadyQueued: 1, optedOut: 1, noAddress: 1 });
    const rows = await s.handle.db.selectFrom('outbox').select(['recipient', 'channel', 'body', 'kind']).where('kind', '=', 'picket-late').execute();
    expect(rows).toHaveLength(1);
    // 14:30Z is 6:30 a.m. in Los Angeles.
    expect(rows[0]).toMatchObject({ recipient: '+12135550101', channel: 'sms' });
    expect(rows[0].body).toContain('Dorsey High started at 6:30 AM');
    const emails = await organizer.request('POST', `/api/pickets/days/${day.dayId}/at-risk/messages`, { via: 'email' });
    // Dev and Jo have emails; Eli none.
    expect(emails.body).toEqual({ queued: 2, alreadyQueued: 0, optedOut: 0, noAddress: 1 });
    const list = await organizer.request('GET', `/api/pickets/days/${day.dayId}/at-risk`);
    expect(list.body.late.map((l: any) => [l.name, l.messaged])).toEqual([['Jo', true], ['Dev', true], ['Eli', false]]);
    const audit = await s.handle.db.selectFrom('audit_log').select('action').where('subject', '=', `pickets/days/${day.dayId}`).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['picket.at-risk-message:email:2', 'picket.at-risk-message:sms:0', 'picket.at-risk-message:sms:1']);
  });

  it('leaves a member removed from the roster, and every member of a cancelled day, off the late list and unmessaged', async () => {
    const createdBy = await personId(s.handle.db, emailOf('teachers', 'organizer'));
    const quiet = await plantDay(s.handle.db, s.deps.ids, { organizationId: s.orgId.teachers, createdBy, date: '2019-01-13', label: 'Strike day 0', sites: [
      // Planted on another date with a shift running now (the store reads shifts by their day).
      { name: 'Fremont High', shifts: [{ ...AM, minimum: 2, members: [{ name: 'Mo', mobile: '+12135550111' }, { name: 'Nia', mobile: '+12135550112' }] }] },
    ] });
    const lateAt = async () => (await organizer.request('GET', `/api/pickets/days/${quiet.dayId}/at-risk`)).body.late.map((l: any) => l.name).sort();
    expect(await lateAt()).toEqual(['Mo', 'Nia']);
    // Nia removed from the roster: no longer late.
    const nia = quiet.sites[0].shifts[0].memberRowIds[1];
    await s.handle.db.updateTable('roster_members').set({ removed_at: NOW.toISOString() }).where('id', '=', nia).execute();
    expect(await lateAt()).toEqual(['Mo']);
    // The day cancelled (nobody checked in on it): nobody late, nothing below minimum, nothing sent.
    expect((await organizer.request('PATCH', `/api/pickets/days/${quiet.dayId}`, { cancelled: true })).status).toBe(200);
    const list = await organizer.request('GET', `/api/pickets/days/${quiet.dayId}/at-risk`);
    expect([list.body.late, list.body.belowMinimum]).toEqual([[], []]);
    expect((await organizer.request('POST', `/api/pickets/days/${quiet.dayId}/at-risk/messages`, { via: 'sms' })).body).toEqual({ queued: 0, alreadyQueued: 0, optedOut: 0, noAddress: 0 });
  });

  it('refuses bad input and changes nothing', async () => {
    const before = await s.handle.db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const bad = await organizer.request('POST', `/api/pickets/days/${day.dayId}/at-risk/messages`, { via: 'pigeon' });
    expect([bad.status, bad.body.where?.field]).toEqual([400, 'via']);
    const extra = await organizer.request('POST', `/api/pickets/days/${day.dayId}/at-risk/messages`, { via: 'sms', to: 'everyone' });
    expect(extra.status).toBe(400);
    expect((await organizer.request('GET', '/api/pickets/days/abc/board')).status).toBe(400);
    const after = await s.handle.db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('keeps the board between requests, and answers a change with the board asked for next (the change announced at its commit)', async () => {
    const path = `/api/pickets/days/${day.dayId}/board`;
    const shiftOf = (b: { regions: { sites: { shifts: { id: number; signedUp: number }[] }[] }[] }, id: number) => b.regions.flatMap((r) => r.sites.flatMap((x) => x.shifts)).find((x) => x.id === id)!;
    const pm = day.sites[0].shifts[1];
    const before = (await organizer.request('GET', path)).body;
    // Kept: the same board, made at the same moment, without a change.
    expect((await organizer.request('GET', path)).body).toEqual(before);
    const signup = await organizer.request('POST', `/api/pickets/shifts/${pm.id}/signups`, { memberRowId: day.sites[1].shifts[0].memberRowIds[0] });
    expect(signup.status).toBe(201);
    // The assignment was answered: the next board shows it (signed up + 1), not the kept one.
    const after = (await organizer.request('GET', path)).body;
    expect(shiftOf(after, pm.id).signedUp).toBe(shiftOf(before, pm.id).signedUp + 1);
    expect((await organizer.request('DELETE', `/api/pickets/signups/${signup.body.signup.id}`)).status).toBe(200);
    expect(shiftOf((await organizer.request('GET', path)).body, pm.id).signedUp).toBe(shiftOf(before, pm.id).signedUp);
  });

  describe('who may see it', () => {
    const paths = () => [['GET', `/api/pickets/days/${day.dayId}/board`], ['GET', `/api/pickets/days/${day.dayId}/at-risk`], ['POST', `/api/pickets/days/${day.dayId}/at-risk/messages`], ['GET', `/api/pickets/days/${day.dayId}/board/events`]] as const;
    it('gives a district account the 404 of a path with no route, a member 403 and nobody 401', async () => {
      const district = await s.as('district', 'admin');
      const member = await s.as('teachers', 'member');
      for (const [method, path] of paths()) {
        const d = await district.request(method, path, method === 'POST' ? { via: 'sms' } : undefined);
        expect([d.status, d.body.message]).toEqual([404, `there is no route ${method} ${path}`]);
        expect((await member.request(method, path, method === 'POST' ? { via: 'sms' } : undefined)).status).toBe(403);
        expect((await s.anonymous().request(method, path, method === 'POST' ? { via: 'sms' } : undefined)).status).toBe(401);
      }
    });
    it('shows another union\'s day as no day at all', async () => {
      for (const path of [`/api/pickets/days/${otherDay.dayId}/board`, `/api/pickets/days/${otherDay.dayId}/at-risk`]) {
        expect((await organizer.request('GET', path)).status).toBe(404);
      }
      expect((await stream(await cookieOf('teachers', 'organizer'), otherDay.dayId)).status).toBe(404);
    });
  });

  describe('the live board', () => {
    it('sends the board on connect and again after a change, within 2 s', async () => {
      const cookie = await cookieOf('teachers', 'organizer');
      const res = await stream(cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      const sse = readSse(res);
      try {
        const first = await sse.next((e) => e.event === 'board');
        const now = (await organizer.request('GET', `/api/pickets/days/${day.dayId}/board`)).body;
        expect(JSON.parse(first.data)).toEqual(now);
        // Dev arrives at Dorsey (as the check-in route records it), and the change is announced after the commit.
        const dorseyAm = day.sites[0].shifts[0];
        await s.handle.db.insertInto('picket_attendance').values({ shift_id: dorseyAm.id, member_row_id: dorseyAm.memberRowIds[3], organization_id: s.orgId.teachers, checked_in_at: NOW.toISOString(), checked_out_at: null, out_method: null, conflict: null, updated_at: NOW.toISOString() }).execute();
        const t0 = performance.now();
        announce(s.deps, s.orgId.teachers, [day.dayId]);
        const next = await sse.next((e) => JSON.parse(e.data).totals.checkedIn === 7, { from: 1, timeoutMs: 2000 });
        console.log(`board latency (one process, ${dialect}, in-process event stream): ${(next.at - t0).toFixed(1)} ms`);
        // 2 + 1 at Dorsey AM → 3 of a minimum of 3: no longer below.
        expect(JSON.parse(next.data).regions[0].sites[1].shifts[0]).toMatchObject({ checkedIn: 3, belowMinimum: false });
        // Another union's change is not this board's business: nothing is sent for it.
        const count = sse.events.length;
        announce(s.deps, s.orgId.otherTeachers, [otherDay.dayId]);
        await new Promise((r) => setTimeout(r, 800));
        expect(sse.events.length).toBe(count);
      } finally {
        await sse.close();
      }
    });

    it('sends at most one board per 500 ms however many changes arrive', async () => {
      const sse = readSse(await stream(await cookieOf('teachers', 'organizer')));
      try {
        await sse.next((e) => e.event === 'board');
        // 20 changes, one every 50 ms (about 1 s): the first is sent at once, then at most one board per
        // 500 ms → at most 1 (on connect) + 1 + floor(elapsed / 500) + 1 (the last change's) boards.
        const t0 = performance.now();
        for (let i = 0; i < 20; i++) {
          announce(s.deps, s.orgId.teachers, [day.dayId]);
          await new Promise((r) => setTimeout(r, 50));
        }
        const elapsed = performance.now() - t0;
        await new Promise((r) => setTimeout(r, 700));
        const boards = sse.events.filter((e) => e.event === 'board');
        expect(boards.length).toBeGreaterThanOrEqual(2);
        expect(boards.length).toBeLessThanOrEqual(3 + Math.floor(elapsed / 500));
        expect(boards.length).toBeLessThan(20);
        for (let i = 2; i < boards.length; i++) expect(boards[i].at - boards[i - 1].at).toBeGreaterThanOrEqual(450);
      } finally {
        await sse.close();
      }
    });

    it('sends heartbeats and lets one person hold at most 5 streams', async () => {
      const saved = STREAM_LIMITS.heartbeatMs;
      STREAM_LIMITS.heartbeatMs = 100;
      const cookie = await cookieOf('teachers', 'organizer');
      const open = [];
      try {
        for (let i = 0; i < 5; i++) {
          const res = await stream(cookie);
          expect(res.status).toBe(200);
          open.push(readSse(res));
        }
        await open[0].next((e) => e.event === 'board');
        await new Promise((r) => setTimeout(r, 350));
        expect(open[0].comments.filter((c) => c === 'ping').length).toBeGreaterThanOrEqual(2);
        // The same person from another sign-in: still the same person, still 5.
        const sixth = await stream(await cookieOf('teachers', 'organizer'));
        expect([sixth.status, ((await sixth.json()) as any).code]).toEqual([429, 'picket.too-many-streams']);
        expect(sixth.headers.get('retry-after')).toBe('30');
        // Another person is not limited by it.
        const admin = await stream(await cookieOf('teachers', 'admin'));
        expect(admin.status).toBe(200);
        await readSse(admin).close();
        // One closed: room for one again.
        await open.pop()!.close();
        await new Promise((r) => setTimeout(r, 50));
        const again = await stream(cookie);
        expect(again.status).toBe(200);
        open.push(readSse(again));
      } finally {
        STREAM_LIMITS.heartbeatMs = saved;
        for (const o of open) await o.close();
      }
    });

    it('ends the stream of a person removed while it is open', async () => {
      const saved = STREAM_LIMITS.recheckMs;
      STREAM_LIMITS.recheckMs = 200;
      try {
        const sse = readSse(await stream(await cookieOf('teachers', 'admin')));
        await sse.next((e) => e.event === 'board');
        await new Promise((r) => setTimeout(r, 450));
        let ended = false;
        void sse.ended.then(() => { ended = true; });
        expect(ended).toBe(false); // still allowed: still open after two checks
        const adminId = await personId(s.handle.db, emailOf('teachers', 'admin'));
        await s.handle.db.updateTable('people').set({ removed_at: NOW.toISOString() }).where('id', '=', adminId).execute();
        const t0 = performance.now();
        await sse.ended;
        expect(performance.now() - t0).toBeLessThan(1000);
      } finally {
        STREAM_LIMITS.recheckMs = saved;
      }
    });
  });
});
