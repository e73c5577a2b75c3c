/**
 * Strike days, templates and shifts on SQLite and PostgreSQL: declaring days, a template's
 * preview and application (twice: no duplicates), a daylight-saving day, bad input named by
 * field and changing nothing, shifts by hand, removal refused after a check-in, regions, and
 * a thousand worksites in one transaction (timed). The district and another union: 404.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { link, seedRoster, type Site } from '../../../test/helpers/picket-roster.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';

const TWO = [{ start: '06:30', end: '09:30', capacity: 20, minimum: 5 }, { start: '14:00', end: '16:00', capacity: 10, minimum: 3 }];

eachDatabase('strike days and shifts', (dialect) => {
  let s: TestServer;
  let organizer: Client;
  let member: Client;
  let captain: Client;
  let district: Client;
  let otherUnion: Client;
  let sites: Site[];
  let dayId: number;
  const shiftCount = async () => Number((await s.handle.db.selectFrom('picket_shifts').select((eb) => eb.fn.countAll<number>().as('n')).where('removed_at', 'is', null).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    organizer = await s.as('teachers', 'organizer');
    member = await s.as('teachers', 'member');
    captain = await s.as('teachers', 'site-captain');
    district = await s.as('district', 'admin');
    otherUnion = await s.as('otherTeachers', 'admin');
    sites = (await seedRoster(s, 'teachers', { sites: 3, perSite: 2, prefix: 'Plan' })).sites;
    // The other union's admin is a member of their own roster (so the member routes reach the id check).
    const theirs = await seedRoster(s, 'otherTeachers', { sites: 1, perSite: 1, prefix: 'Other' });
    await link(s, 'admin@otherteachers.test', theirs.members[0].id);
  }, 60_000);
  afterAll(async () => s?.close());

  it('declares strike days, refuses a second on the same date, a made-up zone and an impossible date', async () => {
    const made = await organizer.request('POST', '/api/pickets/days', { date: '2026-01-20', label: 'Strike day 1' });
    expect(made.status).toBe(201);
    expect(made.body.day).toMatchObject({ date: '2026-01-20', label: 'Strike day 1', timeZone: 'America/Los_Angeles', cancelled: false, shifts: 0, sites: 0 });
    dayId = made.body.day.id;
    const again = await organizer.request('POST', '/api/pickets/days', { date: '2026-01-20', label: 'Again' });
    expect([again.status, again.body.code]).toEqual([409, 'picket.day-exists']);
    const zone = await organizer.request('POST', '/api/pickets/days', { date: '2026-01-21', label: 'Day', timeZone: 'Pacific/Nowhere' });
    expect([zone.status, zone.body.where?.field]).toEqual([400, 'timeZone']);
    const date = await organizer.request('POST', '/api/pickets/days', { date: '2026-02-30', label: 'Day' });
    expect([date.status, date.body.where?.field]).toEqual([400, 'date']);
    const far = await organizer.request('POST', '/api/pickets/days', { date: '1900-01-14', label: 'Day' });
    expect([far.status, far.body.code, far.body.where?.field]).toEqual([400, 'request.date-out-of-range', 'date']);
    // The test clock is 2026-01-15T16:00Z: a year (366 days) on is 2027-01-16; 2099 is a mistyped year.
    const ahead = await organizer.request('POST', '/api/pickets/days', { date: '2099-12-07', label: 'Day' });
    expect([ahead.status, ahead.body.code, ahead.body.where?.field, ahead.body.message]).toEqual([400, 'picket.day-too-far', 'date', 'body date: 2099-12-07 is more than a year away: a strike day is declared ahead of the strike, by 2027-01-16 at the latest']);
    expect((await organizer.request('POST', '/api/pickets/days', { date: '2027-01-17', label: 'Day' })).body.code).toBe('picket.day-too-far');
    expect((await member.request('POST', '/api/pickets/days', { date: '2026-01-22', label: 'Day' })).status).toBe(403);
    const list = await organizer.request('GET', '/api/pickets/days');
    expect(list.body.days.map((d: { date: string }) => d.date)).toEqual(['2026-01-20']);
  });

  it('previews a template without making anything, then applies it; applying again adds nothing', async () => {
    const before = await shiftCount();
    const preview = await organizer.request('POST', `/api/pickets/days/${dayId}/template`, { name: 'Mornings and afternoons', shifts: TWO, worksites: 'all', preview: true });
    expect(preview.status).toBe(200);
    // 3 worksites × 2 lines = 6
    expect(preview.body).toMatchObject({ created: 6, skipped: 0, preview: true });
    expect(preview.body.sample[0]).toMatchObject({ id: null, worksite: 'Plan School 0001', startsAt: '2026-01-20T14:30:00.000Z', endsAt: '2026-01-20T17:30:00.000Z' });
    expect(await shiftCount()).toBe(before);

    const applied = await organizer.request('POST', `/api/pickets/days/${dayId}/template`, { name: 'Mornings and afternoons', shifts: TWO, worksites: 'all' });
    expect(applied.body).toMatchObject({ created: 6, skipped: 0, preview: false });
    expect(await shiftCount()).toBe(before + 6);
    const again = await organizer.request('POST', `/api/pickets/days/${dayId}/template`, { name: 'Mornings and afternoons', shifts: TWO, worksites: 'all' });
    // Every one of the 6 is already there.
    expect(again.body).toMatchObject({ created: 0, skipped: 6 });
    expect(await shiftCount()).toBe(before + 6);
    // A third line on one site only: 1 new, the 2 old lines there skipped.
    const more = await organizer.request('POST', `/api/pickets/days/${dayId}/template`, { name: 'Plus noon', shifts: [...TWO, { start: '11:00', end: '13:00', capacity: 5, minimum: 2 }], worksites: [sites[1].id] });
    expect(more.body).toMatchObject({ created: 1, skipped: 2 });
    const days = await organizer.request('GET', '/api/pickets/days');
    // 6 + 1 shifts over 3 sites
    expect(days.body.days[0]).toMatchObject({ shifts: 7, sites: 3 });
    const audit = await s.handle.db.selectFrom('audit_log').select('action').where('action', '=', 'picket.template-apply').execute();
    expect(audit).toHaveLength(3);
  });

  it('puts template times in daylight time on the spring-forward day, and refuses the hour that does not exist', async () => {
    const dst = (await organizer.request('POST', '/api/pickets/days', { date: '2026-03-08', label: 'Clocks change' })).body.day.id;
    const r = await organizer.request('POST', `/api/pickets/days/${dst}/template`, { name: 'Morning', shifts: [TWO[0]], worksites: [sites[0].id] });
    // 06:30 PDT (UTC−7) = 13:30 UTC; the day before it would have been 14:30.
    expect(r.body.sample[0]).toMatchObject({ startsAt: '2026-03-08T13:30:00.000Z', endsAt: '2026-03-08T16:30:00.000Z' });
    const before = await shiftCount();
    const skipped = await organizer.request('POST', `/api/pickets/days/${dst}/template`, { name: 'Night', shifts: [{ start: '02:30', end: '04:00', capacity: 2, minimum: 1 }], worksites: 'all' });
    expect([skipped.status, skipped.body.where?.field]).toEqual([422, 'shifts[0].start']);
    expect(await shiftCount()).toBe(before);
  });

  it('names each bad template field and changes nothing', async () => {
    const before = await shiftCount();
    const send = (body: unknown) => organizer.request('POST', `/api/pickets/days/${dayId}/template`, body);
    const backwards = await send({ name: 'Backwards', shifts: [{ start: '09:30', end: '06:30', capacity: 5, minimum: 1 }], worksites: 'all' });
    expect([backwards.status, backwards.body.where?.field]).toEqual([422, 'shifts[0].end']);
    const minimum = await send({ name: 'Min', shifts: [TWO[0], { start: '10:00', end: '11:00', capacity: 3, minimum: 4 }], worksites: 'all' });
    expect([minimum.status, minimum.body.where?.field]).toEqual([422, 'shifts[1].minimum']);
    const format = await send({ name: 'Format', shifts: [{ start: '6:30', end: '09:30', capacity: 5, minimum: 1 }], worksites: 'all' });
    expect([format.status, format.body.where?.field]).toEqual([400, 'shifts[0].start']);
    const big = await send({ name: 'Big', shifts: [{ start: '06:30', end: '09:30', capacity: 501, minimum: 1 }], worksites: 'all' });
    expect([big.status, big.body.where?.field]).toEqual([400, 'shifts[0].capacity']);
    const eleven = await send({ name: 'Many', shifts: Array.from({ length: 11 }, () => TWO[0]), worksites: 'all' });
    expect([eleven.status, eleven.body.where?.field]).toEqual([400, 'shifts']);
    const foreign = (await s.handle.db.selectFrom('roster_worksites').select('id').where('organization_id', '=', s.orgId.otherTeachers).executeTakeFirst())?.id ?? 123456789;
    const elsewhere = await send({ name: 'Elsewhere', shifts: [TWO[0]], worksites: [sites[0].id, foreign] });
    expect([elsewhere.status, elsewhere.body.where?.field]).toEqual([404, 'worksites[1]']);
    expect(await shiftCount()).toBe(before);
  });

  it('adds, changes and removes shifts by hand, including an alternate duty at a place', async () => {
    const made = await organizer.request('POST', `/api/pickets/days/${dayId}/shifts`, { worksiteId: sites[2].id, duty: 'picket', startsAt: '2026-01-20T19:00:00Z', endsAt: '2026-01-20T20:00:00Z', capacity: 4, minimum: 2 });
    expect(made.status).toBe(201);
    expect(made.body.shift).toMatchObject({ worksite: sites[2].name, startsAt: '2026-01-20T19:00:00.000Z', capacity: 4, signedUp: 0, captain: null });
    const food = await organizer.request('POST', `/api/pickets/days/${dayId}/shifts`, { place: 'Union hall kitchen', duty: 'food', startsAt: '2026-01-20T13:00:00Z', endsAt: '2026-01-20T16:00:00Z', capacity: 6, minimum: 2 });
    expect(food.body.shift).toMatchObject({ worksiteId: null, place: 'Union hall kitchen', duty: 'food' });
    // The same two shifts sent again (a second tap): refused, naming the shift that is already there; nothing added.
    const before = (await organizer.request('GET', `/api/pickets/days/${dayId}/shifts`)).body.shifts.length;
    const again = await organizer.request('POST', `/api/pickets/days/${dayId}/shifts`, { worksiteId: sites[2].id, duty: 'picket', startsAt: '2026-01-20T19:00:00Z', endsAt: '2026-01-20T20:00:00Z', capacity: 4, minimum: 2 });
    expect([again.status, again.body.code]).toEqual([409, 'picket.shift-exists']);
    expect(again.body.message).toContain(`shift ${made.body.shift.id} is already this picket shift`);
    const foodAgain = await organizer.request('POST', `/api/pickets/days/${dayId}/shifts`, { place: 'Union hall kitchen', duty: 'food', startsAt: '2026-01-20T13:00:00Z', endsAt: '2026-01-20T16:00:00Z', capacity: 6, minimum: 2 });
    // 6 places there and 6 asked: 12 for both.
    expect([foodAgain.status, foodAgain.body.hint]).toEqual([409, `change shift ${food.body.shift.id} instead (PATCH /api/pickets/shifts/${food.body.shift.id} {"capacity": 12} for both shifts' places), or give this one other times`]);
    // The place as typed again, another case and a space after: the same place. The times in its strike day's clock.
    const typed = await organizer.request('POST', `/api/pickets/days/${dayId}/shifts`, { place: 'Union Hall Kitchen ', duty: 'food', startsAt: '2026-01-20T13:00:00Z', endsAt: '2026-01-20T16:00:00Z', capacity: 6, minimum: 2 });
    expect([typed.status, typed.body.code]).toEqual([409, 'picket.shift-exists']);
    expect(typed.body.message).toMatch(/from \d\d:\d\d to \d\d:\d\d on 2026-01-20 \(/);
    // A change of times onto the same shift: refused too, and the shift keeps its times.
    const other = (await organizer.request('POST', `/api/pickets/days/${dayId}/shifts`, { worksiteId: sites[2].id, duty: 'picket', startsAt: '2026-01-20T21:00:00Z', endsAt: '2026-01-20T22:00:00Z', capacity: 4, minimum: 2 })).body.shift.id;
    const onto = await organizer.request('PATCH', `/api/pickets/shifts/${other}`, { startsAt: '2026-01-20T19:00:00Z', endsAt: '2026-01-20T20:00:00Z' });
    expect([onto.status, onto.body.code]).toEqual([409, 'picket.shift-exists']);
    expect((await organizer.request('DELETE', `/api/pickets/shifts/${other}`)).status).toBe(200);
    expect((await organizer.request('GET', `/api/pickets/days/${dayId}/shifts`)).body.shifts.length).toBe(before);
    const nowhere = await organizer.request('POST', `/api/pickets/days/${dayId}/shifts`, { duty: 'picket', startsAt: '2026-01-20T13:00:00Z', endsAt: '2026-01-20T16:00:00Z', capacity: 6, minimum: 2 });
    expect([nowhere.status, nowhere.body.where?.field]).toEqual([400, 'worksiteId']);
    const both = await organizer.request('POST', `/api/pickets/days/${dayId}/shifts`, { worksiteId: sites[2].id, place: 'Union hall kitchen', duty: 'food', startsAt: '2026-01-20T13:00:00Z', endsAt: '2026-01-20T16:00:00Z', capacity: 6, minimum: 2 });
    expect([both.status, both.body.where?.field]).toEqual([400, 'place']);
    const otherDay = await organizer.request('POST', `/api/pickets/days/${dayId}/shifts`, { worksiteId: sites[0].id, duty: 'picket', startsAt: '2026-01-22T15:00:00Z', endsAt: '2026-01-22T16:00:00Z', capacity: 6, minimum: 2 });
    expect([otherDay.status, otherDay.body.where?.field]).toEqual([400, 'startsAt']);

    const id = made.body.shift.id;
    const edited = await organizer.request('PATCH', `/api/pickets/shifts/${id}`, { capacity: 8, endsAt: '2026-01-20T21:00:00Z' });
    expect(edited.body.shift).toMatchObject({ capacity: 8, endsAt: '2026-01-20T21:00:00.000Z' });
    const backwards = await organizer.request('PATCH', `/api/pickets/shifts/${id}`, { endsAt: '2026-01-20T18:00:00Z' });
    expect([backwards.status, backwards.body.where?.field]).toEqual([400, 'endsAt']);
    expect((await organizer.request('DELETE', `/api/pickets/shifts/${id}`)).body).toEqual({ removed: true, endedSignups: 0 });
    expect((await organizer.request('GET', `/api/pickets/days/${dayId}/shifts?worksiteId=${sites[2].id}`)).body.shifts.map((x: { id: number }) => x.id)).not.toContain(id);
  });

  it('refuses a shift at the same time as another strike day\'s (a member on both would be paid twice), by hand, by a change of times or by a template', async () => {
    const night = (await organizer.request('POST', '/api/pickets/days', { date: '2026-03-02', label: 'Night before' })).body.day.id;
    const next = (await organizer.request('POST', '/api/pickets/days', { date: '2026-03-03', label: 'Next day' })).body.day.id;
    // 23:00–03:00 in Los Angeles (UTC−8): a shift of 2026-03-02 that ends on the 3rd.
    const late = await organizer.request('POST', `/api/pickets/days/${night}/shifts`, { worksiteId: sites[0].id, duty: 'picket', startsAt: '2026-03-03T07:00:00Z', endsAt: '2026-03-03T11:00:00Z', capacity: 4, minimum: 1 });
    expect(late.status).toBe(201);
    const before = await shiftCount();
    // 00:00–04:00 on the 3rd: three hours of it are the night shift's.
    const same = await organizer.request('POST', `/api/pickets/days/${next}/shifts`, { worksiteId: sites[1].id, duty: 'picket', startsAt: '2026-03-03T08:00:00Z', endsAt: '2026-03-03T12:00:00Z', capacity: 4, minimum: 1 });
    expect([same.status, same.body.code]).toEqual([409, 'picket.overlaps-other-day']);
    expect(same.body.message).toContain(`shift ${late.body.shift.id} of Night before (2026-03-02), 2026-03-03T07:00:00.000Z to 2026-03-03T11:00:00.000Z`);
    // Advice that can be followed: it starts at 08:00Z, after the night shift's 07:00Z start, so not
    // "end it by 07:00Z"; the night shift is the day before's and ends at 11:00Z (03:00 on the 3rd),
    // before this one's 12:00Z end, so "start it at 11:00Z or later"; or change the night shift.
    expect(same.body.hint).toBe(`start it at 2026-03-03T11:00:00.000Z or later, or change or remove shift ${late.body.shift.id} of Night before (2026-03-02)`);
    // Back to back (from 03:00) is not at the same time; moved to start at 02:00, it is.
    const after = await organizer.request('POST', `/api/pickets/days/${next}/shifts`, { worksiteId: sites[1].id, duty: 'picket', startsAt: '2026-03-03T11:00:00Z', endsAt: '2026-03-03T15:00:00Z', capacity: 4, minimum: 1 });
    expect(after.status).toBe(201);
    const moved = await organizer.request('PATCH', `/api/pickets/shifts/${after.body.shift.id}`, { startsAt: '2026-03-03T10:00:00Z' });
    expect([moved.status, moved.body.code]).toEqual([409, 'picket.overlaps-other-day']);
    // From the night before (22:00 on the 2nd to 06:00 on the 3rd, 06:00Z–14:00Z) around the next day's 11:00Z–15:00Z:
    // it may end by 11:00Z; it may not start at 15:00Z (07:00 on the 3rd, not its day).
    const around = await organizer.request('POST', `/api/pickets/days/${night}/shifts`, { worksiteId: sites[1].id, duty: 'picket', startsAt: '2026-03-03T06:00:00Z', endsAt: '2026-03-03T14:00:00Z', capacity: 4, minimum: 1 });
    expect([around.status, around.body.hint]).toEqual([409, `end it by 2026-03-03T11:00:00.000Z, or change or remove shift ${after.body.shift.id} of Next day (2026-03-03)`]);
    // A template of 02:00–04:00 at every site: refused whole, previewed or applied.
    const early = [{ duty: 'picket', start: '02:00', end: '04:00', capacity: 4, minimum: 1 }];
    for (const preview of [true, false]) {
      const t = await organizer.request('POST', `/api/pickets/days/${next}/template`, { name: 'Early', shifts: early, worksites: 'all', preview });
      expect([t.status, t.body.code]).toEqual([409, 'picket.overlaps-other-day']);
    }
    expect(await shiftCount()).toBe(before + 1);
    for (const id of [late.body.shift.id, after.body.shift.id]) expect((await organizer.request('DELETE', `/api/pickets/shifts/${id}`)).status).toBe(200);
  });

  it('refuses to remove a shift once someone was checked in on it', async () => {
    const shift = (await organizer.request('GET', `/api/pickets/days/${dayId}/shifts?worksiteId=${sites[0].id}`)).body.shifts[0];
    const m = await s.handle.db.selectFrom('roster_members').select('id').where('worksite_id', '=', sites[0].id).executeTakeFirstOrThrow();
    await s.handle.db.insertInto('picket_actions').values({ id: s.deps.ids.next(s.orgId.teachers), organization_id: s.orgId.teachers, device_action_id: `plan-test-${dialect}`, shift_id: shift.id, member_row_id: m.id, action: 'in', at: shift.startsAt, received_at: shift.startsAt, method: 'captain', recorded_by: null }).execute();
    const refused = await organizer.request('DELETE', `/api/pickets/shifts/${shift.id}`);
    expect([refused.status, refused.body.code]).toEqual([409, 'picket.shift-has-check-ins']);
    expect((await organizer.request('GET', `/api/pickets/days/${dayId}/shifts?worksiteId=${sites[0].id}`)).body.shifts[0].id).toBe(shift.id);
  });

  it('refuses to cancel a day someone is checked in on (their check-ins are strike pay), and says how many', async () => {
    const shift = (await organizer.request('GET', `/api/pickets/days/${dayId}/shifts?worksiteId=${sites[0].id}`)).body.shifts[0];
    const m = await s.handle.db.selectFrom('roster_members').select('id').where('worksite_id', '=', sites[0].id).executeTakeFirstOrThrow();
    await s.handle.db.insertInto('picket_attendance').values({ shift_id: shift.id, member_row_id: m.id, organization_id: s.orgId.teachers, checked_in_at: shift.startsAt, checked_out_at: null, out_method: null, conflict: null, updated_at: shift.startsAt }).execute();
    try {
      const refused = await organizer.request('PATCH', `/api/pickets/days/${dayId}`, { cancelled: true });
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([409, 'picket.day-has-check-ins', '1 member was checked in on 2026-01-20: it stays a strike day, because their check-ins count for strike pay']);
      expect((await organizer.request('GET', '/api/pickets/days')).body.days.find((d: { id: number }) => d.id === dayId).cancelled).toBe(false);
      // Renaming it is still allowed.
      expect((await organizer.request('PATCH', `/api/pickets/days/${dayId}`, { label: 'Strike day 1' })).status).toBe(200);
    } finally {
      await s.handle.db.deleteFrom('picket_attendance').where('shift_id', '=', shift.id).execute();
    }
  });

  it('sets a worksite\'s region, shown on its shifts', async () => {
    const r = await organizer.request('PUT', `/api/pickets/worksites/${sites[1].id}/region`, { region: 'Local District East' });
    expect(r.body.worksite).toEqual({ id: sites[1].id, name: sites[1].name, region: 'Local District East' });
    const shifts = (await organizer.request('GET', `/api/pickets/days/${dayId}/shifts?worksiteId=${sites[1].id}`)).body.shifts;
    expect(shifts.every((x: { region: string }) => x.region === 'Local District East')).toBe(true);
    expect((await organizer.request('PUT', `/api/pickets/worksites/${sites[1].id}/region`, { region: null })).body.worksite.region).toBeNull();
  });

  it('cancels a day and refuses templates on it until the cancellation is undone', async () => {
    const day = (await organizer.request('POST', '/api/pickets/days', { date: '2026-01-27', label: 'Maybe' })).body.day.id;
    expect((await organizer.request('PATCH', `/api/pickets/days/${day}`, { cancelled: true })).body.day.cancelled).toBe(true);
    const refused = await organizer.request('POST', `/api/pickets/days/${day}/template`, { name: 'Morning', shifts: [TWO[0]], worksites: 'all' });
    expect([refused.status, refused.body.code]).toEqual([409, 'picket.day-cancelled']);
    expect((await organizer.request('PATCH', `/api/pickets/days/${day}`, { cancelled: false, label: 'Strike day 2' })).body.day).toMatchObject({ cancelled: false, label: 'Strike day 2' });
  });

  it('answers the other side\'s malformed requests the no-route 404 too, never a 400 naming what the route takes', async () => {
    const noRoute = (method: string, path: string) => ({ code: 'not-found', message: `there is no route ${method} ${path}`, hint: 'the routes are listed at /api/openapi.json' });
    const cases: [Client, string, string, unknown?][] = [
      [district, 'GET', '/api/pickets/pay/ledger'], [district, 'GET', '/api/pickets/days/abc/board'], [district, 'PUT', '/api/pickets/pay/rules', { rules: { basis: 'x' } }],
      [district, 'POST', '/api/pickets/days', {}], [district, 'POST', '/api/pickets/check-ins', {}], [district, 'POST', '/api/me/pickets/signups', { shiftId: 'x' }],
      [district, 'GET', '/api/me/strike-pay?periodStart=soon'],
      [organizer, 'POST', '/api/sites/days', {}], [organizer, 'GET', '/api/sites/cost.csv?from=soon'], [organizer, 'PATCH', '/api/sites/days/abc/sites/E1', { capacity: -1 }],
    ];
    for (const [who, method, path, body] of cases) {
      const r = await who.request(method, path, body);
      expect([method, path, r.status, r.body]).toEqual([method, path, 404, noRoute(method, path.split('?')[0])]);
    }
    // The route's own side still gets the route's 400.
    expect((await organizer.request('POST', '/api/pickets/days', {})).status).toBe(400);
  });

  it('answers the district 404 on every route, as if there were none, and another union 404 for this union\'s ids', async () => {
    const shift = (await organizer.request('GET', `/api/pickets/days/${dayId}/shifts`)).body.shifts[0];
    const signup = (await organizer.request('POST', `/api/pickets/shifts/${shift.id}/signups`, { memberRowId: (await s.handle.db.selectFrom('roster_members').select('id').where('worksite_id', '=', sites[2].id).executeTakeFirstOrThrow()).id })).body.signup;
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/pickets/days'], ['POST', '/api/pickets/days', { date: '2026-02-01', label: 'X' }], ['PATCH', `/api/pickets/days/${dayId}`, { label: 'X' }],
      ['POST', `/api/pickets/days/${dayId}/template`, { name: 'X', shifts: [TWO[0]], worksites: 'all' }], ['GET', `/api/pickets/days/${dayId}/shifts`],
      ['POST', `/api/pickets/days/${dayId}/shifts`, { worksiteId: sites[0].id, duty: 'picket', startsAt: '2026-01-20T19:00:00Z', endsAt: '2026-01-20T20:00:00Z', capacity: 4, minimum: 2 }],
      ['PATCH', `/api/pickets/shifts/${shift.id}`, { capacity: 9 }], ['DELETE', `/api/pickets/shifts/${shift.id}`], ['GET', `/api/pickets/shifts/${shift.id}/signups`],
      ['POST', `/api/pickets/shifts/${shift.id}/signups`, { memberRowId: signup.memberRowId }], ['DELETE', `/api/pickets/signups/${signup.id}`],
      ['POST', `/api/pickets/signups/${signup.id}/move`, { shiftId: shift.id }], ['PUT', `/api/pickets/worksites/${sites[0].id}/region`, { region: 'X' }],
      ['GET', '/api/me/pickets'], ['POST', '/api/me/pickets/signups', { shiftId: shift.id }], ['DELETE', `/api/me/pickets/signups/${signup.id}`],
    ];
    const before = JSON.stringify(await s.handle.db.selectFrom('picket_shifts').selectAll().orderBy('id').execute()) + JSON.stringify(await s.handle.db.selectFrom('picket_signups').selectAll().orderBy('id').execute());
    for (const [method, path, body] of routes) {
      const d = await district.request(method, path, body);
      expect([method, path, d.status, d.body.code], 'district').toEqual([method, path, 404, 'not-found']);
      // The same answer as a path with no route at all.
      expect(d.body.message).toBe(`there is no route ${method} ${path}`);
      if (/\d/.test(path)) {
        const o = await otherUnion.request(method, path, body);
        expect([method, path, o.status], 'another union').toEqual([method, path, 404]);
      }
    }
    const after = JSON.stringify(await s.handle.db.selectFrom('picket_shifts').selectAll().orderBy('id').execute()) + JSON.stringify(await s.handle.db.selectFrom('picket_signups').selectAll().orderBy('id').execute());
    expect(after).toBe(before);
    // The other union's own list is empty: nothing of this union's days reaches it.
    expect((await otherUnion.request('GET', '/api/pickets/days')).body.days).toEqual([]);
    // A site captain of no site sees the day but none of its shifts.
    expect((await captain.request('GET', `/api/pickets/days/${dayId}/shifts`)).body.shifts).toEqual([]);
  });

  it('applies a template to 1,000 worksites × 2 shifts in one transaction', async () => {
    const big = await seedRoster(s, 'teachers', { sites: 1000, perSite: 0, prefix: 'Big' });
    const day = (await organizer.request('POST', '/api/pickets/days', { date: '2026-02-03', label: 'Citywide' })).body.day.id;
    const t0 = performance.now();
    const r = await organizer.request('POST', `/api/pickets/days/${day}/template`, { name: 'Citywide', shifts: TWO, worksites: big.sites.map((x) => x.id) });
    const ms = performance.now() - t0;
    // 1,000 sites × 2 lines = 2,000 shifts
    expect(r.body.created).toBe(2000);
    const t1 = performance.now();
    const again = await organizer.request('POST', `/api/pickets/days/${day}/template`, { name: 'Citywide', shifts: TWO, worksites: 'all' });
    const msAgain = performance.now() - t1;
    // 'all' is the 1,000 big sites + the 3 small ones: 2,000 skipped, 3 × 2 = 6 new.
    expect(again.body).toMatchObject({ created: 6, skipped: 2000 });
    console.log(`template on ${dialect}: 1,000 worksites × 2 shifts applied in ${ms.toFixed(0)} ms; re-applied over 1,003 sites (2,000 skipped, 6 made) in ${msAgain.toFixed(0)} ms`);
    const n = Number((await s.handle.db.selectFrom('picket_shifts').select((eb) => eb.fn.countAll<number>().as('n')).where('strike_day_id', '=', day).executeTakeFirstOrThrow()).n);
    expect(n).toBe(2006);
  }, 120_000);
});
