/**
 * 0009: strike mornings (issue 14; docs/pickets.md): strike days, shifts, sign-ups, check-ins and
 * strike pay. All of it is the union's: no district route reads these tables.
 *
 * - roster_worksites.region: the region (a union's area or a district's local district) the
 *   coverage board groups sites by; null: not set.
 * - strike_days: a day the union declared a strike day (`date`, local to `time_zone`).
 * - picket_shifts: a shift on a strike day: at a worksite (`worksite_id`) or, for an alternate
 *   duty away from a site (phone banking, food, child care, access needs), at `place`; its
 *   start and end (UTC instants), capacity, the minimum the site needs, its captain (a roster
 *   member; null: the worksite's captain) and `code_secret`, the random key its rotating
 *   check-in codes are derived from (never sent to members). `template` names the template a
 *   shift came from, if any. Removed shifts keep their row (`removed_at`).
 * - picket_signups: a member on a shift, by their own sign-up (`self`) or an organizer's
 *   assignment (`assigned`); a cancelled or moved sign-up keeps its row (`ended_at`, and
 *   `moved_to` the sign-up that replaced it). At most one current sign-up per member and shift.
 * - picket_actions: every check-in, check-out and undo as it was recorded, never changed:
 *   `device_action_id` is made on the device that recorded it and unique per union, so an
 *   action sent twice (a retry, an offline queue sent again) is stored once; `at` is the time
 *   on the device (an offline check-in at 6:31 is recorded as 6:31), `received_at` the
 *   server's; `method` is `code` (the member typed or scanned the site's code), `captain` or
 *   `organizer` (checked in from the shift list) or `auto` (checked out at the shift's end).
 * - picket_attendance: per member and shift, the state the actions give by the stated rule
 *   (src/pickets/attendance.ts), kept up to date in the same transaction as the actions, with
 *   the conflict (JSON) when two recorders disagreed.
 * - strike_pay_rules: every version of the union's eligibility rules (JSON); the latest holds.
 * - strike_pay_exceptions: an organizer's exception for a member (a day counted, or not), with
 *   the reason; revoked exceptions keep their row.
 * - strike_payouts: a payout export for one period, produced once: the file as produced, its
 *   hash, who produced it and when. Unique per union and period start.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../connect.ts';

export function pickets(dialect: SqlDialect): Migration {
  const idType = dialect === 'sqlite' ? 'integer' : 'bigint';
  const id = (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder => c.primaryKey();
  const ref = (table: string) => (c: ColumnDefinitionBuilder) => c.notNull().references(`${table}.id`).onDelete('restrict');
  const optionalRef = (table: string) => (c: ColumnDefinitionBuilder) => c.references(`${table}.id`).onDelete('restrict');

  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('roster_worksites').addColumn('region', 'text').execute();

      await db.schema
        .createTable('strike_days')
        .addColumn('id', idType, id)
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('created_by', idType, ref('people'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('cancelled_at', 'text')
        .addUniqueConstraint('strike_days_date_unique', ['organization_id', 'date'])
        .execute();

      await db.schema
        .createTable('picket_shifts')
        .addColumn('id', idType, id)
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('strike_day_id', idType, ref('strike_days'))
        .addColumn('worksite_id', idType, optionalRef('roster_worksites'))
        .addColumn('place', 'text')
        .addColumn('duty', 'text', (c) => c.notNull())
        .addColumn('starts_at', 'text', (c) => c.notNull())
        .addColumn('ends_at', 'text', (c) => c.notNull())
        .addColumn('capacity', 'integer', (c) => c.notNull())
        .addColumn('minimum', 'integer', (c) => c.notNull())
        .addColumn('captain_member_id', idType, optionalRef('roster_members'))
        .addColumn('template', 'text')
        .addColumn('code_secret', 'text', (c) => c.notNull())
        .addColumn('created_by', idType, ref('people'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('removed_at', 'text')
        .execute();
      await db.schema.createIndex('picket_shifts_day_idx').on('picket_shifts').columns(['strike_day_id', 'worksite_id', 'starts_at']).execute();
      await db.schema.createIndex('picket_shifts_org_idx').on('picket_shifts').columns(['organization_id', 'starts_at']).execute();

      await db.schema
        .createTable('picket_signups')
        .addColumn('id', idType, id)
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('shift_id', idType, ref('picket_shifts'))
        .addColumn('member_row_id', idType, ref('roster_members'))
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('created_by', idType, ref('people'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('ended_by', idType, optionalRef('people'))
        .addColumn('ended_at', 'text')
        .addColumn('moved_to', idType)
        .execute();
      await db.schema.createIndex('picket_signups_current_unique').on('picket_signups').columns(['shift_id', 'member_row_id']).unique().where(sql.ref('ended_at'), 'is', null).execute();
      await db.schema.createIndex('picket_signups_member_idx').on('picket_signups').columns(['organization_id', 'member_row_id']).execute();

      await db.schema
        .createTable('picket_actions')
        .addColumn('id', idType, id)
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('device_action_id', 'text', (c) => c.notNull())
        .addColumn('shift_id', idType, ref('picket_shifts'))
        .addColumn('member_row_id', idType, ref('roster_members'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('recorded_by', idType, optionalRef('people'))
        .addUniqueConstraint('picket_actions_device_unique', ['organization_id', 'device_action_id'])
        .execute();
      await db.schema.createIndex('picket_actions_shift_idx').on('picket_actions').columns(['shift_id', 'member_row_id', 'at']).execute();

      await db.schema
        .createTable('picket_attendance')
        .addColumn('shift_id', idType, ref('picket_shifts'))
        .addColumn('member_row_id', idType, ref('roster_members'))
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('checked_in_at', 'text')
        .addColumn('checked_out_at', 'text')
        .addColumn('out_method', 'text')
        .addColumn('conflict', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('picket_attendance_pk', ['shift_id', 'member_row_id'])
        .execute();
      await db.schema.createIndex('picket_attendance_member_idx').on('picket_attendance').columns(['organization_id', 'member_row_id']).execute();

      await db.schema
        .createTable('strike_pay_rules')
        .addColumn('id', idType, id)
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('rules', 'text', (c) => c.notNull())
        .addColumn('created_by', idType, ref('people'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('strike_pay_rules_org_idx').on('strike_pay_rules').columns(['organization_id', 'created_at']).execute();

      await db.schema
        .createTable('strike_pay_exceptions')
        .addColumn('id', idType, id)
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('member_row_id', idType, ref('roster_members'))
        .addColumn('strike_day_id', idType, ref('strike_days'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('granted_by', idType, ref('people'))
        .addColumn('granted_at', 'text', (c) => c.notNull())
        .addColumn('revoked_by', idType, optionalRef('people'))
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('strike_pay_exceptions_member_idx').on('strike_pay_exceptions').columns(['organization_id', 'member_row_id']).execute();

      await db.schema
        .createTable('strike_payouts')
        .addColumn('id', idType, id)
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('period_start', 'text', (c) => c.notNull())
        .addColumn('period_end', 'text', (c) => c.notNull())
        .addColumn('rules_id', idType, ref('strike_pay_rules'))
        .addColumn('members', 'integer', (c) => c.notNull())
        .addColumn('total_cents', idType, (c) => c.notNull())
        .addColumn('csv', 'text', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('produced_by', idType, ref('people'))
        .addColumn('produced_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('strike_payouts_period_unique', ['organization_id', 'period_start'])
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      for (const t of ['strike_payouts', 'strike_pay_exceptions', 'strike_pay_rules', 'picket_attendance', 'picket_actions', 'picket_signups', 'picket_shifts', 'strike_days']) {
        await db.schema.dropTable(t).execute();
      }
      await db.schema.alterTable('roster_worksites').dropColumn('region').execute();
    },
  };
}
