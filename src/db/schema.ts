/**
 * The database as Kysely sees it: one interface for SQLite and PostgreSQL.
 *
 * Conventions, the same on both databases:
 * - ids are 64-bit integers chosen by the database; they reach JavaScript as safe integers
 *   (PostgreSQL's int8 strings are parsed in one place, `parseInt8` in connect.ts).
 * - times are ISO-8601 UTC text written by the application (`2024-07-01T12:00:00.000Z`),
 *   so both databases store and return exactly the same string.
 * - money, where a table has any, is a bigint column of whole cents, never a float.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type OrganizationKind = 'district' | 'union';

export interface OrganizationsTable {
  id: Generated<number>;
  kind: OrganizationKind;
  name: string;
  created_at: string;
}

export interface PeopleTable {
  id: Generated<number>;
  organization_id: number;
  /** Unique across the whole server; stored as given (callers normalise case). */
  email: string;
  name: string;
  created_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  organization_id: number;
  /** Null when the write was made by the system rather than a person. */
  person_id: number | null;
  /** What was done, such as `person.create`. */
  action: string;
  /** What it was done to, such as `people/12`. */
  subject: string;
  at: string;
}

export interface Database {
  organizations: OrganizationsTable;
  people: PeopleTable;
  audit_log: AuditLogTable;
}

export type Organization = Selectable<OrganizationsTable>;
export type NewOrganization = Insertable<OrganizationsTable>;
export type OrganizationUpdate = Updateable<OrganizationsTable>;
export type Person = Selectable<PeopleTable>;
export type NewPerson = Insertable<PeopleTable>;
export type PersonUpdate = Updateable<PeopleTable>;
export type AuditEntry = Selectable<AuditLogTable>;
export type NewAuditEntry = Insertable<AuditLogTable>;
