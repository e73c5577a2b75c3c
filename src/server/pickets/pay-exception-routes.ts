/**
 * Exceptions to the strike-pay rules: an organizer counts a strike day for a member (sent home
 * ill, on an access-needs duty nobody recorded) or leaves one out, always with a reason; revoking
 * keeps the row. Both are audited. A week whose payout was produced is closed to exceptions: the
 * file already paid it.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Transaction } from 'kysely';
import { audit } from '../audit.ts';
import type { Database } from '../../db/schema.ts';
import { ApiError, conflict, notFound } from '../errors.ts';
import type { AppEnv } from '../env.ts';
import { errors, jsonBody, ok } from '../schemas.ts';
import { mondayOf } from '../../pickets/pay.ts';
import { ExceptionAnswer, ExceptionBody, ExceptionParams } from './pay-schemas.ts';
import { payoutPaying } from './pay-guard.ts';
import { payActor } from './pay-rules-routes.ts';

const grant = createRoute({
  method: 'post', path: '/api/pickets/pay/exceptions', tags: ['strike pay'], summary: 'Count a strike day for a member, or leave it out, with the reason (organizers)',
  request: jsonBody(ExceptionBody, 'The member, the strike day, count or exclude, and why'),
  responses: { 201: ok(ExceptionAnswer, 'The exception'), ...errors(400, 401, 403, 404, 409) },
});
const revoke = createRoute({
  method: 'delete', path: '/api/pickets/pay/exceptions/{exceptionId}', tags: ['strike pay'], summary: 'Revoke an exception (the row is kept, marked revoked)',
  request: { params: ExceptionParams },
  responses: { 200: ok(ExceptionAnswer, 'The exception, revoked'), ...errors(400, 401, 403, 404, 409) },
});

type Row = Database['strike_pay_exceptions'];
const json = (e: Row, date: string) => ({
  id: e.id, memberRowId: e.member_row_id, strikeDayId: e.strike_day_id, date, kind: e.kind === 'exclude' ? 'exclude' as const : 'count' as const, reason: e.reason,
  grantedBy: e.granted_by, grantedAt: e.granted_at, revokedAt: e.revoked_at,
});

/** Refuses when the payout of the week the day is in (or of the week the first week is paid with) was produced. */
async function mustBeUnpaid(tx: Transaction<Database>, orgId: number, date: string): Promise<void> {
  const p = await payoutPaying(tx, orgId, mondayOf(date));
  if (p) throw conflict('strikepay.period-paid', `the payout for the week of ${p.period_start} was produced on ${p.produced_at} by ${p.producer}: an exception would change a week already paid`, 'settle a correction for that week outside the payout file, and record it');
}

export function payExceptionRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(grant, async (c) => {
    const actor = payActor(c, 'strikepay.except');
    const deps = c.get('deps');
    const b = c.req.valid('json');
    const at = deps.now().toISOString();
    const { row, date } = await deps.db.transaction().execute(async (tx) => {
      const member = await tx.selectFrom('roster_members').select('id').where('id', '=', b.memberRowId).where('organization_id', '=', actor.org.id).executeTakeFirst();
      if (!member) throw new ApiError(404, { code: 'not-found', message: `there is no roster member ${b.memberRowId} that you can see`, where: { field: 'memberRowId' }, hint: 'a member id from GET /api/roster/members' });
      const day = await tx.selectFrom('strike_days').select(['id', 'date']).where('id', '=', b.strikeDayId).where('organization_id', '=', actor.org.id).where('cancelled_at', 'is', null).executeTakeFirst();
      if (!day) throw new ApiError(404, { code: 'not-found', message: `there is no strike day ${b.strikeDayId} that you can see (or it was cancelled)`, where: { field: 'strikeDayId' }, hint: 'a day id from GET /api/pickets/days' });
      const id = deps.ids.next(actor.org.id);
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: `strikepay.exception.${b.kind}`, subject: `strike_pay_exceptions/${id}`, at });
      await mustBeUnpaid(tx, actor.org.id, day.date);
      const held = await tx.selectFrom('strike_pay_exceptions').select(['id', 'kind']).where('organization_id', '=', actor.org.id).where('member_row_id', '=', member.id).where('strike_day_id', '=', day.id).where('revoked_at', 'is', null).executeTakeFirst();
      if (held) throw conflict('strikepay.exception-exists', `this member already has an exception (${held.kind}) for ${day.date}: exception ${held.id}`, `revoke it first: DELETE /api/pickets/pay/exceptions/${held.id}`);
      const row: Row = { id, organization_id: actor.org.id, member_row_id: member.id, strike_day_id: day.id, kind: b.kind, reason: b.reason.trim(), granted_by: actor.person.id, granted_at: at, revoked_by: null, revoked_at: null };
      await tx.insertInto('strike_pay_exceptions').values(row).execute();
      return { row, date: day.date };
    });
    return c.json({ exception: json(row, date) }, 201);
  });

  app.openapi(revoke, async (c) => {
    const actor = payActor(c, 'strikepay.except');
    const deps = c.get('deps');
    const { exceptionId } = c.req.valid('param');
    const at = deps.now().toISOString();
    const { row, date } = await deps.db.transaction().execute(async (tx) => {
      const e = await tx.selectFrom('strike_pay_exceptions as e').innerJoin('strike_days as d', 'd.id', 'e.strike_day_id').selectAll('e').select('d.date')
        .where('e.id', '=', exceptionId).where('e.organization_id', '=', actor.org.id).executeTakeFirst();
      if (!e) throw notFound('strike-pay exception', exceptionId);
      if (e.revoked_at) throw conflict('strikepay.exception-revoked', `exception ${exceptionId} was already revoked on ${e.revoked_at}`);
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'strikepay.exception.revoke', subject: `strike_pay_exceptions/${exceptionId}`, at });
      await mustBeUnpaid(tx, actor.org.id, e.date);
      await tx.updateTable('strike_pay_exceptions').set({ revoked_by: actor.person.id, revoked_at: at }).where('id', '=', exceptionId).execute();
      const { date: d, ...rest } = e;
      return { row: { ...rest, revoked_by: actor.person.id, revoked_at: at }, date: d };
    });
    return c.json({ exception: json(row, date) }, 200);
  });
}
