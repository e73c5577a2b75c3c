/**
 * Sign-ups on SQLite and PostgreSQL: twenty members racing for five places (exactly five get
 * them), an organizer assigning over capacity (allowed, and said), moving and cancelling, a
 * member's own page, and a site captain who sees only the shifts of their own site.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { link, memberClient, nameCaptain, seedRoster, signInEmail, type Member, type Site } from '../../../test/helpers/picket-roster.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';

eachDatabase('picket sign-ups', (dialect) => {
  let s: TestServer;
  let organizer: Client;
  let sites: Site[];
  let members: Member[];
  let dayId: number;
  const shifts = {} as Record<string, number>;
  const current = async (shiftId: number) => Number((await s.handle.db.selectFrom('picket_signups').select((eb) => eb.fn.countAll<number>().as('n')).where('shift_id', '=', shiftId).where('ended_at', 'is', null).executeTakeFirstOrThrow()).n);
  const shift = (worksiteId: number | null, startsAt: string, endsAt: string, capacity: number, duty = 'picket') =>
    organizer.request('POST', `/api/pickets/days/${dayId}/shifts`, { ...(worksiteId ? { worksiteId } : { place: 'Union hall' }), duty, startsAt, endsAt, capacity, minimum: 0 }).then((r) => r.body.shift.id as number);

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    organizer = await s.as('teachers', 'organizer');
    // Site 1 has 22 members (20 racers + 2), site 2 has 2.
    const a = await seedRoster(s, 'teachers', { sites: 1, perSite: 22, prefix: 'North' });
    const b = await seedRoster(s, 'teachers', { sites: 1, perSite: 2, prefix: 'South' });
    sites = [...a.sites, ...b.sites];
    members = [...a.members, ...b.members];
    dayId = (await organizer.request('POST', '/api/pickets/days', { date: '2026-01-20', label: 'Strike day 1' })).body.day.id;
    shifts.race = await shift(sites[0].id, '2026-01-20T14:30:00Z', '2026-01-20T17:30:00Z', 5);
    shifts.afternoon = await shift(sites[0].id, '2026-01-20T22:00:00Z', '2026-01-21T00:00:00Z', 1);
    shifts.south = await shift(sites[1].id, '2026-01-20T14:30:00Z', '2026-01-20T17:30:00Z', 10);
    shifts.food = await shift(null, '2026-01-20T19:00:00Z', '2026-01-20T21:00:00Z', 3, 'food');
  }, 120_000);
  afterAll(async () => s?.close());

  it('gives five places to exactly five of twenty members signing up at once', async () => {
    const racers = await Promise.all(members.slice(0, 20).map((m) => memberClient(s, 'teachers', m)));
    const answers = await Promise.all(racers.map((c) => c.request('POST', '/api/me/pickets/signups', { shiftId: shifts.race })));
    const statuses = answers.map((a) => a.status).sort();
    // 5 places: 5 × 201, the other 15 × 409 picket.shift-full
    expect(statuses.filter((x) => x === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(Array(15).fill('picket.shift-full'));
    expect(await current(shifts.race)).toBe(5);
    const again = await racers[answers.findIndex((a) => a.status === 201)].request('POST', '/api/me/pickets/signups', { shiftId: shifts.race });
    expect([again.status, again.body.code]).toEqual([409, 'picket.already-signed-up']);
  }, 120_000);

  it('lets an organizer assign over capacity, and says so', async () => {
    const r = await organizer.request('POST', `/api/pickets/shifts/${shifts.race}/signups`, { memberRowId: members[20].id });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ overCapacity: true, note: 'the shift is now over its capacity of 5', signup: { memberRowId: members[20].id, source: 'assigned' } });
    // 5 + 1 = 6 on a shift of 5
    expect(await current(shifts.race)).toBe(6);
    const list = await organizer.request('GET', `/api/pickets/shifts/${shifts.race}/signups`);
    expect(list.body.signups).toHaveLength(6);
  });

  it('moves a member to another shift in one step, and cancels a sign-up', async () => {
    const list = (await organizer.request('GET', `/api/pickets/shifts/${shifts.race}/signups`)).body.signups;
    const one = list.find((g: { memberRowId: number }) => g.memberRowId === members[20].id);
    const moved = await organizer.request('POST', `/api/pickets/signups/${one.id}/move`, { shiftId: shifts.south });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ from: one.id, overCapacity: false, signup: { shiftId: shifts.south, memberRowId: members[20].id } });
    // 6 − 1 = 5 left on the race shift; 0 + 1 = 1 on South
    expect([await current(shifts.race), await current(shifts.south)]).toEqual([5, 1]);
    const old = await s.handle.db.selectFrom('picket_signups').select(['ended_at', 'moved_to']).where('id', '=', one.id).executeTakeFirstOrThrow();
    expect(old.moved_to).toBe(moved.body.signup.id);
    expect(old.ended_at).not.toBeNull();
    const gone = await organizer.request('POST', `/api/pickets/signups/${one.id}/move`, { shiftId: shifts.race });
    expect(gone.status).toBe(404);
    const cancelled = await organizer.request('DELETE', `/api/pickets/signups/${moved.body.signup.id}`);
    expect(cancelled.status).toBe(200);
    expect(await current(shifts.south)).toBe(0);
    const actions = (await s.handle.db.selectFrom('audit_log').select('action').where('action', 'like', 'picket.signup%').execute()).map((a) => a.action).sort();
    // 5 self sign-ups, 1 assignment, 1 move, 1 cancellation
    expect(actions).toEqual(['picket.signup-assign', 'picket.signup-cancel', 'picket.signup-move', ...Array(5).fill('picket.signup-self')]);
  });

  it('shows a member their shifts and the open ones at their site and in alternate duties, and lets them cancel', async () => {
    const me = await memberClient(s, 'teachers', members[21]);
    const page = await me.request('GET', '/api/me/pickets');
    expect(page.body.member).toEqual({ memberRowId: members[21].id, name: members[21].name, worksite: { id: sites[0].id, name: sites[0].name } });
    // Open: the afternoon at North (1 place) and the food shift; the race shift is full (5 of 5), South is another site.
    expect(page.body.open.map((x: { id: number }) => x.id).sort()).toEqual([shifts.afternoon, shifts.food].sort());
    expect(page.body.mine).toEqual([]);
    const joined = await me.request('POST', '/api/me/pickets/signups', { shiftId: shifts.food });
    expect(joined.status).toBe(201);
    const clash = await me.request('POST', '/api/me/pickets/signups', { shiftId: shifts.food });
    expect(clash.body.code).toBe('picket.already-signed-up');
    // A phone bank from 20:30 to 21:30 overlaps the food shift (19:00–21:00) the member is now on.
    const phones = await shift(null, '2026-01-20T20:30:00Z', '2026-01-20T21:30:00Z', 3, 'phone-bank');
    const after = await me.request('GET', '/api/me/pickets');
    expect(after.body.mine.map((x: { signupId: number; shift: { id: number; signedUp: number } }) => [x.signupId, x.shift.id, x.shift.signedUp])).toEqual([[joined.body.signup.id, shifts.food, 1]]);
    // Not listed as open to them: signing up would be refused (picket.overlap). The afternoon (22:00) starts after the food shift ends.
    expect(after.body.open.map((x: { id: number }) => x.id)).toEqual([shifts.afternoon]);
    const overlap = (await me.request('POST', '/api/me/pickets/signups', { shiftId: phones })).body;
    // The food shift (19:00–21:00Z) on its day's clock: Los Angeles is UTC−8 in January, 11:00–13:00.
    expect([overlap.code, overlap.message]).toEqual(['picket.overlap', `${members[21].name} is already signed up for a shift at the same time (Union hall, 2026-01-20 11:00–13:00 America/Los_Angeles time)`]);
    // 450 more phone banks at the food shift's time (a template at every school), all earlier than the afternoon:
    // left out before the list's limit of the soonest, so the afternoon is still offered.
    const by = (await s.handle.db.selectFrom('people').select('id').where('organization_id', '=', s.orgId.teachers).executeTakeFirstOrThrow()).id;
    const crowd = Array.from({ length: 450 }, (_, i) => ({
      id: s.deps.ids.next(s.orgId.teachers), organization_id: s.orgId.teachers, strike_day_id: dayId, worksite_id: null, place: `Hall ${i}`, duty: 'phone-bank',
      starts_at: '2026-01-20T19:30:00Z', ends_at: '2026-01-20T20:30:00Z', capacity: 5, minimum: 0, captain_member_id: null, template: null,
      code_secret: 'c'.repeat(64), created_by: by, created_at: '2026-01-15T16:00:00.000Z', updated_at: '2026-01-15T16:00:00.000Z', removed_at: null,
    }));
    for (let i = 0; i < crowd.length; i += 150) await s.handle.db.insertInto('picket_shifts').values(crowd.slice(i, i + 150)).execute();
    expect((await me.request('GET', '/api/me/pickets')).body.open.map((x: { id: number }) => x.id)).toEqual([shifts.afternoon]);
    await s.handle.db.deleteFrom('picket_shifts').where('id', 'in', crowd.map((c) => c.id)).execute();
    // Someone else's sign-up is not mine to cancel.
    const other = (await organizer.request('GET', `/api/pickets/shifts/${shifts.race}/signups`)).body.signups[0];
    expect((await me.request('DELETE', `/api/me/pickets/signups/${other.id}`)).status).toBe(404);
    expect((await me.request('DELETE', `/api/me/pickets/signups/${joined.body.signup.id}`)).status).toBe(200);
    expect(await current(shifts.food)).toBe(0);
    // No longer on the food shift: the phone bank is open to them again.
    expect((await me.request('GET', '/api/me/pickets')).body.open.map((x: { id: number }) => x.id).sort()).toEqual([shifts.afternoon, shifts.food, phones].sort());
    await organizer.request('DELETE', `/api/pickets/shifts/${phones}`);
    // Signed up again, then the shift is over (19:00–21:00 on the 20th; the clock at 21:00): it stays on the record.
    const again = await me.request('POST', '/api/me/pickets/signups', { shiftId: shifts.food });
    const was = s.clock.now;
    s.clock.now = new Date('2026-01-20T21:00:00Z');
    try {
      // Signed in again at that time (the first session has expired by then).
      const later = await signInEmail(s, `${members[21].memberId.toLowerCase()}@members.test`);
      const late = await later.request('DELETE', `/api/me/pickets/signups/${again.body.signup.id}`);
      expect([late.status, late.body.code, late.body.where]).toEqual([409, 'picket.shift-over', { field: 'signupId' }]);
      expect(await current(shifts.food)).toBe(1);
    } finally {
      s.clock.now = was;
    }
    expect((await me.request('DELETE', `/api/me/pickets/signups/${again.body.signup.id}`)).status).toBe(200);
  });

  it('refuses a sign-in not linked to a roster member, with what to do', async () => {
    const plain = await s.as('teachers', 'bargaining-team');
    const r = await plain.request('GET', '/api/me/pickets');
    expect([r.status, r.body.code]).toEqual([409, 'picket.no-member-row']);
    expect(r.body.message).toMatch(/ask an organizer to invite you from the roster/);
  });

  it('shows a site captain only the shifts of the site they captain', async () => {
    const captainRow = members[22];
    await nameCaptain(s, 'teachers', sites[1].id, captainRow.id);
    await link(s, 'site-captain@teachers.test', captainRow.id);
    const captain = await s.as('teachers', 'site-captain');
    const list = await captain.request('GET', `/api/pickets/days/${dayId}/shifts`);
    expect(list.body.shifts.map((x: { id: number }) => x.id)).toEqual([shifts.south]);
    expect(list.body.shifts[0].captain).toEqual({ memberRowId: captainRow.id, name: captainRow.name });
    expect((await captain.request('GET', `/api/pickets/shifts/${shifts.south}/signups`)).status).toBe(200);
    expect((await captain.request('GET', `/api/pickets/shifts/${shifts.race}/signups`)).status).toBe(404);
    // Named captain of a North shift itself: now that one too.
    await organizer.request('PATCH', `/api/pickets/shifts/${shifts.afternoon}`, { captainMemberRowId: captainRow.id });
    expect((await captain.request('GET', `/api/pickets/days/${dayId}/shifts`)).body.shifts.map((x: { id: number }) => x.id).sort()).toEqual([shifts.south, shifts.afternoon].sort());
    expect((await captain.request('GET', '/api/pickets/days')).body.days[0]).toMatchObject({ shifts: 2, sites: 2 });
    // A captain plans nothing.
    expect((await captain.request('POST', `/api/pickets/shifts/${shifts.south}/signups`, { memberRowId: members[0].id })).status).toBe(403);
  });
});
