/**
 * What a batch of check-ins needs to know, read with a few set-based queries for the whole batch
 * (not one per action): the senders' roster rows, the shifts (with their day and site captains),
 * the members named by captains, and the device action ids already stored.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Tx = Transaction<Database>;

export interface ShiftFacts {
  id: number;
  organizationId: number;
  strikeDayId: number;
  worksiteId: number | null;
  startsAt: string;
  endsAt: string;
  secret: string;
  captainMemberId: number | null;
  removed: boolean;
  dayCancelled: boolean;
  /** The worksite's current captains (roster rows). */
  siteCaptains: number[];
}

export interface StoredAction {
  organizationId: number;
  shiftId: number;
  memberRowId: number;
  recordedBy: number | null;
}

const CHUNK = 500;
function chunks<T>(xs: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += CHUNK) out.push(xs.slice(i, i + CHUNK));
  return out;
}

/** Each person's current roster row in their own union, or null. */
export async function memberRowsOf(tx: Tx, personIds: number[]): Promise<Map<number, number | null>> {
  const out = new Map<number, number | null>(personIds.map((id) => [id, null]));
  for (const part of chunks(personIds)) {
    const rows = await tx.selectFrom('people').innerJoin('roster_members as m', (j) => j.onRef('m.id', '=', 'people.member_row_id').onRef('m.organization_id', '=', 'people.organization_id'))
      .select(['people.id', 'm.id as rowId']).where('people.id', 'in', part).where('m.removed_at', 'is', null).execute();
    for (const r of rows) out.set(r.id, r.rowId);
  }
  return out;
}

export async function shiftFacts(tx: Tx, shiftIds: number[]): Promise<Map<number, ShiftFacts>> {
  const out = new Map<number, ShiftFacts>();
  for (const part of chunks(shiftIds)) {
    const rows = await tx.selectFrom('picket_shifts as s').innerJoin('strike_days as d', 'd.id', 's.strike_day_id')
      .select(['s.id', 's.organization_id', 's.strike_day_id', 's.worksite_id', 's.starts_at', 's.ends_at', 's.code_secret', 's.captain_member_id', 's.removed_at', 'd.cancelled_at'])
      .where('s.id', 'in', part).execute();
    for (const r of rows) {
      out.set(r.id, {
        id: r.id, organizationId: r.organization_id, strikeDayId: r.strike_day_id, worksiteId: r.worksite_id, startsAt: r.starts_at, endsAt: r.ends_at,
        secret: r.code_secret, captainMemberId: r.captain_member_id, removed: r.removed_at !== null, dayCancelled: r.cancelled_at !== null, siteCaptains: [],
      });
    }
  }
  const sites = [...new Set([...out.values()].filter((s) => s.captainMemberId === null && s.worksiteId !== null).map((s) => s.worksiteId as number))];
  const captains = new Map<number, number[]>();
  for (const part of chunks(sites)) {
    const rows = await tx.selectFrom('roster_site_captains').select(['worksite_id', 'member_row_id']).where('worksite_id', 'in', part).where('ended_at', 'is', null).execute();
    for (const r of rows) captains.set(r.worksite_id, [...(captains.get(r.worksite_id) ?? []), r.member_row_id]);
  }
  for (const s of out.values()) if (s.worksiteId !== null) s.siteCaptains = captains.get(s.worksiteId) ?? [];
  return out;
}

/** Current roster rows by id → their union. */
export async function rosterRows(tx: Tx, ids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const part of chunks(ids)) {
    const rows = await tx.selectFrom('roster_members').select(['id', 'organization_id']).where('id', 'in', part).where('removed_at', 'is', null).execute();
    for (const r of rows) out.set(r.id, r.organization_id);
  }
  return out;
}

/** Actions already stored under these device ids, keyed `${organizationId} ${deviceActionId}`. */
export async function storedActions(tx: Tx, deviceIds: string[]): Promise<Map<string, StoredAction>> {
  const out = new Map<string, StoredAction>();
  for (const part of chunks(deviceIds)) {
    const rows = await tx.selectFrom('picket_actions').select(['organization_id', 'device_action_id', 'shift_id', 'member_row_id', 'recorded_by']).where('device_action_id', 'in', part).execute();
    for (const r of rows) out.set(`${r.organization_id} ${r.device_action_id}`, { organizationId: r.organization_id, shiftId: r.shift_id, memberRowId: r.member_row_id, recordedBy: r.recorded_by });
  }
  return out;
}

/** Every action of these (shift, member) pairs, grouped by `${shiftId} ${memberRowId}`. */
export async function actionsOfPairs(tx: Tx, pairs: [number, number][]) {
  const out = new Map<string, { deviceActionId: string; action: 'in' | 'out' | 'undo'; at: string; receivedAt: string; method: 'code' | 'captain' | 'organizer' | 'auto'; recordedBy: number | null }[]>();
  for (const part of chunks(pairs)) {
    const rows = await tx.selectFrom('picket_actions').select(['shift_id', 'member_row_id', 'device_action_id', 'action', 'at', 'received_at', 'method', 'recorded_by'])
      .where((eb) => eb(eb.refTuple('shift_id', 'member_row_id'), 'in', part.map(([s, m]) => eb.tuple(s, m)))).execute();
    for (const r of rows) {
      const key = `${r.shift_id} ${r.member_row_id}`;
      const list = out.get(key) ?? [];
      list.push({ deviceActionId: r.device_action_id, action: r.action as 'in', at: r.at, receivedAt: r.received_at, method: r.method as 'code', recordedBy: r.recorded_by });
      out.set(key, list);
    }
  }
  return out;
}
