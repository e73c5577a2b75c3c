/**
 * Strike pay's reads (docs/pickets.md "Strike pay"): the union's rules (every version kept; the
 * latest holds), the facts a period's ledger is computed from (strike days not cancelled,
 * shifts not removed, attendance, exceptions in force, the members concerned) and payouts.
 *
 * A rules row stores `{"version": n, "rules": {...}}`: versions are numbered 1, 2, 3… per union
 * (the audit log's lock on the union's row orders two saves), so "the latest" never depends on
 * two saves having different times.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ApiError } from '../errors.ts';
import { DEFAULT_RULES, PayRulesSchema, type PayDay, type PayFacts, type PayRules } from '../../pickets/pay.ts';
import { awayFromColumn } from '../../pickets/attendance.ts';

export type Db = Kysely<Database> | Transaction<Database>;

/**
 * At most this many whole-union strike-pay reads (a week's ledger, a payout) of one union at
 * once, in each server process. Each reads the week's facts on the server's thread (for a big union about 90,000 rows)
 * before it queues for a costing thread, so without this limit a union asking for many at once
 * had every one read its facts and then most refused, while everyone else's requests waited.
 */
export const UNION_PAY_READS = 2;
const payReads = new WeakMap<object, Map<number, number>>();

/** Runs `work` as one of the union's strike-pay reads, or answers 429 costing.busy before reading anything. */
export async function asPayRead<T>(deps: object, orgId: number, work: () => Promise<T>): Promise<T> {
  let m = payReads.get(deps);
  if (!m) payReads.set(deps, (m = new Map()));
  const n = m.get(orgId) ?? 0;
  if (n >= UNION_PAY_READS) {
    throw new ApiError(429, { code: 'costing.busy', message: `your union already has ${UNION_PAY_READS} strike-pay ledgers or payouts being worked out; this one was not started`, hint: 'try again in 5 seconds' }, { 'Retry-After': '5' });
  }
  m.set(orgId, n + 1);
  try {
    return await work();
  } finally {
    const left = (m.get(orgId) ?? 1) - 1;
    if (left > 0) m.set(orgId, left);
    else m.delete(orgId);
  }
}

const CHUNK = 500;

export interface RulesVersion { id: number | null; version: number; rules: PayRules; createdAt: string | null; createdBy: number | null }

function parseRules(row: { id: number; rules: string; created_at: string; created_by: number }): RulesVersion {
  const stored = JSON.parse(row.rules) as { version: number; rules: unknown };
  return { id: row.id, version: stored.version, rules: PayRulesSchema.parse(stored.rules), createdAt: row.created_at, createdBy: row.created_by };
}

export async function rulesVersions(db: Db, orgId: number): Promise<RulesVersion[]> {
  const rows = await db.selectFrom('strike_pay_rules').select(['id', 'rules', 'created_at', 'created_by']).where('organization_id', '=', orgId).execute();
  return rows.map(parseRules).sort((a, b) => a.version - b.version);
}

/** The rules in force: the latest saved version, or the defaults (version 0) when none was saved. */
export async function currentRules(db: Db, orgId: number): Promise<RulesVersion> {
  const all = await rulesVersions(db, orgId);
  return all[all.length - 1] ?? { id: null, version: 0, rules: DEFAULT_RULES, createdAt: null, createdBy: null };
}

export async function rulesById(db: Db, id: number): Promise<RulesVersion> {
  return parseRules(await db.selectFrom('strike_pay_rules').select(['id', 'rules', 'created_at', 'created_by']).where('id', '=', id).executeTakeFirstOrThrow());
}

/** A rules version as the strike_pay_rules row keeps it (the one format parseRules reads). */
export const storedRules = (version: number, rules: PayRules) => JSON.stringify({ version, rules });

export async function saveRules(db: Db, input: { orgId: number; id: number; rules: PayRules; personId: number; at: string }): Promise<RulesVersion> {
  const version = (await currentRules(db, input.orgId)).version + 1;
  await db.insertInto('strike_pay_rules').values({ id: input.id, organization_id: input.orgId, rules: storedRules(version, input.rules), created_by: input.personId, created_at: input.at }).execute();
  return { id: input.id, version, rules: input.rules, createdAt: input.at, createdBy: input.personId };
}

/** The union's strike days that were not cancelled, oldest first, each with when its last shift ends. */
export async function strikeDays(db: Db, orgId: number): Promise<PayDay[]> {
  const rows = await db.selectFrom('strike_days as d')
    .select((eb) => ['d.id', 'd.date', 'd.label', eb.selectFrom('picket_shifts as s').select((e) => e.fn.max('s.ends_at').as('m')).whereRef('s.strike_day_id', '=', 'd.id').where('s.removed_at', 'is', null).as('last_shift_ends_at')])
    .where('d.organization_id', '=', orgId).where('d.cancelled_at', 'is', null).orderBy('d.date').execute();
  return rows.map((r) => ({ id: r.id, date: r.date, label: r.label, lastShiftEndsAt: r.last_shift_ends_at ?? null }));
}

/**
 * Lets the event loop answer what is waiting (SQLite's reads run on the server's own thread);
 * not inside a transaction, which would hold the file's write lock, or on PostgreSQL its locks,
 * the longer.
 */
const turn = (db: Db) => (db.isTransaction ? Promise.resolve() : new Promise<void>((resolve) => setImmediate(resolve)));

/** The exceptions in force on the union's strike days from `from` to `to` (YYYY-MM-DD, inclusive). */
const exceptionsIn = (db: Db, orgId: number, range: { from: string; to: string }) =>
  db.selectFrom('strike_pay_exceptions as e').innerJoin('strike_days as d', 'd.id', 'e.strike_day_id').select('e.id')
    .where('e.organization_id', '=', orgId).where('e.revoked_at', 'is', null).where('d.cancelled_at', 'is', null).where('d.date', '>=', range.from).where('d.date', '<=', range.to);

/** The ids of those exceptions, in order: what a payout checks has not changed since it read its facts. */
export async function exceptionIdsIn(db: Db, orgId: number, range: { from: string; to: string }): Promise<number[]> {
  return (await exceptionsIn(db, orgId, range).execute()).map((e) => e.id).sort((a, b) => a - b);
}

/**
 * The plan a period's pay is computed on: its strike days not cancelled, and their shifts not
 * removed (in id order), with `firstDate` the union's first strike day. A payout checks it has not
 * changed since its facts were read.
 */
export async function payPlan(db: Db, orgId: number, range: { from: string; to: string; shiftIds?: number[] }): Promise<Pick<PayFacts, 'days' | 'shifts' | 'firstDate'>> {
  const all = await strikeDays(db, orgId);
  const days = all.filter((d) => d.date >= range.from && d.date <= range.to);
  // `shiftIds`: only these shifts (one member's: the ones they were checked in on).
  let read = db.selectFrom('picket_shifts as s').innerJoin('strike_days as d', 'd.id', 's.strike_day_id').leftJoin('roster_worksites as w', 'w.id', 's.worksite_id')
    .select(['s.id', 's.strike_day_id', 's.duty', 's.place', 'w.name as worksite', 's.starts_at', 's.ends_at'])
    .where('s.organization_id', '=', orgId).where('s.removed_at', 'is', null).where('d.cancelled_at', 'is', null).where('d.date', '>=', range.from).where('d.date', '<=', range.to)
    .orderBy('s.id');
  if (range.shiftIds) read = read.where('s.id', 'in', range.shiftIds.length > 0 ? range.shiftIds : [-1]);
  const shifts = await read.execute();
  return {
    days,
    shifts: shifts.map((s) => ({ id: s.id, dayId: s.strike_day_id, duty: s.duty, where: s.worksite ?? s.place, startsAt: s.starts_at, endsAt: s.ends_at })),
    firstDate: all[0]?.date ?? null,
  };
}

/** The facts for the strike days from `from` to `to` (YYYY-MM-DD, inclusive); with `memberRowId`, that member's only. */
export async function payFacts(db: Db, orgId: number, range: { from: string; to: string; memberRowId?: number }): Promise<PayFacts> {
  const attendance = db.selectFrom('picket_attendance as a').innerJoin('picket_shifts as s', 's.id', 'a.shift_id').innerJoin('strike_days as d', 'd.id', 's.strike_day_id')
    .select(['a.shift_id', 'a.member_row_id', 'a.checked_in_at', 'a.checked_out_at', 'a.away'])
    .where('a.checked_in_at', 'is not', null).where('s.removed_at', 'is', null).where('d.cancelled_at', 'is', null).where('d.date', '>=', range.from).where('d.date', '<=', range.to);
  let exceptions = exceptionsIn(db, orgId, range).select(['e.member_row_id', 'e.strike_day_id', 'e.kind', 'e.reason']);
  const a: Awaited<ReturnType<typeof attendance.execute>> = [];
  let plan: Awaited<ReturnType<typeof payPlan>>;
  if (range.memberRowId !== undefined) {
    // One member: by the attendance's index on (union, member), and only the shifts they were on
    // (a big union has thousands).
    a.push(...(await attendance.where('a.organization_id', '=', orgId).where('a.member_row_id', '=', range.memberRowId).execute()));
    exceptions = exceptions.where('e.member_row_id', '=', range.memberRowId);
    plan = await payPlan(db, orgId, { ...range, shiftIds: [...new Set(a.map((x) => x.shift_id))] });
  } else {
    plan = await payPlan(db, orgId, range);
    // The whole union: a big one's week is about 90,000 attendance rows, read a strike day at a
    // time (the day's shifts, then their attendance by its key; a shift's attendance is its
    // union's), letting the server answer others (check-ins) in between. Each day is read as it
    // stands then: a check-in committed meanwhile may show on a later day and not an earlier one
    // (every row is whole; the ledger shows one recorded after a payout as a difference).
    for (const d of plan.days) {
      for (const row of await attendance.where('s.organization_id', '=', orgId).where('s.strike_day_id', '=', d.id).execute()) a.push(row);
      await turn(db);
    }
  }
  const { days, shifts, firstDate } = plan;
  const e = await exceptions.execute();
  // Their members' names, a chunk at a time, with the same turns.
  const memberIds = [...new Set([...a.map((x) => x.member_row_id), ...e.map((x) => x.member_row_id)])];
  const members: PayFacts['members'] = [];
  for (let i = 0; i < memberIds.length; i += CHUNK) {
    const rows = await db.selectFrom('roster_members').select(['id', 'member_id', 'name']).where('organization_id', '=', orgId).where('id', 'in', memberIds.slice(i, i + CHUNK)).execute();
    members.push(...rows.map((m) => ({ memberRowId: m.id, memberId: m.member_id, name: m.name })));
    await turn(db);
  }
  return {
    days,
    shifts,
    attendance: a.map((x) => ({ shiftId: x.shift_id, memberRowId: x.member_row_id, checkedInAt: x.checked_in_at, checkedOutAt: x.checked_out_at, ...awayFromColumn(x.away) })),
    exceptions: e.map((x) => ({ id: x.id, memberRowId: x.member_row_id, dayId: x.strike_day_id, kind: x.kind === 'exclude' ? 'exclude' : 'count', reason: x.reason })),
    members,
    firstDate,
  };
}

export async function payoutOf(db: Db, orgId: number, periodStart: string) {
  return db.selectFrom('strike_payouts as p').innerJoin('people', 'people.id', 'p.produced_by')
    .select(['p.id', 'p.period_start', 'p.period_end', 'p.rules_id', 'p.members', 'p.total_cents', 'p.sha256', 'p.produced_at', 'p.produced_by', 'people.name as producer'])
    .where('p.organization_id', '=', orgId).where('p.period_start', '=', periodStart).executeTakeFirst();
}

export async function payouts(db: Db, orgId: number) {
  return db.selectFrom('strike_payouts as p').innerJoin('people', 'people.id', 'p.produced_by')
    .select(['p.id', 'p.period_start', 'p.period_end', 'p.rules_id', 'p.members', 'p.total_cents', 'p.sha256', 'p.produced_at', 'p.produced_by', 'people.name as producer'])
    .where('p.organization_id', '=', orgId).orderBy('p.period_start').execute();
}

export type PayoutRow = NonNullable<Awaited<ReturnType<typeof payoutOf>>>;

export const payoutJson = (p: PayoutRow) => ({
  id: p.id, periodStart: p.period_start, periodEnd: p.period_end, members: p.members, totalCents: p.total_cents, sha256: p.sha256,
  producedAt: p.produced_at, producedBy: { id: p.produced_by, name: p.producer }, rulesVersionId: p.rules_id,
});

/** What a payout paid each member, by roster row. */
export async function paidByPayout(db: Db, orgId: number, payoutId: number): Promise<Map<number, number>> {
  const rows = await db.selectFrom('strike_payout_lines').select(['member_row_id', 'amount_cents']).where('organization_id', '=', orgId).where('payout_id', '=', payoutId).execute();
  return new Map(rows.map((r) => [r.member_row_id, Number(r.amount_cents)]));
}

/** What the payouts paid one member, by period start. */
export async function paidToMember(db: Db, orgId: number, memberRowId: number): Promise<Map<string, number>> {
  const rows = await db.selectFrom('strike_payout_lines as l').innerJoin('strike_payouts as p', 'p.id', 'l.payout_id')
    .select(['p.period_start', 'l.amount_cents']).where('l.organization_id', '=', orgId).where('l.member_row_id', '=', memberRowId).execute();
  return new Map(rows.map((r) => [r.period_start, Number(r.amount_cents)]));
}
