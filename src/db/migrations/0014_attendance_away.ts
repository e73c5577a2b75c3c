/**
 * 0014: the time a member was away from a shift between a check-out and a later check-in
 * (src/pickets/attendance.ts). Before, a check-in after a check-out reopened the first check-in and
 * the time away was paid: a member checked out at 6:15 and back at 8:55 was paid from 6:00.
 *
 * - picket_attendance.away: JSON list of [from, to] (ISO instants), the periods checked out
 *   between a check-out and the next check-in; '[]' when none.
 *
 * The attendance already stored is replayed from its actions where a check-in follows a check-out
 * (`replayReturns`), so a week not yet paid is paid without the time away, and a paid week shows
 * the difference from what was paid, as any later correction does.
 */
import type { Kysely, Migration } from 'kysely';
import { replay } from '../../pickets/attendance.ts';
import type { ActionKind, Method } from '../../pickets/types.ts';

export function attendanceAway(): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('picket_attendance').addColumn('away', 'text', (c) => c.notNull().defaultTo('[]')).execute();
      await replayReturns(db);
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('picket_attendance').dropColumn('away').execute();
    },
  };
}

/**
 * Replays the stored attendance of every (shift, member) with a check-in after a check-out, and
 * stores its time away and its conflict (a return after a check-out is no longer one). Returns how
 * many rows changed.
 */
export async function replayReturns(db: Kysely<any>): Promise<number> {
  const pairs = await db.selectFrom('picket_actions').select(['shift_id', 'member_row_id']).where('action', '=', 'out').groupBy(['shift_id', 'member_row_id']).execute();
  let changed = 0;
  const now = new Date().toISOString();
  for (const { shift_id, member_row_id } of pairs as { shift_id: number; member_row_id: number }[]) {
    const actions = await db.selectFrom('picket_actions').select(['device_action_id', 'action', 'at', 'received_at', 'method', 'recorded_by']).where('shift_id', '=', shift_id).where('member_row_id', '=', member_row_id).execute();
    const shift = await db.selectFrom('picket_shifts').select(['starts_at', 'ends_at']).where('id', '=', shift_id).executeTakeFirst();
    if (!shift) continue;
    const a = replay(actions.map((x: any) => ({ deviceActionId: x.device_action_id, action: x.action as ActionKind, at: x.at, receivedAt: x.received_at, method: x.method as Method, recordedBy: x.recorded_by })), { startsAt: shift.starts_at, endsAt: shift.ends_at }, now);
    if (!a.away) continue;
    await db.updateTable('picket_attendance').set({ away: JSON.stringify(a.away), conflict: a.conflict ? JSON.stringify(a.conflict) : null })
      .where('shift_id', '=', shift_id).where('member_row_id', '=', member_row_id).execute();
    changed += 1;
  }
  return changed;
}
