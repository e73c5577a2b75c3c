/**
 * The union's strike-pay rules (read by organizers, changed by admins: every save is a new
 * version, audited) and its pay periods (the weeks with strike days, whether each has ended and
 * whether its payout was produced).
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { audit } from '../audit.ts';
import { allowUnion, type Permission } from '../authz.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { errors, jsonBody, ok } from '../schemas.ts';
import { addDays, mondayOf, periodsOf, type PayRules } from '../../pickets/pay.ts';
import { PeriodsAnswer, RulesAnswer, RulesBody } from './pay-schemas.ts';
import { currentRules, payouts, saveRules, strikeDays, type Db } from './pay-store.ts';
import type { Context } from 'hono';

/** The actor if a union person holding the permission; a district account: 404 as for a path with no route. */
export const payActor = (c: Context<AppEnv>, permission: Permission) => allowUnion(c.get('actor'), permission, c.req.method, c.req.path);

const getRules = createRoute({
  method: 'get', path: '/api/pickets/pay/rules', tags: ['strike pay'], summary: 'The strike-pay rules in force (the defaults, version 0, until the union saves its own)',
  responses: { 200: ok(RulesAnswer, 'The rules and their version'), ...errors(401, 403, 404) },
});
const putRules = createRoute({
  method: 'put', path: '/api/pickets/pay/rules', tags: ['strike pay'], summary: 'Save new strike-pay rules (a new version; fields left out take their defaults)',
  request: jsonBody(RulesBody, 'The rules'),
  responses: { 200: ok(RulesAnswer, 'The rules as saved'), ...errors(400, 401, 403, 404, 409) },
});
const getPeriods = createRoute({
  method: 'get', path: '/api/pickets/pay/periods', tags: ['strike pay'], summary: 'The pay periods: the weeks (Monday to Sunday) with strike days, whether each has ended and its payout was produced',
  responses: { 200: ok(PeriodsAnswer, 'The periods, oldest first'), ...errors(401, 403, 404) },
});

/**
 * How the first week is paid cannot change once the first week, or the week it may be paid with,
 * has a payout: the week after the first adds the first week's pay by the rule in force, so a
 * change would pay that week twice (paid, then with-next) or never (with-next, then paid).
 */
async function firstWeekKept(db: Db, orgId: number, firstWeek: PayRules['firstWeek']): Promise<void> {
  const { rules } = await currentRules(db, orgId);
  if (rules.firstWeek === firstWeek) return;
  const first = (await strikeDays(db, orgId))[0];
  if (!first) return;
  const weeks = [mondayOf(first.date), addDays(mondayOf(first.date), 7)];
  const paid = (await payouts(db, orgId)).find((p) => weeks.includes(p.period_start));
  if (!paid) return;
  throw new ApiError(409, {
    code: 'strikepay.first-week-paid',
    message: `the first week of the strike (the week of ${weeks[0]}) is paid under firstWeek "${rules.firstWeek}", and the payout of the week of ${paid.period_start} was produced by ${paid.producer} at ${paid.produced_at}; changing it to "${firstWeek}" now would pay the first week twice or never`,
    where: { field: 'rules.firstWeek' },
    hint: `keep firstWeek "${rules.firstWeek}" (the other rules may change); a correction for the first week is paid outside this file`,
  });
}

export function payRulesRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(getRules, async (c) => {
    const actor = payActor(c, 'strikepay.read');
    const r = await currentRules(c.get('deps').db, actor.org.id);
    return c.json({ rules: r.rules, version: r.version, createdAt: r.createdAt, createdBy: r.createdBy }, 200);
  });

  app.openapi(putRules, async (c) => {
    const actor = payActor(c, 'strikepay.manage');
    const deps = c.get('deps');
    const { rules } = c.req.valid('json');
    const at = deps.now().toISOString();
    const saved = await deps.db.transaction().execute(async (tx) => {
      const id = deps.ids.next(actor.org.id);
      // The audit entry first: it holds the union's row, so two saves get versions n and n + 1.
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'strikepay.rules.save', subject: `strike_pay_rules/${id}`, at });
      await firstWeekKept(tx, actor.org.id, rules.firstWeek);
      return saveRules(tx, { orgId: actor.org.id, id, rules, personId: actor.person.id, at });
    });
    return c.json({ rules: saved.rules, version: saved.version, createdAt: saved.createdAt, createdBy: saved.createdBy }, 200);
  });

  app.openapi(getPeriods, async (c) => {
    const actor = payActor(c, 'strikepay.read');
    const deps = c.get('deps');
    const { rules } = await currentRules(deps.db, actor.org.id);
    const produced = new Set((await payouts(deps.db, actor.org.id)).map((p) => p.period_start));
    const now = deps.now().getTime();
    const periods = periodsOf(rules, await strikeDays(deps.db, actor.org.id)).map((p) => ({ ...p, open: now < Date.parse(p.closesAt), produced: produced.has(p.start) }));
    return c.json({ periods }, 200);
  });
}
