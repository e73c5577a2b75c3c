/**
 * 0006: countersignatures. A tentative agreement (a version written `party: joint`) drafted by
 * one side becomes the table's agreement only when the other side countersigns that same
 * version, once: one row per version (unique), never changed after (no route updates or
 * deletes it). `organization_id` is the countersigning side (the organization the version was
 * passed to), `countersigned_by` the person who did it (shown only inside that workspace).
 */
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../connect.ts';

export function countersignatures(dialect: SqlDialect): Migration {
  const idType = dialect === 'sqlite' ? 'integer' : 'bigint';
  // Ids are chosen by the application (src/db/ids.ts), as on every table since 0004.
  const id = (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder => c.primaryKey();
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
      if (dialect === 'sqlite') {
        await sql`CREATE TRIGGER countersignatures_no_update BEFORE UPDATE ON countersignatures BEGIN SELECT RAISE(ABORT, 'a countersignature never changes'); END`.execute(db);
        await sql`CREATE TRIGGER countersignatures_no_delete BEFORE DELETE ON countersignatures BEGIN SELECT RAISE(ABORT, 'a countersignature is never withdrawn'); END`.execute(db);
      } else {
        await sql`CREATE FUNCTION countersignatures_unchanging() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'a countersignature never changes and is never withdrawn (% refused)', TG_OP; END $$`.execute(db);
        await sql`CREATE TRIGGER countersignatures_unchanging BEFORE UPDATE OR DELETE ON countersignatures FOR EACH ROW EXECUTE FUNCTION countersignatures_unchanging()`.execute(db);
      }
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('countersignatures').execute();
      if (dialect === 'postgres') await sql`DROP FUNCTION IF EXISTS countersignatures_unchanging()`.execute(db);
    },
  };
}
