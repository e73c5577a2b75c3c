/**
 * One batch of check-in requests, checked and written in one transaction (the coalescer calls it):
 * every action is checked (the sender's right to act on that shift, the code, the times), the
 * new ones are stored (a device id already stored answers `duplicate` and changes nothing), a
 * member checked in on a shift they had not signed up for gets a `walk-up` sign-up, and the
 * attendance of every touched (shift, member) is replayed from all its actions and stored.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { SqlDialect } from '../../db/connect.ts';
import type { IdSource } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { replay } from '../../pickets/attendance.ts';
import { checkCode, SEND_WITHIN_MS, timeRefusal } from '../../pickets/codes.ts';
import type { Attendance, Method } from '../../pickets/types.ts';
import { audit } from '../audit.ts';
import { ApiError } from '../errors.ts';
import { actionsOfPairs, memberRowsOf, rosterRows, shiftFacts, storedActions, type ShiftFacts } from './checkin-lookup.ts';
import type { ActionIn, ActionResult, Reason } from './checkin-schemas.ts';
import { CodeTries, type TryKey } from './checkin-tries.ts';

type Tx = Transaction<Database> | Kysely<Database>;

/**
 * Runs `fn` in one write transaction: on SQLite `BEGIN IMMEDIATE`, so the write lock is taken
 * first (a second connection on the same file waits its busy timeout rather than failing on its
 * first write); on PostgreSQL an ordinary transaction.
 */
export async function inWriteTransaction<T>(db: Kysely<Database>, dialect: SqlDialect, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (dialect === 'postgres') return db.transaction().execute(fn);
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const out = await fn(conn);
      await sql`commit`.execute(conn);
      return out;
    } catch (e) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw e;
    }
  });
}

export interface CheckInJob {
  organizationId: number;
  personId: number;
  role: string;
  actions: ActionIn[];
  receivedAt: string;
  /** The sender's roster row when already read with their session (the fast path); else read here. */
  memberRowId?: number | null;
}

export type JobAnswer = { results: ActionResult[]; strikeDayIds: number[]; organizationId: number } | { error: ApiError };

const ORGANIZERS = new Set(['admin', 'organizer']);

export const noMemberRow = () => new ApiError(409, {
  code: 'picket.no-member-row', message: 'your sign-in is not linked to a roster member; ask an organizer to invite you from the roster',
  hint: 'an organizer invites you from the roster (POST /api/roster/members/{id}/invitation); then check in with the site\'s code',
});

/**
 * Organizers and admins run every shift; a person with the site-captain role runs the shifts whose
 * captain is their roster row (docs/pickets.md). A member named on a shift, or a captain since
 * made a member, runs none: the role is what gives the right, the shift only which ones.
 */
export function mayCaptain(shift: ShiftFacts, role: string, memberRow: number | null): boolean {
  if (ORGANIZERS.has(role)) return true;
  if (role !== 'site-captain' || memberRow === null) return false;
  return shift.captainMemberId !== null ? shift.captainMemberId === memberRow : shift.siteCaptains.includes(memberRow);
}

const pairKey = (shiftId: number, memberRowId: number) => `${shiftId} ${memberRowId}`;

interface Pending { job: number; index: number; org: number; shiftId: number; memberRowId: number; deviceId: string; row?: { method: Method; recordedBy: number } }

export async function writeBatch(tx: Tx, ids: IdSource, jobs: CheckInJob[], now: string, dialect: SqlDialect): Promise<JobAnswer[]> {
  const all = jobs.flatMap((j) => j.actions);
  const rows = await memberRowsOf(tx, [...new Set(jobs.filter((j) => j.memberRowId === undefined).map((j) => j.personId))]);
  for (const j of jobs) if (j.memberRowId !== undefined) rows.set(j.personId, j.memberRowId);
  const shifts = await shiftFacts(tx, [...new Set(all.map((a) => a.shiftId))]);
  const targets = await rosterRows(tx, [...new Set(all.flatMap((a) => (a.memberRowId === undefined ? [] : [a.memberRowId])))]);
  const stored = await storedActions(tx, jobs.flatMap((j) => j.actions.map((a) => ({ organizationId: j.organizationId, deviceId: a.id }))));

  const visibleTo = (orgId: number, shiftId: number) => {
    const shift = shifts.get(shiftId);
    return shift && shift.organizationId === orgId && !shift.removed ? shift : undefined;
  };
  // Every code attempt is counted before any is checked (the wrong-code limit, across processes).
  const attempts: TryKey[] = jobs.flatMap((job) => (rows.get(job.personId) == null ? [] : job.actions.flatMap((a) => {
    const shift = a.code === undefined ? undefined : visibleTo(job.organizationId, a.shiftId);
    return shift ? [{ org: job.organizationId, person: job.personId, shift: shift.id }] : [];
  })));
  const tries = await CodeTries.take(tx, attempts, now, dialect);

  const answers: (JobAnswer & { results?: ActionResult[] })[] = [];
  const pending: Pending[] = [];
  // The actions recorded so far in this batch, by union and device id: the same id sent again in it is a duplicate of that one.
  const seen = new Map<string, { shiftId: number; memberRowId: number; recordedBy: number }>();
  jobs.forEach((job, j) => {
    const mine = rows.get(job.personId) ?? null;
    if (mine === null && job.actions.some((a) => a.code !== undefined)) {
      answers.push({ error: noMemberRow() });
      return;
    }
    const results: ActionResult[] = [];
    job.actions.forEach((a, index) => {
      const key = `${job.organizationId} ${a.id}`;
      const before = stored.get(key) ?? seen.get(key);
      if (before) {
        results.push({ id: a.id, outcome: 'duplicate' });
        if (before && before.recordedBy === job.personId) pending.push({ job: j, index, org: job.organizationId, shiftId: before.shiftId, memberRowId: before.memberRowId, deviceId: a.id });
        return;
      }
      const visible = visibleTo(job.organizationId, a.shiftId);
      const refuse = (reason: Reason) => void results.push({ id: a.id, outcome: 'refused', reason });
      if (visible && !ORGANIZERS.has(job.role) && Date.parse(job.receivedAt) - Date.parse(a.at) > SEND_WITHIN_MS) return refuse('picket.sent-too-late');
      let memberRowId: number;
      let method: Method;
      if (a.code !== undefined) {
        if (!visible) return refuse('picket.no-shift');
        memberRowId = mine as number;
        const tryKey = { org: job.organizationId, person: job.personId, shift: visible.id };
        if (!tries.mayCheck(tryKey)) return refuse('picket.too-many-tries');
        const wrong = checkCode({ secret: visible.secret, shift: visible, code: a.code, at: a.at, receivedAt: job.receivedAt });
        if (wrong === 'picket.code-wrong') tries.wrong(tryKey);
        if (wrong) return refuse(wrong);
        method = 'code';
      } else {
        if (!visible || !mayCaptain(visible, job.role, mine)) return refuse('picket.not-your-site');
        if (targets.get(a.memberRowId as number) !== job.organizationId) return refuse('picket.no-member');
        memberRowId = a.memberRowId as number;
        const time = timeRefusal(visible, Date.parse(a.at), Date.parse(job.receivedAt));
        if (time) return refuse(time);
        method = ORGANIZERS.has(job.role) ? 'organizer' : 'captain';
      }
      if (visible.dayCancelled) return refuse('picket.day-cancelled');
      seen.set(key, { shiftId: visible.id, memberRowId, recordedBy: job.personId });
      results.push({ id: a.id, outcome: 'recorded' });
      pending.push({ job: j, index, org: job.organizationId, shiftId: visible.id, memberRowId, deviceId: a.id, row: { method, recordedBy: job.personId } });
    });
    answers.push({ results, organizationId: job.organizationId, strikeDayIds: [...new Set(job.actions.map((a) => shifts.get(a.shiftId)).filter((s) => s && s.organizationId === job.organizationId).map((s) => (s as ShiftFacts).strikeDayId))] });
  });

  await tries.settle(tx);

  // Store the new actions; one already stored by a concurrent writer (another process) becomes a duplicate.
  const fresh = pending.filter((p) => p.row);
  const inserted = new Set<string>();
  for (let i = 0; i < fresh.length; i += 400) {
    const part = fresh.slice(i, i + 400);
    const got = await tx.insertInto('picket_actions').values(part.map((p) => {
      const a = jobs[p.job].actions[p.index];
      const r = p.row as NonNullable<Pending['row']>;
      const row = { organization_id: p.org, device_action_id: p.deviceId, shift_id: p.shiftId, member_row_id: p.memberRowId, action: a.action, at: a.at, received_at: jobs[p.job].receivedAt, method: r.method, recorded_by: r.recordedBy };
      // SQLite: no id given, the row takes the file's next rowid (src/db/ids.ts says why); the
      // type is told otherwise only here. PostgreSQL's column has no default: a random id.
      return dialect === 'sqlite' ? (row as typeof row & { id: number }) : { id: ids.next(p.org), ...row };
    })).onConflict((oc) => oc.columns(['organization_id', 'device_action_id']).doNothing()).returning(['organization_id', 'device_action_id']).execute();
    for (const g of got) inserted.add(`${g.organization_id} ${g.device_action_id}`);
  }
  for (const p of fresh) {
    if (!inserted.has(`${p.org} ${p.deviceId}`)) {
      (answers[p.job].results as ActionResult[])[p.index] = { id: p.deviceId, outcome: 'duplicate' };
      p.row = undefined;
    }
  }

  await walkUps(tx, ids, jobs, pending.filter((p) => p.row && jobs[p.job].actions[p.index].action === 'in'), now);

  const pairs = new Map<string, [number, number]>();
  for (const p of pending) pairs.set(pairKey(p.shiftId, p.memberRowId), [p.shiftId, p.memberRowId]);
  // Several server processes on one PostgreSQL each write batches at once: a (shift, member)'s
  // attendance is replayed under a lock on that pair, so two batches never each replay without
  // the other's action and store a stale row. (SQLite has one writer at a time.)
  if (dialect === 'postgres' && pairs.size > 0) {
    await sql`select pg_advisory_xact_lock(h) from (select distinct hashtext(x) as h from unnest(${[...pairs.keys()]}::text[]) as x order by h) as locks`.execute(tx);
  }
  const history = await actionsOfPairs(tx, [...pairs.values()]);
  const attendance = new Map<string, Attendance>();
  const changed = new Set(pending.filter((p) => p.row).map((p) => pairKey(p.shiftId, p.memberRowId)));
  const upserts = [];
  for (const [key, [shiftId, memberRowId]] of pairs) {
    const shift = shifts.get(shiftId);
    const times = shift ?? (await tx.selectFrom('picket_shifts').select(['starts_at as startsAt', 'ends_at as endsAt']).where('id', '=', shiftId).executeTakeFirstOrThrow());
    const a = replay(history.get(key) ?? [], times, now);
    attendance.set(key, a);
    if (changed.has(key)) {
      upserts.push({ shift_id: shiftId, member_row_id: memberRowId, organization_id: shift?.organizationId as number, checked_in_at: a.checkedInAt, checked_out_at: a.checkedOutAt, out_method: a.outMethod, conflict: a.conflict ? JSON.stringify(a.conflict) : null, away: JSON.stringify(a.away ?? []), updated_at: now });
    }
  }
  for (let i = 0; i < upserts.length; i += 300) {
    await tx.insertInto('picket_attendance').values(upserts.slice(i, i + 300)).onConflict((oc) => oc.columns(['shift_id', 'member_row_id']).doUpdateSet((eb) => ({
      checked_in_at: eb.ref('excluded.checked_in_at'), checked_out_at: eb.ref('excluded.checked_out_at'), out_method: eb.ref('excluded.out_method'), conflict: eb.ref('excluded.conflict'), away: eb.ref('excluded.away'), updated_at: eb.ref('excluded.updated_at'),
    }))).execute();
  }
  // Whatever the order the actions came in (a late offline check-in timed before an undo), a pair left with no check-in keeps no walk-up sign-up.
  const undone = new Map<string, Pending>();
  for (const p of pending) if (p.row && attendance.get(pairKey(p.shiftId, p.memberRowId))?.checkedInAt === null) undone.set(pairKey(p.shiftId, p.memberRowId), p);
  await endUndoneWalkUps(tx, jobs, [...undone.values()], now);
  for (const p of pending) {
    const a = attendance.get(pairKey(p.shiftId, p.memberRowId)) as Attendance;
    const results = answers[p.job].results as ActionResult[];
    results[p.index] = { ...results[p.index], attendance: { shiftId: p.shiftId, memberRowId: p.memberRowId, ...a } };
  }
  await auditBatch(tx, ids, jobs, answers, now);
  return answers;
}

/** A member checked in on a shift they had not signed up for is signed up (`walk-up`). */
async function walkUps(tx: Tx, ids: IdSource, jobs: CheckInJob[], ins: Pending[], now: string): Promise<void> {
  if (ins.length === 0) return;
  const wanted = new Map<string, Pending>();
  for (const p of ins) wanted.set(pairKey(p.shiftId, p.memberRowId), p);
  const list = [...wanted.values()];
  for (let i = 0; i < list.length; i += 400) {
    const part = list.slice(i, i + 400);
    const have = await tx.selectFrom('picket_signups').select(['shift_id', 'member_row_id']).where('ended_at', 'is', null)
      .where((eb) => eb(eb.refTuple('shift_id', 'member_row_id'), 'in', part.map((p) => eb.tuple(p.shiftId, p.memberRowId)))).execute();
    const signed = new Set(have.map((h) => pairKey(h.shift_id, h.member_row_id)));
    const missing = part.filter((p) => !signed.has(pairKey(p.shiftId, p.memberRowId)));
    if (missing.length === 0) continue;
    await tx.insertInto('picket_signups').values(missing.map((p) => ({
      id: ids.next(p.org), organization_id: p.org, shift_id: p.shiftId, member_row_id: p.memberRowId, source: 'walk-up', created_by: jobs[p.job].personId, created_at: now, ended_by: null, ended_at: null, moved_to: null,
    }))).onConflict((oc) => oc.doNothing()).execute();
  }
}

/**
 * A check-in undone (a mistake) ends the walk-up sign-up it made, also when a check-in timed before
 * the undo arrives after it (a phone back online): the member never signed up for
 * that shift, and the sign-up would list them late, message them as not arrived and count them
 * signed up on the board. A sign-up they made themselves, or an organizer's, stays.
 */
async function endUndoneWalkUps(tx: Tx, jobs: CheckInJob[], undos: Pending[], now: string): Promise<void> {
  for (const p of undos) {
    await tx.updateTable('picket_signups').set({ ended_at: now, ended_by: jobs[p.job].personId })
      .where('shift_id', '=', p.shiftId).where('member_row_id', '=', p.memberRowId).where('source', '=', 'walk-up').where('ended_at', 'is', null).execute();
  }
}

/**
 * One audit entry per union per batch, naming how many actions were recorded and the first one's
 * device id. The actions themselves are the full record (kept unchanged, with who sent each, the
 * device's time and the server's); an entry per request would double the writes of a check-in.
 * Numbered per union as src/server/audit.ts does.
 */
async function auditBatch(tx: Tx, ids: IdSource, jobs: CheckInJob[], answers: JobAnswer[], now: string): Promise<void> {
  const byOrg = new Map<number, string[]>();
  jobs.forEach((job, j) => {
    const a = answers[j];
    if ('error' in a) return;
    const recorded = a.results.filter((r) => r.outcome === 'recorded').map((r) => r.id);
    if (recorded.length) byOrg.set(job.organizationId, [...(byOrg.get(job.organizationId) ?? []), ...recorded]);
  });
  for (const [organizationId, recorded] of byOrg) {
    await audit(tx, ids, { organizationId, personId: null, action: 'picket.check-ins', subject: `picket-actions/${recorded[0]}${recorded.length > 1 ? ` and ${recorded.length - 1} more` : ''}`, at: now });
  }
}
