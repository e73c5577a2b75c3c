/**
 * 0001: organizations, people and the audit log. One migration for both databases; the
 * only difference is how an id column is generated, which `idColumn` hides.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../connect.ts';

export function initial(dialect: SqlDialect): Migration {
  // SQLite: INTEGER PRIMARY KEY AUTOINCREMENT is the 64-bit rowid and never reuses an id.
  // PostgreSQL: a bigint identity column.
  const idType = dialect === 'sqlite' ? 'integer' : 'bigint';
  const refType = idType;
  const id = (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity();

  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('organizations')
        .addColumn('id', idType, id)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addCheckConstraint('organizations_kind_check', sql`kind in ('district', 'union')`)
        .execute();

      await db.schema
        .createTable('people')
        .addColumn('id', idType, id)
        .addColumn('organization_id', refType, (c) => c.notNull().references('organizations.id').onDelete('restrict'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('people_email_unique', ['email'])
        .execute();
      await db.schema.createIndex('people_organization_idx').on('people').column('organization_id').execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', idType, id)
        .addColumn('organization_id', refType, (c) => c.notNull().references('organizations.id').onDelete('restrict'))
        .addColumn('person_id', refType, (c) => c.references('people.id').onDelete('restrict'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_organization_at_idx').on('audit_log').columns(['organization_id', 'at']).execute();
    },

    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('audit_log').execute();
      await db.schema.dropTable('people').execute();
      await db.schema.dropTable('organizations').execute();
    },
  };
}
