/**
 * Strike pay through the API, on SQLite and PostgreSQL: the rules (validation, versions), the
 * periods, exceptions, the ledger of a small union over two weeks against a hand derivation, a
 * member's own page (only their rows), the payout produced once (also when two are asked for at
 * the same moment) and its file read back, and the district's 404.
 *
 * The world (written straight into the tables: strike days, shifts and check-ins come from
 * other parts of the app): Tiny Teachers' members Ana (linked to the `member` sign-in), Ben, Cy
 * and Dee (whose name looks like a spreadsheet formula); strike days Mon 14, Tue 15, Wed 16 and
 * Mon 21, Tue 22 January 2019; each day a picket shift 06:30–09:30 (14:30Z–17:30Z) at Roosevelt
 * High, an access-needs shift at the same time and phone banking 10:00–12:00 (18:00Z–20:00Z).
 * Rules: $100.00 a counted day, 3 h a day, at most $250.00 a week, the first week paid with the
 * next, of the alternate duties only access needs counts.
 */
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { costingPool, type CostingService } from '../costing/pool.ts';
import { replayReturns } from '../../db/migrations/0014_attendance_away.ts';
import { emailOf, startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';

const RULES = { basis: 'day', amountCents: 10_000, minHoursPerDay: 3, maxPerWeekCents: 25_000, firstWeek: 'with-next', alternateDuties: ['access'] };
const DATES = ['2019-01-14', '2019-01-15', '2019-01-16', '2019-01-21', '2019-01-22'];
const Z = (date: string, hm: string) => `${date}T${hm}:00.000Z`;

eachDatabase('strike pay', (dialect) => {
  let s: TestServer;
  let admin: Client;
  let organizer: Client;
  let member: Client;
  let unlinked: Client;
  let district: Client;
  let otherUnion: Client;
  const m = {} as Record<'ana' | 'ben' | 'cy' | 'dee', number>;
  const day = {} as Record<string, number>;
  const shift = {} as Record<string, { picket: number; access: number; phones: number }>;

  async function seed(): Promise<void> {
    const db = s.handle.db;
    const org = s.orgId.teachers;
    const at = s.clock.now.toISOString();
    const id = () => s.deps.ids.next(org);
    const adminId = (await db.selectFrom('people').select('id').where('email', '=', emailOf('teachers', 'admin')).executeTakeFirstOrThrow()).id;
    const site = id();
    await db.insertInto('roster_worksites').values({ id: site, organization_id: org, key: 'text:roosevelt high', name: 'Roosevelt High', school_id: null, cds_code: null, created_at: at }).execute();
    const names = { ana: 'Ana Ruiz', ben: 'Ben Ode', cy: 'Cy Park', dee: '=SUM(1+1), Dee "D"' };
    for (const [key, name] of Object.entries(names) as [keyof typeof m, string][]) {
      m[key] = id();
      await db.insertInto('roster_members').values({ id: m[key], organization_id: org, member_id: `T-${key}`, name, employee_id: null, email: null, mobile: null, worksite_id: site, job_class: null, status: 'active', created_at: at, updated_at: at, removed_at: null }).execute();
    }
    await db.updateTable('people').set({ member_row_id: m.ana }).where('email', '=', emailOf('teachers', 'member')).execute();
    for (const date of [...DATES, '2026-01-12']) {
      day[date] = id();
      await db.insertInto('strike_days').values({ id: day[date], organization_id: org, date, label: `Strike ${date}`, time_zone: 'America/Los_Angeles', created_by: adminId, created_at: at, cancelled_at: null }).execute();
      const make = async (duty: string, from: string, to: string, worksite: number | null, place: string | null) => {
        const sid = id();
        await db.insertInto('picket_shifts').values({ id: sid, organization_id: org, strike_day_id: day[date], worksite_id: worksite, place, duty, starts_at: Z(date, from), ends_at: Z(date, to), capacity: 20, minimum: 3, captain_member_id: null, template: null, code_secret: '00'.repeat(32), created_by: adminId, created_at: at, updated_at: at, removed_at: null }).execute();
        return sid;
      };
      shift[date] = { picket: await make('picket', '14:30', '17:30', site, null), access: await make('access', '14:30', '17:30', site, null), phones: await make('phone-bank', '18:00', '20:00', null, 'Union hall') };
    }
    const attend = (who: keyof typeof m, date: string, kind: 'picket' | 'access' | 'phones', inAt: string, outAt: string | null) =>
      db.insertInto('picket_attendance').values({ shift_id: shift[date][kind], member_row_id: m[who], organization_id: org, checked_in_at: Z(date, inAt), checked_out_at: outAt && Z(date, outAt), out_method: outAt ? 'captain' : null, conflict: null, updated_at: at }).execute();
    // Week 1 (14–16 January)
    await attend('ana', '2019-01-14', 'picket', '14:30', '17:30'); // 3 h: counts
    await attend('ana', '2019-01-15', 'picket', '14:40', '17:30'); // 2 h 50 min: does not
    await attend('ana', '2019-01-16', 'picket', '14:30', null); // never checked out: to the end, 3 h: counts
    for (const d of DATES.slice(0, 3)) await attend('ben', d, 'picket', '14:30', '17:30'); // 3 days
    await attend('cy', '2019-01-14', 'phones', '18:00', '20:00'); // phone banking does not count
    await attend('dee', '2019-01-14', 'access', '14:30', '17:30'); // access needs counts: 3 h
    // Week 2 (21–22 January)
    await attend('ana', '2019-01-21', 'picket', '14:30', '17:30'); // counts
    await attend('ana', '2019-01-22', 'picket', '14:30', '16:00'); // 1 h 30 min: does not
    await attend('cy', '2019-01-21', 'picket', '14:30', '17:30'); // counts
    await attend('cy', '2019-01-21', 'phones', '18:00', '20:00'); // not counted
    await attend('cy', '2019-01-22', 'picket', '14:30', '17:30'); // excluded by an exception below
    await attend('dee', '2019-01-21', 'picket', '14:30', '17:30'); // with the access shift at the same time: 3 h once
    await attend('dee', '2019-01-21', 'access', '14:30', '17:30');
  }

  // Real costing threads; a test may act while a payout file is being worked out on one.
  const pool = costingPool({ threads: 1 });
  let whilePayout: (() => Promise<void>) | null = null;
  // A ledger may be held on its way to the thread (after its facts were read), counting those held.
  let holdLedger: Promise<void> | null = null;
  let ledgersHeld = 0;
  const costing: CostingService = {
    ...pool,
    payout: async (input) => (await whilePayout?.(), pool.payout(input)),
    ledger: async (input) => {
      if (holdLedger) {
        ledgersHeld++;
        await holdLedger;
      }
      return pool.ledger(input);
    },
  };

  beforeAll(async () => {
    s = await startTestServer({ dialect, costing });
    admin = await s.as('teachers', 'admin');
    organizer = await s.as('teachers', 'organizer');
    member = await s.as('teachers', 'member');
    unlinked = await s.as('teachers', 'bargaining-team');
    district = await s.as('district', 'admin');
    otherUnion = await s.as('otherTeachers', 'admin');
    await seed();
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    await pool.close();
  });

  const auditCount = async (action: string) => (await s.handle.db.selectFrom('audit_log').select('id').where('organization_id', '=', s.orgId.teachers).where('action', '=', action).execute()).length;

  it('refuses bad rules naming each field, and saves nothing', async () => {
    const bad = await admin.request('PUT', '/api/pickets/pay/rules', { rules: { amountCents: 99.5, minHoursPerDay: 3.3, timeZone: 'Mars/Olympus', basis: 'month' } });
    expect(bad.status).toBe(400);
    expect(bad.body.problems.map((p: { where: { field: string } }) => p.where.field).sort()).toEqual(['rules.amountCents', 'rules.basis', 'rules.minHoursPerDay', 'rules.timeZone']);
    const unknown = await admin.request('PUT', '/api/pickets/pay/rules', { rules: { bonusCents: 5 } });
    expect([unknown.status, unknown.body.where.field]).toEqual([400, 'rules']);
    expect((await organizer.request('PUT', '/api/pickets/pay/rules', { rules: RULES })).status).toBe(403);
    const now = await organizer.request('GET', '/api/pickets/pay/rules');
    expect([now.status, now.body.version, now.body.rules.amountCents]).toEqual([200, 0, 10_000]);
  });

  it('saves rules as numbered versions, audited', async () => {
    const first = await admin.request('PUT', '/api/pickets/pay/rules', { rules: { ...RULES, amountCents: 9_000 } });
    expect([first.status, first.body.version]).toEqual([200, 1]);
    const second = await admin.request('PUT', '/api/pickets/pay/rules', { rules: RULES });
    expect([second.status, second.body.version, second.body.rules.maxPerWeekCents, second.body.rules.timeZone]).toEqual([200, 2, 25_000, 'America/Los_Angeles']);
    expect((await organizer.request('GET', '/api/pickets/pay/rules')).body.version).toBe(2);
    expect(await auditCount('strikepay.rules.save')).toBe(2);
  });

  it('lists the weeks with strike days, and which have ended', async () => {
    const p = await organizer.request('GET', '/api/pickets/pay/periods');
    // The clock stands at 2026-01-15: the January 2019 weeks ended, the week of 12 January 2026 has not.
    expect(p.body.periods.map((x: { start: string; end: string; open: boolean; produced: boolean }) => [x.start, x.end, x.open, x.produced])).toEqual([
      ['2019-01-14', '2019-01-20', false, false], ['2019-01-21', '2019-01-27', false, false], ['2026-01-12', '2026-01-18', true, false],
    ]);
  });

  it('grants and revokes exceptions with a reason, refusing what is wrong', async () => {
    const count = await organizer.request('POST', '/api/pickets/pay/exceptions', { memberRowId: m.cy, strikeDayId: day['2019-01-15'], kind: 'count', reason: 'sent home ill by the site captain' });
    expect(count.status).toBe(201);
    expect((await organizer.request('POST', '/api/pickets/pay/exceptions', { memberRowId: m.cy, strikeDayId: day['2019-01-15'], kind: 'exclude', reason: 'again' })).body.code).toBe('strikepay.exception-exists');
    const wrong = await organizer.request('POST', '/api/pickets/pay/exceptions', { memberRowId: m.cy, strikeDayId: day['2019-01-22'], kind: 'exclude', reason: 'mistake' });
    expect(wrong.status).toBe(201);
    const revoked = await organizer.request('DELETE', `/api/pickets/pay/exceptions/${wrong.body.exception.id}`);
    expect([revoked.status, revoked.body.exception.revokedAt]).toEqual([200, s.clock.now.toISOString()]);
    expect((await organizer.request('DELETE', `/api/pickets/pay/exceptions/${wrong.body.exception.id}`)).body.code).toBe('strikepay.exception-revoked');
    const exclude = await organizer.request('POST', '/api/pickets/pay/exceptions', { memberRowId: m.cy, strikeDayId: day['2019-01-22'], kind: 'exclude', reason: 'checked in for a colleague' });
    expect(exclude.status).toBe(201);
    const noReason = await organizer.request('POST', '/api/pickets/pay/exceptions', { memberRowId: m.cy, strikeDayId: day['2019-01-16'], kind: 'count', reason: ' ' });
    expect([noReason.status, noReason.body.where.field]).toEqual([400, 'reason']);
    const otherMember = await organizer.request('POST', '/api/pickets/pay/exceptions', { memberRowId: 123456789, strikeDayId: day['2019-01-16'], kind: 'count', reason: 'no such member' });
    expect([otherMember.status, otherMember.body.where.field]).toEqual([404, 'memberRowId']);
    expect((await member.request('POST', '/api/pickets/pay/exceptions', { memberRowId: m.ana, strikeDayId: day['2019-01-15'], kind: 'count', reason: 'please' })).status).toBe(403);
    // Granted three, revoked one.
    expect([await auditCount('strikepay.exception.count'), await auditCount('strikepay.exception.exclude'), await auditCount('strikepay.exception.revoke')]).toEqual([1, 2, 1]);
  });

  const amounts = (body: { rows: { memberRowId: number; earnedCents: number; carriedCents: number; amountCents: number }[] }) =>
    Object.fromEntries(body.rows.map((r) => [Object.entries(m).find(([, v]) => v === r.memberRowId)![0], [r.earnedCents, r.carriedCents, r.amountCents]]));

  it('computes the first week as derived by hand: earned, paid with the next week', async () => {
    const l = await organizer.request('GET', '/api/pickets/pay/ledger?periodStart=2019-01-14');
    expect(l.status).toBe(200);
    // Ana: the 14th (3 h) and 16th (3 h, checked out at the end) count, the 15th (2 h 50 min) not: 2 × $100 = $200.
    // Ben: 3 days × $100 = $300, at most $250. Cy: phone banking does not count; the 15th counted by exception: $100.
    // Dee: 3 h on access needs: $100. All paid with the week of the 21st, so nothing this week.
    expect(amounts(l.body)).toEqual({ ana: [20_000, 0, 0], ben: [25_000, 0, 0], cy: [10_000, 0, 0], dee: [10_000, 0, 0] });
    expect([l.body.members, l.body.totalCents, l.body.count]).toEqual([0, 0, 4]);
    const ana = l.body.rows.find((r: { memberRowId: number }) => r.memberRowId === m.ana);
    expect(ana.days.map((d: { date: string; minutes: number; counted: boolean }) => [d.date, d.minutes, d.counted])).toEqual([['2019-01-14', 180, true], ['2019-01-15', 170, false], ['2019-01-16', 180, true]]);
    expect(ana.days[1].why).toBe('2 h 50 min on the picket line at Roosevelt High, at least 3 h needed: does not count');
    expect(ana.days[1].whyEs).toBe('2 h 50 min de piquete en Roosevelt High, se necesitan al menos 3 h: no cuenta');
    expect(ana.why).toBe('2 days counted × $100.00 = $200.00; the first week of the strike is paid with the week of 2019-01-21');
    expect(ana.whyEs).toBe('2 días contados × $100.00 = $200.00; la primera semana de la huelga se paga con la semana del 2019-01-21');
    const cy = l.body.rows.find((r: { memberRowId: number }) => r.memberRowId === m.cy);
    expect(cy.days[0].why).toBe('no time on duties that count, at least 3 h needed: does not count; phone banking does not count under the rules');
  });

  it('computes the second week as derived by hand, with the first week carried', async () => {
    const l = await organizer.request('GET', '/api/pickets/pay/ledger?periodStart=2019-01-21');
    // Ana: the 21st counts (the 22nd, 1 h 30 min, not): $100 + $200 carried = $300. Ben: no duty, $250 carried.
    // Cy: the 21st counts (phone banking aside), the 22nd excluded: $100 + $100 = $200.
    // Dee: picket and access at the same time, 3 h once: $100 + $100 = $200. Total 300 + 250 + 200 + 200 = $950.
    expect(amounts(l.body)).toEqual({ ana: [10_000, 20_000, 30_000], ben: [0, 25_000, 25_000], cy: [10_000, 10_000, 20_000], dee: [10_000, 10_000, 20_000] });
    expect([l.body.members, l.body.totalCents]).toEqual([4, 95_000]);
    const dee = l.body.rows.find((r: { memberRowId: number }) => r.memberRowId === m.dee);
    expect([dee.days[0].minutes, dee.days[0].shifts]).toEqual([180, 2]);
    const cy = l.body.rows.find((r: { memberRowId: number }) => r.memberRowId === m.cy);
    expect(cy.days[1].why).toBe("3 h on the picket line at Roosevelt High; not counted by an organizer's exception: checked in for a colleague");
    expect(cy.days[1].whyEs).toBe('3 h de piquete en Roosevelt High; no cuenta por una excepción de un organizador: checked in for a colleague');
    const ana = l.body.rows.find((r: { memberRowId: number }) => r.memberRowId === m.ana);
    expect(ana.whyEs).toBe('1 día contado × $100.00 = $100.00; más $200.00 ganados en la primera semana de la huelga (la semana del 2019-01-14): $300.00');
    expect((await organizer.request('GET', '/api/pickets/pay/ledger?periodStart=2019-01-22')).body.code).toBe('strikepay.period-start');
    expect((await organizer.request('GET', '/api/pickets/pay/ledger?periodStart=2019-02-04')).status).toBe(404);
  });

  it("shows a member only their own strike pay, and asks an unlinked sign-in to be linked", async () => {
    const me = await member.request('GET', '/api/me/strike-pay');
    expect(me.status).toBe(200);
    expect(me.body.member.memberRowId).toBe(m.ana);
    // Ana: week 1 earned $200 (paid $0 then), week 2 $300 with the carry: $300 in all.
    expect(me.body.periods.map((p: { start: string; amountCents: number; paid: boolean }) => [p.start, p.amountCents, p.paid])).toEqual([['2019-01-14', 0, false], ['2019-01-21', 30_000, false]]);
    expect(me.body.totalCents).toBe(30_000);
    const text = JSON.stringify(me.body);
    for (const other of ['Ben Ode', 'Cy Park', 'Dee', 'colleague']) expect(text).not.toContain(other);
    const no = await unlinked.request('GET', '/api/me/strike-pay');
    expect([no.status, no.body.code]).toEqual([409, 'picket.no-member-row']);
  });

  it('does not pay the time between a check-out and a later check-in (it paid the whole shift)', async () => {
    const db = s.handle.db;
    const sid = shift['2026-01-12'].picket;
    // Ben on the 12 January 2026 picket (14:30–17:30Z): in at 14:30, out at 14:45, back at 17:25, checked out
    // automatically at the end: 15 + 5 = 20 min on the line, 2 h 40 min away; under 3 h, the day does not count.
    const actions = [['in', '14:30'], ['out', '14:45'], ['in', '17:25']].map(([action, hm], i) => ({ id: `away-test-${i}`, shiftId: sid, action, at: Z('2026-01-12', hm), memberRowId: m.ben }));
    const sent = await organizer.request('POST', '/api/pickets/check-ins', { actions });
    expect(sent.body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['recorded', 'recorded', 'recorded']);
    expect(sent.body.results[2].attendance.away).toEqual([[Z('2026-01-12', '14:45'), Z('2026-01-12', '17:25')]]);
    try {
      const ledger = await organizer.request('GET', '/api/pickets/pay/ledger?periodStart=2026-01-12');
      const ben = ledger.body.rows.find((r: { memberRowId: number }) => r.memberRowId === m.ben);
      expect(ben.days.map((d: { minutes: number; counted: boolean; worked: { minutes: number; awayMinutes: number }[] }) => [d.minutes, d.counted, d.worked[0].minutes, d.worked[0].awayMinutes])).toEqual([[20, false, 20, 160]]);
      expect(ben.days[0].why).toBe('20 min on the picket line at Roosevelt High (2 h 40 min away between a check-out and coming back, not counted), at least 3 h needed: does not count');
      // Stored before migration 0014 (no time away kept): the migration's replay of returns puts it back.
      await db.updateTable('picket_attendance').set({ away: '[]' }).where('shift_id', '=', sid).where('member_row_id', '=', m.ben).execute();
      expect(await replayReturns(db)).toBe(1);
      const again = (await organizer.request('GET', '/api/pickets/pay/ledger?periodStart=2026-01-12')).body.rows.find((r: { memberRowId: number }) => r.memberRowId === m.ben);
      expect(again.days[0].minutes).toBe(20);
    } finally {
      await db.deleteFrom('picket_attendance').where('shift_id', '=', sid).where('member_row_id', '=', m.ben).execute();
      await db.deleteFrom('picket_actions').where('shift_id', '=', sid).where('member_row_id', '=', m.ben).execute();
      await db.deleteFrom('picket_signups').where('shift_id', '=', sid).where('member_row_id', '=', m.ben).execute();
    }
  });

  it('lists a day a member signed up for and was never checked in on, as not counting and why', async () => {
    const db = s.handle.db;
    const org = s.orgId.teachers;
    const at = s.clock.now.toISOString();
    const adminId = (await db.selectFrom('people').select('id').where('email', '=', emailOf('teachers', 'admin')).executeTakeFirstOrThrow()).id;
    // Ana signs up for the picket of 12 January 2026 (14:30–17:30Z, over by now, 15 January) and never checks in; and for
    // the 21 January 2019 picket she did check in on (listed once, from her check-in).
    const signUp = (shiftId: number) => ({ id: s.deps.ids.next(org), organization_id: org, shift_id: shiftId, member_row_id: m.ana, source: 'member', created_by: adminId, created_at: at, ended_by: null, ended_at: null, moved_to: null });
    const rows = [signUp(shift['2026-01-12'].picket), signUp(shift['2019-01-21'].picket)];
    await db.insertInto('picket_signups').values(rows).execute();
    try {
      const me = await member.request('GET', '/api/me/strike-pay');
      // The same two paid weeks as before, and the week of 12 January 2026 with its one day, earning nothing.
      expect(me.body.periods.map((p: { start: string; amountCents: number }) => [p.start, p.amountCents])).toEqual([['2019-01-14', 0], ['2019-01-21', 30_000], ['2026-01-12', 0]]);
      const week = me.body.periods[2];
      expect(week.days).toMatchObject([{ date: '2026-01-12', counted: false, hours: 0, why: 'signed up, never checked in (on the picket line at Roosevelt High): does not count' }]);
      expect(week.why).toBe('no day counted this week');
      expect(week.days[0].whyEs).toBe('se inscribió (turno de piquete en Roosevelt High), pero nunca registró su llegada: no cuenta');
      expect(week.whyEs).toBe('ningún día contó esta semana');
      expect(me.body.periods[1].days.map((d: { date: string }) => d.date)).toEqual(['2019-01-21', '2019-01-22']);
      expect(me.body.totalCents).toBe(30_000);
    } finally {
      await db.deleteFrom('picket_signups').where('id', 'in', rows.map((r) => r.id)).execute();
    }
  });

  it('works out at most two of a union\'s strike-pay ledgers at once, refusing a third before reading its week', async () => {
    let release!: () => void;
    holdLedger = new Promise((r) => (release = r));
    const held = [organizer.request('GET', '/api/pickets/pay/ledger?periodStart=2019-01-14'), admin.request('GET', '/api/pickets/pay/ledger?periodStart=2019-01-21')];
    for (let i = 0; i < 500 && ledgersHeld < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(ledgersHeld).toBe(2);
    const third = await organizer.request('GET', '/api/pickets/pay/ledger?periodStart=2019-01-21');
    expect([third.status, third.body.code, third.headers.get('retry-after')]).toEqual([429, 'costing.busy', '5']);
    expect(ledgersHeld).toBe(2); // refused before its facts were read and it queued
    holdLedger = null;
    release();
    expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200]);
    expect((await organizer.request('GET', '/api/pickets/pay/ledger?periodStart=2019-01-21')).status).toBe(200);
  });

  it('refuses the payout of a week that has not ended', async () => {
    const open = await admin.request('POST', '/api/pickets/pay/payouts', { periodStart: '2026-01-12' });
    expect([open.status, open.body.code]).toEqual([409, 'strikepay.period-open']);
    expect((await organizer.request('POST', '/api/pickets/pay/payouts', { periodStart: '2019-01-21' })).status).toBe(403);
    expect((await admin.request('GET', '/api/pickets/pay/payouts')).body.payouts).toEqual([]);
  });

  it('does not store a payout worked out with rules saved again meanwhile, and asks for it again', async () => {
    const before = (await admin.request('GET', '/api/pickets/pay/rules')).body;
    // The file is worked out on a costing thread, outside any transaction: an admin saves new
    // rules ($105.00 a day) in that time. Stored, the file would pay by rules no longer in force.
    whilePayout = async () => {
      whilePayout = null;
      expect((await admin.request('PUT', '/api/pickets/pay/rules', { rules: { ...RULES, amountCents: 10_500 } })).status).toBe(200);
    };
    const raced = await admin.request('POST', '/api/pickets/pay/payouts', { periodStart: '2019-01-21' });
    expect([raced.status, raced.body.code]).toEqual([409, 'strikepay.rules-changed']);
    expect(raced.body.message).toContain(`version ${before.version + 1}`);
    expect((await admin.request('GET', '/api/pickets/pay/payouts')).body.payouts).toEqual([]);
    expect(await auditCount('strikepay.payout.produce')).toBe(0);
    // Back to the rules the hand derivations use (a new version with the same rules).
    expect((await admin.request('PUT', '/api/pickets/pay/rules', { rules: RULES })).status).toBe(200);
  });

  it('does not store a payout worked out before an exception was granted meanwhile (each exception is in the file or refused)', async () => {
    // Granted while the file is worked out, the week not yet paid: 201. Stored, the file would
    // close the week without paying it, though the organizer was told it was granted.
    let granted = 0;
    whilePayout = async () => {
      whilePayout = null;
      const e = await organizer.request('POST', '/api/pickets/pay/exceptions', { memberRowId: m.ben, strikeDayId: day['2019-01-22'], kind: 'count', reason: 'picketed at the district office' });
      expect(e.status).toBe(201);
      granted = e.body.exception.id;
    };
    const raced = await admin.request('POST', '/api/pickets/pay/payouts', { periodStart: '2019-01-21' });
    expect([raced.status, raced.body.code]).toEqual([409, 'strikepay.exceptions-changed']);
    expect((await admin.request('GET', '/api/pickets/pay/payouts')).body.payouts).toEqual([]);
    // Revoked again: the world of the hand derivations.
    expect((await organizer.request('DELETE', `/api/pickets/pay/exceptions/${granted}`)).status).toBe(200);
  });

  it('does not store a payout worked out before a shift was retimed meanwhile; a day members picketed cannot be cancelled; a capacity change does not stop it', async () => {
    // A day with check-ins cannot be cancelled at all (it would take the pay of Ana, Cy and Dee for
    // the 21st away, and a paid week would no longer match its file).
    const cancel = await organizer.request('PATCH', `/api/pickets/days/${day['2019-01-21']}`, { cancelled: true });
    // Ana, Cy and Dee were checked in on the 21st: 3 members.
    expect([cancel.status, cancel.body.code, cancel.body.message]).toEqual([409, 'picket.day-has-check-ins', '3 members were checked in on 2019-01-21: it stays a strike day, because their check-ins count for strike pay']);
    expect(cancel.body.hint).toContain('a check-in timed more than 30 minutes after its shift\'s end is refused');
    expect(cancel.body.hint).toContain('{"capacity": 0, "minimum": 0}) stop new sign-ups');
    // The picket shift of the 22nd ending an hour later: stored, the file would not count Ana's
    // check-in to its new end. Then back to 17:30Z, the world of the hand derivations.
    const picket = `/api/pickets/shifts/${shift['2019-01-22'].picket}`;
    whilePayout = async () => {
      whilePayout = null;
      expect((await organizer.request('PATCH', picket, { endsAt: Z('2019-01-22', '18:30') })).status).toBe(200);
    };
    const retimed = await admin.request('POST', '/api/pickets/pay/payouts', { periodStart: '2019-01-21' });
    expect([retimed.status, retimed.body.code]).toEqual([409, 'strikepay.plan-changed']);
    expect(retimed.body.message).toContain('week of 2019-01-21');
    expect((await organizer.request('PATCH', picket, { endsAt: Z('2019-01-22', '17:30') })).status).toBe(200);
    expect((await admin.request('GET', '/api/pickets/pay/payouts')).body.payouts).toEqual([]);
    expect(await auditCount('strikepay.payout.produce')).toBe(0);
    // A change pay does not depend on (the shift's capacity) is not a reason to refuse: checked by
    // the production in the next test, with the capacity changed meanwhile.
  });

  it('produces a week once, even when asked twice at the same moment, and keeps the file', async () => {
    // Meanwhile (while the first file is worked out) a shift's capacity changes: pay does not depend on it.
    whilePayout = async () => {
      whilePayout = null;
      expect((await organizer.request('PATCH', `/api/pickets/shifts/${shift['2019-01-22'].picket}`, { capacity: 25 })).status).toBe(200);
    };
    const both = await Promise.all([admin.request('POST', '/api/pickets/pay/payouts', { periodStart: '2019-01-21' }), admin.request('POST', '/api/pickets/pay/payouts', { periodStart: '2019-01-21' })]);
    expect(both.map((a) => a.status).sort()).toEqual([201, 409]);
    const made = both.find((a) => a.status === 201)!.body.payout;
    const refused = both.find((a) => a.status === 409)!.body;
    expect(refused.code).toBe('payout.already-produced');
    expect(refused.message).toContain('Tiny Teachers admin');
    expect(refused.message).toContain(s.clock.now.toISOString());
    expect([made.members, made.totalCents, made.periodEnd]).toEqual([4, 95_000, '2019-01-27']);
    const again = await admin.request('POST', '/api/pickets/pay/payouts', { periodStart: '2019-01-21' });
    expect([again.status, again.body.code]).toEqual([409, 'payout.already-produced']);
    expect((await s.handle.db.selectFrom('strike_payouts').select('id').execute()).length).toBe(1);

    const one = await organizer.request('GET', `/api/pickets/pay/payouts/${made.id}/csv`);
    const two = await organizer.request('GET', `/api/pickets/pay/payouts/${made.id}/csv`);
    expect(one.status).toBe(200);
    expect(one.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(two.body).toBe(one.body);
    expect(createHash('sha256').update(one.body as string, 'utf8').digest('hex')).toBe(made.sha256);
    expect(await auditCount('strikepay.payout.download')).toBe(2);
    expect(await auditCount('strikepay.payout.produce')).toBe(1);

    const rows = parse(one.body as string) as string[][];
    expect(rows[0]).toEqual(['Member ID', 'Name', 'Period start', 'Period end', 'Eligible days', 'Hours', 'Amount', 'Of which carried from the first week']);
    const body = rows.slice(1, -1);
    const total = rows[rows.length - 1];
    // The last column: of each Amount, the first week's pay carried (derived above: Ana $200, Ben $250, Cy $100, Dee $100).
    expect(body.map((r) => [r[0], r[4], r[6], r[7]])).toEqual([['T-ana', '1', '300.00', '200.00'], ['T-ben', '0', '250.00', '250.00'], ['T-cy', '1', '200.00', '100.00'], ['T-dee', '1', '200.00', '100.00']]);
    // Dee's name starts with =: kept as text, comma and quotes intact.
    expect(body[3][1]).toBe('\'=SUM(1+1), Dee "D"');
    const cents = (d: string) => Math.round(Number(d) * 100);
    expect(total[0]).toBe('Total');
    expect(cents(total[6])).toBe(body.reduce((t, r) => t + cents(r[6]), 0));
    expect(cents(total[6])).toBe(95_000);
    // 200 + 250 + 100 + 100 = $650 carried.
    expect(total[7]).toBe('650.00');
    const ledger = await organizer.request('GET', '/api/pickets/pay/ledger?periodStart=2019-01-21');
    expect(ledger.body.totalCents).toBe(cents(total[6]));
    expect(ledger.body.payout.id).toBe(made.id);
    expect((await member.request('GET', '/api/me/strike-pay')).body.periods[1].paid).toBe(true);
  });

  it('closes a paid week, and the week carried into it, to exceptions', async () => {
    for (const date of ['2019-01-21', '2019-01-14']) {
      const a = await organizer.request('POST', '/api/pickets/pay/exceptions', { memberRowId: m.ben, strikeDayId: day[date], kind: 'count', reason: 'late correction' });
      expect([date, a.status, a.body.code]).toEqual([date, 409, 'strikepay.period-paid']);
    }
  });

  it('keeps how the first week is paid once the week it is paid with was paid out (a change would pay it twice or never)', async () => {
    // The week of 21 January (paid with the first week's $200 for Ana, firstWeek with-next) was produced above.
    const before = (await admin.request('GET', '/api/pickets/pay/rules')).body;
    const change = await admin.request('PUT', '/api/pickets/pay/rules', { rules: { ...RULES, firstWeek: 'paid' } });
    expect([change.status, change.body.code, change.body.where?.field]).toEqual([409, 'strikepay.first-week-paid', 'rules.firstWeek']);
    expect(change.body.message).toContain('the payout of the week of 2019-01-21');
    const after = (await admin.request('GET', '/api/pickets/pay/rules')).body;
    expect([after.version, after.rules.firstWeek]).toEqual([before.version, 'with-next']);
  });

  it('keeps a paid week\'s days and shift times, and the first week, as they were paid', async () => {
    // The week of 21 January was paid out above (with the first week, 14 January, carried into it).
    const days = async () => (await s.handle.db.selectFrom('strike_days').select(['date', 'cancelled_at']).where('organization_id', '=', s.orgId.teachers).orderBy('date').execute());
    const before = await days();
    // A new day in the paid week would count for its check-ins and exceptions.
    const inPaid = await admin.request('POST', '/api/pickets/days', { date: '2019-01-23', label: 'Late' });
    expect([inPaid.status, inPaid.body.code, inPaid.body.where?.field]).toEqual([409, 'strikepay.week-paid', 'date']);
    // The hint says what is true: check-ins after the payout are not stopped, they show as differing (a capacity of 0 stops only sign-ups).
    expect(inPaid.body.hint).toBe('a correction for a paid week is paid outside the payout files; a check-in recorded after the payout shows on the week\'s ledger as differing from what was paid');
    expect(inPaid.body.message).toContain('the week of 2019-01-21 was paid out');
    // The first week (14 January) is paid too, carried into the file of 21 January (firstWeek with-next):
    // a day declared in it (Saturday 19 January) would change what that file paid.
    const inFirst = await admin.request('POST', '/api/pickets/days', { date: '2019-01-19', label: 'Saturday rally' });
    expect([inFirst.status, inFirst.body.code, inFirst.body.where?.field]).toEqual([409, 'strikepay.week-paid', 'date']);
    expect(inFirst.body.message).toContain('the week of 2019-01-14, the strike\'s first, was paid with the week of 2019-01-21 (firstWeek: with-next');
    // An earlier day would make the week of 7 January the first week: paid with-next into the week of 14 January, not 21.
    const earlier = await admin.request('POST', '/api/pickets/days', { date: '2019-01-11', label: 'Entered late' });
    expect([earlier.status, earlier.body.code, earlier.body.where?.field]).toEqual([409, 'strikepay.first-week-paid', 'date']);
    expect(earlier.body.message).toContain('the week of 2019-01-07 the first week of the strike instead of the week of 2019-01-14');
    // A day in the paid week with no check-ins (planted as if declared before the payout) cannot be cancelled or restored.
    const quiet = s.deps.ids.next(s.orgId.teachers);
    const by = (await s.handle.db.selectFrom('people').select('id').where('email', '=', emailOf('teachers', 'admin')).executeTakeFirstOrThrow()).id;
    await s.handle.db.insertInto('strike_days').values({ id: quiet, organization_id: s.orgId.teachers, date: '2019-01-24', label: 'Quiet', time_zone: 'America/Los_Angeles', created_by: by, created_at: s.clock.now.toISOString(), cancelled_at: null }).execute();
    try {
      const cancel = await admin.request('PATCH', `/api/pickets/days/${quiet}`, { cancelled: true });
      expect([cancel.status, cancel.body.code, cancel.body.where?.field]).toEqual([409, 'strikepay.week-paid', 'cancelled']);
      expect((await admin.request('PATCH', `/api/pickets/days/${quiet}`, { label: 'Quiet day' })).status).toBe(200);
    } finally {
      await s.handle.db.deleteFrom('audit_log').where('subject', '=', `strike-days/${quiet}`).execute();
      await s.handle.db.deleteFrom('strike_days').where('id', '=', quiet).execute();
    }
    // A shift members were checked in on, in the paid week: its times stay; its capacity may change.
    const picket = shift['2019-01-21'].picket;
    for (const [field, body] of [['endsAt', { endsAt: Z('2019-01-21', '16:00') }], ['startsAt', { startsAt: Z('2019-01-21', '15:00') }]] as const) {
      const retime = await admin.request('PATCH', `/api/pickets/shifts/${picket}`, body);
      expect([field, retime.status, retime.body.code, retime.body.where?.field]).toEqual([field, 409, 'strikepay.week-paid', field]);
    }
    expect((await admin.request('PATCH', `/api/pickets/shifts/${picket}`, { capacity: 25 })).status).toBe(200);
    expect((await s.handle.db.selectFrom('picket_shifts').select(['starts_at', 'ends_at']).where('id', '=', picket).executeTakeFirstOrThrow())).toEqual({ starts_at: Z('2019-01-21', '14:30'), ends_at: Z('2019-01-21', '17:30') });
    // A later week not paid is free: a day declared there, and cancelled.
    const later = await admin.request('POST', '/api/pickets/days', { date: '2026-01-13', label: 'Later' });
    expect(later.status).toBe(201);
    expect((await admin.request('PATCH', `/api/pickets/days/${later.body.day.id}`, { cancelled: true })).status).toBe(200);
    await s.handle.db.deleteFrom('strike_days').where('id', '=', later.body.day.id).execute();
    expect(await days()).toEqual(before);
  });

  it('shows a check-in recorded after the payout as a difference from what was paid, on the ledger and on the member\'s page', async () => {
    // Before: the file paid Ana $300 (the ledger above). Her 22nd (1 h 30 min) becomes 3 h: a
    // phone that was offline syncs a check-out at the shift's end, after the week was paid.
    const before = await organizer.request('GET', '/api/pickets/pay/ledger?periodStart=2019-01-21');
    expect([before.body.differing, before.body.rows.find((r: { memberRowId: number }) => r.memberRowId === m.ana).paidCents]).toEqual([0, 30_000]);
    await s.handle.db.updateTable('picket_attendance').set({ checked_out_at: Z('2019-01-22', '17:30') }).where('shift_id', '=', shift['2019-01-22'].picket).where('member_row_id', '=', m.ana).execute();
    try {
      const after = await organizer.request('GET', '/api/pickets/pay/ledger?periodStart=2019-01-21');
      // Ana: the 21st and 22nd count now: 2 × $100 = $200 (under the week's $250 maximum), plus the
      // $200 carried from the first week = $400; the file paid $300.
      const ana = after.body.rows.find((r: { memberRowId: number }) => r.memberRowId === m.ana);
      expect([ana.amountCents, ana.paidCents]).toEqual([40_000, 30_000]);
      expect(after.body.differing).toBe(1);
      // The others are unchanged and paid what they are owed.
      expect(after.body.rows.filter((r: { memberRowId: number }) => r.memberRowId !== m.ana).every((r: { amountCents: number; paidCents: number }) => r.amountCents === r.paidCents)).toBe(true);
      // The stored file is unchanged: the same bytes, the same total.
      expect(after.body.payout.totalCents).toBe(95_000);
      const mine = (await member.request('GET', '/api/me/strike-pay')).body.periods[1];
      expect([mine.start, mine.amountCents, mine.paidCents, mine.paid]).toEqual(['2019-01-21', 40_000, 30_000, true]);
    } finally {
      await s.handle.db.updateTable('picket_attendance').set({ checked_out_at: Z('2019-01-22', '16:00') }).where('shift_id', '=', shift['2019-01-22'].picket).where('member_row_id', '=', m.ana).execute();
    }
  });

  it('is not there for the district, and another union sees none of it', async () => {
    const paths: [string, string, unknown?][] = [
      ['GET', '/api/pickets/pay/rules'], ['PUT', '/api/pickets/pay/rules', { rules: RULES }], ['GET', '/api/pickets/pay/periods'], ['GET', '/api/pickets/pay/ledger?periodStart=2019-01-21'],
      ['POST', '/api/pickets/pay/exceptions', { memberRowId: m.ana, strikeDayId: day['2019-01-21'], kind: 'count', reason: 'x y z' }], ['GET', '/api/pickets/pay/payouts'],
      ['POST', '/api/pickets/pay/payouts', { periodStart: '2019-01-21' }], ['GET', '/api/me/strike-pay'],
    ];
    for (const [method, path, body] of paths) {
      const a = await district.request(method, path, body);
      expect([method, path, a.status, a.body.code]).toEqual([method, path, 404, 'not-found']);
    }
    const payoutId = (await admin.request('GET', '/api/pickets/pay/payouts')).body.payouts[0].id;
    expect((await district.request('GET', `/api/pickets/pay/payouts/${payoutId}/csv`)).status).toBe(404);
    expect((await otherUnion.request('GET', `/api/pickets/pay/payouts/${payoutId}/csv`)).status).toBe(404);
    expect((await otherUnion.request('GET', '/api/pickets/pay/periods')).body.periods).toEqual([]);
    expect((await otherUnion.request('GET', '/api/pickets/pay/ledger?periodStart=2019-01-21')).status).toBe(404);
  });

  it('waits for a Sunday night shift to end (and its automatic check-out) before a week can be paid', async () => {
    // Sunday 11 January 2026, a picket 22:00–04:00 Pacific (06:00Z–12:00Z on the 12th); Ana checks in at
    // 23:00 (07:00Z) and is still there. The week of 5 January ends at Monday 00:00 Pacific (08:00Z), but
    // the shift ends at 12:00Z: the week is over at 12:30Z (the automatic check-out, 30 minutes after).
    const db = s.handle.db;
    const org = s.orgId.teachers;
    const at = s.clock.now.toISOString();
    const adminId = (await db.selectFrom('people').select('id').where('email', '=', emailOf('teachers', 'admin')).executeTakeFirstOrThrow()).id;
    const sunday = s.deps.ids.next(org);
    const night = s.deps.ids.next(org);
    await db.insertInto('strike_days').values({ id: sunday, organization_id: org, date: '2026-01-11', label: 'Strike, Sunday night', time_zone: 'America/Los_Angeles', created_by: adminId, created_at: at, cancelled_at: null }).execute();
    await db.insertInto('picket_shifts').values({ id: night, organization_id: org, strike_day_id: sunday, worksite_id: null, place: 'Union hall', duty: 'picket', starts_at: '2026-01-12T06:00:00.000Z', ends_at: '2026-01-12T12:00:00.000Z', capacity: 20, minimum: 3, captain_member_id: null, template: null, code_secret: '00'.repeat(32), created_by: adminId, created_at: at, updated_at: at, removed_at: null }).execute();
    await db.insertInto('picket_attendance').values({ shift_id: night, member_row_id: m.ana, organization_id: org, checked_in_at: '2026-01-12T07:00:00.000Z', checked_out_at: null, out_method: null, conflict: null, updated_at: at }).execute();
    const kept = s.clock.now;
    try {
      // Monday 01:00 Pacific (09:00Z): the week has ended, the shift has not. Ana has 2 h so far, 5 h by its end.
      s.clock.now = new Date('2026-01-12T09:00:00.000Z');
      const week = (await admin.request('GET', '/api/pickets/pay/periods')).body.periods.find((p: { start: string }) => p.start === '2026-01-05');
      expect([week.closesAt, week.open]).toEqual(['2026-01-12T12:30:00.000Z', true]);
      const early = await admin.request('POST', '/api/pickets/pay/payouts', { periodStart: '2026-01-05' });
      expect([early.status, early.body.code]).toEqual([409, 'strikepay.period-open']);
      expect(early.body.message).toContain('2026-01-12T12:30:00.000Z');
      expect(early.body.message).toContain('runs past the end of Sunday 2026-01-11');
      // 12:30Z: over. Ana's 5 h (07:00Z to the shift's end at 12:00Z) count: one day, $100.
      s.clock.now = new Date('2026-01-12T12:30:00.000Z');
      const made = await admin.request('POST', '/api/pickets/pay/payouts', { periodStart: '2026-01-05' });
      expect(made.status).toBe(201);
      expect([made.body.payout.members, made.body.payout.totalCents]).toEqual([1, 10_000]);
    } finally {
      s.clock.now = kept;
    }
  });

  it("reads each union's own attendance only, when two unions strike on the same days", async () => {
    // Other Teachers strike on 14 January 2019 too: one member, 3 h on a picket. The ledger reads a
    // whole union's day from that union's shifts; each union's week must show its own members only.
    const db = s.handle.db;
    const org = s.orgId.otherTeachers;
    const at = s.clock.now.toISOString();
    const id = () => s.deps.ids.next(org);
    const adminId = (await db.selectFrom('people').select('id').where('email', '=', emailOf('otherTeachers', 'admin')).executeTakeFirstOrThrow()).id;
    const [member, strike, picket] = [id(), id(), id()];
    await db.insertInto('roster_members').values({ id: member, organization_id: org, member_id: 'O-1', name: 'Olga Other', employee_id: null, email: null, mobile: null, worksite_id: null, job_class: null, status: 'active', created_at: at, updated_at: at, removed_at: null }).execute();
    await db.insertInto('strike_days').values({ id: strike, organization_id: org, date: '2019-01-14', label: 'Other strike', time_zone: 'America/Los_Angeles', created_by: adminId, created_at: at, cancelled_at: null }).execute();
    await db.insertInto('picket_shifts').values({ id: picket, organization_id: org, strike_day_id: strike, worksite_id: null, place: 'Other hall', duty: 'picket', starts_at: Z('2019-01-14', '14:30'), ends_at: Z('2019-01-14', '17:30'), capacity: 20, minimum: 3, captain_member_id: null, template: null, code_secret: '00'.repeat(32), created_by: adminId, created_at: at, updated_at: at, removed_at: null }).execute();
    await db.insertInto('picket_attendance').values({ shift_id: picket, member_row_id: member, organization_id: org, checked_in_at: Z('2019-01-14', '14:30'), checked_out_at: Z('2019-01-14', '17:30'), out_method: 'captain', conflict: null, updated_at: at }).execute();
    // Other Teachers' week: Olga alone, one counted day under the default rules ($100.00).
    const theirs = await otherUnion.request('GET', '/api/pickets/pay/ledger?periodStart=2019-01-14');
    expect(theirs.status).toBe(200);
    expect(theirs.body.rows.map((r: { memberId: string; amountCents: number }) => [r.memberId, r.amountCents])).toEqual([['O-1', 10_000]]);
    // Tiny Teachers' week: their own four members (Ana, Ben, Cy, Dee), none of the other union's.
    const ours = await admin.request('GET', '/api/pickets/pay/ledger?periodStart=2019-01-14');
    expect(ours.body.rows.map((r: { memberId: string }) => r.memberId).sort()).toEqual(['T-ana', 'T-ben', 'T-cy', 'T-dee']);
  });

  it('produces two weeks at once under rules never saved: both, naming the same saved defaults', async () => {
    // Other Teachers never saved rules: each production saves the defaults as version 1 if none
    // is saved yet. Their second strike day (Monday 21 January 2019) makes a second week.
    const db = s.handle.db;
    const org = s.orgId.otherTeachers;
    const adminId = (await db.selectFrom('people').select('id').where('email', '=', emailOf('otherTeachers', 'admin')).executeTakeFirstOrThrow()).id;
    await db.insertInto('strike_days').values({ id: s.deps.ids.next(org), organization_id: org, date: '2019-01-21', label: 'Other strike 2', time_zone: 'America/Los_Angeles', created_by: adminId, created_at: s.clock.now.toISOString(), cancelled_at: null }).execute();
    expect((await otherUnion.request('GET', '/api/pickets/pay/rules')).body.version).toBe(0);
    const both = await Promise.all(['2019-01-14', '2019-01-21'].map((periodStart) => otherUnion.request('POST', '/api/pickets/pay/payouts', { periodStart })));
    expect(both.map((a) => [a.status, a.body.code])).toEqual([[201, undefined], [201, undefined]]);
    // Olga's one counted day, $100.00 by the defaults, in the first week; nobody in the second.
    expect(both.map((a) => [a.body.payout.members, a.body.payout.totalCents])).toEqual([[1, 10_000], [0, 0]]);
    expect(both[0].body.payout.rulesVersionId).toBe(both[1].body.payout.rulesVersionId);
    expect((await otherUnion.request('GET', '/api/pickets/pay/rules')).body.version).toBe(1);
  });
});
