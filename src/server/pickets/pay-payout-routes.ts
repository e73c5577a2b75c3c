/**
 * Payouts: the file the treasurer pays a week from, produced once per week after the week has
 * ended (admins), kept as produced with its SHA-256, and downloaded as the same bytes every time
 * (organizers). Producing and downloading are audited. A second production of the same week,
 * even at the same moment, answers 409 naming who produced it and when (a unique constraint).
 */
import { createHash } from 'node:crypto';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { audit } from '../audit.ts';
import { ApiError, conflict, notFound } from '../errors.ts';
import type { AppEnv } from '../env.ts';
import { errors, jsonBody, ok } from '../schemas.ts';
import { isUniqueViolation } from '../../errors/code.ts';
import { addDays, isMonday, periodOf, periodsOf, type PayRules } from '../../pickets/pay.ts';
import { badPeriod, noPeriod } from './pay-ledger-routes.ts';
import { PayoutAnswer, PayoutBody, PayoutList, PayoutParams } from './pay-schemas.ts';
import { asPayRead, currentRules, exceptionIdsIn, payFacts, payoutJson, payPlan, payoutOf, payouts, saveRules, strikeDays, type PayoutRow } from './pay-store.ts';
import { payActor } from './pay-rules-routes.ts';

const produce = createRoute({
  method: 'post', path: '/api/pickets/pay/payouts', tags: ['strike pay'], summary: 'Produce the payout file of a week that has ended (once per week; admins)',
  request: jsonBody(PayoutBody, 'The Monday the week starts on'),
  responses: { 201: ok(PayoutAnswer, 'The payout as produced'), ...errors(400, 401, 403, 404, 409, 429, 503) },
});
const list = createRoute({
  method: 'get', path: '/api/pickets/pay/payouts', tags: ['strike pay'], summary: 'The payouts produced, oldest week first',
  responses: { 200: ok(PayoutList, 'The payouts'), ...errors(401, 403, 404) },
});
const download = createRoute({
  method: 'get', path: '/api/pickets/pay/payouts/{payoutId}/csv', tags: ['strike pay'], summary: 'The payout file as produced (text/csv, the same bytes every time; each download is audited)',
  request: { params: PayoutParams },
  responses: { 200: { description: 'The file (Content-Disposition names it)', content: { 'text/csv': { schema: z.string() } } }, ...errors(400, 401, 403, 404) },
});

/** Other rules were saved while the file was being worked out: it is not stored, and producing it again uses the new ones. */
const rulesChanged = (periodStart: string, version: number) =>
  conflict('strikepay.rules-changed', `other strike-pay rules were saved (version ${version}) while the payout for the week of ${periodStart} was being worked out, so it was not produced`, 'produce it again: it will be worked out with the rules now in force');

/** An exception was granted or revoked while the file was being worked out: it is not stored. */
const exceptionsChanged = (periodStart: string) =>
  conflict('strikepay.exceptions-changed', `an exception was granted or revoked for the week of ${periodStart} (or the week before it) while its payout was being worked out, so it was not produced`, 'produce it again: it will be worked out with the exceptions now in force');

/** A strike day was cancelled (or restored) or a shift's times changed while the file was being worked out: it is not stored. */
const planChanged = (periodStart: string) =>
  conflict('strikepay.plan-changed', `a strike day was cancelled or restored, or a shift added, removed or its times changed, for the week of ${periodStart} (or the week before it) while its payout was being worked out, so it was not produced`, 'produce it again: it will be worked out with the strike days and shifts as they are now');

/** Both rules went through PayRulesSchema, so the same rules are the same JSON (its keys in the schema's order). */
const sameRules = (a: PayRules, b: PayRules) => JSON.stringify(a) === JSON.stringify(b);

const already = (p: PayoutRow) =>
  conflict('payout.already-produced', `the payout for the week of ${p.period_start} was already produced by ${p.producer} at ${p.produced_at}; a week is paid once`, `download it: GET /api/pickets/pay/payouts/${p.id}/csv`);

export function payPayoutRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(produce, async (c) => {
    const actor = payActor(c, 'strikepay.manage');
    const deps = c.get('deps');
    const { periodStart } = c.req.valid('json');
    if (!isMonday(periodStart)) throw badPeriod(periodStart);
    const now = deps.now();
    const at = now.toISOString();
    const orgId = actor.org.id;
    // Read and worked out outside any transaction, so check-ins keep being written meanwhile: the
    // rules, the period and its facts (a strike day and 500 members at a time), then the file on a
    // costing thread (a big union's week is about a second of work). A check-in recorded after
    // these reads shows on the ledger as a difference from what the file paid; other rules,
    // exceptions, strike days or shift times stop the payout (in the transaction below).
    const done = await payoutOf(deps.db, orgId, periodStart);
    if (done) throw already(done);
    const rules = await currentRules(deps.db, orgId);
    const period = periodsOf(rules.rules, await strikeDays(deps.db, orgId)).find((p) => p.start === periodStart);
    if (!period) throw noPeriod(periodStart);
    if (now.getTime() < Date.parse(period.closesAt)) {
      const why = period.closesAt === periodOf(periodStart, rules.rules.timeZone).closesAt
        ? `Sunday ${period.end} ends at midnight in ${rules.rules.timeZone}`
        : `a shift of its strike days runs past the end of Sunday ${period.end}, and a member still checked in is counted to the shift's end (the automatic check-out is 30 minutes after it)`;
      throw new ApiError(409, { code: 'strikepay.period-open', message: `the week of ${periodStart} is not over until ${period.closesAt}: ${why}; its payout can be produced after that`, where: { field: 'periodStart' }, hint: 'a week that is over, from GET /api/pickets/pay/periods (open: false)' });
    }
    const range = { from: addDays(periodStart, -7), to: addDays(periodStart, 6) };
    const { facts, file } = await asPayRead(deps, orgId, async () => {
      const facts = await payFacts(deps.db, orgId, range);
      return { facts, file: await deps.costing.payout({ rules: rules.rules, facts, periodStart, now: at }) };
    });
    const sha256 = createHash('sha256').update(file.csv, 'utf8').digest('hex');

    // Stored in one short transaction: produced once, with the rules it was worked out with.
    const made = async () => deps.db.transaction().execute(async (tx) => {
      const id = deps.ids.next(orgId);
      // The audit entry first: it holds the union's row, so two productions of a week queue here.
      await audit(tx, deps.ids, { organizationId: orgId, personId: actor.person.id, action: 'strikepay.payout.produce', subject: `strike_payouts/${id}`, at });
      const before = await payoutOf(tx, orgId, periodStart);
      if (before) throw already(before);
      // What the file was worked out with must still hold: the rules (the same content; defaults
      // another week's production saved meanwhile are the same rules), and the exceptions, which
      // are refused once the week is paid (so each is in the file, or refused).
      let used = await currentRules(tx, orgId);
      if (!sameRules(used.rules, rules.rules)) throw rulesChanged(periodStart, used.version);
      const exceptions = facts.exceptions.map((e) => e.id).sort((a, b) => a - b);
      if (JSON.stringify(await exceptionIdsIn(tx, orgId, range)) !== JSON.stringify(exceptions)) throw exceptionsChanged(periodStart);
      // And the plan: a strike day cancelled meanwhile would be paid, a shift's new times not used.
      const plan = await payPlan(tx, orgId, range);
      if (JSON.stringify(plan) !== JSON.stringify({ days: facts.days, shifts: facts.shifts, firstDate: facts.firstDate })) throw planChanged(periodStart);
      if (used.id === null) {
        // The defaults were never saved: save them as version 1, so the payout names the rules it used.
        const rulesId = deps.ids.next(orgId);
        await audit(tx, deps.ids, { organizationId: orgId, personId: actor.person.id, action: 'strikepay.rules.save', subject: `strike_pay_rules/${rulesId}`, at });
        used = await saveRules(tx, { orgId, id: rulesId, rules: used.rules, personId: actor.person.id, at });
      }
      await tx.insertInto('strike_payouts').values({
        id, organization_id: orgId, period_start: period.start, period_end: period.end, rules_id: used.id!, members: file.members, total_cents: file.totalCents,
        csv: file.csv, sha256, produced_by: actor.person.id, produced_at: at,
      }).execute();
      // What each member was paid, so a later check-in or exception shows as a difference (docs/pickets.md).
      for (let i = 0; i < file.lines.length; i += 500) {
        await tx.insertInto('strike_payout_lines').values(file.lines.slice(i, i + 500).map((l) => ({
          payout_id: id, organization_id: orgId, member_row_id: l.memberRowId, amount_cents: l.amountCents, eligible_days: l.eligibleDays, minutes: l.minutes,
        }))).execute();
      }
      return id;
    });
    try {
      await made();
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      const done = await payoutOf(deps.db, orgId, periodStart);
      throw done ? already(done) : e;
    }
    return c.json({ payout: payoutJson((await payoutOf(deps.db, orgId, periodStart))!) }, 201);
  });

  app.openapi(list, async (c) => {
    const actor = payActor(c, 'strikepay.read');
    return c.json({ payouts: (await payouts(c.get('deps').db, actor.org.id)).map(payoutJson) }, 200);
  });

  app.openapi(download, async (c) => {
    const actor = payActor(c, 'strikepay.read');
    const deps = c.get('deps');
    const { payoutId } = c.req.valid('param');
    const p = await deps.db.selectFrom('strike_payouts').select(['id', 'csv', 'period_start', 'sha256']).where('id', '=', payoutId).where('organization_id', '=', actor.org.id).executeTakeFirst();
    if (!p) throw notFound('payout', payoutId);
    await audit(deps.db, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'strikepay.payout.download', subject: `strike_payouts/${p.id}`, at: deps.now().toISOString() });
    return c.body(p.csv, 200, {
      'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="strike-pay-${p.period_start}.csv"`, 'x-content-sha256': p.sha256,
    }) as never;
  });
}
