/**
 * The strike-pay ledger for a period (organizers: every member) and a member's own strike pay
 * (only their own rows; a sign-in not linked to a roster member: 409 picket.no-member-row).
 * A period whose payout was produced is computed with the rules version the payout used.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { ApiError } from '../errors.ts';
import type { AppEnv } from '../env.ts';
import { errors, ok } from '../schemas.ts';
import { memberRowOf } from '../votes/channels/who.ts';
import { addDays, isMonday, periodLedger, periodsOf, type PayRules } from '../../pickets/pay.ts';
import { AUTO_OUT_AFTER_MS } from '../../pickets/attendance.ts';
import type { DayLedger } from '../../pickets/pay-day.ts';
import { PAY_WORDS } from '../../pickets/pay-words.ts';
import { LedgerAnswer, LedgerQuery, MeAnswer } from './pay-schemas.ts';
import { asPayRead, currentRules, paidByPayout, paidToMember, payFacts, payoutJson, payoutOf, payouts, rulesById, strikeDays, type RulesVersion } from './pay-store.ts';
import { payActor } from './pay-rules-routes.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

const ledger = createRoute({
  method: 'get', path: '/api/pickets/pay/ledger', tags: ['strike pay'], summary: 'The strike-pay ledger of one week: per member the days, hours, shifts, what counted and why, and the amount',
  request: { query: LedgerQuery },
  responses: { 200: ok(LedgerAnswer, 'The ledger (rows in name order, a page of them)'), ...errors(400, 401, 403, 404, 429, 503) },
});
const mine = createRoute({
  method: 'get', path: '/api/me/strike-pay', tags: ['strike pay'], summary: 'My strike pay: each week I was on strike duty, what counted and why, what I earned and whether it was paid',
  responses: { 200: ok(MeAnswer, 'My strike pay'), ...errors(401, 403, 404, 409) },
});

export const badPeriod = (periodStart: string) =>
  new ApiError(400, { code: 'strikepay.period-start', message: `periodStart ${periodStart} is not a Monday: a pay period is a week from Monday to Sunday`, where: { field: 'periodStart' }, hint: 'a start from GET /api/pickets/pay/periods, such as 2019-01-14' });
export const noPeriod = (periodStart: string) =>
  new ApiError(404, { code: 'not-found', message: `there is no strike-pay period starting ${periodStart}: no strike day falls in that week`, where: { field: 'periodStart' }, hint: 'the periods are listed by GET /api/pickets/pay/periods' });

/** The rules a period is computed with: the produced payout's version, else the rules in force. */
export async function rulesForPeriod(db: Kysely<Database>, orgId: number, periodStart: string): Promise<RulesVersion> {
  const p = await payoutOf(db, orgId, periodStart);
  return p ? rulesById(db, p.rules_id) : currentRules(db, orgId);
}

export function payLedgerRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(ledger, async (c) => {
    const actor = payActor(c, 'strikepay.read');
    const deps = c.get('deps');
    const { periodStart, offset, limit } = c.req.valid('query');
    if (!isMonday(periodStart)) throw badPeriod(periodStart);
    const current = await currentRules(deps.db, actor.org.id);
    if (!periodsOf(current.rules, await strikeDays(deps.db, actor.org.id)).some((p) => p.start === periodStart)) throw noPeriod(periodStart);
    const r = await rulesForPeriod(deps.db, actor.org.id, periodStart);
    const { l, payout } = await asPayRead(deps, actor.org.id, async () => {
      // A week back too: the first week's pay may be paid with this one.
      const facts = await payFacts(deps.db, actor.org.id, { from: addDays(periodStart, -7), to: addDays(periodStart, 6) });
      const payout = await payoutOf(deps.db, actor.org.id, periodStart);
      // A week paid out: each row says what the file paid; a check-in or exception recorded since shows as a difference.
      const paid = payout ? await paidByPayout(deps.db, actor.org.id, payout.id) : null;
      // Worked out on a costing thread: a big union's week is about a second of work, and check-ins keep coming meanwhile.
      return { payout, l: await deps.costing.ledger({ rules: r.rules, facts, periodStart, now: deps.now().toISOString(), offset, limit, paid: paid ? [...paid] : null }) };
    });
    return c.json({
      period: l.period, rules: r.rules, rulesVersion: r.version, rows: l.rows, count: l.count, members: l.members, totalCents: l.totalCents,
      payout: payout ? payoutJson(payout) : null, differing: l.differing,
    }, 200);
  });

  app.openapi(mine, async (c) => {
    const actor = payActor(c, 'picket.member');
    const deps = c.get('deps');
    const row = await memberRowOf(deps.db, actor);
    if (!row) throw new ApiError(409, { code: 'picket.no-member-row', message: 'your sign-in is not linked to a roster member; ask an organizer to invite you from the roster', hint: 'an organizer: POST /api/roster/members/{id}/invitation' });
    const member = await deps.db.selectFrom('roster_members').select(['id', 'member_id', 'name']).where('id', '=', row.id).executeTakeFirstOrThrow();
    const current = await currentRules(deps.db, actor.org.id);
    const produced = new Map((await payouts(deps.db, actor.org.id)).map((p) => [p.period_start, p.rules_id]));
    const paidTo = await paidToMember(deps.db, actor.org.id, row.id);
    const facts = await payFacts(deps.db, actor.org.id, { from: '0000-01-01', to: '9999-12-31', memberRowId: row.id });
    const now = deps.now();
    const rulesCache = new Map<number, PayRules>();
    // The shifts the member signed up for and is still on, to list a day they were never checked
    // in on as not counting, with why (the ledger, made from check-ins, has no row for it).
    const signedUp = await deps.db.selectFrom('picket_signups as u').innerJoin('picket_shifts as s', 's.id', 'u.shift_id').innerJoin('strike_days as d', 'd.id', 's.strike_day_id')
      .leftJoin('roster_worksites as w', 'w.id', 's.worksite_id')
      .select(['d.id as dayId', 'd.date', 'd.label', 's.duty', 's.place', 'w.name as worksite', 's.ends_at'])
      .where('u.organization_id', '=', actor.org.id).where('u.member_row_id', '=', row.id).where('u.ended_at', 'is', null)
      .where('s.removed_at', 'is', null).where('d.cancelled_at', 'is', null).orderBy('s.starts_at').execute();
    const missed = (start: string, end: string, listed: Set<number>) => {
      const byDay = new Map<number, { dayId: number; date: string; label: string; shifts: { duty: string; where: string | null }[] }>();
      for (const u of signedUp) {
        // A shift still to come (or still running, with its automatic check-out) is not missed yet.
        if (u.date < start || u.date > end || listed.has(u.dayId) || Date.parse(u.ends_at) + AUTO_OUT_AFTER_MS > now.getTime()) continue;
        const d = byDay.get(u.dayId) ?? { dayId: u.dayId, date: u.date, label: u.label, shifts: [] };
        d.shifts.push({ duty: u.duty, where: u.worksite ?? u.place });
        byDay.set(u.dayId, d);
      }
      return [...byDay.values()].map((d): DayLedger => ({
        dayId: d.dayId, date: d.date, label: d.label, minutes: 0, hours: 0, shifts: 0, worked: [], counted: false, creditMinutes: 0, creditShifts: 0, exception: null,
        why: PAY_WORDS.en.neverCheckedIn(d.shifts), whyEs: PAY_WORDS.es.neverCheckedIn(d.shifts),
      }));
    };
    const periods = [];
    for (const p of periodsOf(current.rules, await strikeDays(deps.db, actor.org.id))) {
      const rulesId = produced.get(p.start);
      let rules = current.rules;
      if (rulesId !== undefined) {
        if (!rulesCache.has(rulesId)) rulesCache.set(rulesId, (await rulesById(deps.db, rulesId)).rules);
        rules = rulesCache.get(rulesId)!;
      }
      const l = periodLedger({ rules, facts, periodStart: p.start, now: now.toISOString() });
      const r = l.rows.find((x) => x.memberRowId === row.id);
      const notIn = missed(l.period.start, l.period.end, new Set(r?.days.map((d) => d.dayId) ?? []));
      if (!r && notIn.length === 0) continue;
      const days = [...(r?.days ?? []), ...notIn].sort((a, b) => a.date.localeCompare(b.date));
      periods.push({
        ...l.period, open: now.getTime() < Date.parse(l.period.closesAt), days, eligibleDays: r?.eligibleDays ?? 0, hours: r?.hours ?? 0, eligible: r?.eligible ?? false,
        earnedCents: r?.earnedCents ?? 0, carriedCents: r?.carriedCents ?? 0, amountCents: r?.amountCents ?? 0,
        why: r?.why ?? PAY_WORDS.en.noDay, whyEs: r?.whyEs ?? PAY_WORDS.es.noDay,
        paid: rulesId !== undefined && (paidTo.get(p.start) ?? 0) > 0, paidCents: rulesId === undefined ? null : (paidTo.get(p.start) ?? 0),
      });
    }
    return c.json({ member: { memberRowId: member.id, memberId: member.member_id, name: member.name }, periods, totalCents: periods.reduce((t, p) => t + p.amountCents, 0), rules: current.rules }, 200);
  });
}
