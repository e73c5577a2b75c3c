/**
 * Strike-pay targets for the security suites (authz matrix, CSRF, bad input), written straight
 * into the tables: a roster member, a strike day on a week long ended (a new week each time, so
 * each can be paid out once) and an exception.
 */
import type { OrgKey, TestServer } from './server.ts';

let weeks = 0;

async function personOf(s: TestServer, org: OrgKey): Promise<number> {
  return (await s.handle.db.selectFrom('people').select('id').where('organization_id', '=', s.orgId[org]).orderBy('id').executeTakeFirstOrThrow()).id;
}

/** A new strike day of a union on the Monday of a week no other call used (from 1900 on: ended long before the test clock's 2026). */
export async function payStrikeDay(s: TestServer, org: OrgKey): Promise<{ id: number; date: string }> {
  const date = new Date(Date.UTC(1900, 0, 1) + 7 * 86_400_000 * weeks++).toISOString().slice(0, 10);
  const existing = await s.handle.db.selectFrom('strike_days').select('id').where('organization_id', '=', s.orgId[org]).where('date', '=', date).executeTakeFirst();
  if (existing) return payStrikeDay(s, org);
  const id = s.deps.ids.next(s.orgId[org]);
  await s.handle.db.insertInto('strike_days').values({ id, organization_id: s.orgId[org], date, label: `Strike ${date}`, time_zone: 'America/Los_Angeles', created_by: await personOf(s, org), created_at: s.clock.now.toISOString(), cancelled_at: null }).execute();
  return { id, date };
}

export async function payMember(s: TestServer, org: OrgKey): Promise<number> {
  const id = s.deps.ids.next(s.orgId[org]);
  const at = s.clock.now.toISOString();
  await s.handle.db.insertInto('roster_members').values({ id, organization_id: s.orgId[org], member_id: `SP-${id}`, name: `Striker ${id}`, employee_id: null, email: null, mobile: null, worksite_id: null, job_class: null, status: 'active', created_at: at, updated_at: at, removed_at: null }).execute();
  return id;
}

/** An exception in force for a new member on a new strike day of a union. */
export async function payException(s: TestServer, org: OrgKey): Promise<number> {
  const day = await payStrikeDay(s, org);
  const member = await payMember(s, org);
  const id = s.deps.ids.next(s.orgId[org]);
  await s.handle.db.insertInto('strike_pay_exceptions').values({ id, organization_id: s.orgId[org], member_row_id: member, strike_day_id: day.id, kind: 'count', reason: 'sent home ill', granted_by: await personOf(s, org), granted_at: s.clock.now.toISOString(), revoked_by: null, revoked_at: null }).execute();
  return id;
}

/** A payout of a union for a new ended week, produced through the API by its admin session. */
export async function payoutRow(s: TestServer, org: OrgKey): Promise<number> {
  const day = await payStrikeDay(s, org);
  const id = s.deps.ids.next(s.orgId[org]);
  const rulesId = s.deps.ids.next(s.orgId[org]);
  const by = await personOf(s, org);
  const at = s.clock.now.toISOString();
  const have = await s.handle.db.selectFrom('strike_pay_rules').select('id').where('organization_id', '=', s.orgId[org]).executeTakeFirst();
  if (!have) await s.handle.db.insertInto('strike_pay_rules').values({ id: rulesId, organization_id: s.orgId[org], rules: JSON.stringify({ version: 1, rules: {} }), created_by: by, created_at: at }).execute();
  const csv = 'Member ID,Name,Period start,Period end,Eligible days,Hours,Amount\r\nTotal,0 members,,,0,0.00,0.00\r\n';
  await s.handle.db.insertInto('strike_payouts').values({ id, organization_id: s.orgId[org], period_start: day.date, period_end: day.date, rules_id: have?.id ?? rulesId, members: 0, total_cents: 0, csv, sha256: '0'.repeat(64), produced_by: by, produced_at: at }).execute();
  return id;
}
