/**
 * 0014: the time a member was away from a shift between a check-out and a later check-in
 * (src/pickets/attendance.ts). Before, a check-in after a check-out reopened the first check-in and
 * the time away was paid: a member checked out at 6:15 and back at 8:55 was paid from 6:00.
 *
 * - picket_attendance.away: JSON list of [from, to] (ISO instants), the periods checked out
 *   between a check-out and the next check-in; '[]' when none.
 */
import type { Kysely, Migration } from 'kysely';

export function attendanceAway(): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('picket_attendance').addColumn('away', 'text', (c) => c.notNull().defaultTo('[]')).execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('picket_attendance').dropColumn('away').execute();
    },
  };
}
