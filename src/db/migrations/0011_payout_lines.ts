/**
 * 0011: what each member was paid by a payout (docs/pickets.md, "Strike pay"), so that a check-in
 * or an exception recorded after a week was paid shows as a difference on the ledger and on the
 * member's own page, rather than silently changing the week's figures.
 *
 * - strike_payout_lines: one row per member in a payout file (an amount above zero): the amount,
 *   the eligible days and the minutes, as written in the file. Written in the payout's transaction.
 */
import type { Kysely, Migration } from 'kysely';
import type { SqlDialect } from '../connect.ts';

export function payoutLines(dialect: SqlDialect): Migration {
  const idType = dialect === 'sqlite' ? 'integer' : 'bigint';
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('strike_payout_lines')
        .addColumn('payout_id', idType, (c) => c.notNull().references('strike_payouts.id').onDelete('restrict'))
        .addColumn('organization_id', idType, (c) => c.notNull().references('organizations.id').onDelete('restrict'))
        .addColumn('member_row_id', idType, (c) => c.notNull().references('roster_members.id').onDelete('restrict'))
        .addColumn('amount_cents', idType, (c) => c.notNull())
        .addColumn('eligible_days', 'integer', (c) => c.notNull())
        .addColumn('minutes', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('strike_payout_lines_pk', ['payout_id', 'member_row_id'])
        .execute();
      await db.schema.createIndex('strike_payout_lines_member_idx').on('strike_payout_lines').columns(['organization_id', 'member_row_id']).execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('strike_payout_lines').execute();
    },
  };
}
