/**
 * 0012: strike days for the district and for families (issue 15; docs/sites.md). All of it is the
 * district's: no union route reads these tables, and the public reads only what was published.
 *
 * - site_days: a strike day as the district runs it: its date and label, the dataset version the
 *   day's cost uses, the share of each bargaining unit on strike (JSON `{"UTLA": 1}`), the
 *   substitutes' day rate and other costs of the day (cents), the most children per adult before
 *   a site is flagged (`ratio_limit`), the plan's version (one more at every change) and the
 *   version last published (null: never). Unique per district and date.
 * - site_statuses: each school or office of the dataset on a day: its status (`instruction`,
 *   `supervision`, `meals`, `closed`), hours (local HH:MM), capacity, adults planned by kind
 *   (administrators, substitutes, volunteers), the counts a site administrator reports during the
 *   day (children and adults present), the students attending (for the day's cost), what the site
 *   offers and its languages; name, address and coordinates copied from the dataset when the day
 *   was declared. `version` is the plan version of the row's last change.
 * - site_changes: every change of a site on a day, as it was made, never changed: the fields
 *   before and after (JSON), who, when, and the plan version it made; `batch` groups a bulk change.
 * - site_publications: each publication of a day's plan: the plan version and the snapshot the
 *   public page shows (JSON), who and when. The newest per day is the public one.
 * - site_admins: a district person (role site-administrator) assigned to a school; ended rows stay.
 * - family_sites: grab-and-go meal sites and partner sites (libraries, parks, recreation centers):
 *   name, address, coordinates, hours, the dates they are open (JSON; [] = every strike day),
 *   meals per child, what they offer and their languages. Removed rows stay (`removed_at`).
 */
import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { SqlDialect } from '../connect.ts';

export function sites(dialect: SqlDialect): Migration {
  const idType = dialect === 'sqlite' ? 'integer' : 'bigint';
  const real = dialect === 'sqlite' ? 'real' : 'double precision';
  const id = (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder => c.primaryKey();
  const ref = (table: string) => (c: ColumnDefinitionBuilder) => c.notNull().references(`${table}.id`).onDelete('restrict');
  const text = (c: ColumnDefinitionBuilder) => c.notNull();
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('site_days')
        .addColumn('id', idType, id)
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('date', 'text', text)
        .addColumn('label', 'text', text)
        .addColumn('dataset_version_id', idType, ref('dataset_versions'))
        .addColumn('shares', 'text', text)
        .addColumn('substitute_day_rate_cents', idType)
        .addColumn('other_costs_cents', idType, (c) => c.notNull().defaultTo(0))
        .addColumn('ratio_limit', 'integer', text)
        .addColumn('version', 'integer', text)
        .addColumn('published_version', 'integer')
        .addColumn('created_by', idType, ref('people'))
        .addColumn('created_at', 'text', text)
        .addColumn('cancelled_at', 'text')
        .addUniqueConstraint('site_days_date_unique', ['organization_id', 'date'])
        .execute();

      await db.schema
        .createTable('site_statuses')
        .addColumn('day_id', idType, ref('site_days'))
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('school_id', 'text', text)
        .addColumn('name', 'text', text)
        .addColumn('address', 'text', text)
        .addColumn('latitude', real)
        .addColumn('longitude', real)
        .addColumn('status', 'text', text)
        .addColumn('opens', 'text')
        .addColumn('closes', 'text')
        .addColumn('capacity', 'integer')
        .addColumn('administrators', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('substitutes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('volunteers', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('children_present', 'integer')
        .addColumn('adults_present', 'integer')
        .addColumn('counted_at', 'text')
        .addColumn('students_attending', 'integer')
        .addColumn('offers', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('languages', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('version', 'integer', text)
        .addColumn('updated_by', idType, ref('people'))
        .addColumn('updated_at', 'text', text)
        .addPrimaryKeyConstraint('site_statuses_pk', ['day_id', 'school_id'])
        .execute();
      await db.schema.createIndex('site_statuses_status_idx').on('site_statuses').columns(['day_id', 'status']).execute();

      await db.schema
        .createTable('site_changes')
        .addColumn('id', idType, id)
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('day_id', idType, ref('site_days'))
        .addColumn('school_id', 'text', text)
        .addColumn('plan_version', 'integer', text)
        .addColumn('kind', 'text', text)
        .addColumn('before', 'text', text)
        .addColumn('after', 'text', text)
        .addColumn('batch', idType)
        .addColumn('person_id', idType, ref('people'))
        .addColumn('at', 'text', text)
        .execute();
      await db.schema.createIndex('site_changes_day_idx').on('site_changes').columns(['day_id', 'school_id', 'plan_version']).execute();

      await db.schema
        .createTable('site_publications')
        .addColumn('id', idType, id)
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('day_id', idType, ref('site_days'))
        .addColumn('plan_version', 'integer', text)
        .addColumn('snapshot', 'text', text)
        .addColumn('published_by', idType, ref('people'))
        .addColumn('published_at', 'text', text)
        .execute();
      await db.schema.createIndex('site_publications_day_idx').on('site_publications').columns(['day_id', 'plan_version']).execute();

      await db.schema
        .createTable('site_admins')
        .addColumn('id', idType, id)
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('person_id', idType, ref('people'))
        .addColumn('school_id', 'text', text)
        .addColumn('assigned_by', idType, ref('people'))
        .addColumn('assigned_at', 'text', text)
        .addColumn('ended_at', 'text')
        .execute();
      await db.schema.createIndex('site_admins_person_idx').on('site_admins').columns(['person_id', 'ended_at']).execute();

      await db.schema
        .createTable('family_sites')
        .addColumn('id', idType, id)
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('kind', 'text', text)
        .addColumn('partner_kind', 'text')
        .addColumn('name', 'text', text)
        .addColumn('address', 'text', text)
        .addColumn('latitude', real, text)
        .addColumn('longitude', real, text)
        .addColumn('opens', 'text', text)
        .addColumn('closes', 'text', text)
        .addColumn('dates', 'text', text)
        .addColumn('meals_per_child', 'integer')
        .addColumn('offers', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('languages', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_by', idType, ref('people'))
        .addColumn('created_at', 'text', text)
        .addColumn('updated_at', 'text', text)
        .addColumn('removed_at', 'text')
        .execute();
      await db.schema.createIndex('family_sites_org_idx').on('family_sites').columns(['organization_id', 'kind']).execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      for (const t of ['family_sites', 'site_admins', 'site_publications', 'site_changes', 'site_statuses', 'site_days']) await db.schema.dropTable(t).execute();
    },
  };
}
