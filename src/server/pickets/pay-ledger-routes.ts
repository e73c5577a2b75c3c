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
      if (!r) continue;
      periods.push({
        ...l.period, open: now.getTime() < Date.parse(l.period.closesAt), days: r.days, eligibleDays: r.eligibleDays, hours: r.hours, eligible: r.eligible,
        earnedCents: r.earnedCents, carriedCents: r.carriedCents, amountCents: r.amountCents, why: r.why,
        paid: rulesId !== undefined && (paidTo.get(p.start) ?? 0) > 0, paidCents: rulesId === undefined ? null : (paidTo.get(p.start) ?? 0),
      });
    }
    return c.json({ member: { memberRowId: member.id, memberId: member.member_id, name: member.name }, periods, totalCents: periods.reduce((t, p) => t + p.amountCents, 0), rules: current.rules }, 200);
  });
}
