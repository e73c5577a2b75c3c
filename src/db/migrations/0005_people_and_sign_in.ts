/**
 * 0005: removing people, and a sign-in throttle that neither locks out nor tells.
 *
 * - people.removed_at: when an admin removed the person (null while they belong). The row stays
 *   for the audit history; a removed person cannot sign in and their sessions end.
 * - sign_in_failures replaces login_failures: one row per wrong password, keyed by the email as
 *   typed (normalised) and the client address, whether or not an account has that email, so the
 *   throttle treats known and unknown emails alike. Rows older than a day are pruned.
 */
import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { SqlDialect } from '../connect.ts';

export function peopleAndSignIn(dialect: SqlDialect): Migration {
  const idType = dialect === 'sqlite' ? 'integer' : 'bigint';
  // Ids are chosen by the application (src/db/ids.ts), as on every table since 0004.
  const id = (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder => c.primaryKey();

  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('people').addColumn('removed_at', 'text').execute();
      await db.schema
        .createTable('sign_in_failures')
        .addColumn('id', idType, id)
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sign_in_failures_account_at_idx').on('sign_in_failures').columns(['account', 'at']).execute();
      await db.schema.createIndex('sign_in_failures_address_at_idx').on('sign_in_failures').columns(['address', 'at']).execute();
      await db.schema.createIndex('sign_in_failures_at_idx').on('sign_in_failures').column('at').execute();
      await db.schema.dropTable('login_failures').execute();
    },

    async down(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('login_failures')
        .addColumn('id', idType, id)
        .addColumn('person_id', idType, (c) => c.notNull().references('people.id').onDelete('restrict'))
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_failures_person_at_idx').on('login_failures').columns(['person_id', 'at']).execute();
      await db.schema.dropTable('sign_in_failures').execute();
      await db.schema.alterTable('people').dropColumn('removed_at').execute();
    },
  };
}
