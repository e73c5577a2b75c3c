/**
 * 0006: countersignatures. A tentative agreement (a version written `party: joint`) drafted by
 * one side becomes the table's agreement only when the other side countersigns that same
 * version, once: one row per version (unique), never changed after (no route updates or
 * deletes it). `organization_id` is the countersigning side (the organization the version was
 * passed to), `countersigned_by` the person who did it (shown only inside that workspace).
 */
import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../connect.ts';

export function countersignatures(dialect: SqlDialect): Migration {
  const idType = dialect === 'sqlite' ? 'integer' : 'bigint';
  const id = (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity();
  const ref = (table: string) => (c: ColumnDefinitionBuilder) => c.notNull().references(`${table}.id`).onDelete('restrict');
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('countersignatures')
        .addColumn('id', idType, id)
        .addColumn('proposal_version_id', idType, (c) => c.notNull().unique().references('proposal_versions.id').onDelete('restrict'))
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('countersigned_by', idType, ref('people'))
        .addColumn('countersigned_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('countersignatures').execute();
    },
  };
}
