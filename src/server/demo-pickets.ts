/**
 * The demo's strike days (docs/pickets.md): UTLA's six strike days of January 2019 with shifts
 * at every school worksite and a few alternate duties, the members' sign-ups, the mornings'
 * check-ins up to the demo's "now" (Tuesday 22 January 2019, 7:20 in Los Angeles, fifty minutes
 * into the last morning's picket), regions on the worksites and the default strike-pay rules.
 * Who does what is planned by src/pickets/demo-plan.ts and demo-checkins.ts (pure, seeded);
 * here it is written in one transaction with multi-row inserts, since a few hundred thousand
 * rows one request at a time would take minutes. One audit entry says what the demo added.
 */
import { randomBytes } from 'node:crypto';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { SqlDialect } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { makeRng } from '../district/generate/random.ts';
import type { School } from '../district/types.ts';
import { planCheckIns } from '../pickets/demo-checkins.ts';
import { DEFAULT_RULES } from '../pickets/pay-rules.ts';
import { storedRules } from './pickets/pay-store.ts';
import { DEMO_STRIKE_DAYS, DEMO_TIME_ZONE, planStrikeDays, type DemoSite } from '../pickets/demo-plan.ts';
import { regionOf } from '../pickets/demo-regions.ts';
import { audit } from './audit.ts';
import type { Deps } from './env.ts';

/** The moment the demo's check-ins stop: Tuesday 22 January 2019, 7:20 a.m. Pacific (UTC−8). */
export const DEMO_NOW = '2019-01-22T15:20:00.000Z';
/** When the union declared the days and the sites' sheets were entered: Thursday 10 January 2019, the day UTLA set the date. */
const PLANNED_AT = '2019-01-10T20:00:00.000Z';

export interface PicketDemoReport { days: number; shifts: number; signups: number; actions: number; attendance: number; ms: number }

type Tx = Transaction<Database>;

/**
 * Inserts rows in statements of at most ~30,000 values (SQLite allows 32,766, PostgreSQL 65,535),
 * written as plain SQL with placeholders: building a query tree for each of a few hundred
 * thousand rows costs more than writing them.
 */
async function insertAll(tx: Tx, dialect: SqlDialect, table: keyof Database & string, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  // In the order of the primary key: the tables are new, so each statement appends to them
  // rather than splitting pages all over (the ids are random).
  const key = Object.keys(rows[0])[0];
  const second = Object.keys(rows[0])[1];
  rows.sort((a, b) => (a[key] as number) - (b[key] as number) || (a[second] as number) - (b[second] as number));
  const columns = Object.keys(rows[0]);
  const per = Math.max(1, Math.floor(30_000 / columns.length));
  for (let i = 0; i < rows.length; i += per) {
    const chunk = rows.slice(i, i + per);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => `(${columns.map((c) => {
      params.push(row[c]);
      return dialect === 'postgres' ? `$${params.length}` : '?';
    }).join(', ')})`);
    await tx.executeQuery(CompiledQuery.raw(`insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`, params));
  }
}

export async function seedStrikeDays(x: { deps: Pick<Deps, 'db' | 'ids' | 'dialect'>; schools: readonly School[]; seed: number; progress: (line: string) => void }): Promise<PicketDemoReport> {
  const started = performance.now();
  const db: Kysely<Database> = x.deps.db;
  const ids = x.deps.ids;
  const dialect = x.deps.dialect;
  const org = await db.selectFrom('organizations').select('id').where('kind', '=', 'union').where('unit', '=', 'UTLA').executeTakeFirstOrThrow();
  const orgId = org.id;
  const people = await db.selectFrom('people').select(['id', 'email', 'member_row_id']).where('organization_id', '=', orgId).execute();
  const admin = people.find((p) => p.email === 'admin@utla.demo')!.id;
  const worksites = await db.selectFrom('roster_worksites').select(['id', 'school_id']).where('organization_id', '=', orgId).execute();
  const members = await db.selectFrom('roster_members').select(['id', 'worksite_id']).where('organization_id', '=', orgId)
    .where('status', '=', 'active').where('removed_at', 'is', null).orderBy('member_id').execute();
  const captains = await db.selectFrom('roster_site_captains').select(['worksite_id', 'member_row_id']).where('organization_id', '=', orgId).where('ended_at', 'is', null).execute();

  const schoolById = new Map(x.schools.map((s) => [s.id, s]));
  const bySite = new Map<number, number[]>();
  for (const m of members) if (m.worksite_id !== null) (bySite.get(m.worksite_id) ?? bySite.set(m.worksite_id, []).get(m.worksite_id)!).push(m.id);
  const sites: DemoSite[] = worksites.filter((w) => w.school_id !== null && schoolById.has(w.school_id) && bySite.has(w.id))
    .sort((a, b) => (a.school_id! < b.school_id! ? -1 : 1)).map((w) => ({ worksiteId: w.id, members: bySite.get(w.id)! }));
  const linked = people.flatMap((p) => (p.member_row_id === null ? [] : [p.member_row_id]));
  const personOfRow = new Map(people.flatMap((p) => (p.member_row_id === null ? [] : [[p.member_row_id, p.id] as const])));
  const captainPerson = new Map(captains.flatMap((k) => (personOfRow.has(k.member_row_id) ? [[k.worksite_id, personOfRow.get(k.member_row_id)!] as const] : [])));

  x.progress(`Planning UTLA's six strike days (January 14–22, 2019) at ${sites.length.toLocaleString('en-US')} schools`);
  const plan = planStrikeDays({ sites, linked, rng: makeRng(x.seed, 'pickets/plan') });
  const { actions, attendance } = planCheckIns({ plan, now: DEMO_NOW, rng: makeRng(x.seed, 'pickets/check-ins'), captains: captainPerson, organizer: admin });

  const box = { south: Math.min(...x.schools.map((s) => s.latitude ?? 90)), north: Math.max(...x.schools.map((s) => s.latitude ?? -90)), west: Math.min(...x.schools.map((s) => s.longitude ?? 180)), east: Math.max(...x.schools.map((s) => s.longitude ?? -180)) };
  const regions = new Map<string, number[]>();
  for (const w of worksites) {
    const school = w.school_id === null ? undefined : schoolById.get(w.school_id);
    const region = school ? regionOf(school, box) : 'Central';
    (regions.get(region) ?? regions.set(region, []).get(region)!).push(w.id);
  }

  x.progress(`Writing ${plan.shifts.length.toLocaleString('en-US')} shifts, ${plan.signups.length.toLocaleString('en-US')} sign-ups and ${actions.length.toLocaleString('en-US')} check-in actions`);
  await db.transaction().execute(async (tx) => {
    for (const [region, list] of regions) {
      for (let i = 0; i < list.length; i += 5000) await tx.updateTable('roster_worksites').set({ region }).where('id', 'in', list.slice(i, i + 5000)).execute();
    }
    const dayIds = DEMO_STRIKE_DAYS.map(() => ids.next(orgId));
    await insertAll(tx, dialect, 'strike_days', DEMO_STRIKE_DAYS.map((d, i) => ({ id: dayIds[i], organization_id: orgId, date: d.date, label: d.label, time_zone: DEMO_TIME_ZONE, created_by: admin, created_at: PLANNED_AT, cancelled_at: null })));
    const shiftIds = plan.shifts.map(() => ids.next(orgId));
    await insertAll(tx, dialect, 'picket_shifts', plan.shifts.map((s, i) => ({
      id: shiftIds[i], organization_id: orgId, strike_day_id: dayIds[s.day], worksite_id: s.worksiteId, place: s.place, duty: s.duty, starts_at: s.startsAt, ends_at: s.endsAt,
      capacity: s.capacity, minimum: s.minimum, captain_member_id: s.captain, template: s.template, code_secret: randomBytes(32).toString('hex'),
      created_by: admin, created_at: PLANNED_AT, updated_at: PLANNED_AT, removed_at: null,
    })));
    await insertAll(tx, dialect, 'picket_signups', plan.signups.map((s) => {
      const self = personOfRow.get(s.memberRowId);
      return { id: ids.next(orgId), organization_id: orgId, shift_id: shiftIds[s.shift], member_row_id: s.memberRowId, source: self ? 'self' : 'assigned', created_by: self ?? admin, created_at: PLANNED_AT, ended_by: null, ended_at: null, moved_to: null };
    }));
    await insertAll(tx, dialect, 'picket_actions', actions.map((a) => ({
      id: ids.next(orgId), organization_id: orgId, device_action_id: a.deviceActionId, shift_id: shiftIds[a.shift], member_row_id: a.memberRowId,
      action: a.action, at: a.at, received_at: a.receivedAt, method: a.method, recorded_by: a.recordedBy,
    })));
    await insertAll(tx, dialect, 'picket_attendance', attendance.map((r) => ({
      shift_id: shiftIds[r.shift], member_row_id: r.memberRowId, organization_id: orgId, checked_in_at: r.checkedInAt, checked_out_at: r.checkedOutAt, out_method: r.outMethod,
      conflict: r.conflict ? JSON.stringify(r.conflict) : null,
      updated_at: r.lastAt,
    })));
    // The union's strike-pay rules: the defaults (src/pickets/pay-rules.ts), saved as its first version.
    await insertAll(tx, dialect, 'strike_pay_rules', [{ id: ids.next(orgId), organization_id: orgId, rules: storedRules(1, DEFAULT_RULES), created_by: admin, created_at: PLANNED_AT }]);
    await audit(tx, ids, { organizationId: orgId, personId: admin, action: 'pickets.demo-seeded', subject: `strike_days/${dayIds.join(',')}`, at: PLANNED_AT });
  });
  const report = { days: DEMO_STRIKE_DAYS.length, shifts: plan.shifts.length, signups: plan.signups.length, actions: actions.length, attendance: attendance.length, ms: Math.round(performance.now() - started) };
  x.progress(`Strike days written in ${(report.ms / 1000).toFixed(1)} s`);
  return report;
}
