/**
 * 0002: what the multi-user server keeps.
 *
 * - organizations gain the dispute they belong to: a union names its district
 *   (`district_id`) and its bargaining unit code in the district's data (`unit`).
 * - people gain a role and an argon2id password hash (null until an invitation is accepted).
 * - invitations (one-time links), sessions (hashed tokens) and failed logins (the hourly limit).
 * - datasets and their versions (every upload kept, gzip-compressed JSON of the folder's files).
 * - proposals and their versions (immutable once written, each costed on a named dataset version),
 *   passes across the table (one per version) and publications (one per passed version).
 */
import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../connect.ts';

export function server(dialect: SqlDialect): Migration {
  const idType = dialect === 'sqlite' ? 'integer' : 'bigint';
  const blobType = dialect === 'sqlite' ? 'blob' : 'bytea';
  const id = (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity();
  const ref = (table: string) => (c: ColumnDefinitionBuilder) => c.notNull().references(`${table}.id`).onDelete('restrict');

  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('organizations').addColumn('district_id', idType, (c) => c.references('organizations.id').onDelete('restrict')).execute();
      await db.schema.alterTable('organizations').addColumn('unit', 'text').execute();
      await db.schema.alterTable('people').addColumn('role', 'text', (c) => c.notNull().defaultTo('member')).execute();
      await db.schema.alterTable('people').addColumn('password_hash', 'text').execute();

      await db.schema
        .createTable('invitations')
        .addColumn('id', idType, id)
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_by', idType, (c) => c.references('people.id').onDelete('restrict'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('accepted_at', 'text')
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', idType, id)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('person_id', idType, ref('people'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_person_idx').on('sessions').column('person_id').execute();

      await db.schema
        .createTable('login_failures')
        .addColumn('id', idType, id)
        .addColumn('person_id', idType, ref('people'))
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_failures_person_at_idx').on('login_failures').columns(['person_id', 'at']).execute();

      await db.schema
        .createTable('datasets')
        .addColumn('id', idType, id)
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_by', idType, ref('people'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('dataset_versions')
        .addColumn('id', idType, id)
        .addColumn('dataset_id', idType, ref('datasets'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('files_gz', blobType, (c) => c.notNull())
        .addColumn('created_by', idType, ref('people'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('dataset_versions_number_unique', ['dataset_id', 'version'])
        .execute();

      await db.schema
        .createTable('proposals')
        .addColumn('id', idType, id)
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('created_by', idType, ref('people'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('proposals_organization_idx').on('proposals').column('organization_id').execute();

      await db.schema
        .createTable('proposal_versions')
        .addColumn('id', idType, id)
        .addColumn('proposal_id', idType, ref('proposals'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('dataset_version_id', idType, ref('dataset_versions'))
        .addColumn('yaml', 'text', (c) => c.notNull())
        .addColumn('result', 'text', (c) => c.notNull())
        .addColumn('created_by', idType, ref('people'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('proposal_versions_number_unique', ['proposal_id', 'version'])
        .execute();

      await db.schema
        .createTable('passes')
        .addColumn('id', idType, id)
        .addColumn('proposal_version_id', idType, (c) => c.notNull().unique().references('proposal_versions.id').onDelete('restrict'))
        .addColumn('from_organization_id', idType, ref('organizations'))
        .addColumn('to_organization_id', idType, ref('organizations'))
        .addColumn('passed_by', idType, ref('people'))
        .addColumn('passed_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('passes_to_idx').on('passes').column('to_organization_id').execute();

      await db.schema
        .createTable('publications')
        .addColumn('id', idType, id)
        .addColumn('proposal_version_id', idType, (c) => c.notNull().unique().references('proposal_versions.id').onDelete('restrict'))
        .addColumn('published_by', idType, ref('people'))
        .addColumn('published_at', 'text', (c) => c.notNull())
        .execute();
    },

    async down(db: Kysely<any>): Promise<void> {
      for (const t of ['publications', 'passes', 'proposal_versions', 'proposals', 'dataset_versions', 'datasets', 'login_failures', 'sessions', 'invitations']) {
        await db.schema.dropTable(t).execute();
      }
      await db.schema.alterTable('people').dropColumn('password_hash').execute();
      await db.schema.alterTable('people').dropColumn('role').execute();
      await db.schema.alterTable('organizations').dropColumn('unit').execute();
      await db.schema.alterTable('organizations').dropColumn('district_id').execute();
    },
  };
}
