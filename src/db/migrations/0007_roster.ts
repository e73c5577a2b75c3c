/**
 * 0007: a union's member roster (issue 13, point 1).
 *
 * - roster_worksites: where members work, per union. A worksite is a school or office of the
 *   district's dataset (`school_id`, `cds_code`, matched by CDS code, school id or name) or, when
 *   nothing matched, the text as the roster wrote it (`school_id` null: listed as unmatched).
 *   `key` is `school:<id>` or `text:<normalised text>`, unique per union.
 * - roster_members: one row per member id per union. A member missing from a re-import is
 *   marked removed (`removed_at`), never deleted, so votes and history can still name them.
 * - roster_member_history: every change to a member, kept: who, when, the import it came from
 *   (if any), and the member's fields before and after as JSON.
 * - roster_imports: an uploaded file waiting for confirmation (`pending`), then `applied`.
 *   The parsed table is kept gzip-compressed so the confirmation applies exactly what was
 *   previewed; `summary` holds the counts once applied.
 * - roster_site_captains: a member named captain of a worksite; ending the assignment sets
 *   `ended_at` (kept for the history). At most one current assignment per member and worksite.
 *
 * Ids are chosen by the application (src/db/ids.ts), as on every table since 0004.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../connect.ts';

export function roster(dialect: SqlDialect): Migration {
  const idType = dialect === 'sqlite' ? 'integer' : 'bigint';
  const blobType = dialect === 'sqlite' ? 'blob' : 'bytea';
  const id = (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder => c.primaryKey();
  const ref = (table: string) => (c: ColumnDefinitionBuilder) => c.notNull().references(`${table}.id`).onDelete('restrict');
  const optionalRef = (table: string) => (c: ColumnDefinitionBuilder) => c.references(`${table}.id`).onDelete('restrict');

  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('roster_worksites')
        .addColumn('id', idType, id)
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('school_id', 'text')
        .addColumn('cds_code', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('roster_worksites_key_unique', ['organization_id', 'key'])
        .execute();

      await db.schema
        .createTable('roster_members')
        .addColumn('id', idType, id)
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('member_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('employee_id', 'text')
        .addColumn('email', 'text')
        .addColumn('mobile', 'text')
        .addColumn('worksite_id', idType, optionalRef('roster_worksites'))
        .addColumn('job_class', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('removed_at', 'text')
        .addUniqueConstraint('roster_members_member_id_unique', ['organization_id', 'member_id'])
        .execute();
      await db.schema.createIndex('roster_members_worksite_idx').on('roster_members').columns(['organization_id', 'worksite_id']).execute();
      await db.schema.createIndex('roster_members_name_idx').on('roster_members').columns(['organization_id', 'name']).execute();

      await db.schema
        .createTable('roster_imports')
        .addColumn('id', idType, id)
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('rows', 'integer', (c) => c.notNull())
        .addColumn('table_gz', blobType, (c) => c.notNull())
        .addColumn('dataset_version_id', idType, optionalRef('dataset_versions'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('summary', 'text')
        .addColumn('created_by', idType, ref('people'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('applied_by', idType, optionalRef('people'))
        .addColumn('applied_at', 'text')
        .execute();
      await db.schema.createIndex('roster_imports_organization_idx').on('roster_imports').columns(['organization_id', 'created_at']).execute();

      await db.schema
        .createTable('roster_member_history')
        .addColumn('id', idType, id)
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('member_row_id', idType, ref('roster_members'))
        .addColumn('import_id', idType, optionalRef('roster_imports'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .addColumn('changed_by', idType, ref('people'))
        .addColumn('changed_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('roster_member_history_member_idx').on('roster_member_history').columns(['member_row_id', 'changed_at']).execute();

      await db.schema
        .createTable('roster_site_captains')
        .addColumn('id', idType, id)
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('worksite_id', idType, ref('roster_worksites'))
        .addColumn('member_row_id', idType, ref('roster_members'))
        .addColumn('assigned_by', idType, ref('people'))
        .addColumn('assigned_at', 'text', (c) => c.notNull())
        .addColumn('ended_by', idType, optionalRef('people'))
        .addColumn('ended_at', 'text')
        .execute();
      // One current assignment per member and worksite (ended ones stay for the history).
      await db.schema.createIndex('roster_site_captains_current_unique').unique().on('roster_site_captains')
        .columns(['worksite_id', 'member_row_id']).where(sql.ref('ended_at'), 'is', null).execute();
    },

    async down(db: Kysely<any>): Promise<void> {
      for (const t of ['roster_site_captains', 'roster_member_history', 'roster_imports', 'roster_members', 'roster_worksites']) await db.schema.dropTable(t).execute();
    },
  };
}
