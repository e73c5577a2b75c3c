/**
 * Putting a member on a shift, in the caller's transaction: the shift's row is locked first, so
 * sign-ups on one shift are counted one at a time (twenty members racing for five places: five
 * get them). A member signing themselves up is held to the capacity; an organizer may go over it,
 * and the answer says so. A member is on a shift once, and never on two shifts at the same time.
 */
import type { Transaction } from 'kysely';
import type { Database, PicketSignupsTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';
import type { Deps } from '../env.ts';
import { utcToLocal } from '../../pickets/local-time.ts';
import { ApiError, conflict } from '../errors.ts';
import { lockShift, type Db, type ShiftRow } from './plan-store.ts';

export type SignupRow = Selectable<PicketSignupsTable>;

export interface SignUp {
  orgId: number;
  personId: number;
  shift: ShiftRow;
  member: { id: number; name: string };
  source: 'self' | 'assigned';
  /** A member signing up: refused when the shift is full. An organizer: allowed, flagged. */
  holdToCapacity: boolean;
}

export async function signUp(tx: Transaction<Database>, deps: Deps, s: SignUp): Promise<{ row: SignupRow; overCapacity: boolean }> {
  await lockShift(tx, s.orgId, s.shift.id);
  const already = await tx.selectFrom('picket_signups').select('id').where('shift_id', '=', s.shift.id).where('member_row_id', '=', s.member.id).where('ended_at', 'is', null).executeTakeFirst();
  if (already) throw conflict('picket.already-signed-up', `${s.member.name} is already signed up for this shift`);
  const overlap = await tx.selectFrom('picket_signups as g').innerJoin('picket_shifts as x', 'x.id', 'g.shift_id').leftJoin('roster_worksites as w', 'w.id', 'x.worksite_id')
    .innerJoin('strike_days as d', 'd.id', 'x.strike_day_id')
    .select(['x.starts_at', 'x.ends_at', 'w.name', 'x.place', 'd.time_zone'])
    .where('g.organization_id', '=', s.orgId).where('g.member_row_id', '=', s.member.id).where('g.ended_at', 'is', null).where('x.removed_at', 'is', null)
    .where('x.starts_at', '<', s.shift.ends_at).where('x.ends_at', '>', s.shift.starts_at).executeTakeFirst();
  if (overlap) {
    // The other shift's times on its own strike day's clock, as the pages show them.
    const [from, to] = [utcToLocal(overlap.starts_at, overlap.time_zone), utcToLocal(overlap.ends_at, overlap.time_zone)];
    throw new ApiError(409, { code: 'picket.overlap', message: `${s.member.name} is already signed up for a shift at the same time (${overlap.name ?? overlap.place ?? 'another place'}, ${from.date} ${from.time}–${to.date === from.date ? '' : `${to.date} `}${to.time} ${overlap.time_zone} time)`, where: { field: 'shiftId' }, hint: 'cancel that sign-up first, or (an organizer) move it: POST /api/pickets/signups/{signupId}/move' });
  }
  const taken = Number((await tx.selectFrom('picket_signups').select((eb) => eb.fn.countAll<number | string>().as('n')).where('shift_id', '=', s.shift.id).where('ended_at', 'is', null).executeTakeFirstOrThrow()).n);
  const overCapacity = taken >= s.shift.capacity;
  if (overCapacity && s.holdToCapacity) {
    throw new ApiError(409, { code: 'picket.shift-full', message: `this shift is full: ${taken} of ${s.shift.capacity} places are taken`, where: { field: 'shiftId' }, hint: 'choose another shift from GET /api/me/pickets (open)' });
  }
  const at = deps.now().toISOString();
  const row: SignupRow = { id: deps.ids.next(s.orgId), organization_id: s.orgId, shift_id: s.shift.id, member_row_id: s.member.id, source: s.source, created_by: s.personId, created_at: at, ended_by: null, ended_at: null, moved_to: null };
  await tx.insertInto('picket_signups').values(row).execute();
  return { row, overCapacity };
}

/** Refuses to end a sign-up once the member was checked in or out on that shift (their strike pay rests on it). */
export async function mustHaveNoCheckIns(db: Db, signup: { shift_id: number; member_row_id: number }): Promise<void> {
  const acted = await db.selectFrom('picket_actions').select('id').where('shift_id', '=', signup.shift_id).where('member_row_id', '=', signup.member_row_id).limit(1).executeTakeFirst();
  if (acted) throw conflict('picket.checked-in', 'the member was already checked in on this shift: the sign-up stays, with their check-in', 'to correct a mistaken check-in, the captain records an undo');
}

/** The signup's answer shape, with the member's id and name. */
export async function signupJson(db: Db, row: SignupRow) {
  const m = await db.selectFrom('roster_members').select(['member_id', 'name']).where('id', '=', row.member_row_id).executeTakeFirstOrThrow();
  return { id: row.id, shiftId: row.shift_id, memberRowId: row.member_row_id, memberId: m.member_id, name: m.name, source: row.source as 'self' | 'assigned', createdAt: row.created_at };
}

/** A current (not ended) sign-up of the union, or 404. */
export async function currentSignup(db: Db, orgId: number, signupId: number): Promise<SignupRow> {
  const row = await db.selectFrom('picket_signups').selectAll().where('id', '=', signupId).where('organization_id', '=', orgId).where('ended_at', 'is', null).executeTakeFirst();
  if (!row) throw new ApiError(404, { code: 'not-found', message: `there is no current sign-up ${signupId} that you can see`, where: { field: 'signupId' } });
  return row;
}
